"""The Pungi adapter through whole series: layouts laid card by card, animal backs put
down in turn and turned over, snakes handed out, on a simulated table with noise."""

from __future__ import annotations

import pytest

from companion.decks import all_decks
from companion.journal_rewrite import bare, named
from companion.reconcile import CONFIRM_S
from companion.games.pungi import PungiScored, LayoutRedealt, MajorityFound, SnakeTaken
from companion.session import Session, parse_header
from tests.tracking.table_sim import (Driver, TableSim, back_marker, marker_of, play_point,
                                      read, seat_point)


def layout_point(place: int) -> tuple[float, float]:
    return 330.0 + 75 * place, 420.0


class PungiTable:
    """Acts out Pungi moves on the simulated table."""

    def __init__(self, header: dict, seed: int, noise: bool = True):
        self.driver = Driver(header)
        self.sim = TableSim(self.driver, seed=seed, noise=noise)
        self.ref = Session(parse_header(header))
        self.names = [p["name"] for p in header["players"]]
        self.n = len(self.names)
        self.custom = header["options"].get("snakes")
        self._new_game()
        self.layout: list[str] = []
        self.played: list[tuple[str, str, int]] = []   # (key, animal, value)
        self.collected = {name: 0 for name in self.names}

    def _new_game(self) -> None:
        deck = all_decks()["pungi"]
        self.pile: dict[object, list[int]] = {}
        snakes = [c for c in deck.cards if c.kind == "snake"]
        values = self.custom or [c.get("value") for c in snakes]
        for card, value in zip(snakes, values):  # a custom deck: printed in deck order
            self.pile.setdefault(value, []).append(card.marker)
        self.pile["charmer"] = [c.marker for c in deck.cards if c.kind == "charmer"]

    def pause(self, base: float = 0.5) -> None:
        self.sim.wait_until_still()
        self.sim.wait(base + self.sim.rng.random() * 0.3)

    def act(self, move: dict) -> None:
        outcomes = self.ref.apply(move)
        if move["type"] == "first":
            self.driver.manual(move)
            return
        if move["type"] == "layout":
            first = self.names.index(self.ref.game.first_player) + 1
            for place, card in enumerate(move["cards"], 1):
                marker = self.pile[card].pop(0)
                key = f"snake{marker}"
                self.sim.put(key, "pungi", marker, f"layout:{place}", layout_point(place),
                             came_from=seat_point(first, self.n))
                self.layout.append(key)
                self.sim.wait(0.2)
            self.pause()
            if any(isinstance(o, LayoutRedealt) for o in outcomes):
                for key, card in zip(self.layout, move["cards"]):
                    self.pile[card].append(self.sim.pieces[key].marker)
                    self.sim.take(key)
                self.layout = []
                self.pause(0.9)
            return
        n = self.names.index(move["player"]) + 1
        key = f"animal{n}"
        self.sim.put(key, "pungi", back_marker("pungi", move["animal"]), f"play:{n}",
                     play_point(n, self.n), came_from=seat_point(n, self.n))
        self.played.append((key, move["animal"], move["value"]))
        self.pause()
        if any(isinstance(o, SnakeTaken) for o in outcomes):
            self._reveal_and_hand_out(outcomes)

    def _reveal_and_hand_out(self, outcomes) -> None:
        majority = next(o.animal for o in outcomes if isinstance(o, MajorityFound))
        order = sorted(self.played, key=lambda p: p[1] != majority)
        for key, animal, value in order:
            self.sim.flip(key, marker_of("pungi", animal=animal, value=value))
            self.sim.wait(0.15)
        self.pause()
        for o in outcomes:
            if isinstance(o, SnakeTaken):
                seat = self.names.index(o.player) + 1
                x, y = seat_point(seat, self.n)
                k = self.collected[o.player]
                self.collected[o.player] += 1
                self.sim.move(self.layout[o.position - 1], f"seat:{seat}",
                              (x - 60 + 25 * (k % 6), y + 10 * (k // 6)))
                self.sim.wait(0.2)
        for key, _, _ in self.played:
            self.sim.take(key)
        self.layout, self.played = [], []
        self.pause()
        if any(isinstance(o, PungiScored) for o in outcomes):
            for key in [k for k in self.sim.pieces if k.startswith("snake")]:
                self.sim.take(key)
            self.collected = {name: 0 for name in self.names}
            self._new_game()
            self.pause(0.9)

    def play(self, moves: list[dict]) -> None:
        for move in moves:
            self.act(move)
        for key, animal, value in self.played:  # a session cut short mid-round: show them
            self.sim.flip(key, marker_of("pungi", animal=animal, value=value))
        self.sim.wait(1.0)


@pytest.mark.parametrize("name,seed", [
    ("pungi-series-4p.jsonl", 11),
    ("pungi-game-6p.jsonl", 12),
    ("pungi-game-2p.jsonl", 13),
    ("pungi-redeal-four-values.jsonl", 14),
    ("pungi-majority-ties.jsonl", 15),
    ("pungi-first.jsonl", 16),
    ("pungi-custom-snakes.jsonl", 17),
    ("pungi-redeal-charmers.jsonl", 18),
])
def test_a_whole_series_on_the_table_gives_back_the_fixture_moves(name, seed):
    header, moves = read(name)
    table = PungiTable(header, seed)
    table.play(moves)
    assert table.driver.moves == moves
    assert table.driver.session.summary() == table.ref.summary()
    assert table.driver.adapter.instructions == ()  # every snake reached its taker


class UnseenCardTable(PungiTable):
    """A table where the camera never reads one animal card (say a far seat's, under a
    hand): its play is acted out without the card."""

    def __init__(self, header: dict, seed: int, unseen: dict):
        super().__init__(header, seed)
        self.unseen = unseen

    def act(self, move: dict) -> None:
        if move is not self.unseen:
            return super().act(move)
        outcomes = self.ref.apply(move)
        self.pause()
        if any(isinstance(o, SnakeTaken) for o in outcomes):
            self._reveal_and_hand_out(outcomes)


class PausedHandOutTable(UnseenCardTable):
    """... and the second round's first snake handed out rests a second on the layout's
    last place (on its snake) on its way to the taker's seat."""

    def __init__(self, header: dict, seed: int, unseen: dict):
        super().__init__(header, seed, unseen)
        move, handed = self.sim.move, []

        def move_pausing(key, zone, at, slide=True):
            if key.startswith("snake") and zone.startswith("seat:"):
                handed.append(key)
            if len(handed) == self.n + 1 and handed[-1] == key:
                x, y = layout_point(self.n)
                move(key, f"layout:{self.n}", (x + 8, y + 6))
                self.sim.wait_until_still()
                self.sim.wait(1.0)
            move(key, zone, at, slide)

        self.sim.move = move_pausing


@pytest.mark.parametrize("table_class", [UnseenCardTable, PausedHandOutTable])
def test_play_goes_on_past_an_unread_animal_card_booked_unseen_and_named_once_typed(
        table_class):
    """Bob's card is never read: once Cy's has lain a while, Bob's play is booked unseen
    and play goes on (Cy's and Dee's are booked, the round's hand-out stays open while
    the table hands its snakes out all the same, the next round is laid out and played,
    and a third laid out and begun, its cards face down). The question about Bob's card
    stands meanwhile; once it is typed, the journal is rewritten with it in its place
    (the snakes already with their takers: no instruction left), and play goes on."""
    header, moves = read("pungi-series-4p.jsonl")
    bob = moves[2]
    assert bob == {"type": "play", "player": "Bob", "animal": "mouse", "value": 9}
    table = table_class(header, seed=11, unseen=bob)
    for move in moves[:13]:          # to Dee's play in round 3
        table.act(move)
    driver = table.driver
    assert driver.moves == moves[:2] + [{"type": "unseen_play", "player": "Bob"}] + \
        moves[3:11]
    asked = "Bob's animal card in round 1 was not read: type it (bob had ANIMAL VALUE)"
    assert driver.adapter.question.text == asked
    assert driver.asked.count(asked) == 1     # said once, standing through the whole wait
    driver.manual_all(named(driver.session, bob))
    table.sim.wait(1.0)
    assert [bare(m) for m in driver.session.moves] == moves[:11]
    assert driver.adapter.question is None and driver.adapter.instructions == ()
    table.play(moves[13:25])
    assert [bare(m) for m in driver.session.moves] == moves[:25]


class ReadLateTable(UnseenCardTable):
    """... and Bob's card, face down, is read only once it is turned up, ``before``
    seconds after the round's other cards were (its back was never read); the round's
    cards lie face down 4 s before they are turned up."""

    before = 0.0

    def act(self, move: dict) -> None:
        if move is not self.unseen:
            return super().act(move)
        self.ref.apply(move)
        n = self.names.index(move["player"]) + 1
        self.played.append((f"animal{n}", move["animal"], move["value"]))
        self.pause()

    def _reveal_and_hand_out(self, outcomes) -> None:
        flip, pause = self.sim.flip, self.pause
        n = self.names.index(self.unseen["player"]) + 1
        late = []

        def flip_others(key, marker):
            if key == f"animal{n}" and key not in self.sim.pieces:
                late.append(marker)   # (turned up after the others)
            else:
                flip(key, marker)

        def pause_then_turn_up(base=0.5):
            for marker in late:
                self.sim.wait(self.before)
                self.sim.put(f"animal{n}", "pungi", marker, f"play:{n}", play_point(n, self.n))
            late.clear()
            pause(base)
        self.sim.flip, self.pause = flip_others, pause_then_turn_up
        self.sim.wait(4.0)
        try:
            super()._reveal_and_hand_out(outcomes)
        finally:
            self.sim.flip, self.pause = flip, pause


@pytest.mark.parametrize("before", [0.0, 4.0])
def test_an_animal_card_read_face_up_with_its_round_is_booked_or_named_as_the_table_shows(
        before):
    """Bob's card is not read face down, only when turned up with the round's others.
    Turned up at once, it is a card slow to be read (the later players' backs lay 4 s
    meanwhile, which shows nothing: a far back is often never read; at the 1080p wild
    table, seed 2, Bob's back was never read and his face 8 s after the others' backs
    lay): booked in its turn, never unseen.
    Turned up once Cy's card has lain a while, Bob's play was booked unseen meanwhile;
    read, the journal is rewritten with it in its place. Either way the series is the
    fixture's, no question or instruction left."""
    header, moves = read("pungi-series-4p.jsonl")
    table = ReadLateTable(header, seed=11, unseen=moves[2])
    table.before = before
    table.play(moves[:25])
    driver = table.driver
    unseen = {"type": "unseen_play", "player": "Bob"}
    assert (unseen in driver.moves) == (before > 0)
    assert ("Bob's card was mouse 9, as the table shows" in driver.warnings) == (before > 0)
    assert [bare(m) for m in driver.session.moves] == moves[:25]
    assert driver.adapter.question is None and driver.adapter.instructions == ()


def test_a_snake_lost_a_moment_as_the_layout_is_laid_counts_when_seen_again():
    """The first snake is lost under the hand laying the last one, and seen again at its
    place: the layout is read (not held back as a snake passing by on its way)."""
    header = {"format": "companion-session/1", "game": "pungi",
              "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], "options": {}}
    driver = Driver(header)
    sim = TableSim(driver, seed=3, noise=False)
    markers = [marker_of("pungi", value=v) for v in (-3, 4, 0)]
    for place in (1, 2):
        sim.put(f"s{place}", "pungi", markers[place - 1], f"layout:{place}",
                layout_point(place))
        sim.wait(0.6)
    sim.take("s1")
    sim.wait(1.0)
    sim.put("s3", "pungi", markers[2], "layout:3", layout_point(3))
    sim.wait(1.0)
    assert driver.moves == []
    sim.put("s1", "pungi", markers[0], "layout:1", layout_point(1))
    sim.wait(0.6)
    assert driver.moves == [{"type": "layout", "cards": [-3, 4, 0]}]


def test_a_snake_lost_a_moment_before_the_next_one_is_laid_is_of_the_same_layout():
    """Under the hand laying out, the first snake is lost before the second comes to
    rest: the layout is not over (it is still being laid), and is read once whole."""
    header = {"format": "companion-session/1", "game": "pungi",
              "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], "options": {}}
    driver = Driver(header)
    sim = TableSim(driver, seed=3, noise=False)
    markers = [marker_of("pungi", value=v) for v in (-3, 4, 0)]
    sim.put("s1", "pungi", markers[0], "layout:1", layout_point(1))
    sim.wait(0.6)
    sim.take("s1")
    sim.wait(1.0)
    for place in (2, 3):
        sim.put(f"s{place}", "pungi", markers[place - 1], f"layout:{place}",
                layout_point(place))
        sim.wait(0.6)
    sim.put("s1", "pungi", markers[0], "layout:1", layout_point(1))
    sim.wait(0.6)
    assert driver.moves == [{"type": "layout", "cards": [-3, 4, 0]}]


def test_a_card_of_the_game_seen_again_shows_no_play_went_on():
    """Round 1 is played and handed out, but Cy's duck 9 stays in her play zone, lost a
    moment and seen again once round 2 is laid out. Bob, first in round 2, is slow: his
    card comes 4 s later. A card played already shows nothing new: Bob's play is booked
    as read, never unseen (seed 1 of the 1080p wild table: a card seen again booked two
    plays unseen at once)."""
    from tests.tracking.test_reconcile import PUNGI, lay_out, table as plain_table

    driver, sim = plain_table(PUNGI)
    lay_out(sim)                                  # -3, 4, 0
    for seat, animal, value in ((1, "mouse", 2), (2, "frog", 3), (3, "duck", 9)):
        sim.put(f"a{seat}", "pungi", marker_of("pungi", animal=animal, value=value),
                f"play:{seat}", play_point(seat, 3))
        sim.wait(0.6)
    for snake, seat in (("s1", 3), ("s2", 2), ("s3", 1)):   # (no majority: by value)
        sim.move(snake, f"seat:{seat}", seat_point(seat, 3))
    sim.take("a1")
    sim.take("a2")
    sim.wait(1.0)
    lay_out(sim, (5, -1, 2))
    sim.take("a3")
    sim.wait(1.0)
    sim.put("a3", "pungi", marker_of("pungi", animal="duck", value=9), "play:3",
            play_point(3, 3))
    sim.wait(4.0)
    sim.put("b2", "pungi", marker_of("pungi", animal="lizard", value=6), "play:2",
            play_point(2, 3))
    sim.wait(1.0)
    assert {"type": "unseen_play", "player": "Bob"} not in driver.moves
    assert driver.moves[-1] == {"type": "play", "player": "Bob", "animal": "lizard",
                                "value": 6}
    # nor is it played again (wild-table1080: "Cy played grasshopper 7, but grasshopper 7
    # was already played in game 1", twice a game, of cards lying from the round before)
    assert not any("already played" in w for w in driver.warnings), driver.warnings


def test_a_card_put_down_once_the_next_round_is_laid_out_is_not_the_unread_one():
    """Bob's card of round 1 is never read: booked unseen once Cy's has lain a while.
    Cy's duck 9 still lies in her play zone when round 2 is laid out and Bob, its first
    player, puts down a card face up: his round 2 play, not the card nobody read (seed 1
    of the 1080p wild table: a next round's cards named the unread ones, then undone)."""
    from tests.tracking.test_reconcile import PUNGI, lay_out, table as plain_table

    driver, sim = plain_table(PUNGI)
    lay_out(sim)                                  # -3, 4, 0
    for seat, animal, value in ((1, "mouse", 2), (3, "duck", 9)):   # Bob's: never read
        sim.put(f"a{seat}", "pungi", marker_of("pungi", animal=animal, value=value),
                f"play:{seat}", play_point(seat, 3))
        sim.wait(0.6)
    sim.wait(3.0)
    assert driver.moves[2:] == [{"type": "unseen_play", "player": "Bob"},
                                {"type": "play", "player": "Cy", "animal": "duck",
                                 "value": 9}]
    for snake, seat in (("s1", 3), ("s2", 2), ("s3", 1)):
        sim.move(snake, f"seat:{seat}", seat_point(seat, 3))
    sim.take("a1")
    sim.wait(1.0)
    lay_out(sim, (5, -1, 2))
    sim.put("b2", "pungi", marker_of("pungi", animal="lizard", value=6), "play:2",
            play_point(2, 3))
    sim.wait(1.0)
    assert driver.moves[-2:] == [{"type": "layout", "cards": [5, -1, 2]},
                                 {"type": "play", "player": "Bob", "animal": "lizard",
                                  "value": 6}]
    assert driver.adapter.question.text == ("Bob's animal card in round 1 was not read: "
                                            "type it (bob had ANIMAL VALUE)")


def test_two_snakes_at_one_layout_place_are_said_once_they_have_lain_there():
    """Wild table, 1080p: "layout place 3 holds 2 cards: one card a place" was said the
    moment a snake carried past rested a second beside the one laid there; the layout
    was read right 1.7 s later. Two cards at a place are said once both have lain 3 s."""
    from tests.tracking.test_reconcile import PUNGI, table as plain_table

    crowded = "layout place 2 holds 2 cards: one card a place"
    extra = marker_of("pungi", kind="snake", value=5)
    driver, sim = plain_table(PUNGI)
    for place, value in ((1, -3), (2, 4)):
        sim.put(f"s{place}", "pungi", marker_of("pungi", kind="snake", value=value),
                f"layout:{place}", (400.0 + 75 * place, 420.0))
    sim.put("x", "pungi", extra, "layout:2", (550.0, 450.0))   # resting on its way
    sim.wait(1.5)
    sim.take("x")
    sim.wait(1.0)
    assert crowded not in driver.warnings
    sim.put("x", "pungi", extra, "layout:2", (550.0, 450.0))   # and now left there
    sim.wait(CONFIRM_S + 0.5)
    assert driver.warnings.count(crowded) == 1


def test_a_layout_the_camera_never_read_whole_is_asked_once_play_goes_on():
    """Wild table, 720p: the fourth snake of the first layout lay where the camera took it
    for a play zone; the layout was never booked, nothing was asked, and the whole game
    stood (0 of 45 moves). Once an animal card of the round has lain a while, the layout
    is asked; typed, the round's cards are booked as the table showed them."""
    from tests.tracking.test_reconcile import PUNGI, table as plain_table

    driver, sim = plain_table(PUNGI)
    for place, value in ((1, -3), (2, 4)):       # the third snake: not read
        sim.put(f"s{place}", "pungi", marker_of("pungi", kind="snake", value=value),
                f"layout:{place}", (400.0 + 75 * place, 420.0))
    sim.put("a1", "pungi", marker_of("pungi", animal="mouse", value=2), "play:1",
            play_point(1, 3))
    sim.wait(CONFIRM_S + 0.5)
    assert driver.asked == []                    # (a far snake may be read a moment late)
    sim.put("b2", "pungi", back_marker("pungi", "duck"), "play:2", play_point(2, 3))
    sim.wait(2.0)                                # play goes on without the layout read
    assert driver.asked == ["the 3 snakes laid out? type them (layout CARD CARD ...), or "
                            "lay them out again"]
    driver.manual({"type": "layout", "cards": [-3, 4, 0]})
    sim.wait(1.0)
    assert driver.moves[-1] == {"type": "play", "player": "Ann", "animal": "mouse", "value": 2}
