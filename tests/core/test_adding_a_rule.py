"""Adding a rule is one change (issue 15, docs/core.md "Adding a house rule"): a toggle declared
in RuleSet reaches everything that lists rules by itself, and this test fails when one of them
does not: its explanation, its row in docs/rules.md, its setting on the table's start screen,
the random-game property tests and the bots' rule mixes, and (when it has its own verdicts) a
reason code that names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from uno_web.core import RuleSet
from uno_web.core.reasons import CATALOGUE
from uno_web.core.rulesdoc import rules_markdown

FIELDS = RuleSet.model_fields
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@pytest.mark.parametrize("name", list(FIELDS))
def test_every_toggle_reaches_the_explanations_docs_and_table(name):
    spec = FIELDS[name]
    # its explanation: a title for the start screen and a plain description
    assert spec.title and spec.description and len(spec.description) >= 40, name
    # its row in the generated rules reference (and the committed file is up to date)
    assert f"| `{name}` |" in rules_markdown()
    assert f"| `{name}` |" in DOCS.read_text(encoding="utf-8"), "run `python -m uno_web rules-doc -o docs/rules.md`"
    # its setting on the table's start screen
    from uno_web.web.view import rule_fields

    assert name in {f.name for f in rule_fields(RuleSet(), "official")}


def test_the_property_tests_and_the_bots_draw_every_toggle():
    from tests.ai.test_every_rule_set import TOGGLES as BOT_TOGGLES

    from .test_properties import TOGGLES

    drawn = TOGGLES.wrapped_strategy if hasattr(TOGGLES, "wrapped_strategy") else TOGGLES
    assert set(drawn.optional) == set(FIELDS)  # type: ignore[attr-defined]
    # the bots' mixes (tests/ai/test_every_rule_set.py): every switch and every choice
    # (numbers such as hand size and penalty counts keep their preset values there)
    choices = {n for n, f in FIELDS.items() if f.annotation is not int}
    assert choices <= set(BOT_TOGGLES), choices - set(BOT_TOGGLES)


def test_house_rules_with_their_own_refusals_are_named_by_a_reason_code():
    named = set()
    for expl in CATALOGUE.values():
        named |= {term.split(" = ")[0] for term in expl.rule.split(", ")}
    for name in ("reverse_returns_draw_two", "reverse_returns_draw_four", "skip_passes_penalty",
                 "play_same_number", "uno_call_with_two", "jump_in", "seven_swap",
                 "wild_last_resort", "no_action_card_last", "misplay_penalty",
                 "false_catch_penalty", "false_uno_penalty", "no_wild_finish",
                 "no_draw_card_finish"):
        assert name in named, name
