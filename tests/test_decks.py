"""The decks: every physical card, with markers that never collide."""

import pytest

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
