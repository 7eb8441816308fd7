"""The message catalogue: both languages everywhere, every outcome said in Vietnamese."""

import dataclasses
import inspect
import re

import pytest

from companion.games import mafia_outcomes, pumafiosi_outcomes, pungi_outcomes
from companion.games.base import Outcome
from companion.i18n import LANGS, MESSAGES, MOVE_WORDS, OUTCOMES, announce, describe_move, t
from companion.session import replay_file, session
from tests.dashboard.fixtures import SESSIONS, valid_sessions

ENGINE_MODULES = (pumafiosi_outcomes, pungi_outcomes, mafia_outcomes, session)


def outcome_classes():
    for module in ENGINE_MODULES:
        for _, cls in inspect.getmembers(module, inspect.isclass):
            defined_here = cls.__module__ == module.__name__
            if issubclass(cls, Outcome) and cls is not Outcome and defined_here:
                yield cls


def test_every_message_has_both_languages_with_the_same_fields():
    for key, texts in MESSAGES.items():
        assert set(texts) == set(LANGS), key
        fields = [set(re.findall(r"{(\w+)", texts[lang])) for lang in LANGS]
        assert fields[0] == fields[1], key


def test_the_engines_have_outcomes_to_check():
    assert len(list(outcome_classes())) >= 25


@pytest.mark.parametrize("cls", list(outcome_classes()), ids=lambda c: c.__name__)
def test_every_outcome_of_every_engine_has_a_vietnamese_announcement(cls):
    assert dataclasses.is_dataclass(cls)
    assert cls.kind in OUTCOMES


def test_the_announcements_are_for_outcomes_that_exist():
    assert set(OUTCOMES) == {cls.kind for cls in outcome_classes()}


@pytest.mark.parametrize("name", valid_sessions())
def test_every_outcome_of_the_fixtures_is_announced_in_both_languages(name):
    replay = replay_file(SESSIONS / f"{name}.jsonl")
    for step in replay.steps:
        for outcome in step.outcomes:
            english, vietnamese = announce(outcome, "en"), announce(outcome, "vi")
            assert english == outcome.text()
            assert vietnamese and vietnamese != english, outcome.kind


def test_pumafiosi_terms_follow_the_vietnamese_rulebook():
    replay = replay_file(SESSIONS / "pumafiosi-notebook.jsonl")
    said = [announce(o, "vi") for s in replay.steps for o in s.outcomes]
    assert any("Sổ tay" in line for line in said)
    assert any("bậc" in line for line in said)
    assert any("điểm phạt" in line for line in said)


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        t("fr", "app.title")


@pytest.mark.parametrize("name", valid_sessions())
def test_every_move_word_of_the_fixtures_is_named_in_both_languages(name):
    replay = replay_file(SESSIONS / f"{name}.jsonl")
    for step in replay.steps:
        for word in [step.move["type"], *step.move]:
            assert word in MOVE_WORDS or word in ("type", "t"), word
    for step in replay.steps:   # a sentence, not the move's fields in brackets
        english, vietnamese = (describe_move(step.move, lang) for lang in LANGS)
        assert "(" not in english + vietnamese and english != vietnamese, english
