"""What the sound devices are, and failures in words: shared by the speaker and the mic."""

from __future__ import annotations

from companion.said import said


# PortAudio's common failures, in words a table can read in its own language; any
# other failure is shown as PortAudio words it (a device's own text).
KNOWN_FAILURES = (("Error querying device -1", "audio.no_device"),
                  ("PortAudio library not found", "audio.no_portaudio"),
                  ("Device unavailable", "audio.busy"),
                  ("Invalid number of channels", "audio.channels"),
                  ("Invalid sample rate", "audio.rate"))


def failure_reason(exc: Exception) -> str:
    """A PortAudio/sounddevice error's reason: a known one as a Said (shown in the table's
    language), else its first line, or its type when it says nothing.

    >>> failure_reason(OSError("Error querying device -1"))
    'no sound device found'
    """
    text = str(exc).strip()
    for start, key in KNOWN_FAILURES:
        if text.startswith(start):
            return said(key)
    return text.splitlines()[0] if text else type(exc).__name__


def list_devices() -> list[str]:
    """One line per device PortAudio sees, for choosing ``--device``; [] without PortAudio."""
    try:
        import sounddevice as sd
        devices = sd.query_devices()
    except Exception:  # OSError without PortAudio, PortAudioError without devices
        return []
    return [f"{i}: {d['name']} (in {d['max_input_channels']}, out {d['max_output_channels']})"
            for i, d in enumerate(devices)]
