"""The values that flow through vision/: frames in, sightings out, scenes to render.

vision/ knows markers and pixels, nothing about games. Which card a marker belongs to
comes from a catalogue handed in by the caller (``Mapping[int, CardRef]``), built from
the decks in companion/decks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from vision.messages import PROBLEMS

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]
"""A marker's four corners in pixels, in the marker's own order: its top-left corner
first, then clockwise (as cv2.aruco reports them)."""


@dataclass(frozen=True, eq=False)
class Frame:
    image: np.ndarray  # BGR (or grey) uint8
    timestamp: float   # seconds since the source started
    index: int         # 0-based frame number within the source
    source: str = ""   # path or description, for messages


@dataclass(frozen=True)
class Problem:
    """What went wrong reading frames, for a person: ``code`` and ``fields`` what it means;
    ``str()`` its English (vision.messages), so the layer that shows it can say it in the
    table's language from the code, without reading the English.

    >>> problem = Problem("no_such_file", {"path": "game.avi"})
    >>> str(problem), problem.fields["path"]
    ('game.avi: no such file', 'game.avi')
    """

    code: str
    fields: dict[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        return PROBLEMS[self.code]["en"].format(**self.fields)


@dataclass(frozen=True)
class CardRef:
    """What a marker identifies: a physical piece (``key``) and which side of it shows.

    ``key`` is stable and readable, e.g. ``"pumafiosi/37"``; a back marker shared by many
    cards (a Pungi mouse back) has a key naming the back, e.g. ``"pungi/back/mouse"``.
    """

    key: str
    side: str  # "face" or "back"
    label: str = ""


@dataclass(frozen=True)
class Sighting:
    marker: int          # AprilTag 36h11 id
    card: CardRef
    corners: Quad        # pixels
    confidence: float    # 0..1 (decoding margin, sharpness, agreement over frames)


@dataclass(frozen=True)
class QrCode:
    payload: bytes
    corners: Quad
    reader: str          # which reader found it ("zxing", "zbar", ...)


@dataclass(frozen=True)
class Detection:
    """Everything found in one frame."""

    frame_index: int
    timestamp: float
    sightings: tuple[Sighting, ...]
    unknown_markers: int = 0           # fiducials with ids not in the catalogue: ignored
    qr: tuple[QrCode, ...] = ()


# --- the table renderer's input ----------------------------------------------------

class Printed(Protocol):
    """A ready-made printed surface (e.g. a sticker sheet page) that the renderer lays
    on the table as a piece: hashable, and drawn at any resolution as an Artwork
    (vision.sticker.Artwork: BGR image, optional mask, and its markers' corners)."""

    def artwork(self, px_per_mm: float) -> Any: ...


@dataclass(frozen=True)
class PieceSpec:
    """A physical piece as printed: its size, its markers, its label (from a deck)."""

    marker: int              # face marker id, printed twice in opposite corners
    label: str               # small human-readable label on the sticker
    size_mm: tuple[float, float]
    marker_mm: float
    round: bool = False      # item tokens are round
    back_marker: int | None = None  # the back's marker, for pieces whose back is read
    back_label: str = ""     # the back sticker's label, e.g. "mouse back"
    printed: "Printed | None" = None  # artwork drawn instead of generated card art


@dataclass(frozen=True)
class Placed:
    """A piece lying on the table, in table millimetres (x right, y away from the camera)."""

    piece: PieceSpec
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    face_up: bool = True
    z: int = 0               # stacking order: higher lies on top
    velocity_mm_s: Point = (0.0, 0.0)   # moving with a hand: blurred if the shutter is slow
    height_mm: float = 0.0   # held this high above the table (a card in the air): drawn
                             # where it projects, larger and shifted, not at (x, y)


@dataclass(frozen=True)
class CameraPose:
    """Where the camera is: above the point (x, y) of the table, tilted towards it."""

    target_mm: Point = (400.0, 300.0)   # the table point at the image centre
    distance_mm: float = 1100.0          # from the lens to that point
    tilt_deg: float = 0.0                # 0 = straight down, up to 45
    pan_deg: float = 0.0                 # rotation about the vertical axis
    fov_deg: float = 70.0                # horizontal field of view
    k1: float = 0.0                      # radial lens distortion (OpenCV's k1, k2)
    k2: float = 0.0


@dataclass(frozen=True)
class Hand:
    """A hand and forearm reaching in from the table edge towards a point (occluder)."""

    x_mm: float
    y_mm: float
    from_angle_deg: float = 270.0        # direction the arm comes from
    width_mm: float = 90.0
    velocity_mm_s: Point = (0.0, 0.0)    # blurred along it if the shutter is slow
    height_mm: float = 0.0               # the hand this high above the table (holding a card)


@dataclass(frozen=True)
class Conditions:
    """What a real webcam in a real room adds to the drawn table (vision.camera_effects).
    Every effect is off by default: a default Scene renders as it always has."""

    exposure_s: float = 0.0      # shutter time: moving hands and cards smear along their motion
    shake_px: float = 0.0        # camera shake: each frame smeared up to this far, any direction
    light_level: float = 1.0     # room light (1 = bright); the camera's gain makes up for a dim
                                 # room, and amplifies the sensor noise with it
    read_noise: float = 0.0      # sensor read noise, grey levels before the gain
    shot_noise: float = 0.0      # photon noise: variance = shot_noise x signal (grey levels)
    exposure_drift: float = 0.0  # auto-exposure hunting: the gain swings by +- this fraction
    drift_period_s: float = 7.0
    vignetting: float = 0.0      # how much darker the frame's corners are (0.3 = 30%)
    warmth: float = 0.0          # colour temperature: 1 = tungsten lamp (orange), -1 = cool
    light_slope: float = 0.0     # a straight light gradient: one side this much darker
    shadows: int = 0             # soft shadows (someone leaning over) drifting across
    shadow_strength: float = 0.35
    fps: float = 10.0            # the video's rate: drift and shadows move in seconds
    gloss: float = 0.0           # glossy cards: a lamp's specular spot on a card, moving with
                                 # the card's angle (1 = washes a marker out to white)
    gloss_mm: float = 14.0       # the spot's radius on the card
    defocus_px: float = 0.0      # depth of field: the blur (sigma, px) where the table lies a
                                 # quarter nearer or farther than the focus (the frame's centre)
    bayer: bool = False          # a Bayer sensor: one colour a pixel, demosaiced by the camera
    sharpen: float = 0.0         # the webcam's unsharp mask (halos along edges): its amount
    sharpen_px: float = 1.2      # and its radius (sigma)


@dataclass(frozen=True)
class Stickers:
    """Stickers as a person makes them (vision.handmade): the sheet ``companion cards
    print`` prints, rasterised at ``dpi`` in black and white with the ink spreading a
    little, cut out by hand (the scissors up to ``cut_mm`` off the printed cut line, the
    corners rounded or clipped up to ``corner_mm``) and stuck up to ``offset_mm`` and
    ``turn_deg`` off the printed guide, each on its corner; a share ``other_corners`` of
    the cards has its pair on the other two corners (the guide asks for opposite corners,
    and a person may pick either pair). Each sticker of each card is its own, drawn from
    ``seed``."""

    seed: int = 0
    dpi: float = 300.0
    ink_mm: float = 0.05         # the ink's spread (Gaussian sigma on paper)
    cut_mm: float = 0.6
    corner_mm: float = 1.5
    offset_mm: float = 2.0
    turn_deg: float = 4.0
    other_corners: float = 0.0


@dataclass(frozen=True)
class Scene:
    table_mm: tuple[float, float]        # table width, depth
    pieces: tuple[Placed, ...]
    camera: CameraPose = CameraPose()
    hands: tuple[Hand, ...] = ()
    texture: str = "wood"                # table surface: "wood", "cloth", "laminate", ...
    light_gradient: float = 0.3          # 0 = even light, 1 = strong falloff
    glare: float = 0.0                   # 0 = none, 1 = strong specular spot
    blur_sigma: float = 0.0              # pixels
    noise_sigma: float = 2.0             # sensor noise, grey levels
    jpeg_quality: int | None = 85        # None = no compression
    seed: int = 0
    frame: int = 0                       # frame of a video: changes only the sensor noise
                                         # (and the conditions' shake, drift and shadows),
                                         # so the table and light stay put between frames
    conditions: Conditions = Conditions()  # webcam and room effects, all off by default
    stickers: Stickers | None = None     # None: stickers exactly as the card art draws them


@dataclass(frozen=True)
class MarkerTruth:
    """Where a marker really is in a rendered frame, and how much of it shows."""

    marker: int
    corners: Quad
    side_px: float            # mean side length in pixels
    visible_fraction: float   # 1.0 = fully visible, 0 = hidden (by a hand, a card)


@dataclass(frozen=True)
class Rendered:
    image: np.ndarray                     # BGR uint8
    markers: tuple[MarkerTruth, ...] = field(default_factory=tuple)
    homography_table_to_image: np.ndarray | None = None  # 3x3, for undistorted frames
