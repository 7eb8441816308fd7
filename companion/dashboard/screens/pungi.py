"""Pungi: the layout beside the pungi, the animals played, the majority animal, who took
which snake, and each player's snakes with the live score their charmers give."""

from __future__ import annotations

from rich.text import Text

from companion.dashboard.screens.base import GameScreen
from companion.dashboard.table import Table
from companion.dashboard.widgets.colours import seat_style
from companion.dashboard.widgets.columns import columns
from companion.games.pungi import CHARMER, MajorityFound, SnakeTaken, collection_points
from companion.i18n import t, term
from companion.manual import pungi as words


def _snake(card, lang: str) -> str:
    return term(lang, CHARMER) if card == CHARMER else f"{card:+d}" if card else "0"


def last_hand_out(table: Table):
    """The latest round's majority animal and snakes handed out, if any is in force."""
    for outcomes in reversed(table.in_force):
        taken = [o for o in outcomes if isinstance(o, SnakeTaken)]
        if taken:
            majority = next(o.animal for o in outcomes if isinstance(o, MajorityFound))
            return majority, taken
    return None, []


class PungiScreen(GameScreen):
    forms = words.FORMS

    def to_act(self) -> str | None:
        game = self.table.game
        return game.to_act

    def example_fields(self) -> dict[str, str]:
        return {**super().example_fields(),
                "cards": words.layout_example(len(self.table.names))}

    def help_fields(self, lang: str) -> dict[str, str]:
        # The help names the deck's animals: a new player cannot guess them.
        return {**super().help_fields(lang),
                "animals": ", ".join(term(lang, a) for a in self.table.game.animals)}

    @property
    def keywords(self) -> tuple[str, ...]:
        return (*words.WORDS, *self.table.game.animals)

    def parse(self, text: str) -> dict:
        return words.parse(text, self.table.names, self.table.game.animals)

    def games_in_series(self) -> int:
        return self.table.game.games_in_series

    def heading(self, lang: str) -> Text:
        game = self.table.game
        text = Text(t(lang, "game.pungi"), style="bold")
        # Whose turn first: a narrow terminal cuts the line's end.
        if game.phase == "play":
            text.append("  ▶ " + t(lang, "pungi.to_play", player=game.to_act))
        elif game.phase == "layout":
            text.append("  ▶ " + t(lang, "pungi.to_layout", player=game.first_player))
        text.append("  " + t(lang, "pungi.game", n=game.game_number, of=game.games_in_series))
        text.append("  " + t(lang, "pungi.round", n=game.round_number) + ", ")
        text.append(game.first_player, style=seat_style(self.table.names, game.first_player))
        text.append(" " + t(lang, "pungi.first"))
        text.append("  " + t(lang, "pungi.pile", n=game.pile_size))
        return text

    def board(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        text = Text().append(t(lang, "pungi.layout") + "\n", style="bold underline")
        text.append("  PUNGI ▶ ", style="bold")
        for card in game.layout:
            text.append(f" {_snake(card, lang)} ", style="bold reverse")
            text.append(" ")
        if not game.layout:
            text.append("—", style="dim")
        text.append("\n\n" + t(lang, "pungi.animals") + "\n", style="bold underline")
        for player, animal, value in game.plays:
            text.append(f"  {player} ", style=seat_style(names, player))
            text.append(f"{term(lang, animal)} {value}\n")
        if not game.plays:
            text.append("  —\n", style="dim")
        majority, taken = last_hand_out(self.table)
        if taken:
            text.append("\n" + t(lang, "pungi.handed_out") + "\n", style="bold underline")
            text.append("  " + (t(lang, "pungi.majority", animal=term(lang, majority))
                                if majority else t(lang, "pungi.no_majority")) + "\n")
            for outcome in taken:
                text.append(f"  {outcome.player} ", style=seat_style(names, outcome.player))
                text.append(f"← {_snake(outcome.card, lang)}\n")
        # On the board, not under the scores: the side column keeps its rows for the
        # camera, and the board's blocks go side by side on a small screen.
        text.append("\n" + t(lang, "pungi.snakes"), style="bold underline")
        for name, cards in game.collections.items():
            text.append(f"\n  {name}: ", style=seat_style(names, name))
            text.append(" ".join(_snake(c, lang) for c in cards) or "—")
        text.rstrip()
        return text

    def scores(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        rows = [[(name, seat_style(names, name)), (str(collection_points(cards)), "bold"),
                 (str(game.scores[name]), "bold")] for name, cards in game.collections.items()]
        text = columns([t(lang, "word.player"), t(lang, "pungi.live"), t(lang, "pungi.total")],
                       rows)
        return text
