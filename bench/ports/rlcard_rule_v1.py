"""RLCard's ``UNORuleAgentV1`` (rlcard 1.2.0, ``rlcard/models/uno_rule_models.py``), ported as
an observation-only bot of this engine. Benchmark use only.

The agent, in RLCard (legal actions from ``rlcard/games/uno/round.py``):

* RLCard offers ``draw`` only when nothing is playable; the agent draws then.
* A Wild Draw Four is legal in RLCard only when no other card (not even a Wild) fits. When it
  is legal the agent plays it and names the colour it holds most of among its non-wild cards
  (``max`` over a dict in hand order: the first such colour on ties; a hand of wilds only
  counts the colours printed on RLCard's wild cards, arbitrary, so here a random colour).
* Otherwise it picks uniformly (``np.random.choice``) from the legal actions without the
  wilds: one entry per matching card *in hand* (two red 5s are two entries); only when every
  legal action is a wild does it pick among the four colours of a Wild.
* Drawing: RLCard's environment, not the agent, plays a drawn card at once when it is a wild
  (random colour) or of the colour in force, and keeps it otherwise. The port does the same.
* RLCard has no UNO call, no challenge, no stacking and no jump-in: the port calls its own
  UNO with its play (so the official rule costs it nothing), takes a Wild Draw Four without
  challenging, never stacks, never catches and never jumps in.

Under the official rules the engine also lets it play a Wild Draw Four while holding the
colour (a bluff); the port keeps RLCard's rule and plays it only as its last resort.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from uno_web.ai.base import Bot
from uno_web.core.cards import COLOR_OF, EFFECT_OF, IS_WILD, Effect
from uno_web.core.moves import Move, MoveKind
from uno_web.core.observation import Observation
from uno_web.core.state import Phase

__all__ = ["RLCardRuleV1"]


def _with_call(options: Sequence[Move]) -> list[Move]:
    called = [m for m in options if m.uno]
    return called or list(options)


class RLCardRuleV1(Bot):
    level = "rlcard-rule-v1"

    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        plays = [m for m in moves if m.kind == MoveKind.PLAY]
        kinds = {m.kind for m in moves}
        if obs.phase == Phase.DRAWN:
            # RLCard's environment: a drawn wild or a drawn card of the colour in force is
            # played at once (a wild names a random colour); anything else is kept
            card = obs.drawn[-1] if obs.drawn else -1
            if card >= 0 and (IS_WILD[card] or COLOR_OF[card] == obs.color):
                options = [m for m in plays if m.card == card]
                if IS_WILD[card]:
                    color = rng.choice((0, 2, 3, 1))  # r, g, b, y as in UnoCard.info
                    options = [m for m in options if m.color == color] or options
                if options:
                    return _with_call(options)[0]
            for m in moves:
                if m.kind == MoveKind.PASS:
                    return m
        if MoveKind.CHOOSE_COLOR in kinds:
            picks = [m for m in moves if m.kind == MoveKind.CHOOSE_COLOR]
            return picks[int(rng.random() * len(picks))]
        if MoveKind.ACCEPT in kinds:  # no challenge, no stacking in RLCard
            for m in moves:
                if m.kind == MoveKind.ACCEPT:
                    return m
        coloured = [m for m in plays if not IS_WILD[m.card]]
        wilds = [m for m in plays if IS_WILD[m.card] and EFFECT_OF[m.card] == Effect.WILD]
        plus4 = [m for m in plays if EFFECT_OF[m.card] == Effect.WILD_DRAW_FOUR]
        if coloured:
            # one entry per matching card in hand, as RLCard lists them
            in_hand = Counter(obs.hand)
            entries = [c for c in sorted({m.card for m in coloured}) for _ in range(in_hand[c])]
            card = entries[int(rng.random() * len(entries))]
            return _with_call([m for m in coloured if m.card == card])[0]
        if wilds:
            color = rng.choice((0, 2, 3, 1))
            options = [m for m in wilds if m.color == color] or wilds
            return _with_call(options)[0]
        if plus4:
            counts: dict[int, int] = {}
            for c in obs.hand:
                if not IS_WILD[c]:
                    counts[COLOR_OF[c]] = counts.get(COLOR_OF[c], 0) + 1
            color = max(counts, key=counts.__getitem__) if counts else rng.choice((0, 2, 3, 1))
            options = [m for m in plus4 if m.color == color] or plus4
            return _with_call(options)[0]
        for kind in (MoveKind.DRAW, MoveKind.PASS, MoveKind.NEXT_ROUND):
            for m in moves:
                if m.kind == kind:
                    return m
        return moves[int(rng.random() * len(moves))]

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        for m in moves:
            if m.kind == MoveKind.CALL_UNO:
                return m
        return None


class RLCardRandom(RLCardRuleV1):
    """RLCard's ``RandomAgent`` in RLCard's UNO: uniform over RLCard's legal actions (one entry
    per matching non-wild card in hand, four for a Wild, four for a Wild Draw Four only when
    nothing else fits, ``draw`` only when nothing fits), with the environment's handling of a
    drawn card (above). To check the port against RLCard's own figure."""

    level = "rlcard-random"

    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        plays = [m for m in moves if m.kind == MoveKind.PLAY]
        if obs.phase != Phase.PLAY or not plays or any(m.kind == MoveKind.ACCEPT for m in moves):
            return super().decide(obs, moves, rng)
        in_hand = Counter(obs.hand)
        entries: list[tuple[int, int]] = [
            (c, -1) for c in sorted({m.card for m in plays if not IS_WILD[m.card]})
            for _ in range(in_hand[c])
        ]
        wild = next((m.card for m in plays if EFFECT_OF[m.card] == Effect.WILD), -1)
        if wild >= 0:
            entries += [(wild, col) for col in (0, 2, 3, 1)]
        if not entries:
            four = next((m.card for m in plays if EFFECT_OF[m.card] == Effect.WILD_DRAW_FOUR), -1)
            if four >= 0:
                entries = [(four, col) for col in (0, 2, 3, 1)]
        if not entries:
            return super().decide(obs, moves, rng)
        card, col = entries[int(rng.random() * len(entries))]
        options = [m for m in plays if m.card == card and (col < 0 or m.color == col)]
        return _with_call(options)[0]
