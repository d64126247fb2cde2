"""Your games on this device: games, wins per bot level and per rule preset, average points,
the longest winning streak. Kept in the browser's storage under the site's path
(:func:`stats_key`: two sites on one origin keep their own), cleared by a button.

Pure Python: the controller reads and writes the text, :func:`note_game` counts a finished
game once (a game is known by its seed), :func:`render_stats` draws the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..core.fields import load_json

__all__ = ["Stats", "stats_key", "note_game", "render_stats", "game_level", "STATS_FORMAT"]

STATS_FORMAT = "uno-web-stats"
_SEEN_KEEP = 200  # the seeds of the last games counted (a reload never counts one twice)
_MAX_TEXT = 200_000


def stats_key(pathname: str) -> str:
    """The storage key of this site's statistics: the directory the page is served from, as
    :func:`uno_web.web.app.storage_keys` scopes the saved game."""
    scope = pathname[: pathname.rfind("/") + 1] if "/" in pathname else "/"
    return f"uno_web.stats.v1:{scope or '/'}"


def game_level(levels: tuple[str, ...] | list[str]) -> str:
    """The bots' level of a game: the one level they all play, else ``mixed``."""
    found = set(levels)
    return next(iter(found)) if len(found) == 1 else "mixed"


@dataclass
class Stats:
    games: int = 0
    wins: int = 0
    points: int = 0  # your final scores, summed (average = points / games)
    streak: int = 0  # wins in a row now
    best_streak: int = 0
    by_level: dict[str, list[int]] = field(default_factory=dict)  # level -> [games, wins]
    by_preset: dict[str, list[int]] = field(default_factory=dict)
    seen: list[str] = field(default_factory=list)

    @classmethod
    def from_json(cls, text: str | None) -> "Stats":
        """Stored statistics; anything unreadable counts as none (nothing else is lost)."""
        if not text or len(text) > _MAX_TEXT:
            return cls()
        try:
            data = load_json(text)
        except ValueError:
            return cls()
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            return cls()
        out = cls()
        for name in ("games", "wins", "points", "streak", "best_streak"):
            v = data.get(name)
            if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                setattr(out, name, v)
        for name in ("by_level", "by_preset"):
            table = data.get(name)
            if isinstance(table, dict):
                setattr(out, name, {
                    str(k)[:40]: [int(v[0]), int(v[1])] for k, v in list(table.items())[:50]
                    if isinstance(v, list) and len(v) == 2
                    and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)})
        seen = data.get("seen")
        if isinstance(seen, list):
            out.seen = [str(x)[:40] for x in seen[-_SEEN_KEEP:]]
        return out

    def to_json(self) -> str:
        return json.dumps({
            "format": STATS_FORMAT, "games": self.games, "wins": self.wins,
            "points": self.points, "streak": self.streak, "best_streak": self.best_streak,
            "by_level": self.by_level, "by_preset": self.by_preset, "seen": self.seen[-_SEEN_KEEP:],
        }, separators=(",", ":"))

    def add(self, key: str, won: bool, points: int, level: str, preset: str) -> bool:
        """Count one finished game (False when ``key`` was counted already)."""
        if key in self.seen:
            return False
        self.seen.append(key)
        self.games += 1
        self.points += max(0, int(points))
        if won:
            self.wins += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        for table, name in ((self.by_level, level), (self.by_preset, preset)):
            row = table.setdefault(name, [0, 0])
            row[0] += 1
            row[1] += 1 if won else 0
        return True

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0


def note_game(text: str | None, session: Any) -> str | None:
    """The statistics with ``session``'s game counted, if it is over and was not counted yet
    (None: nothing to store). A game from a position is not a game of yours to count."""
    from ..core.state import Phase

    if session is None or getattr(session, "position", None) is not None:
        return None
    st = session.state
    if st.phase != Phase.GAME_OVER:
        return None
    stats = Stats.from_json(text)
    you = 0
    won = st.winner == you
    settings = session.settings
    level = game_level(tuple(settings.level(i) for i in range(1, settings.players)))
    if not stats.add(f"g{session.seed}", won, st.scores[you], level, settings.preset):
        return None
    return stats.to_json()


def _e(text: object) -> str:
    return escape(str(text), quote=True)


LEVEL_LABELS = {"easy": "easy", "normal": "normal", "hard": "hard", "mixed": "mixed levels"}


def render_stats(stats: Stats, preset_title: Any = None) -> str:
    """The statistics page (the start region's place)."""
    def rate(g: int, w: int) -> str:
        return f"{round(100 * w / g)}%" if g else "–"

    def rows(table: dict[str, list[int]], label: Any) -> str:
        if not table:
            return '<tr><td colspan="3" class="muted">No games yet</td></tr>'
        return "".join(
            f'<tr data-key="{_e(k)}"><th scope="row">{_e(label(k))}</th><td>{g}</td>'
            f'<td>{w} ({rate(g, w)})</td></tr>' for k, (g, w) in sorted(table.items()))

    title = preset_title or (lambda k: k)
    summary = (
        f'<dl class="stats-summary">'
        f'<div><dt>Games</dt><dd data-testid="stats-games">{stats.games}</dd></div>'
        f'<div><dt>Wins</dt><dd data-testid="stats-wins">{stats.wins}</dd></div>'
        f'<div><dt>Average points</dt><dd data-testid="stats-average">{stats.average:.0f}</dd></div>'
        f'<div><dt>Longest winning streak</dt><dd data-testid="stats-streak">{stats.best_streak}'
        f'</dd></div></dl>')
    head = ('<thead><tr><th scope="col">{}</th><th scope="col">games</th>'
            '<th scope="col">wins</th></tr></thead>')
    return (
        '<section class="stats-page" data-testid="stats-page" aria-labelledby="stats-title">'
        '<h2 id="stats-title">Your statistics</h2>'
        '<p class="muted">Games played to the end on this device, in this browser.</p>'
        + summary
        + f'<table class="scores stats-table" data-testid="stats-levels">{head.format("bot level")}'
        f'<tbody>{rows(stats.by_level, lambda k: LEVEL_LABELS.get(k, k))}</tbody></table>'
        + f'<table class="scores stats-table" data-testid="stats-presets">{head.format("rules")}'
        f'<tbody>{rows(stats.by_preset, title)}</tbody></table>'
        '<div class="dialog-buttons">'
        '<button type="button" class="btn warn" data-action="stats-clear" data-testid="stats-clear"'
        ' data-focus="stats-clear">Clear statistics</button>'
        '<button type="button" class="btn primary" data-action="stats-close" data-testid="stats-close"'
        ' data-focus="stats-close">Back</button></div></section>')
