"""A recording run back through vision, tracker and rules (the same Pipeline as live), and
the comparison of what it reproduces with what was recorded."""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from calibration.table_map import TableMap
from calibration.types import CalibrationError
from companion.calibrated_table import calibration_gaps, load_table_map
from companion.games import Header, RuleError
from companion.live.pipeline import FrameStatus, Pipeline, PipelineError
from companion.live.recording import Recording, RecordingError
from companion.live_table import LiveTable, Table
from companion.said import refusal, said
from companion.session import Journal, Session, parse_header, replay_file


@dataclass(frozen=True)
class Reproduced:
    session_text: str          # the session file the replay journalled
    summary: dict
    frames: int                # frames that went through the pipeline
    warnings: tuple[str, ...]  # about the input (frames, calibration), and the table's


def replay_recording(recording: Recording,
                     on_problem: Callable[[str], None] = lambda message: None,
                     on_frame: Callable[[FrameStatus], None] = lambda status: None
                     ) -> Reproduced:
    """Every frame of the recording through a fresh pipeline; ``on_problem`` hears of bad
    input as it is found, ``on_frame`` sees every frame's status (for a progress bar)."""
    table_map, header = recorded_table(recording)
    warnings: list[str] = []

    def problem(message: str) -> None:
        warnings.append(message)
        on_problem(message)

    for warning in calibration_gaps(table_map.calibration, header.game, header.names):
        problem(warning)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "session.jsonl"
        journal = Journal.create(path, header)
        live = LiveTable(Table(Session(header)), journal)
        pipeline = Pipeline(live, table_map)
        try:
            for status in pipeline.run(recording.frames(problem)):
                for warning in status.warnings:
                    problem(said("recording.frame_warning", index=status.index,
                                 time=status.timestamp, warning=warning))
                on_frame(status)
        except PipelineError as exc:
            raise RecordingError(said("recording.pipeline", folder=str(recording.folder),
                                      reason=exc.args[0])) from None
        finally:
            journal.close()
        text = path.read_text(encoding="utf-8")
    return Reproduced(text, live.table.session.summary(), pipeline.frames, tuple(warnings))


def recorded_table(recording: Recording) -> tuple[TableMap, Header]:
    """The recording's table map (its calibration) and session header."""
    try:
        table_map = load_table_map(recording.calibration)
        header = parse_header(recording.manifest.header)
    except CalibrationError as exc:
        raise RecordingError(exc) from None
    except RuleError as exc:
        raise RecordingError(said("recording.header",
                                  path=str(recording.folder / "manifest.json"),
                                  reason=refusal(exc))) from None
    return table_map, header


def account_of(text: str, name: str = "session.jsonl"):
    """The reproduced session file read back (companion.session.Replay), for printing."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / name
        path.write_text(text, encoding="utf-8")
        return replay_file(path)


def first_difference(recorded: str, replayed: str, name: str) -> str | None:
    """Where two session files first differ, as ``name:line: ...``; None if identical."""
    old, new = recorded.splitlines(), replayed.splitlines()
    for number, (a, b) in enumerate(zip(old, new), 1):
        if a != b:
            return f"{name}:{number}: {_line_difference(a, b)}"
    if len(old) != len(new):
        number = min(len(old), len(new))
        longer, which = (old, "recorded") if len(old) > len(new) else (new, "replayed")
        extra = longer[number] if number < len(longer) else ""
        return (f"{name}:{number + 1}: only the {which} session has this line: "
                f"{extra[:120]}")
    if recorded != replayed:
        return f"{name}: the same lines, but not the same line endings"
    return None


def _line_difference(a: str, b: str) -> str:
    try:
        x, y = json.loads(a), json.loads(b)
    except json.JSONDecodeError:
        return f"recorded {a[:80]!r}, replayed {b[:80]!r}"
    if isinstance(x, dict) and isinstance(y, dict):
        for key in list(dict.fromkeys(list(x) + list(y))):
            if x.get(key, _MISSING) != y.get(key, _MISSING):
                return (f'field "{key}": recorded {_shown(x.get(key, _MISSING))}, '
                        f'replayed {_shown(y.get(key, _MISSING))}')
    return f"recorded {a[:80]}, replayed {b[:80]}"


def summary_difference(recorded: Any, replayed: Any, where: str = "") -> str | None:
    """The first path at which two summaries differ, e.g. ``scores.Ann: recorded 3, ...``."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in list(dict.fromkeys(list(recorded) + list(replayed))):
            found = summary_difference(recorded.get(key, _MISSING),
                                       replayed.get(key, _MISSING),
                                       f"{where}.{key}" if where else str(key))
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list) \
            and len(recorded) == len(replayed):
        for i, (a, b) in enumerate(zip(recorded, replayed)):
            found = summary_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    if recorded != replayed:
        return f"{where or 'summary'}: recorded {_shown(recorded)}, replayed {_shown(replayed)}"
    return None


class _Missing:
    def __repr__(self) -> str:
        return "(none)"


_MISSING = _Missing()


def _shown(value: Any) -> str:
    return "(none)" if value is _MISSING else json.dumps(value, ensure_ascii=False)[:80]
