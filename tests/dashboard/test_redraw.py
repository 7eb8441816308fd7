"""What a new content redraws: the whole screen laid out again only when a panel's size
follows its content and changes (a layout redraws every panel, and the demo makes one
move every second or so), and then the new content shown whole."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.dashboard.widgets.changed import update_changed
from companion.dashboard.widgets.history import History


class Panels(App):
    CSS = """
    #line { height: 1; }
    #auto { height: auto; }
    #pane { height: 8; }
    #held { height: auto; min-height: 100%; }
    #least { height: auto; min-height: 6; border: solid white; }
    History { height: 4; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="line")
        yield Static(id="auto")
        yield Static(id="least")
        with VerticalScroll(id="pane"):
            yield Static(id="held")
        yield History()


async def _layouts(app: App, pilot, change) -> int:
    """How many times the screen is laid out for ``change`` (its updates come on a timer:
    given time to come on a loaded machine)."""
    seen = []
    app.screen.screen_layout_refresh_signal.subscribe(app.screen, seen.append)
    change()
    await pilot.pause()
    await pilot.pause(0.3)
    app.screen.screen_layout_refresh_signal.unsubscribe(app.screen)
    return len(seen)


async def test_a_fixed_or_held_size_lays_nothing_out_and_a_grown_content_is_shown_whole():
    app = Panels()
    async with app.run_test(size=(40, 30)) as pilot:
        line, auto, held = (app.query_one(f"#{name}", Static) for name in ("line", "auto", "held"))
        update_changed(auto, "one")
        update_changed(held, "one")
        await pilot.pause()
        assert await _layouts(app, pilot, lambda: update_changed(line, "a heading")) == 0
        assert await _layouts(app, pilot, lambda: update_changed(auto, "two")) == 0
        # a line more in a panel held at its pane's height: nothing moves
        assert await _layouts(app, pilot, lambda: update_changed(held, "one\ntwo\nthree")) == 0
        assert held.size.height == 8 and "three" in str(held.content)
        # grown: laid out, and every line shown
        assert await _layouts(app, pilot, lambda: update_changed(auto, "1\n2\n3")) > 0
        assert auto.size.height == 3
        # beyond the minimum height: laid out too (the pane scrolls over it)
        assert await _layouts(app, pilot,
                              lambda: update_changed(held, "\n".join("x" * 12))) > 0
        assert held.size.height == 12


async def test_a_history_line_lays_nothing_out_but_its_scroll_bar_still_comes():
    app = Panels()
    async with app.run_test(size=(40, 30)) as pilot:
        history = app.query_one(History)
        await pilot.pause()
        assert await _layouts(app, pilot, lambda: history.write("Ann plays 37")) == 0
        for n in range(8):
            history.write(f"line {n}")
        await pilot.pause()
        await pilot.pause()
        assert history.show_vertical_scrollbar
        assert history.scroll_y == history.max_scroll_y > 0   # the newest line in sight


async def test_content_that_filled_its_panel_shrinking_to_its_minimum_height_lays_nothing_out():
    app = Panels()
    async with app.run_test(size=(40, 30)) as pilot:
        least = app.query_one("#least", Static)
        update_changed(least, "1\n2\n3\n4")   # fills the 6 rows less the border
        await pilot.pause()
        assert least.outer_size.height == 6
        assert await _layouts(app, pilot, lambda: update_changed(least, "one")) == 0
        assert least.outer_size.height == 6 and str(least.content) == "one"
        # beyond its minimum: laid out
        assert await _layouts(app, pilot, lambda: update_changed(least, "1\n2\n3\n4\n5")) > 0
        assert least.outer_size.height == 7
