"""``companion calibrate``: set up the table map from what the camera sees.

Four corner markers on the table's corners give the map from image pixels to table
millimetres; a seat marker (or any card) in front of each player registers the seats;
hierarchy cards, the pungi card and mission cards lying out become the game's anchors.
The result is refused, with the reason and what to do, when it is not good enough.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections import deque
from pathlib import Path

import cv2

from calibration.calibrator import Calibrator
from calibration.drawing import draw_table
from calibration.lens import Lens, calibrate_lens
from calibration.expected_reads import read_share
from calibration.marker_sizes import (LARGEST_MM, ZoneSize, advice_scales, game_marker_sizes,
                                      marker_sizes, size_warnings, small_places)
from calibration.store import Calibration, save_calibration
from calibration.types import CalibrationError
from companion.calibrated_table import calibration_gaps, table_map
from companion.cli import COMMANDS, CommandError
from companion.command_args import (add_overwrite_argument, number_arg, output_path,
                                    seconds_arg, whole_arg)
from companion.i18n import LANGS, t
from companion.inputs import InputError, dimensions
from companion.move_places import move_places
from companion.piece_catalog import anchored_game, marker_catalog, piece_shapes
from companion.registry import game_names, game_spec
from companion.said import say
from vision.detect import MarkerDetector
from vision.frames import FrameSourceError, ImageSource, open_source, read_image
from vision.still import STILL_FRAMES, closer_detection, still_picture

STEADY_FRAMES = 10      # with a camera: frames with nothing missing before finishing
REMIND_SECONDS = 3.0    # with a camera: how often to repeat what is still missing


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "calibrate", help=COMMANDS["calibrate"],
        description="Point the camera at the table with the four corner markers on its "
                    "corners (corner 1 nearest you on the left, then clockwise) and a seat "
                    "marker (or any card) in front of each player. Hierarchy cards, the "
                    "pungi card and mission cards lying out are found too. The calibration "
                    "is refused, saying why, when it is not good enough. Where card "
                    "markers will be too few pixels wide to read, it says where, what to do, "
                    "the share of such markers read there, and how many moves of a whole game "
                    "may be asked instead of read, now and with each change it advises. "
                    "It warns when a seat below the highest one found (seats are numbered "
                    "from 1) or the game's anchor cards its zones are laid out from (the "
                    "pungi card, the hierarchy cards) were not seen.")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--camera", type=whole_arg(0), metavar="N", help="live camera number N")
    source.add_argument("files", nargs="*", default=[], metavar="FILE",
                        help="images, folders of images or videos of the table (or a "
                             "camera's stream URL, http://...)")
    p.add_argument("--out", default="table.json", metavar="FILE",
                   help="where to save (default table.json)")
    p.add_argument("--players", type=whole_arg(), metavar="N",
                   help="how many players (seats) to expect, 2 to 8")
    p.add_argument("--game", choices=game_names(),
                   help="the game to be played at this table: where card markers will be too "
                        "small, how many of its moves that may cost is said (default: the game "
                        "whose anchor cards lie out)")
    p.add_argument("--table", metavar="WIDTHxDEPTH",
                   help="the table size between corner centres in mm, e.g. 800x600 "
                        "(default: measured from the corner markers)")
    p.add_argument("--chessboard", nargs="+", metavar="IMAGE",
                   help="photos of a printed chessboard, for an optional lens calibration")
    p.add_argument("--pattern", default="9x6", metavar="COLSxROWS",
                   help="the chessboard's inner corners (default 9x6)")
    p.add_argument("--square-mm", type=number_arg(), default=25.0, metavar="MM",
                   help="the chessboard's square side in millimetres (default 25)")
    p.add_argument("--seconds", type=seconds_arg(), default=120.0, metavar="S",
                   help="with a camera: give up after this long (default 120)")
    p.add_argument("--annotate", metavar="OUT.png",
                   help="also save the last frame with the table, zones and seats drawn on")
    add_overwrite_argument(p, "the --out and --annotate files")
    p.add_argument("--json", action="store_true",
                   help="print the result as JSON (table, error, lens, the game, marker pixels "
                        "per zone, warnings); the progress lines go to stderr")
    p.add_argument("--lang", choices=LANGS, default="en",
                   help="the language of what it says as it goes, of its results and of "
                        "its refusals (default en)")
    p.set_defaults(func=run)


def _size(text: str | None, option: str, example: str, lang: str
          ) -> tuple[float, float] | None:
    if text is None:
        return None
    try:
        return dimensions(text, example, high=100000)
    except InputError:
        raise CommandError(t(lang, "calibrate.not_size", option=option, text=text,
                             example=example)) from None


def _lens(args) -> Lens | None:
    if not args.chessboard:
        return None
    if not args.square_mm > 0:
        raise CommandError(t(args.lang, "calibrate.square_mm", mm=args.square_mm))
    pattern = _size(args.pattern, "--pattern", "9x6", args.lang)
    if pattern[0] != int(pattern[0]) or pattern[1] != int(pattern[1]) or min(pattern) < 2:
        raise CommandError(t(args.lang, "calibrate.pattern", text=args.pattern))

    def refuse(problem) -> None:
        raise CommandError(say(problem, args.lang))

    images = [read_image(Path(name), refuse) for name in args.chessboard]
    try:
        lens = calibrate_lens(images, (int(pattern[0]), int(pattern[1])), args.square_mm)
    except CalibrationError as exc:
        raise CommandError(say(exc, args.lang)) from None
    print(t(args.lang, "calibrate.lens_done", photos=len(images), rms=lens.rms_px))
    return lens


def run(args) -> int:
    if not args.json:
        _run(args)
        return 0
    with contextlib.redirect_stdout(sys.stderr):   # the JSON alone on stdout
        result = _run(args)
    print(json.dumps(result, indent=1))
    return 0


def _run(args) -> dict:
    """Calibrate, saying what happens; the result as --json gives it."""
    lang = args.lang
    if args.camera is None and not args.files:
        raise CommandError(t(lang, "calibrate.no_source"))
    if args.players is not None and not 2 <= args.players <= 8:
        raise CommandError(t(lang, "calibrate.players", players=args.players))
    if not args.seconds > 0:
        raise CommandError(t(lang, "calibrate.seconds", seconds=args.seconds))
    table = _size(args.table, "--table", "800x600", lang)
    # Where it will write is checked before the camera is watched.
    output_path(args.out, "--out", "companion-calibration/", args.overwrite)
    if args.annotate:
        output_path(args.annotate, "--annotate", "image", args.overwrite)
    lens = _lens(args)
    calibrator = Calibrator(piece_shapes(), table, args.players, lens)
    detector = MarkerDetector(marker_catalog())
    specs = [args.camera] if args.camera is not None else args.files
    last_image, size = None, None
    unsaid: list[str] = []   # what the files lacked before any frame was read
    for spec in specs:
        last_image, size = _watch(spec, args, calibrator, detector, last_image, size, unsaid)
        if size is not None:
            for line in unsaid:
                print(f"companion: {line}", file=sys.stderr)
            unsaid.clear()
    if size is None:   # (and if no file gave one, why, in the refusal's one line)
        raise CommandError(t(lang, "calibrate.no_frames_because", reasons="; ".join(unsaid))
                           if unsaid else t(lang, "calibrate.no_frames"))
    if lens is not None and lens.image_size != size:
        raise CommandError(t(lang, "calibrate.lens_size", lens=_pixels(lens.image_size),
                             size=_pixels(size)))
    missing = calibrator.missing()
    try:
        calibration, messages = calibrator.finish(size)
    except CalibrationError as exc:
        for what in missing:
            if str(what) != str(exc):
                print(say(what, lang))
        raise CommandError(t(lang, "calibrate.refused", reason=say(exc, lang))) from None
    markers_mm = game_marker_sizes(piece_shapes().values())
    sizes = marker_sizes(table_map(calibration), markers_mm)
    messages = [say(note, lang) for note in messages]
    game = args.game or anchored_game(a.name for a in calibration.anchors)
    warnings = []
    for kind, side_mm in markers_mm.items():   # (a kind's lines, then what they cost a game)
        warnings += [say(note, lang) for note in size_warnings(sizes, {kind: side_mm}, size)]
        if kind == "card" and game is not None:
            # (as many players as the highest seat found: a seat lost in glare still plays)
            players = args.players or max((s.number for s in calibration.seats), default=0)
            warnings += _game_moves(game, players, sizes, side_mm, size[1], lang)
    # (warnings, not refusals: the players and the game may be given later, the moves
    # of a player whose seat was not found asked)
    warnings += [say(w, lang) for w in calibration_gaps(calibration, game)]
    for line in messages + warnings:
        print(line)
    try:
        save_calibration(calibration, args.out)
    except CalibrationError as exc:
        raise CommandError(say(exc, lang)) from None
    print(t(lang, "calibrate.saved", path=args.out))
    if args.annotate:
        _annotate(args.annotate, calibration, last_image, lang)
    lens = calibration.lens
    return {"saved": args.out, "table_mm": list(calibration.table_mm),
            "error_mm": calibration.error_mm, "reprojection_mm": calibration.reprojection_mm,
            "lens": None if lens is None else {"distortion": [float(v) for v in
                                                              lens.distortion],
                                               "rms_px": lens.rms_px},
            "game": game, "marker_mm": markers_mm,
            "marker_px": [{"zone": z.zone, **{f"{k}_px": v for k, v in z.pixels.items()}}
                          for z in sizes],
            "messages": messages, "warnings": warnings}


def _game_moves(game: str, seats: int, sizes: list[ZoneSize], side_mm: float, height: int,
                lang: str) -> list[str]:
    """Where card markers are small: how many moves of a whole ``game`` put a card there,
    and up to how many of those may be asked instead of read (a move counting for the
    least read of its places, from heavy to medium camera defects), now and with each
    change the advice names; nothing where the game has no bundled whole game."""
    small = small_places(sizes, "card")
    places = move_places(game, seats) if small else None
    if places is None:
        return []
    source = t(lang, "calibrate.moves_source", games=places.games, players=places.players) \
        if places.players is not None else t(lang, "calibrate.moves_source_any",
                                              games=places.games)
    title = game_spec(game).title.get(lang, game)
    moves, count = round(places.per_game), places.at(zone for _, zone in small)
    if round(count) == 0:
        return [t(lang, "calibrate.game_moves_none", game=title, moves=moves, source=source)]

    def asked(scale: float) -> str:
        reads = {zone: read_share(px * scale) for px, zone in small}
        low = round(places.unread({zone: r[1] for zone, r in reads.items()}))
        high = round(places.unread({zone: r[0] for zone, r in reads.items()}))
        return f"{low}" if low == high else f"{low}-{high}"

    options = "".join(t(lang, "calibrate.moves_option", change=say(change, lang),
                        asked=asked(scale))
                      for change, scale in advice_scales(height, side_mm,
                                                         LARGEST_MM.get("card", side_mm)))
    return [t(lang, "calibrate.game_moves", game=title, moves=moves, source=source,
              count=round(count), asked=asked(1.0), options=options)]


def _watch(spec, args, calibrator: Calibrator, detector: MarkerDetector, last_image, size,
           unsaid: list[str]):
    """Feed one source's frames to the calibrator, saying what each shows; what a file
    lacks is kept in ``unsaid`` while no frame at all has been read."""
    def problem(what) -> None:
        if size is None and args.camera is None:
            unsaid.append(say(what, args.lang))
        else:
            print(f"companion: {say(what, args.lang)}", file=sys.stderr)

    try:
        source = open_source(spec, on_problem=problem)
    except FrameSourceError as exc:
        raise CommandError(say(exc.problem, args.lang)) from None
    # A camera or a network stream runs until the table is ready, guiding as it goes.
    live = args.camera is not None or getattr(source, "is_stream", False)
    started = reminded = time.monotonic()
    steady, shown = 0, None
    # a video's last frames show the table at rest; photos are each a table of their own
    last = deque(maxlen=1 if isinstance(source, ImageSource) else STILL_FRAMES)
    with source:
        for frame in source:
            here = (frame.image.shape[1], frame.image.shape[0])
            if size is not None and here != size:
                raise CommandError(t(args.lang, "calibrate.frame_size",
                                     source=frame.source or spec, index=frame.index,
                                     size=_pixels(here), first=_pixels(size)))
            size, last_image = here, frame.image
            last.append(frame)
            for note in calibrator.add(detector.detect(frame)):
                print(say(note, args.lang))
            if not live:
                continue
            missing = [say(what, args.lang) for what in calibrator.missing()]
            steady = 0 if missing else steady + 1
            now = time.monotonic()
            if missing and (missing != shown or now - reminded > REMIND_SECONDS):
                for line in missing:
                    print(line)
                shown, reminded = missing, now
            if steady >= STEADY_FRAMES or now - started > args.seconds:
                break
    if last:   # the table at rest, read closer: kit markers no single frame showed
        for note in calibrator.complete(closer_detection(
                detector, still_picture([f.image for f in last]), last[-1].index,
                last[-1].timestamp)):
            print(say(note, args.lang))
    return last_image, size


def _pixels(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def _annotate(path: str, calibration: Calibration, image, lang: str) -> None:
    drawn = draw_table(image, table_map(calibration))
    try:
        ok = cv2.imwrite(path, drawn)
    except cv2.error:
        ok = False
    if not ok:
        raise CommandError(t(lang, "calibrate.annotate_failed", path=path))
    print(t(lang, "calibrate.annotated", path=path))
