"""The table: a game against bots (or a position from a link, a lesson, an embed), its
moves, its keys, the coach's hint and review, and the bots' timing.  State:
:class:`TableState` (``app.table``).  A pass-and-play game is the same table behind
:mod:`uno_web.web.passplay`'s curtain, which is asked first."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ...core.cards import card_str, color_code
from ...core.state import PHASE_NAMES, Phase
from ..render import render_table
from ..session import AiPlan, Session
from ..view import view
from .base import Effects, Intent, handler_table, nothing

if TYPE_CHECKING:
    from ...core.position import Position
    from ..app import App

__all__ = ["TableState", "handle", "key_intent", "regions", "body_data", "bot_step",
           "start_position", "COLOR_KEYS", "MOVES"]


def _new_coach() -> Any:
    from ..coach_view import Coach  # here, not at boot: the coach imports the bots

    return Coach()


@dataclass
class TableState:
    """What the table keeps: the game on it, the coach, and what the page said about it."""

    session: Session | None = None  # the game (or position) on the table
    coach: Any = field(default_factory=_new_coach)  # the hint and review (coach_view.Coach)
    coach_flag: bool = False  # a position's host allows the coach (``?coach=1``)
    tip_session: Session | None = None  # the game the first-visit tip is shown in
    unsaved_noted: bool = False  # the player was told this browser cannot save the game

COLOR_KEYS = {"r": "R", "y": "Y", "g": "G", "b": "B", "h": "H", "d": "D", "c": "C", "s": "S"}


def start_position(app: App, position: Position, bots: str) -> None:
    """The table from a position (a link, a lesson, an embed); raises PositionError."""
    app.table.session = Session.from_position(position, bots=bots)
    app.replay.log = None
    app.mode = "table"


# ------------------------------------------------------------------------------------------
# moves: each needs the game on screen; it is saved, and the bots go on
# ------------------------------------------------------------------------------------------

#: a move's handler: the session, the intent -> where the focus goes ("" for nowhere new)
Move = Callable[[Session, Intent], str]


def _card(s: Session, intent: Intent) -> str:
    s.click_card(card_str(intent.card) if intent.card is not None else intent.unread)
    return "picker" if s.choice is not None else ""


def _color(s: Session, intent: Intent) -> str:
    s.choose_color(color_code(intent.color) if intent.color is not None else intent.unread)
    return ""


def _target(s: Session, intent: Intent) -> str:
    if intent.seat is not None:
        s.choose_target(intent.seat)
    return ""


def _cancel(s: Session, intent: Intent) -> str:
    choice = s.choice
    s.cancel_choice()
    # back to the card that opened the choice, never the pile
    return f"card:{card_str(choice.card)}" if choice is not None else ""


def _catch(s: Session, intent: Intent) -> str:
    if intent.seat is not None:
        s.catch(intent.seat)
    return "hand"  # the Catch button goes away: never leave the focus on nothing


def _simple(method: Callable[[Session], object], focus: str = "") -> Move:
    """A move without data (Draw, Keep, UNO!, ...)."""

    def move(s: Session, intent: Intent) -> str:
        method(s)
        return focus

    return move


#: the moves at the table, by action (pass-and-play's curtain carries them out the same way)
MOVES: dict[str, Move] = {
    "card": _card, "color": _color, "target": _target, "cancel": _cancel, "catch": _catch,
    "draw": _simple(Session.draw), "keep": _simple(Session.keep), "uno": _simple(Session.call_uno),
    "challenge": _simple(Session.challenge), "accept": _simple(Session.accept),
    "next-round": _simple(Session.next_round, "hand"),
}


def _move(app: App, intent: Intent) -> Effects:
    s = app.table.session
    if s is None or app.mode != "table":
        return nothing()
    focus = MOVES[intent.action](s, intent)
    return Effects(save=True, kick=True, focus=focus)


# ------------------------------------------------------------------------------------------
# the table's other intents
# ------------------------------------------------------------------------------------------


def _reset(app: App, intent: Intent) -> Effects:
    """Back to the starting position."""
    s = app.table.session
    if s is None or s.position is None:
        return nothing()
    bots = app.request.bots if app.request.position is not None else "normal"
    start_position(app, s.position, bots)
    return Effects(kick=True)


def _tip_close(app: App, intent: Intent) -> Effects:
    app.table.tip_session = None
    return Effects(focus="hand")


def _coach(app: App, intent: Intent) -> Effects:
    """The coach's hint or the round's review (run in the controller's slices)."""
    from ..coach_view import coach_allowed

    s = app.table.session
    if s is None or app.mode != "table" or not coach_allowed(s, embed=app.embed,
                                                             flag=app.table.coach_flag):
        return nothing()
    hint = intent.action == "hint"
    started = app.table.coach.start_hint(s) if hint else app.table.coach.start_review(s)
    return Effects(coach=started, focus="" if hint else "review")


handle = handler_table({**{action: _move for action in MOVES}, "reset": _reset,
                        "tip-close": _tip_close, "hint": _coach, "review": _coach})


# ------------------------------------------------------------------------------------------
# keys
# ------------------------------------------------------------------------------------------

_SIMPLE_KEYS = {"d": "draw", "k": "keep", "u": "uno", "a": "accept", "c": "challenge"}


def _choice_key(app: App, s: Session, k: str) -> Intent | None:
    """A key of the colour or target choice (or of a starting Wild's colour)."""
    deck_colors = {color_code(c) for c in s.state.r.colors}
    pick_color = (s.choice is not None and bool(s.choice.colors)) or (
        s.state.phase == Phase.CHOOSE_COLOR and s.state.turn == s.viewer)
    if pick_color:
        from ...core.cards import parse_color
        from ..keys_fi import color_for_key

        code = color_for_key(k, app.lang, deck_colors) or (
            COLOR_KEYS[k] if k in COLOR_KEYS and COLOR_KEYS[k] in deck_colors else "")
        if code:
            return Intent("color", color=parse_color(code))
    if s.choice is not None and s.choice.targets and k.isdigit():
        idx = int(k) - 1
        if 0 <= idx < len(s.choice.targets):
            return Intent("target", seat=s.choice.targets[idx])
    if k == "escape" and s.choice is not None:
        return Intent("cancel")
    return None


def key_intent(app: App, k: str) -> Intent | None:
    """The table's keys (docs/table.md "Keyboard")."""
    s = app.table.session
    if app.mode != "table" or s is None:
        return None
    if (chosen := _choice_key(app, s, k)) is not None:
        return chosen
    if k in ("arrowleft", "arrowright") or (s.choice is not None and k in ("arrowup", "arrowdown")):
        return Intent("focus-prev" if k in ("arrowleft", "arrowup") else "focus-next")
    if k == "h" and s.choice is None:
        return Intent("hint")
    if k in _SIMPLE_KEYS:
        return Intent(_SIMPLE_KEYS[k])
    if k == "n" and s.state.phase == Phase.ROUND_OVER:
        return Intent("next-round")
    return None


# ------------------------------------------------------------------------------------------
# the bots, what the page shows
# ------------------------------------------------------------------------------------------


def bot_step(app: App) -> tuple[AiPlan, float] | None:
    """The next bot action and how long to wait before it (the table shows who is about to
    act meanwhile), or None when the table waits for you."""
    from .. import passplay

    s = app.table.session
    if app.mode != "table" or s is None:
        return None
    plan = None if passplay.holds(app) else s.plan_ai()
    if plan is None:
        s.acting = -1
        s.jump_window = False
        return None
    s.acting = plan.seat
    sp = app.speed
    delay = sp.turn
    if plan.kind == "turn" and s.rules.jump_in and (len(s.humans) > 1 or s.human_jump_moves()):
        s.jump_window = True
        delay = max(delay, sp.jump_window)
    return plan, delay


def regions(app: App) -> dict[str, str] | None:
    from ..coach_view import coach_allowed, decorate, first_tip

    s = app.table.session
    if s is None:
        return None
    out = render_table(view(s), app.notice, speed=app.speed_name, sound=app.prefs.sound,
                       embed=app.embed, lang=app.lang)
    decorate(out, app.table.coach, s, app.lang, coach_allowed(s, embed=app.embed, flag=app.table.coach_flag))
    if app.lang == "fi":
        from ..keys_fi import relabel_color_keys

        out["prompt"] = relabel_color_keys(out["prompt"])
    if app.table.tip_session is not None and app.table.tip_session is s:
        out["validator"] = first_tip() + out.get("validator", "")
    return out


def body_data(app: App) -> dict[str, str]:
    """``body[data-phase]``, ``[data-turn]`` and ``[data-version]`` of the game on screen."""
    s = app.table.session
    if app.mode != "table" or s is None:
        return {}
    return {"phase": PHASE_NAMES[Phase(s.state.phase)], "turn": str(s.state.turn),
            "version": str(s.version)}
