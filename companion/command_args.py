"""Command-line arguments that several commands share, each checked with a one-line
CommandError: numbers (argparse types reading them through companion.inputs), a player as
NAME[:AGE][=CHARACTER], --turn-seconds, a calibration file, the camera panel's view,
--overwrite."""

from __future__ import annotations

from typing import Callable

from companion.cli import CommandError
from companion.i18n import t
from companion.inputs import InputError, decimal, regular_file, whole, whole_number


MAX_AGE = 120
MAX_SECONDS = 24 * 3600.0   # a turn, a wait between moves, a camera watched: a day at most


def whole_arg(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ASCII digits, from ``low`` to ``high``."""
    return lambda text: whole(text, low, high)


def number_arg(low: float | None = None, high: float | None = None,
               above: float | None = None) -> Callable[[str], float]:
    """An argparse ``type``: a finite number in ASCII digits (see companion.inputs)."""
    return lambda text: decimal(text, low, high, above)


def seconds_arg() -> Callable[[str], float]:
    """An argparse ``type`` for a time in seconds: finite and at most a day (the command
    says what more than 0 means for it)."""
    return number_arg(high=MAX_SECONDS)


def add_overwrite_argument(parser, what: str) -> None:
    parser.add_argument("--overwrite", action="store_true",
                        help=f"replace {what} even when the file holds something else (a "
                             f"journal, a recording, a calibration, ...)")


def output_path(path: str, option: str, writes: str, overwrite: bool):
    """Where a command writes, checked before any work (companion.outputs)."""
    from companion.outputs import check_output

    try:
        return check_output(path, option, writes, overwrite)
    except InputError as exc:
        raise CommandError(str(exc)) from None


def player_entries(texts: list[str], game: str | None, lang: str = "en") -> list[dict]:
    """``--players`` as the session header's player entries; a Mafia player may carry the
    character card dealt to them (``Ann=Enrico``), which must be a card of the Mafia deck.
    A mistake is said in ``lang``."""
    entries = [player_entry(text, lang) for text in texts]
    if any("character" in e for e in entries):
        cards = _character_cards(game)
        for text, entry in zip(texts, entries):
            if "character" in entry:
                entry["character"] = _deck_character(text, entry["character"], cards, game,
                                                     lang)
    return entries


def player_entry(text: str, lang: str = "en") -> dict:
    """``Ann:41=Enrico`` as the session header's player entry ``{"name": "Ann", "age": 41,
    "character": "Enrico"}``; age and character are optional; a name of several words
    keeps single spaces; an age is whole years from 1 to MAX_AGE."""
    person, has_character, character = text.partition("=")
    character = " ".join(character.split())
    if has_character and not character:
        raise CommandError(t(lang, "cli.character_missing", text=text))
    entry = _person(text, person, lang)
    return {**entry, "character": character} if has_character else entry


def _person(text: str, person: str, lang: str) -> dict:
    name, sep, age = person.rpartition(":") if ":" in person else (person, "", "")
    name = " ".join(name.split())
    if not name:
        raise CommandError(t(lang, "cli.name_missing", text=text))
    if not sep:
        return {"name": name}
    years = whole_number(age.strip())
    if years is None:
        raise CommandError(t(lang, "cli.age_not_number", text=text, name=name))
    if not 1 <= years <= MAX_AGE:
        raise CommandError(t(lang, "cli.age_range", text=text, years=years, name=name,
                             most=MAX_AGE))
    return {"name": name, "age": years}


def _character_cards(game: str | None) -> tuple[str, ...]:
    """The character cards of ``game``'s deck (its pieces of the kind "character", as
    Mafia's; none in a game without them)."""
    from companion.decks import DeckError, load_deck

    if game is None:
        return ()
    try:
        deck = load_deck(game)
    except DeckError as exc:
        raise CommandError(str(exc)) from None
    return tuple(c.get("name") for c in deck.of_kind("character"))


def _deck_character(text: str, character: str, cards: tuple[str, ...], game: str | None,
                    lang: str) -> str:
    """``character`` spelt as its card, whatever its case."""
    if not cards:
        raise CommandError(t(lang, "cli.no_characters", text=text,
                             game=game or t(lang, "cli.this_game")))
    for card in cards:
        if card.casefold() == character.casefold():
            return card
    raise CommandError(t(lang, "cli.not_character", text=text, character=character,
                         cards=", ".join(cards)))


def check_at_least_one(option: str, value: int | None, lang: str = "en") -> None:
    """A count of frames: none given, or 1 or more."""
    if value is not None and value < 1:
        raise CommandError(t(lang, "cli.at_least_one", option=option, value=value))


def check_turn_seconds(seconds: float | None, lang: str = "en") -> None:
    if seconds is not None and not seconds > 0:
        raise CommandError(t(lang, "cli.turn_seconds", seconds=seconds))


def open_table_map(path: str, lang: str = "en"):
    """The table map of a calibration file (what is wrong with it said in ``lang``);
    calibration/ is imported only when asked for."""
    from calibration.types import CalibrationError
    from companion.calibrated_table import load_table_map
    from companion.said import say

    check_calibration_file(path)
    try:
        return load_table_map(path)
    except CalibrationError as exc:
        raise CommandError(say(exc, lang)) from None


def check_calibration_file(path: str) -> None:
    """A calibration file that exists is a regular file (a FIFO would be read for ever);
    a missing one is said by the calibration's own reader, in the table's language."""
    from pathlib import Path

    if Path(path).exists():
        try:
            regular_file(path, "calibration file")
        except InputError as exc:
            raise CommandError(str(exc)) from None
