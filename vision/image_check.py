"""Image files checked before they are decoded: a size read from the header, and the end
of the file for the formats that mark it.

A header may claim any size (a crafted or damaged PNG of 100000x100000 pixels would make
the decoder try to allocate tens of gigabytes), and a file cut short decodes to a partial
picture or to noise from the codec library. Both get a one-line problem instead.
"""

from __future__ import annotations

import io
import warnings

from PIL import Image, UnidentifiedImageError

from vision.types import Problem

# 80 megapixels: above any camera's frame (a 4K frame is 8.3), far below what exhausts
# the memory (80 MP of BGR is 240 MB).
MAX_PIXELS = 80_000_000
# The mark each format ends its image with. Data may follow it (a phone's motion-photo
# video after a JPEG), so it is looked for after the image data begins, not at the end.
_ENDS = {"PNG": b"IEND\xaeB`\x82", "JPEG": b"\xff\xd9"}


def image_problem(data: bytes, name: str) -> Problem | None:
    """Why the bytes of the image file ``name`` must not be decoded, or None if they may."""
    limit = MAX_PIXELS // 1_000_000
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # Pillow's own bomb warning: the check is ours
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                kind = image.format
                start = min((tile[2] for tile in image.tile), default=0)
    except Image.DecompressionBombError:
        return Problem("image_bomb", {"path": name, "limit": limit})
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return None   # not a format Pillow knows: the decoder itself will say
    if width * height > MAX_PIXELS:
        return Problem("image_too_large",
                       {"path": name, "width": width, "height": height, "limit": limit})
    end = _ENDS.get(kind)
    if end is not None and data.find(end, start) == -1:
        return Problem("image_cut_short", {"path": name, "kind": kind})
    return None
