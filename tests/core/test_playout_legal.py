"""The fast playout (simulate.random_playout) applies its moves unchecked: every move it makes
is held here to legal_moves, under every preset and random toggle mixes. The moves go through
the engine's ``step`` one by one (``fused=False``); tests/core/test_fused_playout.py holds the
fused loop to this play, state for state."""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest

from uno_web.core import PRESETS, RuleSet, legal_moves, new_game
from uno_web.core import simulate
from uno_web.core.state import Phase

from .test_properties import _SMALL


# the options for letsuno/uno-online's semantics: drawn from a generator of their own, so that
# adding them left every mix of the older fields (and the games played under it) as it was
_OWN_DRAW = frozenset({"misplay_keeps_turn", "finish_keeps_turn", "self_catch",
                       "jump_in_same_number", "draw_answers", "same_number_turn",
                       "jump_in_window", "jump_in_wild", "uno_call_needs_fit",
                       "misplay_may_pass", "after_draw_play", "draw_takes_penalty",
                       "draw_then_pass"})
_OWN_VALUES = frozenset({("uno_catch_window", "while-one-card")})


def _mix(rng: random.Random) -> dict[str, Any]:
    """Every RuleSet field drawn from its declaration (numbers kept small)."""
    out: dict[str, Any] = {}
    own = random.Random(hash(rng.getstate()[1]))  # reads rng without drawing from it
    for name, spec in RuleSet.model_fields.items():
        if name in _OWN_DRAW:
            out[name] = (own.random() < 0.5 if spec.annotation is bool
                         else own.choice(get_args(spec.annotation)))
        elif name in _SMALL:
            out[name] = rng.randint(*_SMALL[name])
        elif spec.annotation is bool:
            out[name] = rng.random() < 0.5
        elif get_args(spec.annotation):
            values = [v for v in get_args(spec.annotation) if (name, v) not in _OWN_VALUES]
            out[name] = rng.choice(values)
            if (name, "while-one-card") in _OWN_VALUES and own.random() < 0.25:
                out[name] = "while-one-card"
        else:
            out[name] = rng.randint(spec.ge or 0, (spec.ge or 0) + 2)
    return out


def _checked_playouts(monkeypatch: pytest.MonkeyPatch, rules: RuleSet, players: int, seed: int) -> int:
    real = simulate.step
    made = []

    def step(s, move, *args):  # type: ignore[no-untyped-def]
        assert move in legal_moves(s, move.seat), (move, legal_moves(s, move.seat))
        made.append(move)
        real(s, move, *args)

    monkeypatch.setattr(simulate, "step", step)
    s = new_game(rules, players, seed)
    simulate.random_playout(s, random.Random(seed), fused=False)
    assert s.phase >= Phase.ROUND_OVER
    return len(made)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_playout_move_is_legal_under_every_preset(monkeypatch: pytest.MonkeyPatch, preset: str) -> None:
    rules = PRESETS[preset]
    for players in (2, 4):
        for seed in range(4):
            assert _checked_playouts(monkeypatch, rules, players, 700 + seed) > 0


def test_every_playout_move_is_legal_under_random_toggle_mixes(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    done = 0
    while done < 60:
        toggles = _mix(rng)
        toggles["hand_size"] = rng.choice([3, 5, 7])
        try:
            rules = RuleSet(**toggles)
            _checked_playouts(monkeypatch, rules, rng.choice([2, 3, 4]), rng.randrange(10**6))
        except ValueError:  # a mix with too few cards for the seats
            continue
        done += 1
