"""The words of the games and of the session format, in both languages: game terms (an
item, an animal, a colour, a side), the fill-in words of a move's usage, the zones of the
table, the move types and fields, and each move said as a sentence.

Pumafiosi terms follow the Vietnamese rulebook (Hệ thống Phân cấp, bậc, điểm tài sản, điểm
phạt, Áo chống đạn, Sổ tay, Nhẫn cưới, Súng máy, ...).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from companion.messages.words import checked

TERMS: dict[str, dict[str, str]] = {
    "vest": {"en": "vest", "vi": "Áo chống đạn"},
    "notebook": {"en": "notebook", "vi": "Sổ tay"},
    "ring": {"en": "wedding ring", "vi": "Nhẫn cưới"},
    "machine_gun": {"en": "machine gun", "vi": "Súng máy"},
    "charmer": {"en": "charmer", "vi": "người dụ rắn"},
    "mouse": {"en": "mouse", "vi": "chuột"},
    "duck": {"en": "duck", "vi": "vịt"},
    "lizard": {"en": "lizard", "vi": "thằn lằn"},
    "dragonfly": {"en": "dragonfly", "vi": "chuồn chuồn"},
    "grasshopper": {"en": "grasshopper", "vi": "châu chấu"},
    "frog": {"en": "frog", "vi": "ếch"},
    "mobsters": {"en": "mobsters", "vi": "mafia"},
    "cops": {"en": "cops", "vi": "cảnh sát"},
    "blue": {"en": "blue", "vi": "xanh"},
    "yellow": {"en": "yellow", "vi": "vàng"},
    "face down": {"en": "face down", "vi": "úp"},
    "mission": {"en": "mission", "vi": "nhiệm vụ"},
}


def term(lang: str, value: Any) -> str:
    """A game term (item, animal, colour, side) in ``lang``; other values as they are."""
    entry = TERMS.get(value) if isinstance(value, str) else None
    return entry[checked(lang)] if entry else str(value)


# The words of a move's usage a player fills in (the help, "Something is missing: ..."):
# the keywords stay as they are typed.
PLACEHOLDERS: dict[str, dict[str, str]] = {
    "PLAYER": {"en": "PLAYER", "vi": "TÊN"},
    "CARD": {"en": "CARD", "vi": "LÁ"},
    "ANIMAL": {"en": "ANIMAL", "vi": "CON-VẬT"},
    "VALUE": {"en": "VALUE", "vi": "GIÁ-TRỊ"},
    "STEP": {"en": "STEP", "vi": "BẬC"},
    "SLOT": {"en": "SLOT", "vi": "Ô"},
    "MISSION": {"en": "MISSION", "vi": "NHIỆM-VỤ"},
    "DELTA": {"en": "DELTA", "vi": "MỨC-ĐỔI"},
    "numbers or charmer": {"en": "numbers or charmer", "vi": "số hoặc charmer"},
}


_PLACEHOLDER = re.compile("|".join(sorted(map(re.escape, PLACEHOLDERS), key=len, reverse=True)))


def usage_words(usage: str, lang: str) -> str:
    """A move's usage ("place CARD at STEP") with its fill-in words in ``lang``."""
    return _PLACEHOLDER.sub(lambda m: PLACEHOLDERS[m.group()][checked(lang)], usage)


# The zones of the table (companion.calibration's vocabulary, "kind:N") as messages name
# them: "step 2", "play 1", "mission 1".
ZONE_WORDS: dict[str, dict[str, str]] = {
    "step": {"en": "step", "vi": "bậc"},
    "hierarchy": {"en": "hierarchy", "vi": "bậc"},
    "play": {"en": "play", "vi": "vùng chơi"},
    "seat": {"en": "seat", "vi": "chỗ ngồi"},
    "mission": {"en": "mission", "vi": "ô nhiệm vụ"},
    "layout": {"en": "layout", "vi": "vị trí bày rắn"},
    "tony": {"en": "tony", "vi": "chỗ của Tony"},
}


def zone_words(zone: str, lang: str) -> str:
    """A zone of the table as messages name it ("step:2": "step 2", "bậc 2")."""
    kind, _, number = zone.partition(":")
    entry = ZONE_WORDS.get(kind)
    words = entry[checked(lang)] if entry else kind
    return f"{words} {number}" if number else words


def card_words(card: Any, lang: str) -> str:
    """A card in game terms (44, "mouse 7", "face down", "mission 3") in ``lang``."""
    if not isinstance(card, str):
        return str(card)
    if card in TERMS:
        return term(lang, card)
    return " ".join(term(lang, word) for word in card.split())


def snake_words(card: Any, lang: str) -> str:
    """A snake card as a player names it: "the -3", "a charmer" (rắn -3, một người dụ rắn)."""
    if checked(lang) == "vi":
        return _snake(card)
    if card == "charmer":
        return "a charmer"
    return f"the {card:+d}" if card else "the 0"


def names_words(owners, lang: str) -> str:
    """Whose card: "Ann and Bob" ("Ann và Bob"); nobody's is Tony's."""
    joiner = {"en": " and ", "vi": " và "}[checked(lang)]
    return joiner.join(owners) if owners else "Tony"


def _snake(card) -> str:
    if card == "charmer":
        return "một " + TERMS["charmer"]["vi"]
    return f"rắn {card:+d}" if card else "rắn 0"


# The session format's move types and fields, as the command line's messages name them.
MOVE_WORDS: dict[str, dict[str, str]] = {
    "tony": {"en": "Tony's card", "vi": "lá bài của Tony"},
    "play": {"en": "play", "vi": "chơi"},
    "place": {"en": "place", "vi": "đặt"},
    "unseen_play": {"en": "card not read", "vi": "lá không đọc được"},
    "unseen_place": {"en": "place not seen", "vi": "nước đặt không thấy"},
    "honor_violation": {"en": "honour code broken", "vi": "vi phạm quy tắc danh dự"},
    "first": {"en": "first player", "vi": "người đi đầu"},
    "layout": {"en": "layout", "vi": "bày rắn"},
    "mission": {"en": "mission", "vi": "nhiệm vụ"},
    "contribute": {"en": "contribute", "vi": "góp bài"},
    "unseen_contribute": {"en": "card not seen whose", "vi": "lá không thấy của ai"},
    "reveal": {"en": "reveal", "vi": "lật bài"},
    "unseen_reveal": {"en": "reveal not read", "vi": "lật bài không đọc được"},
    "abort": {"en": "abort", "vi": "hủy"},
    "unseen_abort": {"en": "abort not seen whose", "vi": "hủy không thấy của ai"},
    "assign": {"en": "assign", "vi": "tham gia"},
    "release": {"en": "release", "vi": "rời"},
    "adjust": {"en": "adjust", "vi": "điều chỉnh"},
    "reveal_cop": {"en": "cop revealed", "vi": "lộ diện cảnh sát"},
    "cops": {"en": "cops", "vi": "cảnh sát"},
    "omerta": {"en": "Omertà", "vi": "Omertà"},
    "spoke": {"en": "spoke", "vi": "đã nói"},
    "turn": {"en": "turn", "vi": "lượt"},
    "undo": {"en": "undo", "vi": "hoàn tác"},
    "player": {"en": "player", "vi": "người chơi"},
    "card": {"en": "card", "vi": "lá"},
    "step": {"en": "step", "vi": "bậc"},
    "item": {"en": "item", "vi": "vật phẩm"},
    "ring": {"en": "wedding ring", "vi": "Nhẫn cưới"},
    "machine_gun": {"en": "machine gun", "vi": "Súng máy"},
    "cards": {"en": "cards", "vi": "các lá"},
    "animal": {"en": "animal", "vi": "con vật"},
    "value": {"en": "value", "vi": "giá trị"},
    "slot": {"en": "slot", "vi": "ô"},
    "assigned": {"en": "assigned", "vi": "được giao"},
    "skill": {"en": "skill", "vi": "kỹ năng"},
    "delta": {"en": "by", "vi": "thay đổi"},
}


def move_word(lang: str, word: str) -> str:
    entry = MOVE_WORDS.get(word)
    return entry[checked(lang)] if entry else word.replace("_", " ")


# Each move type said as a sentence (the command line's "recorded: ...", an undo's
# announcement); "+field": what an optional field adds.
MOVE_SENTENCES: dict[str, dict[str, str]] = {
    "play": {"en": "{player} plays {card}", "vi": "{player} chơi {card}"},
    "unseen_place": {"en": "{player} placed the winning card at a step nobody saw (not read)",
                     "vi": "{player} đặt lá thắng ở một bậc không ai thấy (không đọc được)"},
    "unseen_play": {"en": "{player} played a card (not read)",
                    "vi": "{player} đã chơi một lá (không đọc được)"},
    "play.animal": {"en": "{player} plays {animal} {value}", "vi": "{player} chơi {animal} {value}"},
    "tony": {"en": "Tony's card is {card}", "vi": "lá bài của Tony là {card}"},
    "place": {"en": "{player} places {card} at step {step}",
              "vi": "{player} đặt {card} lên bậc {step}"},
    "honor_violation": {"en": "{player} broke the code of honour",
                        "vi": "{player} vi phạm quy tắc danh dự"},
    "first": {"en": "{player} is the first player", "vi": "{player} là người đi đầu"},
    "layout": {"en": "the snakes laid out: {cards}", "vi": "các lá rắn được bày: {cards}"},
    "mission": {"en": "mission {mission} opens in slot {slot}, assigned to {assigned}",
                "vi": "nhiệm vụ {mission} mở ở ô {slot}, giao cho {assigned}"},
    "nobody": {"en": "nobody", "vi": "không ai"},
    "contribute": {"en": "{player} puts a card on the mission in slot {slot}",
                   "vi": "{player} góp một lá vào nhiệm vụ ở ô {slot}"},
    "unseen_contribute": {"en": "a card went on the mission in slot {slot} (not seen whose)",
                          "vi": "một lá vào nhiệm vụ ở ô {slot} (không thấy của ai)"},
    "reveal": {"en": "the mission in slot {slot} is revealed: {cards}",
               "vi": "nhiệm vụ ở ô {slot} lật bài: {cards}"},
    "unseen_reveal": {"en": "the mission in slot {slot} was revealed (cards not read)",
                      "vi": "nhiệm vụ ở ô {slot} đã lật bài (các lá không đọc được)"},
    "abort": {"en": "{player} aborts the mission in slot {slot}",
              "vi": "{player} hủy nhiệm vụ ở ô {slot}"},
    "unseen_abort": {"en": "the mission in slot {slot} was aborted (not seen who)",
                     "vi": "nhiệm vụ ở ô {slot} đã bị hủy (không thấy ai hủy)"},
    "assign": {"en": "{player} joins the mission in slot {slot}",
               "vi": "{player} tham gia nhiệm vụ ở ô {slot}"},
    "release": {"en": "{player} leaves the mission in slot {slot}",
                "vi": "{player} rời nhiệm vụ ở ô {slot}"},
    "adjust": {"en": "{player} changes the mission in slot {slot} by {delta:+d}",
               "vi": "{player} đổi nhiệm vụ ở ô {slot} {delta:+d}"},
    "reveal_cop": {"en": "{player} is exposed as a cop", "vi": "{player} lộ diện là cảnh sát"},
    "omerta": {"en": "{player} calls the Omertà", "vi": "{player} gọi Omertà"},
    "spoke": {"en": "{player} spoke during the Omertà", "vi": "{player} đã nói trong Omertà"},
    "spoke.nobody": {"en": "someone spoke during the Omertà",
                     "vi": "có người đã nói trong Omertà"},
    "turn": {"en": "{player}'s turn", "vi": "lượt của {player}"},
    "undo": {"en": "undo", "vi": "hoàn tác"},
    "+machine_gun": {"en": " with the machine gun", "vi": " với Súng máy"},
    "+item": {"en": " with the {item}", "vi": " cùng {item}"},
    "+ring": {"en": " and the wedding ring", "vi": " và Nhẫn cưới"},
    "+skill": {"en": " with Salvatore's skill", "vi": " bằng kỹ năng của Salvatore"},
}


def describe_move(move: Any, lang: str) -> str:
    """A journalled move said as a sentence in ``lang`` ("Ann places 37 at step 8 with the
    vest"); a move of a type without one is named by its words."""
    kind = str(move.get("type"))
    key = "play.animal" if kind == "play" and "animal" in move else kind
    if key == "spoke" and not move.get("player"):
        key = "spoke.nobody"
    if key not in MOVE_SENTENCES:
        return _move_by_words(move, lang)
    fields = {k: term(lang, v) if isinstance(v, str) else v for k, v in move.items()}
    if kind == "layout":
        fields["cards"] = ", ".join(term(lang, c) if isinstance(c, str) else f"{c:+d}"
                                    for c in move["cards"])
    elif kind == "reveal":
        fields["cards"] = ", ".join(f"{c['value']} {term(lang, c['color'])}"
                                    for c in move["cards"])
    elif kind == "mission":
        fields["assigned"] = (", ".join(move["assigned"]) if move.get("assigned")
                              else MOVE_SENTENCES["nobody"][checked(lang)])
    said = MOVE_SENTENCES[key][checked(lang)].format(**fields)
    for extra in ("machine_gun", "item", "ring", "skill"):
        if move.get(extra):
            said += MOVE_SENTENCES[f"+{extra}"][lang].format(**fields)
    return said


def _move_by_words(move: Any, lang: str) -> str:
    parts = []
    for key, value in move.items():
        if key in ("type", "t") or value is False:
            continue
        word = move_word(lang, key)
        parts.append(word if value is True else f"{word} {_value_words(lang, value)}")
    kind = move_word(lang, str(move.get("type")))
    return f"{kind} ({', '.join(parts)})" if parts else kind


def _value_words(lang: str, value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_value_words(lang, v) for v in value)
    if isinstance(value, Mapping):
        return " ".join(_value_words(lang, v) for v in value.values())
    return term(lang, value)
