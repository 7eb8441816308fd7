"""``companion cards print``: sheets for every card, clear errors for bad arguments."""

import subprocess
from collections import Counter

import pytest

from companion.cli import main
from companion.commands.cards import card_stickers
from companion.decks import all_decks


def test_pungi_pdf_has_every_card_and_every_animal_back(tmp_path, capsys):
    out = tmp_path / "pungi.pdf"
    assert main(["cards", "print", "pungi", "--out", str(out), "--dpi", "100"]) == 0
    captured = capsys.readouterr()
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line for line in info.splitlines() if line.startswith("Pages")).split()[1])
    assert pages > 1
    assert f"316 stickers on {pages} A4 pages" in captured.out
    assert f"page {pages}/{pages}" in captured.err          # progress


def test_stickers_cover_both_sides_where_the_back_is_read():
    for game, deck in all_decks().items():
        counts = Counter(s.marker for s in card_stickers(game))
        for card in deck.cards if game != "kit" else ():
            assert counts[card.marker] == (1 if deck.kinds[card.kind].round else 2), card.label
        for back in deck.backs:
            with_back = [c for c in deck.cards if c.back == back.name]
            assert counts[back.marker] == 2 * len(with_back)
    assert sum(Counter(s.marker for s in card_stickers("mafia")).values()) == 2 * (110 + 76)


def test_kit_png_has_corners_and_one_seat_per_player(tmp_path, capsys):
    out = tmp_path / "kit.png"
    assert main(["cards", "print", "kit", "--players", "3", "--out", str(out), "--dpi", "72"]) == 0
    assert [s.marker for s in card_stickers("kit", 3)] == [0, 1, 2, 3, 4, 5, 6]
    assert "7 stickers on 1 A4 page" in capsys.readouterr().out
    assert out.exists()


@pytest.mark.parametrize("argv, message", [
    (["cards", "print", "poker", "--out", "x.pdf"], "unknown game 'poker'"),
    (["cards", "print", "pungi", "--out", "x.jpg"], "must end in .pdf or .png"),
    (["cards", "print", "kit", "--players", "9", "--out", "x.pdf"], "1 to 8 players"),
    (["cards", "print", "kit", "--dpi", "5", "--out", "x.pdf"], "--dpi 5"),
])
def test_bad_arguments_get_one_clear_line(argv, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_unwritable_paths_are_named(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["cards", "print", "kit", "--out", str(blocker / "kit.pdf")]) == 1
    assert f"cannot write {blocker / 'kit.pdf'}" in capsys.readouterr().err
    folder_named_like_output = tmp_path / "out.pdf"
    folder_named_like_output.mkdir()
    assert main(["cards", "print", "kit", "--out", str(folder_named_like_output)]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_help_explains_true_size(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["cards", "print", "--help"])
    assert exit_info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())  # whatever the terminal width
    assert "Print at 100% (no fit" in text and "opposite corners" in text
    assert "--players" in text
