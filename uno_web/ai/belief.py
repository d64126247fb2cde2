"""A particle filter over the opponent's hand, for Hard's guesses of the hidden cards.

Card counting says which cards are unseen; it cannot say which of them the opponent holds.
The opponent's choices can: a player who answers red with a 5 that switches play to blue
probably holds blues, a player who draws holds nothing that matches. This module keeps
``particles`` guesses of the opponent's hand and, at every decision of the bot, reads what the
opponent did since the bot's last move (from the two observations: the cards added to the
discard pile and the change in the opponent's card count) and weighs each guess by how likely
an **opponent model** holding it would have done that:

* a card played from the hand: a softmax of Normal's score (:meth:`.NormalBot.score`, from
  the opponent's side of the table) over the plays the guessed hand allowed, each wild once per
  colour, mixed with a uniform share ``eps`` (players are not Normal);
* a draw: the guessed hand had nothing to play (or only wilds while the bot held six cards or
  more: players save wilds), except in a share ``eps_draw`` of the posterior: guesses that
  could have played trade their playable cards for unplayable unseen ones (a proposal from the
  posterior rather than a weight, so few guesses are lost); a card drawn and kept is dealt
  from the unseen cards that could not be played;
* a card drawn and played at once: the draw, as above (the card came from the pile).

A guess that lacks the card the opponent played gets it in place of one of its cards (the
opponent held it; the rest of the guess stands). After weighting, guesses are resampled when
too few carry the weight (effective sample size under half), and every guess is repaired to
stay a possible hand: no card the bot has seen since (its own draws, the pile), the opponent's
public card count. Anything the filter cannot read (forced draws, challenges, a turned-over
pile) only repairs.

It runs with two players left and rule sets where matching alone decides what may be played,
without 7-0 or jump-in (hands change owners or plays come out of turn); otherwise Hard falls
back to the notes of :mod:`uno_web.ai.memory`. Only observations are used: the filter never
sees the game state.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, replace
from typing import Sequence

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, RANK_OF, Color, Effect, Rank, make_card
from ..core.moves import Move, MoveKind
from ..core.observation import Observation
from ..core.rules import RuleSet
from ..core.state import Phase
from .memory import forced_draw_after
from .normal import NormalBot, ScoreContext
from .util import (
    colors_of, hands_change_owners, makes_draw, matching_decides, one_play_a_turn, reads_draws,
    top_after,
)

__all__ = ["HandFilter", "filter_usable"]

_PLAIN_WILD = make_card(Color.WILD, Rank.WILD)


def filter_usable(rules: RuleSet) -> bool:
    """Rule sets the filter can read: matching alone decides what may be played, one card a
    turn and only from the hand on turn, a draw ends with one card, hands keep their owners
    and a plain wild makes nobody draw (each asked of the core, see :mod:`.util`)."""
    return (
        matching_decides(rules) and one_play_a_turn(rules) and reads_draws(rules)
        and not hands_change_owners(rules) and not makes_draw(rules, _PLAIN_WILD)
    )


@dataclass
class _Snap:
    round: int
    discard_len: int
    top: int
    color: int
    counts: tuple[int, ...]
    attacked: bool  # the bot's last move was a draw card (the opponent's draw is forced)


class HandFilter:
    """Guesses of one opponent's hand, weighed by what the opponent did (two players)."""

    def __init__(self, particles: int = 256, beta: float = 1.0, eps: float = 0.15,
                 eps_draw: float = 0.02, save_wilds: int = 6) -> None:
        if int(particles) < 1:
            raise ValueError(f"particles must be at least 1, not {particles!r}")
        if not float(beta) >= 0:
            raise ValueError(f"beta must be 0 or more, not {beta!r}")
        if not 0.0 < float(eps) <= 1.0 or not 0.0 < float(eps_draw) <= 1.0:
            raise ValueError("eps and eps_draw must be in (0, 1]")
        self.size = int(particles)
        self.beta = float(beta)
        self.eps = float(eps)
        self.eps_draw = float(eps_draw)
        self.save_wilds = int(save_wilds)
        self.model = NormalBot()  # the opponent model's scorer (its memory stays empty)
        self.on = False
        self.opp = -1
        self.parts: list[list[int]] = []
        self.weights: list[float] = []
        self._snap: _Snap | None = None
        #: what the filter read lately (for tests and the benchmark)
        self.events: deque[str] = deque(maxlen=200)

    # ------------------------------------------------------------------------------------------
    def update(self, obs: Observation, rng: random.Random) -> None:
        """Read the observation at one of the bot's own decisions."""
        self.on = obs.n >= 2 and sum(obs.active) == 2 and filter_usable(obs.rules)
        if not self.on:
            self._snap = None
            return
        opp = next(i for i in range(obs.n) if i != obs.seat and obs.active[i])
        prev = self._snap
        if prev is None or prev.round != obs.round or opp != self.opp or not self.parts:
            self.opp = opp
            self._reset(obs, rng)
        else:
            self._read(prev, obs, rng)
            self._repair(obs, rng)
        self._snap = _Snap(obs.round, len(obs.discard), obs.top, obs.color, obs.hand_counts, False)

    def note_move(self, obs: Observation, move: "Move | None") -> None:
        """Remember the table right after the bot's own ``move``."""
        snap = self._snap
        if snap is None or move is None:
            return
        played = top_after(move)
        if played is not None:
            card, color = played
            self._snap = replace(snap, discard_len=snap.discard_len + 1, top=card, color=color,
                                 attacked=forced_draw_after(obs.rules, card))
        elif move.kind == MoveKind.CHOOSE_COLOR:
            self._snap = replace(snap, color=move.color)
        elif move.kind in (MoveKind.CHALLENGE, MoveKind.ACCEPT):
            self._snap = replace(snap, attacked=True)  # what follows is not the opponent's pick

    def sample(self, rng: random.Random) -> list[int] | None:
        """One guess of the opponent's hand, drawn by weight (None when the filter is off)."""
        if not self.on or not self.parts:
            return None
        x = rng.random() * sum(self.weights)
        acc = 0.0
        for p, w in zip(self.parts, self.weights):
            acc += w
            if acc >= x:
                return list(p)
        return list(self.parts[-1])

    # ------------------------------------------------------------------------------------------
    def _reset(self, obs: Observation, rng: random.Random) -> None:
        unseen = list(obs.unseen().elements())
        k = min(obs.hand_counts[self.opp], len(unseen))
        parts = []
        for _ in range(self.size):
            parts.append(rng.sample(unseen, k))
        self.parts = parts
        self.weights = [1.0] * len(parts)

    def _read(self, prev: _Snap, obs: Observation, rng: random.Random) -> None:
        opp = self.opp
        d = obs.discard
        if len(d) < prev.discard_len or (prev.discard_len and d[prev.discard_len - 1] != prev.top):
            self.events.append("reshuffle")
            return  # the pile was turned over: nothing to read
        played = list(d[prev.discard_len:])
        drawn = obs.hand_counts[opp] - prev.counts[opp] + len(played)
        if prev.attacked or prev.top < 0 or prev.color < 0:
            if played or drawn:
                self.events.append("forced")
            return
        top, color = prev.top, prev.color
        counts = list(prev.counts)
        if not played and drawn == 1:
            self.events.append("draw")
            self._weigh_draw(obs, top, color, counts, keep=True, rng=rng)
        elif len(played) == 1 and drawn == 1:
            self.events.append("draw-play")
            self._weigh_draw(obs, top, color, counts, keep=False, rng=rng)
        elif played and drawn == 0:
            for i, card in enumerate(played):
                last = i == len(played) - 1
                if IS_WILD[card]:
                    named = obs.color if last else -1
                else:
                    named = COLOR_OF[card]
                self.events.append("play")
                self._weigh_play(obs, top, color, counts, card, named, rng)
                counts[opp] -= 1
                top = card
                if IS_WILD[card]:
                    nxt = played[i + 1] if not last else -1
                    color = named if named >= 0 else (COLOR_OF[nxt] if nxt >= 0 and not IS_WILD[nxt] else -1)
                else:
                    color = COLOR_OF[card]
                if color < 0:
                    break
        elif played or drawn:
            self.events.append("unread")
        self._resample(rng)

    def _view(self, obs: Observation, top: int, color: int, counts: Sequence[int]) -> ScoreContext:
        """The opponent's side of the table before its move (its hand is set per guess)."""
        fake = replace(obs, seat=self.opp, hand=(), hand_counts=tuple(counts), top=top,
                       color=color, turn=self.opp, phase=Phase.PLAY, pending=0, drawn=(),
                       plus4_by=-1, plus4_prev_color=-1)
        return ScoreContext(fake)

    def _saving(self, counts: Sequence[int], hand_size: int) -> bool:
        others = [c for i, c in enumerate(counts) if i != self.opp]
        return self.save_wilds > 0 and hand_size > 2 and min(others) >= self.save_wilds

    def _weigh_play(self, obs: Observation, top: int, color: int, counts: Sequence[int],
                    card: int, named: int, rng: random.Random) -> None:
        ctx = self._view(obs, top, color, counts)
        colors = colors_of(obs)
        score = self.model.score
        beta, eps = self.beta, self.eps
        rank = RANK_OF[top]
        opp = self.opp
        for j, hand in enumerate(self.parts):
            if card not in hand:  # the opponent held it: it takes the place of a guessed card
                hand[int(rng.random() * len(hand))] = card
            ctx.hand = hand
            ctx.h = len(hand)
            opts: list[tuple[int, int]] = []
            seen: set[int] = set()
            for x in hand:
                if x in seen:
                    continue
                seen.add(x)
                if IS_WILD[x]:
                    opts.extend((x, c) for c in colors)
                elif COLOR_OF[x] == color or RANK_OF[x] == rank:
                    opts.append((x, -1))
            if not opts:
                hand.remove(card)
                continue
            scores = [score(ctx, Move(MoveKind.PLAY, opp, x, c)) for x, c in opts]
            m = max(scores)
            z = 0.0
            mine = 0.0
            for (x, c), s in zip(opts, scores):
                e = math.exp(beta * (s - m))
                z += e
                if x == card and (c == named or named < 0 or c < 0):
                    mine += e
            p = (1.0 - eps) * mine / z + eps / len(opts)
            self.weights[j] *= p
            hand.remove(card)

    def _weigh_draw(self, obs: Observation, top: int, color: int, counts: Sequence[int],
                    keep: bool, rng: random.Random) -> None:
        """The opponent drew: guesses that could have played are mostly made ones that could
        not (their playable cards traded for unplayable unseen ones), so that the share left
        as they were is the posterior share ``eps_draw`` allows; the rest of each guess stands."""
        rank = RANK_OF[top]
        pool = list(obs.unseen().elements())
        eps = self.eps_draw
        parts = self.parts
        w = self.weights

        def blocks(x: int, size: int) -> bool:  # would this card have been played?
            if IS_WILD[x]:
                return not self._saving(counts, size)
            return COLOR_OF[x] == color or RANK_OF[x] == rank

        safe = [x for x in pool if not blocks(x, 99)]
        bad = [any(blocks(x, len(h)) for x in h) for h in parts]
        total = sum(w)
        p0 = sum(wi for wi, b in zip(w, bad) if not b) / total if total > 0 else 0.0
        left = eps * (1.0 - p0) / (p0 + eps * (1.0 - p0)) if p0 < 1.0 else 0.0
        convert = 1.0 - left / (1.0 - p0) if p0 < 1.0 else 0.0
        for j, hand in enumerate(parts):
            if bad[j] and safe and rng.random() < convert:
                size = len(hand)
                for i, x in enumerate(hand):
                    if blocks(x, size):
                        hand[i] = safe[int(rng.random() * len(safe))]
            if keep:  # the drawn card could not be played (or is a wild being saved)
                x = pool[int(rng.random() * len(pool))]
                if blocks(x, len(hand) + 1) and safe and rng.random() >= eps:
                    x = safe[int(rng.random() * len(safe))]
                hand.append(x)

    def _resample(self, rng: random.Random) -> None:
        w = self.weights
        total = sum(w)
        n = len(w)
        if total <= 0 or not math.isfinite(total):
            self.weights = [1.0] * n
            return
        ess = total * total / sum(x * x for x in w)
        if ess >= n / 2:
            self.weights = [x * n / total for x in w]
            return
        step = total / n
        u = rng.random() * step
        out: list[list[int]] = []
        acc = 0.0
        i = 0
        for k in range(n):
            target = u + k * step
            while acc + w[i] < target and i < n - 1:
                acc += w[i]
                i += 1
            out.append(list(self.parts[i]))
        self.parts = out
        self.weights = [1.0] * n

    def _repair(self, obs: Observation, rng: random.Random) -> None:
        """Keep every guess a possible hand: unseen cards only, the public card count."""
        unseen = obs.unseen()
        pool = list(unseen.elements())
        want = obs.hand_counts[self.opp]
        for hand in self.parts:
            have: dict[int, int] = {}
            bad = []
            for i, x in enumerate(hand):
                k = have.get(x, 0) + 1
                have[x] = k
                if k > unseen.get(x, 0):
                    bad.append(i)
            for i in reversed(bad):
                have[hand[i]] -= 1
                del hand[i]
            while len(hand) > want:
                i = int(rng.random() * len(hand))
                have[hand[i]] -= 1
                del hand[i]
            tries = 0
            while len(hand) < want and tries < 200:
                tries += 1
                x = pool[int(rng.random() * len(pool))]
                if have.get(x, 0) < unseen[x]:
                    hand.append(x)
                    have[x] = have.get(x, 0) + 1
