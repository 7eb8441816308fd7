"""What calibration/ refuses (calibration.types.CalibrationError) and tells as it goes
(calibration.types.Note), English and Vietnamese side by side, by code: ``str.format``
templates of the fields. A reason from the OS or the JSON decoder stays as it came, inside
the sentence; ``place`` is the file and line ("table.json:6"). A note's field may be a Note
itself, said in the same language.

They sit in calibration/, not in the companion's message catalogue (companion.messages,
which says them in the table's language), because calibration knows no companion: a
refusal or a note is worded in English here, where it is made.
"""

REFUSALS: dict[str, dict[str, str]] = {
    # the calibration file
    "calibration_unwritable": {
        "en": "{path}: cannot write the calibration: {reason}",
        "vi": "{path}: không ghi được bản hiệu chỉnh: {reason}"},
    "calibration_unreadable": {
        "en": "{path}: cannot read the calibration file: {reason}",
        "vi": "{path}: không đọc được tệp hiệu chỉnh: {reason}"},
    "calibration_not_text": {
        "en": "{path}: not a calibration file (it is not text: a picture or another kind of "
              "file?); give the file companion calibrate saved",
        "vi": "{path}: không phải tệp hiệu chỉnh (không phải văn bản: một ảnh hay một loại tệp "
              "khác?); hãy đưa tệp mà companion calibrate đã lưu"},
    "not_json": {
        "en": "{place}: not valid JSON ({reason}); run companion calibrate again or fix the file",
        "vi": "{place}: không phải JSON hợp lệ ({reason}); hãy chạy lại companion calibrate "
              "hoặc sửa tệp"},
    "not_object": {
        "en": "{place}: a calibration file holds one JSON object {{...}}; run companion "
              "calibrate again",
        "vi": "{place}: tệp hiệu chỉnh chứa một đối tượng JSON {{...}}; hãy chạy lại companion "
              "calibrate"},
    "other_version": {
        "en": '{place}: "format": "{found}" is another version of the calibration file than '
              'this companion reads ("{format}"); run companion calibrate again',
        "vi": '{place}: "format": "{found}" là một phiên bản tệp hiệu chỉnh khác với bản '
              'companion này đọc ("{format}"); hãy chạy lại companion calibrate'},
    "not_calibration": {
        "en": '{place}: not a calibration file (it needs "format": "{format}"); make one with '
              "companion calibrate",
        "vi": '{place}: không phải tệp hiệu chỉnh (cần "format": "{format}"); hãy tạo một tệp '
              "bằng companion calibrate"},
    "unknown_entry": {
        "en": '{place}: unknown entry "{key}": remove it (known: {known})',
        "vi": '{place}: mục "{key}" không có trong tệp hiệu chỉnh: hãy xóa nó (các mục: {known})'},
    "size_not_whole": {
        "en": "{place}: image_size must be [width, height] in whole pixels",
        "vi": "{place}: image_size phải là [rộng, cao] tính bằng số điểm ảnh nguyên"},
    "map_singular": {
        "en": "{place}: image_to_table cannot be inverted; run companion calibrate again",
        "vi": "{place}: image_to_table không nghịch đảo được; hãy chạy lại companion calibrate"},
    "not_number": {
        "en": '{place}: "{key}" must be a number, not {value}; run companion calibrate again',
        "vi": '{place}: "{key}" phải là một số, không phải {value}; hãy chạy lại companion '
              "calibrate"},
    "not_numbers": {
        "en": '{place}: "{key}" must be a list of {count} numbers, not {value}; run companion '
              "calibrate again",
        "vi": '{place}: "{key}" phải là một danh sách {count} số, không phải {value}; hãy chạy '
              "lại companion calibrate"},
    "not_positive_numbers": {
        "en": '{place}: "{key}" must be a list of {count} positive numbers, not {value}; run '
              "companion calibrate again",
        "vi": '{place}: "{key}" phải là một danh sách {count} số dương, không phải {value}; hãy '
              "chạy lại companion calibrate"},
    "not_matrix": {
        "en": '{place}: "{key}" must be a 3x3 matrix (three rows of three numbers); run '
              "companion calibrate again",
        "vi": '{place}: "{key}" phải là một ma trận 3x3 (ba hàng, mỗi hàng ba số); hãy chạy lại '
              "companion calibrate"},
    "not_list": {
        "en": '{place}: "{key}" must be a list of {{...}} entries',
        "vi": '{place}: "{key}" phải là một danh sách các mục {{...}}'},
    "not_entry": {
        "en": '{place}: each of "{key}" must be a {{...}} entry',
        "vi": '{place}: mỗi phần tử của "{key}" phải là một mục {{...}}'},
    "bad_seat": {
        "en": '{place}: "seat" must be a seat number from 1 to 8, not {value}',
        "vi": '{place}: "seat" phải là số ghế từ 1 đến 8, không phải {value}'},
    "seat_twice": {
        "en": "{place}: seat {seat} is given twice: keep one",
        "vi": "{place}: ghế {seat} được ghi hai lần: hãy giữ một"},
    "bad_anchor": {
        "en": '{place}: anchor name {value} is not one of "step:V" (V in {steps}), "pungi" or '
              '"mission:K"',
        "vi": '{place}: tên mốc {value} không phải "step:V" (V là {steps}), "pungi" hay '
              '"mission:K"'},
    "anchor_twice": {
        "en": '{place}: anchor "{name}" is given twice: keep one',
        "vi": '{place}: mốc "{name}" được ghi hai lần: hãy giữ một'},
    "bad_lens": {
        "en": '{place}: "lens" must be null or {{"camera_matrix": ..., "distortion": ..., '
              '"rms_px": ...}}',
        "vi": '{place}: "lens" phải là null hoặc {{"camera_matrix": ..., "distortion": ..., '
              '"rms_px": ...}}'},
    "bad_distortion": {
        "en": '{place}: "distortion" must be the 4, 5, 8, 12 or 14 OpenCV distortion '
              "coefficients",
        "vi": '{place}: "distortion" phải là 4, 5, 8, 12 hoặc 14 hệ số méo của OpenCV'},
    "lens_singular": {
        "en": "{place}: the lens camera_matrix cannot be inverted; run companion calibrate again",
        "vi": "{place}: camera_matrix của ống kính không nghịch đảo được; hãy chạy lại "
              "companion calibrate"},
    "bad_options": {
        "en": '{place}: "options" must be {{"steps_side": ..., "arrow": ..., "layout_places": '
              "...}}",
        "vi": '{place}: "options" phải là {{"steps_side": ..., "arrow": ..., "layout_places": '
              "...}}"},
    "unknown_option": {
        "en": '{place}: unknown option "{option}": the options are steps_side, arrow and '
              "layout_places",
        "vi": '{place}: không có tùy chọn "{option}": các tùy chọn là steps_side, arrow và '
              "layout_places"},
    "bad_steps_side": {
        "en": '{place}: "steps_side" must be "auto", "left" or "right", not {value}',
        "vi": '{place}: "steps_side" phải là "auto", "left" hoặc "right", không phải {value}'},
    "bad_arrow": {
        "en": '{place}: "arrow" must be "auto" or the direction of the pungi arrow in degrees '
              "(0 = +x, 90 = away from the camera), not {value}",
        "vi": '{place}: "arrow" phải là "auto" hoặc hướng mũi tên của lá pungi tính bằng độ (0 '
              "= +x, 90 = xa camera), không phải {value}"},
    "bad_layout_places": {
        "en": '{place}: "layout_places" must be null (one per player) or a whole number from 1 '
              "to 12, not {value}",
        "vi": '{place}: "layout_places" phải là null (mỗi người chơi một chỗ) hoặc một số nguyên '
              "từ 1 đến 12, không phải {value}"},
    # the corners and the table's geometry
    "corners_not_flat": {
        "en": "the corner markers do not fit one flat table: check that all four lie flat at "
              "the table's corners",
        "vi": "các mốc góc không khớp với một mặt bàn phẳng: hãy kiểm tra cả bốn nằm phẳng ở "
              "các góc bàn"},
    "reprojection_high": {
        "en": "reprojection error {rms:.1f} mm is too high (limit {limit:.1f} mm), worst at "
              "corner {corner}: check that the corner markers are printed at {marker:g} mm, lie "
              "flat with their centres on the table's corners, and that the table size is "
              "right; a wide-angle lens that bends straight lines needs a lens calibration "
              "(--chessboard)",
        "vi": "sai số chiếu lại {rms:.1f} mm quá cao (giới hạn {limit:.1f} mm), lớn nhất ở góc "
              "{corner}: hãy kiểm tra các mốc góc được in cỡ {marker:g} mm, nằm phẳng với tâm ở "
              "đúng góc bàn, và kích thước bàn đúng; ống kính góc rộng làm cong đường thẳng cần "
              "hiệu chỉnh ống kính (--chessboard)"},
    "too_oblique": {
        "en": "camera too oblique: the far side of the table is seen {angle:.0f} degrees from "
              "straight down (limit {limit:.0f}): raise the camera or tilt it further down",
        "vi": "camera quá nghiêng: phía xa của bàn được nhìn lệch {angle:.0f} độ so với nhìn "
              "thẳng xuống (giới hạn {limit:.0f}): hãy nâng camera lên hoặc chúc nó xuống thêm"},
    "corner_seen_twice_at": {
        "en": "corner {corner} seen twice (at pixels {first} and {second}): keep one corner "
              "{corner} marker on the table",
        "vi": "thấy góc {corner} hai lần (ở điểm ảnh {first} và {second}): chỉ để một mốc góc "
              "{corner} trên bàn"},
    "corner_seen_twice": {
        "en": "corner {corner} seen twice: keep one corner {corner} marker on the table",
        "vi": "thấy góc {corner} hai lần: chỉ để một mốc góc {corner} trên bàn"},
    "corner_not_seen": {
        "en": "corner {corners} not seen: move it into view",
        "vi": "chưa thấy góc {corners}: hãy đưa nó vào khung hình"},
    "corners_not_seen": {
        "en": "corners {corners} not seen: move them into view",
        "vi": "chưa thấy các góc {corners}: hãy đưa chúng vào khung hình"},
    "corners_same_place": {
        "en": "corners {first} and {second} are at the same place in the image: put each corner "
              "marker on its own corner of the table",
        "vi": "góc {first} và {second} ở cùng một chỗ trong ảnh: hãy đặt mỗi mốc góc ở một góc "
              "bàn riêng"},
    "corners_in_line": {
        "en": "corners {corners} and {last} lie on one line: put the four corner markers on the "
              "four corners of the table",
        "vi": "các góc {corners} và {last} nằm trên một đường thẳng: hãy đặt bốn mốc góc ở bốn "
              "góc bàn"},
    "corners_out_of_order": {
        "en": "the corner markers are out of order: corners 1, 2, 3, 4 must go clockwise around "
              "the table (seen from above), corner 1 nearest you on the left",
        "vi": "các mốc góc sai thứ tự: góc 1, 2, 3, 4 phải đi theo chiều kim đồng hồ quanh bàn "
              "(nhìn từ trên xuống), góc 1 gần bạn nhất ở bên trái"},
    "corners_turned": {
        "en": "the table size cannot be measured from corner markers turned 45 degrees: turn "
              "them square to the table edges or give the table size (--table WIDTHxDEPTH)",
        "vi": "không đo được kích thước bàn từ các mốc góc xoay 45 độ: hãy xoay chúng vuông với "
              "mép bàn hoặc cho kích thước bàn (--table RỘNGxSÂU)"},
    "size_unmeasured": {
        "en": "the table size cannot be measured from the corner markers: give it (--table "
              "WIDTHxDEPTH, in millimetres)",
        "vi": "không đo được kích thước bàn từ các mốc góc: hãy cho kích thước bàn (--table "
              "RỘNGxSÂU, tính bằng milimét)"},
    "no_corner_pieces": {
        "en": "no corner markers in the piece catalogue: the table kit deck (kit.toml) must "
              "list corners 1-4",
        "vi": "danh mục quân không có mốc góc nào: bộ bài của bàn (kit.toml) phải có các góc 1-4"},
    "held_out_far": {
        "en": "the markers do not fit one flat table: a piece left out of the fit lands "
              "{off:.0f} mm from where the others put it, {sigmas:.1f} times what its markers' "
              "noise explains (limits {limit:.0f} mm and {most:g} times, or {any:.0f} mm): "
              "check that every marker lies flat and is printed at its size, or calibrate the "
              "lens with --chessboard",
        "vi": "các mốc không khớp với một mặt bàn phẳng: một quân để ra ngoài phép khớp nằm "
              "cách {off:.0f} mm so với chỗ các quân khác đặt nó, gấp {sigmas:.1f} lần mức "
              "nhiễu của các mốc của nó giải thích được (giới hạn {limit:.0f} mm và {most:g} "
              "lần, hoặc {any:.0f} mm): hãy kiểm tra mọi mốc đều nằm phẳng và được in đúng cỡ, "
              "hoặc hiệu chỉnh ống kính bằng --chessboard"},
    # the seats
    "seat_unregistered": {
        "en": "seat {seat} not registered: place seat marker {seat} (or any card) in front of "
              "player {seat}",
        "vi": "chưa ghi nhận ghế {seat}: hãy đặt mốc ghế {seat} (hoặc một lá bài bất kỳ) trước "
              "người chơi {seat}"},
    "too_few_seats": {
        "en": "{count} seats registered: place a seat marker (or any card) in front of each "
              "player, at least {least}",
        "vi": "mới ghi nhận {count} ghế: hãy đặt một mốc ghế (hoặc một lá bài bất kỳ) trước mỗi "
              "người chơi, ít nhất {least} ghế"},
    "one_seat": {
        "en": "{count} seat registered: place a seat marker (or any card) in front of each "
              "player, at least {least}",
        "vi": "mới ghi nhận {count} ghế: hãy đặt một mốc ghế (hoặc một lá bài bất kỳ) trước mỗi "
              "người chơi, ít nhất {least} ghế"},
    "seats_extra": {
        "en": "{seats} seats registered for {players} players: take seat marker {seat} off the "
              "table or give --players {most}",
        "vi": "ghi nhận {seats} ghế cho {players} người chơi: hãy lấy mốc ghế {seat} khỏi bàn "
              "hoặc cho --players {most}"},
    "seat_cards_extra": {
        "en": "{seats} seats registered for {players} players: take seat {seat} off the table "
              "or give --players {most}",
        "vi": "ghi nhận {seats} ghế cho {players} người chơi: hãy lấy lá bài ở ghế {seat} khỏi "
              "bàn hoặc cho --players {most}"},
    "seats_overlap": {
        "en": "seats {first} and {second} overlap ({gap:.0f} mm apart, need {need:.0f}): put "
              "each seat marker in front of its own player",
        "vi": "ghế {first} và {second} chồng lên nhau (cách {gap:.0f} mm, cần {need:.0f}): hãy "
              "đặt mỗi mốc ghế trước người chơi của nó"},
    # the lens
    "chessboard_sizes": {
        "en": "chessboard image {image} is {size}, the first was {first}: take every view with "
              "the same camera resolution",
        "vi": "ảnh bàn cờ thứ {image} cỡ {size}, ảnh đầu tiên cỡ {first}: hãy chụp mọi ảnh với "
              "cùng độ phân giải camera"},
    "chessboard_unseen": {
        "en": "the chessboard ({pattern} inner corners) was found in {found} of {images} "
              "images; need at least {least}: show the whole board, flat and sharp, at several "
              "tilts",
        "vi": "tìm thấy bàn cờ ({pattern} góc trong) trong {found} trên {images} ảnh; cần ít "
              "nhất {least}: hãy cho thấy cả bàn cờ, phẳng và rõ nét, ở nhiều độ nghiêng"},
    "lens_fit_poor": {
        "en": "the lens fit is poor (reprojection error {rms:.2f} px, limit {limit}): use "
              "sharper views of a flat board",
        "vi": "khớp ống kính kém (sai số chiếu lại {rms:.2f} px, giới hạn {limit}): hãy dùng "
              "ảnh rõ nét hơn của một bàn cờ phẳng"},
    "lens_fit_corners": {
        "en": "the lens fit needs all four corner markers, once each",
        "vi": "khớp ống kính cần cả bốn mốc góc, mỗi mốc một lần"},
}

NOTES: dict[str, dict[str, str]] = {
    "seat_registered": {
        "en": "seat {seat} registered",
        "vi": "đã ghi nhận ghế {seat}"},
    "seat_card_registered": {
        "en": "seat {seat} registered (a card)",
        "vi": "đã ghi nhận ghế {seat} (một lá bài)"},
    "corner_seen": {
        "en": "corner {corner} seen",
        "vi": "đã thấy góc {corner}"},
    "corner_seen_again": {
        "en": "corner {corner} seen (the second one is gone)",
        "vi": "đã thấy góc {corner} (mốc thứ hai đã được lấy đi)"},
    "corners_fitted": {
        "en": "all 4 corners seen, reprojection error {rms:.1f} mm",
        "vi": "đã thấy cả 4 góc, sai số chiếu lại {rms:.1f} mm"},
    "corners_rough": {
        "en": "all 4 corners seen, fitting the table only roughly: the lens and the table are "
              "fitted from all the markers when the table is ready",
        "vi": "đã thấy cả 4 góc, bàn mới được khớp gần đúng: ống kính và bàn sẽ được khớp từ "
              "mọi mốc khi bàn đã sẵn sàng"},
    "lens_fitted": {
        "en": "lens fitted from the {pieces} pieces' markers: k1 {k1:+.3f}, k2 {k2:+.3f} at a "
              "70-degree view, marker corners within {residual:.2f} px (rms)",
        "vi": "đã khớp ống kính từ mốc của {pieces} quân: k1 {k1:+.3f}, k2 {k2:+.3f} ở góc nhìn "
              "70 độ, góc các mốc lệch trong khoảng {residual:.2f} px (rms)"},
    "table_map": {
        "en": "table map: reprojection error {rms:.1f} mm over the 16 corner points, the far "
              "side seen {angle:.0f} degrees from straight down",
        "vi": "bản đồ bàn: sai số chiếu lại {rms:.1f} mm trên 16 điểm góc, phía xa được nhìn "
              "lệch {angle:.0f} độ so với nhìn thẳng xuống"},
    "table_measured": {
        "en": "table measured from the markers: {width:.0f} x {depth:.0f} mm (good to about "
              "{good:.1f}%; measure it and give --table for millimetres)",
        "vi": "đã đo bàn từ các mốc: {width:.0f} x {depth:.0f} mm (chính xác khoảng "
              "{good:.1f}%; hãy đo bàn và cho --table để có số milimét)"},
    "table_measured_corners": {
        "en": "table measured from the corner markers: {width:.0f} x {depth:.0f} mm (good to "
              "about 2%; measure it and give --table for millimetres)",
        "vi": "đã đo bàn từ các mốc góc: {width:.0f} x {depth:.0f} mm (chính xác khoảng 2%; hãy "
              "đo bàn và cho --table để có số milimét)"},
    "placement_error": {
        "en": "placement error up to about {error:.0f} mm: each of the {pieces} pieces placed "
              "by a fit made without it (worst {worst:.1f} mm)",
        "vi": "sai số đặt lá tối đa khoảng {error:.0f} mm: mỗi quân trong {pieces} quân được "
              "đặt bằng một phép khớp không có nó (lệch nhất {worst:.1f} mm)"},
    "placement_error_scale": {
        "en": "placement error up to about {error:.0f} mm: each of the {pieces} pieces placed "
              "by a fit made without it (worst {worst:.1f} mm), plus {scale:.1f}% of scale the "
              "marker corners allow",
        "vi": "sai số đặt lá tối đa khoảng {error:.0f} mm: mỗi quân trong {pieces} quân được "
              "đặt bằng một phép khớp không có nó (lệch nhất {worst:.1f} mm), cộng {scale:.1f}% "
              "tỉ lệ mà góc các mốc cho phép"},
    "anchors_found": {
        "en": "anchors: {names}",
        "vi": "các mốc của trò chơi: {names}"},
    "pungi_arrow": {
        "en": "pungi arrow: the layout row runs towards the card beside the pungi card "
              "({arrow:.0f} degrees)",
        "vi": "mũi tên pungi: hàng bài chạy về phía lá bài cạnh lá pungi ({arrow:.0f} độ)"},
    "card_markers_small": {
        "en": "warning: card markers ({mm:g} mm) will be under {px:.0f} px wide at "
              "{where}{more}, too small to read reliably: {advice}",
        "vi": "cảnh báo: mốc của lá bài ({mm:g} mm) sẽ nhỏ hơn {px:.0f} px ở {where}{more}, quá "
              "nhỏ để đọc chắc chắn: {advice}"},
    "token_markers_small": {
        "en": "warning: token markers ({mm:g} mm) will be under {px:.0f} px wide at "
              "{where}{more}, too small to read reliably: {advice}",
        "vi": "cảnh báo: mốc của token ({mm:g} mm) sẽ nhỏ hơn {px:.0f} px ở {where}{more}, quá "
              "nhỏ để đọc chắc chắn: {advice}"},
    "reads_expected": {
        "en": "expected at those {count} of {places} places: {low:.0%}-{high:.0%} of such "
              "markers read within their first frames, the rest read later or asked "
              "(measured on this project's footage: {measured}){options}",
        "vi": "dự kiến ở {count} trong {places} chỗ đó: {low:.0%}-{high:.0%} số mốc như vậy "
              "được đọc ngay trong vài khung hình đầu, số còn lại được đọc sau hoặc được hỏi (đo trên "
              "cảnh quay của dự án: {measured}){options}"},
    "reads_option": {
        "en": "; {change}: {px:.0f} px, {low:.0%}-{high:.0%}{more}",
        "vi": "; {change}: {px:.0f} px, {low:.0%}-{high:.0%}{more}"},
    "change_1080p": {
        "en": "at 1080p",
        "vi": "ở 1080p"},
    "change_stickers": {
        "en": "with {largest:g} mm stickers",
        "vi": "với nhãn mốc {largest:g} mm"},
    "change_both": {
        "en": "both",
        "vi": "cả hai"},
    "more_places": {
        "en": " and {count} more",
        "vi": " và {count} chỗ khác"},
    "advice_camera": {
        "en": "raise the camera or turn it more overhead{resolution}{larger}",
        "vi": "hãy nâng camera lên hoặc xoay nó nhìn thẳng xuống hơn{resolution}{larger}"},
    "advice_1080p": {
        "en": ", use 1080p (now {size})",
        "vi": ", dùng 1080p (hiện là {size})"},
    "advice_print_card": {
        "en": ", or print larger card stickers (marker_mm in the deck file, up to {largest:g} "
              "mm, then companion cards print)",
        "vi": ", hoặc in nhãn mốc lớn hơn (marker_mm trong tệp bộ bài, tối đa {largest:g} mm, "
              "rồi companion cards print)"},
    "advice_print_token": {
        "en": ", or print larger token stickers (marker_mm in the deck file, up to {largest:g} "
              "mm, then companion cards print)",
        "vi": ", hoặc in nhãn mốc lớn hơn (marker_mm trong tệp bộ bài, tối đa {largest:g} mm, "
              "rồi companion cards print)"},
}

WORDS = {**REFUSALS, **NOTES}
"""Every code's words (a refusal is told as a note too, when it still stops calibrating)."""
