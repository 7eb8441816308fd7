"""``companion cards print GAME --out FILE``: printable sticker sheets for a game's cards."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.cli import COMMANDS, CommandError
from companion.command_args import add_overwrite_argument, output_path, whole_arg
from companion.decks import KIT, DeckError, all_decks, deck_names
from companion.piece_catalog import piece_spec
from vision.sheet import DEFAULT_DPI, StickerSpec, layout, write_pdf, write_png
from vision.sticker import ROUND_MARGIN_MM, sticker_positions_mm

FORMATS = {".pdf": write_pdf, ".png": write_png}


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "cards", help=COMMANDS["cards"],
        description="The printed markers the camera reads, from the deck files.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    pr = actions.add_parser(
        "print", help="write sticker sheets (A4, true size) as PDF or PNG",
        description="Write A4 sticker sheets at true size for every card of GAME: two "
                    "stickers per card side (stick them on opposite corners), back "
                    "stickers for the cards whose back is read (Pungi animals, Mafia "
                    "action cards), and for 'kit' the four table-corner markers and a seat "
                    "marker per player. Print at 100% (no fit to page): the 100 mm bar on "
                    "each page must measure 100 mm. Each page carries a QR code naming "
                    "what it holds.",
        epilog="examples: companion cards print pungi --out pungi.pdf;  "
               "companion cards print kit --players 5 --out kit.png")
    pr.add_argument("game", metavar="GAME",
                    help=f"which stickers: {', '.join(choices())} (all = the kit and every "
                         f"game)")
    pr.add_argument("--out", required=True, metavar="FILE",
                    help="output file: .pdf (one file, all pages) or .png (one file per "
                         "page: FILE-1.png, FILE-2.png, ... when there are several)")
    pr.add_argument("--players", type=whole_arg(), default=8, metavar="N",
                    help="seat markers to print for the kit (1-8, default 8)")
    pr.add_argument("--dpi", type=whole_arg(), default=DEFAULT_DPI, metavar="DPI",
                    help=f"print resolution (default {DEFAULT_DPI})")
    add_overwrite_argument(pr, "the --out file")
    pr.set_defaults(func=run_print)


def choices() -> tuple[str, ...]:
    """Every registered game, then the kit, then "all"."""
    games = deck_names()[1:]   # (the kit comes first among the decks)
    return (*games, KIT, "all")


def card_stickers(game: str, players: int = 8) -> list[StickerSpec]:
    """Every sticker of ``game``, card by card: its face copies, then its back copies."""
    deck = all_decks()[game]
    cards = deck.cards
    if game == KIT:
        cards = deck.of_kind("corner") + deck.of_kind("seat")[:players]
    stickers = []
    for card in cards:
        piece = piece_spec(card, deck)
        if piece.round:
            round_mm = min(piece.size_mm) - ROUND_MARGIN_MM
            copies = 1
        else:
            round_mm = None
            copies = len(sticker_positions_mm(piece))
        stickers += [StickerSpec(piece.marker, piece.label, piece.marker_mm, round_mm)] * copies
        if piece.back_marker is not None:
            stickers += [StickerSpec(piece.back_marker, piece.back_label, piece.marker_mm,
                                     round_mm)] * copies
    return stickers


def run_print(args) -> int:
    if args.game not in choices():
        raise CommandError(f"unknown game {args.game!r}: use one of {', '.join(choices())}")
    out = Path(args.out)
    writer = FORMATS.get(out.suffix.lower())
    if writer is None:
        raise CommandError(f"cannot write {out}: the file name must end in .pdf or .png")
    seats = len(all_decks()[KIT].of_kind("seat"))
    if not 1 <= args.players <= seats:
        raise CommandError(f"--players {args.players}: the kit has seat markers for 1 to "
                           f"{seats} players")
    if not 72 <= args.dpi <= 1200:
        raise CommandError(f"--dpi {args.dpi}: use 72 to 1200 (300 prints sharp markers)")
    if not out.parent.is_dir():
        raise CommandError(f"cannot write {out}: the folder {out.parent} does not exist")
    output_path(out, "--out", "pdf" if writer is write_pdf else "image", args.overwrite)
    games = deck_names() if args.game == "all" else (args.game,)
    try:
        pages = layout((game, card_stickers(game, args.players)) for game in games)
    except (DeckError, ValueError) as exc:
        raise CommandError(str(exc)) from None
    try:
        written = writer(pages, out, args.dpi, progress=_progress if len(pages) > 1 else None)
    except OSError as exc:
        raise CommandError(f"cannot write {exc.filename or out}: "
                           f"{exc.strerror or exc}") from None
    files = written if isinstance(written, list) else [written]
    stickers = sum(len(p.stickers) for p in pages)
    where = str(files[0]) if len(files) == 1 else f"{files[0]} ... {files[-1]}"
    print(f"{stickers} stickers on {len(pages)} A4 page{'s' * (len(pages) > 1)}: {where}")
    return 0


def _progress(done: int, total: int) -> None:
    end = "\n" if done == total or not sys.stderr.isatty() else ""
    print(f"\rpage {done}/{total}", end=end, file=sys.stderr, flush=True)
