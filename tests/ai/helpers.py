"""Helpers for the AI tests: build observations directly and get real legal moves for them."""

from __future__ import annotations

import random
from typing import Any, Sequence

from uno_web.core import PRESETS, Move, RuleSet, legal_moves, parse_card
from uno_web.core.observation import Observation, sample_state
from uno_web.core.state import Phase, deck_cards


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def make_obs(
    hand: str,
    top: str,
    color: int | None = None,
    counts: Sequence[int] = (7,),
    seat: int = 0,
    rules: RuleSet | None = None,
    phase: int = Phase.PLAY,
    discard: str = "",
    **kw: Any,
) -> Observation:
    """An observation for ``seat`` holding ``hand`` with ``top`` on the pile.

    ``counts`` are the card counts of the other seats in seat order (skipping ``seat``).
    """
    rules = rules or PRESETS["official"]
    h = cards(hand)
    t = parse_card(top) if top else -1
    others = list(counts)
    n = len(others) + 1
    hc = others[:seat] + [len(h)] + others[seat:]
    pile = cards(discard) + ((t,) if t >= 0 else ())
    from uno_web.core.cards import COLOR_OF

    if color is None:
        color = COLOR_OF[t] if t >= 0 else -1
    base: dict[str, Any] = dict(
        seat=seat, n=n, rules=rules, hand=h, hand_counts=tuple(hc), top=t, color=color,
        direction=1, turn=seat, phase=phase, pending=0, discard=pile,
        draw_count=0, drawn=(), plus4_by=-1, plus4_prev_color=-1, called=(False,) * n,
        catchable=(), active=(True,) * n, scores=(0,) * n, round=1, dealer=n - 1,
        jump_window=False, last_player=-1, deck=deck_cards(rules.deck), chain_rank=-1,
    )
    base.update(kw)
    obs = Observation(**base)
    unseen = sum(obs.unseen().values())
    held = sum(hc) - len(h)
    base["draw_count"] = unseen - held
    assert base["draw_count"] >= 0, "more cards in hands than the deck has"
    return Observation(**base)


def moves_for(obs: Observation, seed: int = 0) -> list[Move]:
    """The real legal moves of ``obs.seat`` in a state consistent with ``obs``."""
    s = sample_state(obs, random.Random(seed))
    return legal_moves(s, obs.seat)


def state_for(obs: Observation, seed: int = 0):  # type: ignore[no-untyped-def]
    return sample_state(obs, random.Random(seed))
