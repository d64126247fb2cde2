"""chausner/UnoAI's ``MixBot2`` with ``DefaultSettingsWinRate`` (``UnoAI/Bots/MixBot2.fs`` and
``UnoAI/Bots/CardCounting.fs``), ported as an observation-only bot of this engine, and
UnoAI's ``RandomBot`` (``UnoAI/Bots/RandomBot.fs``) to check the port. Benchmark use only.

MixBot2 on its turn:

* card types: number 0, Reverse 1 (2 when a two-player Reverse skips), Skip 2, Draw Two 3,
  Wild 4, Wild Draw Four 5; ranks ``[4, 3, 5, 6, 1, 2]``, in the end game (the next player
  holds one card) ``[2, 3, 4, 6, 1, 5]``;
* a Wild may be played only while the hand holds at most 2 non-wild cards, a Wild Draw Four
  at most 4 (no limit in the end game); if nothing playable is within the limits it draws;
* among the playable cards (each wild once per colour) it keeps those of the best rank, then
  those of the colour it holds most of (wild colours within 1 card of the most common), then
  those that most likely leave the next player without a match by card counting (a play that
  gives itself the turn again scores 1 when it holds no card matching it after, 0
  otherwise), then picks at random;
* a drawn card is played when it fits, a drawn wild only while the hand holds at most 2
  cards; a wild names the colour it holds most of (random on ties, random when none).

Card counting (``CardCounting.fs``) keeps, per opponent, an upper bound on how many of each
card it may hold: the deck minus the own hand and the pile at first; a card it plays lowers its
bound by one; a player who drew without playing could not match the top (those bounds go to
0, the others up by one); one who drew and played the drawn card could not match the card
before; a penalty raises every bound by the cards drawn; bounds never exceed the unseen
copies. UnoAI tells the bot every action; here the port reads them from the changes between
the observations it is given (the pile and the card counts), which is exact with two players.

UnoAI's rules: one round, no UNO call, a Wild Draw Four any time and never challenged (the
port never challenges and always calls UNO with its play), draw one and then optionally play
it, a two-player Reverse skips.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from uno_web.ai.base import Bot
from uno_web.core.cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF, Effect
from uno_web.core.moves import Move, MoveKind
from uno_web.core.observation import Observation
from uno_web.core.state import Phase

__all__ = ["MixBot2", "UnoAIRandom"]

RANKS = (4, 3, 5, 6, 1, 2)
END_RANKS = (2, 3, 4, 6, 1, 5)
LIMITS = (-1, -1, -1, -1, 2, 4)
DRAWN_THRESHOLDS = (-1, -1, -1, -1, 2, 2)
SLACK = 1


def _with_call(options: Sequence[Move]) -> Move:
    called = [m for m in options if m.uno]
    return (called or list(options))[0]


def _matches(top: int, top_color: int, card: int) -> bool:
    """UnoAI's ``doCardsMatch top card``: a wild always fits; same number or same action;
    same colour (a wild on top counts as its named colour)."""
    if IS_WILD[card]:
        return True
    if not IS_WILD[top] and RANK_OF[top] == RANK_OF[card]:
        return True
    return COLOR_OF[card] == top_color


class UnoAIRandom(Bot):
    """UnoAI's RandomBot: a random playable card of the hand (each copy counts), a drawn card
    that fits is always played, wilds name a random colour."""

    level = "unoai-random"

    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        plays = [m for m in moves if m.kind == MoveKind.PLAY]
        kinds = {m.kind for m in moves}
        if MoveKind.ACCEPT in kinds:
            return next(m for m in moves if m.kind == MoveKind.ACCEPT)
        if plays:
            in_hand = Counter(obs.hand)
            entries = [c for c in sorted({m.card for m in plays}) for _ in range(max(1, in_hand[c]))]
            card = entries[int(rng.random() * len(entries))]
            options = [m for m in plays if m.card == card]
            if IS_WILD[card]:
                color = rng.choice((0, 1, 2, 3))
                options = [m for m in options if m.color == color] or options
            return _with_call(options)
        for kind in (MoveKind.CHOOSE_COLOR,):
            picks = [m for m in moves if m.kind == kind]
            if picks:
                return picks[int(rng.random() * len(picks))]
        for kind in (MoveKind.DRAW, MoveKind.PASS, MoveKind.NEXT_ROUND):
            for m in moves:
                if m.kind == kind:
                    return m
        return moves[int(rng.random() * len(moves))]

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        return next((m for m in moves if m.kind == MoveKind.CALL_UNO), None)


class MixBot2(Bot):
    level = "mixbot2"

    def __init__(self) -> None:
        super().__init__()
        self.round = -1
        self.bounds: dict[int, Counter[int]] = {}
        self.last: Observation | None = None
        self.mine: list[int] = []  # cards this bot added to the pile since the last observation

    # --- card counting ----------------------------------------------------------------------
    def _upper(self, obs: Observation) -> Counter[int]:
        return obs.unseen()

    def _observe(self, obs: Observation) -> None:
        if obs.round != self.round or self.last is None:
            self.round = obs.round
            up = self._upper(obs)
            self.bounds = {p: Counter(up) for p in range(obs.n) if p != obs.seat}
            self.last, self.mine = obs, []
            return
        prev = self.last
        self.last = obs
        up = self._upper(obs)
        if len(obs.discard) < len(prev.discard) or obs.discard[:len(prev.discard)] != prev.discard:
            # the pile was turned over: keep the bounds within the unseen copies
            for b in self.bounds.values():
                for c in list(b):
                    b[c] = min(b[c], up[c])
            self.mine = []
            return
        added = list(obs.discard[len(prev.discard):])
        for c in self.mine:
            if c in added:
                added.remove(c)
        self.mine = []
        if obs.n == 2:
            p = 1 - obs.seat
            b = self.bounds[p]
            drew = obs.hand_counts[p] - prev.hand_counts[p] + len(added)
            before_top = prev.top
            before_color = prev.color
            if added and drew > 0:  # drew and played the drawn card: nothing fitted before
                for c in list(b):
                    if _matches(before_top, before_color, c):
                        b[c] = 0
            elif drew == 1:  # drew and kept it: nothing fitted the top
                for c in list(up):
                    b[c] = 0 if _matches(before_top, before_color, c) else min(b[c] + 1, up[c])
            elif drew > 1:  # a penalty
                for c in list(up):
                    b[c] = min(b[c] + drew, up[c])
            for c in added:
                b[c] = max(b[c] - 1, 0)
        for b in self.bounds.values():
            for c in list(b):
                b[c] = min(b[c], up[c])

    def _no_match(self, obs: Observation, p: int, top: int, color: int) -> float:
        counts = self.bounds.get(p)
        if not counts:
            return 0.0
        total = sum(counts.values())
        matching = sum(k for c, k in counts.items() if _matches(top, color, c))
        draws = min(obs.hand_counts[p], total)
        if total == 0:
            return 0.0
        if matching == 0:
            return 1.0
        if total - matching <= draws - 1:
            return 0.0
        prob = 1.0
        for i in range(draws):
            prob *= (total - matching - i) / (total - i)
        return prob

    # --- choosing ---------------------------------------------------------------------------
    def _type(self, obs: Observation, card: int) -> int:
        eff = EFFECT_OF[card]
        if eff == Effect.NUMBER:
            return 0
        if eff == Effect.REVERSE:
            return 2 if obs.n == 2 and obs.rules.two_player_reverse == "skip" else 1
        if eff == Effect.SKIP:
            return 2
        if eff == Effect.DRAW_TWO:
            return 3
        if eff == Effect.WILD:
            return 4
        if eff == Effect.WILD_DRAW_FOUR:
            return 5
        return 0  # cards UnoAI does not have (playing cards): ranked as numbers

    def _next_after(self, obs: Observation, card: int) -> int:
        t = self._type(obs, card)
        steps = 2 if t in (2, 3, 5) else 1
        direction = obs.direction
        if t == 1:
            direction = -direction
        return (obs.seat + direction * steps) % obs.n

    def _colour_counts(self, obs: Observation, hand: Sequence[int]) -> Counter[int]:
        return Counter(COLOR_OF[c] for c in hand if not IS_WILD[c])

    def _pick_colour(self, obs: Observation, rng: random.Random) -> int:
        counts = self._colour_counts(obs, obs.hand)
        if not counts:
            return rng.choice((0, 1, 2, 3))
        best = max(counts.values())
        return rng.choice(sorted(c for c, k in counts.items() if k == best))

    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        self._observe(obs)
        kinds = {m.kind for m in moves}
        plays = [m for m in moves if m.kind == MoveKind.PLAY]
        if MoveKind.ACCEPT in kinds:  # UnoAI never challenges and has no stacking
            return next(m for m in moves if m.kind == MoveKind.ACCEPT)
        if MoveKind.CHOOSE_COLOR in kinds:
            colour = self._pick_colour(obs, rng)
            picks = [m for m in moves if m.kind == MoveKind.CHOOSE_COLOR]
            return next((m for m in picks if m.color == colour), picks[0])
        if obs.phase == Phase.DRAWN:
            card = obs.drawn[-1] if obs.drawn else -1
            options = [m for m in plays if m.card == card]
            threshold = DRAWN_THRESHOLDS[self._type(obs, card)] if card >= 0 else -1
            if options and (threshold == -1 or len(obs.hand) <= threshold):
                if IS_WILD[card]:
                    colour = self._pick_colour(obs, rng)
                    options = [m for m in options if m.color == colour] or options
                move = _with_call(options)
                self.mine.append(card)
                return move
            return next(m for m in moves if m.kind == MoveKind.PASS)
        if plays:
            move = self._choose_play(obs, plays, rng)
            if move is not None:
                self.mine.append(move.card)
                return move
        for kind in (MoveKind.DRAW, MoveKind.PASS, MoveKind.NEXT_ROUND):
            for m in moves:
                if m.kind == kind:
                    return m
        return moves[int(rng.random() * len(moves))]

    def _choose_play(self, obs: Observation, plays: Sequence[Move], rng: random.Random) -> Move | None:
        n = obs.n
        nxt = (obs.seat + obs.direction) % n
        end_game = obs.hand_counts[nxt] == 1
        limits = (-1,) * 6 if end_game else LIMITS
        unlimited = sum(1 for c in obs.hand if limits[self._type(obs, c)] == -1)
        options = []
        for m in plays:
            lim = limits[self._type(obs, m.card)]
            if lim == -1 or unlimited <= lim:
                if m.target >= 0 and any(o.card == m.card and o.target != m.target for o in options):
                    continue
                options.append(m)
        if not options:
            return None
        # one option per card and colour (the UNO call rides with it)
        seen: dict[tuple[int, int], Move] = {}
        for m in options:
            key = (m.card, m.color)
            if key not in seen or (m.uno and not seen[key].uno):
                seen[key] = m
        cands = list(seen.values())
        ranks = END_RANKS if end_game else RANKS

        def keep_max(xs: list[Move], f) -> list[Move]:  # type: ignore[no-untyped-def]
            vals = [f(x) for x in xs]
            best = max(vals)
            return [x for x, v in zip(xs, vals) if v == best]

        cands = keep_max(cands, lambda m: ranks[self._type(obs, m.card)])
        counts = self._colour_counts(obs, obs.hand)
        if counts:
            most = max(counts.values())
            common = {c for c, k in counts.items() if k == most}
            preferred = {c for c, k in counts.items() if k >= most - SLACK}
        else:
            common, preferred = set(), {0, 1, 2, 3}

        def colour_priority(m: Move) -> int:
            if IS_WILD[m.card]:
                return 1 if m.color in preferred else 0
            return 1 if COLOR_OF[m.card] in common else 0

        cands = keep_max(cands, colour_priority)

        def counting(m: Move) -> float:
            nxt_active = self._next_after(obs, m.card)
            colour = m.color if IS_WILD[m.card] else COLOR_OF[m.card]
            if nxt_active == obs.seat:
                after = list(obs.hand)
                after.remove(m.card)
                return 0.0 if any(_matches(m.card, colour, c) for c in after) else 1.0
            return self._no_match(obs, nxt_active, m.card, colour)

        cands = keep_max(cands, counting)
        return cands[int(rng.random() * len(cands))]

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        return next((m for m in moves if m.kind == MoveKind.CALL_UNO), None)
