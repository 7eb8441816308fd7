"""The message catalogue: both languages everywhere, every outcome said in Vietnamese."""

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import pytest

import companion
from companion.games import mafia_outcomes, pumafiosi_outcomes, pungi_outcomes, unseen
from companion.games.base import Outcome
from companion.i18n import (LANGS, MESSAGES, MOVE_SENTENCES, MOVE_WORDS, OUTCOMES,
                            PLACEHOLDERS, TERMS, ZONE_WORDS, announce, card_words,
                            describe_move, snake_words, t, usage_words, zone_words)
from companion.session import replay_file, session
from vision.messages import PROBLEMS
from tests.dashboard.fixtures import SESSIONS, valid_sessions

ENGINE_MODULES = (pumafiosi_outcomes, pungi_outcomes, mafia_outcomes, unseen, session)


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


def test_the_announcements_are_for_outcomes_that_exist_in_both_languages():
    assert set(OUTCOMES) == {cls.kind for cls in outcome_classes()}
    assert all(set(words) == set(LANGS) for words in OUTCOMES.values())


def test_no_code_is_worded_twice_across_the_catalogues_modules():
    from companion import messages
    from companion.messages import audio, command_line, commands, help, live, mafia, \
        pumafiosi, pungi, recording, rules, screen, session as session_words

    screens = (screen, help, command_line, live, audio, commands, recording, session_words)
    assert sum(len(module.MESSAGES) for module in screens) == len(messages.MESSAGES)
    for table in ("REFUSALS", "AT_TABLE", "OUTCOMES"):
        assert sum(len(getattr(module, table)) for module in (rules, pumafiosi, pungi, mafia)) \
            == len(getattr(messages, table)), table


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


# --- every catalogue complete, every key the code uses there with its fields ---------------

CATALOGUES = {"MESSAGES": MESSAGES, "TERMS": TERMS, "MOVE_WORDS": MOVE_WORDS,
              "MOVE_SENTENCES": MOVE_SENTENCES, "ZONE_WORDS": ZONE_WORDS,
              "PLACEHOLDERS": PLACEHOLDERS}
SOURCE = Path(companion.__file__).parent


def template_fields(text: str) -> set[str]:
    return {m for m in re.findall(r"{(\w+)", text)}


@pytest.mark.parametrize("name", CATALOGUES)
def test_every_catalogue_entry_has_both_languages_non_empty_with_the_same_fields(name):
    for key, texts in CATALOGUES[name].items():
        assert set(texts) == set(LANGS), (name, key)
        assert all(texts[lang].strip() for lang in LANGS), (name, key)
        assert template_fields(texts["en"]) == template_fields(texts["vi"]), (name, key)
        assert not template_fields(texts["en"]) & {"lang", "key"}, (name, key)   # t()'s own


def literal_keys(node: ast.expr) -> list[str]:
    """The message ids an argument may be: a string, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return literal_keys(node.body) + literal_keys(node.orelse)
    return []


def message_uses():
    """Each ``said("key", ...)``, ``t(lang, "key", ...)``, ``self.t("key", ...)``,
    ``ParseError("key", ...)`` and ``SessionFileError(path, line, "key", ...)`` of the code,
    with the fields it passes (None: ``**``)."""
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assigned = {}   # key = "a" if c else "b"; said(key, ...)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name) and literal_keys(node.value):
                assigned[node.targets[0].id] = literal_keys(node.value)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            position = {"said": 0, "ParseError": 0, "t": 1, "SessionFileError": 2}.get(name)
            if name == "t" and isinstance(func, ast.Attribute):
                position = 0   # self.t("key", ...)
            if position is None or len(node.args) <= position:
                continue
            arg = node.args[position]
            keys = literal_keys(arg) or (assigned.get(arg.id, []) if isinstance(arg, ast.Name)
                                         else [])
            fields = None if any(k.arg is None for k in node.keywords) else \
                {k.arg for k in node.keywords}
            for key in keys:
                yield f"{path.relative_to(SOURCE.parent)}:{node.lineno}", key, fields


def test_the_code_uses_messages_enough_to_check():
    assert len({key for _, key, _ in message_uses()}) > 120


def test_every_message_the_code_uses_is_in_the_catalogue_with_the_fields_it_needs():
    for where, key, fields in message_uses():
        assert key in MESSAGES, f"{where}: {key} is not in companion.i18n.MESSAGES"
        if fields is not None:
            needed = template_fields(MESSAGES[key]["en"])
            assert needed <= fields, f"{where}: {key} needs {needed - fields}"


def test_every_form_of_every_parser_is_explained_in_the_help():
    from companion.manual import mafia, pumafiosi, pungi

    for parser in (mafia, pumafiosi, pungi):
        for form in parser.FORMS:
            assert form.about in MESSAGES, (parser.__name__, form.usage)
            # every word to fill in is said in Vietnamese too
            assert set(re.findall(r"\b[A-Z]{2,}\b", form.usage)) <= set(PLACEHOLDERS), form
    assert usage_words("place CARD at STEP [vest|notebook] [ring]", "vi") == \
        "place LÁ at BẬC [vest|notebook] [ring]"


def test_zones_cards_and_snakes_are_said_in_vietnamese():
    assert zone_words("step:2", "vi") == "bậc 2" and zone_words("play:1", "en") == "play 1"
    assert card_words("mouse 7", "vi") == "chuột 7" and card_words(44, "vi") == "44"
    assert card_words("face down", "vi") == "úp"
    assert snake_words(-3, "en") == "the -3" and snake_words("charmer", "vi") == "một người dụ rắn"


# --- vision's problems: worded in vision/messages.py, said from their code ---------------

VISION = Path(companion.__file__).parents[1] / "vision"


def vision_problems():
    """Each ``Problem("code", {fields})`` vision makes, with the fields it passes."""
    for path in sorted(VISION.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "Problem" and len(node.args) == 2:
                where = f"{path.relative_to(VISION.parent)}:{node.lineno}"
                fields = node.args[1]
                assert isinstance(fields, ast.Dict), f"{where}: fields as a dict literal"
                names = {k.value for k in fields.keys}
                codes = literal_keys(node.args[0])
                assert codes, f"{where}: a literal code"
                for code in codes:
                    yield where, code, names


def assert_worded(uses, catalogue: dict, least: int) -> None:
    """Every code used (``(where, code, fields)``) has its wording in both languages, with
    the same fields, those given; none is left over, none is blank."""
    assert len({code for _, code, _ in uses}) >= least
    for where, code, fields in uses:
        assert code in catalogue, f"{where}: {code} is not in the catalogue"
        needed = template_fields(catalogue[code]["en"])
        assert needed <= fields, f"{where}: {code} needs {needed - fields}"
    assert set(catalogue) == {code for _, code, _ in uses}   # none left over
    for code, texts in catalogue.items():
        assert set(texts) == set(LANGS) and all(texts[lang].strip() for lang in LANGS), code
        assert template_fields(texts["en"]) == template_fields(texts["vi"]), code


def test_every_problem_vision_reports_is_worded_in_both_languages_with_its_fields():
    assert_worded(list(vision_problems()), PROBLEMS, 12)


def test_a_vision_problem_is_said_from_its_code():
    from companion.said import say
    from vision.types import Problem

    problem = Problem("video_cut_short", {"source": "cam.avi", "read": 3, "frames": 9})
    assert str(problem) == ("cam.avi: the video ended after 3 of its 9 frames (the file is "
                            "truncated or corrupt)")
    assert say(problem, "en") == str(problem)
    assert say(problem, "vi") == ("cam.avi: video dừng sau 3 trên 9 khung hình (tệp bị cắt "
                                  "ngắn hoặc hỏng)")
