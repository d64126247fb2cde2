"""The rules engine: legal moves, verdicts, and applying moves.

Three faces for every move (as in PokerKit):

* :func:`check` returns a :class:`~uno_web.core.reasons.Verdict` and never changes the state;
* :func:`legal_moves` lists every move a seat may make now — the one source of truth for
  legality: a move is legal exactly when it is in this list (a property test holds ``check`` to
  it), and the table's "playable" marks come from it;
* :func:`apply` checks first, then returns a *new* state, the events and the verdict; an illegal
  move raises :class:`IllegalMove` and leaves the state untouched. A move that
  :func:`legal_moves` listed for the state (the very object) needs no check: the list says it
  is legal.

:func:`step` is the fast path for simulations and AI rollouts: it mutates a state the caller
owns, skips the check and builds events only when asked.

Checks run in a fixed order: game over → bad seat → round over → wrong phase → not your turn →
the move itself.

This module owns the entry points: dealing a game (``new_game``) and ``apply`` /
``apply_in_place`` (check, then carry out). The rest lives in three modules it re-exports:
``legality`` (whether a card may be played, ``legal_moves``), ``judge`` (``check``: each move
kind's decision and its verdict) and ``effects`` (``step``: what a move does, the deal of a
round, shuffles). The UNO catch window is ``catch_window``'s.
"""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from functools import partial
from operator import is_
from typing import NamedTuple, Sequence

from .events import Event
from .moves import Move
from .reasons import Reason, Verdict, quote_value
from .wording import some_cards as _some_cards
from .rules import RuleSet
from .state import CompiledRules, GameState, compile_rules, deck_cards, seat_names
from .legality import (  # re-exported: callers import these from the engine
    EF_DRAW_FOUR as EF_DRAW_FOUR, EF_DRAW_TWO as EF_DRAW_TWO, EF_NUMBER as EF_NUMBER,
    EF_REVERSE as EF_REVERSE, EF_SELF_DRAW_TWO as EF_SELF_DRAW_TWO, EF_SKIP as EF_SKIP,
    EF_WILD as EF_WILD, EF_WILD_DRAW_FOUR as EF_WILD_DRAW_FOUR, K_ACCEPT as K_ACCEPT,
    K_CALL_UNO as K_CALL_UNO, K_CATCH as K_CATCH, K_CHALLENGE as K_CHALLENGE,
    K_CHOOSE_COLOR as K_CHOOSE_COLOR, K_DRAW as K_DRAW, K_NEXT_ROUND as K_NEXT_ROUND,
    K_PASS as K_PASS, K_PLAY as K_PLAY, PH_CHOOSE_COLOR as PH_CHOOSE_COLOR, PH_DRAWN as PH_DRAWN,
    PH_GAME_OVER as PH_GAME_OVER, PH_PENALTY as PH_PENALTY, PH_PLAY as PH_PLAY,
    PH_ROUND_OVER as PH_ROUND_OVER, _ACTION_EFFECTS as _ACTION_EFFECTS, _CARD_SET as _CARD_SET,
    _DRAW_EFFECTS as _DRAW_EFFECTS, _NO_COLOR as _NO_COLOR, _NUMBER as _NUMBER, _PLAY as _PLAY,
    _RANK0 as _RANK0, _RANK7 as _RANK7, _WILD4 as _WILD4, _add_play_variants as _add_play_variants,
    _add_plays as _add_plays, _matches as _matches,
    _n_active as _n_active, _new_move as _new_move, _next_seat as _next_seat,
    _play_problem as _play_problem, _require_seat as _require_seat,
    _require_state as _require_state, _stack_toggle as _stack_toggle, can_call_uno as can_call_uno,
    can_play as can_play, finish_forbidden as finish_forbidden,
    follows_same_number as follows_same_number, hand_points as hand_points,
    legal_moves as legal_moves, match_table as match_table, next_seat as next_seat,
    penalty_card as penalty_card, play_problem as play_problem, playable_cards as playable_cards,
    same_number_cards as same_number_cards, swap_target_needed as swap_target_needed,
    takes_penalty_by_drawing as takes_penalty_by_drawing,
)
from .effects import (  # re-exported: callers import these from the engine
    _advance as _advance, _advance_tick as _advance_tick, _close_windows as _close_windows,
    _draw_turn as _draw_turn, _end_round as _end_round, _execute as _execute,
    _execute_penalty as _execute_penalty, _next_active_after as _next_active_after,
    _next_round as _next_round, _penalty_reason as _penalty_reason,
    _plain_effect as _plain_effect, _play as _play, _reset_calls as _reset_calls,
    _take_pending as _take_pending, _uno_after_play as _uno_after_play, _went_out as _went_out,
    seven_zero as seven_zero, step as step,
)
from .piles import (  # re-exported likewise
    _INT_ONLY as _INT_ONLY, _NeedShuffle as _NeedShuffle, _NoShuffles as _NoShuffles,
    _RngOnly as _RngOnly, _Shuffles as _Shuffles, _bulk_tables as _bulk_tables, _deal as _deal,
    _draw_cards as _draw_cards, _refill as _refill, _shuffled as _shuffled,
    _shuffled_in_bulk as _shuffled_in_bulk, _source as _source,
    shuffled_by_keys as shuffled_by_keys,
)
from .judge import (  # re-exported: callers import these from the engine
    _ACCEPT_CODES as _ACCEPT_CODES, _MISPLAYS as _MISPLAYS,
    _TURN_MOVE_REFUSAL as _TURN_MOVE_REFUSAL, _accept_params as _accept_params,
    _accept_refusal as _accept_refusal, _accept_verdict as _accept_verdict,
    _accept_words as _accept_words, _as_penalty as _as_penalty,
    _call_uno_refusal as _call_uno_refusal, _card_shape_problem as _card_shape_problem,
    _catch_refusal as _catch_refusal, _challenge_refusal as _challenge_refusal,
    _choose_color_refusal as _choose_color_refusal,
    _draw_refusal as _draw_refusal, _jump_in_refusal as _jump_in_refusal,
    _pass_refusal as _pass_refusal, _play_refusal as _play_refusal, _play_rule as _play_rule,
    _problem_params as _problem_params, _refusal as _refusal, _reject as _reject,
    _seat_params as _seat_params, _target_problem as _target_problem,
    _uno_flag_problem as _uno_flag_problem, _v as _v, _why as _why, check as check,
)

__all__ = [
    "IllegalMove", "Transition", "new_game", "check", "legal_moves", "apply", "apply_in_place",
    "step", "playable_cards", "can_play", "next_seat", "hand_points", "swap_target_needed",
    "penalty_card", "same_number_cards", "can_call_uno", "play_problem", "finish_forbidden",
    "seven_zero",
]


class IllegalMove(Exception):
    """Raised by :func:`apply` for a move that is not legal; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict


class Transition(NamedTuple):
    state: GameState
    events: list[Event]
    verdict: Verdict


_transition = partial(tuple.__new__, Transition)  # Transition(...) without NamedTuple's __new__


# ------------------------------------------------------------------------------------------
# setting up
# ------------------------------------------------------------------------------------------


def new_game(
    rules: RuleSet | None = None,
    players: "int | Sequence[str]" = 2,
    seed: int = 0,
    deck_order: Sequence[int] | None = None,
    events: list[Event] | None = None,
    dealer: int | None = None,
) -> GameState:
    """Deal the first round. ``deck_order`` (top card first) replaces the seeded shuffle;
    ``dealer`` is the seat that deals (by default the last seat, so that seat 0 starts).

    ``players`` is the number of players (2 to 10) or their names (texts of at most 40
    characters); ``seed`` a whole number; ``deck_order`` every card of the rules' deck once per
    copy, as card numbers; ``events`` a list the deal's events are appended to. Every argument
    is checked before anything is dealt: a value of the wrong type raises :class:`TypeError`, a
    bad value :class:`ValueError`; the message names the argument and quotes at most 40
    characters of the value.
    """
    if rules is None:
        rules = RuleSet()
    elif not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {quote_value(rules)}")
    names = _player_names(players)
    n = len(names)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {quote_value(seed)}")
    if events is not None and not isinstance(events, list):
        raise TypeError(f"events must be a list (or None), not {quote_value(events)}")
    r = compile_rules(rules)
    if n * r.hand_size >= len(r.cards):
        raise ValueError(
            f"{n} players with {r.hand_size} cards each need more than the {len(r.cards)} cards "
            "of the deck"
        )
    if dealer is None:
        dealer = n - 1
    elif isinstance(dealer, bool) or not isinstance(dealer, int):
        raise TypeError(f"dealer must be a seat number, not {quote_value(dealer)}")
    elif not 0 <= dealer < n:
        raise ValueError(f"dealer {quote_value(dealer)} is not a seat of this {n}-player game "
                         f"(seats are 0 to {n - 1})")
    s = GameState(r, n)
    s.names = names
    s.seed = seed
    s.dealer = dealer
    if deck_order is not None:
        order = _checked_deck_order(r, deck_order)
    else:
        order = _shuffled(s, list(deck_cards(rules.deck)))
    _deal(s, order, events)
    return s


MAX_NAME_LENGTH = 40  # as a game log's seat name


def _player_names(players: object) -> tuple[str, ...]:
    """The seats' names from ``new_game``'s ``players``; raises TypeError/ValueError."""
    if isinstance(players, bool):
        raise TypeError(f"players must be a number of players or a list of names, not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 10:
            raise ValueError(f"UNO is played by 2 to 10 players, not {quote_value(players)}")
        return seat_names(players)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(
            f"players must be a number of players or a list of names, not {quote_value(players)}")
    if not 2 <= len(players) <= 10:
        raise ValueError(f"UNO is played by 2 to 10 players, not {len(players)}")
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise TypeError(f"player {i}'s name must be text, not {quote_value(name)}")
        if len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"player {i}'s name has more than {MAX_NAME_LENGTH} characters: "
                             f"{quote_value(name)}")
    return tuple(players)


def _checked_deck_order(r: CompiledRules, deck_order: object) -> list[int]:
    """``deck_order`` as a list when it holds exactly the deck's cards; raises TypeError or
    ValueError saying what is wrong."""
    if isinstance(deck_order, (str, bytes)) or not isinstance(deck_order, Sequence):
        raise TypeError(f"deck_order must be a list of cards, not {quote_value(deck_order)}")
    order = list(deck_order)
    for i, c in enumerate(order):
        if isinstance(c, bool) or not isinstance(c, int):
            raise TypeError(f"deck_order[{i}] must be a card (a whole number), not {quote_value(c)}")
    if len(order) != len(r.cards):
        raise ValueError(f"the deck order must hold the {len(r.cards)} cards of the deck, "
                         f"not {len(order)}")
    strangers = sorted({c for c in order if c not in r.deck_set})
    if strangers:
        raise ValueError(f"the deck order is not a permutation of the deck: "
                         f"{_some_cards(strangers)} {'is' if len(strangers) == 1 else 'are'} "
                         f"not in the {'playing-card' if r.rules.deck == 'playing-cards' else 'UNO'}"
                         " deck")
    if sorted(order) != sorted(r.cards):
        want, got = Counter(r.cards), Counter(order)
        missing = sorted((want - got).elements())
        extra = sorted((got - want).elements())
        raise ValueError(f"the deck order is not a permutation of the deck: missing "
                         f"{_some_cards(missing)}; extra {_some_cards(extra)}")
    return order


def apply(
    s: GameState, move: Move, shuffles: Sequence[Sequence[int]] | None = None
) -> Transition:
    """Check ``move``, then return the new state, the events and the verdict.

    ``shuffles`` (for replaying logs) gives the orders of reshuffled draw piles and of the next
    round's deck, top card first, in the order they are needed; without it the seeded RNG
    shuffles. Raises :class:`IllegalMove` (also for a pile order that is not a permutation of
    the cards to shuffle); ``s`` is never changed. Raises :class:`TypeError` when ``s`` is not
    a :class:`GameState` or ``shuffles`` is not a list of lists of whole numbers.
    """
    if shuffles is None and s.__class__ is GameState:
        listed = s.listed
        if listed is not None and any(map(is_, listed, repeat(move))):
            # one of the very moves legal_moves listed for this state: legal, as listed
            new = s.copy()
            events: list[Event] = []
            step(new, move, events)
            return _transition((new, events, _accept_verdict(s, move, new)))
    source, problem = _admit(s, move, shuffles)
    new = s.copy()
    events = []
    _carry_out(s, new, move, problem, events, source)
    if problem is not None:  # accepted at a cost (house rules)
        return _transition((new, events, problem))
    return _transition((new, events, _accept_verdict(s, move, new)))


def apply_in_place(
    s: GameState, move: Move, shuffles: Sequence[Sequence[int]] | None = None
) -> Verdict | None:
    """:func:`apply` for a caller that owns ``s`` and only needs to know that the move is legal
    (a log's validator, bulk replays): the same checks, then the move is carried out on ``s``
    itself, with no copy, no events and no verdict words.

    Returns None for a legal move, or the ``P_`` verdict of a move the house rules accept at a
    cost. Raises :class:`IllegalMove` like :func:`apply`: for a move the rules refuse ``s`` is
    unchanged, but for a pile order that is missing, not a permutation or not needed the
    fault shows only while the move is carried out, and ``s`` is left part-way: drop it (or
    use :func:`apply`, which never changes ``s``)."""
    source, problem = _admit(s, move, shuffles)
    _carry_out(s, s, move, problem, None, source)
    return problem


def _admit(s: GameState, move: Move, shuffles: Sequence[Sequence[int]] | None
           ) -> tuple[_Shuffles, Verdict | None]:
    """The checks :func:`apply` and :func:`apply_in_place` make before the move: the pile
    orders' source and the move's ``P_`` verdict (None: legal); raises :class:`IllegalMove`
    for a refusal."""
    if s.__class__ is not GameState:
        _require_state(s)
    source = _source(shuffles)
    problem = _reject(s, move)
    if problem is not None and not problem.code.penalized:
        raise IllegalMove(problem)
    return source, problem


def _carry_out(s: GameState, new: GameState, move: Move, problem: Verdict | None,
               events: list[Event] | None, source: _Shuffles) -> None:
    """Execute the accepted ``move`` on ``new`` (``s``'s copy, or ``s`` itself): the penalty of
    a ``P_`` verdict (``problem``), else the move. A pile order fault raises
    :class:`IllegalMove`, in words read from ``s``."""
    try:
        if problem is not None:
            _execute_penalty(new, move, problem.code, events, source)
        else:
            _execute(new, move, events, source)
    except _NeedShuffle as exc:
        raise IllegalMove(_v(exc.code, s, move, **exc.facts)) from None
    if source.orders:
        raise IllegalMove(_v(Reason.E_RESHUFFLE_UNEXPECTED, s, move))
