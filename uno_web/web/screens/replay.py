"""The replay: export the game on the table, import a log (read in slices), step through it.
State: :class:`ReplayState` (``app.replay.log``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..render import render_table
from ..view import replay_view
from ...core.words import Words
from ...i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from .base import Effects, Handler, Intent, handler_table, nothing

if TYPE_CHECKING:
    from ..app import App
    from ..replay import ReplayLoad
    from ..session import LogReplay

__all__ = ["ReplayState", "handle", "key_intent", "regions", "import_log", "begin_import", "finish_import"]


@dataclass
class ReplayState:
    """What the replay keeps: the log being watched and a log being read (in slices)."""

    log: LogReplay | None = None
    load: ReplayLoad | None = None


def import_log(app: App, name: str, text: str) -> Effects:
    """Read a log file for the replay at once (CPython, tests); the page reads it in slices
    (:func:`begin_import`)."""
    from ..replay import ReplayLoad

    return finish_import(app, ReplayLoad.of(name, text).run_to_end())


def begin_import(app: App, name: str, text: str) -> Effects:
    """Start reading a log file for the replay; the controller runs it in slices
    (uno_web.web.replay) and calls :func:`finish_import`."""
    from ..replay import ReplayLoad

    if app.replay.load is not None:
        app.replay.load.cancel()
    app.replay.load = ReplayLoad.of(name, text)
    return Effects(kick_replay=True)


def finish_import(app: App, load: ReplayLoad) -> Effects:
    if app.replay.load is load:
        app.replay.load = None
    if load.state == "failed":
        app.notice = said(Words.of("replay.not_a_log", notation=load.name[:80],
                                   notation2=load.error))
        return Effects()
    if load.result is None:  # cancelled
        return Effects()
    app.replay.log = load.result
    app.notice = ""
    app.mode = "replay"
    return Effects()


def _export(app: App, intent: Intent) -> Effects:
    s = app.table.session
    if s is None or not s.can_export:
        return nothing()
    return Effects(render=False, download=("uno-game.json", s.log_json()))


def _cancel(app: App, intent: Intent) -> Effects:
    if app.replay.load is not None:
        app.replay.load.cancel()
    return Effects()


def _exit(app: App, intent: Intent) -> Effects:
    app.replay.log = None
    app.mode = "table" if app.table.session is not None else "start"
    return Effects(kick=True)


def _stepper(steps: int | None, to: int | None = None) -> Handler:
    """A step (``steps`` forward or back) or a jump (to step ``to``, -1: the last)."""

    def step(app: App, intent: Intent) -> Effects:
        rp = app.replay.log
        if rp is None:
            return nothing()
        if steps is not None:
            rp.step(steps)
        elif to is not None:
            rp.go(to if to >= 0 else len(rp.steps) - 1)
        return Effects()

    return step


handle = handler_table({
    "export": _export, "replay-cancel": _cancel, "replay-exit": _exit,
    "replay-next": _stepper(+1), "replay-prev": _stepper(-1), "replay-first": _stepper(None, 0),
    "replay-last": _stepper(None, -1),
})

_KEYS = {"arrowleft": "replay-prev", "arrowright": "replay-next", "home": "replay-first",
         "end": "replay-last"}


def key_intent(k: str) -> Intent | None:
    """In the replay, the arrows, Home and End step (no other key does anything there)."""
    name = _KEYS.get(k)
    return Intent(name) if name else None


def regions(app: App) -> dict[str, str] | None:
    if app.replay.log is None:
        return None
    return render_table(replay_view(app.replay.log), app.notice, lang=app.lang)
