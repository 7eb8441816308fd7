"""The look of each game's screen, in English and Vietnamese, pinned at a fixed size.

Each snapshot shows a game part-way (a second game under way, so the score chart shows;
Mafia during an Omertà, so its banner shows); there is no clock or blinking on screen.
Update after a deliberate change with ``pytest tests/dashboard --snapshot-update``.
"""

import pytest

from companion.dashboard.app import TableApp
from companion.dashboard.table import Table
from companion.session import Session, parse_header
from tests.dashboard.fixtures import session_lines

SIZE = (120, 42)
STATES = {"pumafiosi": ("pumafiosi-full-3p-items", 47),
          "pungi": ("pungi-series-4p", 54),
          "mafia": ("mafia-mobsters-win", 21)}


def app_at(game: str, lang: str) -> TableApp:
    name, moves_in = STATES[game]
    header, moves = session_lines(name)
    table = Table(Session(parse_header(header)))
    table.apply_all(moves[:moves_in])
    return TableApp(table, lang=lang)


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("game", list(STATES))
def test_screen_looks_as_pinned(snap_compare, game, lang):
    assert snap_compare(app_at(game, lang), terminal_size=SIZE)
