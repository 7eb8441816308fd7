"""One screen per game, chosen by the session header's game."""

from __future__ import annotations

from companion.dashboard.screens.base import GameScreen
from companion.live_table import Table


def screen_for(table: Table) -> GameScreen:
    from companion.dashboard.screens import mafia, pumafiosi, pungi
    screens = {"pumafiosi": pumafiosi.PumafiosiScreen, "pungi": pungi.PungiScreen,
               "mafia": mafia.MafiaScreen}
    return screens[table.session.header.game](table)
