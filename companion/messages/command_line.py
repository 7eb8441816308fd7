"""The dashboard's command line: a move typed, recorded or refused, and why a typed move
is not understood."""

MESSAGES: dict[str, dict[str, str]] = {
    # the command line
    "cmd.placeholder": {"en": "a move in words, e.g. {example}  (or: undo)",
                        "vi": "nhập nước đi, ví dụ {example}  (hoặc: undo)"},
    "cmd.journalled": {"en": "recorded: {move}", "vi": "đã ghi: {move}"},
    "cmd.journal_failed": {"en": "Cannot write the journal {path} ({reason}): the move is "
                                 "taken back; free the disk and enter it again",
                           "vi": "Không ghi được nhật ký {path} ({reason}): nước đi đã được "
                                 "hoàn tác; giải phóng ổ đĩa rồi nhập lại"},
    "cmd.illegal": {"en": "Not allowed: {reason}", "vi": "Không hợp lệ: {reason}"},
    "parse.empty": {"en": "Type a move, e.g. {example}", "vi": "Hãy nhập nước đi, ví dụ {example}"},
    "parse.unknown": {"en": "I do not understand {word!r}. Try e.g. {example}, or help "
                            "(F1) for every move",
                      "vi": "Không hiểu {word!r}. Thử ví dụ {example}, hoặc help (F1) để "
                            "xem mọi nước đi"},
    "parse.typo": {"en": "I do not understand {word!r}: did you mean {meant!r}?",
                   "vi": "Không hiểu {word!r}: ý bạn là {meant!r}?"},
    "parse.player": {"en": "There is no player called {word!r} (players: {names})",
                     "vi": "Không có người chơi tên {word!r} (người chơi: {names})"},
    "parse.number": {"en": "{word!r} is not a number", "vi": "{word!r} không phải là số"},
    "parse.missing": {"en": "Something is missing: {usage}", "vi": "Còn thiếu: {usage}"},
    "parse.extra": {"en": "Too many words after {usage}", "vi": "Thừa từ sau {usage}"},
    "parse.no_placer": {"en": "Nobody has a card to place now",
                        "vi": "Bây giờ không ai cần đặt lá bài"},
    "parse.card": {"en": "{word!r} is not a card: write its value and colour, e.g. 2b or 4y",
                   "vi": "{word!r} không phải lá bài: ghi giá trị và màu, ví dụ 2b hoặc 4y"},
    "parse.choice": {"en": "{word!r} is not one of: {choices}",
                     "vi": "{word!r} không phải một trong: {choices}"},
    "cmd.placeholder_over": {"en": "the game is over · undo takes back its last move · F1 help",
                             "vi": "ván đã kết thúc · undo để hoàn tác nước cuối · F1 trợ giúp"},
    "cmd.damaged": {"en": "The journal's last line was cut short (a crash mid-write): it is "
                          "kept in {path}; the game goes on from the move before it",
                    "vi": "Dòng cuối của nhật ký bị cắt (máy dừng khi đang ghi): đã giữ trong "
                          "{path}; ván tiếp tục từ nước đi trước đó"},
}
