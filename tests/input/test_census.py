"""Issue 31's families through the real ``companion`` command, a case at a time in a
subprocess (tests/input/census.py runs all of them and counts): no traceback, no hang,
nothing lost, and every refusal one line."""

from __future__ import annotations

import pytest

from tests.input.cases import sample_cases
from tests.input.census import run_case

CASES = sample_cases()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.family}: {c.label}"[:120] for c in CASES])
def test_bad_input_is_refused_in_one_line_or_taken(case):
    result = run_case(case, timeout=60)
    assert result.outcome in ("refused", "accepted"), result
    if result.outcome == "refused":
        assert result.one_line, result
