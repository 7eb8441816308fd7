"""``companion scan PATH... | --camera N``: what the camera sees, card by card.

Images (files or folders) and videos are read in the order given; each image, or each
frame of a video, gets one report: the cards seen (card, side, marker, pixel corners),
and with ``--calibration`` their table positions and zones. ``--raw`` instead reports
every fiducial marker of any common ArUco/AprilTag family and every QR payload, so any
photo can be checked. A missing or unreadable file is reported and the run goes on; the
exit status is 1 at the end if any input failed.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, is_dataclass
from pathlib import Path
from typing import Any, Iterator

import cv2
import numpy as np

from companion.cli import COMMANDS, CommandError
from companion.command_args import (add_overwrite_argument, check_at_least_one, open_table_map,
                                    output_path, whole_arg)
from companion.frame_annotation import annotate_cards, annotate_raw
from companion.outputs import write_whole
from companion.piece_catalog import marker_catalog
from vision.detect import MarkerDetector
from vision.temporal import TemporalDetector
from vision.families import FamilyMarker, find_markers
from vision.frames import (CameraSource, FrameSource, FrameSourceError, ImageSource,
                           VideoSource, is_image_file)
from vision.qr import qr_text, read_qr
from vision.types import Detection, Frame, QrCode


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "scan", help=COMMANDS["scan"],
        description="Report what the camera sees in each image or video frame: the cards "
                    "(card, side, marker, pixel corners; with --calibration their table "
                    "positions and zones). --raw reports every ArUco/AprilTag marker of "
                    "any common family and every QR payload instead. Missing or "
                    "unreadable files are reported and skipped (exit status 1 at the end).")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="images, folders of images, or video files")
    p.add_argument("--camera", type=whole_arg(0), metavar="N", help="read live camera number N")
    p.add_argument("--frames", type=whole_arg(), metavar="N",
                   help="stop after N frames of a video or the camera")
    p.add_argument("--calibration", metavar="FILE",
                   help="a table calibration (from companion calibrate): adds table "
                        "positions in mm and zones")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object per image or frame and line")
    p.add_argument("--raw", action="store_true",
                   help="report every fiducial marker (any family) and QR payload")
    p.add_argument("--annotate", metavar="OUT.png",
                   help="save each image with what was seen drawn on it (with several "
                        "images, OUT gets a number: OUT-0001.png, ...)")
    add_overwrite_argument(p, "the --annotate pictures")
    p.add_argument("--progress", action="store_true",
                   help="show progress on stderr even when it is not a terminal")
    p.set_defaults(func=run)


# --- reports (one dict per image or frame) -------------------------------------------

def _round(quad) -> list[list[float]]:
    return [[round(float(x), 1), round(float(y), 1)] for x, y in quad]


def _plain(value: Any) -> Any:
    """A calibration value (dataclasses, tuples, CardRefs) as JSON-ready data."""
    if is_dataclass(value) and not isinstance(value, type):
        return {k: _plain(v) for k, v in asdict(value).items()}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 1)
    return value


def card_report(frame: Frame, detection: Detection, table_map=None,
                video: bool = False) -> dict:
    """The cards of one frame. ``table_map`` (a calibration.TableMap or anything with
    ``locate(detection) -> placements``) adds the placements on the table."""
    report: dict[str, Any] = {"path": frame.source}
    if video:
        report["frame"] = frame.index
    report["cards"] = [{"card": s.card.key, "label": s.card.label, "side": s.card.side,
                        "marker": s.marker, "corners": _round(s.corners),
                        "confidence": round(s.confidence, 2)} for s in detection.sightings]
    report["unknown_markers"] = detection.unknown_markers
    if table_map is not None:
        report["placements"] = _plain(list(table_map.locate(detection)))
    return report


def raw_report(frame: Frame, qr: tuple[QrCode, ...], markers: list[FamilyMarker],
               video: bool = False) -> dict:
    report: dict[str, Any] = {"path": frame.source}
    if video:
        report["frame"] = frame.index
    report["qr"] = [qr_text(code.payload) for code in qr]
    report["markers"] = [{"family": m.family, "id": m.marker} for m in markers]
    return report


def format_report(report: dict) -> str:
    """A report as readable lines."""
    where = report["path"] + (f" frame {report['frame']}" if "frame" in report else "")
    if "qr" in report:
        lines = [f"{where}: {_count(len(report['qr']), 'QR code')}, "
                 f"{_count(len(report['markers']), 'marker')}"]
        lines += [f"  QR {json.dumps(text, ensure_ascii=False)}" for text in report["qr"]]
        lines += [f"  {m['family']} {m['id']}" for m in report["markers"]]
        return "\n".join(lines)
    cards = len({card["card"] for card in report["cards"]})
    head = f"{where}: {_count(cards, 'card')} ({_count(len(report['cards']), 'marker')})"
    if report["unknown_markers"]:
        head += f", {_count(report['unknown_markers'], 'unknown marker')} (ignored)"
    lines = [head]
    for card in report["cards"]:
        corners = " ".join(f"({x:.0f},{y:.0f})" for x, y in card["corners"])
        lines.append(f"  {card['label'] or card['card']:24} {card['side']:4}  marker "
                     f"{card['marker']:3d}  {corners}")
    for placement in report.get("placements", []):
        x, y = placement.get("position_mm", (0.0, 0.0))
        zone = placement.get("zone") or "no zone"
        card = placement.get("card", {})
        lines.append(f"  table: {card.get('label') or card.get('key', '?'):24} "
                     f"at ({x:.0f}, {y:.0f}) mm, {zone}")
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def annotation_path(out: Path, number: int, several: bool) -> Path:
    return out.with_name(f"{out.stem}-{number:04d}{out.suffix or '.png'}") if several else out


# --- inputs --------------------------------------------------------------------------

class Run:
    """One scan: its inputs in order, the problems met, the images written."""

    def __init__(self, args):
        self.args = args
        self.failed = 0
        self.progress = args.progress or sys.stderr.isatty()
        self._shown = False

    def problem(self, message: str) -> None:
        self.failed += 1
        self.clear_progress()
        print(f"companion scan: {message}", file=sys.stderr)

    def show_progress(self, done: int, total: int | None, what: str) -> None:
        if self.progress:
            of = f"/{total}" if total else ""
            print(f"\rscan: {done}{of} {what}", end="", file=sys.stderr, flush=True)
            self._shown = True

    def clear_progress(self) -> None:
        if self._shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
            self._shown = False

    def finish_progress(self) -> None:
        if self._shown:
            print(file=sys.stderr)
            self._shown = False

    def sources(self) -> Iterator[tuple[FrameSource, bool]]:
        """(source, is_video) for each input: runs of images together, videos alone."""
        if self.args.camera is not None:
            try:
                yield CameraSource(self.args.camera, on_problem=self.problem), True
            except FrameSourceError as exc:
                raise CommandError(str(exc)) from None
            return
        images: list[Path] = []
        for text in self.args.paths:
            path = Path(text)
            if path.is_dir() or is_image_file(path) or not path.exists():
                images.append(path)
                continue
            if images:
                yield ImageSource(images, on_problem=self.problem), False
                images = []
            try:
                yield VideoSource(path, on_problem=self.problem), True
            except FrameSourceError as exc:
                self.problem(str(exc))
        if images:
            yield ImageSource(images, on_problem=self.problem), False


def run(args) -> int:
    if args.camera is None and not args.paths:
        raise CommandError("scan: give images, folders or videos to scan, or --camera N")
    if args.camera is not None and args.paths:
        raise CommandError("scan: give either files or --camera N, not both")
    if args.calibration and args.raw:
        raise CommandError("scan: --calibration places cards; it does not apply to --raw")
    out = output_path(args.annotate, "--annotate", "image", args.overwrite) \
        if args.annotate else None
    check_at_least_one("--frames", args.frames)
    table_map = open_table_map(args.calibration) if args.calibration else None
    catalog = marker_catalog()
    scan = Run(args)
    several = not (args.camera is None and len(args.paths) == 1
                   and is_image_file(Path(args.paths[0])))
    written = 0
    for source, video in scan.sources():
        detector = TemporalDetector(catalog) if video else MarkerDetector(catalog)
        total = source.length
        with source:
            for frame in source:
                if args.frames is not None and frame.index >= args.frames:
                    break
                scan.show_progress(frame.index + 1, total if total is None or
                                   args.frames is None else min(total, args.frames),
                                   "frames" if video else "images")
                image = frame.image
                if args.raw:
                    qr, markers = read_qr(image), find_markers(image)
                    report = raw_report(frame, qr, markers, video)
                    drawn = annotate_raw(image, qr, markers) if out else None
                else:
                    detection = detector.detect(frame)
                    report = card_report(frame, detection, table_map, video)
                    unknown = [f for f in detector.last_found if f.marker not in catalog]
                    drawn = annotate_cards(image, detection, unknown, table_map) \
                        if out else None
                scan.clear_progress()
                print(json.dumps(report, ensure_ascii=False) if args.json
                      else format_report(report), flush=True)
                if drawn is not None:
                    written += 1
                    _write_png(annotation_path(out, written, several), drawn, scan)
    scan.finish_progress()
    return 1 if scan.failed else 0


def _write_png(path: Path, image: np.ndarray, scan: Run) -> None:
    ok, data = cv2.imencode(path.suffix or ".png", image)
    try:
        if not ok:
            raise OSError("cannot encode the image in that format (use .png or .jpg)")
        write_whole(path, data.tobytes())
    except OSError as exc:
        scan.problem(f"{path}: cannot write the annotated image: {exc.strerror or exc}")
