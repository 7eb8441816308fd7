"""The live path: what the camera, the tracker, the reconciler and the adapters tell the
table (as companion.said.said messages), and the zones they name."""

MESSAGES: dict[str, dict[str, str]] = {
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
    "live.which_missed": {"en": "the table shows a move nobody saw: {alternatives}? type the "
                                "one that happened",
                          "vi": "bàn cho thấy một nước đi không ai thấy: {alternatives}? hãy "
                                "gõ nước đã xảy ra"},
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
    "live.ask_unseen_animal": {"en": "{player}'s animal card in round {round} was not read: "
                                     "type it ({typed} had ANIMAL VALUE)",
                               "vi": "lá con vật của {player} ở vòng {round} không đọc được: "
                                     "gõ vào ({typed} had CON-VẬT GIÁ-TRỊ)"},
    "live.ask_layout": {"en": "the {count} snakes laid out? type them (layout CARD CARD ...), "
                             "or lay them out again",
                       "vi": "{count} lá rắn đã bày? gõ vào (layout LÁ LÁ ...), hoặc bày lại"},
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
    "live.place_lifted": {"en": "card {card} was lifted from step {step} again at once: "
                                "where it was placed is asked",
                          "vi": "lá {card} vừa đặt ở bậc {step} đã bị nhấc lên ngay: "
                                "sẽ hỏi lá đó được đặt ở đâu"},
    "live.animal_no_seat": {"en": "an animal card lies in {zone}, a seat with no player",
                            "vi": "một lá con vật nằm ở {zone}, chỗ không có người chơi"},
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
    "live.who_assigned_backup": {"en": "who is assigned to {mission}? A character came with a "
                                       "Backup card: type it (mission {slot} {ident} {names})",
                                 "vi": "ai được giao {mission}? Một lá nhân vật đến cùng lá "
                                       "Backup: gõ (mission {slot} {ident} {names})"},
    "live.whose_card": {"en": "whose card went to {mission} ({players})? type it (whose "
                              "{slot} NAME)",
                        "vi": "lá của ai đã vào {mission} ({players})? gõ vào (whose {slot} "
                              "TÊN)"},
    "live.named_faces": {"en": "{moves}, as the table shows (its faces read at last)",
                         "vi": "{moves}, như trên bàn (các mặt cuối cùng đã đọc được)"},
    "live.which_faces": {"en": "which cards did {mission} show when it was revealed ({cards} "
                               "cards, nobody read them)? type them (revealed {slot} 2b 4y ...)",
                         "vi": "{mission} đã lật những lá nào ({cards} lá, không ai đọc được)? "
                               "gõ vào (revealed {slot} 2b 4y ...)"},
    "live.too_many_faces": {"en": "{mission} shows {shown} cards, but it holds {cards}",
                            "vi": "{mission} có {shown} lá ngửa, nhưng nó chỉ giữ {cards} lá"},
    "live.who_omerta": {"en": "who played the Omertà? Type the move",
                        "vi": "ai đã chơi Omertà? Hãy gõ nước đi"},
    "live.mission_left": {"en": "{mission} left the table: who aborted it? Type the abort move, "
                               "or put it back",
                         "vi": "{mission} đã rời bàn: ai đã hủy nó? Gõ nước hủy, hoặc đặt nó "
                               "lại"},
    "live.who_aborted": {"en": "who aborted {mission} ({players})? type it (aborted {slot} "
                               "NAME)",
                         "vi": "ai đã hủy {mission} ({players})? gõ vào (aborted {slot} TÊN)"},
    "live.named_abort": {"en": "{moves}, as the table shows (the Abort card read at last)",
                         "vi": "{moves}, như trên bàn (lá Hủy cuối cùng đã đọc được)"},
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
}
