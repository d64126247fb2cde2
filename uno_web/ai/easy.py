"""Easy: random legal moves, the way a casual beginner plays.

On its turn it plays a uniformly random playable *card* (a wild names a random colour, a 7
under the 7-0 rule picks a random player) and draws only when nothing can be played; a drawn
playable card is played; facing a penalty it stacks or challenges at random with the same
chances as taking it. This is the usual "random agent" of UNO benchmarks (RLCard's), so
strength figures can be compared with published ones.

Out of turn it always calls its own UNO, catches a forgetful player half the time and jumps
in half the time. ``forget_uno`` (default 0) is the chance it plays its second-to-last card
without calling UNO (and without calling it afterwards), for a more human table.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..core.moves import Move, MoveKind
from ..core.observation import Observation
from ..core.state import Phase
from .base import Bot

__all__ = ["EasyBot"]

PLAY = MoveKind.PLAY


class EasyBot(Bot):
    level = "easy"

    def __init__(self, forget_uno: float = 0.0, catch_rate: float = 0.5,
                 jump_rate: float = 0.5, **options: Any) -> None:
        super().__init__(**options)
        for name, v in (("forget_uno", forget_uno), ("catch_rate", catch_rate),
                        ("jump_rate", jump_rate)):
            if not 0.0 <= float(v) <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, not {v!r}")
        self.forget_uno = float(forget_uno)
        self.catch_rate = float(catch_rate)
        self.jump_rate = float(jump_rate)
        self._forgot = False

    def decide(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move:
        self._forgot = False
        plays = [m for m in moves if m.kind == PLAY]
        if plays:
            cards = sorted({m.card for m in plays})
            card = cards[int(rng.random() * len(cards))]
            options = [m for m in plays if m.card == card]
            if any(m.uno for m in options):
                forget = self.forget_uno > 0 and rng.random() < self.forget_uno
                self._forgot = forget
                options = [m for m in options if m.uno != forget]
            if obs.phase == Phase.PENALTY and rng.random() < 0.5:  # stack or not, coin flip
                # (draw_takes_penalty: the draw takes the cards)
                rest = [m for m in moves if m.kind in (MoveKind.CHALLENGE, MoveKind.ACCEPT,
                                                        MoveKind.DRAW)]
                if rest:
                    return rest[int(rng.random() * len(rest))]
            return options[int(rng.random() * len(options))]
        for kind in (MoveKind.CHOOSE_COLOR, MoveKind.NEXT_ROUND):
            picks = [m for m in moves if m.kind == kind]
            if picks:
                return picks[int(rng.random() * len(picks))]
        rest = [m for m in moves if m.kind in (MoveKind.CHALLENGE, MoveKind.ACCEPT)]
        if rest:
            return rest[int(rng.random() * len(rest))]
        for kind in (MoveKind.DRAW, MoveKind.PASS):
            for m in moves:
                if m.kind == kind:
                    return m
        return moves[int(rng.random() * len(moves))]

    def react(self, obs: Observation, moves: Sequence[Move], rng: random.Random) -> Move | None:
        for m in moves:
            if m.kind == MoveKind.CALL_UNO and not obs.called[obs.seat]:  # (not a repeat)
                if self._forgot:
                    return None
                return m
        catches = [m for m in moves if m.kind == MoveKind.CATCH]
        if catches and rng.random() < self.catch_rate:
            return catches[int(rng.random() * len(catches))]
        plays = [m for m in moves if m.kind == PLAY]
        if plays and rng.random() < self.jump_rate:
            with_call = [m for m in plays if m.uno] or plays
            return with_call[int(rng.random() * len(with_call))]
        return None
