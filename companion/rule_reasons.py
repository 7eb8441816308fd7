"""Why the rules refuse a move, said in the table's language.

Every refusal is a ``RuleError`` with a stable ``code`` and the ``fields`` its wording
needs (companion.games.base); ``str(err)`` is the engines' English, kept for session files
(their ``.error`` fixtures compare it). ``REASONS`` says each code in Vietnamese from those
fields, never by reading the English text: a file's line refused (``file_reason``).
At the table (``say_reason``) a refusal is a sentence for players: the codes whose file
wording names the session format's fields are worded again in ``AT_TABLE``, both
languages side by side. A code neither knows (none, as tests/dashboard/test_rule_reasons.py
checks against every code the engines and the session raise) would be shown as the engine
wrote it.

>>> from companion.games import RuleError
>>> err = RuleError("wrong_turn", "Bob played 20, but it is Ann's turn",
...                 move="play", player="Bob", card=20, turn="Ann", done=False)
>>> say_reason(err, "vi")
'Bob chơi lá 20, nhưng đang là lượt của Ann'
>>> say_reason(err, "en")
"Bob played 20, but it is Ann's turn"
>>> err = RuleError("card_range", 'play: "card" must be a Pumafioso card from 1 to 55, not 999',
...                 move="play", card=999, low=1, high=55)
>>> say_reason(err, "en")
'There is no card 999: Pumafioso cards are 1 to 55'
>>> file_reason(err, "en")
'play: "card" must be a Pumafioso card from 1 to 55, not 999'
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.games.base import RuleError, json_repr
from companion.i18n import MOVE_WORDS, move_word, term

Fields = Mapping[str, Any]


def _attempt(f: Fields) -> str:
    """What was attempted, as a refusal begins ("Cy played 20")."""
    if f["move"] == "unseen_play":
        return f"{f['player']} chơi một lá không ai đọc được"
    if f["move"] == "unseen_place":
        return f"{f['player']} đặt lá thắng ở một bậc không ai thấy"
    if f["move"] == "tony":
        return f"Lá bài {f['card']} của Tony đã được lật"
    verb = "đặt" if f["move"] == "place" else "chơi"
    if "animal" in f:
        return f"{f['player']} {verb} {term('vi', f['animal'])} {f['value']}"
    return f"{f['player']} {verb} lá {f['card']}"


def _move(f: Fields) -> str:
    """The move type as the refusal names it first ("góp bài: ...")."""
    kind = f["move"]
    return MOVE_WORDS[kind]["vi"] if kind in MOVE_WORDS else str(kind)


def _names(names) -> str:
    return ", ".join(names) if names else "không ai"


def _mission(f: Fields) -> str:
    return f"{f['mission']} (ô {f['slot']})"


def _value(value: Any) -> str:
    return json_repr(value)


_TYPE_WORDS = {"int": "một số nguyên", "str": "một đoạn chữ", "bool": "true hoặc false",
               "list": "một danh sách", "dict": "một đối tượng", "float": "một số"}

_ITEM_ONCE = "mỗi token vật phẩm chỉ dùng một lần trong 3 ván"
_RELAYOUT = "bộ bày đã trở lại chồng bài (bốn lá giống nhau)"

REASONS: dict[str, Callable[[Fields], str]] = {
    # every game: the move itself, the header, the session
    "no_type": lambda f: 'nước đi không có "type"',
    "move_not_object": lambda f: 'mỗi nước đi phải là một đối tượng JSON có "type"',
    "field_missing": lambda f: f'{_move(f)}: thiếu trường "{f["field"]}"',
    "field_type": lambda f: (
        f'{_move(f)}: "{f["field"]}" phải là '
        + " hoặc ".join(_TYPE_WORDS.get(k, k) for k in f["expected"])
        + f", không phải {_value(f['value'])}"),
    "unknown_player": lambda f: (
        f"{_move(f)}: không có người chơi tên {f['player']!r} (người chơi: "
        f"{', '.join(f['players'])})"),
    "unknown_move": lambda f: (
        f"loại nước đi {f['move']!r} không có trong {f['game'].capitalize()} (có: "
        f"{', '.join(f['known'])}, undo)"),
    "unknown_game": lambda f: (
        f"không biết trò chơi {f['game']!r} (có: {', '.join(f['known'])})"),
    "over": lambda f: (
        f"Ván {f['game'].capitalize()} đã kết thúc; bây giờ chỉ có thể hoàn tác (undo)"),
    "nothing_to_undo": lambda f: "hoàn tác: không còn nước đi nào để lấy lại",
    "header_not_object": lambda f: "dòng đầu tiên phải là phần đầu phiên, một đối tượng JSON",
    "header_format": lambda f: (
        f'"format" của phần đầu phải là "{f["format"]}", không phải {f["value"]!r}'),
    "header_no_game": lambda f: 'phần đầu không có "game" (pumafiosi, pungi hoặc mafia)',
    "header_no_players": lambda f: (
        'phần đầu cần "players": danh sách {"name": ...} theo thứ tự chỗ ngồi'),
    "header_player_not_object": lambda f: (
        f"người chơi {f['number']} trong phần đầu phải là một đối tượng có tên"),
    "header_player_name": lambda f: (
        f"người chơi {f['number']} trong phần đầu cần một tên không rỗng"),
    "header_name_control": lambda f: (
        f"tên của người chơi {f['number']} chứa một ký tự điều khiển ({f['character']}); "
        f"hãy viết tên bằng chữ cái thông thường"),
    "header_age": lambda f: f"tuổi của {f['player']} phải là một số, không phải {f['value']!r}",
    "header_player_text": lambda f: (
        f"{f['field']} của {f['player']} phải là một đoạn chữ, không phải {f['value']!r}"),
    "header_names_twice": lambda f: (
        f"tên người chơi phải khác nhau (không kể chữ hoa và dấu): "
        f"{' và '.join(f['names'])}; hãy thêm một chữ cái, ví dụ {f['names'][-1]} B"),
    "header_options": lambda f: '"options" của phần đầu phải là một đối tượng',
    "player_count": lambda f: (
        f"{f['game'].capitalize()} dành cho {f['low']}-{f['high']} người chơi, không phải "
        f"{f['players']}"),
    # Pumafiosi
    "age_missing": lambda f: (
        f'pumafiosi cần "age" của mọi người chơi (người bắt đầu được chọn theo tuổi): '
        f"{f['player']} không có"),
    "ages_equal": lambda f: (
        f"pumafiosi cần các tuổi khác nhau (người bắt đầu được chọn theo tuổi): "
        f"{f['players'][0]} và {f['players'][1]} đều {f['age']} tuổi"),
    "option_items": lambda f: f"options.items phải là true hoặc false, không phải {f['value']!r}",
    "card_range": lambda f: (
        f'{_move(f)}: "card" phải là lá Pumafioso từ {f["low"]} đến {f["high"]}, không phải '
        f"{f['card']}"),
    "items_off": lambda f: (
        f"{_attempt(f)}: các token vật phẩm không được dùng (options.items của phần đầu "
        f"không phải true), nên không có {term('vi', f['item'])}"),
    "item_used": lambda f: (
        f"{_attempt(f)}: {f['player']} đã dùng {term('vi', f['item'])} rồi ({_ITEM_ONCE})"),
    "card_out": lambda f: (
        f"{_attempt(f)}, nhưng lá {f['card']} đã được chơi trong ván này (mỗi lá chỉ có một)"),
    "place_first": lambda f: (
        f"{_attempt(f)}, nhưng {f['winner']} phải đặt lá {f['winning_card']} trước, lá đã "
        f"thắng vòng"),
    "place_first_unseen": lambda f: (
        f"{_attempt(f)}, nhưng người thắng vòng phải đặt lá của mình trước (lá của "
        f"{_names(f['unseen'])} không đọc được, nên nước đặt cho biết ai thắng)"),
    "no_unseen": lambda f: (
        f"{f['player']} đã có lá {f['card']}, nhưng mọi lá {f['player']} chơi đều đã được "
        f"đọc (không có lá nào của {f['player']} chưa đọc để gọi tên)"),
    "no_unseen_place": lambda f: (
        f"{f['player']} đã có lá {f['card']} ở bậc {f['step']}, nhưng mọi lá {f['player']} "
        f"đặt đều đã được thấy (không có nước đặt nào của {f['player']} không ai thấy)"),
    "no_unseen_contribution": lambda f: (
        f"của ai: mọi lá trên nhiệm vụ ở ô {f['slot']} đều đã thấy ai góp (không có lá nào "
        f"không thấy của ai)"),
    "unseen_two_players": lambda f: (
        f"{_attempt(f)}, nhưng trong ván 2 người mọi lá phải được đọc: lá của Tony đi đâu "
        f"phụ thuộc vào nó; hãy gõ lá bài"),
    "unseen_no_card": lambda f: (
        f"{_attempt(f)}, nhưng khi đó không còn lá nào cho lá không ai đọc được "
        f"({_names(f['unseen'])}): các lá còn lại của ván không thể là nó"),
    "unseen_not_second": lambda f: (
        f"{_attempt(f)}, nhưng không lá nào cho lá {_names(f['unseen'])} chơi mà không đọc "
        f"được làm {f['card']} thành lá cao thứ hai của vòng"),
    "unseen_place_open": lambda f: (
        f"{_attempt(f)}, nhưng lá của {_names(f['unseen'])} không đọc được: nước đặt phải "
        f"gọi tên lá, vì ai thắng tùy vào nó"),
    "unseen_place_no_card": lambda f: (
        f"{_attempt(f)}, nhưng không lá nào {f['player']} có thể đã chơi mà không đọc được "
        f"là lá cao thứ hai của vòng"),
    "not_the_played_card": lambda f: (
        f"{_attempt(f)}, nhưng {f['player']} đã chơi lá {f['played']} ở vòng này: đó là lá "
        f"{f['player']} sẽ đặt"),
    "tony_not_two_players": lambda f: (
        f"Tony: Tony chỉ chơi trong ván 2 người, còn ván này có {f['players']} người chơi"),
    "tony_out": lambda f: (
        f"{_attempt(f)}, nhưng lá bài của Tony cho vòng này đã ra ({f['tony_card']}); đến "
        f"lượt {f['turn']} chơi bài"),
    "tony_first": lambda f: (
        f"{_attempt(f)}, nhưng phải lật lá bài của Tony trước (mỗi vòng của ván 2 người bắt "
        f"đầu bằng lá của Tony)"),
    "wrong_turn": lambda f: (
        f"{_attempt(f)}, nhưng đang là lượt của {f['turn']}"
        + (f" ({f['player']} đã chơi ở vòng này)" if f["done"] else "")),
    "no_round_won": lambda f: (
        f"{_attempt(f)}, nhưng chưa ai thắng vòng: đến lượt {f['turn']} "
        + ("lật lá bài cho Tony" if f["task"] == "tony" else "chơi bài")),
    "not_the_winner": lambda f: (
        f"{_attempt(f)}, nhưng {f['winner']} thắng vòng nên {f['winner']} đặt lá "
        f"{f['winning_card']}"),
    "not_the_winning_card": lambda f: (
        f"{_attempt(f)}, nhưng {f['player']} thắng vòng bằng lá {f['winning_card']}: đó là "
        f"lá phải đặt"),
    "step_invalid": lambda f: (
        f'{_attempt(f)}: "step" phải là một bậc của Hệ thống Phân cấp '
        f"({', '.join(map(str, f['steps']))}), không phải {f['step']}"),
    "step_holds_higher": lambda f: (
        f"{_attempt(f)} ở bậc {f['step']}, nhưng bậc {f['step']} đang có lá {f['held']} cao "
        f"hơn: hãy đặt ở bậc trống, bậc có lá thấp hơn, hoặc ở -3"),
    "item_invalid": lambda f: (
        f'{_attempt(f)}: "item" phải là "vest" (Áo chống đạn) hoặc "notebook" (Sổ tay), '
        f"không phải {f['item']!r}"),
    "ring_no_card": lambda f: (
        f"{_attempt(f)} ở bậc {f['step']} cùng Nhẫn cưới, nhưng Nhẫn cưới đặt lên lá bị đẩy "
        f"khỏi bậc đó, và bậc {f['step']} không có lá nào để đẩy"),
    "ring_own_card": lambda f: (
        f"{_attempt(f)} cùng Nhẫn cưới, nhưng lá {f['held']} là của chính {f['player']}: "
        f"Nhẫn cưới đặt lên lá của đối thủ (hoặc của Tony)"),
    "ring_on_item": lambda f: (
        f"{_attempt(f)} cùng Nhẫn cưới, nhưng lá {f['held']} đã mang "
        f"{term('vi', f['item'])}: Nhẫn cưới đặt lên lá không có vật phẩm"),
    # Pungi
    "option_games": lambda f: (
        f"options.games phải là số ván của loạt (từ 1 trở lên), không phải {_value(f['value'])}"),
    "option_snakes": lambda f: (
        f"options.snakes phải liệt kê {f['count']} giá trị rắn bằng số nguyên (thêm 6 người "
        f"dụ rắn), không phải {_value(f['value'])}"),
    "first_after_layout": lambda f: (
        f"người đi đầu: {f['player']} không thể thành người đi đầu lúc này: rắn của vòng này "
        f"đã được bày và đến lượt {f['turn']} chơi"),
    "relayout_needed": lambda f: (
        (f"{_attempt(f)}, nhưng " if "animal" in f else "người đi đầu: ")
        + f"{_RELAYOUT}: {f['first']} phải bày lại trước"),
    "layout_done": lambda f: (
        f"bày rắn: rắn của vòng này đã được bày; đến lượt {f['turn']} chơi một lá con vật"),
    "layout_length": lambda f: (
        f"bày rắn: {f['players']} người chơi cần {f['players']} lá, mỗi người một lá, không "
        f"phải {f['cards']}"),
    "layout_card": lambda f: (
        f'bày rắn: lá {f["index"]} phải là giá trị rắn (số nguyên) hoặc "charmer", không '
        f"phải {_value(f['value'])}"),
    "pile_short": lambda f: (
        f"bày rắn: {_snake_count(f['card'], f['count'])}, nhưng chồng bài còn "
        f"{f['left'] or 'không'} lá như vậy (ván {f['game']})"),
    "animal_unknown": lambda f: (
        f"chơi: {f['player']} chơi {_value(f['animal'])}, không phải con vật của bộ bài này "
        f"({', '.join(term('vi', a) for a in f['animals'])})"),
    "animal_value": lambda f: (
        f"chơi: {_attempt(f)}, nhưng lá con vật chỉ từ 1 đến 10"),
    "no_layout": lambda f: (
        f"{_attempt(f)}, nhưng chưa bày lá rắn nào: {f['first']} bày trước"),
    "animal_out": lambda f: (
        f"{_attempt(f)}, nhưng {term('vi', f['animal'])} {f['value']} đã được chơi trong ván "
        f"{f['game']}; mỗi lá con vật chỉ chơi một lần mỗi ván"),
    # Mafia
    "slot_busy": lambda f: (
        f"nhiệm vụ: ô {f['slot']} đang có {f['mission']}, chưa xong ("
        + ("đã có hai nhiệm vụ đang diễn ra; hãy lật bài hoặc hủy một nhiệm vụ trước"
           if f["other"] is None else f"ô {f['other']} còn trống") + ")"),
    "mission_in_progress": lambda f: (
        f"nhiệm vụ: {f['mission']} đang diễn ra ở ô kia"),
    "assigned_unknown": lambda f: (
        f'nhiệm vụ: {_value(f["value"])} trong "assigned" không phải người chơi (người chơi: '
        f"{', '.join(f['players'])})"),
    "assigned_twice": lambda f: f"nhiệm vụ: {f['player']} được giao hai lần",
    "assigned_busy": lambda f: (
        f"nhiệm vụ: {_names(f['busy'])} đang ở nhiệm vụ kia; chỉ tuyển nhân vật đang rảnh "
        f"({_names(f['free'])})"),
    "skill_invalid": lambda f: (
        f'góp bài: "skill" chỉ có thể là "salvatore" (góp lá vào bất kỳ nhiệm vụ nào), không '
        f"phải {_value(f['value'])}"),
    "mission_full": lambda f: (
        f"{_move(f)}: {_mission(f)} đã đủ ({f['cards']} lá, kể cả lá từ chồng bài); hãy "
        f"lật bài"),
    "not_assigned": lambda f: (
        f"góp bài: {f['player']} không được giao {_mission(f)}; chỉ các nhân vật của nó "
        f"({_names(f['assigned'])}) góp bài, trừ khi Salvatore dùng kỹ năng"),
    "not_full": lambda f: (
        f"lật bài: {_mission(f)} chưa đủ: còn thiếu {f['needed']} lá trước khi lật"),
    "reveal_count": lambda f: (
        f"lật bài: {f['mission']} có {f['cards']} lá, nhưng {f['revealed']} lá được lật"),
    "delta_range": lambda f: (
        f"điều chỉnh: Vincenzo thay đổi tổng nhiều nhất ${f['most']}: delta phải từ "
        f"-{f['most']} đến {f['most']}, không phải {f['delta']}"),
    "not_revealed": lambda f: (
        f"điều chỉnh: ô {f['slot']} "
        + ("trống" if f["mission"] is None else f"có {f['mission']}, chưa lật bài")
        + "; Vincenzo điều chỉnh một nhiệm vụ đã lật"),
    "abort_not_assigned": lambda f: (
        f"hủy: {f['player']} không được giao {_mission(f)}; chỉ các nhân vật của nó "
        f"({_names(f['assigned'])}) có thể hủy"),
    "assign_busy": lambda f: (
        f"tham gia: {f['player']} đang ở {_mission(f)}; hãy cho rời trước"),
    "release_not_on": lambda f: (
        f"rời: {f['player']} không ở {_mission(f)} (các nhân vật: {_names(f['assigned'])})"),
    "cop_twice": lambda f: f"lộ diện cảnh sát: {f['player']} đã lộ diện là cảnh sát rồi",
    "cop_role": lambda f: (
        f"lộ diện cảnh sát: chỉ cảnh sát mới lộ diện, và {f['player']} là "
        f"{term('vi', f['role'] + 's')}"),
    "cop_count": lambda f: (
        f"lộ diện cảnh sát: bàn {f['players']} người có {f['cops']} cảnh sát, và "
        f"{_names(f['revealed'])} đã lộ diện"),
    "cops_count": lambda f: (
        f"cảnh sát: bàn {f['players']} người có {f['cops']} cảnh sát, không phải "
        f"{len(f['named'])} ({_names(f['named'])})"),
    "cops_contradict": lambda f: (
        f"cảnh sát: {f['player']} "
        + ("đã lộ diện là cảnh sát" if f["exposed"]
           else f"là {term('vi', f['role'] + 's')} trong phần đầu")
        + f", nên {f['player']} " + ("là một cảnh sát" if f["role"] == "cop"
                                     else "không phải cảnh sát")),
    "no_omerta": lambda f: (
        "đã nói: không có Omertà nào đang diễn ra, nên không có sự im lặng nào bị phá"),
    "slot_invalid": lambda f: (
        f'{_move(f)}: "slot" phải là 1 hoặc 2 (nhiều nhất hai nhiệm vụ cùng diễn ra), không '
        f"phải {f['slot']}"),
    "slot_empty": lambda f: (
        f'{_move(f)}: ô {f["slot"]} không có nhiệm vụ; hãy mở một nhiệm vụ bằng nước '
        f'"mission" trước'),
    "mission_revealed": lambda f: f"{_move(f)}: {_mission(f)} đã được lật bài",
    "mission_unknown": lambda f: (
        f"nhiệm vụ: không có nhiệm vụ mã {_value(f['mission'])} (các mã: "
        f"{', '.join(_value(i) for i in f['known'])})"),
    "skill_used": lambda f: (
        f"{_move(f)}: kỹ năng của {f['character']} đã được dùng; mỗi kỹ năng chỉ dùng một "
        f"lần mỗi ván"),
    "skill_not_yours": lambda f: (
        f"{_move(f)}: chỉ {f['character']} có kỹ năng này, và {f['player']} là {f['own']}"),
    "skill_holder": lambda f: (
        f"{_move(f)}: chỉ {f['character']} có kỹ năng này, và {f['holder']} là "
        f"{f['character']}, không phải {f['player']}"),
    "card_not_object": lambda f: (
        f'lật bài: lá {f["index"]} phải là {{"value", "color"}}, không phải '
        f"{_value(f['value'])}"),
    "card_value": lambda f: (
        f'lật bài: "value" của lá {f["index"]} phải là số đô-la nguyên (ít nhất 1), không '
        f"phải {_value(f['value'])}"),
    "card_color": lambda f: (
        f'lật bài: "color" của lá {f["index"]} phải là "blue" (xanh) hoặc "yellow" (vàng), '
        f"không phải {_value(f['value'])}"),
    "character_invalid": lambda f: (
        f"nhân vật của {f['player']} phải là một đoạn chữ không rỗng, không phải "
        f"{_value(f['value'])}"),
    "character_twice": lambda f: (
        f"{f['players'][0]} và {f['players'][1]} đều là {f['character']}; mỗi lá nhân vật "
        f"chỉ chia một lần"),
    "role_invalid": lambda f: (
        f'vai của {f["player"]} phải là "mobster" hoặc "cop", không phải {_value(f["value"])}'),
    "role_count": lambda f: (
        f"bàn {f['players']} người có {f['allowed']} lá mục tiêu {term('vi', f['role'] + 's')}, "
        f"nhưng phần đầu giao vai đó cho {f['given']} người chơi"),
    "missions_not_list": lambda f: (
        'options.missions phải là danh sách nhiệm vụ không rỗng {"id", "name", "recruits", '
        '"cards", "value", "color"}'),
    "mission_ids_twice": lambda f: (
        f"options.missions: mã nhiệm vụ phải khác nhau; {', '.join(f['ids'])} xuất hiện hai lần"),
    "mission_not_object": lambda f: (
        f'options.missions, nhiệm vụ {f["number"]} phải là một đối tượng {{"id", "name", '
        f'"recruits", "cards", "value", "color"}}, không phải {_value(f["value"])}'),
    "mission_field": lambda f: (
        f"options.missions, nhiệm vụ {f['number']}"
        + (f" ({f['name']})" if f["name"] else "")
        + f': "{f["field"]}" không hợp lệ: {_value(f["value"])}'),
    # the camera's moves, refused through the dashboard
    "refused_at_table": lambda f: f"{_move(f)}: bị từ chối tại bàn",
}


def _snake_count(card: Any, count: int) -> str:
    kind = "người dụ rắn" if card == "charmer" else (f"rắn {card:+d}" if card else "rắn 0")
    return kind if count == 1 else f"{count} lá {kind}"


# --- the table's words --------------------------------------------------------------------
# A refusal shown at the table (the dashboard's command line and history, the timer, the
# play command) is a sentence for players. The codes whose file wording above names the
# session format ('play: "card" must be ...', "contribute: ...") are worded here again in
# both languages; the others read well as they are (str(err) in English, REASONS above).

def _attempt_en(f: Fields) -> str:
    """What was attempted, in English ("Cy played 20")."""
    if f["move"] == "unseen_play":
        return f"{f['player']} played a card nobody read"
    if f["move"] == "unseen_place":
        return f"{f['player']} placed the winning card at a step nobody saw"
    if f["move"] == "tony":
        return f"Tony's card {f['card']} was revealed"
    verb = "placed" if f["move"] == "place" else "played"
    if "animal" in f:
        return f"{f['player']} {verb} {term('en', f['animal'])} {f['value']}"
    return f"{f['player']} {verb} {f['card']}"


def _typed(value: Any) -> str:
    """A value as typed at the table: a word unquoted."""
    return value if isinstance(value, str) else json_repr(value)


def _names_en(names) -> str:
    return ", ".join(names) if names else "nobody"


def _mission_en(f: Fields) -> str:
    return f"{f['mission']} (slot {f['slot']})"


def _role_en(role: str) -> str:
    return "a cop" if role == "cop" else f"one of the {term('en', role + 's')}"


def _steps(f: Fields, joiner: str) -> str:
    steps = [str(step) for step in f["steps"]]
    return ", ".join(steps[:-1]) + joiner + steps[-1]


def _cards_en(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _snakes_en(card: Any, count: int) -> str:
    kind = "charmer" if card == "charmer" else f"snake {card:+d}" if card else "snake 0"
    return f"a {kind}" if count == 1 else f"{count} {kind}s"


AT_TABLE: dict[str, dict[str, Callable[[Fields], str]]] = {
    # every game
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
    "refused_at_table": {
        "en": lambda f: f"The table refused this move ({move_word('en', f['move'])})",
        "vi": lambda f: f"Bàn chơi đã từ chối nước đi này ({move_word('vi', f['move'])})"},
    "player_count": {
        "en": lambda f: f"{f['game'].capitalize()} is for {f['low']} to {f['high']} players, "
                        f"not {f['players']}",
        "vi": lambda f: f"{f['game'].capitalize()} dành cho {f['low']} đến {f['high']} người "
                        f"chơi, không phải {f['players']}"},
    # Pumafiosi
    "age_missing": {
        "en": lambda f: f"Pumafiosi needs every player's age (the second-oldest starts): give "
                        f"{f['player']}'s, e.g. {f['player']}:41",
        "vi": lambda f: f"Pumafiosi cần tuổi của mọi người chơi (người lớn tuổi thứ hai bắt đầu): hãy "
                        f"cho tuổi của {f['player']}, ví dụ {f['player']}:41"},
    "ages_equal": {
        "en": lambda f: f"Pumafiosi needs different ages (the second-oldest starts): "
                        f"{f['players'][0]} and {f['players'][1]} are both {f['age']}",
        "vi": lambda f: f"Pumafiosi cần các tuổi khác nhau (người lớn tuổi thứ hai bắt đầu): "
                        f"{f['players'][0]} và {f['players'][1]} đều {f['age']} tuổi"},
    "card_range": {
        "en": lambda f: f"There is no card {f['card']}: Pumafioso cards are {f['low']} to "
                        f"{f['high']}",
        "vi": lambda f: f"Không có lá {f['card']}: các lá Pumafioso từ {f['low']} đến "
                        f"{f['high']}"},
    "items_off": {
        "en": lambda f: f"{_attempt_en(f)} with the {term('en', f['item'])}, but this game is "
                        f"played without the item tokens",
        "vi": lambda f: f"{_attempt(f)} cùng {term('vi', f['item'])}, nhưng ván này chơi "
                        f"không có token vật phẩm"},
    "step_invalid": {
        "en": lambda f: f"{_attempt_en(f)} at step {f['step']}, but there is no step "
                        f"{f['step']}: the hierarchy's steps are {_steps(f, ' and ')}",
        "vi": lambda f: f"{_attempt(f)} ở bậc {f['step']}, nhưng không có bậc {f['step']}: "
                        f"các bậc của Hệ thống Phân cấp là {_steps(f, ' và ')}"},
    "item_invalid": {
        "en": lambda f: f"{_attempt_en(f)} with {f['item']}, but a place takes only the vest "
                        f"or the notebook (the machine gun goes with a play)",
        "vi": lambda f: f"{_attempt(f)} cùng {f['item']}, nhưng khi đặt bài chỉ dùng được Áo "
                        f"chống đạn hoặc Sổ tay (Súng máy đi cùng lượt chơi)"},
    "tony_not_two_players": {
        "en": lambda f: f"Tony plays only in the 2-player game, and this game has "
                        f"{f['players']} players",
        "vi": lambda f: f"Tony chỉ chơi trong ván 2 người, còn ván này có {f['players']} "
                        f"người chơi"},
    # Pungi
    "option_games": {
        "en": lambda f: f"A Pungi series has 1 game or more, not {_typed(f['value'])}",
        "vi": lambda f: f"Một loạt Pungi có từ 1 ván trở lên, không phải {_typed(f['value'])}"},
    "first_after_layout": {
        "en": lambda f: f"{f['player']} cannot become the first player now: this round's "
                        f"snakes are laid out and it is {f['turn']}'s turn to play",
        "vi": lambda f: f"{f['player']} không thể thành người đi đầu lúc này: rắn của vòng "
                        f"này đã được bày và đến lượt {f['turn']} chơi"},
    "relayout_needed": {
        "en": lambda f: (f"{_attempt_en(f)}, but the" if "animal" in f else "The")
                        + f" layout went back into the pile (four identical cards): "
                          f"{f['first']} lays out a new one first",
        "vi": lambda f: (f"{_attempt(f)}, nhưng bộ bày" if "animal" in f else "Bộ bày")
                        + f" đã trở lại chồng bài (bốn lá giống nhau): {f['first']} phải bày "
                          f"lại trước"},
    "layout_done": {
        "en": lambda f: f"This round's snakes are already laid out: it is {f['turn']}'s turn "
                        f"to play an animal card",
        "vi": lambda f: f"Rắn của vòng này đã được bày: đến lượt {f['turn']} chơi một lá con "
                        f"vật"},
    "layout_length": {
        "en": lambda f: f"A layout of {f['players']} players has {f['players']} snakes, one a "
                        f"player, not {f['cards']}",
        "vi": lambda f: f"Bộ bày của {f['players']} người chơi có {f['players']} lá rắn, mỗi "
                        f"người một lá, không phải {f['cards']}"},
    "layout_card": {
        "en": lambda f: f"Snake {f['index']} of the layout is {_typed(f['value'])}: a snake is "
                        f"a number (-3, 0, 5, ...) or charmer",
        "vi": lambda f: f"Lá rắn thứ {f['index']} của bộ bày là {_typed(f['value'])}: một lá "
                        f"rắn là một số (-3, 0, 5, ...) hoặc charmer (người dụ rắn)"},
    "pile_short": {
        "en": lambda f: f"The layout has {_snakes_en(f['card'], f['count'])}, but the pile has "
                        f"{f['left'] or 'none'} left in game {f['game']}",
        "vi": lambda f: f"Bộ bày có {_snake_count(f['card'], f['count'])}, nhưng chồng bài chỉ "
                        f"còn {f['left'] or 'không'} lá như vậy trong ván {f['game']}"},
    "animal_unknown": {
        "en": lambda f: f"{f['player']} played {f['animal']}, which is not an animal of this "
                        f"deck ({', '.join(term('en', a) for a in f['animals'])})",
        "vi": lambda f: f"{f['player']} chơi {f['animal']}, không phải con vật của bộ bài này "
                        f"({', '.join(term('vi', a) for a in f['animals'])})"},
    "animal_value": {
        "en": lambda f: f"There is no {term('en', f['animal'])} {f['value']}: animal cards go "
                        f"from 1 to 10",
        "vi": lambda f: f"Không có lá {term('vi', f['animal'])} {f['value']}: lá con vật chỉ "
                        f"từ 1 đến 10"},
    # Mafia
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
        "en": lambda f: f"{_typed(f['value'])} is not a player: the players are "
                        f"{', '.join(f['players'])}",
        "vi": lambda f: f"{_typed(f['value'])} không phải người chơi: người chơi là "
                        f"{', '.join(f['players'])}"},
    "assigned_twice": {
        "en": lambda f: f"{f['player']} is named twice for the mission",
        "vi": lambda f: f"{f['player']} được giao nhiệm vụ hai lần"},
    "assigned_busy": {
        "en": lambda f: f"{_names_en(f['busy'])} already on the other mission: only free "
                        f"characters are recruited ({_names_en(f['free'])})",
        "vi": lambda f: f"{_names(f['busy'])} đang ở nhiệm vụ kia: chỉ tuyển nhân vật đang rảnh "
                        f"({_names(f['free'])})"},
    "skill_invalid": {
        "en": lambda f: f"The only skill a card is put with is salvatore (a card on any "
                        f"mission), not {_typed(f['value'])}",
        "vi": lambda f: f"Kỹ năng duy nhất khi góp bài là salvatore (góp lá vào bất kỳ nhiệm "
                        f"vụ nào), không phải {_typed(f['value'])}"},
    "mission_full": {
        "en": lambda f: f"{_mission_en(f)} is full ({f['cards']} cards with the draw pile's): "
                        f"reveal it",
        "vi": lambda f: f"{_mission(f)} đã đủ ({f['cards']} lá, kể cả lá từ chồng bài): hãy "
                        f"lật bài"},
    "no_unseen_contribution": {
        "en": lambda f: f"Every card on the mission in slot {f['slot']} was seen coming: "
                        f"there is no card nobody saw whose",
        "vi": lambda f: f"Mọi lá trên nhiệm vụ ở ô {f['slot']} đều đã thấy ai góp: không có "
                        f"lá nào không thấy của ai"},
    "not_assigned": {
        "en": lambda f: f"{f['player']} is not on {_mission_en(f)}: only its characters "
                        f"({_names_en(f['assigned'])}) put cards on it, unless Salvatore uses "
                        f"his skill",
        "vi": lambda f: f"{f['player']} không được giao {_mission(f)}: chỉ các nhân vật của nó "
                        f"({_names(f['assigned'])}) góp bài, trừ khi Salvatore dùng kỹ năng"},
    "not_full": {
        "en": lambda f: f"{_mission_en(f)} is not full yet: {_cards_en(f['needed'])} more "
                        f"before it is revealed",
        "vi": lambda f: f"{_mission(f)} chưa đủ: còn thiếu {f['needed']} lá trước khi lật"},
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
        "en": lambda f: f"Slot {f['slot']} "
                        + ("is empty" if f["mission"] is None
                           else f"holds {f['mission']}, not revealed yet")
                        + ": Vincenzo adjusts a revealed mission",
        "vi": lambda f: f"Ô {f['slot']} "
                        + ("trống" if f["mission"] is None else f"có {f['mission']}, chưa lật bài")
                        + ": Vincenzo điều chỉnh một nhiệm vụ đã lật"},
    "abort_not_assigned": {
        "en": lambda f: f"{f['player']} is not on {_mission_en(f)}: only its characters "
                        f"({_names_en(f['assigned'])}) can abort it",
        "vi": lambda f: f"{f['player']} không được giao {_mission(f)}: chỉ các nhân vật của nó "
                        f"({_names(f['assigned'])}) có thể hủy"},
    "assign_busy": {
        "en": lambda f: f"{f['player']} is already on {_mission_en(f)}: release them first",
        "vi": lambda f: f"{f['player']} đang ở {_mission(f)}: hãy cho rời trước"},
    "release_not_on": {
        "en": lambda f: f"{f['player']} is not on {_mission_en(f)} (its characters: "
                        f"{_names_en(f['assigned'])})",
        "vi": lambda f: f"{f['player']} không ở {_mission(f)} (các nhân vật: "
                        f"{_names(f['assigned'])})"},
    "cop_twice": {
        "en": lambda f: f"{f['player']} has already revealed being a cop",
        "vi": lambda f: f"{f['player']} đã lộ diện là cảnh sát rồi"},
    "cop_role": {
        "en": lambda f: f"Only a cop may reveal, and {f['player']} is {_role_en(f['role'])}",
        "vi": lambda f: f"Chỉ cảnh sát mới lộ diện, và {f['player']} là "
                        f"{term('vi', f['role'] + 's')}"},
    "cop_count": {
        "en": lambda f: f"A table of {f['players']} has {f['cops']} "
                        f"cop{'s' if f['cops'] != 1 else ''}, and {_names_en(f['revealed'])} "
                        f"already revealed",
        "vi": lambda f: f"Bàn {f['players']} người có {f['cops']} cảnh sát, và "
                        f"{_names(f['revealed'])} đã lộ diện"},
    "cops_count": {
        "en": lambda f: f"A table of {f['players']} has {f['cops']} "
                        f"cop{'s' if f['cops'] != 1 else ''}, not {len(f['named'])} "
                        f"({_names_en(f['named'])})",
        "vi": lambda f: f"Bàn {f['players']} người có {f['cops']} cảnh sát, không phải "
                        f"{len(f['named'])} ({_names(f['named'])})"},
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
        "vi": lambda f: f"{_mission(f)} đã được lật bài"},
    "mission_unknown": {
        "en": lambda f: f"There is no mission {_typed(f['mission'])}: the missions are "
                        f"{', '.join(_typed(i) for i in f['known'])}",
        "vi": lambda f: f"Không có nhiệm vụ {_typed(f['mission'])}: các nhiệm vụ là "
                        f"{', '.join(_typed(i) for i in f['known'])}"},
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
        "en": lambda f: f"Card {f['index']} of the reveal is worth {_typed(f['value'])}: a card "
                        f"is worth $1 or more, e.g. 2b",
        "vi": lambda f: f"Lá {f['index']} khi lật bài có giá trị {_typed(f['value'])}: một lá "
                        f"có giá trị từ $1 trở lên, ví dụ 2b"},
    "card_color": {
        "en": lambda f: f"Card {f['index']} of the reveal is {_typed(f['value'])}: a card is "
                        f"blue (b) or yellow (y), e.g. 2b",
        "vi": lambda f: f"Lá {f['index']} khi lật bài có màu {_typed(f['value'])}: một lá màu "
                        f"xanh (b) hoặc vàng (y), ví dụ 2b"},
}


def say_reason(err: RuleError, lang: str) -> str:
    """A refusal at the table in ``lang`` (the dashboard, the timer, the commands)."""
    return reason_in(err.code, err.fields, str(err), lang)


def reason_in(code: str, fields: Fields, english: str, lang: str) -> str:
    """The refusal ``code`` with its ``fields`` said at the table in ``lang``
    (``english``: as the engine wrote it, used where it reads well as it is)."""
    table = AT_TABLE.get(code)
    return table[lang](fields) if table else file_reason_in(code, fields, english, lang)


def file_reason(err: RuleError, lang: str) -> str:
    """A session file's line refused, in ``lang``: English is ``str(err)``, as the engine
    wrote it (what the ``.error`` fixtures compare)."""
    return file_reason_in(err.code, err.fields, str(err), lang)


def file_reason_in(code: str, fields: Fields, english: str, lang: str) -> str:
    say = REASONS.get(code) if lang != "en" else None
    return say(fields) if say else english
