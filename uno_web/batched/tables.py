# uno_web: cli-only
"""The batched engine's tables, built from the core's rules and the RL encoding (numpy only).

Nothing here states a rule again: what matches what comes from
:func:`uno_web.core.engine.match_table`, what answers a pending draw card and how many cards a
card makes draw from :class:`~uno_web.core.state.CompiledRules` (``answers``, ``amount``,
``responds``), the actions from :class:`~uno_web.rl.ActionTable` and the observation layout
from :class:`~uno_web.rl.ObservationEncoder`. Cards are numbered by their index in the
encoder's sorted list of the deck's distinct cards (0 to 53 for the UNO deck).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from ..core.engine import match_table
from ..core.moves import MoveKind
from ..core.rules import PRESETS, RuleSet
from ..core.state import compile_rules, deck_cards, deck_colors
from ..rl.actions import ActionTable
from ..rl.encoding import ObservationEncoder

__all__ = ["Tables", "UnsupportedRules", "unsupported_toggles", "build_tables", "MAX_REACTIONS"]

MAX_REACTIONS = 64  # as uno_web.rl.aec: reactions in a row before the windows close

Array: TypeAlias = NDArray[Any]


class UnsupportedRules(ValueError):
    """A rule set the batched engine does not play; the message names every toggle."""

    def __init__(self, toggles: list[str]) -> None:
        self.toggles = toggles
        super().__init__(
            "the batched engine does not support " + "; ".join(toggles)
            + " (it plays these rules differently or not at all, so it refuses them: use "
            "uno_web.rl.env for this rule set)")


# toggles whose every value is played (or that only ever act on moves outside the action
# mask: an illegal action ends the game, as the PettingZoo environment's default
# illegal="terminate" does, so the misplay and false-call penalties never apply)
_ANY_VALUE = frozenset({
    "hand_size", "two_player_reverse", "wild_draw_four", "draw_on_last_card",
    "stack_draw_two_on_draw_two", "stack_draw_four_on_draw_four", "stack_draw_two_on_draw_four",
    "stack_draw_four_on_draw_two", "seven_swap", "zero_rotate", "may_draw_when_playable",
    "draw_to_match", "forced_play", "misplay_penalty", "drawn_joker_penalty", "uno_call",
    "uno_call_with_two", "uno_penalty", "false_catch_penalty", "false_uno_penalty",
    "double_score", "target_score", "elimination_threshold", "misplay_keeps_turn",
    "finish_keeps_turn", "self_catch", "jump_in_same_number", "same_number_turn",
    "misplay_may_pass", "misplay_after_draw",
    # (it plays after_draw_play = drawn-card only, where nothing but the drawn card is played)
    "forced_play_at_once",
})
# toggles played only at some values
_SUPPORTED_VALUES: dict[str, tuple[object, ...]] = {
    "deck": ("uno",),
    "first_card": ("official", "redraw-until-number", "redraw-wild"),
    "wild_last_resort": (False,),
    "wild_draws_one": (False,),
    "no_action_card_last": (False,),
    "no_wild_finish": (False,),
    "no_draw_card_finish": (False,),
    "escalating_stack": (False,),
    "reverse_returns_draw_two": (False,),
    "reverse_returns_draw_four": (False,),
    "skip_passes_penalty": (False,),
    "draw_answers": ("pending-card",),
    "jump_in": (False,),
    "jump_in_window": ("next-action",),
    "jump_in_wild": (False,),
    "uno_call_needs_fit": (False,),
    "uno_repeat_call": (False,),
    "draw_lapses": (False,),
    "penalty_draw": ("at-once",),
    "draw_takes_penalty": (False,),
    "draw_then_pass": (False,),
    "after_draw_play": ("drawn-card",),
    "play_same_number": (False,),
    "reshuffle": ("shuffle",),
    "uno_catch_window": ("next-action",),
    "scoring": ("target", "single-round"),
}


def _value(v: object) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def unsupported_toggles(rules: RuleSet) -> list[str]:
    """``toggle = value`` for every field of ``rules`` the batched engine does not play
    (empty: supported). A RuleSet field missing from both lists is refused too, so a toggle
    added to the core later is never played by default."""
    out = []
    for name in RuleSet.model_fields:
        value = getattr(rules, name)
        if name in _ANY_VALUE:
            continue
        allowed = _SUPPORTED_VALUES.get(name)
        if allowed is None or value not in allowed:
            out.append(f"{name} = {_value(value)}")
    return out


def supported_presets() -> list[str]:
    return [name for name, rules in PRESETS.items() if not unsupported_toggles(rules)]


@dataclass(frozen=True)
class Tables:
    """Everything the jitted functions read, as numpy arrays and plain numbers."""

    n: int
    C: int  # distinct cards
    D: int  # cards in the deck
    K: int  # colours
    A: int  # actions
    O: int  # observation length
    # cards
    color: Array  # colour index, -1 for a wild
    effect: Array
    points: Array
    is_wild: Array
    is_seven: Array  # a number 7 (the 7-0 rule's swap)
    is_zero: Array
    is_plus4: Array
    match: Array  # [K, C top, C card]: card may be played on top showing colour
    amount: Array  # cards a card makes the next player draw
    responds: Array  # whether the victim of this draw card gets a penalty phase
    answers: Array  # [C pending top, C card]: may card answer (stack on) the pending card
    deck: Array  # [D] the deck's cards in canonical order (copies together)
    copy: Array  # [D] which copy of its card each deck slot is
    core_card: Array  # [C] the core's card number of each card index
    # actions
    a_kind: Array
    a_card: Array
    a_color: Array
    a_target: Array
    a_uno: Array
    pass_action: int
    # observation offsets (ObservationEncoder's)
    offsets: dict[str, int]
    score_scale: int
    # rules
    rules: RuleSet
    hand_size: int
    first_back: Array  # [C] a first card turned up that goes back to the bottom
    challenge: bool
    strict_plus4: bool
    uno_call: bool
    uno_call_with_two: bool
    uno_penalty: int
    seven_swap: bool
    zero_rotate: bool
    may_draw_when_playable: bool
    draw_to_match: bool
    forced_play: bool
    draw_on_last_card: bool
    reverse_skip_2p: bool
    single_round: bool
    target_score: int
    score_factor: int


def build_tables(rules: RuleSet, players: int) -> Tables:
    """The tables of ``rules`` for ``players`` seats; :class:`UnsupportedRules` names every
    toggle the engine does not play, ValueError for a table the core would not deal."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ValueError(f"players must be 2 to 10, not {players!r}")
    bad = unsupported_toggles(rules)
    if bad:
        raise UnsupportedRules(bad)
    r = compile_rules(rules)
    cards = deck_cards(rules.deck)
    if players * rules.hand_size >= len(cards):
        raise ValueError(f"{players} players with {rules.hand_size} cards each need more than "
                         f"the {len(cards)} cards of the deck")
    enc = ObservationEncoder(rules, players)
    table = ActionTable(rules.deck, players)
    distinct = enc.cards
    C = len(distinct)
    colors = deck_colors(rules.deck)
    K = len(colors)
    index = {c: i for i, c in enumerate(distinct)}
    cindex = {c: i for i, c in enumerate(colors)}
    color = np.array([-1 if IS_WILD[c] else cindex[COLOR_OF[c]] for c in distinct], np.int32)
    effect = np.array([EFFECT_OF[c] for c in distinct], np.int32)
    mt = match_table(rules.deck)
    match = np.zeros((K, C, C), bool)
    for k, col in enumerate(colors):
        for t, top in enumerate(distinct):
            for c in mt[col * 32 + RANK_OF[top]]:
                match[k, t, index[c]] = True
    deck = np.array([index[c] for c in cards], np.int32)
    copy = np.zeros(len(cards), np.int32)
    for i in range(1, len(cards)):
        copy[i] = copy[i - 1] + 1 if cards[i] == cards[i - 1] else 0
    def back(c: int) -> bool:
        """Whether ``c`` turned up first goes back under the draw pile (``first_card``)."""
        if rules.first_card == "official":
            return EFFECT_OF[c] == Effect.WILD_DRAW_FOUR
        if rules.first_card == "redraw-wild":
            return IS_WILD[c]
        return EFFECT_OF[c] != Effect.NUMBER  # redraw-until-number

    acts = table.actions
    return Tables(
        n=players, C=C, D=len(cards), K=K, A=table.size, O=enc.size,
        color=color, effect=effect,
        points=np.array([POINTS_OF[c] for c in distinct], np.int32),
        is_wild=np.array([IS_WILD[c] for c in distinct], bool),
        is_seven=np.array([RANK_OF[c] == 7 and EFFECT_OF[c] == Effect.NUMBER for c in distinct]),
        is_zero=np.array([RANK_OF[c] == 0 and EFFECT_OF[c] == Effect.NUMBER for c in distinct]),
        is_plus4=effect == Effect.WILD_DRAW_FOUR,
        match=match,
        amount=np.array([r.amount[e] for e in effect], np.int32),
        responds=np.array([r.responds.get(int(e), False) for e in effect], bool),
        answers=np.array([[r.answers[p][e] == 0 for e in effect] for p in effect], bool),
        deck=deck, copy=copy,
        core_card=np.array(distinct, np.int32),
        a_kind=np.array([a.kind for a in acts], np.int32),
        a_card=np.array([index[a.card] if a.card >= 0 else -1 for a in acts], np.int32),
        a_color=np.array([cindex[a.color] if a.color >= 0 else -1 for a in acts], np.int32),
        a_target=np.array([a.target for a in acts], np.int32),
        a_uno=np.array([a.uno for a in acts], bool),
        pass_action=table.pass_action,
        offsets={name: getattr(enc, "o_" + name) for name in (
            "hand", "drawn", "discard", "top", "color", "phase", "pending", "draw", "clockwise",
            "challenge", "jump", "prev", "held", "called", "catch", "active", "score", "turn",
            "last", "dealer")},
        score_scale=enc.score_scale,
        rules=rules,
        hand_size=rules.hand_size,
        first_back=np.array([back(c) for c in distinct], bool),
        challenge=rules.wild_draw_four == "challenge",
        strict_plus4=rules.wild_draw_four == "strict",
        uno_call=rules.uno_call,
        uno_call_with_two=rules.uno_call_with_two,
        uno_penalty=rules.uno_penalty,
        seven_swap=rules.seven_swap,
        zero_rotate=rules.zero_rotate,
        may_draw_when_playable=rules.may_draw_when_playable,
        draw_to_match=rules.draw_to_match,
        forced_play=rules.forced_play,
        draw_on_last_card=rules.draw_on_last_card,
        reverse_skip_2p=r.reverse_skip_2p,
        single_round=rules.scoring == "single-round",
        target_score=rules.target_score,
        score_factor=2 if rules.double_score else 1,
    )


KINDS = {k.name: int(k) for k in MoveKind}
