"""The start screen: the settings of a game against bots (its form is remembered at once),
Quick start, Deal, Resume and Play again.  State: the app's ``draft`` (the settings on the
form), ``start_error``, ``field_errors`` and ``raw_values`` (what was typed in a refused
field)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..render import render_start
from ..session import Session, TableSettings
from ..view import settings_from_form, start_view
from .base import Effects, Intent, handler_table, nothing
from .page import clean_url

if TYPE_CHECKING:
    from ..app import App

__all__ = ["handle", "regions", "start_game", "new_seed"]


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
        app.start_error = str(exc)
        app.mode = "start"
        return Effects()
    app.start_error = ""
    app.notice = ""
    app.session = session
    app.replay = None
    app.mode = "table"
    first = not app.prefs.tip_seen and not app.embed
    if first:  # the first game on this site: a tip points at the validator panel, once
        app.tip_session = session
        app.prefs = replace(app.prefs, tip_seen=True)
    return Effects(save=True, store_settings=True, kick=True, focus="hand", store_prefs=first)


def _read_form(app: App, form: dict[str, str]) -> None:
    app.draft, app.field_errors, app.raw_values = settings_from_form(form, app.draft)


def _setup(app: App, intent: Intent) -> Effects:
    s = app.session
    app.mode = "start"
    app.share_open = False
    if s is not None and s.position is None:
        app.draft = s.settings
    app.start_error = ""
    return Effects(url=clean_url(app), close_help=True)


def _form(app: App, intent: Intent) -> Effects:
    """A field of the start form changed: remembered at once."""
    _read_form(app, intent.form)
    app.start_error = ""
    return Effects(store_settings=not app.embed)


def _quick(app: App, intent: Intent) -> Effects:
    """You against three bots, official rules, your last levels."""
    if intent.form:
        _read_form(app, intent.form)
    d = app.draft
    url = clean_url(app)
    fx = start_game(app, TableSettings(players=4, name=d.name,
                                       levels=tuple(d.level(i) for i in range(1, 4)),
                                       preset="official"))
    fx.url = url
    return fx


def _start(app: App, intent: Intent) -> Effects:
    _read_form(app, intent.form)
    if app.field_errors:
        app.start_error = "Some settings are out of range: fix the fields marked below, then deal."
        return Effects(focus="field-error")
    url = clean_url(app)
    fx = start_game(app, app.draft)
    fx.url = url
    return fx


def _resume(app: App, intent: Intent) -> Effects:
    if app.session is None:
        return nothing()
    app.mode = "table"
    app.share_open = False
    return Effects(kick=True)


def _play_again(app: App, intent: Intent) -> Effects:
    return start_game(app, app.session.settings) if app.session is not None else nothing()


handle = handler_table({"setup": _setup, "form": _form, "quick": _quick, "start": _start,
                        "resume": _resume, "play-again": _play_again})


def regions(app: App) -> dict[str, str]:
    app.mode = "start"
    return render_start(start_view(
        app.draft, error=app.start_error, notice=app.notice, can_resume=app.session is not None,
        field_errors=app.field_errors, raw_values=app.raw_values, speed=app.speed_name,
        sound=app.prefs.sound), lang=app.lang)
