"""What the commands print: their one-line refusals of bad options (play, demo, timer,
replay), the Omertà timer, and what they say when they end."""

MESSAGES: dict[str, dict[str, str]] = {
    # what the commands print when they end
    "exit.journalled": {"en": "the game is journalled in {path}; go on with 'companion play "
                              "--resume {path}'",
                        "vi": "ván chơi được ghi trong {path}; chơi tiếp bằng 'companion play "
                              "--resume {path}'"},
    "exit.repaired": {"en": "{path}: its last line was cut short; it is kept in {kept}",
                      "vi": "{path}: dòng cuối bị cắt; đã giữ trong {kept}"},
    # companion timer omerta
    "timer.start": {"en": "Omertà timer, {players} players. Keys: {keys}",
                    "vi": "Đồng hồ Omertà, {players} người chơi. Phím: {keys}"},
    "timer.keys": {"en": "n: next turn, s: someone spoke, o: new Omertà, q: quit",
                   "vi": "n: lượt tiếp, s: có người nói, o: Omertà mới, q: thoát"},
    "timer.web": {"en": "web page: {url}", "vi": "trang web: {url}"},
    "timer.listening": {"en": "listening", "vi": "đang nghe"},
    "timer.warning": {"en": "warning: {warning}", "vi": "cảnh báo: {warning}"},
    "timer.unknown_key": {"en": "unknown key {pressed!r}; {keys}",
                          "vi": "phím lạ {pressed!r}; {keys}"},
    "timer.not_now": {"en": "not now: {reason}", "vi": "chưa được: {reason}"},
    "timer.silence": {"en": "[silence since {since}; {turn}'s turn{left}; ends at {until}'s "
                            "turn]",
                      "vi": "[im lặng từ {since}; lượt của {turn}{left}; kết thúc ở lượt của "
                            "{until}]"},
    "timer.left": {"en": ", {clock} left", "vi": ", còn {clock}"},
    "timer.no_devices": {"en": "no sound devices (is PortAudio installed?)",
                         "vi": "không có thiết bị âm thanh (đã cài PortAudio chưa?)"},
    # the commands a table starts with --lang (play, demo): their one-line refusals
    "cli.character_missing": {"en": "--players {text!r}: give the character card after the '=', "
                                    "e.g. Ann=Enrico",
                              "vi": "--players {text!r}: hãy ghi lá nhân vật sau dấu '=', ví dụ "
                                    "Ann=Enrico"},
    "cli.name_missing": {"en": "--players {text!r}: a player needs a name before the ':', e.g. "
                               "Ann:41",
                         "vi": "--players {text!r}: người chơi cần có tên trước dấu ':', ví dụ "
                               "Ann:41"},
    "cli.age_not_number": {"en": "--players {text}: the age after ':' must be a whole number of "
                                 "years, e.g. {name}:41",
                           "vi": "--players {text}: tuổi sau dấu ':' phải là một số năm "
                                 "nguyên, ví dụ {name}:41"},
    "cli.age_range": {"en": "--players {text}: {years} is not an age; give {name}'s age in years, "
                            "from 1 to {most}, e.g. {name}:41",
                      "vi": "--players {text}: {years} không phải là tuổi; hãy ghi tuổi của "
                            "{name} theo năm, từ 1 đến {most}, ví dụ {name}:41"},
    "cli.no_characters": {"en": "--players {text}: only Mafia deals character cards; give "
                                "{game}'s players as NAME[:AGE]",
                          "vi": "--players {text}: chỉ Mafia mới chia lá nhân vật; hãy ghi người "
                                "chơi của {game} dạng TÊN[:TUỔI]"},
    "cli.this_game": {"en": "this game", "vi": "trò chơi này"},
    "cli.not_character": {"en": "--players {text}: {character} is not a Mafia character card; "
                                "the cards are {cards}",
                          "vi": "--players {text}: {character} không phải lá nhân vật Mafia; "
                                "các lá là {cards}"},
    "cli.at_least_one": {"en": "{option} {value}: give a whole number, 1 or more",
                         "vi": "{option} {value}: hãy cho một số nguyên từ 1 trở lên"},
    "cli.turn_seconds": {"en": "--turn-seconds must be more than 0 seconds, not {seconds:g}",
                         "vi": "--turn-seconds phải lớn hơn 0 giây, không phải {seconds:g}"},
    "cli.resume_only": {"en": "--resume takes only the journal: its header already names the "
                              "game and the players",
                        "vi": "--resume chỉ nhận nhật ký: phần đầu của nó đã ghi trò chơi và "
                              "người chơi"},
    "cli.stored_text": {"en": "{path}:1: options.{settings} holds a camera, calibration or web "
                              "address that is not a text; fix or remove it, then resume",
                        "vi": "{path}:1: options.{settings} có camera, bản hiệu chỉnh hoặc địa "
                              "chỉ web không phải dạng chữ; hãy sửa hoặc xóa nó rồi chơi tiếp"},
    "cli.stored_lang": {"en": "{path}:1: options.{settings} holds an unknown language or camera "
                              "view; fix or remove it, then resume",
                        "vi": "{path}:1: options.{settings} có ngôn ngữ hoặc chế độ xem camera "
                              "không biết; hãy sửa hoặc xóa nó rồi chơi tiếp"},
    "cli.stored_values": {"en": "{path}:1: options.{settings} holds a bad speak or turn_seconds "
                                "value; fix or remove it, then resume",
                          "vi": "{path}:1: options.{settings} có giá trị speak hoặc "
                                "turn_seconds sai; hãy sửa hoặc xóa nó rồi chơi tiếp"},
    "cli.needs_calibration": {"en": "--camera needs the table's --calibration FILE (make one "
                                    "with companion calibrate)",
                              "vi": "--camera cần tệp --calibration của bàn (tạo bằng companion "
                                    "calibrate)"},
    "cli.no_journal": {"en": "{path}: no such journal (give the .jsonl file a game wrote)",
                       "vi": "{path}: không có nhật ký này (hãy đưa tệp .jsonl mà một ván đã "
                             "ghi)"},
    "cli.journal_line": {"en": "{reason} (fix or remove that line, then resume)",
                         "vi": "{reason} (hãy sửa hoặc xóa dòng đó rồi chơi tiếp)"},
    "cli.no_game": {"en": "name the game to play (pumafiosi, pungi or mafia), or --resume a "
                          "journal",
                    "vi": "hãy nêu trò chơi (pumafiosi, pungi hoặc mafia), hoặc --resume một "
                          "nhật ký"},
    "cli.no_players": {"en": "name the players: --players Ann:41 Bob:35 Cy:52",
                       "vi": "hãy nêu người chơi: --players Ann:41 Bob:35 Cy:52"},
    "cli.journal_exists": {"en": "{path} already holds a session; use --resume to go on",
                           "vi": "{path} đã chứa một phiên chơi; dùng --resume để chơi tiếp"},
    "cli.journal_unwritable": {"en": "{path}: cannot write the journal ({reason})",
                               "vi": "{path}: không ghi được nhật ký ({reason})"},
    "cli.timer_players": {"en": "--players must be 3 to 8 (Mafia's table), not {players}",
                          "vi": "--players phải từ 3 đến 8 (bàn Mafia), không phải {players}"},
    "cli.volume": {"en": "--volume must be between 0 and 1, not {volume}",
                   "vi": "--volume phải từ 0 đến 1, không phải {volume}"},
    "cli.session_exists": {"en": "{path}: already holds a session; give a new file name",
                           "vi": "{path}: đã chứa một phiên chơi; hãy đặt tên tệp mới"},
    "cli.session_unwritable": {"en": "{path}: cannot start a session there ({reason})",
                               "vi": "{path}: không bắt đầu được phiên chơi ở đó ({reason})"},
    "cli.demo_both": {"en": "give --recording or --session, not both",
                      "vi": "hãy dùng --recording hoặc --session, không dùng cả hai"},
    "cli.max_gap": {"en": "--max-gap must be more than 0 seconds, not {seconds:g}",
                    "vi": "--max-gap phải lớn hơn 0 giây, không phải {seconds:g}"},
    "cli.max_gap_session": {"en": "--max-gap is for --session (a recording plays at the pace it "
                                  "was filmed; + and - change the speed)",
                            "vi": "--max-gap dành cho --session (bản ghi phát theo nhịp lúc "
                                  "quay; + và - đổi tốc độ)"},
    "cli.session_unplayable": {"en": "{reason} (the session cannot be played back)",
                               "vi": "{reason} (không phát lại được phiên chơi)"},
    "cli.no_recording": {"en": "--recording {name}: no such bundled recording (the bundled "
                               "ones: {names})",
                         "vi": "--recording {name}: không có bản ghi kèm theo này (các bản ghi "
                               "kèm theo: {names})"},
}
