"""Mafia: the two missions (assigned characters, cards on it out of cards needed, the
tally against the value once revealed), successes and failures, exposed cops, whose turn
it is, and the Omertà banner with whose turn ends it."""

from __future__ import annotations

from rich.text import Text

from companion.dashboard.screens.base import GameScreen
from companion.dashboard.widgets.colours import seat_style
from companion.games.mafia import COPS, MOBSTERS, SLOTS, WINNING_COUNT
from companion.i18n import t, term
from companion.manual import mafia as words


class MafiaScreen(GameScreen):
    example = words.EXAMPLE
    keywords = words.WORDS

    def parse(self, text: str) -> dict:
        return words.parse(text, self.table.names)

    def games_in_series(self) -> int:
        return 1

    def banner(self, lang: str) -> str | None:
        game = self.table.game
        return t(lang, "mafia.omerta", player=game.omerta) if game.omerta else None

    def heading(self, lang: str) -> Text:
        game = self.table.game
        text = Text(t(lang, "game.mafia"), style="bold")
        if game.turn:
            text.append("  " + t(lang, "mafia.turn") + " ")
            text.append(game.turn, style=seat_style(self.table.names, game.turn))
        return text

    def board(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        text = Text()
        for slot in SLOTS:
            text.append(t(lang, "mafia.slot", slot=slot) + "\n", style="bold underline")
            held = game.slots[slot]
            if held is None:
                text.append("  " + t(lang, "mafia.empty") + "\n\n", style="dim")
                continue
            m = held.mission
            text.append(f"  {m.name}", style="bold")
            text.append(f"  ${m.value} {term(lang, m.color)}\n",
                        style="bold blue" if m.color == "blue" else "bold yellow")
            text.append("  " + t(lang, "mafia.assigned") + " ")
            for i, player in enumerate(held.assigned):
                text.append(", " if i else "")
                text.append(player, style=seat_style(names, player))
            if not held.assigned:
                text.append("—", style="dim")
            text.append("\n")
            if held.revealed:
                tally = " ".join(f"{v:+d}" for v in held.cards)
                if held.adjustment:
                    tally += f" ({held.adjustment:+d})"
                verdict = t(lang, "mafia.success" if held.success else "mafia.failure")
                text.append(f"  {tally} = ${held.total} / ${m.value}  ")
                text.append(verdict + "\n\n",
                            style="bold green" if held.success else "bold red")
            else:
                on_it = m.cards - held.needed
                text.append("  " + t(lang, "mafia.cards", on=on_it, of=m.cards))
                text.append("  ▮" * on_it + "  ▯" * held.needed + "\n\n")
        text.rstrip()
        return text

    def scores(self, lang: str) -> Text:
        game = self.table.game
        names = self.table.names
        text = Text()
        text.append(f"{term(lang, MOBSTERS):<12}", style="bold")
        text.append(f"{game.successes}/{WINNING_COUNT}  " + "●" * game.successes + "\n",
                    style="bold green")
        text.append(f"{term(lang, COPS):<12}", style="bold")
        text.append(f"{game.failures}/{WINNING_COUNT}  " + "●" * game.failures + "\n",
                    style="bold red")
        text.append("\n" + t(lang, "mafia.cops") + " ", style="bold")
        for i, player in enumerate(game.revealed_cops):
            text.append(", " if i else "")
            text.append(player, style=seat_style(names, player))
        if not game.revealed_cops:
            text.append("—", style="dim")
        if game.winner:
            text.append("\n\n" + t(lang, "mafia.won", side=term(lang, game.winner)),
                        style="bold reverse")
        return text
