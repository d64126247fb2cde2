"""Bots never see the hidden cards: permuting the unseen cards of a state (the other hands and
the draw pile) never changes a decision for a fixed seed, at every level."""

from __future__ import annotations

import random

import pytest

from uno_web.ai import make_bot
from uno_web.core import PRESETS, legal_moves, new_game, observe, step
from uno_web.core.state import GameState, Phase

HARD = {"iterations": 6, "min_iterations": 1}


def permuted(s: GameState, seat: int, rng: random.Random) -> GameState:
    """``s`` with the cards ``seat`` cannot see dealt again at random (same hand sizes)."""
    t = s.copy()
    others = [i for i in range(s.n) if i != seat]
    pool = [c for i in others for c in t.hands[i]] + t.draw
    rng.shuffle(pool)
    k = 0
    for i in others:
        size = len(t.hands[i])
        t.hands[i] = pool[k:k + size]
        k += size
    t.draw = pool[k:]
    return t


def positions(preset: str, players: int, seed: int, every: int = 3):  # type: ignore[no-untyped-def]
    """States along a game played by Easy bots."""
    rules = PRESETS[preset]
    s = new_game(rules, players, seed)
    rng = random.Random(seed)
    easy = make_bot("easy")
    k = 0
    while s.phase < Phase.ROUND_OVER and k < 90:
        if k % every == 0:
            yield s.copy()
        moves = legal_moves(s, s.turn)
        step(s, easy.choose(observe(s, s.turn), moves, rng))
        k += 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("preset,players", [("official", 2), ("official", 4), ("house-party", 3),
                                            ("playing-cards", 2), ("classic-notes", 3)])
def test_permuting_unseen_cards_never_changes_a_decision(level: str, preset: str, players: int) -> None:
    opts = HARD if level == "hard" else {}
    prng = random.Random(99)
    changed = 0
    checked = 0
    for s in positions(preset, players, seed=players * 11 + len(preset), every=4 if level == "hard" else 2):
        seat = s.turn
        for trial in range(2):
            t = permuted(s, seat, prng)
            if t.snapshot() != s.snapshot():
                changed += 1
            obs_s, obs_t = observe(s, seat), observe(t, seat)
            assert obs_s == obs_t
            moves_s, moves_t = legal_moves(s, seat), legal_moves(t, seat)
            assert moves_s == moves_t
            a = make_bot(level, **opts).choose(obs_s, moves_s, random.Random(1234 + trial))
            b = make_bot(level, **opts).choose(obs_t, moves_t, random.Random(1234 + trial))
            assert a == b, (str(a), str(b), s)
            checked += 1
            # out of turn too, each seat with its own hidden cards permuted
            for other in range(s.n):
                if other == seat:
                    continue
                om = legal_moves(s, other)
                if om:
                    u = permuted(s, other, prng)
                    assert observe(u, other) == observe(s, other)
                    ra = make_bot(level, **opts).react(observe(s, other), om, random.Random(7))
                    rb = make_bot(level, **opts).react(observe(u, other), legal_moves(u, other),
                                                       random.Random(7))
                    assert ra == rb
    assert checked >= 5 and changed >= checked // 2


def test_a_bot_with_memory_plays_the_same_game_against_permuted_hidden_cards() -> None:
    """Normal and Hard remember earlier observations: feed two bots the same observation
    sequence taken from a game and a permuted twin of each position; decisions agree."""
    rules = PRESETS["official"]
    s = new_game(rules, 2, 4)
    rng = random.Random(4)
    prng = random.Random(5)
    easy = make_bot("easy")
    kinds = {"normal": ("normal", {}), "hard": ("hard", HARD),
             "hard-filter": ("hard", {**HARD, "belief": "filter"})}
    watched = {name: (make_bot(lv, **o), make_bot(lv, **o)) for name, (lv, o) in kinds.items()}
    n = 0
    while s.phase < Phase.ROUND_OVER and n < 60:
        seat = s.turn
        moves = legal_moves(s, seat)
        if seat == 0:
            t = permuted(s, 0, prng)
            for lv, (a, b) in watched.items():
                ma = a.choose(observe(s, 0), moves, random.Random(n))
                mb = b.choose(observe(t, 0), legal_moves(t, 0), random.Random(n))
                assert ma == mb, lv
            move = watched["normal"][0].choose(observe(s, 0), moves, random.Random(n))
        else:
            move = easy.choose(observe(s, seat), moves, rng)
        step(s, move)
        n += 1
    assert n > 10
    # the filter read the opponent's moves (it had something to keep hidden)
    assert {"play", "draw"} & set(watched["hard-filter"][0].filter.events)
