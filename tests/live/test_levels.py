"""The named filming levels: each harder than the last, refused by a wrong name, and at
the medium level the detector still reads the markers a real table shows; the wild levels
film every unkind effect, and the hands do what they say: cards carried through the air
and held over others, cascades in either order, discards and missions onto piles."""

from __future__ import annotations

import argparse
import math

import pytest

from companion.bench.live import _seeds, add_arguments
from companion.bench.live_grid import SPLITS, rounds_length, wrong_moves
from companion.cli import main
from companion.decks import all_decks
from companion.games.pumafiosi import STEPS
from companion.piece_catalog import marker_catalog
from companion.simulator.act import Handling, Look
from companion.simulator.direct import direct
from companion.simulator.field_test import field_fixture
from companion.simulator.levels import LEVELS, WILD_LEVELS, dress, level
from companion.simulator.mafia import DISCARD_PILE as MAFIA_DISCARDS, SIDE_PILES
from companion.simulator.make_fixtures import LEVEL_MOVES, at_level, fixtures
from companion.simulator.pumafiosi import PITCH, STEP_X, TOP_Y
from companion.simulator.pungi import DISCARD_PILE as PUNGI_DISCARDS
from vision.detect import MarkerDetector
from vision.render import render
from tests.live.test_direct import CARD_13, HEADER, ROUND, runs, track


def card_marker(value: int) -> int:
    return next(c.marker for c in all_decks()["pumafiosi"].of_kind("pumafioso")
                if c.get("value") == value)


def step_spot(step: int) -> tuple[float, float]:
    return (STEP_X, TOP_Y - STEPS.index(step) * PITCH)


CY_5 = card_marker(5)


def test_each_level_is_harder_than_the_one_before():
    assert list(LEVELS) == ["easy", "medium", "hard", "hardest"]
    ladder = list(LEVELS.values())
    for easier, harder in zip(ladder, ladder[1:]):
        assert harder.tilt_deg > easier.tilt_deg
        assert harder.size[0] <= easier.size[0] and harder.jpeg_quality < easier.jpeg_quality
        assert harder.blur_sigma >= easier.blur_sigma and harder.lens_k1 < easier.lens_k1
        c, d = easier.conditions, harder.conditions
        assert d.exposure_s > c.exposure_s and d.read_noise > c.read_noise
        assert d.light_level < c.light_level or c.light_level == d.light_level == 1
        assert harder.handling.hand_mm_s > easier.handling.hand_mm_s
        assert harder.handling.pause_chance >= easier.handling.pause_chance
    assert "check" in {x.texture for x in ladder} and "wood" in {x.texture for x in ladder}


def test_a_level_keeps_the_games_table_and_is_named_in_words():
    base = Look(seed=7)
    hard = dress(base, level("hard"))
    assert hard.table_mm == base.table_mm and hard.seed == 7
    assert hard.camera.target_mm == base.camera.target_mm and hard.camera.tilt_deg == 40.0
    assert hard.conditions == LEVELS["hard"].conditions
    clean = fixtures()[0]
    filmed = at_level(clean, "medium")
    assert filmed.name == f"{clean.name}-medium" and filmed.size == (1280, 720)
    assert filmed.moves == clean.moves[:LEVEL_MOVES[clean.name]] and filmed.level == "medium"
    with pytest.raises(ValueError, match="unknown conditions 'foggy': use one of easy, "
                                         "medium, hard, hardest"):
        level("foggy")


def test_the_detector_reads_the_markers_at_the_medium_level():
    medium = LEVELS["medium"]
    directed = direct(HEADER, ROUND, dress(Look(), medium), 10.0, seed=4)
    detector = MarkerDetector(marker_catalog())
    shown = read = 0
    for scene in directed.act.scenes[::10]:
        rendered = render(scene, medium.size)
        assert scene.conditions.exposure_s > 0 and scene.jpeg_quality == medium.jpeg_quality
        found = {s.marker for s in detector.detect(rendered.image).sightings}
        whole = {m.marker for m in rendered.markers if m.visible_fraction == 1}
        shown, read = shown + len(whole), read + len(whole & found)
    assert shown > 100 and read >= 0.95 * shown


# --- the wild levels: footage the live path was not tuned on ------------------------------

def test_the_wild_levels_film_every_unkind_effect_and_leave_the_ladder_alone():
    assert list(LEVELS) == ["easy", "medium", "hard", "hardest"]
    assert list(WILD_LEVELS) == ["wild-1080p20", "wild-720p30", "wild-720p40",
                                 "wild-table720", "wild-table1080"]
    for name, wild in WILD_LEVELS.items():
        assert level(name) is wild and wild.stickers is not None
        c, hands = wild.conditions, wild.handling
        assert c.bayer and c.sharpen > 0 and c.gloss > 0 and c.defocus_px > 0
        assert hands.lift_mm > 0 and hands.room_first > 0 and hands.piles
    assert all(x.stickers is None for x in LEVELS.values())
    sizes = {(w.size, w.tilt_deg) for w in WILD_LEVELS.values()}
    assert sizes == {((1920, 1080), 20.0), ((1280, 720), 30.0), ((1280, 720), 40.0),
                     ((1280, 720), 50.0), ((1920, 1080), 50.0)}
    table = WILD_LEVELS["wild-table720"]
    assert (table.lens_k1, table.texture, table.conditions.light_level) == (-0.25, "check", 0.4)
    # the stickers are the game's own: drawn from its seed
    assert dress(Look(seed=7), table).stickers.seed == 7
    assert dress(Look(seed=7), LEVELS["hard"]).stickers is None


def test_the_hard_tables_card_markers_are_15_to_18_px_at_the_far_seat():
    table = WILD_LEVELS["wild-table720"]
    directed = direct(HEADER, ROUND[:3], dress(Look(), table), 10.0, seed=4)
    scene = directed.act.scenes[-1]
    far = next(p for p in scene.pieces if p.piece.marker == CY_5)   # Cy sits at the far edge
    sides = [m.side_px for m in render(scene, table.size).markers if m.marker == far.piece.marker]
    assert len(sides) == 2 and 15 <= min(sides) and max(sides) <= 18.5


def heights(directed, marker):
    return [next((p.height_mm for p in s.pieces if p.piece.marker == marker), None)
            for s in directed.act.scenes]


def test_cards_are_carried_through_the_air_and_come_down_where_they_are_let_go():
    lifted = Handling(hand_mm_s=600.0, lift_mm=90.0)
    directed = direct(HEADER, ROUND, Look(handling=lifted), 10.0, seed=4)
    up = [h for h in heights(directed, CARD_13) if h is not None]
    assert max(up) == 90.0 and up[0] < 90.0 and up[-1] == 0.0   # rises, flies, lands
    raised_hands = [h for s in directed.act.scenes for h in s.hands if h.height_mm > 0]
    assert raised_hands and max(h.height_mm for h in raised_hands) == 90.0
    flat = direct(HEADER, ROUND, Look(handling=Handling(hand_mm_s=600.0)), 10.0, seed=4)
    assert set(heights(flat, CARD_13)) <= {None, 0.0}


def test_some_carries_hold_the_card_a_moment_over_another():
    lifted = Handling(hand_mm_s=600.0, lift_mm=90.0)
    held = 0
    for seed in range(6):
        directed = direct(HEADER, ROUND, Look(handling=lifted), 10.0, seed=seed)
        for scene in directed.act.scenes:
            raised = [p for p in scene.pieces if p.height_mm == 90.0]
            resting = [p for p in scene.pieces if p.height_mm == 0.0 and p.piece.marker >= 20]
            held += any(math.dist((r.x_mm, r.y_mm), (p.x_mm, p.y_mm)) < 1
                        for r in raised for p in resting)
    assert held >= 6    # frames with a card in the air right over another


CASCADE = {"format": "companion-session/1", "game": "pumafiosi",
           "players": HEADER["players"], "options": {}}
TWO_ROUNDS = ROUND + [{"type": "play", "player": "Ann", "card": 14},
                      {"type": "play", "player": "Bob", "card": 40},
                      {"type": "play", "player": "Cy", "card": 3},
                      {"type": "place", "player": "Ann", "card": 14, "step": 6}]


def arrival(directed, marker, spot):
    """The first frame from which the piece ``marker`` lies still at ``spot`` for good."""
    path = track(directed, marker)
    last = max(i for i, at in enumerate(path) if at is None or math.dist(at, spot) > 8)
    return last + 1


@pytest.mark.parametrize("room_first", [0.0, 1.0])
def test_a_cascade_is_carried_out_in_either_order(room_first):
    hands = Handling(hand_mm_s=600.0, room_first=room_first)
    directed = direct(CASCADE, TWO_ROUNDS, Look(handling=hands), 10.0, seed=4)
    bumped = arrival(directed, CARD_13, step_spot(5))   # 13 moved down from step 6 to 5
    laid = arrival(directed, card_marker(14), step_spot(6))
    assert (bumped < laid) == (room_first == 1.0)


@pytest.mark.parametrize("piles", [False, True])
def test_pungis_played_animals_go_face_down_onto_the_discard_pile(piles):
    script = field_fixture("pungi", "easy", 0)
    moves = script.moves[:rounds_length(script.header, script.moves, 1)]
    hands = Handling(hand_mm_s=600.0, piles=piles)
    directed = direct(script.header, moves, Look(handling=hands), 10.0, seed=4)
    animals = [p for p in directed.act.scenes[-1].pieces if p.piece.back_marker is not None
               and p.piece.label not in ()]
    played = {m["value"] for m in moves if m["type"] == "play"}
    lying = [p for p in animals if not p.face_up]
    if not piles:
        assert lying == []
        return
    assert len(lying) == len(played) == 4
    near = [math.dist((p.x_mm, p.y_mm), PUNGI_DISCARDS) for p in lying]
    assert max(near) < 0.5 * math.hypot(*lying[0].piece.size_mm)   # half on the pile
    assert len({p.z for p in lying}) == 4                           # one over another


def test_a_revealed_mission_goes_to_the_winning_sides_pile():
    script = field_fixture("mafia", "easy", 0)
    moves = script.moves[:rounds_length(script.header, script.moves, 1)]
    assert moves[-1]["type"] == "reveal"
    hands = Handling(hand_mm_s=600.0, piles=True)
    directed = direct(script.header, moves, Look(handling=hands), 10.0, seed=4)
    last = directed.act.scenes[-1].pieces
    card = next(c for c in all_decks()["mafia"].of_kind("mission")
                if c.get("id") == moves[0]["mission"])
    mission = next(p for p in last if p.piece.marker == card.marker)
    won = min(SIDE_PILES, key=lambda side: math.dist(SIDE_PILES[side], (mission.x_mm,
                                                                        mission.y_mm)))
    assert math.dist(SIDE_PILES[won], (mission.x_mm, mission.y_mm)) < 5
    revealed = [p for p in last if p.face_up and math.dist(MAFIA_DISCARDS, (p.x_mm, p.y_mm)) < 40]
    assert len(revealed) == 4    # the mission's cards, face up on the discard pile


# --- the bench's seeds: tuned on some, reported on others -----------------------------------

def test_the_seeds_are_split_once_into_tune_and_report_and_never_overlap():
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert SPLITS == {"tune": (0, 1, 2, 3), "report": tuple(range(100, 108))}
    assert not set(SPLITS["tune"]) & set(SPLITS["report"])
    assert _seeds(parser.parse_args([])) == {"": (3,)}
    assert _seeds(parser.parse_args(["--split", "both", "--seeds-each", "2"])) == \
        {"tune": (0, 1), "report": (100, 101)}
    assert _seeds(parser.parse_args(["--split", "report"])) == {"report": SPLITS["report"]}


@pytest.mark.parametrize("argv, said", [
    (["--seeds-each", "2"], "--seeds-each 2: give a number from 1, with --split"),
    (["--split", "tune", "--seeds-each", "0"], "--seeds-each 0: give a number from 1"),
    (["--levels", "wild-1080p"], "use some of easy, medium, hard, hardest, wild-1080p20"),
])
def test_a_wrong_seed_or_level_option_is_one_line(argv, said, capsys):
    assert main(["bench", "live", *argv]) == 1
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1


def test_a_move_read_wrong_is_told_from_one_invented():
    script = [{"type": "play", "player": "Ann", "card": 13},
              {"type": "play", "player": "Bob", "card": 27},
              {"type": "play", "player": "Cy", "card": 5}]
    read = [script[0], {"type": "play", "player": "Bob", "card": 28},   # the card read wrong
            {"type": "play", "player": "Ann", "card": 40}, script[2]]    # one invented
    assert wrong_moves(script, read) == 1
    assert wrong_moves(script, script) == 0


@pytest.mark.parametrize("straight", [0.0, 1.0])
def test_a_mafia_contribution_is_shown_at_the_seat_or_laid_straight_from_the_hand(straight):
    script = field_fixture("mafia", "easy", 0)
    moves = script.moves[:2]      # a mission, then Ann's contribution to it
    assert moves[1] == {"type": "contribute", "player": "Ann", "slot": 1}
    hands = Handling(hand_mm_s=600.0, straight=straight)
    directed = direct(script.header, moves, Look(handling=hands), 30.0, seed=4)
    director_seat = (250.0, 35.0)                 # Ann's seat marker (five players)
    new = {p.piece.marker for p in directed.act.scenes[-1].pieces} - \
        {p.piece.marker for p in direct(script.header, moves[:1], Look(handling=hands), 30.0,
                                        seed=4).act.scenes[-1].pieces}
    (card,) = new
    path = [at for at in track(directed, card) if at is not None]
    shown_at_seat = [n for at, n in runs(path) if math.dist(at, director_seat) < 60 and n >= 3]
    assert bool(shown_at_seat) == (straight == 0.0)
    # straight from the hand: let go short of its place, then slid the last centimetres
    if straight:
        lands = [at for at, n in runs(path) if n >= 3]
        assert 30 < math.dist(lands[0], path[-1]) < 40   # SHORT_MM and a last settle
