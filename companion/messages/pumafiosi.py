"""Pumafiosi's refusals and outcomes, in the terms of the Vietnamese rulebook (Hệ thống
Phân cấp, bậc, điểm tài sản, điểm phạt, Áo chống đạn, Sổ tay, Nhẫn cưới, Súng máy).

A refused move's fields start with what it tried (companion.messages.rules.attempt); a
player of None in an outcome is Tony, the third hand of the 2-player game.
"""

from __future__ import annotations

from typing import Any

from companion.messages.rules import attempt, listed, move_named, names_or_nobody
from companion.messages.terms import term

# The item tokens as a session file's refusal names them.
_ITEMS = {"machine_gun": "machine gun", "vest": "bulletproof vest", "notebook": "notebook",
          "ring": "wedding ring"}
_ITEM_ONCE = "mỗi token vật phẩm chỉ dùng một lần trong 3 ván"


def _steps(f, joiner: str) -> str:
    steps = [str(step) for step in f["steps"]]
    return ", ".join(steps[:-1]) + joiner + steps[-1]


def _unseen(f) -> str:
    """Whose cards nobody read, as an English refusal names them."""
    return listed(f["unseen"], "en")


REFUSALS: dict[str, dict[str, Any]] = {
    # the header
    "age_missing": {
        "en": lambda f: f'pumafiosi needs every player\'s "age" (the start player is chosen '
                        f"by age): {f['player']} has none",
        "vi": lambda f: f'pumafiosi cần "age" của mọi người chơi (người bắt đầu được chọn theo '
                        f"tuổi): {f['player']} không có"},
    "ages_equal": {
        "en": lambda f: f"pumafiosi needs distinct ages (the start player is chosen by age): "
                        f"{f['players'][0]} and {f['players'][1]} are both {f['age']}",
        "vi": lambda f: f"pumafiosi cần các tuổi khác nhau (người bắt đầu được chọn theo tuổi): "
                        f"{f['players'][0]} và {f['players'][1]} đều {f['age']} tuổi"},
    "option_items": {
        "en": lambda f: f"options.items must be true or false, not {f['value']!r}",
        "vi": lambda f: f"options.items phải là true hoặc false, không phải {f['value']!r}"},
    # a card, an item, Tony
    "card_range": {
        "en": lambda f: f'{f["move"]}: "card" must be a Pumafioso card from {f["low"]} to '
                        f"{f['high']}, not {f['card']}",
        "vi": lambda f: f'{move_named(f)}: "card" phải là lá Pumafioso từ {f["low"]} đến '
                        f"{f['high']}, không phải {f['card']}"},
    "items_off": {
        "en": lambda f: f"{attempt(f, 'en')}: the item tokens are not in play (the header's "
                        f"options.items is not true), so there is no {_ITEMS[f['item']]}",
        "vi": lambda f: f"{attempt(f, 'vi')}: các token vật phẩm không được dùng (options.items "
                        f"của phần đầu không phải true), nên không có {term('vi', f['item'])}"},
    "item_used": {
        "en": lambda f: f"{attempt(f, 'en')}: {f['player']} has already used the "
                        f"{_ITEMS[f['item']]} (each item token is used once in the 3 games)",
        "vi": lambda f: f"{attempt(f, 'vi')}: {f['player']} đã dùng {term('vi', f['item'])} "
                        f"rồi ({_ITEM_ONCE})"},
    "card_out": {
        "en": lambda f: f"{attempt(f, 'en')}, but {f['card']} was already played in this game "
                        f"(every card exists once)",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng lá {f['card']} đã được chơi trong ván này "
                        f"(mỗi lá chỉ có một)"},
    "tony_not_two_players": {
        "en": lambda f: f"tony: Tony plays only in the 2-player game, and this game has "
                        f"{f['players']} players",
        "vi": lambda f: f"Tony: Tony chỉ chơi trong ván 2 người, còn ván này có {f['players']} "
                        f"người chơi"},
    "tony_out": {
        "en": lambda f: f"{attempt(f, 'en')}, but Tony's card for this round is already out "
                        f"({f['tony_card']}); it is {f['turn']}'s turn to play",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng lá bài của Tony cho vòng này đã ra "
                        f"({f['tony_card']}); đến lượt {f['turn']} chơi bài"},
    "tony_first": {
        "en": lambda f: f"{attempt(f, 'en')}, but Tony's card must be revealed first (a tony "
                        f"move starts every round of the 2-player game)",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng phải lật lá bài của Tony trước (mỗi vòng "
                        f"của ván 2 người bắt đầu bằng lá của Tony)"},
    # the round's winner places
    "place_first": {
        "en": lambda f: f"{attempt(f, 'en')}, but {f['winner']} must first place "
                        f"{f['winning_card']}, the card that won the round",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng {f['winner']} phải đặt lá "
                        f"{f['winning_card']} trước, lá đã thắng vòng"},
    "no_round_won": {
        "en": lambda f: f"{attempt(f, 'en')}, but no round has been won yet: it is "
                        f"{f['turn']}'s turn to "
                        + ("reveal Tony's card" if f["task"] == "tony" else "play"),
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng chưa ai thắng vòng: đến lượt {f['turn']} "
                        + ("lật lá bài cho Tony" if f["task"] == "tony" else "chơi bài")},
    "not_the_winner": {
        "en": lambda f: f"{attempt(f, 'en')}, but {f['winner']} won the round, so "
                        f"{f['winner']} places {f['winning_card']}",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng {f['winner']} thắng vòng nên {f['winner']} "
                        f"đặt lá {f['winning_card']}"},
    "not_the_winning_card": {
        "en": lambda f: f"{attempt(f, 'en')}, but {f['player']} won the round with "
                        f"{f['winning_card']}: that is the card to place",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng {f['player']} thắng vòng bằng lá "
                        f"{f['winning_card']}: đó là lá phải đặt"},
    "step_invalid": {
        "en": lambda f: f'{attempt(f, "en")}: "step" must be one of the hierarchy steps '
                        f"{', '.join(map(str, f['steps']))}, not {f['step']}",
        "vi": lambda f: f'{attempt(f, "vi")}: "step" phải là một bậc của Hệ thống Phân cấp '
                        f"({', '.join(map(str, f['steps']))}), không phải {f['step']}"},
    "step_holds_higher": {
        "en": lambda f: f"{attempt(f, 'en')} at step {f['step']}, but step {f['step']} holds "
                        f"{f['held']}, a higher card: place at an empty step, a step with a "
                        f"lower card, or at -3",
        "vi": lambda f: f"{attempt(f, 'vi')} ở bậc {f['step']}, nhưng bậc {f['step']} đang có "
                        f"lá {f['held']} cao hơn: hãy đặt ở bậc trống, bậc có lá thấp hơn, hoặc "
                        f"ở -3"},
    "item_invalid": {
        "en": lambda f: f'{attempt(f, "en")}: "item" must be "vest" or "notebook", not '
                        f'{f["item"]!r} (the machine gun goes with a play, the ring is "ring": '
                        f"true)",
        "vi": lambda f: f'{attempt(f, "vi")}: "item" phải là "vest" (Áo chống đạn) hoặc '
                        f"\"notebook\" (Sổ tay), không phải {f['item']!r}"},
    "ring_no_card": {
        "en": lambda f: f"{attempt(f, 'en')} at step {f['step']} with the ring, but the ring "
                        f"goes on the card bumped from the step you place at, and step "
                        f"{f['step']} "
                        + ("bumps no single card" if f["casualty"] else "is empty"),
        "vi": lambda f: f"{attempt(f, 'vi')} ở bậc {f['step']} cùng Nhẫn cưới, nhưng Nhẫn cưới "
                        f"đặt lên lá bị đẩy khỏi bậc đó, và bậc {f['step']} "
                        + ("không đẩy riêng lá nào" if f["casualty"]
                           else "không có lá nào để đẩy")},
    "ring_own_card": {
        "en": lambda f: f"{attempt(f, 'en')} with the ring, but {f['held']} is "
                        f"{f['player']}'s own card: the ring goes on an opponent's (or Tony's) "
                        f"card",
        "vi": lambda f: f"{attempt(f, 'vi')} cùng Nhẫn cưới, nhưng lá {f['held']} là của chính "
                        f"{f['player']}: Nhẫn cưới đặt lên lá của đối thủ (hoặc của Tony)"},
    "ring_on_item": {
        "en": lambda f: f"{attempt(f, 'en')} with the ring, but {f['held']} already carries "
                        f"the {_ITEMS[f['item']]}: the ring goes on a card without an item",
        "vi": lambda f: f"{attempt(f, 'vi')} cùng Nhẫn cưới, nhưng lá {f['held']} đã mang "
                        f"{term('vi', f['item'])}: Nhẫn cưới đặt lên lá không có vật phẩm"},
    # unseen plays and places
    "unseen_two_players": {
        "en": lambda f: f"{attempt(f, 'en')}, but in the 2-player game every card must be "
                        f"read: where Tony's card goes depends on it; type "
                        + ("the card" if f["move"] == "unseen_play" else "the place"),
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng trong ván 2 người mọi lá phải được đọc: lá "
                        f"của Tony đi đâu phụ thuộc vào nó; hãy gõ lá bài"},
    "place_first_unseen": {
        "en": lambda f: f"{attempt(f, 'en')}, but the round's winner must first place their "
                        f"card ({_unseen(f)}'s card was not read, so the place says who won)",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng người thắng vòng phải đặt lá của mình "
                        f"trước (lá của {names_or_nobody(f['unseen'], 'vi')} không đọc được, "
                        f"nên nước đặt cho biết ai thắng)"},
    "unseen_no_card": {
        "en": lambda f: f"{attempt(f, 'en')}, but then no card would be left for the "
                        f"card{'s' if len(f['unseen']) > 1 else ''} nobody read ({_unseen(f)}): "
                        f"the cards this game has left cannot be "
                        f"{'them' if len(f['unseen']) > 1 else 'it'}",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng khi đó không còn lá nào cho lá không ai đọc "
                        f"được ({names_or_nobody(f['unseen'], 'vi')}): các lá còn lại của ván "
                        f"không thể là nó"},
    "unseen_not_second": {
        "en": lambda f: f"{attempt(f, 'en')}, but no cards for what {_unseen(f)} played "
                        f"unread make {f['card']} the second-highest card of the round",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng không lá nào cho lá "
                        f"{names_or_nobody(f['unseen'], 'vi')} chơi mà không đọc được làm "
                        f"{f['card']} thành lá cao thứ hai của vòng"},
    "unseen_place_open": {
        "en": lambda f: f"{attempt(f, 'en')}, but {_unseen(f)}'s cards were not read: the "
                        f"place must name the card, since which of them won depends on it",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng lá của {names_or_nobody(f['unseen'], 'vi')} "
                        f"không đọc được: nước đặt phải gọi tên lá, vì ai thắng tùy vào nó"},
    "unseen_place_no_card": {
        "en": lambda f: f"{attempt(f, 'en')}, but no card {f['player']} could have played "
                        f"unread is the second-highest card of the round",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng không lá nào {f['player']} có thể đã chơi "
                        f"mà không đọc được là lá cao thứ hai của vòng"},
    "not_the_played_card": {
        "en": lambda f: f"{attempt(f, 'en')}, but {f['player']} played {f['played']} this "
                        f"round: that is the card {f['player']} would place",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng {f['player']} đã chơi lá {f['played']} ở "
                        f"vòng này: đó là lá {f['player']} sẽ đặt"},
    # naming a place nobody saw afterwards (companion.journal_rewrite)
    "no_unseen_place": {
        "en": lambda f: f"{f['player']} had {f['card']} at step {f['step']}, but every card "
                        f"{f['player']} placed was seen (there is no place of {f['player']}'s "
                        f"nobody saw)",
        "vi": lambda f: f"{f['player']} đã có lá {f['card']} ở bậc {f['step']}, nhưng mọi lá "
                        f"{f['player']} đặt đều đã được thấy (không có nước đặt nào của "
                        f"{f['player']} không ai thấy)"},
}


AT_TABLE: dict[str, dict[str, Any]] = {
    "age_missing": {
        "en": lambda f: f"Pumafiosi needs every player's age (the second-oldest starts): give "
                        f"{f['player']}'s, e.g. {f['player']}:41",
        "vi": lambda f: f"Pumafiosi cần tuổi của mọi người chơi (người lớn tuổi thứ hai bắt "
                        f"đầu): hãy cho tuổi của {f['player']}, ví dụ {f['player']}:41"},
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
        "en": lambda f: f"{attempt(f, 'en')} with the {term('en', f['item'])}, but this game "
                        f"is played without the item tokens",
        "vi": lambda f: f"{attempt(f, 'vi')} cùng {term('vi', f['item'])}, nhưng ván này chơi "
                        f"không có token vật phẩm"},
    "step_invalid": {
        "en": lambda f: f"{attempt(f, 'en')} at step {f['step']}, but there is no step "
                        f"{f['step']}: the hierarchy's steps are {_steps(f, ' and ')}",
        "vi": lambda f: f"{attempt(f, 'vi')} ở bậc {f['step']}, nhưng không có bậc {f['step']}: "
                        f"các bậc của Hệ thống Phân cấp là {_steps(f, ' và ')}"},
    "item_invalid": {
        "en": lambda f: f"{attempt(f, 'en')} with {f['item']}, but a place takes only the vest "
                        f"or the notebook (the machine gun goes with a play)",
        "vi": lambda f: f"{attempt(f, 'vi')} cùng {f['item']}, nhưng khi đặt bài chỉ dùng được "
                        f"Áo chống đạn hoặc Sổ tay (Súng máy đi cùng lượt chơi)"},
    "tony_not_two_players": {
        "en": lambda f: f"Tony plays only in the 2-player game, and this game has "
                        f"{f['players']} players",
        "vi": lambda f: f"Tony chỉ chơi trong ván 2 người, còn ván này có {f['players']} "
                        f"người chơi"},
}


def _points(n: int) -> str:
    return f"{n} penalty point{'' if n == 1 else 's'}"


def _whose(owners: tuple[str, ...]) -> str:
    return "Tony's" if not owners else " and ".join(owners) + "'s"


def _gained(o) -> str:
    """Each player's points of a game scored ("Ann +5, Bob 0, Cy -3")."""
    return ", ".join(f"{name} {p:+d}" if p else f"{name} 0" for name, p in o.points)


def _played(o, lang: str) -> str:
    if o.player is None:
        return {"en": f"Tony's card is {o.card}", "vi": f"Lá bài của Tony là {o.card}"}[lang]
    if o.machine_gun:
        return {"en": f"{o.player} plays {o.card} with the machine gun (worth "
                      f"{o.card + 10.5:g})",
                "vi": f"{o.player} chơi {o.card} cùng Súng máy (giá trị {o.card + 10.5:g})"}[lang]
    return {"en": f"{o.player} plays {o.card}", "vi": f"{o.player} chơi {o.card}"}[lang]


def _placed(o, lang: str) -> str:
    if o.player is None:
        return {"en": f"Tony's {o.card} goes to step {o.step}",
                "vi": f"Lá {o.card} của Tony vào bậc {o.step}"}[lang]
    if lang == "en":
        extra = f" with the {o.item}" if o.item else ""
        return f"{o.player} places {o.card} at step {o.step}{extra}"
    extra = f" cùng {term('vi', o.item)}" if o.item else ""
    return f"{o.player} đặt {o.card} ở bậc {o.step}{extra}"


def _dropped_en(o) -> str:
    head = f"{_whose(o.owners)} {o.card} drops from step {o.from_step} to step {o.to_step}"
    if not o.owners:
        return head + " (Tony pays nothing)"
    if not o.penalty_each:
        return head + " (the vest: no penalty)"
    each = " each" if len(o.owners) > 1 else ""
    return f"{head}: {listed(o.owners, 'en')} pay{'' if each else 's'} " \
           f"{_points(o.penalty_each)}{each}"


def _dropped_vi(o) -> str:
    whose = "Tony" if not o.owners else " và ".join(o.owners)
    head = f"Lá {o.card} của {whose} bị đẩy từ bậc {o.from_step} xuống bậc {o.to_step}"
    if not o.owners:
        return head + " (Tony không bị phạt)"
    if not o.penalty_each:
        return head + " (Áo chống đạn: không bị phạt)"
    each = " mỗi người" if len(o.owners) > 1 else ""
    return f"{head}: {listed(o.owners, 'vi')} nhận {o.penalty_each} điểm phạt{each}"


def _penalty(o, lang: str) -> str:
    if o.reason == "honor":
        return {"en": f"{o.player} broke the code of honour (a 4th card in hand): "
                      f"{_points(o.points)}",
                "vi": f"{o.player} vi phạm quy tắc danh dự (lá bài thứ 4 trên tay): "
                      f"{o.points} điểm phạt"}[lang]
    return {"en": f"{o.player} has no card in the hierarchy: {_points(o.points)}",
            "vi": f"{o.player} không có lá bài nào trong Hệ thống Phân cấp: {o.points} điểm "
                  f"phạt"}[lang]


def _won(o, lang: str) -> str:
    if len(o.winners) == 1:
        return {"en": f"{o.winners[0]} wins the match with {o.score} and is the Big Boss",
                "vi": f"{o.winners[0]} thắng trận với {o.score} điểm và trở thành Ông Trùm "
                      f"Lớn"}[lang]
    return {"en": f"{listed(o.winners, 'en')} share the win with {o.score}",
            "vi": f"{listed(o.winners, 'vi')} cùng thắng với {o.score} điểm"}[lang]


def _scores(scores) -> str:
    return ", ".join(f"{name} {value}" for name, value in scores)


OUTCOMES: dict[str, dict[str, Any]] = {
    "card_played": {
        "en": lambda o: _played(o, "en"),
        "vi": lambda o: _played(o, "vi")},
    "unseen_placed": {
        "en": lambda o: f"Game {o.game}, round {o.round}: {o.player} "
                        + (f"places {o.card}" if o.card is not None
                           else "wins it and places a card nobody read")
                        + " at a step nobody saw (not read)",
        "vi": lambda o: f"Ván {o.game}, vòng {o.round}: {o.player} "
                        + (f"đặt {o.card}" if o.card is not None
                           else "thắng và đặt một lá không đọc được")
                        + " ở một bậc không ai thấy (không đọc được)"},
    "round_won": {
        "en": lambda o: f"Game {o.game}, round {o.round}: {o.player or 'Tony'} wins with "
                        f"{o.card}"
                        + (f" ({o.value:g} with the machine gun)" if o.value != o.card else "")
                        + ", the second-highest card",
        "vi": lambda o: f"Ván {o.game}, vòng {o.round}: {o.player or 'Tony'} thắng với "
                        f"{o.card}, lá bài cao thứ hai"},
    "card_placed": {
        "en": lambda o: _placed(o, "en"),
        "vi": lambda o: _placed(o, "vi")},
    "card_dropped": {"en": _dropped_en, "vi": _dropped_vi},
    "ring_added": {
        "en": lambda o: f"{o.player} puts the wedding ring on {o.card}: it belongs to "
                        f"{listed(o.owners, 'en')} now",
        "vi": lambda o: f"{o.player} đặt Nhẫn cưới lên {o.card}: giờ lá bài thuộc về "
                        f"{listed(o.owners, 'vi')}"},
    "penalty_charged": {
        "en": lambda o: _penalty(o, "en"),
        "vi": lambda o: _penalty(o, "vi")},
    "pumafiosi_scored": {
        "en": lambda o: f"Game {o.game} is scored: {_gained(o)}. Scores: {_scores(o.scores)}",
        "vi": lambda o: f"Ván {o.game} được tính điểm: {_gained(o)}. Điểm: {_scores(o.scores)}"},
    "game_started": {
        "en": lambda o: f"Game {o.game} begins: {o.player} starts",
        "vi": lambda o: f"Ván {o.game} bắt đầu: {o.player} đi trước"},
    "match_won": {
        "en": lambda o: _won(o, "en"),
        "vi": lambda o: _won(o, "vi")},
}
