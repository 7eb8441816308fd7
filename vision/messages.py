"""What vision's frame sources and image check report (vision.types.Problem), English and
Vietnamese side by side, by code: ``str.format`` templates of the problem's fields.

They sit in vision/, not in the companion's message catalogue (companion.messages, which
says them in the table's language), because vision knows no companion: a Problem is
worded in English here, where it is made.
"""

PROBLEMS: dict[str, dict[str, str]] = {
    "camera_unopened": {
        "en": "camera {index} cannot be opened: no such camera, or it is in use by another "
              "program (check the camera index, or give a video file or a folder of images "
              "instead)",
        "vi": "không mở được camera {index}: không có camera này, hoặc chương trình khác đang "
              "dùng nó (kiểm tra số của camera, hoặc dùng một tệp video hay một thư mục ảnh)"},
    "no_such_file": {
        "en": "{path}: no such file",
        "vi": "{path}: không có tệp này"},
    "folder_not_video": {
        "en": "{path}: is a folder, not a video (give it as a folder of images instead)",
        "vi": "{path}: là một thư mục, không phải video (hãy dùng nó như một thư mục ảnh)"},
    "file_unopened": {
        "en": "{path}: the file cannot be opened as a video (not a video, an unsupported "
              "format, or unreachable)",
        "vi": "{path}: không mở được tệp như một video (không phải video, định dạng không được "
              "hỗ trợ, hoặc không truy cập được)"},
    "stream_unopened": {
        "en": "{path}: the stream cannot be opened as a video (not a video, an unsupported "
              "format, or unreachable)",
        "vi": "{path}: không mở được luồng như một video (không phải video, định dạng không "
              "được hỗ trợ, hoặc không kết nối được)"},
    "video_cut_short": {
        "en": "{source}: the video ended after {read} of its {frames} frames (the file is "
              "truncated or corrupt)",
        "vi": "{source}: video dừng sau {read} trên {frames} khung hình (tệp bị cắt ngắn hoặc "
              "hỏng)"},
    "folder_no_images": {
        "en": "{path}: the folder holds no images ({suffixes})",
        "vi": "{path}: thư mục không có ảnh nào ({suffixes})"},
    "file_unreadable": {
        "en": "{path}: cannot be read ({reason})",
        "vi": "{path}: không đọc được ({reason})"},
    "image_unreadable": {
        "en": "{path}: not a readable image (empty, truncated or not an image format)",
        "vi": "{path}: không phải ảnh đọc được (trống, bị cắt ngắn hoặc không phải định dạng "
              "ảnh)"},
    "image_bomb": {
        "en": "{path}: its header claims an image too large to read (over {limit} megapixels)",
        "vi": "{path}: phần đầu tệp ghi một ảnh quá lớn để đọc (trên {limit} megapixel)"},
    "image_too_large": {
        "en": "{path}: its header claims {width}x{height} pixels, over the limit of {limit} "
              "megapixels: give a smaller image",
        "vi": "{path}: phần đầu tệp ghi {width}x{height} điểm ảnh, vượt giới hạn {limit} "
              "megapixel: hãy dùng ảnh nhỏ hơn"},
    "image_cut_short": {
        "en": "{path}: the {kind} file is cut short (truncated): copy or export it again",
        "vi": "{path}: tệp {kind} bị cắt ngắn: hãy sao chép hoặc xuất lại"},
    "not_a_file": {
        "en": "{path}: not a regular file (a FIFO, a device or a socket); give the picture or "
              "video file itself",
        "vi": "{path}: không phải một tệp thường (một FIFO, một thiết bị hoặc một socket): hãy "
              "đưa chính tệp ảnh hoặc video"},
}
