"""Playouts for the Hard bot's search, on full (determinized) game states it owns.

These functions see a whole :class:`GameState`, but only ever one built by
:func:`uno_web.core.observation.sample_state` from the searching bot's observation: a guess
of the hidden cards, never the real ones.

Two policies, both legal under every RuleSet (they ask the engine's own predicate
:func:`uno_web.core.engine.can_play` and :func:`uno_web.core.simulate.playable_now`):

* ``random``: :func:`uno_web.core.simulate.random_playout` (RLCard's random agent);
* ``greedy``: a light version of Normal: coloured cards before wilds, the card whose colour the
  hand holds most of, wilds name the hand's majority colour, draw cards and skips first when the
  next player holds two cards or fewer, draw cards stacked when possible, a Wild Draw Four
  challenged when its player still holds two cards or more, 7s swap with the smallest hand.
  About as fast as the random policy.
"""

from __future__ import annotations

import random
from typing import Callable

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from ..core.engine import can_play, step, swap_target_needed, takes_penalty_by_drawing
from ..core.moves import Move, MoveKind
from ..core.simulate import playable_now, random_playout
from ..core.state import GameState, Phase

__all__ = ["greedy_playout", "random_playout", "PLAYOUTS", "round_value"]

_PLAY = MoveKind.PLAY
_PLAY_P = Phase.PLAY
_DRAWN_P = Phase.DRAWN
_PENALTY_P = Phase.PENALTY
_OVER = Phase.ROUND_OVER
_W4 = Effect.WILD_DRAW_FOUR
_SELF2 = Effect.SELF_DRAW_TWO
_ATTACKS = frozenset((Effect.DRAW_TWO, Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR, Effect.SKIP))


def _majority(hand: list[int], colors: tuple[int, ...], rng: random.Random) -> int:
    counts = {c: 0 for c in colors}
    for x in hand:
        col = COLOR_OF[x]
        if col in counts:
            counts[col] += 1
    best = max(counts.values())
    tops = [c for c in colors if counts[c] == best]
    return tops[0] if len(tops) == 1 else tops[int(rng.random() * len(tops))]


TUNE = {"pair": 1.5, "noise": 0.9, "last": 0.0, "challenge": 2, "tempo": 0.0}
_KEEP_TURN = frozenset((Effect.SKIP, Effect.DRAW_TWO, Effect.DRAW_FOUR))


def _pick(ok: list[int], hand: list[int], rng: random.Random, threat: bool, pairs: bool = False,
          tempo: float = 0.0, reverse_skips: bool = False) -> int:
    """Coloured before wild (Wild Draw Four last), the colour the hand holds most of; draw
    cards and skips first when the next player is close to going out; with ``pairs``, a card
    whose number/symbol the hand also holds in another colour is kept."""
    if len(ok) == 1:
        return ok[0]
    counts: dict[int, int] = {}
    for x in hand:
        col = COLOR_OF[x]
        counts[col] = counts.get(col, 0) + 1
    best = -1.0
    pick = ok[0]
    for c in ok:
        eff = EFFECT_OF[c]
        if IS_WILD[c]:
            sc = 0.5 if eff != _W4 else 0.0
        elif eff == _SELF2 and len(hand) > 1:
            sc = 0.2
        else:
            sc = 10.0 + counts.get(COLOR_OF[c], 0) + 0.01 * POINTS_OF[c]
            if pairs:
                rank = RANK_OF[c]
                col = COLOR_OF[c]
                for x in hand:
                    if RANK_OF[x] == rank and COLOR_OF[x] != col:
                        sc -= TUNE["pair"]
                        break
                if len(hand) == 2:
                    last = hand[0] if hand[1] == c else hand[1]
                    if IS_WILD[last] or COLOR_OF[last] == col:
                        sc += TUNE["last"]
        if threat and eff in _ATTACKS:
            sc += 20.0
        elif tempo and (eff in _KEEP_TURN or (reverse_skips and eff == Effect.REVERSE)):
            # two players: the turn comes back; worth it with a card to follow
            rank = RANK_OF[c]
            col = COLOR_OF[c]
            for x in hand:
                if x != c and (IS_WILD[x] or COLOR_OF[x] == col or RANK_OF[x] == rank):
                    sc += tempo
                    break
        sc += rng.random() * TUNE["noise"]
        if sc > best:
            best = sc
            pick = c
    return pick


def _threat(s: GameState, seat: int) -> bool:
    """Does the next player hold two cards or fewer?"""
    return len(s.hands[_next_active(s, seat)]) <= 2


def _play_move(s: GameState, seat: int, card: int, rng: random.Random) -> Move:
    r = s.r
    hand = s.hands[seat]
    color = _majority([x for x in hand if x != card], r.colors, rng) if IS_WILD[card] else -1
    target = -1
    if swap_target_needed(r, card, len(hand)):  # the core's rule, not a copy (issue 15)
        others = [t for t in range(s.n) if t != seat and s.active[t]]
        target = min(others, key=lambda t: (len(s.hands[t]), rng.random()))
    uno = r.uno_call and len(hand) == 2 and not s.called[seat]
    return Move(_PLAY, seat, card, color, target, uno)


def _far(s: GameState, seat: int) -> bool:
    """Do all the other active players hold 6 cards or more?"""
    hands = s.hands
    act = s.active
    for i in range(s.n):
        if i != seat and act[i] and len(hands[i]) < 6:
            return False
    return True


def greedy_move(s: GameState, rng: random.Random, smart: bool = True) -> Move:
    """The greedy policy's move for the player on turn in ``s`` (not ROUND_OVER)."""
    r = s.r
    seat = s.turn
    phase = s.phase
    hand = s.hands[seat]
    if s.owed:  # penalty_draw = one-by-one: the penalty cards first, one per move
        return Move(MoveKind.DRAW, seat)
    if phase == _PLAY_P:
        ok = playable_now(s, seat)  # the core's predicate (matching inlined there for speed)
        if not ok:  # a same-number turn (play_same_number) ends with a pass, else draw
            return Move(MoveKind.PASS if s.chain_rank >= 0 else MoveKind.DRAW, seat)
        tempo = TUNE["tempo"]
        if tempo and sum(s.active) == 2:
            card = _pick(ok, hand, rng, _threat(s, seat), smart, tempo, r.reverse_skip_2p)
        else:
            card = _pick(ok, hand, rng, _threat(s, seat), smart)
        if (smart and IS_WILD[card] and len(hand) > 2 and r.may_draw_when_playable
                and _far(s, seat)):
            return Move(MoveKind.DRAW, seat)
        return _play_move(s, seat, card, rng)
    if phase == _DRAWN_P:
        ok = [c for c in s.drawn if can_play(s, seat, c)]
        if not ok:
            return Move(MoveKind.PASS, seat)
        if smart and IS_WILD[ok[0]] and len(hand) > 2 and not r.forced_play and _far(s, seat):
            return Move(MoveKind.PASS, seat)
        return _play_move(s, seat, ok[0], rng)
    if phase == _PENALTY_P:
        if s.plus4_by >= 0 and r.plus4 == "challenge" and len(s.hands[s.plus4_by]) >= TUNE["challenge"]:
            # card counting says a bluff is likely enough once the +4 player holds two cards
            # or more (what Normal concludes); the playout cannot know the truth
            return Move(MoveKind.CHALLENGE, seat)
        ok = playable_now(s, seat)
        if ok:
            return _play_move(s, seat, _pick(ok, hand, rng, False), rng)
        # (draw_takes_penalty: a draw takes it)
        return Move(MoveKind.DRAW if takes_penalty_by_drawing(s) else MoveKind.ACCEPT, seat)
    return Move(MoveKind.CHOOSE_COLOR, seat, -1, _majority(hand, r.colors, rng))


def greedy_playout(s: GameState, rng: random.Random, max_moves: int = 3000, smart: bool = True) -> int:
    """Play the current round of ``s`` to its end in place with the greedy policy.

    ``smart`` adds two of Normal's habits: keep same-number pairs, and draw rather than play a
    wild while every opponent holds 6 cards or more."""
    moves = 0
    while s.phase < _OVER and moves < max_moves:
        step(s, greedy_move(s, rng, smart))
        moves += 1
    return moves


# MixBot2-like habits (chausner/UnoAI's card-type ranks and wild limits), an opponent model
# for the playouts: types number 0, reverse 1 (2 when a two-player Reverse skips), skip 2,
# draw two 3, wild 4, wild draw four 5; ranks [4, 3, 5, 6, 1, 2], end game [2, 3, 4, 6, 1, 5]
_TYPE = {int(Effect.NUMBER): 0, int(Effect.REVERSE): 1, int(Effect.SKIP): 2, int(Effect.DRAW_TWO): 3,
         int(Effect.DRAW_FOUR): 3, int(Effect.WILD): 4, int(Effect.WILD_DRAW_FOUR): 5,
         int(Effect.SELF_DRAW_TWO): -1}
_RANKS = (4, 3, 5, 6, 1, 2)
_END_RANKS = (2, 3, 4, 6, 1, 5)
_LIMITS = (-1, -1, -1, -1, 2, 4)


def _next_active(s: GameState, seat: int) -> int:
    n = s.n
    d = s.direction
    nxt = (seat + d) % n
    while not s.active[nxt]:
        nxt = (nxt + d) % n
    return nxt


def _type_of(s: GameState, card: int, two: bool) -> int:
    t = _TYPE.get(EFFECT_OF[card], 0)
    if t == 1 and two and s.r.reverse_skip_2p:
        return 2
    return t


def attack_pick(s: GameState, seat: int, ok: list[int], rng: random.Random) -> int:
    """The card MixBot2's habits pick from the playable ``ok`` (-1: none within the wild
    limits): draw cards, then skips, then numbers, then reverses, wilds last and only with few
    other cards (no limits when the next player holds one card); then the hand's commonest
    colour, then at random."""
    hand = s.hands[seat]
    two = sum(s.active) == 2
    # no limits in the end game, nor when drawing could go on for ever (an empty pile, a
    # huge hand: the rounds must end)
    end = len(s.hands[_next_active(s, seat)]) == 1 or len(hand) > 12 or len(s.draw) < 2
    ranks = _END_RANKS if end else _RANKS
    plain = 0
    counts: dict[int, int] = {}
    for x in hand:
        if not IS_WILD[x]:
            plain += 1
            col = COLOR_OF[x]
            counts[col] = counts.get(col, 0) + 1
    best = -1.0
    pick = -1
    for c in ok:
        t = _type_of(s, c, two)
        if t < 0:  # a Joker (its player draws two) waits
            sc = 0.0 if len(hand) > 1 else 100.0
        else:
            if not end and _LIMITS[t] >= 0 and plain > _LIMITS[t]:
                continue
            sc = 10.0 * ranks[t] + (0.0 if IS_WILD[c] else 0.5 * counts.get(COLOR_OF[c], 0))
        sc += rng.random() * 0.4
        if sc > best:
            best = sc
            pick = c
    return pick


def attack_move(s: GameState, rng: random.Random) -> Move:
    """An opponent model for the playouts: MixBot2's habits (:func:`attack_pick`) on its turn,
    the greedy policy's answers to penalties."""
    r = s.r
    seat = s.turn
    phase = s.phase
    hand = s.hands[seat]
    if phase == _PLAY_P:
        ok = playable_now(s, seat)
        if not ok:
            return Move(MoveKind.PASS if s.chain_rank >= 0 else MoveKind.DRAW, seat)
        card = attack_pick(s, seat, ok, rng)
        if card < 0:
            if r.may_draw_when_playable:
                return Move(MoveKind.DRAW, seat)
            card = ok[0]
        return _play_move(s, seat, card, rng)
    if phase == _DRAWN_P:
        ok = [c for c in s.drawn if can_play(s, seat, c)]
        if not ok:
            return Move(MoveKind.PASS, seat)
        if IS_WILD[ok[0]] and len(hand) > 2 and not r.forced_play:
            return Move(MoveKind.PASS, seat)
        return _play_move(s, seat, ok[0], rng)
    return greedy_move(s, rng)


def model_playout(s: GameState, rng: random.Random, max_moves: int, me: int,
                  smart: bool = True) -> int:
    """Play the round out with the greedy policy for ``me`` and :func:`attack_move` for the
    other seats."""
    moves = 0
    while s.phase < _OVER and moves < max_moves:
        if s.turn == me:
            step(s, greedy_move(s, rng, smart))
        else:
            step(s, attack_move(s, rng))
        moves += 1
    return moves


def basic_playout(s: GameState, rng: random.Random, max_moves: int = 3000) -> int:
    """The greedy policy without Normal's pair and wild-saving habits."""
    return greedy_playout(s, rng, max_moves, smart=False)


PLAYOUTS = {"greedy": greedy_playout, "basic": basic_playout, "random": random_playout}


#: the evaluator's weights, fitted (maximum likelihood) on greedy self-play rounds:
#: log hand size (two players / more), wild cards held, being on turn
EVAL = {"cards2": 0.9, "cards": 1.4, "wilds": 0.63, "turn": 0.15}


def estimate(s: GameState, seat: int) -> float:
    """The chance that ``seat`` wins the unfinished round of ``s``: a softmax over the active
    players of ``-cards * log(hand size) + wilds * wild cards + turn * (on turn)``."""
    import math

    b = EVAL["cards2"] if sum(s.active) == 2 else EVAL["cards"]
    g = EVAL["wilds"]
    d = EVAL["turn"]

    def score(i: int, h: list[int]) -> float:
        w = 0
        for c in h:
            if IS_WILD[c]:
                w += 1
        return -b * math.log(max(1, len(h))) + g * w + (d if i == s.turn else 0.0)

    return _softmax_share(s, seat, score)


def _softmax_share(s: GameState, seat: int, score: Callable[[int, list[int]], float]) -> float:
    """``seat``'s share of ``exp(score(player, hand))`` over the active players (both
    evaluators' last step)."""
    import math

    total = 0.0
    mine = 0.0
    for i in range(s.n):
        if not s.active[i]:
            continue
        x = math.exp(score(i, s.hands[i]))
        total += x
        if i == seat:
            mine = x
    return mine / total if total > 0 else 0.0


#: a richer evaluator (``bench/bench_ai_fit_estimate.py``: logistic regression on greedy
#: self-play, two players): per player ``-log_cards * log(hand size) + wilds * wild cards +
#: turn * (on turn) + can_match * (holds a card that fits the pile) + colours * (colours held)
#: + actions * (Skips, Reverses, Draw Twos held)``, a softmax over the players
EVAL_FEATURES = {"log_cards": 1.027, "wilds": 0.646, "turn": 0.091, "can_match": 0.631,
                 "colours": -0.270, "actions": 0.299}
_ACTION_CARDS = (Effect.SKIP, Effect.REVERSE, Effect.DRAW_TWO)


def estimate_features(s: GameState, seat: int) -> float:
    """Like :func:`estimate`, from the richer features of :data:`EVAL_FEATURES`."""
    import math

    e = EVAL_FEATURES
    top = s.discard[-1] if s.discard else -1
    trank = RANK_OF[top] if top >= 0 else -99
    col = s.color

    def score(i: int, h: list[int]) -> float:
        wilds = actions = 0
        match = False
        colours = set()
        for c in h:
            if IS_WILD[c]:
                wilds += 1
                match = True
                continue
            cc = COLOR_OF[c]
            colours.add(cc)
            if cc == col or RANK_OF[c] == trank:
                match = True
            if EFFECT_OF[c] in _ACTION_CARDS:
                actions += 1
        return (-e["log_cards"] * math.log(max(1, len(h))) + e["wilds"] * wilds
                + (e["turn"] if i == s.turn else 0.0) + (e["can_match"] if match else 0.0)
                + e["colours"] * len(colours) + e["actions"] * actions)

    return _softmax_share(s, seat, score)


EVALUATORS = {"sizes": estimate, "features": estimate_features}


def round_value(s: GameState, seat: int, points_weight: float,
                evaluate: "Callable[[GameState, int], float]" = estimate) -> float:
    """The value of a finished round for ``seat``: 1 for winning it, 0 for losing it, plus
    ``points_weight`` times the points won (as a fraction of 100, capped at 1) or minus the
    points left in the hand (same scale). A round the playout did not finish (its horizon or
    move limit) is valued by :func:`estimate`."""
    w = s.round_winner
    if s.phase < _OVER or w < 0:
        return evaluate(s, seat)
    if w == seat:
        if not points_weight:
            return 1.0
        gained = sum(p for i, p in enumerate(s.round_points) if i != seat)
        return 1.0 + points_weight * min(1.0, gained / 100.0)
    if not points_weight:
        return 0.0
    return -points_weight * min(1.0, s.round_points[seat] / 100.0)
