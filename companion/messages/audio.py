"""The sound stage: its warnings (shown, and spoken where the table listens) and what it
says aloud."""

MESSAGES: dict[str, dict[str, str]] = {
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
}
