"""Vision's and calibration's problems and notes in the table's language, said from their
code: a vision Problem, a calibration CalibrationError or Note. Their words stand in
vision/messages.py and calibration/messages.py, where they are made (those layers know no
companion), each code's English and Vietnamese side by side like the rest of the catalogue.
"""

from __future__ import annotations

from typing import Any

from calibration.messages import WORDS as CALIBRATION
from companion.messages.words import checked
from vision.messages import PROBLEMS as VISION

CODED = {**VISION, **CALIBRATION}
"""Every code vision and calibration word (tests/calibration/test_calibration_words.py:
no code is in both)."""


def problem_words(problem: Any, lang: str) -> str:
    """A vision ``Problem``, a ``CalibrationError`` or a calibration ``Note`` in ``lang``,
    from its code (a field that is one of them said too)."""
    fields = {name: problem_words(value, lang) if getattr(value, "code", None) in CODED
              else value for name, value in problem.fields.items()}
    return CODED[problem.code][checked(lang)].format(**fields)
