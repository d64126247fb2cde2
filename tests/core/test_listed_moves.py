"""``legal_moves`` leaves its list on the state (``GameState.listed``) and ``apply`` carries out
one of those very Move objects without checking it again. That is safe only while the list
holds: these tests hold the quick way to the checked one under every preset, and show that a
move from anywhere else (a changed list, an equal move built by the caller, a list made before
the state changed in place, another state's list) is still checked."""

from __future__ import annotations

import random

import pytest

from uno_web.core import PRESETS, IllegalMove, Move, MoveKind, Phase, apply, legal_moves, new_game
from uno_web.core import engine
from uno_web.core.engine import step
from uno_web.core.rules import RuleSet
from uno_web.core.simulate import random_playout

ROUND = RuleSet(scoring="single-round")


def _turn_seat(s: object) -> int:
    return s.turn  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_listed_move_is_carried_out_as_the_same_move_checked(
        preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """State, events and verdict (code and words) of the quick way equal those of an equal
    move that is checked (a copy of the listed move is not the listed object)."""
    checked: list[Move] = []
    real_reject = engine._reject
    monkeypatch.setattr(engine, "_reject", lambda s, m: checked.append(m) or real_reject(s, m))
    rules = PRESETS[preset]
    quick_seen = 0
    for seed in range(6):
        s = new_game(rules, 2 + seed % 3, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if s.phase == Phase.GAME_OVER:
                break
            seat = next(i for i in range(s.n) if legal_moves(s, i)) if s.phase != Phase.ROUND_OVER \
                else s.active_seats()[0]
            moves = legal_moves(s, seat)
            listed = moves[rng.randrange(len(moves))]
            twin = Move(*listed)  # equal, not the same object: checked in full
            assert twin == listed and twin is not listed
            before = s.snapshot()
            a = apply(s, listed)
            assert not checked  # the listed move went the quick way
            b = apply(s, twin)
            assert checked == [twin]
            checked.clear()
            assert s.snapshot() == before
            assert a.state.snapshot() == b.state.snapshot()
            assert a.events == b.events
            assert a.verdict.code == b.verdict.code
            assert a.verdict.message == b.verdict.message
            assert a.state.listed is None  # a new state has no list until one is asked for
            quick_seen += 1
            s = a.state
    assert quick_seen > 100


def test_a_move_added_to_the_returned_list_is_still_checked() -> None:
    s = new_game(ROUND, 2, 3)
    moves = legal_moves(s, s.turn)
    foreign = Move(MoveKind.PLAY, s.turn, s.hands[1 - s.turn][0])  # a card that is not in hand
    moves.append(foreign)
    with pytest.raises(IllegalMove) as exc:
        apply(s, foreign)
    assert exc.value.verdict.code.value.startswith("E_")


def test_a_list_made_before_the_state_changed_in_place_is_not_trusted() -> None:
    """``step`` (the executor, also behind ``apply_in_place``) and the fused playout change a
    state in place: the list made before no longer holds, and its moves are checked."""
    for changer in ("step", "playout"):
        s = new_game(ROUND, 2, 11)
        moves = legal_moves(s, s.turn)
        first = moves[0]
        assert s.listed is not None
        if changer == "step":
            step(s, next(m for m in moves if m.kind == MoveKind.DRAW) if any(
                m.kind == MoveKind.DRAW for m in moves) else first)
        else:
            random_playout(s, random.Random(1), max_moves=3)
        assert s.listed is None
        stale = [m for m in moves if m not in legal_moves(s, first.seat)]
        assert stale, "the test needs a move the change made illegal"
        s.listed = None
        for m in stale:
            with pytest.raises(IllegalMove):
                apply(s, m)


def test_a_list_belongs_to_the_state_it_was_made_for() -> None:
    """Another state's listed move, a copy's, and a list made for another seat are checked."""
    s = new_game(ROUND, 3, 5)
    seat = _turn_seat(s)
    moves = legal_moves(s, seat)
    play = next(m for m in moves if m.kind == MoveKind.PLAY)
    after = apply(s, play).state
    with pytest.raises(IllegalMove):  # the same card again, from the old state's list
        apply(after, play)
    c = s.copy()
    assert c.listed is None and c.snapshot() == s.snapshot()
    other = (seat + 1) % 3
    legal_moves(s, other)  # the state keeps the last list only
    assert s.listed is not None and all(m.seat == other for m in s.listed)
    assert apply(s, play).state.snapshot() == after.snapshot()  # still legal, checked again


def test_the_list_is_not_part_of_the_game() -> None:
    s = new_game(ROUND, 2, 8)
    before = s.snapshot()
    legal_moves(s, s.turn)
    assert s.snapshot() == before
    assert "listed" not in type(s).FIELDS


@pytest.mark.parametrize("scoring", ["target", "elimination"])
def test_copies_share_only_the_lists_the_engine_replaces(scoring: str) -> None:
    """``GameState.copy`` shares ``drawn``, ``round_points``, ``scores`` and ``active`` (the
    engine replaces them, never changes them in place): whole games through ``apply``, round
    ends, scores and eliminations included, never change a state once made."""
    rules = RuleSet(scoring=scoring, target_score=400, elimination_threshold=120)  # type: ignore[arg-type]
    ends = eliminated = 0
    for seed in range(4):
        s = new_game(rules, 4, seed)
        rng = random.Random(seed)
        history = [(s, s.snapshot())]
        while s.phase != Phase.GAME_OVER:
            seat = s.active_seats()[0] if s.phase == Phase.ROUND_OVER else s.turn
            moves = [m for m in legal_moves(s, seat) if m.kind != MoveKind.CATCH]
            t = apply(s, moves[rng.randrange(len(moves))])
            ends += any(type(e).__name__ == "RoundWon" for e in t.events)
            eliminated += any(type(e).__name__ == "PlayerEliminated" for e in t.events)
            s = t.state
            history.append((s, s.snapshot()))
        assert all(st.snapshot() == snap for st, snap in history)
    assert ends >= 8
    if scoring == "elimination":
        assert eliminated >= 4
