"""What the libraries under OpenCV print themselves (FFmpeg's "moov atom not found",
libpng's "libpng error: ...") is not shown: the companion's own line says what matters."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.cli import main


def broken_files(folder):
    cv2.imwrite(str(folder / "blank.png"), np.full((60, 80, 3), 200, np.uint8))
    png = bytearray((folder / "blank.png").read_bytes())
    png[png.find(b"IDAT") + 10] ^= 0xFF   # the picture's data, damaged
    (folder / "damaged.png").write_bytes(bytes(png))
    (folder / "broken.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(500))


@pytest.mark.parametrize("name, said", [
    ("damaged.png", "damaged.png: not a readable image"),
    ("broken.mp4", "broken.mp4: the file cannot be opened as a video"),
])
@pytest.mark.parametrize("command", ["scan", "calibrate"])
def test_only_the_companion_speaks(tmp_path, capfd, command, name, said):
    broken_files(tmp_path)
    argv = [command, str(tmp_path / name)]
    assert main(argv + (["--out", str(tmp_path / "t.json")] if command == "calibrate"
                        else [])) == 1
    out, err = capfd.readouterr()
    assert err.splitlines()[0].startswith("companion") and said in err.splitlines()[0], err
    assert "libpng" not in err and "moov" not in err and "[mov" not in err
