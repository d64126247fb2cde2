"""What every screen offers: the top bar's switches (language, bot speed, sound, help), the
notice's Dismiss, and the share panel (its link, embed and goal).  State: the app's
``notice`` and ``prefs`` (page-wide), and :class:`ShareState` (``app.share``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...i18n.verdicts import LANGS
from ..session import SPEED_NAMES, SPEEDS
from .base import Effects, Intent, handler_table, query_params

if TYPE_CHECKING:
    from ..app import App

__all__ = ["ShareState", "handle", "key_intent", "share_html", "share_query", "clean_url"]


@dataclass
class ShareState:
    """The share panel: whether it is open, and the goal written in it."""

    open: bool = False
    goal: str = ""


def _dismiss(app: App, intent: Intent) -> Effects:
    app.notice = ""
    app.save_discarded = False
    return Effects()


def _help(app: App, intent: Intent) -> Effects:
    return Effects(render=False, toggle_help=True)


def _share(app: App, intent: Intent) -> Effects:
    s = app.table.session
    if app.mode == "table" and s is not None and not s.can_share():
        app.notice = s.share_note  # the button looks off: pressed, it says why
        return Effects(focus="share-opener")
    app.share.open = True
    if app.mode == "puzzle" and app.puzzles.puzzle is not None:
        app.share.goal = app.puzzles.puzzle.goal
    elif s is not None and s.position is not None:
        app.share.goal = s.position.goal or ""
    else:
        app.share.goal = ""
    return Effects(focus="share")


def _share_close(app: App, intent: Intent) -> Effects:
    app.share.open = False
    return Effects(focus="share-opener")


def _share_goal(app: App, intent: Intent) -> Effects:
    app.share.goal = intent.value[:200]
    return Effects()


def _copy(app: App, intent: Intent) -> Effects:
    return Effects(render=False, copy=intent.target)


def _speed(app: App, intent: Intent) -> Effects:
    name = intent.value
    if name not in SPEEDS:
        app.notice = f"Unknown bot speed {name[:20]!r}: choose one of {', '.join(SPEED_NAMES)}."
        return Effects()
    app.prefs = replace(app.prefs, speed=name)
    app.speed_override = ""  # the player's choice wins over the address from now on
    return Effects(store_prefs=True)


def _lang(app: App, intent: Intent) -> Effects:
    name = intent.value
    if name not in LANGS:
        app.notice = f"Unknown language {name[:20]!r}: choose one of {', '.join(LANGS)}."
        return Effects()
    app.prefs = replace(app.prefs, lang=name)
    app.url_lang = ""  # the switch wins over the address from now on
    return Effects(store_prefs=not app.embed, focus="lang")


def _sound(app: App, intent: Intent) -> Effects:
    app.prefs = replace(app.prefs, sound=not app.prefs.sound)
    return Effects(store_prefs=True)


handle = handler_table({
    "dismiss": _dismiss, "help": _help, "share": _share, "share-close": _share_close,
    "share-goal": _share_goal, "copy": _copy, "speed": _speed, "lang": _lang, "sound": _sound,
})


def key_intent(app: App, k: str) -> Intent | None:
    """The page's keys: ``?`` (help), Escape (closes the share panel, stops a puzzle's work)."""
    if k == "?":
        return Intent("help")
    if k == "escape" and app.share.open:
        return Intent("share-close")
    if k == "escape" and app.puzzles.job is not None:
        return Intent("puzzle-cancel")
    return None


# ------------------------------------------------------------------------------------------
# the share panel
# ------------------------------------------------------------------------------------------


def share_query(app: App) -> tuple[str, str]:
    """The query of what is on screen now, and what it is ("position" / "puzzle")."""
    from ...core.position import position_to_query
    from ...puzzles.notation import format_cards
    from ..links import duel_query, solitaire_query
    from ..puzzle import SolitaireSession

    goal = app.share.goal.strip()
    pz = app.puzzles.puzzle
    if app.mode == "puzzle" and pz is not None:
        if isinstance(pz, SolitaireSession):
            return solitaire_query(format_cards(sorted(pz.cards)), goal), "puzzle"
        return duel_query(format_cards(sorted(pz.p1)), format_cards(sorted(pz.p2)), pz.rule,
                          goal), "puzzle"
    s = app.table.session
    if s is None:
        raise ValueError("there is nothing to share yet")
    if not s.can_share():
        raise ValueError(s.share_note)
    return position_to_query(s.share_position(goal)), "position"


def share_html(app: App) -> str:
    from ...core.position import PositionError
    from ..links import share_view
    from ..render import render_share

    try:
        query, what = share_query(app)
    except (ValueError, PositionError) as exc:
        return render_share("", "", "", app.share.goal, error=str(exc))
    sv = share_view(app.page_base, query, goal=app.share.goal, what=what, title="UNO " + what)
    return render_share(sv.link, sv.embed_url, sv.snippet, sv.goal, what)


def clean_url(app: App) -> str | None:
    """Leaving a position or puzzle from the address: drop it from the address, so that a
    reload resumes the saved game (only seed / speed / delay stay). None: no change."""
    from ..links import read_page

    params = query_params(app.query)
    keep = [f"{k}={params[k]}" for k in ("seed", "speed", "delay") if k in params]
    query = "?" + "&".join(keep) if keep else ""
    if app.query == query:
        return None
    app.query = query
    app.request = read_page(query)
    return query
