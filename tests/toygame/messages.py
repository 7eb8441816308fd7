"""Duel's words, in the catalogue's shape (companion.messages): why the rules refuse
(``REFUSALS``, as a session file's refused line says it; ``AT_TABLE``, for players),
what happens (``OUTCOMES``) and its screen's words (``MESSAGES``), English and
Vietnamese side by side."""

from __future__ import annotations

from typing import Any

from companion.messages.words import json_repr


def _scores(scores) -> str:
    return ", ".join(f"{name} {points}" for name, points in scores.items())


REFUSALS: dict[str, dict[str, Any]] = {
    "duel_blade": {
        "en": lambda f: f"play: {f['player']} played {json_repr(f['card'])}, but the blades go "
                        f"from 1 to 5",
        "vi": lambda f: f"chơi: {f['player']} chơi {json_repr(f['card'])}, nhưng lưỡi kiếm chỉ "
                        f"từ 1 đến 5"},
    "duel_turn": {
        "en": lambda f: f"play: {f['player']} played {f['card']}, but it is {f['turn']}'s turn",
        "vi": lambda f: f"chơi: {f['player']} chơi {f['card']}, nhưng đến lượt {f['turn']}"},
    "duel_used": {
        "en": lambda f: f"play: {f['player']} played {f['card']}, which they played already",
        "vi": lambda f: f"chơi: {f['player']} chơi {f['card']}, lá này đã được chơi rồi"},
}

AT_TABLE: dict[str, dict[str, Any]] = {
    "duel_blade": {
        "en": lambda f: f"There is no blade {f['card']}: blades go from 1 to 5",
        "vi": lambda f: f"Không có lưỡi kiếm {f['card']}: lưỡi kiếm chỉ từ 1 đến 5"},
    "duel_used": {
        "en": lambda f: f"{f['player']} has played the {f['card']} already",
        "vi": lambda f: f"{f['player']} đã chơi lá {f['card']} rồi"},
}

OUTCOMES: dict[str, dict[str, Any]] = {
    "duel_played": {
        "en": lambda o: f"{o.player} plays {o.card}.",
        "vi": lambda o: f"{o.player} chơi {o.card}."},
    "duel_round": {
        "en": lambda o: (f"Round {o.round} is a tie." if o.winner is None else
                         f"{o.winner} wins round {o.round}.") + f" Points: {_scores(o.scores)}.",
        "vi": lambda o: (f"Vòng {o.round} hòa." if o.winner is None else
                         f"{o.winner} thắng vòng {o.round}.") + f" Điểm: {_scores(o.scores)}."},
    "duel_won": {
        "en": lambda o: f"{' and '.join(o.winners)} win{'s' * (len(o.winners) == 1)} the duel "
                        f"with {o.points} points.",
        "vi": lambda o: f"{' và '.join(o.winners)} thắng trận song đấu với {o.points} điểm."},
}

MESSAGES: dict[str, dict[str, str]] = {
    "game.duel": {"en": "Duel", "vi": "Song đấu"},
    "help.duel.play": {"en": "a player lays a blade (1 to 5) in their play zone",
                       "vi": "một người chơi đặt một lưỡi kiếm (1 đến 5) vào vùng chơi"},
    "duel.round": {"en": "Round {n}/{of}", "vi": "Vòng {n}/{of}"},
    "duel.turn": {"en": "{player} plays a blade", "vi": "{player} chơi một lưỡi kiếm"},
    "duel.player": {"en": "Player", "vi": "Người chơi"},
    "duel.points": {"en": "Points", "vi": "Điểm"},
    "duel.laid": {"en": "This round", "vi": "Vòng này"},
    "duel.hands": {"en": "Blades in hand", "vi": "Lưỡi kiếm trên tay"},
    "duel.nothing": {"en": "nothing yet", "vi": "chưa có gì"},
    "duel.early": {"en": "{player} laid a blade before {turn}: it counts after {turn}'s",
                   "vi": "{player} đặt lưỡi kiếm trước {turn}: lá này tính sau lá của {turn}"},
    "duel.won": {"en": "{names} won", "vi": "{names} thắng"},
}
