"""Pungi's refusals and outcomes. A snake card is its value (an int) or "charmer"."""

from __future__ import annotations

from typing import Any

from companion.messages.rules import attempt, listed, typed
from companion.messages.terms import snake_words, term
from companion.messages.words import json_repr

_RELAYOUT = "bộ bày đã trở lại chồng bài (bốn lá giống nhau)"


def _snake(card: Any) -> str:
    """A snake card in an English sentence: "snake +3", "snake 0", "a charmer"."""
    if card == "charmer":
        return "a charmer"
    return f"snake {card:+d}" if card else "snake 0"


def _snakes_en(card: Any, count: int) -> str:
    kind = "charmer" if card == "charmer" else f"snake {card:+d}" if card else "snake 0"
    return f"a {kind}" if count == 1 else f"{count} {kind}s"


def _snake_count(card: Any, count: int) -> str:
    kind = "người dụ rắn" if card == "charmer" else (f"rắn {card:+d}" if card else "rắn 0")
    return kind if count == 1 else f"{count} lá {kind}"


REFUSALS: dict[str, dict[str, Any]] = {
    # the header
    "option_games": {
        "en": lambda f: f"options.games must be the number of games in the series (1 or more), "
                        f"not {json_repr(f['value'])}",
        "vi": lambda f: f"options.games phải là số ván của loạt (từ 1 trở lên), không phải "
                        f"{json_repr(f['value'])}"},
    "option_snakes": {
        "en": lambda f: f"options.snakes must list the {f['count']} snake values as whole "
                        f"numbers (the 6 charmers are added), not {json_repr(f['value'])}",
        "vi": lambda f: f"options.snakes phải liệt kê {f['count']} giá trị rắn bằng số nguyên "
                        f"(thêm 6 người dụ rắn), không phải {json_repr(f['value'])}"},
    # the first player and the layout
    "first_after_layout": {
        "en": lambda f: f"first: {f['player']} cannot become first player now: the snakes of "
                        f"this round are laid out and it is {f['turn']}'s turn to play",
        "vi": lambda f: f"người đi đầu: {f['player']} không thể thành người đi đầu lúc này: rắn "
                        f"của vòng này đã được bày và đến lượt {f['turn']} chơi"},
    "relayout_needed": {
        "en": lambda f: f"{attempt(f, 'en')}, but the layout went back into the pile (four "
                        f"identical cards): {f['first']} must lay out a new one first"
                        if f["move"] != "first" else
                        f"first: the layout went back into the pile (four identical cards); "
                        f"the next move must be a new layout by {f['first']}",
        "vi": lambda f: (f"{attempt(f, 'vi')}, nhưng " if f["move"] != "first"
                         else "người đi đầu: ") + f"{_RELAYOUT}: {f['first']} phải bày lại "
                                                  f"trước"},
    "layout_done": {
        "en": lambda f: f"layout: this round's snakes are already laid out; it is "
                        f"{f['turn']}'s turn to play an animal card",
        "vi": lambda f: f"bày rắn: rắn của vòng này đã được bày; đến lượt {f['turn']} chơi một "
                        f"lá con vật"},
    "layout_length": {
        "en": lambda f: f"layout: {f['players']} players need {f['players']} cards, one per "
                        f"player, not {f['cards']}",
        "vi": lambda f: f"bày rắn: {f['players']} người chơi cần {f['players']} lá, mỗi người "
                        f"một lá, không phải {f['cards']}"},
    "layout_card": {
        "en": lambda f: f'layout: card {f["index"]} must be a snake value (a whole number) or '
                        f'"charmer", not {json_repr(f["value"])}',
        "vi": lambda f: f'bày rắn: lá {f["index"]} phải là giá trị rắn (số nguyên) hoặc '
                        f'"charmer", không phải {json_repr(f["value"])}'},
    "pile_short": {
        "en": lambda f: "layout: " + (_snake(f["card"]) if f["count"] == 1
                                      else f"{f['count']} times {_snake(f['card'])}")
                        + f", but the pile has {f['left'] or 'none'} left (game {f['game']})",
        "vi": lambda f: f"bày rắn: {_snake_count(f['card'], f['count'])}, nhưng chồng bài còn "
                        f"{f['left'] or 'không'} lá như vậy (ván {f['game']})"},
    # an animal card played
    "animal_unknown": {
        "en": lambda f: f"play: {f['player']} played {json_repr(f['animal'])}, which is not an "
                        f"animal of this deck ({', '.join(f['animals'])})",
        "vi": lambda f: f"chơi: {f['player']} chơi {json_repr(f['animal'])}, không phải con vật "
                        f"của bộ bài này ({', '.join(term('vi', a) for a in f['animals'])})"},
    "animal_value": {
        "en": lambda f: f"play: {attempt(f, 'en')}, but animal cards go from 1 to 10",
        "vi": lambda f: f"chơi: {attempt(f, 'vi')}, nhưng lá con vật chỉ từ 1 đến 10"},
    "no_layout": {
        "en": lambda f: f"{attempt(f, 'en')}, but no snakes are laid out yet: {f['first']} "
                        f"lays out first",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng chưa bày lá rắn nào: {f['first']} bày "
                        f"trước"},
    "animal_out": {
        "en": lambda f: f"{attempt(f, 'en')}, but {f['animal']} {f['value']} was already "
                        f"played in game {f['game']}; each animal card is played once a game",
        "vi": lambda f: f"{attempt(f, 'vi')}, nhưng {term('vi', f['animal'])} {f['value']} đã "
                        f"được chơi trong ván {f['game']}; mỗi lá con vật chỉ chơi một lần mỗi "
                        f"ván"},
}

AT_TABLE: dict[str, dict[str, Any]] = {
    "option_games": {
        "en": lambda f: f"A Pungi series has 1 game or more, not {typed(f['value'])}",
        "vi": lambda f: f"Một loạt Pungi có từ 1 ván trở lên, không phải {typed(f['value'])}"},
    "first_after_layout": {
        "en": lambda f: f"{f['player']} cannot become the first player now: this round's "
                        f"snakes are laid out and it is {f['turn']}'s turn to play",
        "vi": lambda f: f"{f['player']} không thể thành người đi đầu lúc này: rắn của vòng "
                        f"này đã được bày và đến lượt {f['turn']} chơi"},
    "relayout_needed": {
        "en": lambda f: (f"{attempt(f, 'en')}, but the" if f["move"] != "first" else "The")
                        + f" layout went back into the pile (four identical cards): "
                          f"{f['first']} lays out a new one first",
        "vi": lambda f: (f"{attempt(f, 'vi')}, nhưng bộ bày" if f["move"] != "first"
                         else "Bộ bày")
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
        "en": lambda f: f"Snake {f['index']} of the layout is {typed(f['value'])}: a snake is "
                        f"a number (-3, 0, 5, ...) or charmer",
        "vi": lambda f: f"Lá rắn thứ {f['index']} của bộ bày là {typed(f['value'])}: một lá "
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
}


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"  # layouts hold at most 6


def _scores(scores) -> str:
    return ", ".join(f"{name} {points}" for name, points in scores.items())


def _charms(o, player: str) -> str:
    """What the charmers ``player`` took did at the scoring ("charmers turn -4 into 4")."""
    charmers, turned = o.charms(player)
    if not charmers:
        return ""
    word = "charmer turns" if charmers == 1 else "charmers turn"
    return f"{word} {', '.join(f'{v} into {-v}' for v in turned)}" if turned \
        else f"{word} nothing"


def _points_en(o) -> str:
    return ", ".join(f"{name} {points}" + (f" ({used})" if (used := _charms(o, name)) else "")
                     for name, points in o.points.items())


_OPEN = {"en": ("round {r}", " of game {g}", " Open until the animal card nobody read is "
                                              "named: the snakes of {rounds} are in "
                                              "nobody's points yet."),
         "vi": ("vòng {r}", " của ván {g}", " Chưa chắc cho đến khi lá con vật không đọc "
                                            "được được gọi tên: rắn của {rounds} chưa tính "
                                            "vào điểm của ai.")}


def _open(o, lang: str) -> str:
    """What a game's scoring leaves open: the snakes of the rounds nobody can hand out."""
    if not o.open:
        return ""
    each, of_game, sentence = _OPEN[lang]
    rounds = ", ".join(each.format(r=r) + (of_game.format(g=g) if g != o.game else "")
                       for g, r in o.open)
    return sentence.format(rounds=rounds)


def _won(o, lang: str) -> str:
    if len(o.winners) == 1:
        return {"en": f"{o.winners[0]} wins the series with {o.score} points.",
                "vi": f"{o.winners[0]} thắng loạt ván với {o.score} điểm."}[lang]
    return {"en": f"{' and '.join(o.winners)} share the series win with {o.score} points each.",
            "vi": f"{listed(o.winners, 'vi')} cùng thắng loạt ván với {o.score} điểm mỗi "
                  f"người."}[lang]


OUTCOMES: dict[str, dict[str, Any]] = {
    "first_player_chosen": {
        "en": lambda o: f"Game {o.game}, round {o.round}: the table chooses {o.player} as "
                        f"first player.",
        "vi": lambda o: f"Ván {o.game}, vòng {o.round}: cả bàn chọn {o.player} đi trước."},
    "layout_dealt": {
        "en": lambda o: f"Game {o.game}, round {o.round}: {o.first} lays out "
                        f"{', '.join(_snake(c) for c in o.cards)} (nearest the pungi first).",
        "vi": lambda o: f"Ván {o.game}, vòng {o.round}: {o.first} bày "
                        f"{', '.join(snake_words(c, 'vi') for c in o.cards)} (gần pungi nhất "
                        f"trước)."},
    "layout_redealt": {
        "en": lambda o: f"Game {o.game}, round {o.round}: {o.first} turned over "
                        f"{', '.join(_snake(c) for c in o.cards)}; {o.count} times "
                        f"{_snake(o.repeated)}, so the cards go back into the pile and "
                        f"{o.first} lays out again.",
        "vi": lambda o: f"Ván {o.game}, vòng {o.round}: {o.first} lật "
                        f"{', '.join(snake_words(c, 'vi') for c in o.cards)}; {o.count} lần "
                        f"{snake_words(o.repeated, 'vi')}, nên các lá trở lại chồng bài và "
                        f"{o.first} bày lại."},
    "animal_played": {
        "en": lambda o: f"{o.player} plays {o.animal} {o.value}.",
        "vi": lambda o: f"{o.player} chơi {term('vi', o.animal)} {o.value}."},
    "majority_found": {
        "en": lambda o: "No animal has the advantage." if o.animal is None
                        else f"The {o.animal} has the advantage.",
        "vi": lambda o: "Không con vật nào chiếm ưu thế." if o.animal is None
                        else f"Con {term('vi', o.animal)} chiếm ưu thế."},
    "snake_taken": {
        "en": lambda o: f"{o.player} takes {_snake(o.card)} ({_ordinal(o.position)} from the "
                        f"pungi).",
        "vi": lambda o: f"{o.player} lấy {snake_words(o.card, 'vi')} (thứ {o.position} tính từ "
                        f"pungi)."},
    "hand_out_open": {
        "en": lambda o: f"Game {o.game}, round {o.round}: "
                        f"{', '.join(_snake(c) for c in o.cards)} go to the players, but "
                        f"{listed(o.unread, 'en')}'s card was not read: who took which is "
                        f"open.",
        "vi": lambda o: f"Ván {o.game}, vòng {o.round}: "
                        f"{', '.join(snake_words(c, 'vi') for c in o.cards)} về tay người "
                        f"chơi, nhưng lá của {listed(o.unread, 'vi')} không đọc được: chưa "
                        f"biết ai lấy lá nào."},
    "pungi_scored": {
        "en": lambda o: f"Game {o.game} is over. Points: {_points_en(o)}. Series: "
                        f"{_scores(o.scores)}.{_open(o, 'en')}",
        "vi": lambda o: f"Ván {o.game} kết thúc. Điểm: {_scores(o.points)}. Tổng: "
                        f"{_scores(o.scores)}.{_open(o, 'vi')}"},
    "series_won": {
        "en": lambda o: _won(o, "en"),
        "vi": lambda o: _won(o, "vi")},
}
