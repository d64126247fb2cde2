"""UNO bots: Easy (random), Normal (heuristic), Hard (determinized Monte Carlo search).

    from uno_web.ai import make_bot
    bot = make_bot("hard", budget_ms=150)
    move = bot.choose(observe(state, seat), legal_moves(state, seat), rng)

A bot sees only an :class:`~uno_web.core.observation.Observation` and the legal moves; it
returns one of those moves. ``react`` offers out-of-turn moves (catch, UNO call, jump-in);
``think`` is the time-sliced form of ``choose`` for the browser. See ``docs/ai.md``.
"""

from __future__ import annotations

from typing import Any

from .base import Bot, BotError, Thinking, drive
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot

__all__ = ["Bot", "BotError", "Thinking", "drive", "make_bot", "LEVELS", "EasyBot", "NormalBot",
           "HardBot"]

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def make_bot(level: str, **options: Any) -> Bot:
    """A bot of ``level`` ("easy", "normal" or "hard"; case-insensitive).

    Options go to the level's class (``EasyBot``, ``NormalBot``, ``HardBot``); an unknown level
    or option raises ``ValueError`` with a message naming what is allowed.
    """
    if not isinstance(level, str):
        raise ValueError(f"a bot level must be text, one of {', '.join(LEVELS)}; got {level!r}")
    key = level.strip().lower()
    if key == "easy":
        return EasyBot(**options)
    if key == "normal":
        return NormalBot(**options)
    if key == "hard":
        return HardBot(**options)
    raise ValueError(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")
