"""The deck invariant move by move (``invariants.same_cards``, and ``same_cards_as`` against a
copy taken before a move made in place: the validator's check after every action) is exact: it
agrees with comparing every card, for real moves under every preset (reshuffles, swaps and
rotations included) and for states corrupted in every pile; and a log replay whose engine loses
or invents a card is stopped with E_DECK_INVARIANT."""

from __future__ import annotations

import random

import pytest

from uno_web.core import PRESETS, Reason, RuleSet, apply, legal_moves, new_game
from uno_web.core import engine
from uno_web.core.gamelog import GameRecorder, parse_log, validate_log
from uno_web.core.invariants import CardTracker, cards_of, same_cards, same_cards_as
from uno_web.core.moves import MoveKind
from uno_web.core.state import GameState, Phase


def _full(old: GameState, new: GameState) -> bool:
    return sorted(old.all_cards()) == sorted(new.all_cards())


def _corruptions(s: GameState, rng: random.Random) -> list[GameState]:
    """Copies of ``s`` with one card changed, lost or duplicated, in each pile."""
    other = next(c for c in sorted(set(s.r.cards)) if s.r.cards.count(c) == 1) \
        if any(s.r.cards.count(c) == 1 for c in s.r.cards) else s.r.cards[0]
    out = []
    for pile in ("hand", "draw", "discard"):
        for how in ("change", "lose", "duplicate"):
            t = s.copy()
            cards = t.hands[rng.randrange(t.n)] if pile == "hand" else getattr(t, pile)
            if not cards:
                continue
            i = rng.randrange(len(cards))
            if how == "change":
                cards[i] = other if cards[i] != other else s.r.cards[-1]
            elif how == "lose":
                del cards[i]
            else:
                cards.append(cards[i])
            out.append(t)
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_same_cards_agrees_with_counting_every_card(preset: str) -> None:
    rng = random.Random(preset)
    moves_seen = fast = 0
    for seed in range(3):
        s = new_game(PRESETS[preset], 2 + seed, seed)
        follower = s.copy()  # one state changed in place all game, as the validator's
        tracker = CardTracker(follower)
        for _ in range(600):
            if s.phase == Phase.GAME_OVER:
                break
            movers = [t for t in range(s.n) if legal_moves(s, t)]
            moves = legal_moves(s, rng.choice(movers))
            plays = [m for m in moves if m.kind == MoveKind.PLAY]
            move = rng.choice(plays if plays and rng.random() < 0.8 else moves)
            new = apply(s, move).state
            before = cards_of(s)
            in_place = s.copy()
            engine.apply_in_place(in_place, move)
            assert same_cards(s, new) and _full(s, new) and same_cards_as(before, in_place)
            engine.apply_in_place(follower, move)
            assert follower.snapshot() == new.snapshot() and tracker.check(follower)
            assert (tracker.draw, tracker.discard, tracker.hands) == (new.draw, new.discard,
                                                                       new.hands)
            fast += len(new.draw) <= len(s.draw) and len(new.discard) >= len(s.discard)
            for bad in _corruptions(new, rng):
                assert same_cards(s, bad) is _full(s, bad) is same_cards_as(before, bad) is False
                assert CardTracker(s).check(bad) is False
            moves_seen += 1
            s = new
    assert moves_seen > 300 and fast > moves_seen // 2  # the cheap branch is the usual one


def test_a_replay_whose_engine_invents_a_card_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = GameRecorder(RuleSet(), 2, 3)
    rng = random.Random(3)
    for _ in range(30):
        s = rec.state
        rec.apply(rng.choice(legal_moves(s, s.turn)))
    log = parse_log(rec.to_json())
    assert validate_log(log).valid
    real = engine.step
    calls = {"n": 0}

    def buggy(s, move, ev=None, src=engine._RngOnly):  # type: ignore[no-untyped-def]
        real(s, move, ev, src)
        calls["n"] += 1
        if calls["n"] == 12:  # a bug: one card too many in the mover's hand
            s.hands[move.seat].append(s.hands[move.seat][0] if s.hands[move.seat] else 0)

    monkeypatch.setattr(engine, "_execute", buggy)
    report = validate_log(log)
    assert not report.valid and report.failure is not None
    assert report.failure["code"] == Reason.E_DECK_INVARIANT.value
