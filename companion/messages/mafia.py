"""Mafia's refusals and outcomes. Slots are 1 and 2; sides are "mobsters" and "cops"; a
refusal names a mission by its ``mission`` name and ``slot``."""

from __future__ import annotations

from typing import Any

from companion.messages.rules import listed, move_named, names_or_nobody, typed
from companion.messages.terms import term
from companion.messages.words import json_repr


def _in_slot(mission: str, slot: int, lang: str) -> str:
    """A mission named with its slot: "Casino takeover (slot 1)"."""
    return {"en": f"{mission} (slot {slot})", "vi": f"{mission} (ô {slot})"}[lang]


def _mission_en(f) -> str:
    return _in_slot(f["mission"], f["slot"], "en")


def _mission_vi(f) -> str:
    return _in_slot(f["mission"], f["slot"], "vi")


def _cards_en(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _cops_en(count: int) -> str:
    return f"{count} cop" + ("" if count == 1 else "s")


def _role_en(role: str) -> str:
    return "a cop" if role == "cop" else f"one of the {term('en', role + 's')}"


# What each field of a mission card in options.missions must be.
_MISSION_FIELDS = {"id": "a whole number or a non-empty text", "name": "a non-empty text",
                   "recruits": "a whole number of at least 1",
                   "cards": "a whole number of at least 1",
                   "value": "a whole number of at least 1", "color": '"blue" or "yellow"'}
_MISSION_KEYS = '{"id", "name", "recruits", "cards", "value", "color"}'


_NOT_REVEALED = {
    "en": ("is empty", "holds {mission}, whose cards nobody read (name them first: revealed "
                       "{slot} 2b 4y ...)", "holds {mission}, not revealed yet"),
    "vi": ("trống", "có {mission}, các lá của nó chưa ai đọc (hãy gọi tên chúng trước: "
                    "revealed {slot} 2b 4y ...)", "có {mission}, chưa lật bài")}


def _not_revealed(f, lang: str) -> str:
    """What a slot Vincenzo cannot adjust holds: nothing, a mission revealed unread, one
    not revealed yet."""
    empty, unread, waiting = _NOT_REVEALED[lang]
    if f["mission"] is None:
        return empty
    return (unread if f.get("unread") else waiting).format(**f)


def _nobody_en(names) -> str:
    return names_or_nobody(names, "en")


def _nobody_vi(names) -> str:
    return names_or_nobody(names, "vi")


REFUSALS: dict[str, dict[str, Any]] = {
    # the header
    "character_invalid": {
        "en": lambda f: f"{f['player']}'s character must be a non-empty text, not "
                        f"{json_repr(f['value'])}",
        "vi": lambda f: f"nhân vật của {f['player']} phải là một đoạn chữ không rỗng, không "
                        f"phải {json_repr(f['value'])}"},
    "character_twice": {
        "en": lambda f: f"{f['players'][0]} and {f['players'][1]} both play {f['character']}; "
                        f"each character card is dealt once",
        "vi": lambda f: f"{f['players'][0]} và {f['players'][1]} đều là {f['character']}; mỗi "
                        f"lá nhân vật chỉ chia một lần"},
    "role_invalid": {
        "en": lambda f: f'{f["player"]}\'s role must be "mobster" or "cop", not '
                        f"{json_repr(f['value'])}",
        "vi": lambda f: f'vai của {f["player"]} phải là "mobster" hoặc "cop", không phải '
                        f"{json_repr(f['value'])}"},
    "role_count": {
        "en": lambda f: f"a table of {f['players']} has {f['allowed']} {f['role']} goal "
                        f"card{'s' if f['allowed'] != 1 else ''}, but the header gives "
                        f"{f['given']} players the role {f['role']}",
        "vi": lambda f: f"bàn {f['players']} người có {f['allowed']} lá mục tiêu "
                        f"{term('vi', f['role'] + 's')}, nhưng phần đầu giao vai đó cho "
                        f"{f['given']} người chơi"},
    "missions_not_list": {
        "en": lambda f: f"options.missions must be a non-empty list of missions {_MISSION_KEYS}",
        "vi": lambda f: f"options.missions phải là danh sách nhiệm vụ không rỗng {_MISSION_KEYS}"},
    "mission_ids_twice": {
        "en": lambda f: f"options.missions: mission ids must be unique; "
                        f"{', '.join(map(json_repr, f['ids']))} appears twice",
        "vi": lambda f: f"options.missions: mã nhiệm vụ phải khác nhau; "
                        f"{', '.join(map(json_repr, f['ids']))} xuất hiện hai lần"},
    "mission_not_object": {
        "en": lambda f: f"options.missions, mission {f['number']} must be an object "
                        f"{_MISSION_KEYS}, not {json_repr(f['value'])}",
        "vi": lambda f: f"options.missions, nhiệm vụ {f['number']} phải là một đối tượng "
                        f"{_MISSION_KEYS}, không phải {json_repr(f['value'])}"},
    "mission_field": {
        "en": lambda f: f"options.missions, mission {f['number']}"
                        + (f" ({f['name']})" if f["name"] else "")
                        + f': "{f["field"]}" must be {_MISSION_FIELDS[f["field"]]}, not '
                          f"{json_repr(f['value'])}",
        "vi": lambda f: f"options.missions, nhiệm vụ {f['number']}"
                        + (f" ({f['name']})" if f["name"] else "")
                        + f': "{f["field"]}" không hợp lệ: {json_repr(f["value"])}'},
    # a mission opened
    "slot_invalid": {
        "en": lambda f: f'{f["move"]}: "slot" must be 1 or 2 (two missions are in progress at '
                        f"most), not {f['slot']}",
        "vi": lambda f: f'{move_named(f)}: "slot" phải là 1 hoặc 2 (nhiều nhất hai nhiệm vụ '
                        f"cùng diễn ra), không phải {f['slot']}"},
    "slot_busy": {
        "en": lambda f: f"mission: slot {f['slot']} already holds {f['mission']}, still in "
                        f"progress ("
                        + ("two missions are already in progress; reveal or abort one first"
                           if f["other"] is None else f"slot {f['other']} is free") + ")",
        "vi": lambda f: f"nhiệm vụ: ô {f['slot']} đang có {f['mission']}, chưa xong ("
                        + ("đã có hai nhiệm vụ đang diễn ra; hãy lật bài hoặc hủy một nhiệm vụ "
                           "trước" if f["other"] is None else f"ô {f['other']} còn trống")
                        + ")"},
    "mission_unknown": {
        "en": lambda f: f"mission: there is no mission with id {json_repr(f['mission'])} (ids: "
                        f"{', '.join(json_repr(i) for i in f['known'])})",
        "vi": lambda f: f"nhiệm vụ: không có nhiệm vụ mã {json_repr(f['mission'])} (các mã: "
                        f"{', '.join(json_repr(i) for i in f['known'])})"},
    "mission_in_progress": {
        "en": lambda f: f"mission: {f['mission']} (id {json_repr(f['id'])}) is already in "
                        f"progress in the other slot",
        "vi": lambda f: f"nhiệm vụ: {f['mission']} (mã {json_repr(f['id'])}) đang diễn ra ở ô "
                        f"kia"},
    "assigned_unknown": {
        "en": lambda f: f'mission: {json_repr(f["value"])} in "assigned" is not a player '
                        f"(players: {', '.join(f['players'])})",
        "vi": lambda f: f'nhiệm vụ: {json_repr(f["value"])} trong "assigned" không phải người '
                        f"chơi (người chơi: {', '.join(f['players'])})"},
    "assigned_twice": {
        "en": lambda f: f"mission: {f['player']} is assigned twice",
        "vi": lambda f: f"nhiệm vụ: {f['player']} được giao hai lần"},
    "assigned_busy": {
        "en": lambda f: f"mission: {_nobody_en(f['busy'])} "
                        f"{'is' if len(f['busy']) == 1 else 'are'} already on the other mission "
                        f"in progress; only free characters are recruited "
                        f"({_nobody_en(f['free'])})",
        "vi": lambda f: f"nhiệm vụ: {_nobody_vi(f['busy'])} đang ở nhiệm vụ kia; chỉ tuyển nhân "
                        f"vật đang rảnh ({_nobody_vi(f['free'])})"},
    # a mission in progress
    "slot_empty": {
        "en": lambda f: f'{f["move"]}: slot {f["slot"]} has no mission; open one with a '
                        f'"mission" move first',
        "vi": lambda f: f'{move_named(f)}: ô {f["slot"]} không có nhiệm vụ; hãy mở một nhiệm vụ '
                        f'bằng nước "mission" trước'},
    "mission_revealed": {
        "en": lambda f: f"{f['move']}: {_mission_en(f)} has already been revealed",
        "vi": lambda f: f"{move_named(f)}: {_mission_vi(f)} đã được lật bài"},
    "skill_invalid": {
        "en": lambda f: f'contribute: "skill" can only be "salvatore" (put a card on any '
                        f"mission), not {json_repr(f['value'])}",
        "vi": lambda f: f'góp bài: "skill" chỉ có thể là "salvatore" (góp lá vào bất kỳ nhiệm '
                        f"vụ nào), không phải {json_repr(f['value'])}"},
    "mission_full": {
        "en": lambda f: f"{f['move']}: {_mission_en(f)} is full ({f['cards']} cards with the "
                        f"draw pile's); reveal it",
        "vi": lambda f: f"{move_named(f)}: {_mission_vi(f)} đã đủ ({f['cards']} lá, kể cả lá từ "
                        f"chồng bài); hãy lật bài"},
    "not_assigned": {
        "en": lambda f: f"contribute: {f['player']} is not assigned to {_mission_en(f)}; only "
                        f"its characters ({_nobody_en(f['assigned'])}) add cards, unless "
                        f"Salvatore uses his skill",
        "vi": lambda f: f"góp bài: {f['player']} không được giao {_mission_vi(f)}; chỉ các nhân "
                        f"vật của nó ({_nobody_vi(f['assigned'])}) góp bài, trừ khi Salvatore "
                        f"dùng kỹ năng"},
    "no_unseen_contribution": {
        "en": lambda f: f"whose: every card on the mission in slot {f['slot']} was seen coming "
                        f"(there is no card nobody saw whose)",
        "vi": lambda f: f"của ai: mọi lá trên nhiệm vụ ở ô {f['slot']} đều đã thấy ai góp "
                        f"(không có lá nào không thấy của ai)"},
    "no_unseen_reveal": {
        "en": lambda f: f"revealed: every mission revealed in slot {f['slot']} had its cards "
                        f"read (there is no reveal nobody read to name)",
        "vi": lambda f: f"đã lật: mọi nhiệm vụ lật bài ở ô {f['slot']} đều đã đọc được các lá "
                        f"(không có lần lật bài nào chưa đọc để gọi tên)"},
    "not_full": {
        "en": lambda f: f"reveal: {_mission_en(f)} is not full yet: {f['needed']} more "
                        f"card{'s' if f['needed'] != 1 else ''} needed before it is revealed",
        "vi": lambda f: f"lật bài: {_mission_vi(f)} chưa đủ: còn thiếu {f['needed']} lá trước "
                        f"khi lật"},
    "reveal_count": {
        "en": lambda f: f"reveal: {f['mission']} holds {f['cards']} cards, but {f['revealed']} "
                        f"were revealed",
        "vi": lambda f: f"lật bài: {f['mission']} có {f['cards']} lá, nhưng {f['revealed']} lá "
                        f"được lật"},
    "card_not_object": {
        "en": lambda f: f'reveal: card {f["index"]} must be {{"value", "color"}}, not '
                        f"{json_repr(f['value'])}",
        "vi": lambda f: f'lật bài: lá {f["index"]} phải là {{"value", "color"}}, không phải '
                        f"{json_repr(f['value'])}"},
    "card_value": {
        "en": lambda f: f'reveal: card {f["index"]}\'s "value" must be a whole number of '
                        f"dollars (at least 1), not {json_repr(f['value'])}",
        "vi": lambda f: f'lật bài: "value" của lá {f["index"]} phải là số đô-la nguyên (ít nhất '
                        f"1), không phải {json_repr(f['value'])}"},
    "card_color": {
        "en": lambda f: f'reveal: card {f["index"]}\'s "color" must be "blue" or "yellow", not '
                        f"{json_repr(f['value'])}",
        "vi": lambda f: f'lật bài: "color" của lá {f["index"]} phải là "blue" (xanh) hoặc '
                        f'"yellow" (vàng), không phải {json_repr(f["value"])}'},
    "delta_range": {
        "en": lambda f: f"adjust: Vincenzo changes a total by at most ${f['most']}: delta must "
                        f"be from -{f['most']} to {f['most']}, not {f['delta']}",
        "vi": lambda f: f"điều chỉnh: Vincenzo thay đổi tổng nhiều nhất ${f['most']}: delta "
                        f"phải từ -{f['most']} đến {f['most']}, không phải {f['delta']}"},
    "not_revealed": {
        "en": lambda f: f"adjust: slot {f['slot']} " + _not_revealed(f, 'en')
                        + "; Vincenzo adjusts a revealed mission",
        "vi": lambda f: f"điều chỉnh: ô {f['slot']} " + _not_revealed(f, 'vi')
                        + "; Vincenzo điều chỉnh một nhiệm vụ đã lật"},
    "abort_nobody": {
        "en": lambda f: f"unseen abort: nobody is assigned to {_mission_en(f)}, so nobody "
                        f"could abort it",
        "vi": lambda f: f"hủy không thấy: không ai được giao {_mission_vi(f)}, nên không ai "
                        f"có thể hủy nó"},
    "no_unseen_abort": {
        "en": lambda f: f"aborted: every mission aborted in slot {f['slot']} was seen aborted "
                        f"by someone (there is no abort nobody saw whose to name)",
        "vi": lambda f: f"đã hủy: mọi nhiệm vụ bị hủy ở ô {f['slot']} đều đã thấy ai hủy "
                        f"(không có lần hủy nào không thấy của ai để gọi tên)"},
    "abort_not_assigned": {
        "en": lambda f: f"abort: {f['player']} is not assigned to {_mission_en(f)}; only its "
                        f"characters ({_nobody_en(f['assigned'])}) can abort it",
        "vi": lambda f: f"hủy: {f['player']} không được giao {_mission_vi(f)}; chỉ các nhân vật "
                        f"của nó ({_nobody_vi(f['assigned'])}) có thể hủy"},
    "assign_busy": {
        "en": lambda f: f"assign: {f['player']} is already on {_mission_en(f)}; release them "
                        f"first",
        "vi": lambda f: f"tham gia: {f['player']} đang ở {_mission_vi(f)}; hãy cho rời trước"},
    "release_not_on": {
        "en": lambda f: f"release: {f['player']} is not on {_mission_en(f)} (its characters: "
                        f"{_nobody_en(f['assigned'])})",
        "vi": lambda f: f"rời: {f['player']} không ở {_mission_vi(f)} (các nhân vật: "
                        f"{_nobody_vi(f['assigned'])})"},
    # skills
    "skill_used": {
        "en": lambda f: f"{f['move']}: {f['character']}'s skill has already been used; a skill "
                        f"is used once per game",
        "vi": lambda f: f"{move_named(f)}: kỹ năng của {f['character']} đã được dùng; mỗi kỹ "
                        f"năng chỉ dùng một lần mỗi ván"},
    "skill_not_yours": {
        "en": lambda f: f"{f['move']}: only {f['character']} has this skill, and {f['player']} "
                        f"plays {f['own']}",
        "vi": lambda f: f"{move_named(f)}: chỉ {f['character']} có kỹ năng này, và "
                        f"{f['player']} là {f['own']}"},
    "skill_holder": {
        "en": lambda f: f"{f['move']}: only {f['character']} has this skill, and {f['holder']} "
                        f"plays {f['character']}, not {f['player']}",
        "vi": lambda f: f"{move_named(f)}: chỉ {f['character']} có kỹ năng này, và "
                        f"{f['holder']} là {f['character']}, không phải {f['player']}"},
    # cops and the Omertà
    "cop_twice": {
        "en": lambda f: f"reveal_cop: {f['player']} has already revealed being a cop",
        "vi": lambda f: f"lộ diện cảnh sát: {f['player']} đã lộ diện là cảnh sát rồi"},
    "cop_role": {
        "en": lambda f: f"reveal_cop: only a cop may reveal, and {f['player']} is a {f['role']}",
        "vi": lambda f: f"lộ diện cảnh sát: chỉ cảnh sát mới lộ diện, và {f['player']} là "
                        f"{term('vi', f['role'] + 's')}"},
    "cop_count": {
        "en": lambda f: f"reveal_cop: a table of {f['players']} has {_cops_en(f['cops'])}, and "
                        f"{_nobody_en(f['revealed'])} already revealed",
        "vi": lambda f: f"lộ diện cảnh sát: bàn {f['players']} người có {f['cops']} cảnh sát, và "
                        f"{_nobody_vi(f['revealed'])} đã lộ diện"},
    "cops_count": {
        "en": lambda f: f"cops: a table of {f['players']} has {_cops_en(f['cops'])}, not "
                        f"{len(f['named'])} ({_nobody_en(f['named'])})",
        "vi": lambda f: f"cảnh sát: bàn {f['players']} người có {f['cops']} cảnh sát, không "
                        f"phải {len(f['named'])} ({_nobody_vi(f['named'])})"},
    "cops_contradict": {
        "en": lambda f: f"cops: {f['player']} "
                        + ("was exposed as a cop" if f["exposed"]
                           else f"is a {f['role']} in the header")
                        + f", so {f['player']} is "
                        + ("one of the cops" if f["role"] == "cop" else "not a cop"),
        "vi": lambda f: f"cảnh sát: {f['player']} "
                        + ("đã lộ diện là cảnh sát" if f["exposed"]
                           else f"là {term('vi', f['role'] + 's')} trong phần đầu")
                        + f", nên {f['player']} "
                        + ("là một cảnh sát" if f["role"] == "cop" else "không phải cảnh sát")},
    "no_omerta": {
        "en": lambda f: "spoke: no Omertà is in force, so there is no silence to break",
        "vi": lambda f: "đã nói: không có Omertà nào đang diễn ra, nên không có sự im lặng nào "
                        "bị phá"},
}

AT_TABLE: dict[str, dict[str, Any]] = {
    "slot_busy": {
        "en": lambda f: f"Slot {f['slot']} already holds {f['mission']}, still in progress: "
                        + ("two missions are in progress; reveal or abort one first"
                           if f["other"] is None else f"slot {f['other']} is free"),
        "vi": lambda f: f"Ô {f['slot']} đang có {f['mission']}, chưa xong: "
                        + ("đã có hai nhiệm vụ đang diễn ra; hãy lật bài hoặc hủy một nhiệm vụ "
                           "trước" if f["other"] is None else f"ô {f['other']} còn trống")},
    "mission_in_progress": {
        "en": lambda f: f"{f['mission']} is already in progress in the other slot",
        "vi": lambda f: f"{f['mission']} đang diễn ra ở ô kia"},
    "assigned_unknown": {
        "en": lambda f: f"{typed(f['value'])} is not a player: the players are "
                        f"{', '.join(f['players'])}",
        "vi": lambda f: f"{typed(f['value'])} không phải người chơi: người chơi là "
                        f"{', '.join(f['players'])}"},
    "assigned_twice": {
        "en": lambda f: f"{f['player']} is named twice for the mission",
        "vi": lambda f: f"{f['player']} được giao nhiệm vụ hai lần"},
    "assigned_busy": {
        "en": lambda f: f"{_nobody_en(f['busy'])} already on the other mission: only free "
                        f"characters are recruited ({_nobody_en(f['free'])})",
        "vi": lambda f: f"{_nobody_vi(f['busy'])} đang ở nhiệm vụ kia: chỉ tuyển nhân vật đang "
                        f"rảnh ({_nobody_vi(f['free'])})"},
    "skill_invalid": {
        "en": lambda f: f"The only skill a card is put with is salvatore (a card on any "
                        f"mission), not {typed(f['value'])}",
        "vi": lambda f: f"Kỹ năng duy nhất khi góp bài là salvatore (góp lá vào bất kỳ nhiệm "
                        f"vụ nào), không phải {typed(f['value'])}"},
    "mission_full": {
        "en": lambda f: f"{_mission_en(f)} is full ({f['cards']} cards with the draw pile's): "
                        f"reveal it",
        "vi": lambda f: f"{_mission_vi(f)} đã đủ ({f['cards']} lá, kể cả lá từ chồng bài): hãy "
                        f"lật bài"},
    "no_unseen_reveal": {
        "en": lambda f: f"Every mission revealed in slot {f['slot']} had its cards read: there "
                        f"is no reveal nobody read",
        "vi": lambda f: f"Mọi nhiệm vụ lật bài ở ô {f['slot']} đều đã đọc được các lá: không "
                        f"có lần lật bài nào chưa đọc"},
    "no_unseen_contribution": {
        "en": lambda f: f"Every card on the mission in slot {f['slot']} was seen coming: "
                        f"there is no card nobody saw whose",
        "vi": lambda f: f"Mọi lá trên nhiệm vụ ở ô {f['slot']} đều đã thấy ai góp: không có "
                        f"lá nào không thấy của ai"},
    "not_assigned": {
        "en": lambda f: f"{f['player']} is not on {_mission_en(f)}: only its characters "
                        f"({_nobody_en(f['assigned'])}) put cards on it, unless Salvatore uses "
                        f"his skill",
        "vi": lambda f: f"{f['player']} không được giao {_mission_vi(f)}: chỉ các nhân vật của "
                        f"nó ({_nobody_vi(f['assigned'])}) góp bài, trừ khi Salvatore dùng kỹ "
                        f"năng"},
    "not_full": {
        "en": lambda f: f"{_mission_en(f)} is not full yet: {_cards_en(f['needed'])} more "
                        f"before it is revealed",
        "vi": lambda f: f"{_mission_vi(f)} chưa đủ: còn thiếu {f['needed']} lá trước khi lật"},
    "reveal_count": {
        "en": lambda f: f"{f['mission']} holds {_cards_en(f['cards'])}, but "
                        f"{f['revealed']} were revealed",
        "vi": lambda f: f"{f['mission']} có {f['cards']} lá, nhưng {f['revealed']} lá được "
                        f"lật"},
    "delta_range": {
        "en": lambda f: f"Vincenzo changes a total by ${f['most']} at most (-{f['most']} to "
                        f"+{f['most']}), not {f['delta']}",
        "vi": lambda f: f"Vincenzo thay đổi tổng nhiều nhất ${f['most']} (từ -{f['most']} đến "
                        f"+{f['most']}), không phải {f['delta']}"},
    "not_revealed": {
        "en": lambda f: f"Slot {f['slot']} " + _not_revealed(f, 'en')
                        + ": Vincenzo adjusts a revealed mission",
        "vi": lambda f: f"Ô {f['slot']} " + _not_revealed(f, 'vi')
                        + ": Vincenzo điều chỉnh một nhiệm vụ đã lật"},
    "abort_nobody": {
        "en": lambda f: f"Nobody is assigned to {_mission_en(f)}: nobody could abort it",
        "vi": lambda f: f"Không ai được giao {_mission_vi(f)}: không ai có thể hủy nó"},
    "no_unseen_abort": {
        "en": lambda f: f"Every mission aborted in slot {f['slot']} was seen aborted by "
                        f"someone: there is no abort nobody saw whose",
        "vi": lambda f: f"Mọi nhiệm vụ bị hủy ở ô {f['slot']} đều đã thấy ai hủy: không có "
                        f"lần hủy nào không thấy của ai"},
    "abort_not_assigned": {
        "en": lambda f: f"{f['player']} is not on {_mission_en(f)}: only its characters "
                        f"({_nobody_en(f['assigned'])}) can abort it",
        "vi": lambda f: f"{f['player']} không được giao {_mission_vi(f)}: chỉ các nhân vật của "
                        f"nó ({_nobody_vi(f['assigned'])}) có thể hủy"},
    "assign_busy": {
        "en": lambda f: f"{f['player']} is already on {_mission_en(f)}: release them first",
        "vi": lambda f: f"{f['player']} đang ở {_mission_vi(f)}: hãy cho rời trước"},
    "release_not_on": {
        "en": lambda f: f"{f['player']} is not on {_mission_en(f)} (its characters: "
                        f"{_nobody_en(f['assigned'])})",
        "vi": lambda f: f"{f['player']} không ở {_mission_vi(f)} (các nhân vật: "
                        f"{_nobody_vi(f['assigned'])})"},
    "cop_twice": {
        "en": lambda f: f"{f['player']} has already revealed being a cop",
        "vi": lambda f: f"{f['player']} đã lộ diện là cảnh sát rồi"},
    "cop_role": {
        "en": lambda f: f"Only a cop may reveal, and {f['player']} is {_role_en(f['role'])}",
        "vi": lambda f: f"Chỉ cảnh sát mới lộ diện, và {f['player']} là "
                        f"{term('vi', f['role'] + 's')}"},
    "cop_count": {
        "en": lambda f: f"A table of {f['players']} has {_cops_en(f['cops'])}, and "
                        f"{_nobody_en(f['revealed'])} already revealed",
        "vi": lambda f: f"Bàn {f['players']} người có {f['cops']} cảnh sát, và "
                        f"{_nobody_vi(f['revealed'])} đã lộ diện"},
    "cops_count": {
        "en": lambda f: f"A table of {f['players']} has {_cops_en(f['cops'])}, not "
                        f"{len(f['named'])} ({_nobody_en(f['named'])})",
        "vi": lambda f: f"Bàn {f['players']} người có {f['cops']} cảnh sát, không phải "
                        f"{len(f['named'])} ({_nobody_vi(f['named'])})"},
    "cops_contradict": {
        "en": lambda f: f"{f['player']} "
                        + ("revealed being a cop" if f["exposed"]
                           else f"was dealt {_role_en(f['role'])}'s card")
                        + f", so {f['player']} "
                        + ("is one of the cops" if f["role"] == "cop" else "is not a cop"),
        "vi": lambda f: f"{f['player']} "
                        + ("đã lộ diện là cảnh sát" if f["exposed"]
                           else f"được chia vai {term('vi', f['role'] + 's')}")
                        + f", nên {f['player']} "
                        + ("là một cảnh sát" if f["role"] == "cop" else "không phải cảnh sát")},
    "no_omerta": {
        "en": lambda f: "No Omertà is in force, so there is no silence to break",
        "vi": lambda f: "Không có Omertà nào đang diễn ra, nên không có sự im lặng nào bị phá"},
    "slot_invalid": {
        "en": lambda f: f"There is no slot {f['slot']}: missions lie in slot 1 or 2",
        "vi": lambda f: f"Không có ô {f['slot']}: nhiệm vụ nằm ở ô 1 hoặc 2"},
    "slot_empty": {
        "en": lambda f: f"Slot {f['slot']} has no mission: open one first (mission "
                        f"{f['slot']} MISSION PLAYER ...)",
        "vi": lambda f: f"Ô {f['slot']} không có nhiệm vụ: hãy mở một nhiệm vụ trước (mission "
                        f"{f['slot']} MISSION PLAYER ...)"},
    "mission_revealed": {
        "en": lambda f: f"{_mission_en(f)} has already been revealed",
        "vi": lambda f: f"{_mission_vi(f)} đã được lật bài"},
    "mission_unknown": {
        "en": lambda f: f"There is no mission {typed(f['mission'])}: the missions are "
                        f"{', '.join(typed(i) for i in f['known'])}",
        "vi": lambda f: f"Không có nhiệm vụ {typed(f['mission'])}: các nhiệm vụ là "
                        f"{', '.join(typed(i) for i in f['known'])}"},
    "skill_used": {
        "en": lambda f: f"{f['character']}'s skill has already been used: a skill is used "
                        f"once a game",
        "vi": lambda f: f"Kỹ năng của {f['character']} đã được dùng: mỗi kỹ năng chỉ dùng một "
                        f"lần mỗi ván"},
    "skill_not_yours": {
        "en": lambda f: f"Only {f['character']} has this skill, and {f['player']} plays "
                        f"{f['own']}",
        "vi": lambda f: f"Chỉ {f['character']} có kỹ năng này, và {f['player']} là {f['own']}"},
    "skill_holder": {
        "en": lambda f: f"Only {f['character']} has this skill, and {f['holder']} plays "
                        f"{f['character']}, not {f['player']}",
        "vi": lambda f: f"Chỉ {f['character']} có kỹ năng này, và {f['holder']} là "
                        f"{f['character']}, không phải {f['player']}"},
    "card_not_object": {
        "en": lambda f: f"Card {f['index']} of the reveal is not a card: a card is its dollars "
                        f"and colour, e.g. 2b or 4y",
        "vi": lambda f: f"Lá {f['index']} khi lật bài không phải một lá: một lá là số đô-la và "
                        f"màu, ví dụ 2b hoặc 4y"},
    "card_value": {
        "en": lambda f: f"Card {f['index']} of the reveal is worth {typed(f['value'])}: a card "
                        f"is worth $1 or more, e.g. 2b",
        "vi": lambda f: f"Lá {f['index']} khi lật bài có giá trị {typed(f['value'])}: một lá "
                        f"có giá trị từ $1 trở lên, ví dụ 2b"},
    "card_color": {
        "en": lambda f: f"Card {f['index']} of the reveal is {typed(f['value'])}: a card is "
                        f"blue (b) or yellow (y), e.g. 2b",
        "vi": lambda f: f"Lá {f['index']} khi lật bài có màu {typed(f['value'])}: một lá màu "
                        f"xanh (b) hoặc vàng (y), ví dụ 2b"},
}


def _mission_of_en(o) -> str:
    return _in_slot(o.mission.name, o.slot, "en")


def _mission_of_vi(o) -> str:
    return _in_slot(o.mission.name, o.slot, "vi")


def _tally_en(o) -> str:
    return f"Missions: mobsters {o.mobsters}, cops {o.cops}."


def _tally_vi(o) -> str:
    return f"Nhiệm vụ: mafia {o.mobsters}, cảnh sát {o.cops}."


OUTCOMES: dict[str, dict[str, Any]] = {
    "mission_opened": {
        "en": lambda o: f"Mission {o.mission.name} opens in slot {o.slot} (${o.mission.value} "
                        f"{o.mission.color}, {o.mission.cards} cards): {_nobody_en(o.assigned)} "
                        f"assigned.",
        "vi": lambda o: f"Nhiệm vụ {o.mission.name} mở ở ô {o.slot} (${o.mission.value} "
                        f"{term('vi', o.mission.color)}, {o.mission.cards} lá): giao cho "
                        f"{listed(o.assigned, 'vi') if o.assigned else 'không ai'}."},
    "card_contributed": {
        "en": lambda o: f"{o.player if o.player is not None else 'Someone (not seen who)'} "
                        f"adds a card to {_mission_of_en(o)}"
                        + (" using Salvatore's skill" if o.skill else "")
                        + (f"; {o.needed} more needed" if o.needed else "") + ".",
        "vi": lambda o: f"{o.player if o.player is not None else 'Ai đó (không thấy là ai)'} "
                        f"góp một lá vào {_mission_of_vi(o)}"
                        + (" bằng kỹ năng của Salvatore" if o.skill else "")
                        + (f"; còn thiếu {o.needed} lá." if o.needed else ".")},
    "mission_full": {
        "en": lambda o: f"{_mission_of_en(o)} is full: its cards can be revealed.",
        "vi": lambda o: f"{_mission_of_vi(o)} đã đủ: có thể lật bài."},
    "mission_revealed": {
        "en": lambda o: f"{_mission_of_en(o)} revealed: {' '.join(f'{v:+d}' for v in o.cards)} = "
                        f"${o.total} of ${o.value}: "
                        + ("success for the mobsters" if o.success
                           else "failure: the cops sabotaged it") + f". {_tally_en(o)}",
        "vi": lambda o: f"{_mission_of_vi(o)} lật bài: {' '.join(f'{v:+d}' for v in o.cards)} = "
                        f"${o.total} / ${o.value}: "
                        + ("thành công cho mafia" if o.success
                           else "thất bại: cảnh sát đã phá hoại") + f". {_tally_vi(o)}"},
    "reveal_unread": {
        "en": lambda o: f"{_mission_of_en(o)} was revealed, but nobody read its cards: which "
                        f"side it counts for stays open until they are named.",
        "vi": lambda o: f"{_mission_of_vi(o)} đã lật bài, nhưng không ai đọc được các lá: "
                        f"chưa biết tính cho phe nào cho đến khi các lá được gọi tên."},
    "mission_adjusted": {
        "en": lambda o: f"{o.player} (Vincenzo) changes {_mission_of_en(o)} by {o.delta:+d}: "
                        f"${o.total} of ${o.value}, " + ("now " if o.changed else "still ")
                        + ("a success" if o.success else "a failure") + f". {_tally_en(o)}",
        "vi": lambda o: f"{o.player} (Vincenzo) đổi {_mission_of_vi(o)} {o.delta:+d}: "
                        f"${o.total} / ${o.value}, " + ("giờ là " if o.changed else "vẫn là ")
                        + ("thành công" if o.success else "thất bại") + f". {_tally_vi(o)}"},
    "mission_aborted": {
        "en": lambda o: f"{o.player if o.player is not None else 'Someone (not seen who)'} "
                        f"aborts {_mission_of_en(o)}: its {o.discarded} "
                        f"card{'s' if o.discarded != 1 else ''} are discarded; it counts for "
                        f"neither side.",
        "vi": lambda o: f"{o.player if o.player is not None else 'Ai đó (không thấy là ai)'} "
                        f"hủy {_mission_of_vi(o)}: bỏ {o.discarded} lá; không tính "
                        f"cho phe nào."},
    "character_assigned": {
        "en": lambda o: f"{o.player} joins {_mission_of_en(o)}.",
        "vi": lambda o: f"{o.player} tham gia {_mission_of_vi(o)}."},
    "character_released": {
        "en": lambda o: f"{o.player} leaves {_mission_of_en(o)}.",
        "vi": lambda o: f"{o.player} rời {_mission_of_vi(o)}."},
    "cop_revealed": {
        "en": lambda o: f"{o.player} reveals being a cop.",
        "vi": lambda o: f"{o.player} lộ diện là cảnh sát."},
    "omerta_started": {
        "en": lambda o: f"Omertà: {o.player} calls for silence until play comes back to them.",
        "vi": lambda o: f"Omertà: {o.player} yêu cầu im lặng cho đến khi lượt quay lại họ."},
    "omerta_ended": {
        "en": lambda o: f"The Omertà is over: play came back to {o.player}.",
        "vi": lambda o: f"Omertà kết thúc: lượt đã quay lại {o.player}."},
    "omerta_broken": {
        "en": lambda o: f"{o.by or 'Someone'} spoke during the Omertà: the silence is broken.",
        "vi": lambda o: f"{o.by or 'Có người'} đã nói trong Omertà: sự im lặng bị phá vỡ."},
    "turn_passed": {
        "en": lambda o: f"{o.player}'s turn.",
        "vi": lambda o: f"Lượt của {o.player}."},
    "side_won": {
        "en": lambda o: f"The {o.side} win: they "
                        + ("completed four missions" if o.side == "mobsters"
                           else "sabotaged four missions") + f". {_tally_en(o)}",
        "vi": lambda o: f"Phe {term('vi', o.side)} thắng: "
                        + ("hoàn thành bốn nhiệm vụ" if o.side == "mobsters"
                           else "phá hoại bốn nhiệm vụ") + f". {_tally_vi(o)}"},
}
