"""The runnable examples in the rules and session API's docstrings, run as tests."""

import doctest
import importlib

import pytest

MODULES = ("companion.games.base", "companion.games.pumafiosi", "companion.games.pungi",
           "companion.games.pungi_cards", "companion.games.unseen", "companion.games.mafia",
           "companion.session.session", "companion.session.journal", "companion.rule_reasons", "companion.said",
           "companion.audio.devices", "companion.decoder", "companion.journal_rewrite",
           "calibration.calibrator", "companion.calibrated_table")


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0, f"{result.failed} example(s) of {name} failed (run it verbose)"
