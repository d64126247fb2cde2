"""Helpers for scenario tests: build a position, apply moves written in notation."""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.core import GameState, Move, apply, check, parse_card, parse_move
from uno_web.core.events import Event
from uno_web.core.position import Position, build_state


def position(**kw: Any) -> GameState:
    return build_state(Position(**kw))


def play(s: GameState, *moves: str) -> tuple[GameState, list[Event]]:
    """Apply moves in notation; every one must be legal. Returns the state and all events."""
    events: list[Event] = []
    for text in moves:
        t = apply(s, parse_move(text))
        s = t.state
        events += t.events
    return s, events


def code(s: GameState, move: str) -> str:
    return check(s, parse_move(move)).code.value


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def C(text: str) -> int:
    return parse_card(text)


@pytest.fixture
def M():  # type: ignore[no-untyped-def]
    return parse_move


__all__ = ["position", "play", "code", "kinds", "C", "Move"]
