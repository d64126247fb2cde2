"""One log replay (issue 15): validation, gamelog.replay and the table's log viewer all step
through gamelog.replay_steps, so they agree on every step and on the first refused one."""

from __future__ import annotations

import json

import pytest

from uno_web.core import RuleSet
from uno_web.core.gamelog import (
    GameRecorder, ReplayFailure, parse_log, replay, replay_steps, validate_log,
)
from uno_web.core.moves import MoveKind
from uno_web.web.session import LogReplay, step_text
from tests.core.test_properties import run_game


def _log(seed: int = 3) -> str:
    return run_game(RuleSet(target_score=60), 3, seed, max_actions=300).to_json()


def test_replay_steps_give_the_states_and_verdicts_of_the_validator():
    text = _log()
    log = parse_log(text)
    steps = list(replay_steps(log))
    report = validate_log(text)
    assert report.valid
    actions = [s for s in steps[1:] if s.move is not None and s.move.kind != MoveKind.NEXT_ROUND]
    assert len(actions) == report.actions_checked
    assert all(s.verdict is not None and s.verdict.ok for s in steps[1:])
    assert steps[-1].state.scores == report.scores
    states, events = replay(log)
    assert [s.state.snapshot() for s in steps] == [s.snapshot() for s in states]
    # the table's viewer holds the very same steps
    viewer = LogReplay.from_json(text)
    assert [s.state.snapshot() for s in viewer.steps] == [s.state.snapshot() for s in steps]
    assert [step_text(s) for s in viewer.steps][0] == ""


@pytest.mark.parametrize("at", [0, 5])
def test_a_tampered_action_fails_at_the_same_step_everywhere(at):
    data = json.loads(_log())
    actions = data["rounds"][0]["actions"]
    actions[at] = "P9:R1" if isinstance(actions[at], str) else {"kind": "play", "seat": 9, "card": "R1"}
    text = json.dumps(data)
    report = validate_log(text)
    assert not report.valid
    with pytest.raises(ReplayFailure) as exc:
        list(replay_steps(parse_log(text)))
    assert exc.value.verdict.code.value == report.failure["code"]
    assert exc.value.step == at + 1
    viewer = LogReplay.from_json(text)
    assert viewer.failure is not None and viewer.failure.code == report.failure["code"]
    assert len(viewer.steps) == at + 1  # the deal and the actions before the refused one


def test_the_recorder_log_replays():
    rec = GameRecorder(RuleSet(), 2, 9)
    assert len(list(replay_steps(parse_log(rec.to_json())))) == 1
