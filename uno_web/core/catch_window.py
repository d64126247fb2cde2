"""The UNO catch window: when a player who did not call UNO may be caught, and by whom.

The one owner of this rule. The engine opens and closes windows through these functions as
moves are carried out, ``check`` and ``legal_moves`` ask :func:`catch_problem` /
:func:`catchable`, the observation (and so every bot) is given :func:`catchable`, and the fast
playouts ask :func:`any_open`.

The rule (docs/rules.md, ``uno_call``, ``uno_penalty``, ``uno_catch_window``):

* **opens** when a play leaves a player one card without an UNO call (:func:`open_for`);
* **closes for that player** when they call UNO, are caught, hold two cards or more again (a
  draw), or their hand moves (7-0) (:func:`close_for`);
* **closes with time**, as ``uno_catch_window`` says: ``next-action`` (official), at the next
  turn move of anybody; ``until-next-play``, at that player's own next turn move;
  ``next-turn-end``, when the turn after the play has ended (:func:`on_turn_move`,
  :func:`on_turn_end`); ``while-one-card``, never (only a call, a catch, a draw or a moved
  hand close it);
* **closes for everyone** at the end of a round (:func:`close_all`);
* **who may be caught** (:func:`catch_problem`): a seat at the table, still in, not the catcher
  (under ``self_catch`` the catcher too: :func:`self_catchable`), holding one card, not having
  called, its window open.

The state keeps the window per seat in ``GameState.vuln``: 0 closed; 1 open; 2 open until the
next turn has ended (``next-turn-end``: :func:`on_turn_end` counts it down).
"""

from __future__ import annotations

from typing import Iterable

from .state import GameState

__all__ = ["any_open", "catch_problem", "catchable", "close_all", "close_for", "close_seat",
           "on_turn_end", "on_turn_move", "open_for", "self_catchable"]


def open_for(s: GameState, seat: int) -> None:
    """``seat`` has just been left one card without calling UNO: it may be caught."""
    s.vuln[seat] = 2 if s.r.window_turn_end else 1


def close_for(s: GameState, seats: Iterable[int]) -> None:
    """Nobody may catch these seats any more (a call, a catch, a draw, a hand that moved)."""
    vuln = s.vuln
    for seat in seats:
        vuln[seat] = 0


def close_seat(s: GameState, seat: int) -> None:
    """:func:`close_for` of one seat (the hot paths: a call, a catch, a draw)."""
    s.vuln[seat] = 0


def close_all(s: GameState) -> None:
    """Nobody may be caught (the end of a round; every hand passed on)."""
    s.vuln = [0] * s.n


def on_turn_move(s: GameState, seat: int) -> None:
    """``seat`` makes a turn move (a play, a draw, a pass, taking or challenging a draw card,
    a costly mistake): under ``next-action`` every open window closes; under
    ``until-next-play`` the mover's own does."""
    r = s.r
    if r.window_next_action:
        if any(s.vuln):
            s.vuln = [0] * s.n
    elif r.uno_catch_window == "until-next-play":
        s.vuln[seat] = 0


def on_turn_end(s: GameState) -> None:
    """A turn has ended (``next-turn-end``): each open window has one turn less to go."""
    vuln = s.vuln
    for i in range(s.n):
        if vuln[i]:
            vuln[i] -= 1


def any_open(s: GameState) -> bool:
    """Whether anybody's window is open (a quick test before asking who)."""
    return any(s.vuln)


def catch_problem(s: GameState, seat: int, target: int) -> str:
    """Why ``seat`` may not catch ``target`` now, or "" when it may: "self", "no_seat" (not a
    seat at the table, or out of the game), "count" (does not hold exactly one card), "called"
    (has called UNO), "late" (the window is closed). ``seat`` is a seat at the table."""
    if target == seat:
        return "self"
    if not (0 <= target < s.n) or not s.active[target]:
        return "no_seat"
    if len(s.hands[target]) != 1:
        return "count"
    if s.called[target]:
        return "called"
    if not s.vuln[target]:
        return "late"
    return ""


def self_catchable(s: GameState, seat: int) -> bool:
    """Whether ``seat`` may catch itself (``self_catch``): it holds one card, has not called,
    and its window is open. Such a catch costs the UNO penalty; it is a mistake the rule
    charges, so it is never among the legal moves."""
    return (s.r.self_catch and len(s.hands[seat]) == 1 and not s.called[seat]
            and bool(s.vuln[seat]))


def catchable(s: GameState, by: int = -1) -> tuple[int, ...]:
    """The seats that may be caught now (by ``by``: everyone but ``by``; -1: by anyone)."""
    vuln = s.vuln
    if not any(vuln):
        return ()
    hands = s.hands
    called = s.called
    return tuple(t for t in range(s.n)
                 if vuln[t] and t != by and len(hands[t]) == 1 and not called[t])
