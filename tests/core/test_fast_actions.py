"""A log's action read from text without its model (``gamelog._fast_move``, the validator's
quick way) must be the move the model gives, and anything the quick way is not sure of must go
to the model (None): checked on the recorder's own actions and on many bent copies of them
(values of the wrong type or range, keys missing, renamed or added, pile orders present)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from uno_web.core import RuleSet, legal_moves
from uno_web.core.fields import FieldProblem
from uno_web.core.gamelog import GameRecorder, _ACTIONS_CHECK, _fast_move, move_from_action

ODD = [None, True, False, 0, 1, 9, 10, -1, 2.0, "", "R5", "W+4", "r5", "G", "Q", [], [[1]], {},
       "play", "draw", "catch"]


def _recorded_actions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed in range(4):
        rec = GameRecorder(RuleSet(seven_swap=True, jump_in=True), 3, seed)
        rng = random.Random(seed)
        for _ in range(150):
            s = rec.state
            if s.phase >= 4:
                break
            seat = next(t for t in range(s.n) if legal_moves(s, t))
            rec.apply(rng.choice(legal_moves(s, seat)))
        doc = json.loads(rec.to_json())
        out += [a for r in doc["rounds"] for a in r["actions"]]
    return out


def _model_move(d: Any) -> Any:
    try:
        [a] = _ACTIONS_CHECK([d])
    except FieldProblem:
        return "refused"
    return move_from_action(a)


def _agrees(d: Any) -> bool:
    quick = _fast_move(d)
    if quick is None:
        return True  # the model decides
    model = _model_move(d)
    return bool(model == quick and tuple(map(type, model)) == tuple(map(type, quick)))


def test_the_recorders_actions_take_the_quick_way_to_the_models_move() -> None:
    actions = _recorded_actions()
    kinds = {a["kind"] for a in actions}
    assert {"play", "draw"} <= kinds
    for a in actions:
        assert _fast_move(a) is not None, a
        assert _agrees(a), a


@pytest.mark.parametrize("seed", range(8))
def test_bent_actions_are_read_as_the_model_reads_them(seed: int) -> None:
    rng = random.Random(seed)
    actions = _recorded_actions()
    for _ in range(1500):
        d = dict(rng.choice(actions))
        for _ in range(rng.randrange(1, 3)):
            how = rng.randrange(4)
            key = rng.choice(list(d) + ["extra"])
            if how == 0:
                d[key] = rng.choice(ODD)
            elif how == 1:
                d.pop(key, None)
            elif how == 2:
                d["reshuffles"] = rng.choice([[], [["R5"]], None, "x"])
            else:
                d[rng.choice(["kind", "seat", "card"])] = rng.choice(ODD)
        assert _agrees(d), d

