"""Pumafiosi: the hierarchy column with owners and items, the round's cards in play
order with the winner marked, each player's wealth (the positive points carried over),
penalty this game and running score."""

from __future__ import annotations

from rich.text import Text

from companion.dashboard.screens.base import GameScreen
from companion.dashboard.widgets.colours import seat_style
from companion.dashboard.widgets.columns import columns
from companion.games.pumafiosi import GAMES, ROUNDS
from companion.i18n import puma_turn, t, term
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

    def _owners(self, text: Text, owners, lang: str) -> None:
        if not owners:
            text.append("Tony", style=seat_style(self.table.names, None))
        for i, owner in enumerate(owners):
            text.append(" & " if i else "")
            text.append(owner, style=seat_style(self.table.names, owner))

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

    def board(self, lang: str) -> Text:
        game = self.table.game
        text = Text().append(t(lang, "puma.hierarchy") + "\n", style="bold underline")
        for step, cards in game.hierarchy:
            text.append(f"{step:>3} ", style="bold")
            if not cards:
                text.append(" ·\n", style="dim")
                continue
            held = game.card_at(step) if step != -3 else None
            for i, (card, owners) in enumerate(cards):
                text.append(", " if i else "")
                text.append(f"{card:>3} ", style="bold reverse")
                text.append(" ")
                self._owners(text, owners, lang)
            if held and held[2]:
                text.append(f"  [{term(lang, held[2])}]", style="italic yellow")
            text.append("\n")
        # A card placed where nobody saw: on some step, which the table is asked.
        for owner, card in game.hidden:
            text.append("  ? ", style="bold")
            text.append(f"{card:>3} " if card is not None else t(lang, "puma.unread"),
                        style="bold reverse")
            text.append(" ")
            self._owners(text, (owner,), lang)
            text.append("  " + t(lang, "puma.hidden") + "\n", style="italic")
        text.append("\n" + t(lang, "puma.plays") + "\n", style="bold underline")
        winner = game.to_act if game.phase == "place" else None
        for player, card, value in game.plays:
            style = seat_style(self.table.names, player)
            text.append(f"  {player or 'Tony'} ", style=style)
            text.append(f"{card}" if card is not None else t(lang, "puma.unread"))
            if value != card:
                text.append(f" +{term(lang, 'machine_gun')}")
            if player is not None and player == winner:
                text.append("  ★ " + t(lang, "puma.winner"), style="bold yellow")
            text.append("\n")
        if not game.plays:
            text.append("  —\n", style="dim")
        # On the board, not under the scores: the side column keeps its rows for the
        # camera, and the board's blocks go side by side on a small screen.
        names = self.table.names
        items = [(name, game.items_left(name)) for name in names if game.items_left(name)]
        if items:
            text.append("\n" + t(lang, "puma.items"), style="bold underline")
            for name, left in items:
                text.append(f"\n  {name}: ", style=seat_style(names, name))
                text.append(", ".join(term(lang, i) for i in left), style="italic")
        text.rstrip()
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
