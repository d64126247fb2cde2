"""A learned correction to Normal's choice of a turn option (issue 17).

Normal scores each play with hand-written terms (:mod:`uno_web.ai.normal`). This module describes
every option of a turn decision (a play, drawing, keeping a drawn card) by a few dozen
features computed from the observation and the bot's memory alone: Normal's own score, the
kind of card against the opponents' hand sizes, the colour left in force, pairs, points, the
chance by card counting that the next player cannot answer. ``bench/learn_normal.py`` fitted
weights for them on positions played out to the end of the round (see ``docs/ai.md``); the
option with the highest weighted sum is played. The weights are plain numbers
(:data:`uno_web.ai.learned_weights.WEIGHTS`), so the browser reads them like any other module.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from ..core.moves import Move, MoveKind
from ..core.rules import PRESETS, RuleSet
from .memory import Memory
from .util import color_weights, dedupe_uno, gives_extra_turn, makes_draw, matches

if TYPE_CHECKING:
    from .normal import ScoreContext

__all__ = ["FEATURES", "features", "fits", "options", "value"]

#: rule fields that do not change which turn option is good: scoring, UNO-call penalties,
#: the first card, how the pile is turned over
_IGNORED = frozenset({
    "scoring", "double_score", "target_score", "elimination_threshold", "first_card",
    "reshuffle", "uno_call", "uno_call_with_two", "uno_penalty", "false_catch_penalty",
    "false_uno_penalty", "uno_catch_window", "misplay_penalty", "misplay_keeps_turn",
    "finish_keeps_turn", "self_catch", "jump_in_same_number", "uno_call_needs_fit",
    "misplay_may_pass", "uno_repeat_call", "draw_lapses",
    "misplay_after_draw", "forced_play_at_once", "penalty_draw",
})

_KINDS = ("number", "skip", "reverse", "draw2", "wild", "wd4", "draw", "keep")
_KIND_OF: dict[int, str] = {Effect.NUMBER: "number", Effect.SKIP: "skip", Effect.REVERSE: "reverse",
            Effect.DRAW_TWO: "draw2", Effect.WILD: "wild", Effect.WILD_DRAW_FOUR: "wd4"}
_OPP = ("o1", "o2", "o34", "o5")

#: the feature names, in the order :func:`features` returns them
FEATURES: tuple[str, ...] = (
    "normal", "normal_hi", *(f"k_{k}" for k in _KINDS),
    *(f"k_{k}_{o}" for k in _KINDS for o in _OPP if k != "number"),
    *(f"k_{k}_h" for k in _KINDS), "col_share", "col_count", "col_change", "col_unseen",
    "col_lacks", "pair_break", "follow", "points", "points_threat", "wilds_after",
    "colors_after", "block", "bluff", "last_wild", "last_color", "last_other", "tempo_follow",
    "h_after_small", "draw_no_colored",
)


def _opp_bucket(n: int) -> str:
    return "o1" if n <= 1 else "o2" if n == 2 else "o34" if n <= 4 else "o5"


@lru_cache(maxsize=64)
def fits(rules: RuleSet) -> bool:
    """Were the weights fitted for play under ``rules``? They were fitted under the official
    rules, so: every field that changes what a turn option is worth is the official one."""
    official = PRESETS["official"]
    return all(getattr(rules, name) == getattr(official, name)
               for name in RuleSet.model_fields if name not in _IGNORED)


def options(ctx: "ScoreContext", moves: Sequence[Move]) -> list[Move]:
    """The options of a turn decision that the model compares: each play, with the UNO call
    when it can (a wild only with the two colours the hand holds most of), then drawing or
    keeping a drawn card (one of them, the first listed)."""
    w = color_weights(ctx.hand, ctx.colors)
    best = sorted(ctx.colors, key=lambda c: (-w.get(c, 0.0), c))[:2]
    out = [m for m in dedupe_uno(moves)
           if m.kind == MoveKind.PLAY and (not IS_WILD[m.card] or m.color in best)]
    out += [m for m in moves if m.kind in (MoveKind.DRAW, MoveKind.PASS)][:1]
    return out


def features(ctx: "ScoreContext", memory: Memory, move: Move, normal_score: float,
             block: float) -> list[float]:
    """The features of ``move`` (:data:`FEATURES`), from what the player may see:
    ``ctx`` (:class:`uno_web.ai.normal.ScoreContext`), the bot's ``memory``, Normal's score of
    the play (0 for drawing or keeping) and the card-counting chance ``block`` that the next
    player holds nothing to answer it."""
    obs = ctx.obs
    opp = obs.hand_counts[ctx.nxt]
    ob = _opp_bucket(opp)
    f = dict.fromkeys(FEATURES, 0.0)
    h = ctx.h
    if move.kind != MoveKind.PLAY:
        kind = "draw" if move.kind == MoveKind.DRAW else "keep"
        f[f"k_{kind}"] = 1.0
        f[f"k_{kind}_{ob}"] = 1.0
        f[f"k_{kind}_h"] = h / 10.0
        f["wilds_after"] = sum(1 for x in ctx.hand if IS_WILD[x]) / 2.0
        if not any(not IS_WILD[x] and matches(x, obs.top, obs.color) for x in ctx.hand):
            f["draw_no_colored"] = 1.0  # only wilds (or nothing) would play
        return list(f.values())
    card = move.card
    eff = EFFECT_OF[card]
    kind = _KIND_OF.get(eff, "number")
    after = list(ctx.hand)
    after.remove(card)
    col = move.color if IS_WILD[card] else COLOR_OF[card]
    f["normal"] = max(-60.0, min(60.0, normal_score)) / 10.0
    f["normal_hi"] = 1.0 if normal_score >= 100.0 else 0.0
    f[f"k_{kind}"] = 1.0
    if kind != "number":
        f[f"k_{kind}_{ob}"] = 1.0
    f[f"k_{kind}_h"] = h / 10.0
    n_after = len(after)
    in_col = sum(1 for x in after if not IS_WILD[x] and COLOR_OF[x] == col)
    f["col_share"] = in_col / n_after if n_after else 0.0
    f["col_count"] = in_col / 4.0
    f["col_change"] = 1.0 if col != obs.color else 0.0
    unseen = ctx.unseen_n or 1
    f["col_unseen"] = ctx.unseen_by_color.get(col, 0) / unseen * 4.0
    f["col_lacks"] = 1.0 if memory.lacks_color(ctx.nxt, col) else 0.0
    if not IS_WILD[card]:
        rank = RANK_OF[card]
        if any(not IS_WILD[x] and RANK_OF[x] == rank and COLOR_OF[x] != col for x in after):
            f["pair_break"] = 1.0
        f["points"] = POINTS_OF[card] / 20.0
        if ctx.threat:
            f["points_threat"] = POINTS_OF[card] / 20.0
    f["follow"] = sum(1 for x in after if not IS_WILD[x] and (COLOR_OF[x] == col or RANK_OF[x] == RANK_OF[card])) / 4.0
    f["wilds_after"] = sum(1 for x in after if IS_WILD[x]) / 2.0
    f["colors_after"] = len({COLOR_OF[x] for x in after if not IS_WILD[x]}) / 4.0
    f["block"] = block
    if (eff == Effect.WILD_DRAW_FOUR and obs.rules.wild_draw_four == "challenge" and obs.color >= 0
            and any(not IS_WILD[x] and COLOR_OF[x] == obs.color for x in after)):
        f["bluff"] = 1.0
    if n_after == 1:
        last = after[0]
        if IS_WILD[last]:
            f["last_wild"] = 1.0
        elif COLOR_OF[last] == col:
            f["last_color"] = 1.0
        else:
            f["last_other"] = 1.0
    if ctx.two and (gives_extra_turn(obs, card) or makes_draw(obs.rules, card)):
        f["tempo_follow"] = 1.0 if any(IS_WILD[x] or COLOR_OF[x] == col for x in after) else 0.0
    f["h_after_small"] = 1.0 if n_after <= 2 else 0.0
    return list(f.values())


def value(x: Sequence[float], weights: Sequence[float]) -> float:
    """The weighted sum of the features ``x``."""
    return sum(a * b for a, b in zip(x, weights))
