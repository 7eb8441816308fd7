"""Image files checked before they are decoded: a size read from the header, and the end
of the file for the formats that mark it.

A header may claim any size (a crafted or damaged PNG of 100000x100000 pixels would make
the decoder try to allocate tens of gigabytes), and a file cut short decodes to a partial
picture or to noise from the codec library. Both get a one-line reason instead.
"""

from __future__ import annotations

import io
import warnings

from PIL import Image, UnidentifiedImageError

# 80 megapixels: above any camera's frame (a 4K frame is 8.3), far below what exhausts
# the memory (80 MP of BGR is 240 MB).
MAX_PIXELS = 80_000_000
# The mark each format ends its image with. Data may follow it (a phone's motion-photo
# video after a JPEG), so it is looked for after the image data begins, not at the end.
_ENDS = {"PNG": b"IEND\xaeB`\x82", "JPEG": b"\xff\xd9"}


def image_problem(data: bytes) -> str | None:
    """Why an image file's bytes must not be decoded, or None if they may be."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # Pillow's own bomb warning: the check is ours
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                kind = image.format
                start = min((tile[2] for tile in image.tile), default=0)
    except Image.DecompressionBombError:
        return (f"its header claims an image too large to read (over "
                f"{MAX_PIXELS // 1_000_000} megapixels)")
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return None   # not a format Pillow knows: the decoder itself will say
    if width * height > MAX_PIXELS:
        return (f"its header claims {width}x{height} pixels, over the limit of "
                f"{MAX_PIXELS // 1_000_000} megapixels: give a smaller image")
    end = _ENDS.get(kind)
    if end is not None and data.find(end, start) == -1:
        return f"the {kind} file is cut short (truncated): copy or export it again"
    return None
