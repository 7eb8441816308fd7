"""The session file and what the session keeps beside it: why a line cannot be read back
(companion.session.journal), and the cops file (companion.session.cops)."""

MESSAGES: dict[str, dict[str, str]] = {
    "cops.unreadable": {"en": "{path}: cannot be read ({reason}); remove it and name the cops "
                              "again",
                        "vi": "{path}: không đọc được ({reason}); hãy xóa tệp rồi nêu tên cảnh "
                              "sát lại"},
    "cops.not_json": {"en": "{path}:{line}: not JSON ({reason}); remove it and name the cops "
                            "again",
                      "vi": "{path}:{line}: không phải JSON ({reason}); hãy xóa tệp rồi nêu tên "
                            "cảnh sát lại"},
    "cops.shape": {"en": "{path}:1: must be {{\"format\": \"{format}\", \"cops\": [names]}}; "
                         "remove it and name the cops again",
                   "vi": "{path}:1: phải có dạng {{\"format\": \"{format}\", \"cops\": [tên]}}; "
                         "hãy xóa tệp rồi nêu tên cảnh sát lại"},
    # a session file that cannot be read back (companion.session.journal): its line's reason
    "session.not_json": {"en": "not valid JSON ({reason} at column {column}): the line may be "
                               "cut short or mistyped",
                         "vi": "không phải JSON hợp lệ ({reason} ở cột {column}): dòng này có "
                               "thể bị cắt ngắn hoặc gõ sai"},
    "session.unusable_json": {"en": "not a usable JSON line (a number too long or nesting too "
                                    "deep)",
                              "vi": "không phải dòng JSON dùng được (một số quá dài hoặc lồng "
                                    "quá sâu)"},
    "session.empty": {"en": "the file is empty: a session starts with its header line",
                      "vi": "tệp trống: một phiên chơi bắt đầu bằng dòng tiêu đề"},
    "session.internal": {"en": "internal error while applying this move ({error}); please "
                               "report it with the session file",
                         "vi": "lỗi nội bộ khi áp dụng nước đi này ({error}); hãy báo lỗi kèm "
                               "tệp phiên chơi"},
    "session.unreadable": {"en": "cannot read the file: {reason}",
                           "vi": "không đọc được tệp: {reason}"},
    "session.not_utf8": {"en": "not UTF-8 text", "vi": "không phải văn bản UTF-8"},
}
