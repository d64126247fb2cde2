"""The bot interface: ``choose`` for the turn, ``react`` for out-of-turn chances, ``think`` for
time-sliced search in the browser."""

from __future__ import annotations

import random
from typing import Any, Generator, Sequence

from ..core.moves import Move
from ..core.observation import Observation

__all__ = ["Bot", "Thinking", "drive", "BotError", "check_moves"]

#: ``think`` yields progress fractions in [0, 1] and returns the chosen move.
Thinking = Generator[float, None, Move]


class BotError(RuntimeError):
    """A bot was asked to choose from an empty list of moves."""


def drive(gen: Thinking) -> Move:
    """Run a ``think`` generator to completion and return its move."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            move: Move = stop.value
            return move


class Bot:
    """Base class. Subclasses implement :meth:`decide` (quick levels) or override
    :meth:`think` (searching levels) and :meth:`react`.

    A bot sees only the :class:`Observation` of its seat and the legal moves it is given; it
    returns one of those moves (the very object, so ``move in moves`` always holds).
    """

    level = "base"

    def __init__(self, **options: Any) -> None:
        if options:
            raise ValueError(
                f"unknown option(s) for the {self.level} bot: {', '.join(sorted(options))}"
            )

    # --- the turn ----------------------------------------------------------------------------
    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        raise NotImplementedError

    def think(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Thinking:
        """A generator: yields progress fractions while it works (each slice a few ms), then
        returns the move (``StopIteration.value``). Quick levels return without yielding."""
        check_moves(moves)
        return self.decide(obs, moves, rng)
        yield 1.0  # pragma: no cover - makes this function a generator

    def choose(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        """The move for this seat's turn decision (one of ``moves``)."""
        return drive(self.think(obs, moves, rng))

    # --- out of turn ---------------------------------------------------------------------------
    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        """An out-of-turn move (catch, UNO call, jump-in) from ``moves``, or None to let it
        pass. Called after every move for every seat that is not on turn and has legal moves."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level}>"


def check_moves(moves: Sequence[Move]) -> None:
    """Raise :class:`BotError` for an empty list of moves (nothing to choose from)."""
    if not moves:
        raise BotError("no legal moves to choose from")

