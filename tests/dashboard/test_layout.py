"""The dashboard at every terminal size from 80x24 to 200x60, the announcement's block
letters, and the camera panel's plan of the table (zones where they lie, cards in their
owners' colours), F3 cycling plan, image and map."""

import pytest
from rich.text import Text

from companion.dashboard.feed import (CameraStatus, PlanCard, PlanZone, SeenTable, SeenZone,
                                      TablePlan)
from companion.dashboard.widgets import big_type
from companion.dashboard.widgets.announcement import headline, key_words
from companion.dashboard.widgets.camera_panel import SEAT_BG, TABLE_BG, plan_text
from companion.dashboard.widgets.colours import seat_style
from companion.dashboard.widgets.columns import side_by_side
from tests.dashboard.fixtures import camera_frame
from tests.dashboard.pilot import shown, wait_for
from tests.dashboard.test_snapshots import STATES, app_at

NAMES = ("Ann", "Bob", "Cy")


def screen_lines(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("game", list(STATES))
async def test_at_80x24_nothing_that_matters_is_cut(game):
    app = app_at(game, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert {"-narrow", "-short"} <= screen.classes
        lines = screen_lines(app)
        text = "\n".join(lines)
        # The score table in one line a player, as wide as its widest row.
        scores = shown(pilot, "#scores").split("\n\n")[0].splitlines()
        assert all(line in text for line in scores)
        # The camera panel keeps rows of its own; the quit key is on the key line.
        assert screen.query_one("CameraPanel").content_size.height >= 3
        assert lines[-1].lstrip().startswith(("q quit", "ctrl+q quit"))
        if game == "mafia":   # both missions, and the Omertà banner
            assert "Mission 1" in text and "Mission 2" in text and "OMERTÀ" in text
        if game == "pumafiosi":   # the whole hierarchy beside this round's cards
            assert " 10  ·" in text and "-3  ·" in text and "wins the round" in text


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("size", [(80, 24), (120, 42), (200, 60)], ids=str)
async def test_pungi_shows_the_snakes_taken_and_the_pile_without_scrolling(size, lang):
    """A player reads their snakes, and which layouts the pile still allows, at a glance:
    at 80x24 too, above the board's fold. (Game 2, round 2 of four players: 29 cards left,
    the 31 snakes and 6 charmers less the layout and the round before.)"""
    charmer = {"en": "charmer", "vi": "người dụ rắn"}[lang]
    app = app_at("pungi", lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        for taken in ("Ann: 0", f"Bob: {charmer}", "Cy: +5", "Dee: -1"):
            assert f"  {taken} " in text, taken
        assert {"en": "Still in the pile", "vi": "Còn trong chồng bài"}[lang] in text
        assert f"  -6 -5 -4 -3×3 -2×3 -1×2 {charmer}×5 " in text
        assert "  +1×2 +2×2 +3×3 +4×3 +5 +6 +7 " in text


@pytest.mark.parametrize("lang", ["en", "vi"])
async def test_where_the_keys_do_not_fit_the_key_line_names_them_in_short(lang):
    from rich.cells import cell_len

    from companion.i18n import MESSAGES

    for key in ("help.play_short", "help.demo_short"):   # 80 columns, less the padding
        assert cell_len(MESSAGES[key][lang]) <= 78, key
    app = app_at("pungi", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        last = screen_lines(app)[-1].strip()
        assert last == MESSAGES["help.play_short"][lang]
        assert all(word in last for word in ("ctrl+q", "F1", "F2", "F3"))
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: "-narrow" not in app.screen.classes, what="120 columns")
        await pilot.pause()
        assert screen_lines(app)[-1].strip() == MESSAGES["help.play"][lang]   # in full
    for key in ("help.play", "help.demo"):   # which fits 120 columns
        assert cell_len(MESSAGES[key][lang]) <= 118, key


async def test_the_layout_follows_a_resized_terminal():
    app = app_at("pumafiosi", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        announcement = shown(pilot, "Announcement")
        assert "█" not in announcement   # no room: the sentences in bold
        await pilot.resize_terminal(200, 60)
        await wait_for(pilot, lambda: "-huge" in app.screen.classes, what="the big layout")
        await pilot.pause()
        assert {"-wide", "-huge"} <= app.screen.classes
        assert "-short" not in app.screen.classes
        big = shown(pilot, "Announcement").splitlines()
        assert big[:big_type.HEIGHT] == big_type.block_letters("BOB WINS WITH 30", large=True)
        assert big[-1] == "Game 2, round 2: Bob wins with 30, the second-highest card"
        # The history a column of its own beside the board and the side column, as tall
        # as they are; the camera panel as large as the side column leaves.
        history, board = (app.screen.query_one(s).region for s in ("History", "#board-pane"))
        assert history.x >= board.right + 60 and history.height == board.height > 30
        log = app.screen.query_one("History")   # its lines wrapped again to the column
        assert max(line.cell_length for line in log.lines) <= log.scrollable_content_region.width
        camera = app.screen.query_one("CameraPanel").content_size
        assert camera.width >= 60 and camera.height >= 25


def test_the_key_words_are_what_happened():
    assert key_words("Cy plays 43\nGame 2, round 2: Bob wins with 30, the second-highest "
                     "card") == ["Bob", "wins", "with", "30"]
    assert key_words("Undone: Ann plays mouse 10") == ["Undone:", "Ann", "plays", "mouse", "10"]
    assert key_words("Mission Docks smuggling opens in slot 1 ($7 yellow, 5 cards): Ann, "
                     "Bob assigned.")[:3] == ["Mission", "Docks", "smuggling"]
    # As many words as fit; too few across, no block letters.
    assert headline("Bob wins with 30", big_type.width("BOB WINS")) == "Bob wins"
    assert headline("Bob wins with 30", big_type.width("BOB WINS") - 1) is None


VIETNAMESE = ("AÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬDĐEÈÉẺẼẸÊỀẾỂỄỆIÌÍỈĨỊOÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢUÙÚỦŨỤƯỪỨỬỮỰ"
              "YỲÝỶỸỴ")


def test_block_letters_keep_the_vietnamese_marks():
    plain = big_type.block_letters("DAO 7")
    assert len(plain) == big_type.ROWS and {len(r) for r in plain} == {big_type.width("DAO 7")}
    assert set("".join(plain)) == set(" ▀▄█")
    # Marks above: one more row, the letters beneath as they were (Đ its own letter).
    marked = big_type.block_letters("ĐÀO 7")
    assert len(marked) == big_type.ROWS + 1 and marked[0].strip()
    assert big_type.block_letters("ÀO 7")[1:] == big_type.block_letters("AO 7")
    assert marked[1:] != plain
    # The dot below: a row of its own beneath, apart from the letter.
    dotted = big_type.block_letters("Ạ")
    assert dotted[:big_type.ROWS] == big_type.block_letters("A") and dotted[-1].strip()
    # Every letter of the Vietnamese alphabet its own drawing, none a "?", every row as wide.
    drawn = [tuple(big_type.block_letters(c)) for c in VIETNAMESE]
    assert all({len(row) for row in rows} == {big_type.width(c)}
               for c, rows in zip(VIETNAMESE, drawn))
    assert len(set(drawn)) == len(VIETNAMESE)
    assert tuple(big_type.block_letters("?")) not in drawn
    assert big_type.block_letters("nguyễn") == big_type.block_letters("NGUYỄN")
    large = big_type.block_letters("ĐẶT 7", large=True)
    assert len(large) == big_type.ABOVE + big_type.HEIGHT + big_type.BELOW
    assert {len(r) for r in large} == {big_type.width("ĐẶT 7", True)}
    assert big_type.block_letters("DAO 7", large=True)[0].startswith("██████  ")   # D's top


def test_blocks_go_side_by_side_only_where_they_fit():
    board = Text("A\n1\n2\n3\n\nB\n4\n5")
    assert side_by_side(board, 40, 8) is board                     # tall enough
    assert side_by_side(board, 40, 4).plain == "A  B\n1  4\n2  5\n3"
    assert side_by_side(board, 3, 4) is board                      # too narrow: it scrolls
    # The first blocks across, one too wide for that beneath them.
    wide = Text("A\n1\n\nB\n2\n\nC is a long block")
    assert side_by_side(wide, 10, 3).plain == "A  B\n1  2\n\nC is a long block"


# --- the plan ------------------------------------------------------------------------

def a_plan() -> TablePlan:
    """A 1000 x 600 mm table: two play zones at the camera's side, a step zone far away."""
    def box(x0, y0, x1, y1):
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))

    return TablePlan((1000.0, 600.0), (
        PlanZone("Ann's play", "Ann", box(50, 50, 450, 250), "Ann", -1),
        PlanZone("Bob's play", "Bob", box(550, 50, 950, 250), "Bob", -1),
        PlanZone("step 8", "8", box(400, 400, 600, 550), None, 0)),
        (PlanCard("37", (250, 150), "Ann"), PlanCard("12", (750, 150), "Bob"),
         PlanCard("23", (500, 470), "Bob")))


def styled_at(text: Text, word: str) -> set[str]:
    """The styles over the first ``word`` in ``text``."""
    start = text.plain.index(word)
    return {str(span.style) for span in text.spans
            if span.start <= start and span.end >= start + len(word)}


def test_the_plan_draws_each_zone_where_it_lies_and_each_card_in_its_owners_colour():
    text = plan_text(a_plan(), NAMES, 60, 18)
    lines = text.plain.split("\n")
    assert len(lines) == 18 and {len(line) for line in lines} == {60}
    # The camera's side at the bottom: the step zone above the play zones, Ann left.
    row = {word: next(i for i, line in enumerate(lines) if word in line)
           for word in ("step 8", "Ann's play", "37", "23")}
    assert row["step 8"] < row["23"] < row["Ann's play"] < row["37"]
    assert lines[row["37"]].index("37") < lines[row["37"]].index("12")
    # Labels in the seat colours; the zones' grounds drawn under them.
    assert any(seat_style(NAMES, "Ann") in s for s in styled_at(text, "37"))
    assert any(seat_style(NAMES, "Bob") in s for s in styled_at(text, "12"))
    assert any(SEAT_BG in s for s in styled_at(text, "37"))
    assert any(TABLE_BG in str(span.style) for span in text.spans)


async def test_the_panel_shows_the_plan_and_f3_cycles_plan_image_map():
    app = app_at("pumafiosi", "en")
    frame, cards = camera_frame()
    seen = SeenTable((SeenZone("step 8", ("23",)),), frame=frame, plan=a_plan())
    async with app.run_test(size=(120, 42)) as pilot:
        app.show_camera(CameraStatus(fps=15.0, cards_seen=cards), seen)
        await pilot.pause()
        panel = app.screen.query_one("CameraPanel")
        assert app.camera_view == "plan" and panel.showing == "plan"
        assert "step 8" in shown(pilot, "CameraPanel") and "37" in shown(pilot, "CameraPanel")
        await pilot.press("f3")
        assert panel.showing == "image" and panel.render_line(0).text.strip()[0] == "▀"
        await pilot.press("f3")
        assert panel.showing == "map" and "step 8  [23]" in shown(pilot, "CameraPanel")
        await pilot.press("f3")
        assert panel.showing == "plan"


async def test_the_demo_draws_the_recorded_table_as_a_plan():
    """The bundled recording through the camera pipeline: its calibration's zones and
    the cards the tracker holds, in the players' colours."""
    from companion.commands.demo import recording_demo_app

    app = recording_demo_app("pumafiosi-3p")
    async with app.run_test(size=(120, 42)) as pilot:
        await pilot.press("n")   # on to the first move the camera reads
        await wait_for(pilot, lambda: app.seen_table is not None
                       and app.seen_table.plan is not None
                       and any(c.owner for c in app.seen_table.plan.cards),
                       timeout=60, what="a card of a player's on the plan")
        await pilot.pause()
        plan = app.seen_table.plan
        assert {z.name for z in plan.zones} >= {"step 8", "Ann's play", "Cy's seat"}
        card = next(c for c in plan.cards if c.owner)
        panel = app.screen.query_one("CameraPanel")
        drawn = panel.render()
        assert any(seat_style(app.table.names, card.owner) in s
                   for s in styled_at(drawn, card.label))


async def test_a_new_frame_redraws_only_the_image_rows_that_changed():
    app = app_at("pumafiosi", "en")
    frame, cards = camera_frame()
    async with app.run_test(size=(120, 42)) as pilot:
        app.camera_view = "image"
        app.show_camera(CameraStatus(fps=15.0, cards_seen=cards), SeenTable((), frame=frame))
        await pilot.pause()
        panel = app.screen.query_one("CameraPanel")
        assert panel.showing == "image"
        drawn = []
        render_line = panel.render_line
        panel.render_line = lambda y: drawn.append(y) or render_line(y)
        # a hand over the bottom of the table: the rows above it stay as they are
        covered = frame.copy()
        covered[-40:] = (40, 60, 200)
        app.show_camera(CameraStatus(fps=15.0, cards_seen=cards), SeenTable((), frame=covered))
        await pilot.pause()
        rows = panel.content_size.height
        assert drawn and max(drawn) < rows and min(drawn) > rows // 2, drawn
        assert [render_line(y) for y in range(rows)] == panel._frame_lines()
        # the same picture again: nothing is drawn
        drawn.clear()
        app.show_camera(CameraStatus(fps=15.0, cards_seen=cards),
                        SeenTable((), frame=covered.copy()))
        await pilot.pause()
        assert drawn == []


@pytest.mark.parametrize("lang", ["en", "vi"])
async def test_at_80x24_a_long_refusal_is_shown_whole(lang):
    from companion.dashboard.app import TableApp
    from companion.live_table import Table
    from companion.session import Session, parse_header
    from tests.dashboard.pilot import enter
    from tests.dashboard.test_rule_reasons import PUMA, ROUND

    table = Table(Session(parse_header(PUMA)))
    for move in ROUND:
        table.apply(move)
    async with TableApp(table, lang=lang).run_test(size=(80, 24)) as pilot:
        await enter(pilot, "place 30 at 8")   # Bob won the round with 20
        await pilot.pause()
        said = shown(pilot, "#message")
        text = " ".join(" ".join(line.split()) for line in screen_lines(pilot.app))
        assert len(said) > 78 and " ".join(said.split()) in text, said
        assert screen_lines(pilot.app)[-1].lstrip().startswith("ctrl+q")
