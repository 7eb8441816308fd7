"""What the sound devices are, and failures in words: shared by the speaker and the mic."""

from __future__ import annotations


def failure_reason(exc: Exception) -> str:
    """The first line of a PortAudio/sounddevice error, or its type when it says nothing."""
    text = str(exc).strip()
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
