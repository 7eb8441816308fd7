"""The named filming levels: each harder than the last, refused by a wrong name, and at
the medium level the detector still reads the markers a real table shows."""

from __future__ import annotations

import pytest

from companion.piece_catalog import marker_catalog
from companion.simulator.act import Look
from companion.simulator.direct import direct
from companion.simulator.levels import LEVELS, dress, level
from companion.simulator.make_fixtures import LEVEL_MOVES, at_level, fixtures
from vision.detect import MarkerDetector
from vision.render import render
from tests.live.test_direct import HEADER, ROUND


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
