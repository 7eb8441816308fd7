"""Pumafiosi: whose turn, the game and the round in the heading, the board
(companion.board.pumafiosi), and each player's wealth (the positive points carried over),
penalty this game and running score."""

from __future__ import annotations

from rich.text import Text

from companion.dashboard.screens.base import GameScreen
from companion.dashboard.widgets.colours import seat_style
from companion.dashboard.widgets.columns import columns
from companion.games.pumafiosi import GAMES, ROUNDS
from companion.i18n import puma_turn, t
from companion.journal_rewrite import named_place, named_unseen
from companion.manual import pumafiosi as words


class PumafiosiScreen(GameScreen):
    forms = words.FORMS
    keywords = words.WORDS

    def to_act(self) -> str | None:
        return self.table.game.to_act

    def parse(self, text: str) -> dict:
        game = self.table.game
        placer = game.to_act if game.phase == "place" else None
        return words.parse(text, self.table.names, placer)

    def enter(self, move: dict) -> bool:
        if move["type"] != "had":
            return super().enter(move)
        # the unseen play (or place) named: the journal rewritten from it on
        session = self.table.session
        if "step" in move:
            return self.enter_rewrite(lambda: named_place(session, move["player"],
                                                          move["card"], move["step"]))
        return self.enter_rewrite(lambda: named_unseen(session, move["player"], move["card"]))

    def games_in_series(self) -> int:
        return GAMES

    def heading(self, lang: str) -> Text:
        game = self.table.game
        text = Text(t(lang, "game.pumafiosi"), style="bold")
        # Whose turn first: a narrow terminal cuts the line's end.
        if game.phase != "over":
            text.append("  ▶ " + puma_turn(lang, game.phase, game.to_act))
        text.append("  " + t(lang, "puma.game", n=game.game_number, of=GAMES))
        text.append("  " + t(lang, "puma.round", n=game.round_number, of=ROUNDS))
        text.append("  " + t(lang, "puma.start") + " ")
        text.append(game.start_player, style=seat_style(self.table.names, game.start_player))
        return text

    def scores(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        wealth, penalties = game.wealth, game.penalties
        rows = [[(name, seat_style(names, name)), (str(wealth[name]), "bold green"),
                 (str(penalties[name]), "bold red"), (str(game.scores[name]), "bold")]
                for name in names]
        text = columns([t(lang, "word.player"), t(lang, "puma.wealth"), t(lang, "puma.penalty"),
                        t(lang, "word.score")], rows)
        return text
