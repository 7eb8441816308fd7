"""The decks: every physical card, with markers that never collide."""

import pytest
from hypothesis import given, settings, strategies as st

from companion.decks import DeckError, all_decks, check_disjoint, load_deck


def test_bundled_decks_have_every_card():
    decks = all_decks()
    puma = decks["pumafiosi"]
    assert [c.get("value") for c in puma.of_kind("pumafioso")] == list(range(1, 56))
    assert sorted(c.get("step") for c in puma.of_kind("hierarchy")) == [-3, 1, 2, 3, 5, 6, 7, 8, 10]
    assert len(puma.of_kind("item")) == 20
    pungi = decks["pungi"]
    assert len(pungi.of_kind("pungi")) == 1
    assert len(pungi.of_kind("snake")) == 31 and len(pungi.of_kind("charmer")) == 6
    assert len(pungi.of_kind("animal")) == 60 and len(pungi.backs) == 6
    mafia = decks["mafia"]
    assert [len(mafia.of_kind(k)) for k in ("action", "character", "mission", "goal")] == [76, 16, 10, 8]
    assert len(decks["kit"].of_kind("corner")) == 4


def test_marker_ids_are_unique_across_decks():
    markers = [m for d in all_decks().values() for m in d.markers()]
    assert len(markers) == len(set(markers))
    assert all(0 <= m <= 586 for m in markers)


def test_colliding_decks_are_refused():
    decks = all_decks()
    with pytest.raises(DeckError, match="also used by"):
        check_disjoint([decks["pungi"], decks["pungi"]])


def _edited(tmp_path, old, new):
    text = load_deck("pungi").path.read_text().replace(old, new, 1)
    path = tmp_path / "pungi.toml"
    path.write_text(text)
    return path


def test_duplicate_marker_names_line(tmp_path):
    path = _edited(tmp_path, "marker = 112 }", "marker = 111 }")
    with pytest.raises(DeckError) as err:
        load_deck("pungi", path)
    line = next(i for i, l in enumerate(path.read_text().split("\n"), 1) if "marker = 111 }" in l
                and "value = -5" in l)
    assert f"pungi.toml:{line}:" in str(err.value)
    assert "already used" in str(err.value)


def test_malformed_toml_and_unknown_kind(tmp_path):
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck("pungi", _edited(tmp_path, "cards = [", "cards = [[["))
    with pytest.raises(DeckError, match="kind 'snak' is not one of"):
        load_deck("pungi", _edited(tmp_path, 'kind = "snake"', 'kind = "snak"'))
    with pytest.raises(DeckError, match="cannot read"):
        load_deck("pungi", tmp_path / "missing.toml")


def test_every_card_has_its_own_key():
    from companion.decks import card_key
    from companion.piece_catalog import marker_catalog

    keys = [card_key(c) for d in all_decks().values() for c in d.cards]
    assert len(keys) == len(set(keys))
    assert card_key(all_decks()["pumafiosi"].of_kind("pumafioso")[36]) == "pumafiosi/pumafioso/37"
    faces = [ref.key for ref in marker_catalog().values() if ref.side == "face"]
    assert len(faces) == len(set(faces))


def _edit(tmp_path, game, old, new):
    """A copy of the bundled ``game`` deck with the first ``old`` replaced by ``new``, and
    the line of that edit."""
    text = load_deck(game).path.read_text()
    assert old in text, old
    line = text[:text.index(old)].count("\n") + 1
    path = tmp_path / f"{game}.toml"
    path.write_text(text.replace(old, new, 1))
    return path, line


# Each kind of mistake a hand edit makes, the words its error must hold, and the line it
# names: "edit" the edited line, a text the first line holding it, None no line.
MISTAKES = [
    ("pungi", 'value = -5,', 'value = "big",',
     "value must be a whole number from -20 to 20, not 'big'", "edit"),
    ("pungi", 'value = -5,', 'value = 5.5,', "value must be a whole number", "edit"),
    ("pungi", 'value = -5,', 'valeu = -5,', "value is missing", "edit"),
    ("pungi", 'animal = "mouse", value = 1,', 'animal = "mouse", value = 1, size = 3,',
     "unknown field 'size'", "edit"),
    ("pungi", 'animal = "mouse", value = 1,', 'animal = "mouse", value = 11,',
     "value must be a whole number from 1 to 10, not 11", "edit"),
    ("pungi", 'marker = 112 }', 'marker = "112" }', "marker must be an AprilTag 36h11 id",
     "edit"),
    ("pungi", 'marker = 112 }', 'marker = 999 }', "not 999", "edit"),
    ("pungi", 'back = "mouse", label = "mouse 1"', 'back = "mice", label = "mouse 1"',
     "back 'mice' is not one of the deck's backs for a animal", "edit"),
    ("pungi", '{ name = "mouse", kind = "animal"', '{ name = "mouse", kind = "snake"',
     "back 'mouse' is not one of the deck's backs for a animal", 'label = "mouse 1"'),
    ("pungi", 'label = "snake -5"', 'label = 5', "label must be a text in quotes, not 5",
     "edit"),
    ("pungi", '  { kind = "snake", value = -6, label = "snake -6", marker = 111 },\n', '',
     "needs 31 snake cards, this one has 30", None),
    ("mafia", 'color = "yellow", back', 'color = "green", back',
     'color must be one of "blue", "yellow", not \'green\'', "edit"),
    ("mafia", 'recruits = 3,', 'recruits = 0,', "recruits must be a whole number from 1 to 8",
     "edit"),
    ("mafia", '[kinds.action]\nsize_mm = [59, 91]', '[kinds.action]\nsize_mm = 59',
     "[kinds.action] needs size_mm = [width, height]", "edit"),
    ("mafia", 'marker_mm = 28\n\n[kinds.goal]', 'marker_mm = 28\n\n[kinds.goals]',
     "[kinds.goals]: mafia has no such kind", "[kinds.goals]"),
    ("mafia", '[kinds.goal]\nsize_mm = [59, 91]\nmarker_mm = 28',
     '[kinds.goal]\nsize_mm = [59, 91]\nmarker_mm = 80', "cannot carry a 80 mm marker",
     "edit"),
    ("pumafiosi", 'round = true', 'round = "yes"', "round must be true or false",
     "[kinds.item]"),
    ("pumafiosi", 'item = "vest"', 'item = "helmet"', "item must be one of", "edit"),
    ("kit", 'corner = 4,', 'corner = 5,', "corner must be a whole number from 1 to 4", "edit"),
    ("kit", 'format = "companion-deck/1"', 'format = "companion-deck/2"',
     'the deck needs format = "companion-deck/1"', "edit"),
    ("kit", 'game = "kit"', 'game = "pungi"', 'this is not a kit deck', "edit"),
    ("kit", 'cards = [', 'cards = [[[', "not valid TOML", None),
    # two cards alike: one card to the rules and the camera (the second is named)
    ("pumafiosi", 'value = 2, label = "2"', 'value = 1, label = "2"',
     "card 2 (2): value 1 is card 1's too (1, line 8); each pumafioso card has its own value",
     "edit"),
    ("mafia", 'name = "Francesca", label = "Francesca"', 'name = "enrico", label = "Francesca"',
     "name 'enrico' is card 77's too (Enrico, line 91); each character card has its own name",
     "edit"),
    ("mafia", "id = 2,", "id = 1,",
     "id 1 is card 93's too (mission 1 Precinct invasion, line 107)", "edit"),
    ("pungi", 'animal = "mouse", value = 2,', 'animal = "mouse", value = 1,',
     "animal 'mouse' value 1 is card 39's too", "edit"),
    ("kit", "seat = 2,", "seat = 1,", "seat 1 is card 5's too", "edit"),
    ("pungi", '{ name = "duck", kind = "animal"', '{ name = "mouse", kind = "animal"',
     "back 'mouse' is named twice", "edit"),
]


@pytest.mark.parametrize("game, old, new, words, where", MISTAKES,
                         ids=[f"{m[0]}-{i}" for i, m in enumerate(MISTAKES)])
def test_every_kind_of_deck_mistake_is_one_clear_line(tmp_path, game, old, new, words, where):
    path, line = _edit(tmp_path, game, old, new)
    with pytest.raises(DeckError) as err:
        load_deck(game, path)
    message = str(err.value)
    assert words in message and "\n" not in message
    if where is None:
        assert message.startswith(f"{path}: "), message
        return
    if where != "edit":
        line = next(i for i, text in enumerate(path.read_text().split("\n"), 1)
                    if where in text)
    assert message.startswith(f"{path}:{line}: "), message


VALUES = st.sampled_from(['"big"', "-1", "0", "5.5", "true", "[1, 2]", "{ a = 1 }", "587",
                          '""', "1e400", "[]", '"snake"', '"animal"', "99999999999999999999"])


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(["kit", "pumafiosi", "pungi", "mafia"]), data=st.data())
def test_fuzzed_deck_files_load_or_fail_in_one_clean_line(tmp_path_factory, game, data):
    """Random hand edits (a value replaced, a line cut or dropped, a word misspelt):
    the loader gives a deck or a DeckError naming the file, nothing else."""
    lines = load_deck(game).path.read_text().split("\n")
    k = data.draw(st.integers(0, len(lines) - 1))
    edit = data.draw(st.sampled_from(["value", "cut", "drop", "key"]))
    line = lines[k]
    if edit == "value" and "=" in line:
        spots = [i for i, c in enumerate(line) if c == "="]
        at = data.draw(st.sampled_from(spots)) + 1
        rest = line[at:]
        end = min([i for i in (rest.find(","), rest.find(" }")) if i > 0] or [len(rest)])
        line = f"{line[:at]} {data.draw(VALUES)}{rest[end:]}"
    elif edit == "cut":
        line = line[:data.draw(st.integers(0, len(line)))]
    elif edit == "drop":
        line = ""
    else:
        line = line.replace(data.draw(st.sampled_from(["kind", "marker", "value", "label",
                                                        "back", "size_mm", "name"])), "kinb", 1)
    lines[k] = line
    path = tmp_path_factory.mktemp("fuzz") / f"{game}.toml"
    path.write_text("\n".join(lines))
    try:
        load_deck(game, path)
    except DeckError as exc:
        assert str(exc).startswith(str(path)) and "\n" not in str(exc), str(exc)
