"""Pungi's view: whose turn, the game, the round, who went first and the pile's size in
the heading; each player's live score (what the charmers make of their snakes) and series
total; and the board: the layout beside the pungi, each player's snakes, what the pile
still holds, the animals played this round, and who took which snake last round.

The snakes taken come second: at 80x24 they stay above the board's fold, the live score
the charmers will make of them; the pile tells a player which layouts can still be made.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.board.game_view import GameView, Turn, chart, marked_turn, table
from companion.board.values import (COUNT, EMPTY, HOLDER, LABEL, LIVE, NOTE, SCORE, UNREAD,
                                    VALUE, Board, Cell, Row, Section, card, owner, row)
from companion.games import Outcome
from companion.games.pungi import (CHARMER, MajorityFound, Pungi, SnakeTaken,
                                   collection_points)
from companion.games.pungi_cards import Card
from companion.i18n import t, term
from companion.omerta import OmertaView


def snake(value: Card, lang: str) -> str:
    """A snake card as the board shows it: ``+3``, ``-2``, ``0`` or the charmer's name."""
    return term(lang, CHARMER) if value == CHARMER else f"{value:+d}" if value else "0"


def last_hand_out(in_force: Sequence[Sequence[Outcome]]
                  ) -> tuple[str | None, list[SnakeTaken]]:
    """The latest round's majority animal and snakes handed out, if any is in force
    (``in_force``: each move's outcomes still in force, in order)."""
    for outcomes in reversed(in_force):
        taken = [o for o in outcomes if isinstance(o, SnakeTaken)]
        if taken:
            majority = next(o.animal for o in outcomes if isinstance(o, MajorityFound))
            return majority, taken
    return None, []


def view(game: Pungi, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
         lang: str, omerta: OmertaView | None = None,
         answers: Mapping[str, Any] | None = None) -> GameView:
    live = {name: collection_points(cards) for name, cards in game.collections.items()}
    scores = [Row((owner(names, name), Cell(str(live[name]), LIVE),
                   Cell(str(game.scores[name]), SCORE)), name) for name in live]
    # The chart's "now": the series total if the game ended now.
    now = None if game.complete else {name: game.scores[name] + live[name] for name in live}
    return GameView(
        heading=(row(Cell(t(lang, "pungi.game", n=game.game_number, of=game.games_in_series))),
                 row(Cell(t(lang, "pungi.round", n=game.round_number) + ","),
                     owner(names, game.first_player), Cell(t(lang, "pungi.first"))),
                 row(Cell(t(lang, "pungi.pile", n=game.pile_size)))),
        turn=_turn(game, names, lang),
        scores=table((t(lang, "word.player"), t(lang, "pungi.live"), t(lang, "pungi.total")),
                     scores),
        notes=(), banner=None, board=board(game, names, in_force, lang),
        chart=chart(game.summary(), names, now), games_in_series=game.games_in_series)


def _turn(game: Pungi, names: Sequence[str], lang: str) -> Turn | None:
    if game.phase == "play":
        return marked_turn(names, game.to_act, t(lang, "pungi.to_play", player=game.to_act))
    if game.phase == "layout":
        return marked_turn(names, game.first_player,
                           t(lang, "pungi.to_layout", player=game.first_player))
    return None


def board(game: Pungi, names: Sequence[str], in_force: Sequence[Sequence[Outcome]],
          lang: str) -> Board:
    layout = [card(snake(c, lang)) for c in game.layout] or [Cell("—", EMPTY)]
    sections = [Section(t(lang, "pungi.layout"), (row(Cell("PUNGI ▶", LABEL), *layout),)),
                Section(t(lang, "pungi.snakes"), tuple(
                    row(owner(names, name, role=HOLDER),
                        *([Cell(snake(c, lang), VALUE) for c in cards] or [Cell("—")]))
                    for name, cards in game.collections.items())),
                Section(t(lang, "pungi.in_pile"), _pile(game.pile, lang)),
                Section(t(lang, "pungi.animals"), tuple(
                    row(owner(names, player), Cell(f"{term(lang, animal)} {value}")
                        if animal is not None else Cell(t(lang, "pungi.unread"), UNREAD))
                    for player, animal, value in game.plays) or (row(Cell("—", EMPTY)),))]
    # A round whose animal card nobody read: its snakes went to nobody the rules can name.
    held = [o for o in game.open if o.game == game.game_number]
    if held:
        sections.insert(2, Section(t(lang, "pungi.open"), tuple(
            row(Cell(t(lang, "pungi.open_round", n=o.round)),
                *(Cell(snake(c, lang), VALUE) for c in o.cards),
                Cell(t(lang, "pungi.not_read", players=", ".join(o.unread)), NOTE))
            for o in held)))
    majority, taken = last_hand_out(in_force)
    if taken:
        said = (t(lang, "pungi.majority", animal=term(lang, majority)) if majority
                else t(lang, "pungi.no_majority"))
        sections.append(Section(t(lang, "pungi.handed_out"), (row(Cell(said)), *(
            row(owner(names, o.player), Cell("←"), Cell(snake(o.card, lang), VALUE))
            for o in taken))))
    return Board(tuple(sections))


def _pile(pile: dict[Card, int], lang: str) -> tuple[Row, ...]:
    """The pile by kind, each kind once with how many are left: the penalty snakes and
    the charmers that turn them, then the others (two rows: with the bundled deck, each
    fits the board of an 80-column terminal).

    >>> [[c.text for c in r.cells] for r in _pile({3: 2, -2: 1, 0: 1, "charmer": 6}, "en")]
    [['-2', 'charmer', '×6'], ['0', '+3', '×2']]
    """
    def cells(kinds):
        out = []
        for kind in kinds:
            out.append(Cell(snake(kind, lang), VALUE))
            out += [Cell(f"×{pile[kind]}", COUNT)] if pile[kind] > 1 else []
        return out

    values = sorted(k for k in pile if k != CHARMER)
    below = cells([v for v in values if v < 0] + ([CHARMER] if CHARMER in pile else []))
    rest = cells([v for v in values if v >= 0])
    return tuple(row(*cells_) for cells_ in (below, rest) if cells_) or (row(Cell("—", EMPTY)),)
