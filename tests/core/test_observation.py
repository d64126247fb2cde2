"""``observe`` builds its frozen Observation without the dataclass's ``__init__`` (one dict set
at once, for speed): it must still be a complete, equal, frozen Observation, the same as the
dataclass built field by field from the rules of what a seat may see."""

from __future__ import annotations

import dataclasses
import random

import pytest

from uno_web.core import PRESETS, legal_moves, new_game, step
from uno_web.core.moves import MoveKind
from uno_web.core.observation import Observation, observe
from uno_web.core.state import GameState, Phase


def _reference(s: GameState, seat: int) -> Observation:
    """The Observation as the dataclass's own constructor makes it, each field spelled out."""
    return Observation(
        seat=seat, n=s.n, rules=s.r.rules, hand=tuple(s.hands[seat]),
        hand_counts=tuple(len(h) for h in s.hands),
        top=s.discard[-1] if s.discard else -1, color=s.color, direction=s.direction,
        turn=s.turn, phase=s.phase, pending=s.pending, discard=tuple(s.discard),
        draw_count=len(s.draw), drawn=tuple(s.drawn) if seat == s.turn else (),
        plus4_by=s.plus4_by, plus4_prev_color=s.plus4_prev_color, called=tuple(s.called),
        catchable=tuple(t for t in range(s.n)
                        if s.vuln[t] and len(s.hands[t]) == 1 and not s.called[t]),
        active=tuple(s.active), scores=tuple(s.scores), round=s.round, dealer=s.dealer,
        jump_window=s.jump_window, chain_rank=s.chain_rank, last_player=s.last_player,
        deck=s.r.cards,
        owed=s.owed,
    )


@pytest.mark.parametrize("preset", ["official", "house-party", "everything-goes"])
def test_observe_equals_the_dataclass_built_field_by_field(preset: str) -> None:
    rng = random.Random(preset)
    names = [f.name for f in dataclasses.fields(Observation)]
    seen_catchable = 0
    for seed in range(12):
        s = new_game(PRESETS[preset], 2 + seed % 2, seed)
        for _ in range(400):
            if s.phase >= Phase.ROUND_OVER:
                break
            for seat in range(s.n):
                obs = observe(s, seat)
                ref = _reference(s, seat)
                assert list(vars(obs)) == names  # every field, no other attribute
                assert obs == ref and hash(obs.hand) == hash(ref.hand)
                seen_catchable += bool(obs.catchable)
            seat = rng.choice([t for t in range(s.n) if legal_moves(s, t)])
            moves = legal_moves(s, seat)
            forgetful = [m for m in moves if not m.uno and m.kind != MoveKind.CALL_UNO]
            step(s, rng.choice(forgetful or moves))  # forget UNO calls: catch windows open
    assert seen_catchable or not PRESETS[preset].uno_call  # the catch window's branch ran


def test_observe_gives_a_frozen_observation() -> None:
    obs = observe(new_game(PRESETS["official"], 2, 1), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.seat = 1  # type: ignore[misc]
    moved = dataclasses.replace(obs, seat=1)
    assert moved.seat == 1 and obs.seat == 0 and moved.hand == obs.hand
