"""The start screen: the settings of a game against bots (its form is remembered at once),
Quick start, Deal, Resume and Play again.  State: :class:`StartState` (``app.start``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..render import render_start
from ..session import Session, TableSettings
from ..view import settings_from_form, start_view
from .base import Effects, Intent, handler_table, nothing
from .page import clean_url

if TYPE_CHECKING:
    from ..app import App

__all__ = ["StartState", "handle", "regions", "start_game", "new_seed"]


def _first_draft() -> TableSettings:
    return TableSettings(players=2, levels=("easy",))


@dataclass
class StartState:
    """What the start screen keeps: the settings on its form and what a refused start said."""

    draft: TableSettings = field(default_factory=_first_draft)  # the settings on the form
    error: str = ""  # why the last start was refused
    field_errors: dict[str, str] = field(default_factory=dict)  # field -> what is wrong
    raw_values: dict[str, str] = field(default_factory=dict)  # what was typed in a refused field


def new_seed(app: App) -> int:
    """The seed of a new deal: always random (``secrets``). ``?seed=`` chooses puzzles and
    shared positions, never a live deal (it would tell the player every hand); the tests fix
    a deal through ``App.deal_seed``, which the controller reads from ``window.unoWebDealSeed``
    (devtools-level access, docs/security.md)."""
    if app.deal_seed is not None:
        return app.deal_seed
    import secrets  # here, not at boot: it imports hmac

    return secrets.randbelow(2**63 - 1) + 1  # no seed search from the hand on screen


def start_game(app: App, settings: TableSettings) -> Effects:
    """Deal a game with ``settings``; a refusal stays on the start screen, said."""
    try:
        session = Session(settings, new_seed(app))
    except ValueError as exc:  # e.g. too many players for the hand size
        app.start.error = str(exc)
        app.mode = "start"
        return Effects()
    app.start.error = ""
    app.notice = ""
    app.table.session = session
    app.replay.log = None
    app.mode = "table"
    first = not app.prefs.tip_seen and not app.embed
    if first:  # the first game on this site: a tip points at the validator panel, once
        app.table.tip_session = session
        app.prefs = replace(app.prefs, tip_seen=True)
    return Effects(save=True, store_settings=True, kick=True, focus="hand", store_prefs=first)


def _read_form(app: App, form: dict[str, str]) -> None:
    app.start.draft, app.start.field_errors, app.start.raw_values = settings_from_form(form, app.start.draft)


def _setup(app: App, intent: Intent) -> Effects:
    s = app.table.session
    app.mode = "start"
    app.share.open = False
    if s is not None and s.position is None:
        app.start.draft = s.settings
    app.start.error = ""
    return Effects(url=clean_url(app), close_help=True)


def _form(app: App, intent: Intent) -> Effects:
    """A field of the start form changed: remembered at once."""
    _read_form(app, intent.form)
    app.start.error = ""
    return Effects(store_settings=not app.embed)


def _quick(app: App, intent: Intent) -> Effects:
    """You against three bots, official rules, your last levels."""
    if intent.form:
        _read_form(app, intent.form)
    d = app.start.draft
    url = clean_url(app)
    fx = start_game(app, TableSettings(players=4, name=d.name,
                                       levels=tuple(d.level(i) for i in range(1, 4)),
                                       preset="official"))
    fx.url = url
    return fx


def _start(app: App, intent: Intent) -> Effects:
    _read_form(app, intent.form)
    if app.start.field_errors:
        app.start.error = "Some settings are out of range: fix the fields marked below, then deal."
        return Effects(focus="field-error")
    url = clean_url(app)
    fx = start_game(app, app.start.draft)
    fx.url = url
    return fx


def _resume(app: App, intent: Intent) -> Effects:
    if app.table.session is None:
        return nothing()
    app.mode = "table"
    app.share.open = False
    return Effects(kick=True)


def _play_again(app: App, intent: Intent) -> Effects:
    return start_game(app, app.table.session.settings) if app.table.session is not None else nothing()


handle = handler_table({"setup": _setup, "form": _form, "quick": _quick, "start": _start,
                        "resume": _resume, "play-again": _play_again})


def regions(app: App) -> dict[str, str]:
    app.mode = "start"
    return render_start(start_view(
        app.start.draft, error=app.start.error, notice=app.notice, can_resume=app.table.session is not None,
        field_errors=app.start.field_errors, raw_values=app.start.raw_values, speed=app.speed_name,
        sound=app.prefs.sound), lang=app.lang)
