"""Pungi: whose turn, the round and the pile's size in the heading, the board
(companion.board.pungi), and each player's live score (what the charmers make of their
snakes) and series total."""

from __future__ import annotations

from rich.text import Text

from companion.dashboard.screens.base import GameScreen
from companion.dashboard.widgets.colours import seat_style
from companion.dashboard.widgets.columns import columns
from companion.games.pungi import collection_points
from companion.i18n import t, term
from companion.manual import pungi as words


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

    def scores(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        rows = [[(name, seat_style(names, name)), (str(collection_points(cards)), "bold"),
                 (str(game.scores[name]), "bold")] for name, cards in game.collections.items()]
        text = columns([t(lang, "word.player"), t(lang, "pungi.live"), t(lang, "pungi.total")],
                       rows)
        return text
