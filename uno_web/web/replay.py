"""Reading a game log for the replay in slices, so that the page stays responsive (pure Python).

A log of 50,000 actions takes seconds to read and replay in the browser. :class:`ReplayLoad`
runs :meth:`~uno_web.web.session.LogReplay.reading` a slice at a time (:meth:`ReplayLoad.run`);
between two slices the controller gives the event loop a turn (:func:`run_load`), so clicks
and paints happen and the progress bar (:func:`render_load`) moves. *Cancel* (or Escape) stops
it. The same load drained at once (:meth:`ReplayLoad.run_to_end`) is what the tests and
CPython callers use.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Generator, Literal

from ..i18n.rules import MARK_OFF, MARK_ON
from .markup import escape
from .session import LogReplay

__all__ = ["ReplayLoad", "run_load", "render_load", "SLICE_SECONDS", "REDRAW_SECONDS"]

#: work per slice: well under a frame budget of a busy page, long enough that the pauses
#: between slices cost little
SLICE_SECONDS = 0.04
#: how often the progress bar is redrawn while the log is read
REDRAW_SECONDS = 0.1
#: the pause between slices (a setTimeout in the browser: Pyodide runs every callback due
#: within a couple of milliseconds in one task, so 0 would be one long task again)
PAUSE_SECONDS = 0.005

LoadState = Literal["running", "done", "failed", "cancelled"]


@dataclass
class ReplayLoad:
    """A log file being read and replayed for the replay screen."""

    name: str  # the file's name, as the page names it
    steps: Generator[float, None, LogReplay]
    fraction: float = 0.0
    state: LoadState = "running"
    result: LogReplay | None = None
    error: str = ""  # why the file is not a log the table can replay (state "failed")
    slices: int = 0
    longest: float = 0.0  # the longest slice, seconds

    @classmethod
    def of(cls, name: str, text: "str | bytes") -> "ReplayLoad":
        return cls(name=name, steps=LogReplay.reading(text))

    @property
    def finished(self) -> bool:
        return self.state != "running"

    @property
    def percent(self) -> int:
        return 100 if self.state == "done" else int(min(1.0, max(0.0, self.fraction)) * 100)

    def run(self, budget: float = SLICE_SECONDS,
            clock: Callable[[], float] = time.perf_counter) -> bool:
        """Work for about ``budget`` seconds; True once the load has ended (done, failed or
        cancelled). A file that is not a log ends it as ``failed`` with the reason."""
        import gc

        from ..core.gamelog import LogError

        if self.finished:
            return True
        start = clock()
        # A large log makes about a million objects that all live on (the parsed log, a state
        # per step). Python's collector would scan them again and again, each full pass longer
        # than the one before (seconds by the end: the page freezes). So it does not run
        # during a slice, and what was made is frozen after it (gc.freeze: never scanned
        # again; freed as usual once nothing refers to it).
        collecting = gc.isenabled()
        gc.disable()
        try:
            while True:
                self.fraction = next(self.steps)
                if clock() - start >= budget:
                    break
        except StopIteration as stop:
            self.result = stop.value
            self.state = "done"
        except LogError as exc:
            self.error = str(exc)
            self.state = "failed"
        finally:
            gc.freeze()
            if collecting:
                gc.enable()
        self.slices += 1
        self.longest = max(self.longest, clock() - start)
        return self.finished

    def run_to_end(self) -> "ReplayLoad":
        while not self.run(budget=3600.0):
            pass
        return self

    def cancel(self) -> None:
        if not self.finished:
            self.steps.close()
            self.state = "cancelled"


async def run_load(load: ReplayLoad, redraw: Callable[[], Any] = lambda: None, *,
                   slice_seconds: float = SLICE_SECONDS, redraw_seconds: float = REDRAW_SECONDS,
                   clock: Callable[[], float] = time.perf_counter,
                   pause: Callable[[], Awaitable[Any]] = lambda: asyncio.sleep(PAUSE_SECONDS),
                   ) -> ReplayLoad:
    """Run ``load`` in slices with a turn of the event loop between two (``pause``), redrawing
    the progress about every ``redraw_seconds``; returns once it has ended or was cancelled."""
    shown = clock()
    redraw()
    while not load.run(slice_seconds, clock):
        if clock() - shown >= redraw_seconds:
            redraw()
            shown = clock()
        await pause()
    return load


def render_load(load: ReplayLoad) -> str:
    """The progress of a log being read: a bar, the percentage, and *Cancel* (also Escape).
    It stands in the notice's place, above whatever the page shows meanwhile."""
    pct = load.percent
    name = escape(load.name[:80])
    return (f'<section class="notice replay-load" data-testid="replay-progress"'
            f' data-state="{load.state}" data-percent="{pct}" aria-labelledby="replay-load-what">'
            f'<span id="replay-load-what">Reading the game log</span> '
            f'<span class="muted">{MARK_OFF}{name}{MARK_ON}</span> '
            f'<progress max="100" value="{pct}" aria-labelledby="replay-load-what"'
            f' data-testid="replay-progress-bar">{pct}%</progress> '
            f'<span data-testid="replay-progress-text">{pct}%</span> '
            f'<button type="button" class="btn ghost" data-action="replay-cancel"'
            f' data-testid="replay-cancel">Cancel</button></section>')
