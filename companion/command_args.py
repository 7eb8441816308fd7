"""Command-line arguments that several commands share, each checked with a one-line
CommandError: a player as NAME[:AGE][=CHARACTER], --turn-seconds, a calibration file, the camera
panel's view."""

from __future__ import annotations

from companion.cli import CommandError


MAX_AGE = 120


def player_entries(texts: list[str], game: str | None) -> list[dict]:
    """``--players`` as the session header's player entries; a Mafia player may carry the
    character card dealt to them (``Ann=Enrico``), which must be a card of the Mafia deck."""
    entries = [player_entry(text) for text in texts]
    if any("character" in e for e in entries):
        cards = _character_cards(game)
        for text, entry in zip(texts, entries):
            if "character" in entry:
                entry["character"] = _deck_character(text, entry["character"], cards, game)
    return entries


def player_entry(text: str) -> dict:
    """``Ann:41=Enrico`` as the session header's player entry ``{"name": "Ann", "age": 41,
    "character": "Enrico"}``; age and character are optional; a name of several words
    keeps single spaces; an age is whole years from 1 to MAX_AGE."""
    person, has_character, character = text.partition("=")
    character = " ".join(character.split())
    if has_character and not character:
        raise CommandError(f"--players {text!r}: give the character card after the '=', "
                           f"e.g. Ann=Enrico")
    entry = _person(text, person)
    return {**entry, "character": character} if has_character else entry


def _person(text: str, person: str) -> dict:
    name, sep, age = person.rpartition(":") if ":" in person else (person, "", "")
    name = " ".join(name.split())
    if not name:
        raise CommandError(f"--players {text!r}: a player needs a name before the ':', "
                           f"e.g. Ann:41")
    if not sep:
        return {"name": name}
    try:
        years = int(age)
    except ValueError:
        raise CommandError(f"--players {text}: the age after ':' must be a whole number of "
                           f"years, e.g. {name}:41") from None
    if not 1 <= years <= MAX_AGE:
        raise CommandError(f"--players {text}: {years} is not an age; give {name}'s age in "
                           f"years, from 1 to {MAX_AGE}, e.g. {name}:41")
    return {"name": name, "age": years}


def _character_cards(game: str | None) -> tuple[str, ...]:
    """The character cards of ``game``'s deck (only Mafia deals them)."""
    from companion.decks import DeckError, load_deck

    if game is None:
        return ()
    try:
        deck = load_deck(game)
    except DeckError as exc:
        raise CommandError(str(exc)) from None
    return tuple(c.get("name") for c in deck.of_kind("character")) if game == "mafia" else ()


def _deck_character(text: str, character: str, cards: tuple[str, ...], game: str | None) -> str:
    """``character`` spelt as its card, whatever its case."""
    if not cards:
        raise CommandError(f"--players {text}: only Mafia deals character cards; give "
                           f"{game or 'this game'}'s players as NAME[:AGE]")
    for card in cards:
        if card.casefold() == character.casefold():
            return card
    raise CommandError(f"--players {text}: {character} is not a Mafia character card; the "
                       f"cards are {', '.join(cards)}")


def check_turn_seconds(seconds: float | None) -> None:
    if seconds is not None and not seconds > 0:
        raise CommandError(f"--turn-seconds must be more than 0 seconds, not {seconds:g}")


def open_table_map(path: str):
    """The table map of a calibration file; calibration/ is imported only when asked for."""
    from calibration.types import CalibrationError
    from companion.calibrated_table import load_table_map

    try:
        return load_table_map(path)
    except CalibrationError as exc:
        raise CommandError(str(exc)) from None


def add_camera_view_argument(parser, default: str | None) -> None:
    """``--camera-view``: how the dashboard's camera panel starts (F3 cycles the views)."""
    from companion.dashboard.feed import CAMERA_VIEWS

    parser.add_argument("--camera-view", choices=CAMERA_VIEWS, default=default,
                        help="the camera panel: the table's plan drawn from above with the "
                             "cards in their owners' colours, the latest frame with the "
                             "cards outlined, or a text map of which card lies where (F3 "
                             f"cycles them; default {CAMERA_VIEWS[0]})")
