"""The table renderer: deterministic, and its ground truth is what cv2.aruco sees."""

import dataclasses

import cv2
import numpy as np
import pytest

from companion.piece_catalog import deck_pieces

from companion.simulator.scenes import scatter, table_corners, table_scene
from vision.markers import dictionary
from vision.render import camera_matrix, render
from vision.types import CameraPose, Hand, Placed, Scene
from vision.video import write_mjpeg

TABLE = (800.0, 600.0)


def detect(image):
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary()).detectMarkers(grey)
    if ids is None:
        return []
    return list(zip(ids.ravel().tolist(), [c.reshape(4, 2) for c in corners]))


def card_scene(seed=0, count=12, game="pumafiosi", **fields):
    pieces = deck_pieces(game)[:count]
    fields.setdefault("camera", CameraPose(tilt_deg=20.0))
    return table_scene(scatter(pieces, TABLE, seed=seed), TABLE, seed=seed, **fields)


def corner_errors(rendered, found):
    """Per truth marker (fully visible): the largest corner error of the nearest detection
    with its id, or None when none is within 5 px."""
    out = []
    for truth in rendered.markers:
        if truth.visible_fraction < 1:
            continue
        t = np.array(truth.corners)
        errors = [np.abs(q - t).max() for m, q in found if m == truth.marker]
        best = min(errors, default=None)
        out.append((truth, best if best is not None and best < 5 else None))
    return out


def test_same_scene_same_bytes_other_seed_other_frame():
    scene = card_scene(seed=3, hands=(Hand(300.0, 250.0),), glare=0.5, blur_sigma=0.7)
    a, b = render(scene), render(scene)
    assert np.array_equal(a.image, b.image) and a.markers == b.markers
    c = render(dataclasses.replace(scene, seed=4))
    assert not np.array_equal(a.image, c.image)
    assert a.image.shape == (720, 1280, 3) and a.image.dtype == np.uint8


def test_frames_of_one_video_differ_only_by_sensor_noise():
    scene = card_scene(seed=8, hands=(Hand(420.0, 260.0),), glare=0.3, noise_sigma=3.0)
    first, second = render(scene), render(dataclasses.replace(scene, frame=1))
    assert first.markers == second.markers
    difference = np.abs(first.image.astype(int) - second.image)
    assert 0 < difference.mean() < 6


@pytest.mark.parametrize("tilt", [0.0, 25.0, 45.0])
def test_truth_corners_match_what_aruco_detects_on_sharp_frames(tilt):
    scene = card_scene(seed=int(tilt), camera=CameraPose(tilt_deg=tilt, distance_mm=1000.0),
                       blur_sigma=0.0, noise_sigma=1.0, jpeg_quality=None)
    rendered = render(scene, (1920, 1080))
    pairs = corner_errors(rendered, detect(rendered.image))
    assert len(pairs) >= 20
    missed = [t.marker for t, e in pairs if e is None and t.side_px >= 20]
    assert missed == []
    errors = np.array([e for _, e in pairs if e is not None])
    assert np.percentile(errors, 95) <= 1.5 and errors.max() <= 2.0


def test_lens_distortion_moves_the_truth_with_the_image():
    scene = card_scene(seed=5, camera=CameraPose(tilt_deg=15.0, distance_mm=1000.0, k1=-0.2),
                       noise_sigma=1.0, jpeg_quality=None)
    rendered = render(scene, (1920, 1080))
    assert rendered.homography_table_to_image is None
    pairs = corner_errors(rendered, detect(rendered.image))
    errors = np.array([e for _, e in pairs if e is not None])
    assert len(errors) >= 0.95 * len(pairs) and np.percentile(errors, 95) <= 1.5
    # OpenCV's own model undoes it: the truth of the same scene through an ideal lens
    ideal = render(dataclasses.replace(scene, camera=dataclasses.replace(scene.camera, k1=0.0)),
                   (1920, 1080))
    k = camera_matrix(scene.camera, (1920, 1080))
    assert [m.marker for m in rendered.markers] == [m.marker for m in ideal.markers]
    moved = []
    for bent, straight in zip(rendered.markers, ideal.markers):
        back = cv2.undistortPoints(np.array(bent.corners).reshape(-1, 1, 2), k,
                                   np.array([-0.2, 0, 0, 0]), P=k).reshape(-1, 2)
        assert np.abs(back - np.array(straight.corners)).max() < 0.05
        moved.append(np.abs(np.array(bent.corners) - np.array(straight.corners)).max())
    assert max(moved) > 5    # the lens really bends the edges of the frame


def test_homography_maps_the_table_corners_onto_the_corner_markers():
    scene = table_scene((), TABLE, camera=CameraPose(tilt_deg=30.0, distance_mm=1300.0))
    rendered = render(scene, (1280, 720))
    h = rendered.homography_table_to_image
    truth = {m.marker: np.array(m.corners) for m in rendered.markers}
    assert sorted(truth) == [0, 1, 2, 3]
    for marker, corner in zip((0, 1, 2, 3), table_corners(TABLE)):
        quad = truth[marker]
        p = cv2.perspectiveTransform(np.array([[corner]], np.float64), h)[0, 0]
        # the diagonals of the projected square cross at the projected centre
        assert np.linalg.norm(p - (quad[0] + quad[2]) / 2) < 3
    assert sorted(m for m, _ in detect(rendered.image)) == [0, 1, 2, 3]


def test_hands_and_cards_on_top_hide_markers():
    pieces = deck_pieces("pungi")[1:3]
    lower = Placed(pieces[0], 300.0, 300.0)
    upper = Placed(pieces[1], 330.0, 250.0, angle_deg=10.0, z=1)   # over lower's corner
    hand_target = Placed(deck_pieces("pungi")[3], 520.0, 300.0)
    hand = Hand(520.0, 300.0, from_angle_deg=270.0, width_mm=90.0)
    scene = table_scene((lower, upper, hand_target), TABLE, hands=(hand,),
                        camera=CameraPose(distance_mm=900.0), noise_sigma=1.0)
    rendered = render(scene, (1920, 1080))
    fractions = {}
    for truth in rendered.markers:
        fractions.setdefault(truth.marker, []).append(truth.visible_fraction)
    assert min(fractions[lower.piece.marker]) < 1 and max(fractions[lower.piece.marker]) == 1
    assert fractions[upper.piece.marker] == [1.0, 1.0]
    assert min(fractions[hand_target.piece.marker]) < 0.5
    seen = [m for m, _ in detect(rendered.image)]
    assert seen.count(upper.piece.marker) == 2
    assert seen.count(hand_target.piece.marker) < 2


def test_markers_off_the_frame_are_partly_visible():
    piece = deck_pieces("mafia")[0]
    scene = table_scene((Placed(piece, 400.0, 300.0),), TABLE, with_corners=False,
                        camera=CameraPose(target_mm=(165.0, 300.0), distance_mm=350.0))
    rendered = render(scene, (1280, 720))
    assert any(0 < m.visible_fraction < 1 for m in rendered.markers)


def test_face_down_shows_the_back_marker_or_nothing():
    pungi = {p.label: p for p in deck_pieces("pungi")}
    mouse, snake = pungi["mouse 3"], pungi["snake +2"]
    scene = table_scene((Placed(mouse, 300.0, 300.0, face_up=False),
                         Placed(snake, 500.0, 300.0, face_up=False)), TABLE, with_corners=False,
                        camera=CameraPose(distance_mm=900.0))
    rendered = render(scene, (1280, 720))
    assert [m.marker for m in rendered.markers] == [mouse.back_marker] * 2
    assert sorted(m for m, _ in detect(rendered.image)) == [mouse.back_marker] * 2


@pytest.mark.parametrize("texture", ["wood", "cloth", "laminate"])
def test_tables_without_markers_show_none(texture):
    for seed in range(3):
        scene = Scene(TABLE, (), camera=CameraPose(tilt_deg=15.0 * seed), texture=texture,
                      hands=(Hand(300.0, 300.0), Hand(500.0, 350.0, from_angle_deg=60.0)),
                      glare=0.7, light_gradient=0.8, seed=seed)
        rendered = render(scene, (1280, 720))
        assert rendered.markers == () and detect(rendered.image) == []


def test_bad_scenes_are_refused():
    with pytest.raises(ValueError, match="texture"):
        render(Scene(TABLE, (), texture="marble"))
    with pytest.raises(ValueError, match="tilt"):
        render(Scene(TABLE, (), camera=CameraPose(tilt_deg=95.0)))


def test_rendered_frames_survive_an_mjpeg_video(tmp_path):
    frames = [render(card_scene(seed=s, count=5, blur_sigma=0.0), (640, 360)).image
              for s in range(3)]
    path = tmp_path / "table.avi"
    assert write_mjpeg(path, frames, fps=15) == 3
    capture = cv2.VideoCapture(str(path))
    read = []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        read.append(frame)
    capture.release()
    assert len(read) == 3 and read[0].shape == (360, 640, 3)
    assert np.abs(read[1].astype(int) - frames[1]).mean() < 6
    with pytest.raises(ValueError, match="avi"):
        write_mjpeg(tmp_path / "table.mp4", frames)


def test_k2_bends_the_frame_and_its_truth_as_opencv_says():
    camera = CameraPose(tilt_deg=30.0, distance_mm=1000.0, k1=-0.12, k2=-0.05)
    scene = card_scene(seed=6, camera=camera, noise_sigma=1.0, jpeg_quality=None)
    rendered = render(scene, (1280, 720))
    pairs = corner_errors(rendered, detect(rendered.image))
    errors = np.array([e for _, e in pairs if e is not None])
    assert len(errors) >= 0.95 * len(pairs) and np.percentile(errors, 95) <= 1.5
    ideal = render(dataclasses.replace(scene, camera=dataclasses.replace(camera, k1=0.0, k2=0.0)),
                   (1280, 720))
    k = camera_matrix(camera, (1280, 720))
    for bent, straight in zip(rendered.markers, ideal.markers):
        back = cv2.undistortPoints(np.array(bent.corners).reshape(-1, 1, 2), k,
                                   np.array([-0.12, -0.05, 0, 0]), P=k).reshape(-1, 2)
        assert np.abs(back - np.array(straight.corners)).max() < 0.05

