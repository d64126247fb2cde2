"""Normal: a strong hand-written heuristic that plays from the observation alone.

Every playable move gets a score; the best one is played (ties: the first in the legal list,
which is sorted, so Normal is deterministic for a given observation). What the score rewards:

* **colour continuity**: the colour in force after the play should be one the bot holds many
  (points-weighted) cards of, so a number match that switches to the bot's strong colour beats
  staying in a weak one; a wild names the colour of the hand majority (weighted by points, ties
  to the colour with fewer unseen cards);
* **holding wilds**: a Wild / Wild Draw Four costs a lot of score while the bot has other
  options and nobody is close to going out; a wild kept as the last card is worth a bonus
  (it always plays);
* **no bluffing**: under the challenge rule a Wild Draw Four while holding the current colour
  is avoided unless it stops an opponent who is about to go out;
* **attack**: Draw Two, Wild Draw Four, Skip (and Reverse when it turns play away from a
  player close to going out) score highly when the next player holds one or two cards;
* **dumping**: when any opponent holds two cards or fewer, high-point cards go first;
* **tempo with two players**: a card that gives the turn back (Skip, two-player Reverse, draw
  cards) is good when a follow-up is in hand, and a chain of them that ends the round wins;
* **7-0**: a 7 swaps with the smallest hand, and 7s/0s are scored by how many cards the swap or
  rotation gains; a Joker (makes its player draw 2) waits until it is the last card.

In two-player rounds under the official rules (``learned.fits``), the turn's options (the
plays, drawing, keeping a drawn card) are chosen by a learned correction of this score
(:mod:`uno_web.ai.learned`, weights fitted by ``bench/learn_normal.py``; ``learned=False``
turns it off); ``save_wilds`` and ``wild_limit`` act only where it does not.

Outside plays: UNO is always called (the play carries the call), a forgetful player is always
caught, a jump-in is always taken, stacking is preferred to taking a penalty, and a Wild Draw
Four is challenged when card counting says a bluff is likely enough to pay: the +4 player's
hand is a random subset of the unseen cards, so the chance it holds the previous colour is
hypergeometric (see :func:`uno_web.ai.util.plus4_bluff_probability`), tempered by
``honesty`` (how rarely players bluff), and compared with the break-even chance of the draws
at stake.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from ..core.moves import Move, MoveKind
from ..core.observation import Observation
from ..core.state import Phase
from . import learned as _learned
from .base import Bot
from .learned_weights import WEIGHTS as LEARNED_WEIGHTS
from .memory import Memory
from .util import (
    color_weights, colors_of, dedupe_uno, gives_extra_turn, makes_draw, matches, n_active,
    next_seat, plus4_bluff_probability, prev_seat,
)

__all__ = ["NormalBot", "ScoreContext"]

PLAY = MoveKind.PLAY
#: the learned correction's weights in the order of its features
_THETA = tuple(LEARNED_WEIGHTS[name] for name in _learned.FEATURES)
_ATTACK = {1: 16.0, 2: 9.0, 3: 3.0}
_DRAWS = (Effect.DRAW_TWO, Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR)


class ScoreContext:
    """What :meth:`NormalBot.score` needs, computed once per decision (Hard and the particle
    filter build one too)."""

    __slots__ = ("obs", "me", "hand", "h", "nxt", "prv", "two", "threat", "opp_min", "colors",
                 "unseen_by_color", "rules", "unseen_n", "unseen_by_rank", "unseen_wild",
                 "unseen_by_card")

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.hand = list(obs.hand)
        self.h = len(self.hand)
        self.nxt = next_seat(obs, obs.seat)
        self.prv = prev_seat(obs, obs.seat)
        self.two = n_active(obs) == 2
        others = [obs.hand_counts[s] for s in range(obs.n) if s != obs.seat and obs.active[s]]
        self.opp_min = min(others) if others else 99
        self.threat = self.opp_min <= 2
        self.colors = colors_of(obs)
        left = {c: 0 for c in self.colors}
        ranks: dict[int, int] = {}
        by_card: dict[tuple[int, int], int] = {}
        wild = total = 0
        for card, k in obs.unseen().items():
            total += k
            if IS_WILD[card]:
                wild += k
                continue
            col = COLOR_OF[card]
            if col in left:
                left[col] += k
            ranks[RANK_OF[card]] = ranks.get(RANK_OF[card], 0) + k
            key = (col, RANK_OF[card])
            by_card[key] = by_card.get(key, 0) + k
        self.unseen_by_color = left
        self.unseen_by_card = by_card
        self.unseen_by_rank = ranks
        self.unseen_wild = wild
        self.unseen_n = total
        self.rules = obs.rules


def no_match_chance(ctx: ScoreContext, card: int, col: int, k: int) -> float:
    """Card counting: the chance that a hand of ``k`` cards dealt at random from the unseen
    cards holds nothing that matches ``card`` in colour ``col`` (MixBot2's criterion)."""
    u = ctx.unseen_n
    m = ctx.unseen_by_color.get(col, 0) + ctx.unseen_wild
    if not IS_WILD[card]:
        rank = RANK_OF[card]
        m += ctx.unseen_by_rank.get(rank, 0) - ctx.unseen_by_card.get((col, rank), 0)
    if m <= 0:
        return 1.0
    p = 1.0
    for i in range(min(k, u)):
        p *= max(0.0, (u - m - i) / (u - i))
        if p <= 0.0:
            return 0.0
    return p


class NormalBot(Bot):
    level = "normal"

    #: the score's weights; ``make_bot("normal", weights={...})`` overrides some (for tuning)
    WEIGHTS: dict[str, float] = {
        "color": 2.0, "follow": -0.5, "points": 0.06, "points_threat": 0.35, "hold_wild": 40.0,
        "hold_wild4": 40.0, "hold_threat": 0.5, "bluff": 25.0, "attack": 1.0, "tempo": 2.0,
        "action2p": 1.0, "lacks": 3.0, "last_wild": 6.0, "last_color": 6.0, "swap": 3.0,
        "pair": 5.0, "block": 0.0,
    }

    def __init__(self, honesty: float = 0.5, save_wilds: int = 6, wild_notes: bool = True,
                 weights: "dict[str, float] | None" = None, wild_limit: int = 0,
                 learned: bool = True, **options: Any) -> None:
        super().__init__(**options)
        unknown = set(weights or ()) - set(self.WEIGHTS)
        if unknown:
            raise ValueError(f"unknown weight(s) {sorted(unknown)}; known: {sorted(self.WEIGHTS)}")
        self.w = {**self.WEIGHTS, **(weights or {})}
        if not 0.0 < float(honesty) <= 1.0:
            raise ValueError(f"honesty must be in (0, 1], not {honesty!r}")
        self.honesty = float(honesty)
        if not 0 <= int(save_wilds) <= 200:
            raise ValueError(f"save_wilds must be a card count (0 = never), not {save_wilds!r}")
        self.save_wilds = int(save_wilds)
        if not 0 <= int(wild_limit) <= 200:
            raise ValueError(f"wild_limit must be a card count (0 = none), not {wild_limit!r}")
        #: MixBot2's habit: a wild is played only while the hand holds at most this many
        #: other cards (0: no such limit); otherwise draw and keep it
        self.wild_limit = int(wild_limit)
        if not isinstance(learned, bool):
            raise ValueError(f"learned must be true or false, not {learned!r}")
        #: choose turn options by the learned correction (:mod:`uno_web.ai.learned`) where it
        #: was fitted: two players, rules that play like the official ones (``learned.fits``)
        self.learned = learned
        self.memory = Memory(wild_notes=wild_notes)

    # ------------------------------------------------------------------------------------------
    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        self.memory.update(obs)
        move = self.best_move(obs, moves)
        self.memory.note_move(obs, move)
        return move

    def best_move(self, obs: Observation, moves: Sequence[Move]) -> Move:
        """Normal's move for the turn, without reading or updating its memory (Hard asks it
        for the candidate it searches first)."""
        if len(moves) == 1:
            return moves[0]
        for m in moves:  # free: catch a player who forgot UNO before anything else
            if m.kind == MoveKind.CATCH:
                return m
        phase = obs.phase
        if phase == Phase.ROUND_OVER:
            return moves[0]
        if phase == Phase.CHOOSE_COLOR:
            ctx = ScoreContext(obs)
            picks = [m for m in moves if m.kind == MoveKind.CHOOSE_COLOR]
            if picks:
                return self._best_color_move(ctx, picks)
        plays = dedupe_uno([m for m in moves if m.kind == PLAY])
        call = next((m for m in moves if m.kind == MoveKind.CALL_UNO), None)
        if call is not None and len(obs.hand) == 1 and not obs.called[obs.seat]:
            return call  # holding one card without having called: call before anything else
        ctx = ScoreContext(obs)
        if phase == Phase.PENALTY:
            return self._penalty(ctx, moves, plays)
        if not plays:
            for kind in (MoveKind.DRAW, MoveKind.PASS, MoveKind.ACCEPT):
                for m in moves:
                    if m.kind == kind:
                        return m
            return moves[0]
        # a drawn card: the hand had nothing playable, so a drawn wild is not saved for later
        # (unless every opponent is far from going out, see save_wilds)
        hold = phase != Phase.DRAWN
        if self.learned_applies(obs):
            opts = _learned.options(ctx, moves)
            if len(opts) >= 2:
                return self._learned_choice(ctx, opts, hold)
        scored = [(self.score(ctx, m, hold), i, m) for i, m in enumerate(plays)]
        best_score, _, best = max(scored, key=lambda t: (t[0], -t[1]))
        saving = (
            self.save_wilds > 0 and IS_WILD[best.card] and ctx.h > 2
            and ctx.opp_min >= self.save_wilds
        ) or (
            self.wild_limit > 0 and IS_WILD[best.card] and ctx.opp_min > 2
            and sum(1 for x in ctx.hand if not IS_WILD[x]) > self.wild_limit
        )
        if phase == Phase.DRAWN:
            keep = next((m for m in moves if m.kind == MoveKind.PASS), None)
            if keep is not None and (best_score < -15 or saving):
                return keep
            return best
        if saving:  # only wilds play: draw instead and keep the wild for later
            draw = next((m for m in moves if m.kind == MoveKind.DRAW), None)
            if draw is not None:
                return draw
        return best

    def learned_applies(self, obs: Observation) -> bool:
        """Does the learned correction choose this bot's turn options in ``obs``'s round?"""
        return self.learned and n_active(obs) == 2 and _learned.fits(obs.rules)

    def option_features(self, ctx: ScoreContext, move: Move, hold: bool = True) -> list[float]:
        """The learned correction's features of one turn option (:func:`learned.features`,
        with this bot's score and memory); ``bench/learn_normal.py`` fits on these."""
        if move.kind == PLAY:
            col = move.color if IS_WILD[move.card] else COLOR_OF[move.card]
            sc = self.score(ctx, move, hold)
            blk = no_match_chance(ctx, move.card, col, ctx.obs.hand_counts[ctx.nxt])
        else:
            sc = blk = 0.0
        return _learned.features(ctx, self.memory, move, sc, blk)

    def learned_value(self, ctx: ScoreContext, move: Move, hold: bool = True) -> float:
        """The learned correction's estimate of ``move``'s worth among the turn's options (a
        share of rounds won, up to a constant common to the options)."""
        return _learned.value(self.option_features(ctx, move, hold), _THETA)

    def _learned_choice(self, ctx: ScoreContext, opts: Sequence[Move], hold: bool) -> Move:
        values = [self.learned_value(ctx, m, hold) for m in opts]
        return opts[values.index(max(values))]

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        self.memory.update(obs)
        move = self._react(obs, moves)
        self.memory.note_move(obs, move)
        return move

    def _react(self, obs: Observation, moves: Sequence[Move]) -> Move | None:
        # (a call made already is not made again: under uno_repeat_call it is listed too)
        for kind in (() if obs.called[obs.seat] else (MoveKind.CALL_UNO,)) + (MoveKind.CATCH,):
            for m in moves:
                if m.kind == kind:
                    return m
        plays = dedupe_uno([m for m in moves if m.kind == PLAY])
        if plays:  # jump in: a free card out of the hand
            ctx = ScoreContext(obs)
            return max(plays, key=lambda m: self.score(ctx, m))
        return None

    # ------------------------------------------------------------------------------------------
    def _best_color_move(self, ctx: ScoreContext, picks: Sequence[Move]) -> Move:
        w = color_weights(ctx.hand, ctx.colors)
        return max(picks, key=lambda m: (w.get(m.color, 0.0), -ctx.unseen_by_color.get(m.color, 0)))

    def _penalty(self, ctx: ScoreContext, moves: Sequence[Move], plays: list[Move]) -> Move:
        obs = ctx.obs
        # (draw_takes_penalty: the draw takes the cards)
        accept = next((m for m in moves if m.kind in (MoveKind.ACCEPT, MoveKind.DRAW)), None)
        challenge = next((m for m in moves if m.kind == MoveKind.CHALLENGE), None)
        p = plus4_bluff_probability(obs, self.honesty) if challenge is not None else 0.0
        amount = max(obs.pending, 1)
        f = 1.0 if ctx.two else 1.0 / max(1, n_active(obs) - 1)
        # challenge if p * (A*f) - (1-p) * (A+3) > -(A+1)  (cards, a lost turn counted as one)
        breakeven = 2.0 / (amount * f + amount + 3.0)
        if plays:
            best = max(plays, key=lambda m: self.score(ctx, m))
            if challenge is not None and p > max(0.6, breakeven):
                return challenge
            return best
        if challenge is not None and p > breakeven:
            return challenge
        return accept if accept is not None else moves[0]

    # ------------------------------------------------------------------------------------------
    def score(self, ctx: ScoreContext, move: Move, hold: bool = True) -> float:
        """How much Normal likes the play ``move`` (higher is better)."""
        obs = ctx.obs
        card = move.card
        eff = EFFECT_OF[card]
        after = list(ctx.hand)
        after.remove(card)
        if not after:
            return 1000.0
        rules = ctx.rules
        col = move.color if IS_WILD[card] else COLOR_OF[card]
        w = color_weights(after, ctx.colors)
        W = self.w
        s = W["color"] * w.get(col, 0.0) - 0.01 * ctx.unseen_by_color.get(col, 0)
        # the player who acts after this card: known to lack the colour?
        if ctx.two:
            actor = ctx.nxt
        elif eff in (Effect.SKIP,) or eff in _DRAWS:
            actor = next_seat(obs, ctx.me, 2)
        elif eff == Effect.REVERSE:
            actor = ctx.prv
        else:
            actor = ctx.nxt
        if self.memory.lacks_color(actor, col):
            s += W["lacks"]
        if W["block"] and actor != ctx.me:
            s += W["block"] * no_match_chance(ctx, card, col, obs.hand_counts[actor])
        # follow-ups: cards that would still match if the colour stayed
        follow = sum(1 for x in after if not IS_WILD[x] and (COLOR_OF[x] == col or RANK_OF[x] == RANK_OF[card]))
        s += W["follow"] * follow
        # keep pairs of the same number/symbol in two colours (a way to change colour later)
        if not IS_WILD[card] and W["pair"]:
            rank = RANK_OF[card]
            if any(RANK_OF[x] == rank and COLOR_OF[x] != col for x in after):
                s -= W["pair"]
        pts = POINTS_OF[card]
        if IS_WILD[card]:
            # a wild's points are never a reason to play it: it is the most useful card
            if hold and len(after) >= 2:
                held = W["hold_wild4"] if eff == Effect.WILD_DRAW_FOUR else W["hold_wild"]
                s -= held * (W["hold_threat"] if ctx.threat else 1.0)
        else:
            s += pts * (W["points_threat"] if ctx.threat else W["points"])
        if IS_WILD[card]:
            if (
                eff == Effect.WILD_DRAW_FOUR
                and rules.wild_draw_four == "challenge"
                and obs.color >= 0
                and any(COLOR_OF[x] == obs.color for x in after)
            ):
                s -= 9.0 if obs.hand_counts[ctx.nxt] <= 2 else W["bluff"]
        victim = ctx.nxt
        vc = obs.hand_counts[victim]
        if makes_draw(rules, card):
            s += W["attack"] * _ATTACK.get(vc, 0.0) * 1.3 + (1.5 * W["action2p"] if ctx.two else 1.0)
        elif eff == Effect.SKIP:
            s += W["attack"] * _ATTACK.get(vc, 0.0) + (W["action2p"] if ctx.two else 0.5)
        elif eff == Effect.REVERSE:
            if ctx.two:
                if rules.two_player_reverse == "skip":
                    s += W["attack"] * _ATTACK.get(vc, 0.0) + W["action2p"]
            else:
                s += 0.7 * (_ATTACK.get(vc, 0.0) - _ATTACK.get(obs.hand_counts[ctx.prv], 0.0))
        elif eff == Effect.SELF_DRAW_TWO:
            s -= 14.0
        # two players: a card that gives the turn back, with something to play after it
        if ctx.two and gives_extra_turn(obs, card):
            if any(matches(x, card, col) for x in after):
                s += W["tempo"]
            if self._chain_out(ctx, after, card, col, 4):
                s += 300.0
        if len(after) == 1:
            last = after[0]
            if rules.no_action_card_last and EFFECT_OF[last] != Effect.NUMBER:
                s -= 10.0
            elif IS_WILD[last]:
                s += W["last_wild"]
            elif COLOR_OF[last] == col:
                s += W["last_color"]  # the last card follows the colour left in force
        if rules.seven_zero and EFFECT_OF[card] == Effect.NUMBER:
            if RANK_OF[card] == 7 and move.target >= 0:
                s += W["swap"] * (len(after) - obs.hand_counts[move.target])
            elif RANK_OF[card] == 0:
                s += W["swap"] * (len(after) - obs.hand_counts[ctx.prv])
        return s

    def _chain_out(self, ctx: ScoreContext, hand: list[int], top: int, color: int, depth: int) -> bool:
        """Two players: after playing ``top`` (naming ``color``) the turn comes back; can the
        rest of ``hand`` go out through cards that keep the turn?"""
        rules = ctx.rules
        if len(hand) == 1:
            last = hand[0]
            if rules.no_action_card_last and EFFECT_OF[last] != Effect.NUMBER:
                return False
            return matches(last, top, color)
        if depth <= 0:
            return False
        for i, x in enumerate(hand):
            if not matches(x, top, color) or not gives_extra_turn(ctx.obs, x):
                continue
            rest = hand[:i] + hand[i + 1:]
            if IS_WILD[x]:
                cols = {COLOR_OF[y] for y in rest if not IS_WILD[y]} or {ctx.colors[0]}
                if any(self._chain_out(ctx, rest, x, c, depth - 1) for c in cols):
                    return True
            elif self._chain_out(ctx, rest, x, COLOR_OF[x], depth - 1):
                return True
        return False
