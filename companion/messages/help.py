"""The key line and the help (F1, or "help" or "?" at the command line), made from each
parser's forms."""

MESSAGES: dict[str, dict[str, str]] = {
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
    "help.pungi.had": {"en": "the animal card of a player's play the camera did not read "
                             "(\"Bob's animal card in round 2 was not read\"): the journal "
                             "is rewritten with it",
                       "vi": "lá con vật của một người chơi mà camera không đọc được (\"lá "
                             "con vật của Bob ở vòng 2 không đọc được\"): nhật ký được viết "
                             "lại với lá đó"},
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
    "help.mafia.revealed": {"en": "the faces of a mission revealed where nobody read them "
                                  "(the table went on): each value and colour",
                            "vi": "các mặt của một nhiệm vụ đã lật mà không ai đọc được (bàn "
                                  "chơi đã đi tiếp): giá trị và màu của từng lá"},
    "help.mafia.abort": {"en": "a player aborts a mission with an abort card",
                         "vi": "một người chơi hủy nhiệm vụ bằng lá hủy"},
    "help.mafia.aborted": {"en": "the mission aborted where nobody saw whose abort card it "
                                 "was (the table went on) was aborted by this player",
                           "vi": "nhiệm vụ bị hủy mà không ai thấy lá hủy của ai (bàn chơi "
                                 "đã đi tiếp) là do người chơi này hủy"},
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
}
