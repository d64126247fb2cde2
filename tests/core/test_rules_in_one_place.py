"""Each rule in one place (issue 15): the compiled rules come from RuleSet's fields, and every
verdict's ``rule`` names real RuleSet toggles (with valid values) or the official rules."""

from __future__ import annotations

import random
import re
from typing import get_args

import pytest

from uno_web.core import PRESETS, RuleSet, check, legal_moves, new_game
from uno_web.core.engine import step
from uno_web.core.reasons import CATALOGUE
from uno_web.core.state import _DERIVED, compile_rules

FIELDS = RuleSet.model_fields
_TERM = re.compile(r"^([a-z_0-9]+)(?: = (.+))?$")


def rule_problem(rule: str) -> str | None:
    """Why ``rule`` does not name the official rules or real toggles, or None."""
    if rule.startswith("official rules"):
        return None
    for term in rule.split(", "):
        m = _TERM.match(term)
        if not m:
            return f"{term!r} is not `toggle` or `toggle = value`"
        name, value = m.groups()
        if name not in FIELDS:
            return f"{name!r} is not a RuleSet field"
        if value is None:
            continue
        spec = FIELDS[name]
        if spec.annotation is bool:
            ok = value in ("true", "false")
        elif get_args(spec.annotation):
            ok = value in get_args(spec.annotation)
        else:
            ok = value.isdigit()
        if not ok:
            return f"{value!r} is not a value of {name}"
    return None


def test_the_checker_can_fail():
    assert rule_problem("jump_in = true") is None
    assert rule_problem("official rules: matching") is None
    assert rule_problem("stacking toggles") is not None
    assert rule_problem("jump_in = maybe") is not None
    assert rule_problem("no_such_rule") is not None


@pytest.mark.parametrize("code", list(CATALOGUE), ids=lambda c: c.value)
def test_every_explanation_names_a_real_rule(code):
    assert rule_problem(CATALOGUE[code].rule) is None, CATALOGUE[code].rule


def test_every_verdict_rule_in_random_games_names_a_real_rule():
    """Every move offered in seeded random games under every preset and a few toggle mixes:
    the accepted verdict's ``rule`` (and a refused one's, from a card that does not fit)."""
    seen: set[str] = set()
    mixes = list(PRESETS.values()) + [
        RuleSet(**{name: True for name, spec in FIELDS.items() if spec.annotation is bool
                   and name not in ("uno_call_with_two",)}),
        RuleSet(reverse_returns_draw_two=True, reverse_returns_draw_four=True,
                skip_passes_penalty=True, stack_draw_two_on_draw_two=True,
                play_same_number=True, wild_draw_four="strict"),
    ]
    for i, rules in enumerate(mixes):
        for seed in range(6):
            rng = random.Random(seed)
            s = new_game(rules, 3, seed)
            for _ in range(200):
                if s.phase >= 4:
                    break
                seat = s.turn
                moves = legal_moves(s, seat)
                for m in moves:
                    rule = dict(check(s, m).params).get("rule", "")
                    if rule:
                        seen.add(rule)
                        assert rule_problem(rule) is None, (rules, m, rule)
                step(s, rng.choice(moves))
    assert any("=" in r for r in seen) and len(seen) >= 8, seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_compiled_rules_carry_every_field_by_its_own_name(preset):
    rules = PRESETS[preset]
    r = compile_rules(rules)
    for name in FIELDS:
        assert getattr(r, name) == getattr(rules, name), name
    # what is not a field is derived, and listed as such
    assert set(type(r).__slots__) == set(FIELDS) | set(_DERIVED)
