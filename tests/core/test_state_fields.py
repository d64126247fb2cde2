"""GameState's fields are declared once; the constructor, ``copy``, ``FIELDS`` and the slots
are made from the declarations, so each must agree with them field by field."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from uno_web.core import RuleSet, new_game
from uno_web.core.simulate import random_playout
from uno_web.core.state import GameState, compile_rules


def _mid_game() -> GameState:
    """A state in mid-round, with many fields away from their defaults."""
    s = new_game(RuleSet(jump_in=True), 3, 5)
    random_playout(s, random.Random(5), max_moves=17, fused=False)
    return s


def test_the_slots_and_FIELDS_come_from_the_declarations() -> None:
    declared = [f.name for f in fields(GameState)]
    assert GameState.__slots__ == tuple(declared)
    assert GameState.FIELDS == tuple(n for n in declared if n != "listed")
    assert not hasattr(_mid_game(), "__dict__")


def test_the_constructor_sets_every_field_to_its_default_then_the_given_ones() -> None:
    r = compile_rules(RuleSet())
    s = GameState(r, 3)
    assert (s.r, s.n, s.names, s.dealer, s.n_active, s.deck) == (r, 3, ("seat 0", "seat 1",
                                                                       "seat 2"), 2, 3, r.cards)
    assert s.hands == [[], [], []] and s.hands[0] is not s.hands[1]
    assert s.called == [False] * 3 and s.vuln == [0] * 3 and s.listed is None
    t = GameState(r, 3, turn=2, active=[True, False, True])
    assert t.turn == 2 and t.n_active == 2  # n_active follows a given active
    with pytest.raises(AttributeError, match="listed"):
        GameState(r, 3, listed=())  # a cache, not a field
    with pytest.raises(AttributeError, match="colour"):
        GameState(r, 3, colour=1)


def test_a_copy_has_every_field_and_owns_the_lists_the_engine_changes() -> None:
    s = _mid_game()
    s.listed = ()
    t = s.copy()
    assert t.snapshot() == s.snapshot()
    for name in GameState.FIELDS:
        assert getattr(t, name) == getattr(s, name), name
    assert t.listed is None  # a copy is checked afresh
    kinds = {f.name: f.metadata["copy"] for f in fields(GameState)}
    for name, how in kinds.items():
        if how == "[:]":
            assert getattr(t, name) is not getattr(s, name), name
        elif how == "hands":
            assert all(a is not b for a, b in zip(t.hands, s.hands))
        elif how == "=":
            assert getattr(t, name) is getattr(s, name), name
    t.hands[0].append(t.draw.pop())
    t.discard.append(0)
    t.called[1] = not s.called[1]
    t.vuln[2] = 2
    assert t.snapshot() != s.snapshot()
    assert s.snapshot() == s.copy().snapshot()
