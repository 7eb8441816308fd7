"""The per-frame pipeline on its own: moves journalled (and on disk) the moment they are
read, frames it cannot use skipped with a warning, unknown and duplicated markers said
once; and ``companion record`` stopped by Ctrl-C keeps a replayable recording."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from companion.calibrated_table import load_table_calibration, load_table_map, table_map
from companion.decks import all_decks
from companion.journal_rewrite import named_unseen
from companion.live.pipeline import Pipeline
from companion.live_table import LiveTable, Table
from companion.piece_catalog import piece_spec
from companion.session import Journal, Session, parse_header
from companion.simulator.act import Look
from companion.simulator.scenes import table_scene
from tests.live.recordings import SOURCE, players
from vision.render import render
from vision.types import Frame, PieceSpec, Placed

ROOT = Path(__file__).resolve().parents[2]


def pipeline(journal=None) -> Pipeline:
    header = parse_header(json.loads((SOURCE / "manifest.json").read_text())["header"])
    table_map = load_table_map(SOURCE / "calibration.json")
    return Pipeline(LiveTable(Table(Session(header)), journal), table_map)


def source_frames(count: int):
    capture = cv2.VideoCapture(str(SOURCE / "video.mp4"))
    for index in range(count):
        yield Frame(capture.read()[1], index / 10, index)


def test_moves_are_on_disk_as_soon_as_they_are_read(tmp_path):
    path = tmp_path / "session.jsonl"
    header = parse_header(json.loads((SOURCE / "manifest.json").read_text())["header"])
    live = pipeline(Journal.create(path, header))
    seen = []
    for status in live.run(source_frames(61)):   # (the place said at 6.0 s)
        if status.moves:   # the journal is read back while the pipeline still runs
            seen.append(len(path.read_text().splitlines()) - 1)
            assert seen[-1] == len(live.live.table.session.moves)
            assert status.outcomes
    assert seen == [1, 2, 3, 4]
    expected = (SOURCE / "session.jsonl").read_text().splitlines()[:5]
    assert path.read_text().splitlines() == expected


def test_play_goes_on_behind_an_unread_card_and_the_journal_is_rewritten_once_named():
    """Cy's play zone is covered for the whole of round 2 (his 55 is never read): the
    companion asks for it; once the table shows the round went on, Cy's play is
    journalled unseen and what the table showed meanwhile (Ann's and Bob's cards, Bob's
    place, round 3) after it; typed ("cy had 55"), the journal is rewritten with it."""
    live = pipeline()
    zone = next(z for z in live.table_map.zones if z.name == "play:3")
    covered = live.table_map.to_image(np.array(zone.polygon)).astype(np.int32)
    lines = (SOURCE / "session.jsonl").read_text().splitlines()[1:14]
    expected = [{k: v for k, v in json.loads(line).items() if k != "t"} for line in lines]
    assert expected[4] == {"type": "play", "player": "Cy", "card": 55}
    unread = expected[:4] + [{"type": "unseen_play", "player": "Cy"}] + expected[5:]
    questions = []
    for frame in source_frames(170):
        if 5.5 <= frame.timestamp < 10.5:
            image = frame.image.copy()
            cv2.fillConvexPoly(image, covered, (90, 110, 90))
            frame = Frame(image, frame.timestamp, frame.index)
        questions += [live.process(frame).question]
    session = live.live.table.session
    bare = [{k: v for k, v in m.items() if k != "t"} for m in session.moves]
    assert bare == unread
    assert "Cy's card in round 2 was not read: type it (cy had CARD)" in questions
    live.live.play(*named_unseen(session, "Cy", 55))   # typed: the pipeline hears it
    assert [{k: v for k, v in m.items() if k != "t"} for m in session.moves] == expected


def test_frames_without_a_picture_or_going_back_in_time_are_skipped_with_a_warning():
    live = pipeline()
    frames = list(source_frames(3))
    statuses = [live.process(frames[0]), live.process(Frame(np.zeros((0, 0, 3), np.uint8), 0.1, 1)),
                live.process(frames[2]), live.process(replace(frames[1], timestamp=0.05))]
    assert statuses[1].warnings == ("frame 1: no picture (a missing or corrupt frame): skipped",)
    assert statuses[3].warnings == ("frame 1: its time 0.050 s comes before the previous "
                                    "frame's (0.200 s): skipped",)
    assert statuses[2].cards_seen > 10 and not statuses[2].warnings


def said_filmed(pieces_at, frames: int) -> tuple[list[str], int]:
    """What the live pipeline says of a rendered table whose pieces at frame i (10 fps)
    are ``pieces_at(i, copy)``, ``copy`` placing Pumafiosi's 37; and 37's marker."""
    look = Look()
    cal = load_table_calibration(SOURCE / "calibration.json")
    card = next(c for c in all_decks()["pumafiosi"].of_kind("pumafioso")
                if c.get("value") == 37)
    live = Pipeline(LiveTable(Table(Session(parse_header(json.loads(
        (SOURCE / "manifest.json").read_text())["header"])))), table_map(cal))
    warnings = []
    for index in range(frames):
        pieces = pieces_at(index, lambda *where: Placed(piece_spec(card), *where))
        scene = table_scene(pieces, look.table_mm, camera=look.camera, seed=1, frame=index)
        warnings += live.process(Frame(render(scene, tuple(cal.image_size)).image,
                                       index / 10, index)).warnings
    return warnings, card.marker


def test_unknown_and_duplicated_markers_are_warned_about_once():
    stray = PieceSpec(marker=500, label="stray", size_mm=(59.0, 91.0), marker_mm=28.0)
    # (a face on two cards lying still: said once both have lain 3 s)
    warnings, marker = said_filmed(lambda _, copy: (
        Placed(stray, 300.0, 300.0), copy(200.0, 250.0), copy(520.0, 250.0, 20.0)), 40)
    stray_said = "2 marker(s) that are on no card of the decks: ignored"  # both copies
    twice_said = f"37 (marker {marker}) is seen on 2 cards at once: a sticker printed twice?"
    assert warnings.count(stray_said) == 1 and warnings.count(twice_said) == 1


def test_a_face_seen_twice_for_a_moment_is_no_sticker_printed_twice():
    """A card's two stickers read apart for a frame (tilted in a moving hand, where each
    puts the card's centre elsewhere) are one card: only two cards lying still with one
    face are said (the hard table said "printed twice" of a card on its way in)."""
    warnings, _ = said_filmed(lambda i, copy: (   # (the other copy moving: never at rest)
        copy(200.0, 250.0), copy(400.0 + 40.0 * i, 250.0, 20.0)), 8)
    assert not [w for w in warnings if "printed twice" in w], warnings


def test_a_face_on_two_cards_at_rest_a_moment_is_no_sticker_printed_twice():
    """A card's stickers can put it in two places at rest for a second (a hand holding it
    tilted over the table: the hard table said "printed twice" of Bob's 28 so): said
    only of two cards that have both lain 3 s."""
    warnings, _ = said_filmed(lambda i, copy: (   # the other copy there 1 s, then gone
        (copy(200.0, 250.0),) + ((copy(520.0, 250.0, 20.0),) if i < 10 else ())), 30)
    assert not [w for w in warnings if "printed twice" in w], warnings


def test_ctrl_c_stops_a_recording_cleanly_and_keeps_everything(tmp_path):
    out = tmp_path / "rec"
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "record", "--camera", str(SOURCE / "video.mp4"),
         "--calibration", str(SOURCE / "calibration.json"), "--game", "pumafiosi",
         "--players", *players(), "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:   # until the first round's place is journalled
        journal = out / "session.jsonl"
        if journal.exists() and len(journal.read_text().splitlines()) >= 5:
            break
        time.sleep(0.002)   # at once: the Ctrl-C lands inside the frame that journalled
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "stopped (Ctrl-C): keeping what was recorded" in err and "Traceback" not in err
    manifest = json.loads((out / "manifest.json").read_text())
    assert 40 < manifest["frames"] < 667
    capture = cv2.VideoCapture(str(out / "video.avi"))
    assert int(capture.get(cv2.CAP_PROP_FRAME_COUNT)) == manifest["frames"]
    assert len((out / "timestamps.txt").read_text().split()) == manifest["frames"]
    lines = (out / "session.jsonl").read_text().splitlines()
    assert len(lines) >= 5 and lines[:5] == (SOURCE / "session.jsonl").read_text().splitlines()[:5]
    check = subprocess.run([sys.executable, "-m", "companion", "replay", str(out), "--check"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr


def test_an_item_token_read_a_frame_after_its_card_goes_with_the_place():
    """Rendered frames through the product's pipeline: Ann's winning 13 is laid beside
    step 6, and her vest token beside it shows one frame later (a small token is often
    read late): the place is read with the vest, not without it and a warning."""
    from companion.calibrated_table import table_map as calibrated_map
    from tests.calibration.calibration_tables import calibrate, card, seat_markers, shoot
    from tests.tracking.test_rendered_round import COLUMN, HEADER, pumafioso

    base = seat_markers(3) + COLUMN
    cal, _ = calibrate([shoot(base).image], players=3)
    header = parse_header({**HEADER, "options": {"items": True}})
    live = LiveTable(Table(Session(header)))
    pipe = Pipeline(live, calibrated_map(cal))
    ann, bob, cy = pumafioso(13, 520, 150, 5), pumafioso(27, 200, 325, 80), \
        pumafioso(5, 450, 470, 170)
    placed = pumafioso(13, 610, 570 - 3 * 62.0, 2)   # beside step 6
    vest = Placed(card("pumafiosi", "item", item="vest", set=1), 548, 570 - 3 * 62.0)
    warnings, index = [], 0
    for pieces, count in (([ann], 8), ([ann, bob], 8), ([ann, bob, cy], 8),
                          ([placed, bob, cy], 1), ([placed, vest, bob, cy], 12 + 45)):
        image = shoot(base + pieces, seed=index).image
        for _ in range(count):
            warnings += pipe.process(Frame(image, index / 30, index)).warnings
            index += 1
    assert [{k: v for k, v in m.items() if k != "t"} for m in live.table.session.moves] == [
        {"type": "play", "player": "Ann", "card": 13},
        {"type": "play", "player": "Bob", "card": 27},
        {"type": "play", "player": "Cy", "card": 5},
        {"type": "place", "player": "Ann", "card": 13, "step": 6, "item": "vest"}]
    assert warnings == []


def test_a_pungi_layout_has_a_place_per_player_whatever_seats_the_calibration_found():
    # (seat 1 lay in glare at calibration: its snake is still laid out, in layout:4)
    pungi = SOURCE.parent / "pungi-4p"
    header = parse_header(json.loads((pungi / "manifest.json").read_text())["header"])
    calibration = load_table_calibration(pungi / "calibration.json")
    three_seats = replace(calibration, seats=calibration.seats[1:])

    def layout(cal) -> list[str]:
        live = Pipeline(LiveTable(Table(Session(header))), table_map(cal))
        return sorted(z.name for z in live.table_map.zones if z.kind == "layout")

    assert layout(three_seats) == ["layout:1", "layout:2", "layout:3", "layout:4"]
    # (places the calibration file sets stay as set)
    assert len(layout(replace(three_seats, options=replace(calibration.options,
                                                           layout_places=6)))) == 6
