"""Game state: plain values (ints and lists) so that copying and simulating are cheap.

The safe API (:func:`uno_web.core.engine.apply`) never mutates a state: it copies, applies and
returns the copy. The fast path (:func:`uno_web.core.engine.step`) mutates in place and is used by
simulations and AI rollouts on states they own.

Piles are lists with the *top at the end*: ``draw[-1]`` is the next card drawn and
``discard[-1]`` is the top of the discard pile. Deck orders in logs are written top first.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import IntEnum
from functools import lru_cache
from typing import Any, ClassVar, Sequence

from .cards import EFFECT_OF, SUIT_COLORS, UNO_COLORS, Color, Effect, Rank, make_card
from .rules import RuleSet

__all__ = ["Phase", "GameState", "CompiledRules", "compile_rules", "deck_cards", "deck_colors"]


class Phase(IntEnum):
    PLAY = 0  # the turn player plays a card or draws
    DRAWN = 1  # the turn player drew a playable card: play it or keep it
    CHOOSE_COLOR = 2  # a Wild started the pile: the turn player names the colour
    PENALTY = 3  # the turn player faces pending draw cards: stack, challenge or accept
    ROUND_OVER = 4
    GAME_OVER = 5


PHASE_NAMES = {
    Phase.PLAY: "play", Phase.DRAWN: "drawn", Phase.CHOOSE_COLOR: "choose-color",
    Phase.PENALTY: "penalty", Phase.ROUND_OVER: "round-over", Phase.GAME_OVER: "game-over",
}


@lru_cache(maxsize=None)
def deck_cards(deck: str) -> tuple[int, ...]:
    """The full multiset of a deck, in a canonical (sorted) order."""
    cards: list[int] = []
    if deck == "uno":
        for col in UNO_COLORS:
            cards.append(make_card(col, 0))
            for rank in list(range(1, 10)) + [Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO]:
                cards += [make_card(col, rank)] * 2
        cards += [make_card(Color.WILD, Rank.WILD)] * 4
        cards += [make_card(Color.WILD, Rank.WILD_DRAW_FOUR)] * 4
    elif deck == "playing-cards":
        for col in SUIT_COLORS:
            for rank in list(range(2, 11)) + [Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]:
                cards.append(make_card(col, rank))
        cards += [make_card(Color.SPADES, Rank.JOKER)] * 2
    else:  # pragma: no cover - RuleSet.deck is a Literal
        raise ValueError(f"unknown deck {deck!r}")
    return tuple(sorted(cards))


def deck_colors(deck: str) -> tuple[int, ...]:
    return UNO_COLORS if deck == "uno" else SUIT_COLORS


_DERIVED = (
    "rules", "colors", "cards", "deck_set", "reverse_skip_2p", "plus4", "no_action_last",
    "seven_zero", "joker_penalty", "turn_over", "window_next_action", "window_turn_end",
    "amount", "plain_matching", "responds", "answers", "top_card_answers", "chain_any_card",
    "jump_on_top", "draw_any_card", "one_by_one",
)


class CompiledRules:
    """A RuleSet flattened to plain attributes for the hot paths.

    Every RuleSet field is an attribute of the same name and value, copied by a loop over the
    declared fields (a new toggle needs nothing here); what is listed in ``_DERIVED`` is
    computed from them once (``tests/core/test_rules_in_one_place.py`` holds both to this)."""

    __slots__ = tuple(RuleSet.model_fields) + _DERIVED

    # the declared fields, for type checkers (set by the loop in __init__)
    deck: str
    hand_size: int
    first_card: str
    two_player_reverse: str
    wild_draw_four: str
    wild_last_resort: bool
    wild_draws_one: bool
    no_action_card_last: bool
    no_wild_finish: bool
    no_draw_card_finish: bool
    finish_keeps_turn: bool
    draw_on_last_card: bool
    stack_draw_two_on_draw_two: bool
    stack_draw_four_on_draw_four: bool
    stack_draw_two_on_draw_four: bool
    stack_draw_four_on_draw_two: bool
    escalating_stack: bool
    reverse_returns_draw_two: bool
    reverse_returns_draw_four: bool
    skip_passes_penalty: bool
    draw_answers: str
    jump_in: bool
    jump_in_window: str
    jump_in_wild: bool
    seven_swap: bool
    zero_rotate: bool
    play_same_number: bool
    jump_in_same_number: bool
    same_number_turn: str
    may_draw_when_playable: bool
    draw_to_match: bool
    forced_play: bool
    forced_play_at_once: bool
    penalty_draw: str
    draw_takes_penalty: bool
    draw_then_pass: bool
    after_draw_play: str
    misplay_penalty: int
    misplay_keeps_turn: bool
    misplay_may_pass: bool
    misplay_after_draw: bool
    draw_lapses: bool
    drawn_joker_penalty: int
    reshuffle: str
    uno_call: bool
    uno_penalty: int
    uno_call_with_two: bool
    uno_call_needs_fit: bool
    uno_repeat_call: bool
    false_catch_penalty: int
    false_uno_penalty: int
    uno_catch_window: str
    self_catch: bool
    scoring: str
    double_score: bool
    target_score: int
    elimination_threshold: int

    def __init__(self, rules: RuleSet) -> None:
        for name in RuleSet.model_fields:
            setattr(self, name, getattr(rules, name))
        self.rules = rules
        # derived once from the fields
        self.colors = deck_colors(rules.deck)
        self.cards = deck_cards(rules.deck)  # the deck's cards, one entry per copy
        self.deck_set = frozenset(self.cards)
        self.reverse_skip_2p = rules.two_player_reverse == "skip"
        self.plus4 = rules.wild_draw_four  # the short name uno_web.ai.rollout reads
        self.no_action_last = rules.no_action_card_last
        self.seven_zero = rules.seven_swap or rules.zero_rotate  # hands may change owners
        self.joker_penalty = rules.drawn_joker_penalty if rules.deck == "playing-cards" else 0
        self.turn_over = rules.reshuffle == "turn-over"
        self.window_next_action = rules.uno_catch_window == "next-action"
        self.window_turn_end = rules.uno_catch_window == "next-turn-end"
        self.amount = [self.draw_amount(e) for e in range(len(Effect))]
        # matching alone decides what may be played (no house restriction to check)
        self.plain_matching = not (
            rules.wild_draw_four == "strict" or rules.wild_last_resort or rules.no_action_card_last
            or rules.no_wild_finish or rules.no_draw_card_finish
        )
        # answer_verdict as a table, [penalty effect][effect], for the hot paths
        self.answers = [[self.answer_verdict(p, e) for e in range(len(Effect))]
                        for p in range(len(Effect))]
        # draw_answers = top-card: answers are judged by the top card's kind alone
        self.top_card_answers = rules.draw_answers == "top-card"
        # same_number_turn = any-card: a kept turn takes any card that fits
        self.chain_any_card = rules.same_number_turn == "any-card"
        # jump_in_window = while-on-top: the jump-in window stays open while the card is on top
        self.jump_on_top = rules.jump_in and rules.jump_in_window == "while-on-top"
        # after_draw_play = any-card: after a draw any card that fits may be played
        self.draw_any_card = rules.after_draw_play == "any-card"
        # penalty_draw = one-by-one: penalty cards, and drawing to match, one card per move
        self.one_by_one = rules.penalty_draw == "one-by-one"
        # for each draw effect on top of the pile: can the victim answer at all?
        self.responds: dict[int, bool] = {
            eff: any(self.answer_verdict(eff, e) == 0 for e in range(len(Effect)))
            or (eff == Effect.WILD_DRAW_FOUR and rules.wild_draw_four == "challenge")
            for eff in (Effect.DRAW_TWO, Effect.DRAW_FOUR, Effect.WILD_DRAW_FOUR, Effect.WILD)
        }
        if self.top_card_answers:
            # a fresh draw card waits only for a stack (a deflection alone does not hold it);
            # a fresh Wild Draw Four only for its challenge window
            for eff in self.responds:
                self.responds[eff] = (
                    rules.wild_draw_four == "challenge" if eff == Effect.WILD_DRAW_FOUR
                    else any(self.stack_verdict(eff, e) == 0 for e in range(len(Effect))))

    def draw_amount(self, effect: int) -> int:
        if effect == Effect.DRAW_TWO:
            return 2
        if effect in (Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR):
            return 4
        if effect == Effect.WILD and self.wild_draws_one:
            return 1
        return 0

    def stack_verdict(self, top_effect: int, effect: int) -> int:
        """0: may stack; 1: not allowed by the toggles; 2: escalating order forbids it."""
        if self.draw_amount(effect) == 0:
            return 1
        if self.escalating_stack:
            if effect == Effect.DRAW_TWO and top_effect in (Effect.WILD, Effect.WILD_DRAW_FOUR):
                return 2
            if effect == Effect.WILD and top_effect == Effect.WILD_DRAW_FOUR:
                return 2
            return 0
        two_top = top_effect == Effect.DRAW_TWO
        four_top = top_effect in (Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR)
        two = effect == Effect.DRAW_TWO
        four = effect in (Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR)
        if (two_top and two and self.stack_draw_two_on_draw_two) or (
            four_top and four and self.stack_draw_four_on_draw_four
        ) or (four_top and two and self.stack_draw_two_on_draw_four) or (
            two_top and four and self.stack_draw_four_on_draw_two
        ):
            return 0
        return 1

    def stack_allowed_any(self, top_effect: int) -> bool:
        if self.draw_amount(top_effect) == 0:
            return False
        return any(
            self.stack_verdict(top_effect, e) == 0
            for e in (Effect.DRAW_TWO, Effect.DRAW_FOUR, Effect.WILD_DRAW_FOUR, Effect.WILD)
        )

    def deflects(self, penalty_effect: int, effect: int) -> bool:
        """Whether a card of ``effect`` sends a pending penalty of ``penalty_effect`` on without
        adding to it: a Reverse under ``reverse_returns_draw_two`` / ``_draw_four``, a Skip under
        ``skip_passes_penalty``. The one place these rules live."""
        if effect == Effect.REVERSE:
            if penalty_effect == Effect.DRAW_TWO:
                return self.reverse_returns_draw_two
            if penalty_effect in (Effect.WILD_DRAW_FOUR, Effect.DRAW_FOUR):
                return self.reverse_returns_draw_four
            return False
        return effect == Effect.SKIP and self.skip_passes_penalty and self.draw_amount(penalty_effect) > 0

    def answer_verdict(self, penalty_effect: int, effect: int) -> int:
        """May a card of ``effect`` answer a pending penalty of ``penalty_effect`` (colour
        matching aside)? 0: yes (a stack or a deflection); 1: not by the toggles; 2: the
        escalating order forbids it."""
        if self.deflects(penalty_effect, effect):
            return 0
        return self.stack_verdict(penalty_effect, effect)

    def deflection_toggle(self, penalty_effect: int, effect: int) -> str:
        """The toggle that lets ``effect`` deflect ``penalty_effect`` (for verdicts)."""
        if effect == Effect.SKIP:
            return "skip_passes_penalty"
        if penalty_effect == Effect.DRAW_TWO:
            return "reverse_returns_draw_two"
        return "reverse_returns_draw_four"


@lru_cache(maxsize=64)
def compile_rules(rules: RuleSet) -> CompiledRules:
    return CompiledRules(rules)


@lru_cache(maxsize=None)
def seat_names(n: int) -> tuple[str, ...]:
    """The names of ``n`` seats when the players have none: "seat 0", "seat 1", ..."""
    return tuple(f"seat {i}" for i in range(n))


def _slot(default: str, copy: str = "=", *, state: bool = True) -> Any:
    """Declare a field of :class:`GameState`. ``default`` is its value before the deal, a
    Python expression in the table's compiled rules ``r`` and seat count ``n``; ``copy`` says
    how :meth:`GameState.copy` copies it: ``"="`` shares the value (an immutable one, or a list
    the engine only ever replaces, never changes in place), ``"[:]"`` copies the list,
    ``"hands"`` copies each list of the list, ``"None"`` starts the copy without one. A slot
    with ``state=False`` is a cache, not part of the state: not in ``FIELDS`` (the constructor
    does not take it, ``snapshot`` does not compare it)."""
    return field(metadata={"default": default, "copy": copy, "state": state})


@dataclass(slots=True, init=False, repr=False, eq=False)
class GameState:
    """Everything about one game at one moment. Treat it as read-only outside the engine.

    The fields are declared once, below; the constructor, :meth:`copy`, ``FIELDS`` and the
    slots are made from these declarations (``_write_methods``)."""

    r: CompiledRules = _slot("r")
    n: int = _slot("n")
    names: tuple[str, ...] = _slot("seat_names(n)")
    seed: int = _slot("0")
    hands: list[list[int]] = _slot("[[] for _ in range(n)]", "hands")
    draw: list[int] = _slot("[]", "[:]")
    discard: list[int] = _slot("[]", "[:]")
    color: int = _slot("-1")
    direction: int = _slot("1")
    turn: int = _slot("0")
    phase: Phase = _slot("PLAY")
    pending: int = _slot("0")
    drawn: list[int] = _slot("[]")  # (replaced, never changed in place)
    plus4_by: int = _slot("-1")
    plus4_bluff: bool = _slot("False")
    plus4_prev_color: int = _slot("-1")
    called: list[bool] = _slot("[False] * n", "[:]")
    vuln: list[int] = _slot("[0] * n", "[:]")
    jump_window: bool = _slot("False")
    active: list[bool] = _slot("[True] * n")  # (the end of a round replaces it first)
    n_active: int = _slot("n")
    scores: list[int] = _slot("[0] * n")  # (the end of a round replaces it first)
    round: int = _slot("0")
    dealer: int = _slot("n - 1")  # so that seat 0, left of the dealer, starts the first round
    shuffle_count: int = _slot("0")
    stuck: int = _slot("0")
    #: the positions of this round at each draw from an empty pile (a tuple, replaced, never
    #: changed in place): the third time one comes back, the round is blocked (``effects``)
    spent: tuple[Any, ...] = _slot("()")
    winner: int = _slot("-1")
    round_winner: int = _slot("-1")
    last_player: int = _slot("-1")
    round_points: list[int] = _slot("[0] * n")  # (replaced, never changed in place)
    #: play_same_number: the number the turn player may add more of, else -1
    chain_rank: int = _slot("-1")
    #: penalty_draw = one-by-one: the penalty cards the turn player still has to draw, one
    #: per move (the turn passes on after the last), else 0
    owed: int = _slot("0")
    #: penalty_draw = one-by-one: the seat whose turn it is once the owed cards are drawn
    #: (a penalty of a player not on turn, or one that keeps the turn), else -1: the turn
    #: passes on from the player who drew them
    owed_then: int = _slot("-1")
    #: penalty_draw = one-by-one: penalties made due while others are being drawn (or while a
    #: colour is to be chosen or a Wild Draw Four may be challenged), as (seat, cards), held
    #: until then (a tuple, replaced, never changed in place)
    owed_later: tuple[tuple[int, int], ...] = _slot("()")
    #: the cards of this game: the rules' deck, or a position's exact cards
    deck: tuple[int, ...] = _slot("r.cards")
    #: the last list legal_moves made for this state (a tuple of its very Move objects), or
    #: None, kept so that apply accepts one of them without checking it again; the executor
    #: forgets it whenever it changes the state in place, and a copy is checked afresh
    listed: tuple[Any, ...] | None = _slot("None", "None", state=False)

    #: the state's fields (what ``snapshot`` compares and the constructor accepts), in order
    FIELDS: ClassVar[tuple[str, ...]]

    def __init__(self, r: CompiledRules, n: int, **fields: Any) -> None:
        """The one constructor: a table of ``n`` seats before the deal (every field at its
        default), then ``fields`` by name. An unknown name raises AttributeError.
        (Written by ``_write_methods`` from the declarations.)"""
        raise NotImplementedError  # pragma: no cover - replaced by _write_methods

    def copy(self) -> "GameState":
        """An independent copy: each field as its declaration says (the lists the engine
        changes in place are copied, the rest shared). (Written by ``_write_methods``.)"""
        raise NotImplementedError  # pragma: no cover - replaced by _write_methods

    # read-only conveniences ---------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return self.r.rules

    @property
    def top(self) -> int:
        """The top card of the discard pile, or -1 before the first card is led."""
        return self.discard[-1] if self.discard else -1

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def name(self, seat: int) -> str:
        if 0 <= seat < self.n:
            return self.names[seat]
        return f"seat {seat}"

    def active_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.active[s]]

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            out += h
        return out + self.draw + self.discard

    def snapshot(self) -> tuple[object, ...]:
        """Every field as plain values: equal snapshots mean equal states (tests use this)."""
        return tuple(
            (tuple(map(tuple, v)) if k == "hands" else tuple(v) if isinstance(v, list) else v)
            for k, v in ((k, getattr(self, k)) for k in GameState.FIELDS if k != "r")
        ) + (self.r.rules,)

    def __repr__(self) -> str:
        from .cards import card_str, color_code

        top = card_str(self.top) if self.discard else "-"
        col = color_code(self.color) if self.color >= 0 else "-"
        return (
            f"<GameState round={self.round} phase={PHASE_NAMES[Phase(self.phase)]} "
            f"turn={self.turn} top={top} colour={col} dir={self.direction:+d} "
            f"hands={[len(h) for h in self.hands]} draw={len(self.draw)} pending={self.pending}>"
        )


def _write_methods(cls: type[GameState]) -> None:
    """Write ``cls.__init__`` and ``cls.copy`` out from the fields' declarations, one line per
    field, as ``dataclasses`` writes its methods: a state is copied in every AI rollout, so the
    copy is straight-line code with no loop over the fields."""
    specs = [(f.name, f.metadata) for f in fields(cls)]
    cls.FIELDS = tuple(name for name, meta in specs if meta["state"])
    init = ["def __init__(self, r, n, **fields):"]
    init += [f"    self.{name} = {meta['default']}" for name, meta in specs]
    init += ["    if fields:", "        _set_fields(self, fields)"]
    copy = ["def copy(self):", "    s = _new(_cls)"]
    for name, meta in specs:
        how = meta["copy"]
        value = {"=": f"self.{name}", "[:]": f"self.{name}[:]", "None": "None",
                 "hands": f"[*map(_list_copy, self.{name})]"}[how]
        copy.append(f"    s.{name} = {value}")
    copy.append("    return s")
    namespace: dict[str, Any] = {"seat_names": seat_names, "PLAY": Phase.PLAY,
                                 "_set_fields": _set_fields, "_new": object.__new__,
                                 "_cls": cls, "_list_copy": list.copy}
    exec("\n".join(init) + "\n\n" + "\n".join(copy), namespace)  # noqa: S102 (our own text)
    for method in ("__init__", "copy"):
        made = namespace[method]
        made.__doc__ = getattr(cls, method).__doc__
        made.__qualname__ = f"{cls.__name__}.{method}"
        made.__module__ = cls.__module__
        setattr(cls, method, made)


def _set_fields(s: GameState, given: dict[str, Any]) -> None:
    """The constructor's ``fields``: each by name; ``n_active`` follows a given ``active``."""
    for name, value in given.items():
        if name not in GameState.FIELDS:
            raise AttributeError(f"GameState has no field {name!r}")
        setattr(s, name, value)
    if "active" in given and "n_active" not in given:
        s.n_active = sum(s.active)


_write_methods(GameState)


def is_number(card: int) -> bool:
    return EFFECT_OF[card] == Effect.NUMBER


def deck_order_faults(rules: RuleSet, order: Sequence[int]
                      ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """None if ``order`` is a permutation of the rules' deck, else the facts of what is wrong:
    the deck's cards it lacks and the cards it has that the deck has not (or not so often)."""
    from collections import Counter

    deck = deck_cards(rules.deck)  # sorted
    if len(order) == len(deck) and sorted(order) == list(deck):  # the usual answer, fast
        return None
    want = Counter(deck)
    got = Counter(order)
    return tuple(sorted((want - got).elements())), tuple(sorted((got - want).elements()))


