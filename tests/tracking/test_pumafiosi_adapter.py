"""The Pumafiosi adapter through whole matches: a fixture session acted out on a simulated
table (cards sliding in, hands over the table, missed frames) must give back its moves."""

from __future__ import annotations

import pytest

from companion.games.pumafiosi import STEPS
from companion.games.pumafiosi_outcomes import CardDropped, CardPlaced, PumafiosiScored
from companion.reconcile import SETTLE_S
from companion.session import Session, parse_header
from tests.tracking.table_sim import (CENTRE, Driver, TableSim, marker_of, play_point, read,
                                      seat_point)



class Table:
    """Acts out Pumafiosi moves on the simulated table, as players would."""

    def __init__(self, header: dict, seed: int, noise: bool = True):
        self.driver = Driver(header)
        self.sim = TableSim(self.driver, seed=seed, noise=noise)
        self.ref = Session(parse_header(header))
        self.names = [p["name"] for p in header["players"]]
        self.casualties: list[int] = []
        self.round_cards: list[int] = []
        self.last_round: list[int] = []              # the cards of the round resolved last
        self.tokens_on: dict[int, list[str]] = {}   # card -> token keys lying on it

    def seat(self, player: str) -> int:
        return self.names.index(player) + 1

    def step_point(self, step: int, card: int) -> tuple[float, float]:
        if step == -3:
            if card not in self.casualties:
                self.casualties.append(card)
            return 1000.0 - 70 * self.casualties.index(card), 700.0
        return 1000.0, 100.0 + 75 * STEPS.index(step)

    def card(self, value: int) -> str:
        return f"card{value}"

    def pause(self, base: float = 0.6) -> None:
        """Players look at the table a moment before the next action."""
        self.sim.wait_until_still()
        self.sim.wait(base + self.sim.rng.random() * 0.3)

    def act(self, move: dict) -> None:
        kind = move["type"]
        undone = self.ref.moves[-1] if kind == "undo" else None
        bumped = self.ref.game.card_at(move["step"]) if move.get("ring") else None
        outcomes = self.ref.apply(move)
        if kind in ("honor_violation", "undo"):
            self.driver.manual(move)
            if undone is not None:
                self._take_back(undone)
            return
        if kind == "tony":
            starter = self.ref.game.start_player
            self.sim.put(self.card(move["card"]), "pumafiosi", marker_of("pumafiosi",
                         value=move["card"]), None, CENTRE,
                         came_from=seat_point(self.seat(starter), len(self.names)))
            self.round_cards.append(move["card"])
        elif kind == "play":
            n = self.seat(move["player"])
            at = play_point(n, len(self.names))
            if move.get("machine_gun"):
                self.sim.put(f"gun{n}", "pumafiosi", marker_of("pumafiosi", item="machine_gun",
                             set=n), f"play:{n}", (at[0] + 15, at[1] + 20))
            self.sim.put(self.card(move["card"]), "pumafiosi",
                         marker_of("pumafiosi", value=move["card"]), f"play:{n}", at,
                         came_from=seat_point(n, len(self.names)))
            self.round_cards.append(move["card"])
        elif kind == "place":
            n = self.seat(move["player"])
            step = move["step"]
            at = self.step_point(step, move["card"])
            if bumped is not None:  # the ring goes on the card standing at that step
                x, y = self.sim.pieces[self.card(bumped[0])].position
                self.sim.put(f"ring{n}", "pumafiosi", marker_of("pumafiosi", item="ring", set=n),
                             f"step:{step}", (x + 10, y - 15))
                self.tokens_on.setdefault(bumped[0], []).append(f"ring{n}")
                self.pause(0.3)
            if "item" in move:
                key = f"{move['item']}{n}"
                self.sim.put(key, "pumafiosi", marker_of("pumafiosi", item=move["item"], set=n),
                             f"step:{step}", (at[0] + 15, at[1] + 20))
                self.tokens_on.setdefault(move["card"], []).append(key)
            self.sim.move(self.card(move["card"]), f"step:{step}", at)
            self.sim.wait(SETTLE_S)   # (a place is said once its card has lain there)
        if outcomes:
            self.pause()
            self._follow(outcomes)

    def _take_back(self, undone: dict) -> None:
        """What players do after an undo typed by hand: a misread card is swapped for the
        right one (taken away here, the right one comes with the next move), a card
        placed is taken back to where it was played."""
        key = self.card(undone["card"])
        if undone["type"] == "play":
            self.round_cards.remove(undone["card"])
            if key in self.sim.pieces:
                self.sim.take(key)
        elif undone["type"] == "place":
            self.round_cards = self.last_round
            n = self.seat(undone["player"])
            self.sim.move(key, f"play:{n}", play_point(n, len(self.names)))
        self.pause()

    def _follow(self, outcomes) -> None:
        """The table after a move: bumped cards moved down by hand, discards taken away."""
        resolved = False
        for o in outcomes:
            if isinstance(o, CardPlaced):
                resolved = True
                if o.player is None:  # Tony's card, placed by the rules
                    self.sim.move(self.card(o.card), f"step:{o.step}",
                                  self.step_point(o.step, o.card))
                    self.pause()
            elif isinstance(o, CardDropped):
                at = self.step_point(o.to_step, o.card)
                self.sim.move(self.card(o.card), f"step:{o.to_step}", at)
                for key in self.tokens_on.get(o.card, []):
                    self.sim.move(key, f"step:{o.to_step}", (at[0] + 15, at[1] + 20))
                self.pause(0.4)
        if resolved:
            placed = {o.card for o in outcomes if isinstance(o, CardPlaced)}
            for card in self.round_cards:
                if card not in placed and self.card(card) in self.sim.pieces:
                    self.sim.take(self.card(card))
            self.last_round = self.round_cards
            for key in [k for k in self.sim.pieces if k.startswith("gun")]:
                self.sim.take(key)
            self.round_cards = []
            self.pause()
        if any(isinstance(o, PumafiosiScored) for o in outcomes):
            for key in [k for k in self.sim.pieces]:
                self.sim.take(key)
            self.casualties = []
            self.tokens_on = {}
            self.pause(0.9)

    def play(self, moves: list[dict]) -> None:
        for move in moves:
            self.act(move)
        self.sim.wait(1.0)


@pytest.mark.parametrize("name,seed", [
    ("pumafiosi-full-3p-items.jsonl", 1),
    ("pumafiosi-full-2p-tony-items.jsonl", 2),
    ("pumafiosi-full-4p.jsonl", 3),
    ("pumafiosi-full-5p-items.jsonl", 4),
    ("pumafiosi-ring-tony.jsonl", 5),
    ("pumafiosi-honor.jsonl", 6),
    ("pumafiosi-cascade.jsonl", 7),
    ("pumafiosi-undo.jsonl", 8),
])
def test_a_whole_match_on_the_table_gives_back_the_fixture_moves(name, seed):
    header, moves = read(name)
    table = Table(header, seed)
    table.play(moves)
    assert table.driver.moves == moves
    assert table.driver.session.summary() == table.ref.summary()
