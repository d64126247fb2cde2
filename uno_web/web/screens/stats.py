"""The statistics page: open, clear, close.  State: :class:`StatsState` (``app.stats``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Effects, Intent, handler_table
from .page import clean_url

if TYPE_CHECKING:
    from ..app import App

__all__ = ["StatsState", "handle", "regions"]


@dataclass
class StatsState:
    """What the statistics page keeps: your statistics as stored (:mod:`uno_web.web.stats`;
    None until the controller has read them)."""

    text: str | None = None


def _open(app: App, intent: Intent) -> Effects:
    app.mode = "stats"
    app.share.open = False
    return Effects(url=clean_url(app), close_help=True, focus="stats-close")


def _clear(app: App, intent: Intent) -> Effects:
    from ..stats import Stats

    # the games already counted stay known, so a finished game on screen is not counted again
    # after the clear
    app.stats.text = Stats(seen=Stats.from_json(app.stats.text).seen).to_json()
    return Effects(store_stats=True, focus="stats-close")


def _close(app: App, intent: Intent) -> Effects:
    app.mode = "table" if app.table.session is not None else "start"
    return Effects(kick=app.table.session is not None)


handle = handler_table({"stats": _open, "stats-clear": _clear, "stats-close": _close})


def regions(app: App) -> dict[str, str]:
    from ...i18n.rules import preset_title
    from ..render import REGIONS, render_notice, render_topbar
    from ..stats import Stats, render_stats

    out = {name: "" for name in REGIONS}
    out["topbar"] = render_topbar("stats", app.table.session is not None, lang=app.lang)
    out["notice"] = render_notice(app.notice)
    out["start"] = render_stats(Stats.from_json(app.stats.text), lambda k: preset_title(k, "en"))
    return out
