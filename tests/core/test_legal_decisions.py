"""One decision per move kind, and verdicts that carry facts, not words.

Each move kind's rule lives in one function of ``uno_web.core.legality`` that returns
``(Reason, facts)`` or None; ``check`` words it and ``legal_moves`` lists what it allows. These
tests hold the three together on random positions of every preset, and check that the facts a
verdict carries are raw (seats, cards, counts, the toggle): no sentence is built while a move is
validated.
"""

from __future__ import annotations

import random

import pytest

from uno_web.core import PRESETS, Move, MoveKind, Phase, apply, check, legal_moves, new_game
from uno_web.core.cards import ALL_CARDS
from uno_web.core.legality import (
    accept_problem, challenge_problem, draw_problem, jump_card_problem, jump_window_problem,
    pass_problem, turn_play_problem, uno_problem,
)
from uno_web.core.reasons import Reason

# params that hold something other than a seat, card, colour or number: a wording (form), a
# toggle (rule), a refused move's code (broken) or an outside value quoted for E_MALFORMED
_TEXT_KEYS = {"form", "rule", "broken", "value", "field", "empty", "last", "who_value", "detail",
              "deck", "what"}


def _positions(preset: str, seed: int, steps: int = 60):
    rules = PRESETS[preset]
    players = 2 + seed % 3
    if players * rules.hand_size >= 54 and rules.deck != "uno":
        players = 2
    rng = random.Random(seed)
    s = new_game(rules, players, seed)
    for _ in range(steps):
        yield s, rng
        moves = [m for t in range(s.n) for m in legal_moves(s, t)]
        if not moves or s.phase == Phase.GAME_OVER:
            return
        s = apply(s, rng.choice(moves)).state


def _facts_are_raw(v) -> None:
    for key, value in v.params:
        if key == "names":
            assert all(isinstance(n, str) for n in value)
        elif key == "why":
            for k, x in value:
                assert k in _TEXT_KEYS or not isinstance(x, str), (v.code, k, x)
        elif key == "options":
            assert set(value) <= {"challenge", "stack", "reverse", "skip", "take"}
        else:
            assert key in _TEXT_KEYS or not isinstance(value, str), (v.code, key, value)
    # and the words come from them, in both languages
    assert v.detail and v.message.startswith(v.code.value + ": ")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_each_kind_is_listed_exactly_when_its_decision_allows_it(preset: str) -> None:
    for seed in range(3):
        for s, rng in _positions(preset, seed):
            if s.phase >= Phase.ROUND_OVER:
                continue
            turn = s.turn
            listed = {m.kind for m in legal_moves(s, turn)}
            if s.phase != Phase.CHOOSE_COLOR:
                assert (MoveKind.DRAW in listed) == (draw_problem(s, turn) is None)
                assert (MoveKind.PASS in listed) == (pass_problem(s, turn) is None)
                assert (MoveKind.CHALLENGE in listed) == (challenge_problem(s) is None)
                assert (MoveKind.ACCEPT in listed) == (accept_problem(s) is None)
                hand = s.hands[turn]
                plays = {m.card for m in legal_moves(s, turn) if m.kind == MoveKind.PLAY}
                assert plays == {c for c in hand if turn_play_problem(s, turn, c, hand) is None}
            for seat in range(s.n):
                if not s.active[seat]:
                    continue
                hand = s.hands[seat]
                kinds = {m.kind for m in legal_moves(s, seat)}
                if s.r.uno_call:
                    assert (MoveKind.CALL_UNO in kinds) == (uno_problem(s, seat, hand) is None)
                if seat != turn and s.r.jump_in and s.discard:
                    top = s.discard[-1]
                    may = (jump_window_problem(s) is None and top in hand
                           and jump_card_problem(s, top, hand) is None)
                    if not may:
                        assert MoveKind.PLAY not in kinds
                # the verdict on each kind is its decision's code
                for kind in (MoveKind.DRAW, MoveKind.PASS, MoveKind.CHALLENGE, MoveKind.ACCEPT):
                    if seat != turn or s.phase == Phase.CHOOSE_COLOR:
                        continue
                    decide = {MoveKind.DRAW: lambda: draw_problem(s, seat),
                              MoveKind.PASS: lambda: pass_problem(s, seat),
                              MoveKind.CHALLENGE: lambda: challenge_problem(s),
                              MoveKind.ACCEPT: lambda: accept_problem(s)}[kind]()
                    v = check(s, Move(kind, seat))
                    assert (decide is None) == v.ok
                    if decide is not None:
                        assert v.code == decide[0]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_verdicts_carry_raw_facts(preset: str) -> None:
    seen: set[Reason] = set()
    for seed in range(2):
        for s, rng in _positions(preset, seed, steps=40):
            for seat in range(-1, s.n + 1):
                cands = [Move(k, seat) for k in (MoveKind.DRAW, MoveKind.PASS,
                                                  MoveKind.CHALLENGE, MoveKind.ACCEPT,
                                                  MoveKind.CALL_UNO, MoveKind.NEXT_ROUND)]
                cands += [Move(MoveKind.CATCH, seat, -1, -1, t) for t in range(-1, s.n + 1)]
                cards = (s.hands[seat] if 0 <= seat < s.n else []) + [rng.choice(ALL_CARDS)]
                for c in cards[:6]:
                    cands += [Move(MoveKind.PLAY, seat, c, rng.choice((-1, 0, 9))),
                              Move(MoveKind.PLAY, seat, c, -1, rng.randrange(-1, s.n + 1), True)]
                for m in cands:
                    v = check(s, m)
                    _facts_are_raw(v)
                    seen.add(v.code)
            for m in legal_moves(s, s.turn)[:3]:
                _facts_are_raw(apply(s, m).verdict)
    assert len(seen) > 12  # refusals and acceptances of many kinds were seen
