"""Where the commands write: checked before any work is done, never over a game.

:func:`check_output` refuses a folder, a missing folder, a name longer than the file
system allows, and an existing file of another kind than the one the command writes (a
journal, a recording's file, a calibration, a picture ...) unless the user said
``--overwrite``; a file of the command's own kind (last week's export, the table's old
calibration) is replaced as before. :func:`write_whole` writes a file whole or not at
all: a full disk or a file-size limit leaves the old file, or none, never half of one.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from companion.inputs import InputError, shown

# What a file holds, told by its first bytes (JSON files by their "format").
_FORMATS = {"companion-session/": "a game's journal", "companion-recording/": "a recording",
            "companion-calibration/": "a table calibration", "companion-cops/": "a cops file"}
_MAGIC = {b"%PDF": "pdf", b"\x89PNG": "image", b"\xff\xd8\xff": "image"}
_KINDS = {"pdf": "a PDF", "image": "a picture", "bgstats": "a BG Stats export"}
# The pictures OpenCV writes, by their name's ending (none: PNG, where a command says so).
PICTURES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", "")
def kind_of(path: Path) -> str:
    """What the existing file ``path`` holds, in words ("a game's journal", "a picture",
    "a file" when it cannot tell); any file in a recording's folder is "a recording"."""
    if (path.parent / "manifest.json").is_file() and _head(path.parent / "manifest.json") \
            .find(b"companion-recording/") >= 0:
        return "a recording"
    head = _head(path)
    for magic, kind in _MAGIC.items():
        if head.startswith(magic):
            return _KINDS[kind]
    for marker, kind in _FORMATS.items():
        if f'"format": "{marker}'.encode() in head or f'"format":"{marker}'.encode() in head:
            return kind
    if b'"plays"' in head or head.lstrip().startswith(b'{"about": "A play for Board Game'):
        return _KINDS["bgstats"]
    return "a file"


def check_output(path: str | os.PathLike, option: str, writes: str,
                 overwrite: bool = False) -> Path:
    """``path`` as a place to write ``writes`` (a kind of :data:`_KINDS`: "pdf", "image",
    "bgstats", or a format of :data:`_FORMATS` like "companion-calibration/"), or an
    InputError naming ``option`` and what to do."""
    path = Path(path)
    own = _KINDS.get(writes) or _FORMATS.get(writes, writes)
    if writes == "image" and path.suffix.lower() not in PICTURES:
        raise InputError(f"cannot write {path} ({option}): a picture cannot be saved as "
                         f"{path.suffix}; give a name ending in .png or .jpg")
    folder = path.parent
    if not folder.is_dir():
        raise InputError(f"cannot write {path} ({option}): the folder {folder} does not "
                         f"exist; make it first or give another place")
    most = _name_max(folder)
    if len(os.fsencode(path.name)) > most:
        raise InputError(f"cannot write {shown(path.name, 30)} ({option}): the file name is "
                         f"{len(os.fsencode(path.name))} bytes long, more than the file system "
                         f"allows ({most}); give a shorter name")
    if path.is_dir():
        raise InputError(f"cannot write {path} ({option}): it is a folder; give a file name "
                         f"in it, e.g. {path / ('out' + path.suffix)}")
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return path
    if not stat.S_ISREG(mode) or path.stat().st_size == 0:
        return path   # a device (/dev/stdout, /dev/null) or an empty file: nothing to lose
    kind = kind_of(path)
    if kind != own and not overwrite:
        raise InputError(f"cannot write {path} ({option}): the file already holds {kind}; "
                         f"give another name, or add --overwrite to replace it")
    return path


def write_whole(path: str | os.PathLike, data: bytes) -> None:
    """``data`` into ``path`` whole, or an OSError and the old file (or none) untouched:
    written beside it, synced, then renamed over it. A device is written directly."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG | 0o666 & ~_umask()
    if not stat.S_ISREG(mode):
        with open(path, "wb") as stream:
            stream.write(data)
        return
    fd, name = tempfile.mkstemp(prefix=".companion-", suffix=".part", dir=path.parent)
    scratch = Path(name)
    try:
        os.fchmod(fd, stat.S_IMODE(mode))   # (mkstemp's file is the owner's alone)
        with open(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(scratch, path)
    except BaseException:
        scratch.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _head(path: Path, size: int = 512) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):
        return b""
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255
