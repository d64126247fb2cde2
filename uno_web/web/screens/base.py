"""What every screen of the table app shares: the :class:`Intent` a screen handles, the
:class:`Effects` it returns, and :func:`handler_table`, which makes a screen's ``handle`` from
its table of handlers.

An intent is typed: a card of the deck is a card (``int``, :mod:`uno_web.core.cards`), a
puzzle's card is a puzzle card (``(colour, number)``, :mod:`uno_web.puzzles.notation`), a
colour is a colour and a seat is a seat or None (``seat``, who acts; ``target_seat``, whom a
catch names).  The page's texts (``data-card``,
``data-seat``, ...) are read once, by :func:`read_intent`; what it cannot read is kept in
:attr:`Intent.unread`, so that the screen that receives it refuses it in its own words (the
validator's panel at the table, the editor's note), exactly as a bad card typed anywhere is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Mapping

from ...core.cards import CardError, parse_card, parse_color
from ...puzzles.notation import Card as PuzzleCard
from ...puzzles.notation import parse_card as parse_puzzle_card

if TYPE_CHECKING:
    from ..app import App

__all__ = [
    "Intent", "Effects", "Handler", "HandlerTable", "handler_table", "nothing", "read_intent",
    "query_params",
]


@dataclass(frozen=True)
class Intent:
    """What the person asked for: an action (the element's ``data-action``, or a key's) and
    its data, typed."""

    action: str
    card: int | None = None  # a card of the deck (data-card)
    puzzle_card: PuzzleCard | None = None  # data-card read as a puzzle's card
    color: int | None = None  # data-color
    seat: int | None = None  # data-seat
    target: str = ""  # data-target: the element a copy button copies, the editor's zone
    target_seat: int | None = None  # data-target read as a seat (whom a catch catches)
    value: str = ""  # a select's or a text field's value
    form: dict[str, str] = field(default_factory=dict)  # the form the action belongs to
    unread: str = ""  # a data-card / data-color that is no deck's card / colour, as sent


@dataclass
class Effects:
    """What the controller does after an intent."""

    render: bool = True
    save: bool = False  # write the game to storage
    kick: bool = False  # let the bots act (the loop stops when the table waits for you)
    kick_duel: bool = False  # the duel's computer answers
    kick_job: bool = False  # run the puzzle job (App.job: a deal, a search) in slices
    kick_replay: bool = False  # read the log being imported (App.replay_load) in slices
    focus: str = ""  # "hand", "picker", "card:R7", "share", or a data-focus key
    download: tuple[str, str] | None = None  # (file name, JSON text)
    copy: str = ""  # the id of the field to copy
    url: str | None = None  # the query the address should show now ("" for none)
    store_settings: bool = False
    store_prefs: bool = False
    remove_save: bool = False
    toggle_help: bool = False
    close_help: bool = False
    coach: bool = False  # run the coach's work (a hint, a review) in slices
    store_stats: bool = False  # write (or, when None, remove) App.stats_text


def nothing() -> Effects:
    """Nothing to do (a new value each time: effects are filled in by their callers)."""
    return Effects(render=False)


#: a screen's handler of one action: its effects, or None when the intent is not the screen's
#: in the state the page is in (the next screen is asked)
Handler = Callable[["App", Intent], "Effects | None"]


class HandlerTable:
    """A screen's ``handle``: the handler of the intent's action (:attr:`handlers`), None for
    any other action."""

    def __init__(self, handlers: Mapping[str, Handler]) -> None:
        self.handlers = dict(handlers)

    def __call__(self, app: App, intent: Intent) -> Effects | None:
        handler = self.handlers.get(intent.action)
        return handler(app, intent) if handler is not None else None


def handler_table(handlers: Mapping[str, Handler]) -> HandlerTable:
    """The ``handle`` of a screen whose intents are ``handlers`` (action -> handler)."""
    return HandlerTable(handlers)


def read_intent(action: str, *, card: str = "", color: str = "", seat: str = "",
                target: str = "", value: str = "", form: dict[str, str] | None = None) -> Intent:
    """The intent of an element of the page, from its ``data-*`` texts (the controller's
    reader).  An empty text is no value; a card or colour that cannot be read is kept in
    :attr:`Intent.unread` for the screen to refuse; a seat that is not a whole number is
    none."""
    card_value: int | None = None
    puzzle_card: PuzzleCard | None = None
    unread = ""
    if card:
        try:
            card_value = parse_card(card)
        except CardError:
            pass
            unread = card  # the table and the editor refuse it (a puzzle may still read it)
        try:
            puzzle_card = parse_puzzle_card(card)
        except ValueError:
            pass
    color_value: int | None = None
    if color:
        try:
            color_value = parse_color(color)
        except CardError:
            unread = unread or color
    seat_value = _seat(seat)
    return Intent(action, card=card_value, puzzle_card=puzzle_card, color=color_value,
                  seat=seat_value, target=target, target_seat=_seat(target), value=value,
                  form=form or {}, unread=unread)


def _seat(text: str) -> int | None:
    """A seat's number as a page writes it; None for anything else."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def query_params(query: str) -> dict[str, str]:
    """The address's query as a dict (the last of a repeated name)."""
    from urllib.parse import parse_qsl

    q = query.lstrip("?")
    return dict(parse_qsl(q, keep_blank_values=True)) if q else {}
