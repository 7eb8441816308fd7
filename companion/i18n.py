"""Every word the companion shows or says, in English and Vietnamese, keyed by message id.

``t(lang, id, **fields)`` gives a screen word or sentence; ``announce(outcome, lang)`` says
an outcome in the chosen language from its type and fields (never by parsing its English
text). English announcements are the engines' own ``Outcome.text()``, so there is one
English wording; Vietnamese ones come from ``OUTCOMES`` below, keyed by the outcome's
stable ``kind``. Pumafiosi terms follow the Vietnamese rulebook (Hệ thống Phân cấp, bậc, điểm
tài sản, điểm phạt, Áo chống đạn, Sổ tay, Nhẫn cưới, Súng máy, ...).

Screen messages are ``str.format`` templates; ``term()`` translates a game term (an
item, an animal, a colour, a side).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

LANGS = ("en", "vi")

MESSAGES: dict[str, dict[str, str]] = {
    "app.title": {"en": "Table Companion", "vi": "Trợ Lý Bàn Chơi"},
    "lang.switched": {"en": "Language: English", "vi": "Ngôn ngữ: Tiếng Việt"},
    "game.pumafiosi": {"en": "Pumafiosi", "vi": "Pumafiosi"},
    "game.pungi": {"en": "Pungi", "vi": "Pungi"},
    "game.mafia": {"en": "Mafia", "vi": "Mafia"},
    # the common panels
    "panel.history": {"en": "What happened", "vi": "Diễn biến"},
    "panel.scores": {"en": "Scores", "vi": "Điểm"},
    "panel.chart": {"en": "Running score after each game", "vi": "Điểm sau mỗi ván"},
    "panel.camera": {"en": "On the table (camera)", "vi": "Trên bàn (camera)"},
    "panel.web": {"en": "On phones and TVs", "vi": "Trên điện thoại và TV"},
    "web.qr_key": {"en": "F4: its QR code, to open it on a phone",
                   "vi": "F4: mã QR để mở trên điện thoại"},
    "web.scan": {"en": "Scan to follow the game on a phone (F4 or Esc closes)",
                 "vi": "Quét để theo dõi ván chơi trên điện thoại (F4 hoặc Esc để đóng)"},
    "announce.waiting": {"en": "Waiting for the first move", "vi": "Đang chờ nước đi đầu tiên"},
    "status.camera_off": {"en": "camera off", "vi": "camera tắt"},
    "status.camera": {"en": "camera {fps:.0f} fps · {cards} cards seen",
                      "vi": "camera {fps:.0f} khung/giây · thấy {cards} lá bài"},
    "status.no_warnings": {"en": "no warnings", "vi": "không có cảnh báo"},
    "camera.none": {"en": "No camera: enter the moves on the command line.",
                    "vi": "Không có camera: nhập nước đi ở dòng lệnh."},
    "camera.empty_zone": {"en": "(empty)", "vi": "(trống)"},
    "chart.game": {"en": "G{n}", "vi": "V{n}"},
    "chart.now": {"en": "now", "vi": "hiện tại"},
    # playback of a recorded session
    "play.playing": {"en": "playing ×{speed}", "vi": "đang phát ×{speed}"},
    "play.paused": {"en": "paused", "vi": "tạm dừng"},
    "play.finished": {"en": "end of the recording", "vi": "hết bản ghi"},
    "play.position": {"en": "move {done}/{total}", "vi": "nước {done}/{total}"},
    # the key line: quit first; "_short" where the full one does not fit (widgets/key_line.py)
    "help.demo": {"en": "q quit · space pause · n step · +/- speed · : type a move · F1 help · "
                        "F2 language · F3 camera plan/image/map",
                  "vi": "q thoát · space tạm dừng · n bước · +/- tốc độ · : gõ lệnh · "
                        "F1 trợ giúp · F2 ngôn ngữ · F3 sơ đồ/ảnh/bản đồ camera"},
    "help.play": {"en": "ctrl+q quit · F1 help: the moves · Tab completes · undo takes back · "
                        "F2 language · F3 camera plan/image/map",
                  "vi": "ctrl+q thoát · F1 trợ giúp: các nước đi · Tab hoàn thành · "
                        "undo hoàn tác · F2 ngôn ngữ · F3 sơ đồ/ảnh/bản đồ camera"},
    "help.demo_short": {"en": "q quit · space pause · n step · +/- speed · F1 help · F2 language · "
                              "F3 camera",
                        "vi": "q thoát · space dừng · +/- tốc độ · F1 trợ giúp · F2 ngôn ngữ · F3 "
                              "camera"},
    "help.play_short": {"en": "ctrl+q quit · F1 help · Tab completes · undo · F2 language · F3 "
                              "camera",
                        "vi": "ctrl+q thoát · F1 trợ giúp · Tab hoàn thành · undo · F2 ngôn ngữ · "
                              "F3 camera"},
    # warnings from the sound stage (shown, and spoken where the table listens)
    "warn.spoke": {"en": "Someone spoke at {clock} during the Omertà called by {player}",
                   "vi": "Có người nói lúc {clock} trong Omertà do {player} gọi"},
    "warn.listen_back": {"en": " (listen back: {clip})", "vi": " (nghe lại: {clip})"},
    "warn.overtime": {"en": "{player}'s turn is over its {seconds:g} s",
                      "vi": "Lượt của {player} đã quá {seconds:g} giây"},
    "say.time_up": {"en": "{player}, time is up", "vi": "{player}, hết giờ rồi"},
    "warn.mic_garbage": {"en": "the microphone sends garbage (not-a-number or clipped samples); "
                               "those parts are ignored",
                         "vi": "micro gửi tín hiệu hỏng (không phải số hoặc bị cắt đỉnh); bỏ qua "
                               "những đoạn đó"},
    "warn.clip_failed": {"en": "cannot keep the speech clip {clip}: {reason}",
                         "vi": "không giữ được đoạn ghi âm {clip}: {reason}"},
    "warn.no_mic": {"en": "no microphone ({reason}): the Omertà is not listened to, everything "
                          "else goes on",
                    "vi": "không có micro ({reason}): Omertà không được nghe, mọi thứ khác vẫn "
                          "tiếp tục"},
    "warn.mic_stopped": {"en": "the microphone stopped: the Omertà is no longer listened to, "
                               "everything else goes on",
                         "vi": "micro đã dừng: Omertà không còn được nghe, mọi thứ khác vẫn tiếp "
                               "tục"},
    "warn.speech_failed": {"en": "speech failed ({reason}); the cues go on",
                           "vi": "không đọc được ({reason}); âm báo vẫn tiếp tục"},
    "warn.no_vad": {"en": "{reason}; the Omertà is not listened to",
                    "vi": "{reason}; Omertà không được nghe"},
    "warn.no_output": {"en": "no sound output ({reason}): the game goes on without sound",
                       "vi": "không có đầu ra âm thanh ({reason}): ván tiếp tục không có âm thanh"},
    "audio.no_device": {"en": "no sound device found", "vi": "không tìm thấy thiết bị âm thanh"},
    "audio.no_portaudio": {"en": "the PortAudio library is not installed: "
                                 "scripts/setup-system.sh installs it",
                           "vi": "chưa cài thư viện PortAudio: "
                                 "scripts/setup-system.sh sẽ cài"},
    "audio.busy": {"en": "the sound device is unavailable: unplugged, or in use by "
                         "another program",
                   "vi": "thiết bị âm thanh không dùng được: đã rút ra, hoặc chương trình "
                         "khác đang dùng"},
    "audio.channels": {"en": "the sound device does not take this number of channels",
                       "vi": "thiết bị âm thanh không nhận số kênh này"},
    "audio.rate": {"en": "the sound device does not take this sample rate",
                   "vi": "thiết bị âm thanh không nhận tần số lấy mẫu này"},
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
    # the help (F1, or "help" or "?" at the command line): made from each parser's forms
    "help.title": {"en": "{game}: the moves, as you type them",
                   "vi": "{game}: các nước đi, gõ như sau"},
    "help.now": {"en": "Now", "vi": "Bây giờ"},
    "help.any_time": {"en": "At any time", "vi": "Bất cứ lúc nào"},
    "help.later": {"en": "Later in the game", "vi": "Sau đó trong ván"},
    "help.notation": {"en": "CAPITALS: fill in · [brackets]: may be left out · names may be "
                            "shortened (ann, zoe) · Tab completes",
                      "vi": "CHỮ HOA: điền vào (TÊN: tên người chơi) · [ngoặc vuông]: có thể "
                            "bỏ · tên có thể viết tắt (ann, zoe) · Tab để hoàn thành"},
    "help.eg": {"en": "e.g.", "vi": "ví dụ"},
    "help.close": {"en": "Esc, F1 or q closes this help", "vi": "Esc, F1 hoặc q để đóng"},
    "help.undo": {"en": "take back the last move", "vi": "hoàn tác nước đi cuối"},
    "help.pumafiosi.tony": {"en": "Tony's card, turned over at the start of a round (2 players)",
                            "vi": "lá bài của Tony, lật lên đầu mỗi vòng (2 người chơi)"},
    "help.pumafiosi.play": {"en": "a player plays a card (gun: with the machine gun token)",
                            "vi": "một người chơi đánh một lá (gun: dùng Súng máy)"},
    "help.pumafiosi.place": {"en": "the round's winner places the card on a step of the "
                                   "hierarchy, with the vest, the notebook or the wedding ring",
                             "vi": "người thắng vòng đặt lá bài lên một bậc của Hệ thống Phân "
                                   "cấp, có thể kèm Áo chống đạn, Sổ tay hoặc Nhẫn cưới"},
    "help.pumafiosi.had_placed": {"en": "where a player placed the card that won a round, "
                                        "at a step the camera did not see (\"where did Bob "
                                        "place the card that won round 2?\"): the journal is "
                                        "rewritten with it",
                                  "vi": "nơi một người chơi đặt lá đã thắng vòng, ở một bậc "
                                        "camera không thấy (\"Bob đã đặt lá thắng vòng 2 ở "
                                        "đâu?\"): nhật ký được viết lại với nó"},
    "help.pumafiosi.had": {"en": "the card of a player's play the camera did not read "
                                 "(\"Cy's card in round 2 was not read\"): the journal is "
                                 "rewritten with it",
                           "vi": "lá của một người chơi mà camera không đọc được (\"lá của "
                                 "Cy ở vòng 2 không đọc được\"): nhật ký được viết lại với "
                                 "lá đó"},
    "help.pumafiosi.honor": {"en": "a player broke the code of honour (a 4th card in hand)",
                             "vi": "một người chơi vi phạm quy tắc danh dự (lá bài thứ 4 trên tay)"},
    "help.pungi.layout": {"en": "the first player lays out the snakes, nearest the pungi first",
                          "vi": "người đi đầu bày các lá rắn, gần pungi nhất trước"},
    "help.pungi.first": {"en": "the table chooses the first player (before the layout)",
                         "vi": "cả bàn chọn người đi đầu (trước khi bày rắn)"},
    "help.pungi.play": {"en": "a player plays an animal card: the animal ({animals}) and "
                              "its value",
                        "vi": "một người chơi đánh một lá con vật: con vật ({animals}) và "
                              "giá trị"},
    "help.mafia.mission": {"en": "a mission opens in slot 1 or 2 (its number on the card), "
                                 "with the characters assigned to it",
                           "vi": "một nhiệm vụ mở ở ô 1 hoặc 2 (số trên lá), cùng các nhân "
                                 "vật được giao"},
    "help.mafia.contribute": {"en": "a player puts a card face down on a mission (salvatore: "
                                    "with Salvatore's skill)",
                              "vi": "một người chơi úp một lá vào nhiệm vụ (salvatore: bằng "
                                    "kỹ năng của Salvatore)"},
    "help.mafia.whose": {"en": "the card nobody saw whose on a mission was this player's "
                              "(salvatore: with Salvatore's skill)",
                        "vi": "lá không thấy của ai trên nhiệm vụ là của người chơi này "
                              "(salvatore: bằng kỹ năng của Salvatore)"},
    "help.mafia.reveal": {"en": "the mission's cards are turned over: each value and colour "
                                "(b blue, y yellow)",
                          "vi": "lật các lá của nhiệm vụ: giá trị và màu (b xanh, y vàng)"},
    "help.mafia.abort": {"en": "a player aborts a mission with an abort card",
                         "vi": "một người chơi hủy nhiệm vụ bằng lá hủy"},
    "help.mafia.assign": {"en": "a character joins a mission", "vi": "một nhân vật tham gia nhiệm vụ"},
    "help.mafia.release": {"en": "a character leaves a mission", "vi": "một nhân vật rời nhiệm vụ"},
    "help.mafia.adjust": {"en": "Vincenzo changes a revealed mission's total by DELTA",
                          "vi": "Vincenzo đổi tổng của nhiệm vụ đã lật thêm DELTA"},
    "help.mafia.cop": {"en": "a player is exposed as a cop", "vi": "một người chơi lộ diện là cảnh sát"},
    "help.mafia.omerta": {"en": "a player calls the Omertà: silence until their turn comes back",
                          "vi": "một người chơi gọi Omertà: im lặng cho đến khi lượt quay lại họ"},
    "help.mafia.spoke": {"en": "someone spoke during the Omertà (name them if the table knows)",
                         "vi": "có người nói trong Omertà (ghi tên nếu biết)"},
    "help.mafia.turn": {"en": "the turn passes to a player", "vi": "lượt chuyển sang một người chơi"},
    "help.mafia.cops": {"en": "the game is over: who were the cops (their goal cards), for the "
                              "record and the BG Stats export",
                        "vi": "ván đã kết thúc: ai là cảnh sát (lá mục tiêu của họ), để ghi lại "
                              "và xuất sang BG Stats"},
    "cmd.placeholder_over": {"en": "the game is over · undo takes back its last move · F1 help",
                             "vi": "ván đã kết thúc · undo để hoàn tác nước cuối · F1 trợ giúp"},
    "cmd.damaged": {"en": "The journal's last line was cut short (a crash mid-write): it is "
                          "kept in {path}; the game goes on from the move before it",
                    "vi": "Dòng cuối của nhật ký bị cắt (máy dừng khi đang ghi): đã giữ trong "
                          "{path}; ván tiếp tục từ nước đi trước đó"},
    # the live path: the camera, the reconciler and the adapters (companion.said)
    "live.too_many": {"en": "{zone} holds one card {card} too many",
                      "vi": "{zone} có thừa một lá {card}"},
    "live.unexpected": {"en": "card {card} is on {zone}, where the rules have no such card: "
                              "take it away, or type the move",
                        "vi": "lá {card} nằm ở {zone}, nơi luật không có lá đó: hãy lấy ra, "
                              "hoặc gõ nước đi"},
    "live.misplaced": {"en": "card {card} should be on {expected}, it is on {seen}",
                       "vi": "lá {card} phải ở {expected}, nhưng đang ở {seen}"},
    "live.corrected": {"en": "corrected: {card} is on {zone}", "vi": "đã sửa: {card} nằm ở {zone}"},
    "live.missed": {"en": "missed: {moves}, as the table shows",
                    "vi": "bị bỏ sót: {moves}, như trên bàn cho thấy"},
    "live.ask_card": {"en": "{player}'s card? type it ({typed} CARD), or put it down again",
                      "vi": "Lá bài của {player}? gõ vào ({typed} LÁ), hoặc đặt lại lá bài"},
    "live.ask_unseen": {"en": "{player}'s card in round {round} was not read: type it "
                              "({typed} had CARD)",
                        "vi": "lá của {player} ở vòng {round} không đọc được: gõ vào "
                              "({typed} had LÁ)"},
    "live.ask_open_place": {"en": "who won round {round}? type the place (NAME places "
                                  "CARD at STEP)",
                            "vi": "ai thắng vòng {round}? gõ nước đặt (TÊN places LÁ at BẬC)"},
    "live.ask_open_winner": {"en": "where did {player} place the card that won round "
                                   "{round}? type it ({typed} places CARD at STEP)",
                             "vi": "{player} đã đặt lá thắng vòng {round} vào bậc nào? gõ "
                                   "vào ({typed} places LÁ at BẬC)"},
    "live.ask_open_known": {"en": "where did {player} place {card}? type it ({typed} places "
                                  "{card} at STEP)",
                            "vi": "{player} đã đặt lá {card} vào bậc nào? gõ vào ({typed} "
                                  "places {card} at BẬC)"},
    "live.named": {"en": "{player}'s card was {card}, as the table shows",
                   "vi": "lá của {player} là {card}, như trên bàn"},
    "live.named_place": {"en": "{player} placed {card} at step {step}, as the table shows",
                         "vi": "{player} đã đặt {card} ở bậc {step}, như trên bàn"},
    "live.ask_hidden": {"en": "where did {player} place the card that won round {round}? "
                              "type it ({typed} had CARD at STEP)",
                        "vi": "{player} đã đặt lá thắng vòng {round} vào bậc nào? gõ vào "
                              "({typed} had LÁ at BẬC)"},
    "live.ask_hidden_known": {"en": "where did {player} place {card}, the card that won round "
                                    "{round}? type it ({typed} had {card} at STEP)",
                              "vi": "{player} đã đặt lá {card} (thắng vòng {round}) vào bậc "
                                    "nào? gõ vào ({typed} had {card} at BẬC)"},
    "live.ask_place": {"en": "where did {player} place {card}? type it (place {card} at STEP)",
                       "vi": "{player} đã đặt lá {card} vào bậc nào? gõ vào (place {card} at BẬC)"},
    "live.ask_animal": {"en": "{player}'s animal card? type it ({typed} ANIMAL VALUE), or put "
                              "it down again",
                        "vi": "Lá con vật của {player}? gõ vào ({typed} CON-VẬT GIÁ-TRỊ), hoặc "
                              "đặt lại lá bài"},
    "live.unknown_marker": {"en": "marker {marker} is on no card of any deck: ignored",
                            "vi": "mã {marker} không thuộc lá bài nào của các bộ bài: bỏ qua"},
    "live.foreign": {"en": "{label} is a {game} card, not part of this {own} game: ignored",
                     "vi": "{label} là lá bài {game}, không thuộc ván {own} này: bỏ qua"},
    "live.late_token": {"en": "{player}'s {item} came after {number} was read: undo the {move} "
                              "and put the card down again with the {item}, or type the move",
                        "vi": "{item} của {player} đến sau khi lá {number} đã được đọc: hoàn "
                              "tác nước {move} rồi đặt lại lá bài cùng {item}, hoặc gõ nước đi"},
    "live.no_seat": {"en": "card {card} lies in the play zone of a seat with no player ({zone})",
                     "vi": "lá {card} nằm trong vùng chơi của một chỗ không có người chơi "
                           "({zone})"},
    "live.gun_not_theirs": {"en": "the machine gun next to {card} is {owner}'s, but {player} "
                                  "played {card}",
                            "vi": "Súng máy cạnh lá {card} là của {owner}, nhưng {player} "
                                  "chơi lá {card}"},
    "live.card_out": {"en": "{player} played {card}, but {card} was already played in this "
                            "game (every card exists once)",
                      "vi": "{player} chơi lá {card}, nhưng lá {card} đã được chơi trong ván "
                            "này (mỗi lá chỉ có một)"},
    "live.move_down": {"en": "move {owners}'s {card} down to step {step}",
                       "vi": "chuyển lá {card} của {owners} xuống bậc {step}"},
    "live.put_tony": {"en": "put Tony's {card} at step {step}",
                      "vi": "đặt lá {card} của Tony vào bậc {step}"},
    "live.place_won": {"en": "{player} won with {card}: place it next to a hierarchy step",
                       "vi": "{player} thắng với lá {card}: hãy đặt nó cạnh một bậc của Hệ "
                             "thống Phân cấp"},
    "live.on_step": {"en": "{card} is on step {step}: done", "vi": "lá {card} đã ở bậc {step}: xong"},
    "live.left_step": {"en": "card {card} left step {step}: it belongs there",
                       "vi": "lá {card} đã rời bậc {step}: nó phải nằm ở đó"},
    "live.animal_no_seat": {"en": "an animal card lies in {zone}, a seat with no player",
                            "vi": "một lá con vật nằm ở {zone}, chỗ không có người chơi"},
    "live.out_of_turn": {"en": "{player} played a {animal}, but it is {first}'s turn",
                         "vi": "{player} chơi {animal}, nhưng đang là lượt của {first}"},
    "live.place_crowded": {"en": "layout place {place} holds {count} cards: one card a place",
                           "vi": "vị trí bày rắn {place} có {count} lá: mỗi vị trí một lá"},
    "live.place_beyond": {"en": "a snake card lies at layout place {place}, but {players} "
                                "players lay out {players}",
                          "vi": "một lá rắn nằm ở vị trí bày rắn {place}, nhưng {players} người "
                                "chơi chỉ bày {players} lá"},
    "live.face_counts": {"en": "{player}'s card shows {animal} {value}, but its back was a "
                               "{back}: the face counts",
                         "vi": "lá của {player} là {animal} {value}, nhưng mặt sau là {back}: "
                               "tính theo mặt trước"},
    "live.takes": {"en": "{player} takes {snake}", "vi": "{player} lấy {snake}"},
    "live.has": {"en": "{player} has {snake}", "vi": "{player} đã có {snake}"},
    "live.went_to": {"en": "{snake} went to {holder}, but {player} takes it",
                     "vi": "{snake} đã đến chỗ {holder}, nhưng {player} mới là người lấy"},
    "live.relayout": {"en": "four identical cards: {first} shuffles the layout back into the "
                            "pile and lays out again",
                      "vi": "bốn lá giống nhau: {first} xáo các lá đã bày vào chồng bài rồi "
                            "bày lại"},
    "live.mission_away": {"en": "mission card {mission} lies away from the mission places: put "
                                "it on place {first} or {second}",
                          "vi": "lá nhiệm vụ {mission} nằm ngoài các vị trí nhiệm vụ: hãy đặt "
                                "nó vào vị trí {first} hoặc {second}"},
    "live.mission_unknown": {"en": "mission card {mission} is not in this game's missions",
                             "vi": "lá nhiệm vụ {mission} không có trong các nhiệm vụ của ván này"},
    "live.who_plays": {"en": "who plays {name}? Say it in the header or show the card at their "
                             "seat",
                       "vi": "ai là {name}? Ghi trong phần đầu hoặc đặt lá bài ở chỗ ngồi của "
                             "người đó"},
    "live.who_assigned": {"en": "who is assigned to {mission}? Lay {count} character cards "
                                "next to it",
                          "vi": "ai được giao {mission}? Đặt {count} lá nhân vật cạnh nó"},
    "live.who_assigned_one": {"en": "who is assigned to {mission}? Lay {count} character card "
                                    "next to it",
                              "vi": "ai được giao {mission}? Đặt {count} lá nhân vật cạnh nó"},
    "live.whose_card": {"en": "whose card went to {mission} ({players})? type it (whose "
                              "{slot} NAME)",
                        "vi": "lá của ai đã vào {mission} ({players})? gõ vào (whose {slot} "
                              "TÊN)"},
    "live.too_many_faces": {"en": "{mission} shows {shown} cards, but it holds {cards}",
                            "vi": "{mission} có {shown} lá ngửa, nhưng nó chỉ giữ {cards} lá"},
    "live.who_omerta": {"en": "who played the Omertà? Type the move",
                        "vi": "ai đã chơi Omertà? Hãy gõ nước đi"},
    "live.who_aborted": {"en": "{mission} left the table: who aborted it? Type the abort move, "
                               "or put it back",
                         "vi": "{mission} đã rời bàn: ai đã hủy nó? Gõ nước hủy, hoặc đặt nó "
                               "lại"},
    "live.no_picture": {"en": "frame {frame}: no picture (a missing or corrupt frame): skipped",
                        "vi": "khung hình {frame}: không có ảnh (thiếu hoặc hỏng): bỏ qua"},
    "live.time_back": {"en": "frame {frame}: its time {time:.3f} s comes before the previous "
                             "frame's ({last:.3f} s): skipped",
                       "vi": "khung hình {frame}: thời điểm {time:.3f} giây của nó đến trước "
                             "khung trước ({last:.3f} giây): bỏ qua"},
    "tracker.time_back": {"en": "a frame at {time:.3f} s comes after one at {last:.3f} s: "
                                "timestamps must not go back",
                          "vi": "một khung hình lúc {time:.3f} giây đến sau khung lúc "
                                "{last:.3f} giây: thời điểm không được lùi lại"},
    "live.unknown_markers": {"en": "{count} marker(s) that are on no card of the decks: ignored",
                             "vi": "{count} mã không thuộc lá bài nào của các bộ bài: bỏ qua"},
    "live.printed_twice": {"en": "{label} (marker {marker}) is seen on {count} cards at once: a "
                                 "sticker printed twice?",
                           "vi": "{label} (mã {marker}) được thấy trên {count} lá cùng lúc: nhãn "
                                 "bị in hai lần?"},
    "live.corner_off": {"en": "corner marker {corner} is {off:.0f} mm from where the calibration "
                              "puts it: the calibration does not match this camera (following "
                              "the corners instead; calibrate again)",
                        "vi": "mã góc {corner} lệch {off:.0f} mm so với vị trí trong bản hiệu "
                              "chỉnh: bản hiệu chỉnh không khớp với camera này (đang theo các "
                              "góc; hãy hiệu chỉnh lại)"},
    "live.frame_size": {"en": "the frames are {width}x{height} but the calibration was made at "
                              "{cal_width}x{cal_height}: calibrate again at this resolution",
                        "vi": "khung hình có cỡ {width}x{height} nhưng bản hiệu chỉnh làm ở "
                              "{cal_width}x{cal_height}: hãy hiệu chỉnh lại ở độ phân giải này"},
    "live.frames_ended": {"en": "the camera gave no more frames",
                          "vi": "camera không còn gửi khung hình"},
    "zone.table": {"en": "table", "vi": "bàn"},
    "zone.of": {"en": "{player}'s {zone}", "vi": "{zone} của {player}"},
    "zone.at": {"en": "{zone}", "vi": "{zone}"},
    # what the commands print when they end
    "exit.journalled": {"en": "the game is journalled in {path}; go on with 'companion play "
                              "--resume {path}'",
                        "vi": "ván chơi được ghi trong {path}; chơi tiếp bằng 'companion play "
                              "--resume {path}'"},
    "exit.repaired": {"en": "{path}: its last line was cut short; it is kept in {kept}",
                      "vi": "{path}: dòng cuối bị cắt; đã giữ trong {kept}"},
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
    "word.player": {"en": "Player", "vi": "Người chơi"},
    "word.score": {"en": "Score", "vi": "Điểm"},
    # Pumafiosi, in the terms of the Vietnamese rulebook
    "puma.game": {"en": "Game {n}/{of}", "vi": "Ván {n}/{of}"},
    "puma.round": {"en": "Round {n}/{of}", "vi": "Vòng {n}/{of}"},
    "puma.start": {"en": "start player:", "vi": "người chơi bắt đầu:"},
    "puma.phase.tony": {"en": "{player} reveals Tony's card", "vi": "{player} lật lá bài cho Tony"},
    "puma.phase.play": {"en": "{player} plays", "vi": "{player} chơi bài"},
    "puma.phase.place": {"en": "{player} places the card", "vi": "{player} đặt lá bài"},
    "puma.phase.place_open": {"en": "the round's winner places the card (one was not read)",
                              "vi": "người thắng vòng đặt lá bài (có lá không đọc được)"},
    "puma.hierarchy": {"en": "The hierarchy", "vi": "Hệ thống Phân cấp"},
    "puma.hidden": {"en": "placed at a step nobody saw", "vi": "đặt ở một bậc không ai thấy"},
    "puma.plays": {"en": "This round, in play order", "vi": "Vòng này, theo thứ tự chơi"},
    "puma.winner": {"en": "wins the round", "vi": "thắng vòng"},
    "puma.unread": {"en": "a card (not read)", "vi": "một lá (không đọc được)"},
    "puma.wealth": {"en": "wealth", "vi": "điểm tài sản"},
    "puma.penalty": {"en": "penalty", "vi": "điểm phạt"},
    "puma.items": {"en": "Item tokens left", "vi": "Token vật phẩm còn lại"},
    # Pungi
    "pungi.game": {"en": "Game {n}/{of}", "vi": "Ván {n}/{of}"},
    "pungi.round": {"en": "Round {n}", "vi": "Vòng {n}"},
    "pungi.first": {"en": "first", "vi": "đi đầu"},
    "pungi.pile": {"en": "{n} snakes left", "vi": "còn {n} lá rắn"},
    "pungi.to_play": {"en": "{player} plays an animal", "vi": "{player} chơi một con vật"},
    "pungi.to_layout": {"en": "{player} lays out the snakes", "vi": "{player} bày các lá rắn"},
    "pungi.layout": {"en": "The snakes, nearest the pungi first",
                     "vi": "Các lá rắn, gần pungi nhất trước"},
    "pungi.animals": {"en": "Animals played", "vi": "Con vật đã chơi"},
    "pungi.handed_out": {"en": "Last round's snakes", "vi": "Rắn của vòng trước"},
    "pungi.majority": {"en": "majority: {animal}", "vi": "chiếm ưu thế: {animal}"},
    "pungi.no_majority": {"en": "no majority animal", "vi": "không con vật nào chiếm ưu thế"},
    "pungi.live": {"en": "now", "vi": "hiện"},
    "pungi.total": {"en": "series", "vi": "tổng"},
    "pungi.snakes": {"en": "Snakes taken (charmers turn them at the scoring)",
                     "vi": "Rắn đã lấy (người dụ rắn lật chúng khi tính điểm)"},
    # Mafia
    "mafia.omerta": {"en": "OMERTÀ called by {player}: silence until {player}'s turn",
                     "vi": "OMERTÀ do {player} gọi: im lặng cho đến lượt của {player}"},
    "mafia.turn": {"en": "turn:", "vi": "lượt:"},
    "mafia.silent_for": {"en": "silent for {clock}", "vi": "đã im lặng {clock}"},
    "mafia.left": {"en": "({clock} left)", "vi": "(còn {clock})"},
    "mafia.over": {"en": "(over by {clock})", "vi": "(quá {clock})"},
    "mafia.slot": {"en": "Mission {slot}", "vi": "Nhiệm vụ {slot}"},
    "mafia.empty": {"en": "no mission", "vi": "không có nhiệm vụ"},
    "mafia.assigned": {"en": "assigned:", "vi": "được giao:"},
    "mafia.cards": {"en": "cards {on}/{of}", "vi": "lá bài {on}/{of}"},
    "mafia.success": {"en": "SUCCESS", "vi": "THÀNH CÔNG"},
    "mafia.failure": {"en": "FAILURE", "vi": "THẤT BẠI"},
    "mafia.cops": {"en": "Exposed cops:", "vi": "Cảnh sát bị lộ:"},
    "mafia.won": {"en": "The {side} win", "vi": "Phe {side} thắng"},
    "mafia.ask_cops": {"en": "Who were the cops? Turn the goal cards over and type their names, "
                             "e.g. {example}",
                       "vi": "Ai là cảnh sát? Lật các lá mục tiêu và gõ tên họ, ví dụ {example}"},
    "mafia.cops_were": {"en": "The cops were: {names}", "vi": "Cảnh sát là: {names}"},
    "mafia.cops_named": {"en": "recorded: the cops were {names}",
                         "vi": "đã ghi: cảnh sát là {names}"},
    "mafia.cops_early": {"en": "The cops are named once the game is over; until then a cop "
                               "may reveal (cop NAME)",
                         "vi": "Chỉ nêu tên cảnh sát khi ván đã kết thúc; trước đó cảnh sát có "
                               "thể lộ diện (cop TÊN)"},
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
    "mafia.cops_failed": {"en": "Cannot write {path} ({reason}): free the disk and type the cops "
                                "again",
                          "vi": "Không ghi được {path} ({reason}): giải phóng ổ đĩa rồi gõ lại "
                                "tên cảnh sát"},
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
    # a recording folder read back (companion.live.recording, companion demo and replay)
    "recording.times_unreadable": {"en": "{path}: cannot be read ({reason}): frames timed at "
                                         "{fps:g} fps",
                                   "vi": "{path}: không đọc được ({reason}): khung hình được "
                                         "tính giờ theo {fps:g} khung/giây"},
    "recording.time_bad": {"en": "{path}:{line}: {text!r} is not a time in seconds: the frames "
                                 "from here on are timed at {fps:g} fps",
                           "vi": "{path}:{line}: {text!r} không phải thời điểm tính bằng giây: "
                                 "từ đây các khung hình được tính giờ theo {fps:g} khung/giây"},
    "recording.times_short": {"en": "{path}: {count} times for {frames} frames: the rest are "
                                    "timed at {fps:g} fps",
                              "vi": "{path}: {count} thời điểm cho {frames} khung hình: phần "
                                    "còn lại được tính giờ theo {fps:g} khung/giây"},
    "recording.frame_unreadable": {"en": "{video}: frame {index} cannot be read (missing or "
                                         "corrupt): skipped",
                                   "vi": "{video}: không đọc được khung hình {index} (thiếu "
                                         "hoặc hỏng): bỏ qua"},
    "recording.video_short": {"en": "{video}: the video ends after {read} of its {frames} "
                                    "frames (truncated or corrupt): replayed what there is",
                              "vi": "{video}: video dừng sau {read} trên {frames} khung hình "
                                    "(bị cắt ngắn hoặc hỏng): đã phát lại phần đọc được"},
    "recording.video_missing": {"en": "{video}: the recording's video is missing",
                                "vi": "{video}: thiếu video của bản ghi"},
    "recording.video_damaged": {"en": "{video}: not an AVI file (the recording's video is "
                                      "damaged from its start)",
                                "vi": "{video}: không phải tệp AVI (video của bản ghi bị hỏng "
                                      "ngay từ đầu)"},
    "recording.video_unopened": {"en": "{video}: the video cannot be opened (not a video, or "
                                       "damaged from its start)",
                                 "vi": "{video}: không mở được video (không phải video, hoặc "
                                       "bị hỏng ngay từ đầu)"},
    "recording.no_folder": {"en": "{folder}: no such recording folder",
                            "vi": "{folder}: không có thư mục bản ghi này"},
    "recording.no_manifest": {"en": "{folder}: not a recording (it has no {manifest}; make one "
                                    "with companion record)",
                              "vi": "{folder}: không phải bản ghi (không có {manifest}; hãy "
                                    "tạo bằng companion record)"},
    "recording.manifest_unreadable": {"en": "{path}: cannot be read as JSON ({reason})",
                                      "vi": "{path}: không đọc được dạng JSON ({reason})"},
    "recording.not_manifest": {"en": "{path}: not a recording manifest (it needs \"format\": "
                                     "\"{format}\")",
                               "vi": "{path}: không phải manifest của bản ghi (cần \"format\": "
                                     "\"{format}\")"},
    "recording.entry": {"en": "{path}: the entry {entry} is missing or wrong (it needs header, "
                              "frames, fps, size and video)",
                        "vi": "{path}: mục {entry} bị thiếu hoặc sai (cần header, frames, fps, "
                              "size và video)"},
    "recording.unusable": {"en": "{path}: header, frames, fps or video are not usable",
                           "vi": "{path}: header, frames, fps hoặc video không dùng được"},
    "recording.too_large": {"en": "{path}: {frames} frames of {width}x{height} is more than a "
                                  "recording holds (at most {most} frames, {side} pixels a "
                                  "side); is the manifest edited?",
                            "vi": "{path}: {frames} khung hình {width}x{height} là nhiều hơn "
                                  "một bản ghi có thể chứa (tối đa {most} khung hình, {side} "
                                  "điểm ảnh mỗi cạnh); tệp manifest có bị sửa không?"},
    "recording.pipeline": {"en": "{folder}: {reason}", "vi": "{folder}: {reason}"},
    "recording.header": {"en": "{path}: the session header: {reason}",
                         "vi": "{path}: phần đầu của phiên chơi: {reason}"},
    "recording.session_unreadable": {"en": "{session_error} (the recording's session cannot be "
                                           "read)",
                                     "vi": "{session_error} (không đọc được phiên chơi của bản "
                                           "ghi)"},
    "recording.frame_warning": {"en": "frame {index} ({time:.2f} s): {warning}",
                                "vi": "khung hình {index} ({time:.2f} giây): {warning}"},
    # companion calibrate and record (--lang): their refusals and results
    "calibrate.not_size": {"en": "{option} {text!r} is not WIDTHxHEIGHT: write it like {example}",
                           "vi": "{option} {text!r} không có dạng RỘNGxCAO: hãy viết như "
                                 "{example}"},
    "calibrate.square_mm": {"en": "--square-mm {mm:g}: give the side of one chessboard square in "
                                  "millimetres, e.g. 25",
                            "vi": "--square-mm {mm:g}: hãy cho cạnh của một ô bàn cờ tính bằng "
                                  "milimét, ví dụ 25"},
    "calibrate.pattern": {"en": "--pattern {text!r}: give the chessboard's inner corners as whole "
                                "numbers, like 9x6",
                          "vi": "--pattern {text!r}: hãy cho số góc trong của bàn cờ bằng số "
                                "nguyên, như 9x6"},
    "calibrate.lens_done": {"en": "lens calibrated from {photos} chessboard photos, error "
                                  "{rms:.2f} px",
                            "vi": "đã hiệu chỉnh ống kính từ {photos} ảnh bàn cờ, sai số "
                                  "{rms:.2f} px"},
    "calibrate.no_source": {"en": "give --camera N, or images, folders or videos of the table",
                            "vi": "hãy cho --camera N, hoặc ảnh, thư mục ảnh hay video của bàn"},
    "calibrate.players": {"en": "--players {players}: the games take 2 to 8 players",
                          "vi": "--players {players}: các trò chơi cần từ 2 đến 8 người chơi"},
    "calibrate.no_frames_because": {"en": "no frames could be read: {reasons}",
                                    "vi": "không đọc được khung hình nào: {reasons}"},
    "calibrate.no_frames": {"en": "no frames could be read: check the files (or the camera)",
                            "vi": "không đọc được khung hình nào: hãy kiểm tra các tệp (hoặc "
                                  "camera)"},
    "calibrate.lens_size": {"en": "the chessboard photos are {lens} but the table frames {size}: "
                                  "use the same camera resolution for both",
                            "vi": "ảnh bàn cờ cỡ {lens} nhưng khung hình của bàn cỡ {size}: hãy "
                                  "dùng cùng một độ phân giải camera cho cả hai"},
    "calibrate.refused": {"en": "calibration refused: {reason}",
                          "vi": "bản hiệu chỉnh bị từ chối: {reason}"},
    "calibrate.saved": {"en": "calibration saved to {path}",
                        "vi": "đã lưu bản hiệu chỉnh vào {path}"},
    "calibrate.frame_size": {"en": "{source}: frame {index} is {size}, the first was {first}: "
                                   "calibrate from one camera resolution",
                             "vi": "{source}: khung hình {index} cỡ {size}, khung đầu tiên cỡ "
                                   "{first}: hãy hiệu chỉnh với một độ phân giải camera"},
    "calibrate.annotate_failed": {"en": "{path}: cannot write the annotated image (check the "
                                        "folder exists and the name ends in .png or .jpg)",
                                  "vi": "{path}: không ghi được ảnh đã chú thích (hãy kiểm tra "
                                        "thư mục có tồn tại và tên kết thúc bằng .png hoặc .jpg)"},
    "calibrate.annotated": {"en": "annotated frame saved to {path}",
                            "vi": "đã lưu khung hình có chú thích vào {path}"},
    "record.out_exists": {"en": "{path}: already exists and is not an empty folder; give a new "
                                "folder for the recording",
                          "vi": "{path}: đã có và không phải thư mục trống; hãy cho một thư mục "
                                "mới cho bản ghi"},
    "cli.at_least_one": {"en": "{option} {value}: give a whole number, 1 or more",
                         "vi": "{option} {value}: hãy cho một số nguyên từ 1 trở lên"},
    "calibrate.seconds": {"en": "--seconds {seconds:g}: give how long to watch the camera, more "
                                "than 0 seconds (e.g. 120)",
                          "vi": "--seconds {seconds:g}: hãy cho thời gian theo dõi camera, lớn "
                                "hơn 0 giây (ví dụ 120)"},
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
    "record.recording": {"en": "recording {path}", "vi": "đang ghi {path}"},
    "record.stopped": {"en": "stopped (Ctrl-C): keeping what was recorded",
                       "vi": "đã dừng (Ctrl-C): giữ lại những gì đã ghi"},
    "record.done": {"en": "{frames} frames and {moves} moves recorded in {path}; replay with "
                          "'companion replay {path} --check'",
                    "vi": "đã ghi {frames} khung hình và {moves} nước đi vào {path}; phát lại "
                          "bằng 'companion replay {path} --check'"},
    "record.frame_skipped": {"en": "frame {index} is {size}, not {first}: skipped",
                             "vi": "khung hình {index} cỡ {size}, không phải {first}: bỏ qua"},
    "record.pipeline_failed": {"en": "{reason}; nothing recorded",
                               "vi": "{reason}; không ghi được gì"},
    "record.status": {"en": "{cards} cards on the table, {moves} moves",
                      "vi": "{cards} lá trên bàn, {moves} nước đi"},
    "record.unwritable": {"en": "{path}: cannot write the recording ({reason}); kept there: "
                                "the {moves} moves journalled in session.jsonl (companion "
                                "replay {path}/session.jsonl) and the frames written so far",
                          "vi": "{path}: không ghi được bản ghi ({reason}); đã giữ ở đó: "
                                "{moves} nước đi trong session.jsonl (companion replay "
                                "{path}/session.jsonl) và các khung hình đã ghi"},
    "record.out_unmade": {"en": "{path}: cannot make the folder ({reason})",
                          "vi": "{path}: không tạo được thư mục ({reason})"},
}

# What vision's frame sources and image check report (vision.types.Problem), in
# Vietnamese by code; their English is vision's own text (vision knows no companion).
SOURCE_PROBLEMS: dict[str, str] = {
    "camera_unopened": "không mở được camera {index}: không có camera này, hoặc chương trình "
                       "khác đang dùng nó (kiểm tra số của camera, hoặc dùng một tệp video hay "
                       "một thư mục ảnh)",
    "no_such_file": "{path}: không có tệp này",
    "folder_not_video": "{path}: là một thư mục, không phải video (hãy dùng nó như một thư "
                        "mục ảnh)",
    "file_unopened": "{path}: không mở được tệp như một video (không phải video, định dạng "
                     "không được hỗ trợ, hoặc không truy cập được)",
    "stream_unopened": "{path}: không mở được luồng như một video (không phải video, định "
                       "dạng không được hỗ trợ, hoặc không kết nối được)",
    "video_cut_short": "{source}: video dừng sau {read} trên {frames} khung hình (tệp bị cắt "
                       "ngắn hoặc hỏng)",
    "folder_no_images": "{path}: thư mục không có ảnh nào ({suffixes})",
    "file_unreadable": "{path}: không đọc được ({reason})",
    "image_unreadable": "{path}: không phải ảnh đọc được (trống, bị cắt ngắn hoặc không phải "
                        "định dạng ảnh)",
    "image_bomb": "{path}: phần đầu tệp ghi một ảnh quá lớn để đọc (trên {limit} megapixel)",
    "image_too_large": "{path}: phần đầu tệp ghi {width}x{height} điểm ảnh, vượt giới hạn "
                       "{limit} megapixel: hãy dùng ảnh nhỏ hơn",
    "image_cut_short": "{path}: tệp {kind} bị cắt ngắn: hãy sao chép hoặc xuất lại",
    "not_a_file": "{path}: không phải một tệp thường (một FIFO, một thiết bị hoặc một "
                  "socket): hãy đưa chính tệp ảnh hoặc video",
}

# What calibration/ refuses (calibration.types.CalibrationError), in Vietnamese by code;
# their English is calibration's own text. A reason from the OS or the JSON decoder stays as
# it came, inside the sentence. ``place`` is the file and line ("table.json:6").
CALIBRATION_PROBLEMS: dict[str, str] = {
    # the calibration file
    "calibration_unwritable": "{path}: không ghi được bản hiệu chỉnh: {reason}",
    "calibration_unreadable": "{path}: không đọc được tệp hiệu chỉnh: {reason}",
    "calibration_not_text": "{path}: không phải tệp hiệu chỉnh (không phải văn bản: một ảnh hay "
                            "một loại tệp khác?); hãy đưa tệp mà companion calibrate đã lưu",
    "not_json": "{place}: không phải JSON hợp lệ ({reason}); hãy chạy lại companion calibrate "
                "hoặc sửa tệp",
    "not_object": "{place}: tệp hiệu chỉnh chứa một đối tượng JSON {{...}}; hãy chạy lại "
                  "companion calibrate",
    "other_version": "{place}: \"format\": \"{found}\" là một phiên bản tệp hiệu chỉnh khác "
                     "với bản companion này đọc (\"{format}\"); hãy chạy lại companion "
                     "calibrate",
    "not_calibration": "{place}: không phải tệp hiệu chỉnh (cần \"format\": \"{format}\"); "
                       "hãy tạo một tệp bằng companion calibrate",
    "unknown_entry": "{place}: mục \"{key}\" không có trong tệp hiệu chỉnh: hãy xóa nó (các "
                     "mục: {known})",
    "size_not_whole": "{place}: image_size phải là [rộng, cao] tính bằng số điểm ảnh nguyên",
    "map_singular": "{place}: image_to_table không nghịch đảo được; hãy chạy lại companion "
                    "calibrate",
    "not_number": "{place}: \"{key}\" phải là một số, không phải {value}; hãy chạy lại "
                  "companion calibrate",
    "not_numbers": "{place}: \"{key}\" phải là một danh sách {count} số, không phải {value}; "
                   "hãy chạy lại companion calibrate",
    "not_positive_numbers": "{place}: \"{key}\" phải là một danh sách {count} số dương, không "
                            "phải {value}; hãy chạy lại companion calibrate",
    "not_matrix": "{place}: \"{key}\" phải là một ma trận 3x3 (ba hàng, mỗi hàng ba số); hãy "
                  "chạy lại companion calibrate",
    "not_list": "{place}: \"{key}\" phải là một danh sách các mục {{...}}",
    "not_entry": "{place}: mỗi phần tử của \"{key}\" phải là một mục {{...}}",
    "bad_seat": "{place}: \"seat\" phải là số ghế từ 1 đến 8, không phải {value}",
    "seat_twice": "{place}: ghế {seat} được ghi hai lần: hãy giữ một",
    "bad_anchor": "{place}: tên mốc {value} không phải \"step:V\" (V là {steps}), \"pungi\" "
                  "hay \"mission:K\"",
    "anchor_twice": "{place}: mốc \"{name}\" được ghi hai lần: hãy giữ một",
    "bad_lens": "{place}: \"lens\" phải là null hoặc {{\"camera_matrix\": ..., "
                "\"distortion\": ..., \"rms_px\": ...}}",
    "bad_distortion": "{place}: \"distortion\" phải là 4, 5, 8, 12 hoặc 14 hệ số méo của "
                      "OpenCV",
    "lens_singular": "{place}: camera_matrix của ống kính không nghịch đảo được; hãy chạy lại "
                     "companion calibrate",
    "bad_options": "{place}: \"options\" phải là {{\"steps_side\": ..., \"arrow\": ..., "
                   "\"layout_places\": ...}}",
    "unknown_option": "{place}: không có tùy chọn \"{option}\": các tùy chọn là steps_side, "
                      "arrow và layout_places",
    "bad_steps_side": "{place}: \"steps_side\" phải là \"auto\", \"left\" hoặc "
                      "\"right\", không phải {value}",
    "bad_arrow": "{place}: \"arrow\" phải là \"auto\" hoặc hướng mũi tên của lá pungi tính "
                 "bằng độ (0 = +x, 90 = xa camera), không phải {value}",
    "bad_layout_places": "{place}: \"layout_places\" phải là null (mỗi ghế một chỗ) hoặc một số "
                         "nguyên từ 1 đến 12, không phải {value}",
    # the corners and the table's geometry
    "corners_not_flat": "các mốc góc không khớp với một mặt bàn phẳng: hãy kiểm tra cả bốn nằm "
                        "phẳng ở các góc bàn",
    "reprojection_high": "sai số chiếu lại {rms:.1f} mm quá cao (giới hạn {limit:.1f} mm), lớn "
                         "nhất ở góc {corner}: hãy kiểm tra các mốc góc được in cỡ {marker:g} "
                         "mm, nằm phẳng với tâm ở đúng góc bàn, và kích thước bàn đúng; ống "
                         "kính góc rộng làm cong đường thẳng cần hiệu chỉnh ống kính "
                         "(--chessboard)",
    "too_oblique": "camera quá nghiêng: phía xa của bàn được nhìn lệch {angle:.0f} độ so với "
                   "nhìn thẳng xuống (giới hạn {limit:.0f}): hãy nâng camera lên hoặc chúc nó "
                   "xuống thêm",
    "corner_seen_twice_at": "thấy góc {corner} hai lần (ở điểm ảnh {first} và {second}): chỉ "
                            "để một mốc góc {corner} trên bàn",
    "corner_seen_twice": "thấy góc {corner} hai lần: chỉ để một mốc góc {corner} trên bàn",
    "corner_not_seen": "chưa thấy góc {corners}: hãy đưa nó vào khung hình",
    "corners_not_seen": "chưa thấy các góc {corners}: hãy đưa chúng vào khung hình",
    "corners_same_place": "góc {first} và {second} ở cùng một chỗ trong ảnh: hãy đặt mỗi mốc "
                          "góc ở một góc bàn riêng",
    "corners_in_line": "các góc {corners} và {last} nằm trên một đường thẳng: hãy đặt bốn mốc "
                       "góc ở bốn góc bàn",
    "corners_out_of_order": "các mốc góc sai thứ tự: góc 1, 2, 3, 4 phải đi theo chiều kim đồng "
                            "hồ quanh bàn (nhìn từ trên xuống), góc 1 gần bạn nhất ở bên trái",
    "corners_turned": "không đo được kích thước bàn từ các mốc góc xoay 45 độ: hãy xoay chúng "
                      "vuông với mép bàn hoặc cho kích thước bàn (--table RỘNGxSÂU)",
    "size_unmeasured": "không đo được kích thước bàn từ các mốc góc: hãy cho kích thước bàn "
                       "(--table RỘNGxSÂU, tính bằng milimét)",
    "no_corner_pieces": "danh mục quân không có mốc góc nào: bộ bài của bàn (kit.toml) phải có "
                        "các góc 1-4",
    "held_out_far": "các mốc không khớp với một mặt bàn phẳng: một quân để ra ngoài phép khớp "
                    "nằm cách {off:.0f} mm so với chỗ các quân khác đặt nó, gấp {sigmas:.1f} "
                    "lần mức nhiễu của các mốc của nó giải thích được (giới hạn {limit:.0f} mm "
                    "và {most:g} lần, hoặc {any:.0f} mm): hãy kiểm tra mọi mốc đều nằm phẳng và được in đúng cỡ, "
                    "hoặc hiệu chỉnh ống kính bằng --chessboard",
    # the seats
    "seat_unregistered": "chưa ghi nhận ghế {seat}: hãy đặt mốc ghế {seat} (hoặc một lá bài bất "
                         "kỳ) trước người chơi {seat}",
    "too_few_seats": "mới ghi nhận {count} ghế: hãy đặt một mốc ghế (hoặc một lá bài bất kỳ) "
                     "trước mỗi người chơi, ít nhất {least} ghế",
    "seats_extra": "ghi nhận {seats} ghế cho {players} người chơi: hãy lấy mốc ghế {seat} khỏi "
                   "bàn hoặc cho --players {most}",
    "seat_cards_extra": "ghi nhận {seats} ghế cho {players} người chơi: hãy lấy lá bài ở ghế "
                        "{seat} khỏi bàn hoặc cho --players {most}",
    "seats_overlap": "ghế {first} và {second} chồng lên nhau (cách {gap:.0f} mm, cần "
                     "{need:.0f}): hãy đặt mỗi mốc ghế trước người chơi của nó",
    # the lens
    "chessboard_sizes": "ảnh bàn cờ thứ {image} cỡ {size}, ảnh đầu tiên cỡ {first}: hãy chụp "
                        "mọi ảnh với cùng độ phân giải camera",
    "chessboard_unseen": "tìm thấy bàn cờ ({pattern} góc trong) trong {found} trên {images} ảnh; "
                         "cần ít nhất {least}: hãy cho thấy cả bàn cờ, phẳng và rõ nét, ở nhiều "
                         "độ nghiêng",
    "lens_fit_poor": "khớp ống kính kém (sai số chiếu lại {rms:.2f} px, giới hạn {limit}): hãy "
                     "dùng ảnh rõ nét hơn của một bàn cờ phẳng",
    "lens_fit_corners": "khớp ống kính cần cả bốn mốc góc, mỗi mốc một lần",
}

# What calibrating tells as it goes (calibration.types.Note), in Vietnamese by code.
CALIBRATION_NOTES: dict[str, str] = {
    "seat_registered": "đã ghi nhận ghế {seat}",
    "seat_card_registered": "đã ghi nhận ghế {seat} (một lá bài)",
    "corner_seen": "đã thấy góc {corner}",
    "corner_seen_again": "đã thấy góc {corner} (mốc thứ hai đã được lấy đi)",
    "corners_fitted": "đã thấy cả 4 góc, sai số chiếu lại {rms:.1f} mm",
    "corners_rough": "đã thấy cả 4 góc, bàn mới được khớp gần đúng: ống kính và bàn sẽ được "
                     "khớp từ mọi mốc khi bàn đã sẵn sàng",
    "lens_fitted": "đã khớp ống kính từ mốc của {pieces} quân: k1 {k1:+.3f}, k2 {k2:+.3f} ở góc "
                   "nhìn 70 độ, góc các mốc lệch trong khoảng {residual:.2f} px (rms)",
    "table_map": "bản đồ bàn: sai số chiếu lại {rms:.1f} mm trên 16 điểm góc, phía xa được nhìn "
                 "lệch {angle:.0f} độ so với nhìn thẳng xuống",
    "table_measured": "đã đo bàn từ các mốc: {width:.0f} x {depth:.0f} mm (chính xác khoảng "
                      "{good:.1f}%; hãy đo bàn và cho --table để có số milimét)",
    "table_measured_corners": "đã đo bàn từ các mốc góc: {width:.0f} x {depth:.0f} mm (chính "
                              "xác khoảng 2%; hãy đo bàn và cho --table để có số milimét)",
    "placement_error": "sai số đặt lá tối đa khoảng {error:.0f} mm: mỗi quân trong {pieces} quân "
                       "được đặt bằng một phép khớp không có nó (lệch nhất {worst:.1f} mm)",
    "placement_error_scale": "sai số đặt lá tối đa khoảng {error:.0f} mm: mỗi quân trong "
                             "{pieces} quân được đặt bằng một phép khớp không có nó (lệch nhất "
                             "{worst:.1f} mm), cộng {scale:.1f}% tỉ lệ mà góc các mốc cho phép",
    "anchors_found": "các mốc của trò chơi: {names}",
    "pungi_arrow": "mũi tên pungi: hàng bài chạy về phía lá bài cạnh lá pungi ({arrow:.0f} độ)",
    "card_markers_small": "cảnh báo: mốc của lá bài ({mm:g} mm) sẽ nhỏ hơn {px:.0f} px ở "
                          "{where}{more}, quá nhỏ để đọc chắc chắn: {advice}",
    "token_markers_small": "cảnh báo: mốc của token ({mm:g} mm) sẽ nhỏ hơn {px:.0f} px ở "
                           "{where}{more}, quá nhỏ để đọc chắc chắn: {advice}",
    "more_places": " và {count} chỗ khác",
    "advice_camera": "hãy nâng camera lên hoặc xoay nó nhìn thẳng xuống hơn{resolution}{larger}",
    "advice_1080p": ", dùng 1080p (hiện là {size})",
    "advice_print": ", hoặc in nhãn mốc lớn hơn (marker_mm trong tệp bộ bài, tối đa {largest:g} "
                    "mm, rồi companion cards print)",
}

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
    return _PLACEHOLDER.sub(lambda m: PLACEHOLDERS[m.group()][_check(lang)], usage)


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



def _names(names) -> str:
    names = tuple(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " và " + names[-1]


def zone_words(zone: str, lang: str) -> str:
    """A zone of the table as messages name it ("step:2": "step 2", "bậc 2")."""
    kind, _, number = zone.partition(":")
    entry = ZONE_WORDS.get(kind)
    words = entry[_check(lang)] if entry else kind
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
    if _check(lang) == "vi":
        return _snake(card)
    if card == "charmer":
        return "a charmer"
    return f"the {card:+d}" if card else "the 0"


def names_words(owners, lang: str) -> str:
    """Whose card: "Ann and Bob" ("Ann và Bob"); nobody's is Tony's."""
    joiner = {"en": " and ", "vi": " và "}[_check(lang)]
    return joiner.join(owners) if owners else "Tony"


def _scores(scores) -> str:
    pairs = scores.items() if isinstance(scores, Mapping) else scores
    return ", ".join(f"{name} {value}" for name, value in pairs)


def _signed(scores) -> str:
    return ", ".join(f"{name} {value:+d}" if value else f"{name} 0" for name, value in scores)


def _snake(card) -> str:
    if card == "charmer":
        return "một " + TERMS["charmer"]["vi"]
    return f"rắn {card:+d}" if card else "rắn 0"


def _puma_played(o) -> str:
    if o.player is None:
        return f"Lá bài của Tony là {o.card}"
    if o.machine_gun:
        return f"{o.player} chơi {o.card} cùng Súng máy (giá trị {o.card + 10.5:g})"
    return f"{o.player} chơi {o.card}"


def _puma_placed(o) -> str:
    if o.player is None:
        return f"Lá {o.card} của Tony vào bậc {o.step}"
    extra = f" cùng {term('vi', o.item)}" if o.item else ""
    return f"{o.player} đặt {o.card} ở bậc {o.step}{extra}"


def _puma_dropped(o) -> str:
    whose = "Tony" if not o.owners else " và ".join(o.owners)
    head = f"Lá {o.card} của {whose} bị đẩy từ bậc {o.from_step} xuống bậc {o.to_step}"
    if not o.owners:
        return head + " (Tony không bị phạt)"
    if not o.penalty_each:
        return head + " (Áo chống đạn: không bị phạt)"
    each = " mỗi người" if len(o.owners) > 1 else ""
    return f"{head}: {_names(o.owners)} nhận {o.penalty_each} điểm phạt{each}"


def _puma_penalty(o) -> str:
    if o.reason == "honor":
        return (f"{o.player} vi phạm quy tắc danh dự (lá bài thứ 4 trên tay): "
                f"{o.points} điểm phạt")
    return f"{o.player} không có lá bài nào trong Hệ thống Phân cấp: {o.points} điểm phạt"


def _puma_won(o) -> str:
    if len(o.winners) == 1:
        return f"{o.winners[0]} thắng trận với {o.score} điểm và trở thành Ông Trùm Lớn"
    return f"{_names(o.winners)} cùng thắng với {o.score} điểm"


def _pungi_won(o) -> str:
    if len(o.winners) == 1:
        return f"{o.winners[0]} thắng loạt ván với {o.score} điểm."
    return f"{_names(o.winners)} cùng thắng loạt ván với {o.score} điểm mỗi người."


def _mission(o) -> str:
    return f"{o.mission.name} (ô {o.slot})"


def _tally(o) -> str:
    return f"Nhiệm vụ: mafia {o.mobsters}, cảnh sát {o.cops}."


def _cards(cards) -> str:
    return ", ".join(_snake(c) for c in cards)


# Vietnamese announcements, by the outcome's ``kind``; English is the outcome's own text().
OUTCOMES: dict[str, Callable[[Any], str]] = {
    "move_undone": lambda o: f"Đã hoàn tác: {describe_move(o.move, 'vi')}",
    # Pumafiosi
    "card_played": _puma_played,
    "unseen_played": lambda o: f"{o.player} đã chơi một lá (không đọc được)",
    "unseen_placed": lambda o: (
        f"Ván {o.game}, vòng {o.round}: {o.player} "
        + (f"đặt {o.card}" if o.card is not None else "thắng và đặt một lá không đọc được")
        + " ở một bậc không ai thấy (không đọc được)"),
    "round_won": lambda o: (
        f"Ván {o.game}, vòng {o.round}: {o.player or 'Tony'} thắng với {o.card}, "
        f"lá bài cao thứ hai"),
    "card_placed": _puma_placed,
    "card_dropped": _puma_dropped,
    "ring_added": lambda o: (
        f"{o.player} đặt Nhẫn cưới lên {o.card}: giờ lá bài thuộc về {_names(o.owners)}"),
    "penalty_charged": _puma_penalty,
    "pumafiosi_scored": lambda o: (
        f"Ván {o.game} được tính điểm: {_signed(o.points)}. Điểm: {_scores(o.scores)}"),
    "game_started": lambda o: f"Ván {o.game} bắt đầu: {o.player} đi trước",
    "match_won": _puma_won,
    # Pungi
    "first_player_chosen": lambda o: (
        f"Ván {o.game}, vòng {o.round}: cả bàn chọn {o.player} đi trước."),
    "layout_dealt": lambda o: (
        f"Ván {o.game}, vòng {o.round}: {o.first} bày {_cards(o.cards)} "
        f"(gần pungi nhất trước)."),
    "layout_redealt": lambda o: (
        f"Ván {o.game}, vòng {o.round}: {o.first} lật {_cards(o.cards)}; {o.count} lần "
        f"{_snake(o.repeated)}, nên các lá trở lại chồng bài và {o.first} bày lại."),
    "animal_played": lambda o: f"{o.player} chơi {term('vi', o.animal)} {o.value}.",
    "majority_found": lambda o: (
        "Không con vật nào chiếm ưu thế." if o.animal is None
        else f"Con {term('vi', o.animal)} chiếm ưu thế."),
    "snake_taken": lambda o: (
        f"{o.player} lấy {_snake(o.card)} (thứ {o.position} tính từ pungi)."),
    "pungi_scored": lambda o: (
        f"Ván {o.game} kết thúc. Điểm: {_scores(o.points)}. Tổng: {_scores(o.scores)}."),
    "series_won": _pungi_won,
    # Mafia
    "mission_opened": lambda o: (
        f"Nhiệm vụ {o.mission.name} mở ở ô {o.slot} (${o.mission.value} "
        f"{term('vi', o.mission.color)}, {o.mission.cards} lá): giao cho "
        f"{_names(o.assigned) if o.assigned else 'không ai'}."),
    "card_contributed": lambda o: (
        f"{o.player if o.player is not None else 'Ai đó (không thấy là ai)'} góp một lá vào "
        f"{_mission(o)}"
        + (" bằng kỹ năng của Salvatore" if o.skill else "")
        + (f"; còn thiếu {o.needed} lá." if o.needed else ".")),
    "mission_full": lambda o: f"{_mission(o)} đã đủ: có thể lật bài.",
    "mission_revealed": lambda o: (
        f"{_mission(o)} lật bài: {' '.join(f'{v:+d}' for v in o.cards)} = ${o.total} / "
        f"${o.value}: " + ("thành công cho mafia" if o.success
                           else "thất bại: cảnh sát đã phá hoại") + f". {_tally(o)}"),
    "mission_adjusted": lambda o: (
        f"{o.player} (Vincenzo) đổi {_mission(o)} {o.delta:+d}: ${o.total} / ${o.value}, "
        + ("giờ là " if o.changed else "vẫn là ")
        + ("thành công" if o.success else "thất bại") + f". {_tally(o)}"),
    "mission_aborted": lambda o: (
        f"{o.player} hủy {_mission(o)}: bỏ {o.discarded} lá; không tính cho phe nào."),
    "character_assigned": lambda o: f"{o.player} tham gia {_mission(o)}.",
    "character_released": lambda o: f"{o.player} rời {_mission(o)}.",
    "cop_revealed": lambda o: f"{o.player} lộ diện là cảnh sát.",
    "omerta_started": lambda o: (
        f"Omertà: {o.player} yêu cầu im lặng cho đến khi lượt quay lại họ."),
    "omerta_ended": lambda o: f"Omertà kết thúc: lượt đã quay lại {o.player}.",
    "omerta_broken": lambda o: (
        f"{o.by or 'Có người'} đã nói trong Omertà: sự im lặng bị phá vỡ."),
    "turn_passed": lambda o: f"Lượt của {o.player}.",
    "side_won": lambda o: (
        f"Phe {term('vi', o.side)} thắng: " + ("hoàn thành bốn nhiệm vụ" if o.side == "mobsters"
                                             else "phá hoại bốn nhiệm vụ") + f". {_tally(o)}"),
}


def _check(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def t(lang: str, key: str, **fields: Any) -> str:
    """The message ``key`` in ``lang`` with its fields filled in."""
    return MESSAGES[key][_check(lang)].format(**fields)


def problem_words(problem: Any, lang: str) -> str:
    """A vision ``Problem``, a ``CalibrationError`` or a calibration ``Note`` in ``lang``: its
    own English, or its code's wording here (a field that is one of them said too)."""
    if _check(lang) == "en":
        return str(problem)
    fields = {name: problem_words(value, lang) if getattr(value, "code", None) in _PROBLEMS
              else value for name, value in problem.fields.items()}
    return _PROBLEMS[problem.code].format(**fields)


# (each code with one wording: tests/calibration/test_calibration_words.py)
_PROBLEMS = {**SOURCE_PROBLEMS, **CALIBRATION_PROBLEMS, **CALIBRATION_NOTES}


def term(lang: str, value: Any) -> str:
    """A game term (item, animal, colour, side) in ``lang``; other values as they are."""
    entry = TERMS.get(value) if isinstance(value, str) else None
    return entry[_check(lang)] if entry else str(value)


def announce(outcome: Any, lang: str) -> str:
    """An outcome said in ``lang``: from its type and fields, never from its English text."""
    if _check(lang) == "en":
        return outcome.text()
    return OUTCOMES[outcome.kind](outcome)


def puma_turn(lang: str, phase: str, player: str | None) -> str:
    """Whose turn it is in Pumafiosi: a place with no player named is the winner's of a
    round with an unseen play (the place will say who won)."""
    key = "place_open" if phase == "place" and player is None else phase
    return t(lang, f"puma.phase.{key}", player=player)


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
                              else MOVE_SENTENCES["nobody"][_check(lang)])
    said = MOVE_SENTENCES[key][_check(lang)].format(**fields)
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
    "abort": {"en": "{player} aborts the mission in slot {slot}",
              "vi": "{player} hủy nhiệm vụ ở ô {slot}"},
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


def move_word(lang: str, word: str) -> str:
    entry = MOVE_WORDS.get(word)
    return entry[_check(lang)] if entry else word.replace("_", " ")


def _value_words(lang: str, value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_value_words(lang, v) for v in value)
    if isinstance(value, Mapping):
        return " ".join(_value_words(lang, v) for v in value.values())
    return term(lang, value)


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
    "abort": {"en": "abort", "vi": "hủy"},
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
