"""The still table read closer (vision.still): upscaled, and with its contrast evened out
for markers in a dim corner, on rendered tables through the real detector."""

import cv2
import numpy as np
import pytest

from companion.piece_catalog import piece_shapes
from companion.simulator.scenes import table_scene
from vision.render import render
from vision.still import CLOSER, closer_detection
from vision.types import CameraPose

from tests.calibration.calibration_tables import DIM_ROOM, DIM_TABLE, detector, dim_table


def corner_marker(number: int) -> int:
    return next(m for m, shape in piece_shapes().items() if shape.anchor == f"corner:{number}")


def test_a_dim_corner_marker_no_plain_read_decodes_is_read_at_its_place():
    rendered = dim_table()
    corner_2 = next(m for m in rendered.markers if m.marker == corner_marker(2))
    # in view and nothing over it, as large as corner 3, but far from the lamp: its paper
    # and ink a few grey levels apart, read neither as it is nor upscaled
    assert corner_2.visible_fraction == 1.0 and corner_2.side_px > 20
    plain = [s.marker for s in detector().detect(rendered.image).sightings]
    assert corner_2.marker not in plain
    found = {s.marker: s for s in closer_detection(detector(), rendered.image).sightings}
    assert {corner_marker(n) for n in (1, 2, 3, 4)} <= set(found)
    # within the frame's shake of where it was drawn
    off = np.abs(np.subtract(found[corner_2.marker].corners, corner_2.corners)).max()
    assert off < 2.0


def test_markers_the_upscaled_read_decodes_keep_its_corners():
    image = dim_table().image
    big = cv2.resize(image, None, fx=CLOSER, fy=CLOSER, interpolation=cv2.INTER_CUBIC)
    upscaled = {f.marker: (f.corners + 0.5) / CLOSER - 0.5
                for f in detector().find(cv2.cvtColor(big, cv2.COLOR_BGR2GRAY))}
    assert len(upscaled) >= 3
    found = {s.marker: s.corners for s in closer_detection(detector(), image).sightings}
    for marker, corners in upscaled.items():
        assert np.allclose(found[marker], corners)


@pytest.mark.parametrize("texture", ["check", "wood"])
def test_evening_out_a_bare_dim_table_finds_no_marker(texture):
    pose = CameraPose(target_mm=(400.0, 300.0), distance_mm=1050.0, tilt_deg=50.0, k1=-0.25)
    image = render(table_scene((), DIM_TABLE, with_corners=False, camera=pose, texture=texture,
                               blur_sigma=0.5, noise_sigma=0.0, jpeg_quality=65,
                               conditions=DIM_ROOM, seed=7), (1280, 720)).image
    detection = closer_detection(detector(), image)
    assert detection.sightings == () and detection.unknown_markers == 0
