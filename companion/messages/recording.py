"""A recording folder read back (companion.live.recording, companion demo and replay),
and companion calibrate and record: their refusals and results."""

MESSAGES: dict[str, dict[str, str]] = {
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
    # after the reads expected where card markers are small: what that means for a game
    "calibrate.game_moves": {"en": "in a whole {game} game of about {moves} moves ({source}), "
                                   "about {count} put a card at those places: up to {asked} of "
                                   "them may be asked instead of read (the reads above count "
                                   "only a card's first frames; one lying longer gets more "
                                   "looks){options}",
                             "vi": "trong một ván {game} trọn vẹn khoảng {moves} nước đi "
                                   "({source}), khoảng {count} nước đặt lá bài ở những chỗ đó: "
                                   "tối đa {asked} nước trong số đó có thể phải hỏi thay vì đọc "
                                   "được (tỉ lệ đọc ở trên chỉ tính vài khung hình đầu của lá "
                                   "bài; lá nằm lâu hơn được nhìn nhiều lần hơn){options}"},
    "calibrate.game_moves_none": {"en": "in a whole {game} game of about {moves} moves "
                                        "({source}), none puts a card at those places",
                                  "vi": "trong một ván {game} trọn vẹn khoảng {moves} nước đi "
                                        "({source}), không nước nào đặt lá bài ở những chỗ đó"},
    "calibrate.moves_option": {"en": "; {change}: up to {asked}",
                               "vi": "; {change}: tối đa {asked}"},
    "calibrate.moves_source": {"en": "{games} whole games of {players} players in the sessions "
                                     "that come with the companion",
                               "vi": "{games} ván trọn vẹn {players} người chơi trong các phiên "
                                     "chơi đi kèm companion"},
    "calibrate.moves_source_any": {"en": "{games} whole games in the sessions that come with the "
                                         "companion",
                                   "vi": "{games} ván trọn vẹn trong các phiên chơi đi kèm "
                                         "companion"},
    # a seat or a game's anchor cards the calibration lacks (calibrate, and record, play
    # --camera and replay as they start)
    "calibrate.unseen_seat": {"en": "warning: seat {seat} was not found (seats seen: {seen}): "
                                    "player {seat}'s cards cannot be read: each of their "
                                    "moves will be asked; move seat marker {seat} out of the "
                                    "glare / into view, or lay any card there, and calibrate "
                                    "again; or give --players N to have calibrate wait for it",
                              "vi": "cảnh báo: không tìm thấy ghế {seat} (các ghế đã thấy: "
                                    "{seen}): không đọc được bài của người chơi {seat}: mỗi "
                                    "nước đi của người đó sẽ được hỏi; hãy đưa mốc ghế {seat} "
                                    "ra khỏi chỗ chói sáng / vào tầm camera, hoặc đặt một lá "
                                    "bài bất kỳ ở đó, rồi hiệu chỉnh lại; hoặc cho --players N "
                                    "để lệnh hiệu chỉnh chờ ghế đó"},
    "calibrate.unseen_player_seat": {"en": "warning: seat {seat} ({player}) was not found at "
                                           "calibration: {player}'s cards cannot be read, each "
                                           "of their moves will be asked; calibrate again with "
                                           "seat marker {seat} in view",
                                     "vi": "cảnh báo: không tìm thấy ghế {seat} ({player}) khi "
                                           "hiệu chỉnh: không đọc được bài của {player}, mỗi "
                                           "nước đi của {player} sẽ được hỏi; hãy hiệu chỉnh lại "
                                           "với mốc ghế {seat} trong tầm camera"},
    "calibrate.unseen_pungi": {"en": "warning: the pungi card was not seen: the layout places "
                                     "are unknown, so no snake laid out can be read until the "
                                     "camera sees the pungi card; put the pungi card in view "
                                     "by the layout row, in good light, and calibrate again",
                               "vi": "cảnh báo: không thấy lá pungi: chưa biết các vị trí bày "
                                     "rắn, nên không đọc được lá rắn nào được bày cho đến khi "
                                     "camera thấy lá pungi; hãy đặt lá pungi trong tầm camera "
                                     "cạnh hàng bày rắn, đủ ánh sáng, rồi hiệu chỉnh lại"},
    "calibrate.unseen_step": {"en": "warning: hierarchy cards seen: {found} of the {cards}, "
                                     "but {needed} are needed to lay out the steps: the steps "
                                     "are unknown, so no card placed at a step can be read "
                                     "until the camera sees {needed} of them; lay the "
                                     "hierarchy cards out in view, in good light, and "
                                     "calibrate again",
                               "vi": "cảnh báo: số lá của Hệ thống Phân cấp được thấy: {found} "
                                     "trên {cards}, nhưng cần {needed} lá để bày các bậc: chưa "
                                     "biết các bậc, nên không đọc được lá nào đặt ở một bậc "
                                     "cho đến khi camera thấy {needed} lá trong số đó; hãy bày "
                                     "các lá của Hệ thống Phân cấp trong tầm camera, đủ ánh "
                                     "sáng, rồi hiệu chỉnh lại"},
    "record.out_exists": {"en": "{path}: already exists and is not an empty folder; give a new "
                                "folder for the recording",
                          "vi": "{path}: đã có và không phải thư mục trống; hãy cho một thư mục "
                                "mới cho bản ghi"},
    "calibrate.seconds": {"en": "--seconds {seconds:g}: give how long to watch the camera, more "
                                "than 0 seconds (e.g. 120)",
                          "vi": "--seconds {seconds:g}: hãy cho thời gian theo dõi camera, lớn "
                                "hơn 0 giây (ví dụ 120)"},
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
    "record.out_unmade": {"en": "{path}: cannot make the folder ({reason})",
                          "vi": "{path}: không tạo được thư mục ({reason})"},
    "recording.too_large": {"en": "{path}: {frames} frames of {width}x{height} is more than a "
                                  "recording holds (at most {most} frames, {side} pixels a "
                                  "side); is the manifest edited?",
                            "vi": "{path}: {frames} khung hình {width}x{height} là nhiều hơn "
                                  "một bản ghi có thể chứa (tối đa {most} khung hình, {side} "
                                  "điểm ảnh mỗi cạnh); tệp manifest có bị sửa không?"},
    "calibrate.no_frames_because": {"en": "no frames could be read: {reasons}",
                                    "vi": "không đọc được khung hình nào: {reasons}"},
    "record.unwritable": {"en": "{path}: cannot write the recording ({reason}); kept there: "
                                "the {moves} moves journalled in session.jsonl (companion "
                                "replay {path}/session.jsonl) and the frames written so far",
                          "vi": "{path}: không ghi được bản ghi ({reason}); đã giữ ở đó: "
                                "{moves} nước đi trong session.jsonl (companion replay "
                                "{path}/session.jsonl) và các khung hình đã ghi"},
}
