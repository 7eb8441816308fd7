"""The look of each game's screen, in English and Vietnamese, pinned at a fixed size.

Each snapshot shows a game part-way (a second game under way, so the score chart shows;
Mafia during an Omertà with a clock per turn, so its banner and clocks show). The moves
are ten seconds apart and the app's clock is frozen 25 s after the last one, so the
clocks always read the same. Update after a deliberate change with
``pytest tests/dashboard --snapshot-update``.
"""

import pytest

from companion.dashboard.app import TableApp
from companion.dashboard.feed import CameraStatus, SeenTable, SeenZone
from companion.live_table import Table
from companion.session import Session, parse_header
from tests.dashboard.fixtures import camera_frame, session_lines

SIZE = (120, 42)
STATES = {"pumafiosi": ("pumafiosi-full-3p-items", 47),
          "pungi": ("pungi-series-4p", 54),
          "mafia": ("mafia-mobsters-win", 21)}


TURN_SECONDS = 60.0
FROZEN_AT = 1000.0


def app_at(game: str, lang: str, moves_in: int | None = None) -> TableApp:
    name, state_moves = STATES[game]
    moves_in = moves_in or state_moves
    header, moves = session_lines(name)
    table = Table(Session(parse_header(header)))
    table.apply_all(dict(move, t=10.0 * i) for i, move in enumerate(moves[:moves_in]))
    app = TableApp(table, lang=lang, turn_seconds=TURN_SECONDS, clock=lambda: FROZEN_AT)
    app.live.clock = lambda: FROZEN_AT + 25.0
    return app


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("game", list(STATES))
def test_screen_looks_as_pinned(snap_compare, game, lang):
    assert snap_compare(app_at(game, lang), terminal_size=SIZE)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
@pytest.mark.parametrize("game", list(STATES))
def test_screen_looks_as_pinned_small_and_large(snap_compare, game, size):
    """The compact layout of an 80x24 terminal and the roomy one of 200x60."""
    assert snap_compare(app_at(game, "en"), terminal_size=size)


@pytest.mark.parametrize("size", [(120, 42), (200, 60)], ids=["120x42", "200x60"])
def test_a_vietnamese_announcement_keeps_its_marks(snap_compare, size):
    """"Ann đặt 16 ở bậc 2" in block letters: a tone beside a circumflex (Ậ), the dot
    below apart from its letter, the horn of Ơ, Đ; in half blocks, and large."""
    assert snap_compare(app_at("pumafiosi", "vi", moves_in=44), terminal_size=size)


def test_camera_panel_and_status_look_as_pinned(snap_compare):
    app = app_at("pumafiosi", "en")

    async def feed_the_camera(pilot):
        app.show_camera(
            CameraStatus(fps=15.0, cards_seen=4,
                         warnings=("card 23 should be on step 7, it is on step 8",)),
            SeenTable((SeenZone("step 8", ("23",)), SeenZone("step 2", ("16",)),
                       SeenZone("Ann's play", ("19",)), SeenZone("Bob's play", ("30",)),
                       SeenZone("Cy's play", ()))))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=feed_the_camera)


def test_camera_frame_looks_as_pinned(snap_compare):
    """The rendered, outlined frame in half blocks (vision.render gives the same bytes)."""
    app = app_at("pumafiosi", "en")
    frame, cards = camera_frame()

    async def feed_a_frame(pilot):
        app.show_camera(CameraStatus(fps=15.0, cards_seen=cards),
                        SeenTable((SeenZone("step 8", ("23",)),), frame=frame))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=feed_a_frame)


def test_camera_plan_looks_as_pinned(snap_compare):
    """The plan of the bundled recording's table (its calibration's zones), a card of
    Ann's on step 8 and one of Bob's in his play zone."""
    from companion.bundled import RECORDINGS
    from companion.dashboard.camera_app import seat_owner, zone_name, zone_short
    from companion.dashboard.feed import PlanCard, PlanZone, TablePlan
    from companion.live.recording import load_recording
    from companion.live.reproduce import recorded_table

    app = app_at("pumafiosi", "en")
    names = app.table.names
    table_map, _ = recorded_table(load_recording(RECORDINGS / "pumafiosi-3p"))
    zones = {z.name: z for z in table_map.zones}
    plan = TablePlan(tuple(float(v) for v in table_map.calibration.table_mm),
                     tuple(PlanZone(zone_name(z.name, names), zone_short(z.name, names),
                                    tuple(map(tuple, z.polygon)), seat_owner(z.name, names),
                                    0 if z.kind in ("seat", "play") else 1)
                           for z in table_map.zones),
                     (PlanCard("23", zones["step:8"].centre, "Ann"),
                      PlanCard("30", zones["play:2"].centre, "Bob")))

    async def feed_the_plan(pilot):
        app.show_camera(CameraStatus(fps=15.0, cards_seen=2),
                        SeenTable((SeenZone("step 8", ("23",)),), plan=plan))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=feed_the_plan)
