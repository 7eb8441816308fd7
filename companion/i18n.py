"""The companion's words in the table's language: a front door onto the message catalogue
(companion.messages), where each message's English and Vietnamese stand side by side.

``t(lang, id, **fields)`` gives a screen word or sentence; ``announce(outcome, lang)`` says
an outcome in the chosen language from its type and fields (never by parsing its English
text); ``term()`` translates a game term (an item, an animal, a colour, a side).
"""

from __future__ import annotations

from typing import Any

from companion.messages import LANGS, MESSAGES, OUTCOMES, announce, puma_turn, t
from companion.messages.terms import MOVE_SENTENCES, MOVE_WORDS, PLACEHOLDERS, TERMS, \
    ZONE_WORDS, card_words, describe_move, move_word, names_words, snake_words, term, \
    usage_words, zone_words
from companion.messages.words import checked as _check

__all__ = ["LANGS", "MESSAGES", "MOVE_SENTENCES", "MOVE_WORDS", "OUTCOMES", "PLACEHOLDERS",
           "TERMS", "ZONE_WORDS", "announce", "card_words", "describe_move", "move_word",
           "names_words", "problem_words", "puma_turn", "snake_words", "t", "term",
           "usage_words", "zone_words"]


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
