"""``field_run(game, level, seed)``: a game filmed at a level and followed exactly as a user
does it, scored against its script.

The simulator films the table set up (the calibration footage) and the whole game (the
game footage) at a named level (companion.simulator.levels), each as the webcam's own
Motion JPEG file at the level's quality; ``companion calibrate FILE --out table.json``
and ``companion record --camera FILE --calibration table.json --game ... --players ...
--out FOLDER`` (the README's commands, through the command line's ``main``) follow it in
a temporary folder. The recording's journal (its moves in force, after the companion's
own undos) is then compared with the script, move for move, and its summary with the
summary the script gives. An ``unseen_play`` standing for a script play by the same
player is "unread" (a move the table showed but no one read), neither missed nor phantom.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from companion.games import Move
from companion.live.avi import MjpegAviWriter, encode_jpeg
from companion.session import Session, parse_header
from companion.session.journal import replay_file
from companion.simulator.direct import direct
from companion.simulator.levels import level as named_level, dress
from companion.live.recording import load_recording
from companion.simulator.make_fixtures import (Fixture, fixtures, moves_right, moves_unread,
                                               scored)
from companion.simulator.typist import typed_run
from vision.render import render

# The game each name films: a bundled fixture's script and table (fixtures/recordings).
GAMES = {"pumafiosi": "pumafiosi-3p", "pungi": "pungi-4p", "mafia": "mafia-5p-omerta-abort"}

_SAID = re.compile(r"^companion: +\d+\.\d+ s  (.*)$")   # what record says at a frame time


@dataclass(frozen=True)
class FieldResult:
    game: str
    level: str
    seed: int
    moves: int                 # in the script
    right: int                 # script moves the journal has, in order
    missed: int                # script moves it lacks
    phantom: int               # journal moves the script lacks
    corrected: int             # the companion's own undos in the journal
    summary_equal: bool
    warnings: int              # warnings said while recording
    distinct_warnings: int
    questions: int             # distinct questions asked
    frames: int
    calibrated: str            # "" or why calibrate refused the footage
    unread: int = 0            # unseen plays standing for a script play (not missed)

    def row(self) -> str:
        """One line of a results table."""
        return (f"{self.game:9} {self.level:7} seed {self.seed}: {self.right}/{self.moves} "
                f"right, {self.missed} missed, {self.unread} unread, {self.phantom} phantom, "
                f"{self.corrected} "
                f"corrected, summary {'equal' if self.summary_equal else 'DIFFERS'}, "
                f"{self.warnings} warnings ({self.distinct_warnings} distinct), "
                f"{self.questions} questions"
                + (f"; calibration refused: {self.calibrated}" if self.calibrated else ""))


def field_fixture(game: str, level: str, seed: int, length: int | None = None) -> Fixture:
    """The game's script (its first ``length`` moves), filmed at ``level``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    base = next(f for f in fixtures() if f.name == GAMES[game])
    chosen = named_level(level)
    look = dress(replace(base.look, seed=base.look.seed + seed), chosen)
    return replace(base, name=f"{base.name}-{level}-{seed}", size=chosen.size,
                   moves=base.moves[:length] if length else base.moves,
                   look=replace(look, jpeg_quality=None), seed=base.seed + seed)


def field_run(game: str, level: str, seed: int, length: int | None = None,
              keep: Path | None = None) -> FieldResult:
    """Film ``game`` at ``level`` (seeded), calibrate and record it as a user does, and
    score the journal against the script; ``length`` cuts the script to its first moves,
    ``keep`` is a folder to leave the footage and the recording in."""
    fixture = field_fixture(game, level, seed, length)
    quality = named_level(level).jpeg_quality
    with tempfile.TemporaryDirectory(prefix="field-") as temp:
        folder = Path(keep) if keep else Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        setup, frames = film(fixture, quality, folder / "setup.avi", folder / "game.avi")
        table = folder / "table.json"
        refused, _ = _companion(["calibrate", str(folder / "setup.avi"), "--out", str(table)])
        if refused:
            return _scored(fixture, game, level, seed, frames, None, [], refused)
        recording = folder / "recording"
        if recording.exists():
            raise ValueError(f"{recording}: already there; give an empty folder to keep")
        players = [_player_argument(p) for p in fixture.header["players"]]
        failed, said = _companion(
            ["record", "--camera", str(folder / "game.avi"), "--calibration", str(table),
             "--game", game, "--players", *players, "--out", str(recording)]
            + (["--items"] if fixture.header.get("options", {}).get("items") else []))
        if keep:
            (folder / "said.txt").write_text("".join(f"{line}\n" for line in said),
                                             encoding="utf-8")
        if failed:
            raise RuntimeError(f"companion record failed on {fixture.name}: {failed}")
        return _scored(fixture, game, level, seed, frames, recording, said, "")


def film(fixture: Fixture, quality: int, setup_path: Path, game_path: Path) -> tuple[int, int]:
    """The table set up (into ``setup_path``) and the whole game (``game_path``) as the
    webcam's MJPEG files; the frames of each."""
    directed = direct(fixture.header, fixture.moves, fixture.look, fixture.fps, fixture.seed)
    setup = MjpegAviWriter(setup_path, fixture.size, fixture.fps)
    game = MjpegAviWriter(game_path, fixture.size, fixture.fps)
    try:
        for index, scene in enumerate(directed.act.scenes):
            jpeg = encode_jpeg(render(scene, fixture.size).image, quality)
            (setup if index < directed.setup_frames else game).write(jpeg)
    finally:
        setup.close()
        game.close()
    return directed.setup_frames, len(directed.act.scenes) - directed.setup_frames


def _companion(argv: list[str]) -> tuple[str, list[str]]:
    """Run a companion command as a user would; its last error line (or "") and what it
    said on stderr."""
    from companion.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    lines = err.getvalue().splitlines()
    problem = next((line for line in reversed(lines) if line.startswith("companion:")), "?")
    return (problem.removeprefix("companion: ") if status else ""), lines


def _scored(fixture: Fixture, game: str, level: str, seed: int, frames: int,
            recording: Path | None, said: list[str], refused: str) -> FieldResult:
    truth = Session(parse_header(_as_recorded(fixture.header)))
    for move in fixture.moves:
        truth.apply(move)
    got: list[Move] = []
    journalled: list[Move] = []      # every line, the undone and the undos too
    summary, undos = None, 0
    if recording is not None:
        replay = replay_file(recording / "session.jsonl")
        got = [_bare(m) for m in replay.session.moves]
        journalled = [step.move for step in replay.steps]
        undos = sum(1 for step in replay.steps if step.move.get("type") == "undo")
        summary = json.loads((recording / "summary.json").read_text(encoding="utf-8"))
    right, unread = moves_right(fixture.moves, got), moves_unread(fixture.moves, got)
    events = [m.group(1) for m in map(_SAID.match, said) if m]
    questions = {e for e in events if e.startswith("? ")}
    moves_said = {_said_move(m) for m in journalled}
    warnings = [e for e in events if not e.startswith("? ") and e not in moves_said]
    return FieldResult(game, level, seed, len(fixture.moves), right,
                       len(fixture.moves) - right - unread, len(got) - right - unread, undos,
                       summary == truth.summary(), len(warnings), len(set(warnings)),
                       len(questions), frames, refused, unread)


def _player_argument(player: dict) -> str:
    """A header player as a user gives it to ``companion record --players``:
    NAME[:AGE][=CHARACTER]."""
    return (player["name"] + (f":{player['age']}" if "age" in player else "")
            + (f"={player['character']}" if "character" in player else ""))


def _as_recorded(header: dict) -> dict:
    """The header ``companion record`` writes for this game: names, ages, Mafia
    characters and options (no roles: the table keeps them secret)."""
    players = [{k: v for k, v in p.items() if k in ("name", "age", "character")}
               for p in header["players"]]
    return {**header, "players": players}


def _bare(move: Move) -> Move:
    return {k: v for k, v in move.items() if k != "t"}


def _said_move(move: Move) -> str:
    from companion.session.session import describe_move

    return describe_move(move)


def main(argv: list[str]) -> int:
    """``python -m companion.simulator.field_test GAME LEVEL [SEED] [--length N] [--keep
    FOLDER]``: one field run, its row printed."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m companion.simulator.field_test")
    parser.add_argument("game", choices=tuple(GAMES))
    parser.add_argument("level")
    parser.add_argument("seed", type=int, nargs="?", default=0)
    parser.add_argument("--length", type=int, metavar="N", help="the script's first N moves")
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="leave the footage and the recording there")
    parser.add_argument("--typist", action="store_true",
                        help="then follow the recording again with each question answered "
                             "(companion.simulator.typist), and print that row too")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="field-") as temp:
        folder = args.keep or Path(temp)
        print(field_run(args.game, args.level, args.seed, args.length, folder).row(),
              flush=True)
        if args.typist:
            print(typed_row(args.game, args.level, args.seed, args.length, folder),
                  flush=True)
    return 0


def typed_row(game: str, level: str, seed: int, length: int | None, folder: Path) -> str:
    """The kept field run's recording followed again with a typist answering the
    questions: its moves against the script, as one line."""
    fixture = field_fixture(game, level, seed, length)
    typed = typed_run(load_recording(folder / "recording"), fixture.moves)
    got = scored(_as_recorded(fixture.header), fixture.moves, typed.session_text)
    return (f"{game:9} {level:7} seed {seed}, with a typist: {got['right']}/"
            f"{len(fixture.moves)} right, {got['missed']} missed, {got['unread']} unread, "
            f"{got['phantom']} phantom, {got['corrected']} corrected, summary "
            f"{'equal' if got['summary_equal'] else 'DIFFERS'}, {typed.answers} answers typed")


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
