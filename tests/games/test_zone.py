"""The typed zone: calibration's zone vocabulary as a value, text and back."""

import doctest

import pytest

from calibration import zone as zone_module
from calibration.zone import NUMBERED, SINGLE, Zone


def test_every_zone_of_the_vocabulary_round_trips_through_its_text():
    for kind in NUMBERED:
        for number in (1, 2, 8, 10, -3):
            zone = Zone(kind, number)
            assert Zone.parse(str(zone)) == zone and str(zone) == f"{kind}:{number}"
    for kind in SINGLE:
        assert Zone.parse(kind) == Zone(kind) and str(Zone(kind)) == kind


@pytest.mark.parametrize("text", ["step", "pungi:1", "step:8:1", "Step:8", "step:eight",
                                  "", " step:8", "corner:1", None, 8])
def test_a_text_that_names_no_zone_is_refused_in_words(text):
    with pytest.raises(ValueError, match="not a zone of the table"):
        Zone.parse(text)


def test_a_zone_made_in_code_is_checked_as_its_text_is():
    with pytest.raises(ValueError):
        Zone("step")
    with pytest.raises(ValueError):
        Zone("tony", 1)
    assert hash(Zone("play", 2)) == hash(Zone.parse("play:2"))


def test_the_docstring_examples_run():
    result = doctest.testmod(zone_module)
    assert result.attempted > 0 and result.failed == 0
