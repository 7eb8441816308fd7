"""Small markers at the far seats: soft decoding, closer looks, votes over frames.

Frames: the far seats of a 720p webcam at 50 degrees (companion.bench.vision's
far-seat sequences: markers 14-22 px wide, motion blur, noise, real JPEG), and busy art
and code-like block patterns laid where cards would be, which must never become cards.
"""

from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pytest

from companion.bench.vision import (far_seat_scene, far_seat_sequence, motion_blur_kernel,
                                    score, webcam_defects)
from companion.piece_catalog import marker_catalog
from vision.detect import DetectorSettings, Found, grey_noise, to_grey
from vision.temporal import TemporalDetector, TemporalSettings
from vision.markers import marker_image
from vision.render import render
from vision.soft import soft_read, turned
from vision.sticker import draw_art
from vision.types import Frame
from vision.votes import Votes


@cache
def catalog():
    return marker_catalog()


def _run(detector, frames):
    return [detector.detect(Frame(image, i / 30, i)) for i, (image, _) in enumerate(frames)]


def test_soft_decoding_names_a_blurred_small_marker_and_its_own_first_corner():
    quiet = 10
    tag = marker_image(57, 80, quiet_px=quiet)          # 80 px marker, white around it
    sheet = np.full((200, 200), 200, np.uint8)
    sheet[50:150, 50:150] = tag
    corners = np.float32([[60, 60], [140, 60], [140, 140], [60, 140]])
    # a fifth of the size, blurred: 16 px, cells of 2 px
    small = cv2.resize(cv2.GaussianBlur(sheet, (0, 0), 3.0), (40, 40),
                       interpolation=cv2.INTER_AREA)
    at = (corners + 0.5) / 5 - 0.5
    for start in range(4):   # whichever corner the outline begins with
        read = soft_read(small, np.roll(at, start, axis=0))
        assert read is not None and read.marker == 57
        assert read.match > 0.9 and read.match - read.runner_up > 0.3
        np.testing.assert_allclose(turned(np.roll(at, start, axis=0), read.turns), at)


def test_soft_decoding_refuses_a_quad_without_contrast():
    assert soft_read(np.full((40, 40), 128, np.uint8),
                     np.float32([[10, 10], [30, 10], [30, 30], [10, 30]])) is None


def test_a_soft_read_counts_once_seen_at_its_place_in_enough_frames():
    quad = np.float32([[100, 100], [116, 100], [116, 110], [100, 110]])
    here, there = Found(57, quad, 0.5), Found(57, quad + 40, 0.5)
    votes = Votes(needed=2, window=3)
    assert votes.add([here]) == []
    assert votes.add([there]) == []              # elsewhere: a vote of its own
    assert votes.add([Found(58, quad, 0.5)]) == []   # another code at that place
    assert votes.add([]) == []
    assert votes.add([here]) == []               # the first vote left the window
    assert votes.add([here]) != []
    # the card's other copy, read in the same frame a few sides away, is a vote too
    votes = Votes(needed=2, window=3)
    other = Found(57, quad + np.float32([50, 20]), 0.5)
    assert len(votes.add([here, other])) == 2
    assert votes.add([Found(57, quad + 300, 0.5), Found(57, quad + 330, 0.5)]) != []
    with pytest.raises(ValueError):
        Votes(needed=4, window=3)


def test_the_motion_blur_kernel_is_a_normalised_line_in_its_direction():
    kernel = motion_blur_kernel(4.0, 0.0)
    assert kernel.sum() == pytest.approx(1.0)
    rows = kernel.sum(axis=1)
    assert rows.max() > 0.9                      # horizontal: one row holds it
    assert motion_blur_kernel(4.0, 90.0).sum(axis=0).max() > 0.9


# Measured on these two sequences (medium defects, 8 cards each): with closer looks
# and votes 8 and 8 cards by the last frame, without them 0 and 2 (the benchmark's
# rows, other scenes: 79% and 92% against 12% and 21%).
@pytest.mark.parametrize("width,seed,least", [(18, 7, 6), (20, 8, 6)])
def test_far_seat_cards_are_read_within_six_frames(width, seed, least):
    frames = far_seat_sequence(width, seed, level="medium")
    looks = _run(TemporalDetector(catalog()), frames)
    plain = _run(TemporalDetector(catalog(), temporal=TemporalSettings(look_frames=0)),
                 frames)
    with_looks = score(looks[-1], frames[-1][1], 0.0)
    without = score(plain[-1], frames[-1][1], 0.0)
    assert with_looks.expected == 8
    assert with_looks.found >= least, with_looks
    assert with_looks.found > without.found + 2, (with_looks, without)
    assert with_looks.false == 0 and all(d.unknown_markers == 0 for d in looks)
    # once read, the card is reported in every frame after: the tracker can settle it
    for detection in looks[-2:]:
        assert score(detection, frames[-1][1], 0.0).found >= with_looks.found - 1


def _bare(seed: int) -> np.ndarray:
    return render(replace(far_seat_scene(18, seed), pieces=()), (1280, 720)).image


def _busy_patches(seed: int) -> np.ndarray:
    """Bare cloth at the far seats with card-sized busy art and fine block patterns
    (codes of random cells, 1-3 px, the size of a far marker's cells) where cards go."""
    image = _bare(seed).copy()
    rng = np.random.default_rng(seed)
    for k in range(8):
        x, y = 120 + 130 * k, int(rng.uniform(230, 300))
        patch = np.zeros((50, 70, 3), np.uint8)
        if k % 2:
            draw_art(patch, 700 + seed * 10 + k)
        else:
            cell = 1 + k % 3
            blocks = (rng.random((50 // cell + 1, 70 // cell + 1)) > 0.5).astype(np.uint8) * 255
            blocks = cv2.resize(blocks, None, fx=cell, fy=cell,
                                interpolation=cv2.INTER_NEAREST)[:50, :70]
            patch = cv2.cvtColor(blocks, cv2.COLOR_GRAY2BGR)
        image[y:y + 50, x:x + 70] = patch
    return image


@pytest.mark.parametrize("seed", [1, 2])
def test_closer_looks_find_no_card_in_busy_art_or_code_like_patterns(seed):
    bare = _bare(seed)
    busy = _busy_patches(seed)
    frames = [(webcam_defects(bare, 50 * seed, "medium"), None)] + \
        [(webcam_defects(busy, 50 * seed + i, "medium"), None) for i in range(1, 7)]
    detector = TemporalDetector(catalog(), temporal=TemporalSettings(votes_needed=1))
    detections = _run(detector, frames)
    assert detector.stats.looks >= 8   # the patches were looked at closely
    assert all(d.sightings == () and d.unknown_markers == 0 for d in detections)


def _hardest_noise(image: np.ndarray, seed: int) -> np.ndarray:
    """A dim room's sensor noise, fresh each frame, under MJPEG q60 (the hardest level's
    webcam: vision.detect.grey_noise 4-6, above ``noisy_grey``)."""
    rng = np.random.default_rng(seed)
    out = np.clip(image + rng.normal(0, 16.0, image.shape), 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 60])[1],
                        cv2.IMREAD_COLOR)


# Measured: by the 24th still frame 5 and 7 cards of 8 (the looks at the mean of each
# region's still frames); the looks at means of their first five frames read 1 and 5.
@pytest.mark.parametrize("seed,least", [(7, 5), (3, 6)])
def test_far_seat_cards_under_heavy_noise_are_read_from_the_still_frames_mean(seed, least):
    frames = [(_hardest_noise(image, 100 * seed + i), rendered) for i, (image, rendered)
              in enumerate(far_seat_sequence(18, seed, frames=24, level="heavy"))]
    assert grey_noise(to_grey(frames[-1][0])) > DetectorSettings().noisy_grey
    looks = _run(TemporalDetector(catalog()), frames)
    found = score(looks[-1], frames[-1][1], 0.0)
    assert found.expected == 8 and found.found >= least, found
    assert all(score(d, frames[-1][1], 0.0).false == 0 and d.unknown_markers == 0
               for d in looks)


@pytest.mark.parametrize("left_out_as", ["no card", "another game's card"])
def test_a_guess_at_a_marker_of_no_card_of_the_game_is_never_tracked(left_out_as):
    # Hardest Pumafiosi seed 7: a far card's marker was soft-read, voted and tracked as
    # 492, a code on no card: "1 marker(s) that are on no card" said, its card unread
    # beneath it; seed 1: "mission 3 Casino takeover is a mafia card" said. Here two
    # cards' codes are left out of the decks (or of the codes a guess may name); at this
    # noise only soft guesses read those two (measured: tracked in 9 frames when they
    # may be named), so they must never be tracked.
    frames = [(_hardest_noise(image, 700 + i), rendered) for i, (image, rendered)
              in enumerate(far_seat_sequence(18, 7, frames=24, level="heavy"))]
    left_out = sorted({m.marker for m in frames[-1][1].markers})[2:4]
    others = {marker: card for marker, card in catalog().items() if marker not in left_out}
    detector = TemporalDetector(others) if left_out_as == "no card" \
        else TemporalDetector(catalog(), guesses=others)
    looks = []
    for i, (image, _) in enumerate(frames):
        looks.append(detector.detect(Frame(image, i / 30, i)))
        assert not {f.marker for f in detector.last_found} & set(left_out), i
    assert all(d.unknown_markers == 0 for d in looks)
    assert score(looks[-1], frames[-1][1], 0.0).found >= 4


SKIN = (120, 150, 200)   # BGR: a forearm under warm light


def _arm_sequence(seed: int, frames: int = 24, shadow: tuple[int, ...] = ()):
    """The far seats' cards under the hardest noise, brought by an arm: in the first
    frame it lies over the row of cards and reaches down to the table's near edge; from
    the second only its hand is left at the near edge, moving a little every frame.
    ``shadow``: the frames in which the arm's soft shadow lies over the row again."""
    scene = far_seat_scene(18, seed)
    bare = render(replace(scene, pieces=()), (1280, 720))
    dealt = render(scene, (1280, 720))
    top = int(min(c[1] for m in dealt.markers for c in m.corners))
    below = int(max(c[1] for m in dealt.markers for c in m.corners))
    out = [(_hardest_noise(webcam_defects(bare.image, 1000 * seed, "heavy"), 100 * seed),
            dealt)]
    for i in range(1, frames + 1):
        image = dealt.image.copy()
        if i == 1:
            cv2.rectangle(image, (100, top - 10), (1180, below + 50), SKIN, -1)
            cv2.rectangle(image, (560, below + 8), (720, 719), SKIN, -1)
        if i in shadow:
            band = image[top - 10:below + 10]
            band[:] = (band * 0.6).astype(np.uint8)
        x = 560 + (15 if i % 2 else -15)
        cv2.rectangle(image, (x, 620), (x + 160, 719), SKIN, -1)
        out.append((_hardest_noise(webcam_defects(image, 1000 * seed + i, "heavy"),
                                   100 * seed + i), dealt))
    return out


# Measured: 7 and 7 of 8 cards by the last frame watched as tiles; as one region, 0 and
# 0: the hand never stops moving in it, so the region never has a still frame.
@pytest.mark.parametrize("seed,least", [(7, 6), (3, 6)])
def test_far_cards_an_arm_brought_are_read_while_its_hand_still_moves(seed, least):
    frames = _arm_sequence(seed)
    tiled = score(_run(TemporalDetector(catalog()), frames)[-1], frames[-1][1], 0.0)
    whole = score(_run(TemporalDetector(catalog(), temporal=TemporalSettings(
        look_tile_px=(1280, 720))), frames)[-1], frames[-1][1], 0.0)
    assert tiled.expected == 8 and tiled.found >= least and tiled.false == 0, tiled
    assert whole.found <= tiled.found - 3, (whole, tiled)


# Measured: every card read by the 24th frame reported in each of the 20 frames after a
# shadow passed over them; dropped when a change passed over them (the crops cannot
# read them in one frame), each was missing from 7-14 (seed 7) and 13-20 (seed 3) of them.
@pytest.mark.parametrize("seed", [7, 3])
def test_a_shadow_passing_over_far_cards_does_not_take_them_off_the_table(seed):
    frames = _arm_sequence(seed, frames=44, shadow=(25, 26))
    detections = _run(TemporalDetector(catalog()), frames)
    read = {s.marker for s in detections[24].sightings}
    assert len(read) >= 6
    for detection in detections[25:]:
        assert read <= {s.marker for s in detection.sightings}, detection.frame_index
        assert score(detection, frames[-1][1], 0.0).false == 0


def _slid_sequence(seed: int) -> tuple[list, set[int]]:
    """Far cards lying for 24 frames under the hardest noise; a hand over one of them for
    a frame, sliding it 60 mm towards the table's middle; 12 frames of the table after.
    The slid card's markers too."""
    scene = far_seat_scene(18, seed)
    slid = replace(scene, pieces=tuple(replace(p, y_mm=p.y_mm - 60) if p.z == 3 else p
                                       for p in scene.pieces))
    bare, before, after = (render(s, (1280, 720)) for s in
                           (replace(scene, pieces=()), scene, slid))
    moved = [c for b, a in zip(before.markers, after.markers)
             if not np.allclose(b.corners, a.corners) for c in (*b.corners, *a.corners)]
    (x0, y0), (x1, y1) = np.min(moved, axis=0), np.max(moved, axis=0)
    hand = before.image.copy()
    cv2.rectangle(hand, (int(x0) - 20, int(y0) - 20), (int(x1) + 20, 719), SKIN, -1)
    images = [bare.image] + [before.image] * 24 + [hand] + [after.image] * 12
    frames = [(_hardest_noise(webcam_defects(image, 1000 * seed + i, "heavy"), 100 * seed + i),
               before if i <= 24 else after) for i, image in enumerate(images)]
    return frames, {b.marker for b, a in zip(before.markers, after.markers)
                    if not np.allclose(b.corners, a.corners)}


# Measured: with the doubt settled only over 8 still frames, a copy of the slid card was
# still reported where it had lain 5 frames after the hand, at both seeds (hard 720p
# Pumafiosi, report seed 118: Bob's 23, slid from step 8 to step 7 while it was placed,
# was reported at step 8 for 6 s and booked placed there).
@pytest.mark.parametrize("seed", [7, 3])
def test_a_far_card_slid_on_is_not_reported_where_it_lay(seed):
    frames, slid = _slid_sequence(seed)
    detections = _run(TemporalDetector(catalog()), frames)
    assert slid & {s.marker for s in detections[24].sightings}
    for detection in detections[-8:]:
        assert score(detection, frames[-1][1], 0.0).false == 0, detection.frame_index


def _turned_sequence(seed: int) -> list:
    """Far cards lying face down for 24 frames under the hardest noise, then a hand's
    shadow over them as they are turned face up, and 20 frames of their faces."""
    faces = far_seat_scene(18, seed)
    faces = replace(faces, pieces=tuple(p for p in faces.pieces if p.piece.back_marker))
    backs = replace(faces, pieces=tuple(replace(p, face_up=False) for p in faces.pieces))
    bare, down, up = (render(s, (1280, 720)) for s in
                      (replace(faces, pieces=()), backs, faces))
    top = int(min(c[1] for m in up.markers for c in m.corners))
    below = int(max(c[1] for m in up.markers for c in m.corners))
    shadow = up.image.copy()
    shadow[top - 10:below + 10] = (shadow[top - 10:below + 10] * 0.6).astype(np.uint8)
    images = [bare.image] + [down.image] * 24 + [shadow] + [up.image] * 20
    return [(_hardest_noise(webcam_defects(image, 1000 * seed + i, "heavy"), 100 * seed + i),
             up) for i, image in enumerate(images)]


# Measured: 4 and 4 of the 4 faces by the last frame; with a back kept where its card had
# turned over (doubted, the faces read there were not taken), 1 and 1.
@pytest.mark.parametrize("seed,least", [(7, 3), (1, 3)])
def test_a_far_card_turned_over_is_read_by_its_face(seed, least):
    frames = _turned_sequence(seed)
    detections = _run(TemporalDetector(catalog()), frames)
    backs = {p.piece.back_marker for p in far_seat_scene(18, seed).pieces}
    assert {s.marker for s in detections[24].sightings} & backs
    last = score(detections[-1], frames[-1][1], 0.0)
    assert last.expected == 4 and last.found >= least, last
