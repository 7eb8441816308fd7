"""What every game refuses: the move itself, the session header, the session (a
``RuleError``'s code, worded from its fields), and the words the games' refusals share.

``REFUSALS`` is a session file's wording, whose English is ``str(err)`` (the ``.error``
fixtures compare it): it names the session format's fields ('play: "card" must be ...').
``AT_TABLE`` words again, for players, the codes whose file wording reads badly at the
table; the others are said there as in the file.
"""

from __future__ import annotations

from typing import Any

from companion.messages.terms import MOVE_WORDS, describe_move, term
from companion.messages.words import Fields, json_repr

_ATTEMPTS = {
    "unseen_play": {"en": "{player} played a card nobody read",
                    "vi": "{player} chơi một lá không ai đọc được"},
    "unseen_place": {"en": "{player} placed the winning card at a step nobody saw",
                     "vi": "{player} đặt lá thắng ở một bậc không ai thấy"},
    "tony": {"en": "Tony's card {card} was revealed", "vi": "Lá bài {card} của Tony đã được lật"},
    "place": {"en": "{player} placed {card}", "vi": "{player} đặt lá {card}"},
    "play": {"en": "{player} played {card}", "vi": "{player} chơi lá {card}"},
    "animal": {"en": "{player} played {animal} {value}", "vi": "{player} chơi {animal} {value}"},
}


def attempt(f: Fields, lang: str) -> str:
    """What a refused move tried, as its refusal begins ("Cy played 20"): its ``move``
    type, ``player`` and ``card`` (a Pungi play: ``animal`` and ``value``)."""
    if "animal" in f:
        return _ATTEMPTS["animal"][lang].format(player=f["player"],
                                                animal=term(lang, f["animal"]), value=f["value"])
    return _ATTEMPTS[f["move"]][lang].format(**f)


def _card_named(f: Fields, lang: str) -> str:
    """The card a refused move names: a Pumafiosi ``card``, a Pungi ``animal`` and
    ``value`` ("mouse 7")."""
    if "animal" in f:
        return f"{term(lang, f['animal'])} {f['value']}"
    return str(f["card"])


def move_named(f: Fields) -> str:
    """The move type as a Vietnamese refusal names it first ("góp bài: ...")."""
    kind = f["move"]
    return MOVE_WORDS[kind]["vi"] if kind in MOVE_WORDS else str(kind)


def names_or_nobody(names, lang: str) -> str:
    """Players listed ("Ann, Bob"), or nobody."""
    return ", ".join(names) if names else {"en": "nobody", "vi": "không ai"}[lang]


def listed(names, lang: str) -> str:
    """Players listed as a sentence does ("Ann, Bob and Cy")."""
    names = tuple(names)
    last = {"en": " and ", "vi": " và "}[lang]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]


def typed(value: Any) -> str:
    """A value as typed at the table: a word unquoted."""
    return value if isinstance(value, str) else json_repr(value)


_TYPE_WORDS = {"int": {"en": "a whole number", "vi": "một số nguyên"},
               "str": {"en": "a text", "vi": "một đoạn chữ"},
               "bool": {"en": "true or false", "vi": "true hoặc false"},
               "list": {"en": "a list", "vi": "một danh sách"},
               "dict": {"en": "an object", "vi": "một đối tượng"},
               "float": {"en": "a number", "vi": "một số"}}


def _expected(f: Fields, lang: str) -> str:
    """The types a field may have ("a whole number or a text")."""
    joiner = {"en": " or ", "vi": " hoặc "}[lang]
    return joiner.join(_TYPE_WORDS[k][lang] if k in _TYPE_WORDS else k for k in f["expected"])


REFUSALS: dict[str, dict[str, Any]] = {
    "no_type": {
        "en": lambda f: 'the move has no "type"',
        "vi": lambda f: 'nước đi không có "type"'},
    "move_not_object": {
        "en": lambda f: 'a move must be a JSON object with a "type"',
        "vi": lambda f: 'mỗi nước đi phải là một đối tượng JSON có "type"'},
    "field_missing": {
        "en": lambda f: f'{f["move"]}: the field "{f["field"]}" is missing',
        "vi": lambda f: f'{move_named(f)}: thiếu trường "{f["field"]}"'},
    "field_type": {
        "en": lambda f: f'{f["move"]}: "{f["field"]}" must be {_expected(f, "en")}, not '
                        f'{json_repr(f["value"])}',
        "vi": lambda f: f'{move_named(f)}: "{f["field"]}" phải là {_expected(f, "vi")}, không '
                        f"phải {json_repr(f['value'])}"},
    "unknown_player": {
        "en": lambda f: f"{f['move']}: there is no player called {f['player']!r} (players: "
                        f"{', '.join(f['players'])})",
        "vi": lambda f: f"{move_named(f)}: không có người chơi tên {f['player']!r} (người chơi: "
                        f"{', '.join(f['players'])})"},
    "unknown_move": {
        "en": lambda f: f"unknown move type {f['move']!r} for {f['game']} (known: "
                        f"{', '.join(f['known'])}, undo)",
        "vi": lambda f: f"loại nước đi {f['move']!r} không có trong {f['game'].capitalize()} "
                        f"(có: {', '.join(f['known'])}, undo)"},
    "unknown_game": {
        "en": lambda f: f"unknown game {f['game']!r} (known: {', '.join(f['known'])})",
        "vi": lambda f: f"không biết trò chơi {f['game']!r} (có: {', '.join(f['known'])})"},
    "over": {
        "en": lambda f: f"{f['move']}: the {f['game']} session is over; only undo is possible "
                        f"now",
        "vi": lambda f: f"{move_named(f)}: ván {f['game'].capitalize()} đã kết thúc; bây giờ "
                        f"chỉ có thể hoàn tác (undo)"},
    "nothing_to_undo": {
        "en": lambda f: "undo: there is no move left to take back",
        "vi": lambda f: "hoàn tác: không còn nước đi nào để lấy lại"},
    "header_not_object": {
        "en": lambda f: "the first line must be the session header, a JSON object",
        "vi": lambda f: "dòng đầu tiên phải là phần đầu phiên, một đối tượng JSON"},
    "header_format": {
        "en": lambda f: f'the header\'s "format" must be "{f["format"]}", not {f["value"]!r}',
        "vi": lambda f: f'"format" của phần đầu phải là "{f["format"]}", không phải '
                        f"{f['value']!r}"},
    "header_no_game": {
        "en": lambda f: 'the header has no "game" (pumafiosi, pungi or mafia)',
        "vi": lambda f: 'phần đầu không có "game" (pumafiosi, pungi hoặc mafia)'},
    "header_no_players": {
        "en": lambda f: 'the header needs "players": a list of {"name": ...} in seating order',
        "vi": lambda f: 'phần đầu cần "players": danh sách {"name": ...} theo thứ tự chỗ ngồi'},
    "header_player_not_object": {
        "en": lambda f: f"player {f['number']} in the header must be an object with a name",
        "vi": lambda f: f"người chơi {f['number']} trong phần đầu phải là một đối tượng có tên"},
    "header_player_name": {
        "en": lambda f: f"player {f['number']} in the header needs a non-empty name",
        "vi": lambda f: f"người chơi {f['number']} trong phần đầu cần một tên không rỗng"},
    "header_name_control": {
        "en": lambda f: f"player {f['number']}'s name holds a control character "
                        f"({f['character']}); write names in plain letters",
        "vi": lambda f: f"tên của người chơi {f['number']} chứa một ký tự điều khiển "
                        f"({f['character']}); hãy viết tên bằng chữ cái thông thường"},
    "header_age": {
        "en": lambda f: f"{f['player']}'s age must be a number, not {f['value']!r}",
        "vi": lambda f: f"tuổi của {f['player']} phải là một số, không phải {f['value']!r}"},
    "header_player_text": {
        "en": lambda f: f"{f['player']}'s {f['field']} must be a text, not {f['value']!r}",
        "vi": lambda f: f"{f['field']} của {f['player']} phải là một đoạn chữ, không phải "
                        f"{f['value']!r}"},
    # (names are typed without case or accents: these two could not be told apart)
    "header_names_twice": {
        "en": lambda f: f"player names must be unique, case and accents aside: "
                        f"{f['names'][0]!r} and {f['names'][1]!r}; add an initial, e.g. "
                        f"{f['names'][1]} B",
        "vi": lambda f: f"tên người chơi phải khác nhau (không kể chữ hoa và dấu): "
                        f"{' và '.join(f['names'])}; hãy thêm một chữ cái, ví dụ "
                        f"{f['names'][-1]} B"},
    "header_options": {
        "en": lambda f: 'the header\'s "options" must be an object',
        "vi": lambda f: '"options" của phần đầu phải là một đối tượng'},
    "player_count": {
        "en": lambda f: f"{f['game']} is for {f['low']}-{f['high']} players, not {f['players']}",
        "vi": lambda f: f"{f['game'].capitalize()} dành cho {f['low']}-{f['high']} người chơi, "
                        f"không phải {f['players']}"},
    # a turn in Pumafiosi or Pungi
    "wrong_turn": {
        "en": lambda f: f"{attempt(f, 'en')}, but it is {f['turn']}'s turn"
                        + (f" ({f['player']} has already played this round)" if f["done"]
                           else ""),
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng đang là lượt của {f['turn']}"
                        + (f" ({f['player']} đã chơi ở vòng này)" if f["done"] else "")},
    # naming an unseen play afterwards (companion.journal_rewrite: Pumafiosi, Pungi)
    "no_unseen": {
        "en": lambda f: f"{f['player']} had {_card_named(f, 'en')}, but every card "
                        f"{f['player']} played was read (there is no unseen play of "
                        f"{f['player']}'s to name)",
        "vi": lambda f: f"{f['player']} đã có lá {_card_named(f, 'vi')}, nhưng mọi lá "
                        f"{f['player']} chơi đều đã được đọc (không có lá nào của "
                        f"{f['player']} chưa đọc để gọi tên)"},
}

AT_TABLE: dict[str, dict[str, Any]] = {
    "unknown_player": {
        "en": lambda f: f"There is no player called {f['player']}: the players are "
                        f"{', '.join(f['players'])}",
        "vi": lambda f: f"Không có người chơi tên {f['player']}: người chơi là "
                        f"{', '.join(f['players'])}"},
    "over": {
        "en": lambda f: f"This {f['game'].capitalize()} game is over: only undo takes a move "
                        f"back now",
        "vi": lambda f: f"Ván {f['game'].capitalize()} này đã kết thúc: bây giờ chỉ có thể "
                        f"hoàn tác (undo)"},
    "nothing_to_undo": {
        "en": lambda f: "There is no move to take back yet",
        "vi": lambda f: "Chưa có nước đi nào để hoàn tác"},
    "player_count": {
        "en": lambda f: f"{f['game'].capitalize()} is for {f['low']} to {f['high']} players, "
                        f"not {f['players']}",
        "vi": lambda f: f"{f['game'].capitalize()} dành cho {f['low']} đến {f['high']} người "
                        f"chơi, không phải {f['players']}"},
}

OUTCOMES: dict[str, dict[str, Any]] = {
    # a card played that nobody read (companion.games.unseen: Pumafiosi, Pungi)
    "unseen_played": {
        "en": lambda o: f"{o.player} played a card (not read)",
        "vi": lambda o: f"{o.player} đã chơi một lá (không đọc được)"},
    "move_undone": {
        "en": lambda o: f"Undone: {describe_move(o.move, 'en')}",
        "vi": lambda o: f"Đã hoàn tác: {describe_move(o.move, 'vi')}"},
}
