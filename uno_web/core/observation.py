"""What one player may see: the observation given to bots and the view the table renders.

An :class:`Observation` holds the player's own hand and the public table, never the other hands
or the order of the draw pile. Bots receive an observation and the legal moves, nothing else.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .cards import IS_WILD
from .catch_window import catchable
from .reasons import quote_value
from .rules import RuleSet
from .state import GameState, Phase

__all__ = ["Observation", "observe"]


@dataclass(frozen=True)
class Observation:
    """What one seat may know of the game: its hand, the counts, the piles."""

    seat: int
    n: int
    rules: RuleSet
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]  # cards held by every seat
    top: int  # -1 before the first card is led
    color: int  # the current colour (-1 while none)
    direction: int
    turn: int
    phase: Phase
    pending: int
    discard: tuple[int, ...]  # the public discard pile, bottom first
    draw_count: int
    drawn: tuple[int, ...]  # cards this player just drew (DRAWN phase)
    plus4_by: int  # who played a challengeable Wild Draw Four (-1 none)
    plus4_prev_color: int  # the colour in force before that Wild Draw Four
    called: tuple[bool, ...]  # who has called UNO
    catchable: tuple[int, ...]  # seats that may be caught for a missed UNO call now
    active: tuple[bool, ...]
    scores: tuple[int, ...]
    round: int
    dealer: int
    jump_window: bool
    chain_rank: int  # play_same_number: the number the turn player may add more of, else -1
    last_player: int
    deck: tuple[int, ...]  # the deck's multiset (public knowledge)
    #: penalty_draw = one-by-one: the penalty cards the turn player still has to draw
    owed: int = 0

    def unseen(self) -> Counter[int]:
        """Cards this player cannot see: in other hands or the draw pile (card counting)."""
        c = Counter(self.deck)
        c.subtract(self.hand)
        c.subtract(self.discard)
        return +c

    @property
    def wild_count(self) -> int:
        return sum(1 for c in self.hand if IS_WILD[c])


def observe(s: GameState, seat: int) -> Observation:
    """What ``seat`` may see of ``s``. ``seat`` must be a seat of the table (0 to ``s.n - 1``,
    also when that player is out of the game): anything else raises :class:`ValueError`
    (:class:`TypeError` when it is not a whole number, or ``s`` not a :class:`GameState`)."""
    if not isinstance(s, GameState):
        raise TypeError(f"expected a GameState, not {quote_value(s)}")
    if not isinstance(seat, int):
        raise TypeError(f"seat must be a whole number, not {quote_value(seat)}")
    if not 0 <= seat < s.n:
        raise ValueError(f"seat must be a seat of the table, 0 to {s.n - 1}, not {quote_value(seat)}")
    hands = s.hands
    called = s.called
    discard = s.discard
    ob = _new(Observation)  # a frozen dataclass made without its __init__: one dict, set once
    _set(ob, "__dict__", {
        "seat": seat, "n": s.n, "rules": s.r.rules, "hand": tuple(hands[seat]),
        "hand_counts": tuple(map(len, hands)),
        "top": discard[-1] if discard else -1,
        "color": s.color, "direction": s.direction, "turn": s.turn, "phase": s.phase,
        "pending": s.pending, "discard": tuple(discard), "draw_count": len(s.draw),
        "drawn": tuple(s.drawn) if seat == s.turn else (),
        "plus4_by": s.plus4_by, "plus4_prev_color": s.plus4_prev_color,
        "called": tuple(called),
        "catchable": catchable(s),
        "active": tuple(s.active), "scores": tuple(s.scores), "round": s.round,
        "dealer": s.dealer, "jump_window": s.jump_window, "chain_rank": s.chain_rank,
        "last_player": s.last_player, "deck": s.r.cards, "owed": s.owed,
    })
    return ob


_new = object.__new__
_set = object.__setattr__


def sample_state(obs: Observation, rng: "random.Random") -> GameState:
    """A full game state consistent with ``obs``: the unseen cards dealt at random to the other
    hands (with their public counts) and the draw pile. For determinized search (the Hard AI).

    What the observer cannot know is guessed neutrally: a pending Wild Draw Four is taken as
    legal (not a bluff), nobody else's UNO call is pending.
    """
    from .state import compile_rules

    unseen = list(obs.unseen().elements())
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    k = 0
    for seat in range(obs.n):
        if seat == obs.seat:
            hands.append(list(obs.hand))
        else:
            cnt = obs.hand_counts[seat]
            hands.append(unseen[k:k + cnt])
            k += cnt
    return GameState(
        compile_rules(obs.rules), obs.n,
        seed=rng.randrange(1 << 30),
        hands=hands,
        draw=unseen[k:],
        discard=list(obs.discard),
        color=obs.color,
        direction=obs.direction,
        turn=obs.turn,
        phase=obs.phase,
        pending=obs.pending,
        drawn=list(obs.drawn),
        plus4_by=obs.plus4_by,
        plus4_prev_color=obs.plus4_prev_color,
        called=list(obs.called),
        vuln=[1 if t in obs.catchable else 0 for t in range(obs.n)],
        jump_window=obs.jump_window,
        active=list(obs.active),
        scores=list(obs.scores),
        round=obs.round,
        dealer=obs.dealer,
        last_player=obs.last_player,
        chain_rank=obs.chain_rank,
        owed=obs.owed,
    )
