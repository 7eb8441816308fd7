"""Command-line options shared by the commands that listen (listen, timer, bench vad)."""

from __future__ import annotations

from companion.audio.voice_detector import SileroModel, VadSettings, VadUnavailable


def add_sensitivity(parser) -> None:
    from companion.command_args import number_arg

    parser.add_argument("--sensitivity", type=number_arg(), default=VadSettings().sensitivity,
                        metavar="0..1",
                        help="voice detector, 0 (only clear speech) .. 1 (any voice); "
                             "default %(default)s")


def vad_settings(sensitivity: float) -> VadSettings:
    """The detector's settings, or a one-line CommandError for a sensitivity out of range."""
    from companion.cli import CommandError

    if not 0.0 <= sensitivity <= 1.0:
        raise CommandError(f"--sensitivity must be between 0 and 1, not {sensitivity}")
    return VadSettings(sensitivity=sensitivity)


def voice_model(sensitivity: float) -> tuple[VadSettings, SileroModel]:
    """The detector's settings and model, or a one-line CommandError saying what is wrong."""
    from companion.cli import CommandError

    settings = vad_settings(sensitivity)
    try:
        return settings, SileroModel()
    except VadUnavailable as exc:
        raise CommandError(str(exc)) from exc
