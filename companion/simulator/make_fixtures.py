"""Regenerate fixtures/recordings/: rendered recordings of complete games.

    python -m companion.simulator.make_fixtures [NAME ...] [--conditions LEVEL] [--journal-only]

``--conditions`` films the same games at a named level (companion.simulator.levels: easy,
medium, hard, hardest), into folders named ``NAME-LEVEL``; without it, the clean ones.
Filmed at a level, a game is cut to its first rounds (LEVEL_MOVES) and its recording keeps
what the pipeline journalled, corrections and mistakes included: its ``script.json``
holds the script, its summary and how many of its moves the journal has right.

Each fixture is a seeded game script (companion.games.*_random, cut to what the brief
of the fixture needs), acted out on a rendered table (companion.simulator.direct), filmed
(vision.render), calibrated from its first frames the way ``companion calibrate`` does,
stored as H.264 (libx264 through PyAV: a still table costs almost nothing, and cv2 reads
the frames back exactly) and replayed through the live pipeline. The replay's session
file and summary become the fixture's expected ones, but (clean) only if its moves are
the script's, move for move: otherwise this script stops and says where they differ.
Everything is seeded, so running it again gives the same recordings.
"""

from __future__ import annotations

import argparse
import difflib
import json
import shutil
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from calibration.calibrator import Calibrator
from calibration.store import save_calibration
from companion.bundled import RECORDINGS
from companion.games import Move
from companion.journal_rewrite import UNSEEN
from companion.simulator.levels import LEVELS, dress
from companion.live.recording import (SESSION, TIMESTAMPS, Manifest, load_recording,
                                      write_manifest, write_summary)
from companion.live.reproduce import account_of, replay_recording
from companion.piece_catalog import marker_catalog, piece_shapes
from companion.session import Session, parse_header
from companion.simulator.act import Look
from companion.simulator.direct import direct
from vision.detect import MarkerDetector
from vision.render import render
from vision.types import CameraPose

CRF = 30          # x264 quality: markers still decode as in the rendered frames
# The moves a game keeps when filmed at a level: sensor noise makes every frame cost about
# 16 KB in H.264 (a clean one a few), so the games are cut to a few rounds (Pumafiosi 5,
# Pungi 3, Mafia up to the abort), about 1400 frames and 22 MB for the three.
LEVEL_MOVES = {"pumafiosi-3p": 20, "pungi-4p": 15, "mafia-5p-omerta-abort": 9}


@dataclass(frozen=True)
class Fixture:
    name: str
    header: dict
    moves: list[Move]
    look: Look
    size: tuple[int, int] = (1280, 720)
    fps: float = 10.0
    seed: int = 0
    notes: str = ""
    extra: dict = field(default_factory=dict)
    level: str = ""            # the filming level (companion.simulator.levels), "" clean


def first_game(header: dict, moves: list[Move]) -> list[Move]:
    """The moves up to the scoring of the first game (10 rounds of Pumafiosi, a Pungi
    game until the snakes run out)."""
    session = Session(parse_header(header))
    for n, move in enumerate(moves, 1):
        outcomes = session.apply(move)
        if any(o.kind in ("pumafiosi_scored", "pungi_scored") for o in outcomes):
            return moves[:n]
    return moves


def _pumafiosi(seed: int, players: int, items: bool) -> tuple[dict, list[Move]]:
    from companion.games.pumafiosi_random import random_session

    header, moves = random_session(seed, players=players, items=items)
    line = header.to_json()
    return line, first_game(line, moves)


def _uses_every_item(moves: list[Move]) -> bool:
    used = {m.get("item") for m in moves} | {"ring" for m in moves if m.get("ring")} \
        | {"machine_gun" for m in moves if m.get("machine_gun")}
    return {"vest", "notebook", "ring", "machine_gun"} <= used


def _pumafiosi_all_items(players: int) -> tuple[dict, list[Move]]:
    """The first seeded 2-player game in which every item token is used."""
    seed = 0
    while True:
        header, moves = _pumafiosi(seed, players, True)
        if _uses_every_item(moves):
            return header, moves
        seed += 1


def _pungi(players: int) -> tuple[dict, list[Move]]:
    """The first game of the first seeded series in which nobody chose the first player
    (a choice made by word of mouth, which no camera sees)."""
    from companion.games.pungi_random import random_session

    seed = 0
    while True:
        header, moves = random_session(seed, players=players)
        line = header.to_json()
        moves = first_game(line, [{k: v for k, v in m.items() if k != "t"} for m in moves])
        if all(m["type"] != "first" for m in moves):
            return line, moves
        seed += 1


def _mafia() -> tuple[dict, list[Move]]:
    """Five players, two missions at a time: one revealed, one aborted, an Omertà
    between, then a last mission revealed, one of its recruits taken off by a Release
    card and replaced by a Backup card's."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve")
    characters = ("Enrico", "Francesca", "Giovanna", "Lorenzo", "Peppe")
    header = {"format": "companion-session/1", "game": "mafia",
              "players": [{"name": n, "character": c} for n, c in zip(names, characters)],
              "options": {}}
    blue, yellow = "blue", "yellow"
    moves = [
        {"type": "mission", "slot": 1, "mission": 3, "assigned": ["Ann", "Bob"]},
        {"type": "contribute", "player": "Ann", "slot": 1},
        {"type": "mission", "slot": 2, "mission": 5, "assigned": ["Cy", "Dee"]},
        {"type": "contribute", "player": "Bob", "slot": 1},
        {"type": "contribute", "player": "Cy", "slot": 2},
        {"type": "omerta", "player": "Eve"},
        {"type": "contribute", "player": "Ann", "slot": 1},
        {"type": "reveal", "slot": 1, "cards": [{"value": 2, "color": blue},
                                                 {"value": 3, "color": blue},
                                                 {"value": 1, "color": yellow},
                                                 {"value": 4, "color": blue}]},
        {"type": "abort", "slot": 2, "player": "Dee"},
        {"type": "mission", "slot": 1, "mission": 8, "assigned": ["Cy", "Eve"]},
        {"type": "contribute", "player": "Eve", "slot": 1},
        {"type": "release", "slot": 1, "player": "Eve"},
        {"type": "assign", "slot": 1, "player": "Bob"},
        {"type": "contribute", "player": "Cy", "slot": 1},
        {"type": "contribute", "player": "Bob", "slot": 1},
        {"type": "reveal", "slot": 1, "cards": [{"value": 2, "color": yellow},
                                                 {"value": 1, "color": blue},
                                                 {"value": 3, "color": yellow},
                                                 {"value": 2, "color": yellow}]},
    ]
    session = Session(parse_header(header))
    for move in moves:   # a script the rules refuse stops here, with their reason
        session.apply(move)
    return header, moves


def fixtures() -> list[Fixture]:
    out = []
    header, moves = _pumafiosi(3, 3, False)
    out.append(Fixture("pumafiosi-3p", header, moves, Look(
        camera=CameraPose(target_mm=(400.0, 300.0), distance_mm=950.0, tilt_deg=12.0), texture="wood", seed=3), seed=3,
        notes="3 players, one full game of 10 rounds"))
    header, moves = _pumafiosi_all_items(2)
    out.append(Fixture("pumafiosi-2p-tony-items", header, moves, Look(
        camera=CameraPose(target_mm=(400.0, 300.0), distance_mm=680.0, tilt_deg=3.0),
        texture="cloth", light_gradient=0.4, seed=5), size=(1280, 960), seed=5,
        notes="2 players with Tony, every item token used"))
    header, moves = _pungi(4)
    out.append(Fixture("pungi-4p", header, moves, Look(
        camera=CameraPose(target_mm=(400.0, 300.0), distance_mm=950.0, tilt_deg=10.0,
                          pan_deg=-2.0), texture="laminate", light_gradient=0.5, seed=7),
        seed=7, notes="4 players, one game"))
    header, moves = _mafia()
    out.append(Fixture("mafia-5p-omerta-abort", header, moves, Look(
        camera=CameraPose(target_mm=(400.0, 300.0), distance_mm=950.0, tilt_deg=15.0,
                          pan_deg=1.0), texture="wood", light_gradient=0.2, seed=11),
        seed=11, notes="5 players: two missions revealed, one aborted, an Omerta, a Release, a Backup"))
    return out


def render_fixture(fixture: Fixture, folder: Path) -> None:
    directed = direct(fixture.header, fixture.moves, fixture.look, fixture.fps, fixture.seed)
    scenes = directed.act.scenes
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    detector = MarkerDetector(marker_catalog())
    calibrator = Calibrator(piece_shapes(), fixture.look.table_mm,
                            len(fixture.header["players"]))
    video = folder / "video.mp4"
    with H264Writer(video, fixture.size, fixture.fps) as writer:
        for index, scene in enumerate(scenes):
            image = render(scene, fixture.size).image
            if index < directed.setup_frames:
                calibrator.add(detector.detect(image))
            if index == directed.setup_frames - 1:
                calibration, _ = calibrator.finish(fixture.size)
                save_calibration(calibration, folder / "calibration.json")
            writer.write(image)
            if index % 50 == 49:
                print(f"\r{fixture.name}: rendered {index + 1}/{len(scenes)}", end="",
                      file=sys.stderr, flush=True)
    print(file=sys.stderr)
    (folder / TIMESTAMPS).write_text("".join(f"{i / fixture.fps:.6f}\n"
                                             for i in range(len(scenes))), encoding="utf-8")
    write_manifest(folder, Manifest(fixture.header, len(scenes), fixture.fps, fixture.size,
                                    video.name))
    journal_fixture(fixture, folder)


def journal_fixture(fixture: Fixture, folder: Path) -> None:
    """The fixture's video replayed through the live pipeline into its session file,
    summary and script.json (alone: after a change to the live path, for the videos
    filmed at a level, whose journals are what the pipeline makes of them)."""
    directed = direct(fixture.header, fixture.moves, fixture.look, fixture.fps, fixture.seed)
    reproduced = replay_recording(load_recording(folder))
    got = [json.loads(line) for line in reproduced.session_text.splitlines()[1:]]
    got = [{k: v for k, v in move.items() if k != "t"} for move in got]
    if got != fixture.moves and not fixture.level:
        n = next((i for i, (a, b) in enumerate(zip(got, fixture.moves)) if a != b),
                 min(len(got), len(fixture.moves)))
        raise SystemExit(f"{fixture.name}: the replay differs from the script at move "
                         f"{n + 1}: replayed {got[n] if n < len(got) else None}, "
                         f"script {fixture.moves[n] if n < len(fixture.moves) else None}")
    (folder / SESSION).write_text(reproduced.session_text, encoding="utf-8")
    write_summary(folder, reproduced.summary)
    script = {"notes": fixture.notes, "seed": fixture.seed,
              "setup_frames": directed.setup_frames,
              "visible_from": {str(k): v for k, v in sorted(directed.act.visible_from.items())}}
    if fixture.level:
        script |= {"level": fixture.level, **scored(fixture.header, fixture.moves,
                                                    reproduced.session_text),
                   "moves": fixture.moves}
    (folder / "script.json").write_text(json.dumps(script, indent=1) + "\n",
                                        encoding="utf-8")


def matched(script: list[Move], journal: list[Move]) -> difflib.SequenceMatcher:
    """The script's moves matched with the journal's in force (their times aside): the
    longest matching blocks, as difflib finds them. A mission's recruits are a set (the
    rules draw them at random and never use their order), and so are a reveal's faces
    (the rules shuffle a mission's cards before they are laid face up)."""
    def key(move: Move) -> str:
        bare = {k: v for k, v in move.items() if k != "t"}
        if move.get("type") == "mission" and isinstance(bare.get("assigned"), list):
            bare["assigned"] = sorted(bare["assigned"])
        if move.get("type") == "reveal" and isinstance(bare.get("cards"), list):
            bare["cards"] = sorted(bare["cards"], key=lambda card: json.dumps(card,
                                                                          sort_keys=True))
        return json.dumps(bare, sort_keys=True)

    return difflib.SequenceMatcher(None, [key(m) for m in script], [key(m) for m in journal],
                                   autojunk=False)


def moves_right(script: list[Move], journal: list[Move]) -> int:
    """How many of the script's moves the journal's moves in force have, in order."""
    return sum(block.size for block in matched(script, journal).get_matching_blocks())


def moves_unread(script: list[Move], journal: list[Move]) -> int:
    """The journal's unseen moves that stand for a script move (companion.journal_rewrite
    ``UNSEEN``: a play nobody read, a play by the same player; a Mafia card nobody saw
    whose, a contribution to the same slot), where the two differ: a move the table showed
    but no one read (not a phantom)."""
    unread = 0
    for tag, i1, i2, j1, j2 in matched(script, journal).get_opcodes():
        if tag != "replace":
            continue
        for unseen, (kind, field) in UNSEEN.items():
            made = Counter(m.get(field) for m in script[i1:i2] if m.get("type") == kind)
            shown = Counter(m.get(field) for m in journal[j1:j2] if m.get("type") == unseen)
            unread += sum((made & shown).values())
    return unread


def scored(header: dict, script: list[Move], session_text: str) -> dict:
    """A journal (a session file's text) against its script: the script's moves the
    journal's moves in force have, in order ("right"), its unseen plays standing for a
    script play ("unread"), the script's moves it lacks besides ("missed"), its own that
    the script lacks ("phantom"), its undos ("corrected"), and the two summaries."""
    account = account_of(session_text)
    have = account.session.moves
    right, unread = moves_right(script, have), moves_unread(script, have)
    truth = Session(parse_header(header))
    for move in script:
        truth.apply(move)
    return {"right": right, "missed": len(script) - right - unread, "unread": unread,
            "phantom": len(have) - right - unread,
            "corrected": sum(step.move.get("type") == "undo" for step in account.steps),
            "script_summary": truth.summary(), "summary_equal":
                account.session.summary() == truth.summary()}


class H264Writer:
    """Frames to an H.264 .mp4 (libx264 through PyAV, yuv420p, no B-frames)."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float):
        import av   # only the fixture maker needs it

        self._container = av.open(str(path), "w")
        self._stream = self._container.add_stream(
            "libx264", rate=int(round(fps)), options={"crf": str(CRF), "preset": "slow",
                                                      "bf": "0"})
        self._stream.width, self._stream.height = size
        self._stream.pix_fmt = "yuv420p"
        self._frame = av.VideoFrame

    def write(self, image) -> None:
        for packet in self._stream.encode(self._frame.from_ndarray(image, format="bgr24")):
            self._container.mux(packet)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        for packet in self._stream.encode():
            self._container.mux(packet)
        self._container.close()


def at_level(fixture: Fixture, name: str) -> Fixture:
    """``fixture``'s game filmed at the named level, in a folder of its own."""
    level = LEVELS[name]
    moves = fixture.moves[:LEVEL_MOVES.get(fixture.name)]
    return replace(fixture, name=f"{fixture.name}-{name}", look=dress(fixture.look, level),
                   size=level.size, moves=moves, level=name,
                   notes=f"{fixture.notes}; its first {len(moves)} moves filmed at level "
                         f"{name}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.simulator.make_fixtures")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="fixtures to make (all; at a level, those of LEVEL_MOVES)")
    parser.add_argument("--conditions", choices=tuple(LEVELS), metavar="LEVEL",
                        help=f"film at a level: {', '.join(LEVELS)} (default: clean)")
    parser.add_argument("--journal-only", action="store_true",
                        help="film nothing: replay the videos there are into their "
                             "sessions again (after a change to the live path)")
    args = parser.parse_args(argv)
    wanted = set(args.names) or (set(LEVEL_MOVES) if args.conditions else set())
    for fixture in fixtures():
        if wanted and fixture.name not in wanted:
            continue
        if args.conditions:
            fixture = at_level(fixture, args.conditions)
        if args.journal_only:
            journal_fixture(fixture, RECORDINGS / fixture.name)
        else:
            render_fixture(fixture, RECORDINGS / fixture.name)
        size = sum(p.stat().st_size for p in (RECORDINGS / fixture.name).iterdir())
        print(f"{fixture.name}: {size / 1e6:.1f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
