"""A position describes every state reachable in play: ``build_state(position_from_state(s))``
is accepted and is the same game as ``s``, directly and through a share link's query.

Random games under every preset (and the toggles that add state: the catch windows, several
cards of one number, elimination) are played with random moves of every seat: plays with a
colour for wilds, jump-ins, draws, UNO calls, catches, challenges, and the moves the house rules
accept at a cost (``P_`` verdicts). After every move the state is described, rebuilt and
compared field by field, and every legal move is carried out on both and the results compared.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from uno_web.core import PRESETS, Move, MoveKind, Phase, RulesError, apply, check, legal_moves, new_game
from uno_web.core.position import (
    PositionError, build_state, position_from_query, position_from_state, position_to_query,
)
from uno_web.core.rules import resolve_rules
from uno_web.core.state import GameState

EXTRA = st.fixed_dictionaries({}, optional={
    "uno_catch_window": st.sampled_from(["next-action", "next-turn-end", "until-next-play"]),
    "play_same_number": st.booleans(),
    "jump_in": st.booleans(),
    "scoring": st.just("elimination"),
    "elimination_threshold": st.sampled_from([1, 20]),
    "hand_size": st.sampled_from([2, 3]),
})


def _fields(s: GameState) -> dict[str, Any]:
    """Every field of the state as plain values. A catch window left open on a seat that no
    longer holds one card is closed: nobody can be caught for it (catching needs exactly one
    card) and no later move can make it count again, so a position leaves it out. The
    positions of earlier draws from an empty pile (``spent``, for the repeated-position rule)
    are the round's history, not its position: a position leaves them out, as a chess FEN
    leaves out the positions before it, and a game rebuilt from it counts repeats afresh."""
    out = {k: getattr(s, k) for k in GameState.FIELDS if k not in ("r", "spent")}
    out["hands"] = [tuple(h) for h in s.hands]
    out["vuln"] = [v if len(h) == 1 else 0 for v, h in zip(s.vuln, s.hands)]
    out["rules"] = s.r.rules
    return {k: tuple(v) if isinstance(v, list) else v for k, v in out.items()}


def _same_game(a: GameState, b: GameState) -> None:
    fa, fb = _fields(a), _fields(b)
    assert fa == fb, {k: (fa[k], fb[k]) for k in fa if fa[k] != fb[k]}


def _round_trip(s: GameState, preset: str) -> None:
    pos = position_from_state(s, preset)
    back = build_state(pos)
    _same_game(s, back)
    # a share link carries the same position
    assert position_from_query(position_to_query(pos)) == pos
    # and the rebuilt state plays on as the original: the same moves, the same outcomes
    for seat in range(s.n):
        moves = legal_moves(s, seat)
        assert legal_moves(back, seat) == moves
        for m in moves[:4]:
            _same_game(apply(s, m).state, apply(back, m).state)


def _any_move(s: GameState, seat: int, rnd: st.DataObject) -> Move | None:
    """A play of any card of ``seat``'s hand (with a random colour and target): legal or not;
    the caller keeps it only if the rules accept it (a ``P_`` verdict among them)."""
    hand = s.hands[seat]
    if not hand:
        return None
    card = rnd.draw(st.sampled_from(hand))
    color = rnd.draw(st.sampled_from(list(s.r.colors)))
    return Move(MoveKind.PLAY, seat, card=card, color=color,
                target=rnd.draw(st.integers(-1, s.n - 1)))


# fewer under Pyodide, where the core's suite runs too and every example is several times slower
@settings(max_examples=120 if sys.platform != "emscripten" else 25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(preset=st.sampled_from(list(PRESETS)), extra=EXTRA, players=st.integers(2, 6),
       seed=st.integers(0, 2**32), steps=st.integers(1, 90), rnd=st.data())
def test_every_reachable_state_round_trips(preset: str, extra: dict[str, Any], players: int,
                                           seed: int, steps: int, rnd: st.DataObject) -> None:
    try:
        rules = resolve_rules(preset, extra)
        s = new_game(rules, players, seed)
    except (RulesError, ValueError):
        assume(False)
        return
    _round_trip(s, preset)
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER:
            break
        seat = rnd.draw(st.integers(0, s.n - 1))
        move: Move | None
        if rnd.draw(st.integers(0, 9)) == 0:  # now and then a move the rules may only tolerate
            move = _any_move(s, seat, rnd)
            if move is None or not check(s, move).ok:
                continue
        else:
            moves = legal_moves(s, seat) or legal_moves(s, s.turn)
            if not moves:
                continue
            move = rnd.draw(st.sampled_from(moves))
        s = apply(s, move).state
        if s.phase >= Phase.ROUND_OVER:
            with pytest.raises(PositionError, match="round is over"):
                position_from_state(s, preset)
            continue
        _round_trip(s, preset)


def test_the_share_reproducer_house_party_wild_draw_four() -> None:
    """A Wild Draw Four under house-party leaves the jump-in window open on a wild top card."""
    s = new_game(PRESETS["house-party"], 3, 0)
    for text in "D0 K0 P1:R2 P2:W+4=G".split():
        from uno_web.core import parse_move

        s = apply(s, parse_move(text)).state
    assert s.jump_window and s.phase == Phase.PENALTY
    _round_trip(s, "house-party")


@pytest.mark.parametrize("kw, fragment", [
    ({"phase": "drawn"}, "needs the cards just drawn"),
    ({"phase": "drawn", "drawn": "B5"}, "not there: B5"),
    ({"drawn": "R7"}, "go with phase=drawn"),
    ({"same_number": 7}, "play_same_number"),
    ({"called": [0], "uncalled": [0]}, "not also uncalled"),
    ({"called": [4]}, "called: 4 is not a seat"),
    ({"uncalled": [1], "uncalled_fresh": [1]}, "next-turn-end"),
    ({"uncalled": [1], "uncalled_fresh": [0],
      "overrides": {"uno_catch_window": "next-turn-end"}}, "in uncalled too"),
    ({"out": [1]}, "elimination"),
    ({"out": [1], "overrides": {"scoring": "elimination"}}, "hand is empty"),
    ({"hands": ["R7", ""], "out": [1], "overrides": {"scoring": "elimination"}},
     "at least two seats"),
    ({"stuck": 3}, "only 2 seats"),
    ({"plus4_color": "purple"}, "plus4_color"),
    ({"last_player": 5}, "last_player: 5 is not a seat"),
])
def test_the_new_fields_are_checked(kw: dict[str, Any], fragment: str) -> None:
    base: dict[str, Any] = {"hands": ["R7 G5", "B1"], "top": "R9"}
    with pytest.raises(PositionError, match=fragment):
        build_state({**base, **kw})


def test_the_new_fields_build_what_they_say() -> None:
    s = build_state({"hands": ["R7 G5 B5", "B1", "Y2"], "top": "R9", "phase": "drawn",
                     "drawn": "B5", "called": [1], "stuck": 1, "shuffles": 3,
                     "last_player": 2, "plus4_color": "G"})
    assert s.phase == Phase.DRAWN and [c for c in s.drawn] == [s.hands[0][2]]
    assert s.called == [False, True, False] and s.stuck == 1 and s.shuffle_count == 3
    assert s.last_player == 2 and s.plus4_prev_color >= 0
    assert [m.kind for m in legal_moves(s, 0) if m.kind != MoveKind.PLAY] == [MoveKind.PASS]
    fresh = build_state({"hands": ["R7", "B1 B2"], "top": "R9", "uncalled": [0],
                         "uncalled_fresh": [0], "overrides": {"uno_catch_window": "next-turn-end"}})
    assert fresh.vuln == [2, 0]
    chain = build_state({"hands": ["R7 G7 B2", "B1"], "top": "Y7", "same_number": 7,
                         "overrides": {"play_same_number": True}})
    assert [str(m) for m in legal_moves(chain, 0)] == ["P0:R7", "P0:G7", "K0"]
    out = build_state({"hands": ["R7", "", "B1"], "top": "R9", "out": [1],
                       "overrides": {"scoring": "elimination"}})
    assert out.active == [True, False, True] and out.n_active == 2
