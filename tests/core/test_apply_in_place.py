"""``apply_in_place`` (the validator's step: the checks of ``apply``, then the move carried out on
the state itself) agrees with ``apply`` move for move: the same state after a legal move, the
same ``P_`` verdict for a move accepted at a cost, the same refusal for an illegal one with the
state unchanged; and validating a log in place gives the very report that a replay which copies
the state at every step gives, for valid logs and for logs corrupted in their moves and their
pile orders."""

from __future__ import annotations

import json
import random

import pytest

from uno_web.core import (
    PRESETS, IllegalMove, Move, MoveKind, Phase, apply, apply_in_place, legal_moves, new_game,
)
from uno_web.core.gamelog import GameRecorder, ValidationReport, _validate, parse_log, validate_log
from uno_web.core.reasons import Reason
from uno_web.core.state import GameState


def _wild_move(s: GameState, rng: random.Random) -> Move:
    """A move that is often illegal (or, under the penalty house rules, accepted at a cost): any
    card of any hand, a random colour and target, or a move of another kind by a random seat."""
    seat = rng.randrange(s.n)
    hand = s.hands[seat]
    if hand and rng.random() < 0.7:
        card = rng.choice(hand)
        return Move(MoveKind.PLAY, seat, card, rng.choice([-1, 0, 1, 2, 3]), rng.choice([-1, -1, 0, 1]),
                    rng.random() < 0.2)
    kind = rng.choice([MoveKind.DRAW, MoveKind.PASS, MoveKind.CALL_UNO, MoveKind.ACCEPT,
                       MoveKind.CHALLENGE, MoveKind.CHOOSE_COLOR])
    if kind == MoveKind.CHOOSE_COLOR:
        return Move.choose_color(seat, rng.randrange(4))
    return Move(kind, seat)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_apply_in_place_agrees_with_apply(preset: str) -> None:
    rng = random.Random("in place " + preset)
    outcomes = {"legal": 0, "refused": 0, "penalized": 0}
    for seed in range(4):
        s = new_game(PRESETS[preset], 2 + seed % 3, seed)
        for _ in range(400):
            if s.phase == Phase.GAME_OVER:
                break
            if s.phase == Phase.ROUND_OVER or rng.random() < 0.6:
                movers = [t for t in range(s.n) if legal_moves(s, t)]
                move = rng.choice(legal_moves(s, rng.choice(movers)))
            else:
                move = _wild_move(s, rng)
            mine = s.copy()
            try:
                t = apply(s, move)
            except IllegalMove as exc:
                with pytest.raises(IllegalMove) as got:
                    apply_in_place(mine, move)
                assert got.value.verdict.code == exc.verdict.code
                assert got.value.verdict.message == exc.verdict.message
                assert mine.snapshot() == s.snapshot()  # a refusal changes nothing
                outcomes["refused"] += 1
                continue
            verdict = apply_in_place(mine, move)
            assert mine.snapshot() == t.state.snapshot()
            if t.verdict.code.penalized:
                assert verdict is not None and verdict.code == t.verdict.code
                outcomes["penalized"] += 1
            else:
                assert verdict is None
                outcomes["legal"] += 1
            s = t.state
    assert outcomes["legal"] > 300 and outcomes["refused"] > 50
    if any(getattr(PRESETS[preset], f) for f in ("misplay_penalty", "false_uno_penalty")):
        assert outcomes["penalized"] > 0


def _copying_report(log_json: str) -> ValidationReport:
    """validate_log's replay with a state copied at every step (``apply``)."""
    return _validate(parse_log(log_json), in_place=False)


def _recorded(preset: str, players: int, seed: int) -> str:
    rec = GameRecorder(PRESETS[preset], players, seed)
    rng = random.Random(seed)
    for _ in range(900):
        s = rec.state
        if s.phase == Phase.GAME_OVER:
            break
        seat = s.active_seats()[0] if s.phase == Phase.ROUND_OVER else s.turn
        moves = legal_moves(s, seat)
        plays = [m for m in moves if m.kind == MoveKind.PLAY]
        rec.apply(rng.choice(plays if plays and rng.random() < 0.5 else moves))
    return rec.to_json()


def _corrupted(log_json: str, rng: random.Random) -> tuple[str, str]:
    """The log with one fault: a reshuffle dropped, its order broken, an unexpected one added,
    or an action's card or seat changed."""
    d = json.loads(log_json)
    spots = [(i, j) for i, r in enumerate(d["rounds"]) for j in range(len(r["actions"]))]
    shuffled = [(i, j) for i, j in spots if d["rounds"][i]["actions"][j].get("reshuffles")]
    how = rng.choice(["drop", "break", "extra", "card", "seat"] if shuffled else
                     ["extra", "card", "seat"])
    if how in ("drop", "break"):
        i, j = rng.choice(shuffled)
        a = d["rounds"][i]["actions"][j]
        if how == "drop":
            a["reshuffles"] = []
        else:
            a["reshuffles"][0] = a["reshuffles"][0][1:] + ["W"]
    else:
        i, j = rng.choice(spots)
        a = d["rounds"][i]["actions"][j]
        if how == "extra":
            a["reshuffles"] = [d["rounds"][i]["deck"][:5]]
        elif how == "card" and a["kind"] == "play":
            a["card"] = rng.choice(["R5", "G2", "B+2", "YS", "W", "+4"])
        else:
            a["seat"] = (a["seat"] + 1) % len(d["seats"])
    return json.dumps(d), how


@pytest.mark.parametrize("preset", list(PRESETS))
def test_validating_in_place_gives_the_copying_replays_report(preset: str) -> None:
    rng = random.Random("reports " + preset)
    kinds: dict[str, int] = {}
    codes: set[str] = set()
    for seed in range(6):
        good = _recorded(preset, 2 + seed % 3, seed)
        assert validate_log(good) == validate_log(parse_log(good)) == _copying_report(good)
        assert validate_log(good).valid
        for _ in range(4):
            bad, how = _corrupted(good, rng)
            kinds[how] = kinds.get(how, 0) + 1
            report = validate_log(parse_log(bad))
            assert report == _copying_report(bad) == validate_log(bad)  # the stream reads it too
            if not report.valid:
                assert report.failure is not None
                codes.add(report.failure["code"])
    reshuffle_codes = {Reason.E_RESHUFFLE_MISSING.value, Reason.E_RESHUFFLE_NOT_PERMUTATION.value,
                       Reason.E_RESHUFFLE_UNEXPECTED.value}
    assert codes & reshuffle_codes and codes - reshuffle_codes  # both kinds of fault were met


def test_a_fault_found_after_the_move_leaves_the_report_at_the_scores_before_it() -> None:
    """An unexpected pile order on the action that ends a round shows only after the round is
    scored: the report still gives the scores before that action, as the copying replay does."""
    d = json.loads(_recorded("official", 2, 5))
    assert len(d["rounds"]) >= 2
    last = d["rounds"][0]["actions"][-1]
    last["reshuffles"] = [d["rounds"][0]["deck"][:3]]
    bad = json.dumps(d)
    report = validate_log(parse_log(bad))
    assert not report.valid and report.failure is not None
    assert report.failure["code"] == Reason.E_RESHUFFLE_UNEXPECTED.value
    assert report.scores == [0, 0] and report == _copying_report(bad) == validate_log(bad)


@pytest.mark.parametrize("bad", [
    ("state", "not a state", Move(MoveKind.DRAW, 0), None),
    ("move", None, "P0:draw", None),
    ("move", None, Move(MoveKind.PLAY, 0, 10_000), None),
    ("shuffles", None, Move(MoveKind.DRAW, 0), "R1 G2"),
    ("shuffles", None, Move(MoveKind.DRAW, 0), [["R1"]]),
])
def test_bad_input_gets_apply_s_answer_and_leaves_the_state_alone(bad: tuple) -> None:
    what, state, move, shuffles = bad
    s = new_game(PRESETS["official"], 2, 7) if state is None else state
    before = s.snapshot() if isinstance(s, GameState) else None
    answers = []
    for f in (apply, apply_in_place):
        try:
            f(s, move, shuffles)
            answers.append(("no error", ""))
        except IllegalMove as exc:
            answers.append(("IllegalMove", exc.verdict.code.value))
        except TypeError as exc:
            answers.append(("TypeError", str(exc)))
    assert answers[0] == answers[1] and answers[0][0] != "no error"
    assert answers[0][0] == ("IllegalMove" if what == "move" else "TypeError")
    if before is not None:
        assert s.snapshot() == before
