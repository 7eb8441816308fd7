"""The one way in for the numbers, files and text a person gives the companion: command
arguments, typed moves, deck files, session files and recordings are all read through
these helpers, so each mistake gets the same kind of answer everywhere.

- Numbers are written in ASCII digits (``int()`` would take "٣" and ``str.isdigit()``
  takes "²", which ``int()`` refuses), are finite and are checked against their range
  before anything is sized by them.
- A file to read is a regular file (a FIFO would be waited on for ever, a folder is not a
  file), no larger than its kind ever is, in a stated encoding.
- Text that will be shown holds no control characters (a terminal obeys them), and text
  echoed in a message is shown with them escaped.

A mistake is an :class:`InputError`: one line saying what is wrong and what to do, and
where when the reader knows it (a file, file:line); the caller adds the rest (the
argument, the typed word). Stdlib only, not even pathlib: the command line's ``--help``
imports this module, and vision/ reads its files through it.
"""

from __future__ import annotations

import codecs
import math
import os
import re
import stat
import unicodedata

# Longer numbers are no count, size or time the companion could use (and int() of
# thousands of digits costs time or is refused).
MAX_DIGITS = 15
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_DIMENSIONS = re.compile(r"\s*([^xX*]+?)\s*[xX*]\s*([^xX*]+?)\s*")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class InputError(Exception):
    """What is wrong with a value a person gave, and what to do (``reason``), and where
    (``where``: a file, file:line, an option; None when the caller says it): one line.
    A file that cannot be read at all also has the system's ``cause`` ("no such file")."""

    def __init__(self, reason: str, where: str | os.PathLike | None = None,
                 cause: str | None = None):
        self.reason, self.where = reason, None if where is None else str(where)
        self.cause = cause
        super().__init__(reason if where is None else f"{where}: {reason}")


# --- numbers ------------------------------------------------------------------------

def whole_number(text: str) -> int | None:
    """``text`` as a whole number written in ASCII digits (an optional sign), else None.

    >>> whole_number("-3"), whole_number("²"), whole_number("٣"), whole_number("1_0")
    (-3, None, None, None)
    """
    if not _WHOLE.fullmatch(text) or len(text.lstrip("+-")) > MAX_DIGITS:
        return None
    return int(text)


def decimal_number(text: str) -> float | None:
    """``text`` as a finite number in ASCII digits ("2", "0.5", "1e3"), else None.

    >>> [decimal_number(text) for text in ("0.5", "inf", "1e999", "٣")]
    [0.5, None, None, None]
    """
    if not _DECIMAL.fullmatch(text) or len(text) > 40:
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def whole(text: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (either bound may be open)."""
    value = whole_number(text.strip())
    if value is None or not _within(value, low, high):
        what = _range("a whole number", low, high) + ", written in digits 0-9" \
            if (low, high) != (None, None) else \
            f"a whole number written in digits 0-9 (at most {MAX_DIGITS} digits)"
        raise InputError(f"give {what}")
    return value


def decimal(text: str, low: float | None = None, high: float | None = None,
            above: float | None = None) -> float:
    """A finite number from ``low`` (or more than ``above``) to ``high``."""
    value = decimal_number(text.strip())
    if value is None or not _within(value, low, high) or (above is not None
                                                           and not value > above):
        if above is None:
            what = _range("a number", low, high)
        else:
            what = f"a number more than {above:g}" + ("" if high is None else
                                                      f" and at most {high:g}")
        raise InputError(f"give {what}, written in digits 0-9 (e.g. 2 or 0.5)")
    return value


def dimensions(text: str, example: str, low: float = 0, high: float | None = None,
               whole_numbers: bool = False) -> tuple[float, float]:
    """``WxH`` (``800x600``, ``9 x 6``): two numbers more than ``low``, at most ``high``."""
    found = _DIMENSIONS.fullmatch(text)
    read = whole_number if whole_numbers else decimal_number
    values = [read(part) for part in found.groups()] if found else [None]
    if None in values or not all(v > low and (high is None or v <= high) for v in values):
        kind = "whole numbers" if whole_numbers else "numbers"
        limit = f" from {low + 1:g} to {high:g}" if whole_numbers and high is not None else \
            f" more than {low:g}" + (f" and at most {high:g}" if high is not None else "")
        raise InputError(f"give two {kind}{limit} joined by x, e.g. {example}")
    return values[0], values[1]


def _within(value: float, low: float | None, high: float | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _range(what: str, low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"{what} from {low:g} to {high:g}"
    if low is not None:
        return f"{what}, {low:g} or more"
    if high is not None:
        return f"{what}, at most {high:g}"
    return what


# --- text ---------------------------------------------------------------------------

def is_control(char: str) -> bool:
    """A character a terminal acts on, or that reorders or breaks a line: C0 and C1
    controls, DEL, line and paragraph separators, bidirectional overrides and isolates,
    and lone surrogates (bytes that were not UTF-8 in a command line or a file name)."""
    category = unicodedata.category(char)
    return category in ("Cc", "Cs", "Zl", "Zp") or char in _BIDI


def control_character(text: str) -> str | None:
    """The first character of ``text`` a terminal would act on, as it is written in
    Python ("\\x1b"), or None."""
    for char in text:
        if is_control(char):
            return _escape(char)
    return None


def shown(text: str, limit: int = 60) -> str:
    """``text`` safe to echo in a one-line message: control characters escaped, quoted
    when it has spaces or is empty, cut to ``limit`` characters.

    >>> print(shown("\\x1b[2JEvil"), shown("Ann Lee"), shown(""))
    \\x1b[2JEvil 'Ann Lee' ''
    """
    safe = escaped(text)
    if len(safe) > limit:
        safe = safe[:limit - 3] + "..."
    return f"'{safe}'" if not safe or " " in safe else safe


def escaped(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x1b``)."""
    return "".join(_escape(c) if is_control(c) else c for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


# --- files --------------------------------------------------------------------------

def regular_file(path: str | os.PathLike, what: str) -> str | os.PathLike:
    """``path`` if it is a regular file (or a link to one); InputError otherwise, saying
    what it is instead (nothing, a folder, a FIFO or a device would be read for ever)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise _unreadable(path, what, "no such file") from None
    except (OSError, ValueError) as exc:   # (ValueError: a NUL in the name)
        raise _unreadable(path, what, _why(exc)) from None
    if not stat.S_ISREG(mode):
        raise InputError(f"{_kind(mode)}, not a {what}; give the {what} itself", path)
    return path


def not_regular(path: str | os.PathLike) -> bool:
    """Whether ``path`` exists but is no regular file (a folder, a FIFO, a device): what
    a reader that expects a file must not open."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_bytes(path: str | os.PathLike, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, refused beyond ``limit`` bytes (before
    they are read). The file is opened without waiting, so a FIFO put in its place
    after a check is refused too."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise _unreadable(path, what, "no such file") from None
    except (OSError, ValueError) as exc:   # (ValueError: a NUL in the name)
        raise _unreadable(path, what, _why(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{_kind(info.st_mode)}, not a {what}; give the {what} itself",
                             path)
        if info.st_size > limit:
            raise InputError(f"{info.st_size:,} bytes is too large for a {what} (at most "
                             f"{limit:,}); is it the right file?", path)
        chunks, size = [], 0
        while size <= limit:   # (a file that grows while read is still cut at the limit)
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)[:limit]
    except OSError as exc:
        raise _unreadable(path, what, _why(exc)) from None
    finally:
        os.close(fd)


def decoded(data: bytes, path: str | os.PathLike, what: str, encoding: str = "utf-8") -> str:
    """``data`` (the file ``path``) as text; a file in another encoding, or no text at
    all, is named with the line of its first bad byte."""
    for bom, name in ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
                      (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16")):
        if data.startswith(bom) and encoding != name.lower():
            raise InputError(f"the {what} is saved as {name}; save it as "
                             f"{encoding.upper()} text", path)
    try:
        return data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputError(f"not {encoding.upper()} text (byte 0x{data[exc.start]:02x}): is "
                         f"it a {what}?", f"{path}:{line}") from None


def read_text(path: str | os.PathLike, what: str, limit: int, encoding: str = "utf-8") -> str:
    """The text of the regular file ``path`` (see :func:`read_bytes`, :func:`decoded`)."""
    return decoded(read_bytes(path, what, limit), path, what, encoding)


def _unreadable(path: str | os.PathLike, what: str, cause: str) -> InputError:
    return InputError(f"cannot read the {what}: {cause}", path, cause)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a pipe that would be waited on for ever)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _why(exc: OSError | ValueError) -> str:
    return getattr(exc, "strerror", None) or str(exc)
