"""The most common reasons the rules refuse a move, said in the table's language.

The engines word a refusal once, in English (``RuleError``); they stay as they are. This
catalogue recognises the refusals a table meets most at the command line (wrong turn,
a card already out, the winner must place first, an occupied step, an item used, the
game over, nothing to undo, ...) by their wording, each under a stable code, and says
them in Vietnamese from the parts it read. A reason it does not know is shown as the
engine wrote it. tests/dashboard/test_rule_reasons.py provokes every code from the real
engines, so a changed wording fails there rather than falling back silently.
"""

from __future__ import annotations

import re
from typing import Callable

from companion.i18n import term

# A refused move often begins with what was attempted ("Cy played 20"): said the same way.
_ATTEMPTS: tuple[tuple[re.Pattern, Callable[[re.Match], str]], ...] = (
    (re.compile(r"^Tony's card (?P<card>\d+) was revealed$"),
     lambda m: f"Lá bài {m['card']} của Tony đã được lật"),
    (re.compile(r"^(?P<player>.+) played (?P<animal>[a-z]+) (?P<value>\d+)$"),
     lambda m: f"{m['player']} chơi {term('vi', m['animal'])} {m['value']}"),
    (re.compile(r"^(?P<player>.+) played (?P<card>\d+)$"),
     lambda m: f"{m['player']} chơi lá {m['card']}"),
    (re.compile(r"^(?P<player>.+) placed (?P<card>\d+)$"),
     lambda m: f"{m['player']} đặt lá {m['card']}"),
)


def _attempt(text: str) -> str:
    for pattern, say in _ATTEMPTS:
        match = pattern.match(text)
        if match:
            return say(match)
    return text


def _card_words(card: str) -> str:
    """A card as the engines name it: "frog 3" or a Pumafioso number."""
    animal, _, value = card.partition(" ")
    return f"{term('vi', animal)} {value}" if value else f"lá {card}"


# code -> (the engine's English wording, the Vietnamese from its parts)
REASONS: dict[str, tuple[re.Pattern, Callable[[re.Match], str]]] = {
    "wrong_turn": (
        re.compile(r"^(?P<what>.+), but it is (?P<player>[^,]+?)'s turn"
                   r"(?: \((?P<done>.+) has already played this round\))?$"),
        lambda m: f"{_attempt(m['what'])}, nhưng đang là lượt của {m['player']}"
                  + (f" ({m['done']} đã chơi ở vòng này)" if m["done"] else "")),
    "card_out": (
        re.compile(r"^(?P<what>.+), but (?P<card>\d+) was already played in this game "
                   r"\(every card exists once\)$"),
        lambda m: f"{_attempt(m['what'])}, nhưng lá {m['card']} đã được chơi trong ván này "
                  f"(mỗi lá chỉ có một)"),
    "animal_out": (
        re.compile(r"^(?P<what>.+), but (?P<card>.+) was already played in game (?P<game>\d+); "
                   r"each animal card is played once a game$"),
        lambda m: f"{_attempt(m['what'])}, nhưng {_card_words(m['card'])} đã được chơi trong "
                  f"ván {m['game']}; mỗi lá con vật chỉ chơi một lần mỗi ván"),
    "place_first": (
        re.compile(r"^(?P<what>.+), but (?P<player>.+) must first place (?P<card>\d+), "
                   r"the card that won the round$"),
        lambda m: f"{_attempt(m['what'])}, nhưng {m['player']} phải đặt lá {m['card']} "
                  f"trước, lá đã thắng vòng"),
    "no_round_won": (
        re.compile(r"^(?P<what>.+), but no round has been won yet: it is (?P<player>.+)'s "
                   r"turn to (?P<task>play|reveal Tony's card)$"),
        lambda m: f"{_attempt(m['what'])}, nhưng chưa ai thắng vòng: đến lượt {m['player']} "
                  + ("chơi bài" if m["task"] == "play" else "lật lá bài cho Tony")),
    "not_the_winner": (
        re.compile(r"^(?P<what>.+), but (?P<winner>.+) won the round, so (?P=winner) places "
                   r"(?P<card>\d+)$"),
        lambda m: f"{_attempt(m['what'])}, nhưng {m['winner']} thắng vòng nên {m['winner']} "
                  f"đặt lá {m['card']}"),
    "not_the_winning_card": (
        re.compile(r"^(?P<what>.+), but (?P<player>.+) won the round with (?P<card>\d+): "
                   r"that is the card to place$"),
        lambda m: f"{_attempt(m['what'])}, nhưng {m['player']} thắng vòng bằng lá {m['card']}: "
                  f"đó là lá phải đặt"),
    "step_holds_higher": (
        re.compile(r"^(?P<what>.+) at step (?P<step>-?\d+), but step (?P=step) holds "
                   r"(?P<card>\d+), a higher card: .*$"),
        lambda m: f"{_attempt(m['what'])} ở bậc {m['step']}, nhưng bậc {m['step']} đang có lá "
                  f"{m['card']} cao hơn: hãy đặt ở bậc trống, bậc có lá thấp hơn, hoặc ở -3"),
    "item_used": (
        re.compile(r"^(?P<what>.+): (?P<player>.+) has already used the (?P<item>.+) "
                   r"\(each item token is used once in the 3 games\)$"),
        lambda m: f"{_attempt(m['what'])}: {m['player']} đã dùng {_item(m['item'])} rồi "
                  f"(mỗi token vật phẩm chỉ dùng một lần trong 3 ván)"),
    "no_layout": (
        re.compile(r"^(?P<what>.+), but no snakes are laid out yet: (?P<player>.+) lays out "
                   r"first$"),
        lambda m: f"{_attempt(m['what'])}, nhưng chưa bày lá rắn nào: {m['player']} bày "
                  f"trước"),
    "not_assigned": (
        re.compile(r"^contribute: (?P<player>.+) is not assigned to (?P<mission>.+); only its "
                   r"characters \((?P<names>.+)\) add cards, unless .*$"),
        lambda m: f"góp bài: {m['player']} không được giao {_mission(m['mission'])}; chỉ các "
                  f"nhân vật của nó ({m['names']}) góp bài, trừ khi Salvatore dùng kỹ năng"),
    "no_omerta": (
        re.compile(r"^spoke: no Omertà is in force, so there is no silence to break$"),
        lambda m: "đã nói: không có Omertà nào đang diễn ra, nên không có sự im lặng nào "
                  "bị phá"),
    "over": (
        re.compile(r"^(?P<kind>\w+): the (?P<game>\w+) session is over; only undo is possible "
                   r"now$"),
        lambda m: f"Ván {m['game'].capitalize()} đã kết thúc; bây giờ chỉ có thể hoàn tác "
                  f"(undo)"),
    "nothing_to_undo": (
        re.compile(r"^undo: there is no move left to take back$"),
        lambda m: "hoàn tác: không còn nước đi nào để lấy lại"),
}

_ITEM_NAMES = {"machine gun": "machine_gun", "bulletproof vest": "vest",
               "notebook": "notebook", "wedding ring": "ring"}


def _item(words: str) -> str:
    return term("vi", _ITEM_NAMES.get(words, words))


def _mission(label: str) -> str:
    """"Docks smuggling (slot 1)", as the engines label a slot's mission."""
    return re.sub(r"\(slot (\d)\)$", r"(ô \1)", label)


def reason_code(reason: str) -> str | None:
    """The catalogue's code for an engine's refusal, or None if it is not catalogued."""
    return next((code for code, (pattern, _) in REASONS.items() if pattern.match(reason)),
                None)


def say_reason(reason: str, lang: str) -> str:
    """A refusal (``str(RuleError)``) in ``lang``: English as the engine wrote it."""
    if lang == "en":
        return reason
    for pattern, say in REASONS.values():
        match = pattern.match(reason)
        if match:
            return say(match)
    return reason
