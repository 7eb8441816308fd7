"""The rule queries the adapters ask the engines (they once worked them out from the
journal themselves), checked against the journal over random sessions."""

from hypothesis import Phase, given, settings, strategies as st

from companion.games import Header, Player, game_class
from tests.games.test_legal_moves import sessions

seeds = st.integers(min_value=0, max_value=2**32)
SOME = settings(max_examples=30, deadline=None, phases=[Phase.explicit, Phase.generate])


def journal_unread(moves):
    """The cards nobody read that no later move named, read off the journal: (kind,
    player, round in its game, card)."""
    open_items, played, rounds = [], {}, 0   # (rounds: over the match)
    for move in moves:
        kind, player = move["type"], move.get("player")
        if kind == "unseen_play":
            open_items.append(("play", player, rounds, None))
        elif kind == "play":
            played[player] = move["card"]
        elif kind in ("place", "unseen_place"):
            # a place names its player's unseen card; one nobody saw asks it
            open_items = [i for i in open_items if i[:3] != ("play", player, rounds)]
            if kind == "unseen_place":
                open_items.append(("place", player, rounds, played.get(player)))
            rounds, played = rounds + 1, {}
    return [(kind, player, rounds % 10 + 1, card) for kind, player, rounds, card in open_items]


@SOME
@given(seeds)
def test_pumafiosi_unread_is_what_the_journal_leaves_unnamed(seed):
    header, moves = sessions("pumafiosi", 2 * seed + 1)   # (odd: with unseen moves)
    game = game_class("pumafiosi").from_header(header)
    for i, move in enumerate(moves):
        game.apply(move)
        assert [(u.kind, u.player, u.round, u.card) for u in game.unread] == \
            journal_unread(moves[:i + 1])
        assert game.round_index == (game.game_number - 1) * 10 + game.round_number - 1
        assert game.steps_held == {card: step for step, cards in game.hierarchy
                                   for card, _ in cards}


@SOME
@given(seeds)
def test_pungi_round_index_counts_the_rounds_of_the_series(seed):
    header, moves = sessions("pungi", seed)
    game = game_class("pungi").from_header(header)
    for move in moves:
        game.apply(move)
        summary = game.summary()
        scored = sum(len(taken) for done in summary["games"]
                     for taken in done["collections"].values())
        # (the snakes of a round whose hand-out is open are in no collection)
        scored += sum(len(o["cards"]) for o in summary.get("open", ())
                      if o["game"] <= len(summary["games"]))
        assert game.round_index == scored // len(game.players) + game.round_number - 1


@SOME
@given(seeds)
def test_pungi_unread_is_every_unseen_play_of_the_journal(seed):
    header, moves = sessions("pungi", 2 * seed + 1)   # (odd: with unseen plays)
    game = game_class("pungi").from_header(header)
    unseen = []
    for move in moves:
        if move["type"] == "unseen_play":
            unseen.append((move["player"], game.game_number, game.round_number))
        game.apply(move)
        assert [(u.kind, u.player, u.game, u.round) for u in game.unread] == \
            [("play", *u) for u in unseen]
        assert [(p, o.game, o.round) for o in game.open for p in o.unread] == \
            unseen[:len(unseen) - sum(a is None for _, a, _ in game.plays)]


@SOME
@given(seeds)
def test_mafia_each_card_nobody_saw_whose_keeps_its_mission_as_it_lay(seed):
    header, moves = sessions("mafia", seed)
    cls = game_class("mafia")
    game, then = cls.from_header(header), []
    for move in moves:
        if move["type"] == "unseen_contribute":
            target = game.in_progress[move["slot"]]
            then.append((move["slot"], target.mission, target.assigned))
        game.apply(move)
        assert [(slot, m.mission, m.assigned)
                for slot, m in game.unseen_contributions] == then



def test_pumafiosi_a_place_nobody_saw_by_the_unread_player_is_one_question():
    moves = [{"type": "play", "player": "Ann", "card": 10},
             {"type": "unseen_play", "player": "Bob"},
             {"type": "play", "player": "Cy", "card": 30},
             {"type": "unseen_place", "player": "Bob"}]   # (Bob's card: the middle one)
    game = game_class("pumafiosi").from_header(Header("pumafiosi", (
        Player("Ann", 41), Player("Bob", 35), Player("Cy", 52))))
    for move in moves:
        game.apply(move)
    assert [(u.kind, u.player, u.round, u.card) for u in game.unread] == \
        [("place", "Bob", 1, None)] == journal_unread(moves)


@SOME
@given(st.sampled_from(("pumafiosi", "pungi")), seeds)
def test_still_to_play_are_the_players_of_the_round_s_next_plays(name, seed):
    header, moves = sessions(name, seed)
    game = game_class(name).from_header(header)
    played = ("play", "unseen_play")
    for i, move in enumerate(moves):
        if game.phase == "play":
            ahead = [m for m in moves[i:] if m["type"] not in ("honor_violation", "first")]
            coming = [m["player"] for m in ahead[:len(game.still_to_play)]
                      if m["type"] in played]
            if len(coming) == len(game.still_to_play):
                assert tuple(coming) == game.still_to_play
        else:
            assert game.still_to_play == ()
        game.apply(move)
