"""What one recipient of a room's messages may see: its view of the table and of each move's
events. A seat sees its own hand and drawn cards and its legal moves; everybody sees the counts,
the public piles, the verdicts and the events with hidden cards taken out (a drawn card shows
only to the one who drew it; a deal or a reshuffle never shows its order)."""

from __future__ import annotations

from typing import Any, Sequence

from ..core.cards import card_str, color_code
from ..core.engine import legal_moves
from ..core.events import CardsDrawn, Event, RoundStarted
from ..core.moves import Move
from ..core.observation import observe
from ..core.reasons import Verdict
from ..core.state import PHASE_NAMES, GameState, Phase
from .roomlog import json_params

__all__ = ["table_view", "visible_events", "verdict_facts"]


def visible_events(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """``events`` as ``seat`` may see them (None: a spectator), as JSON objects."""
    out = []
    for e in events:
        shown = e if (isinstance(e, CardsDrawn) and e.seat == seat) else e.public()
        d = shown.to_dict()
        if isinstance(shown, RoundStarted):
            del d["deck"]  # public() empties it; the key goes too
        out.append(d)
    return out


def verdict_facts(verdict: Verdict, move: Move | None = None) -> dict[str, Any]:
    """A verdict as a message carries it: the code, the English message and the parameters
    that write it in another language (``uno_web.i18n.verdicts``)."""
    out: dict[str, Any] = {"code": verdict.code.value, "message": verdict.message,
                           "params": json_params(verdict.params), "rule": verdict.rule}
    if move is not None:
        out["move"] = move.notation()
        out["seat"] = int(move.seat)
    return out


def table_view(s: GameState, seat: int | None, events: Sequence[Event] = (),
               last: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table as ``seat`` sees it (None: a spectator), as a JSON object (docs/rooms.md,
    "The view"). Built from the core's observation: no other hand, no draw order."""
    ob = observe(s, seat if seat is not None else 0)
    view: dict[str, Any] = {
        "round": ob.round,
        "phase": PHASE_NAMES[Phase(ob.phase)],
        "turn": ob.turn,
        "direction": ob.direction,
        "color": color_code(ob.color) if ob.color >= 0 else None,
        "top": card_str(ob.top) if ob.top >= 0 else None,
        "discard": [card_str(c) for c in ob.discard],
        "draw_count": ob.draw_count,
        "hand_counts": list(ob.hand_counts),
        "names": list(s.names),
        "called": list(ob.called),
        "catchable": list(ob.catchable),
        "active": list(ob.active),
        "scores": list(ob.scores),
        "round_points": list(s.round_points) if ob.phase >= Phase.ROUND_OVER else [],
        "dealer": ob.dealer,
        "pending": ob.pending,
        "plus4_by": ob.plus4_by,
        "jump_window": ob.jump_window,
        "chain_rank": ob.chain_rank,
        "last_player": ob.last_player,
        "winner": s.winner if s.winner >= 0 else None,
        "round_winner": s.round_winner if s.round_winner >= 0 else None,
        "seat": seat,
        "hand": [card_str(c) for c in ob.hand] if seat is not None else [],
        "drawn": [card_str(c) for c in ob.drawn] if seat is not None else [],
        "legal": [m.notation() for m in legal_moves(s, seat)] if seat is not None else [],
        "events": visible_events(events, seat),
        "last": last,
    }
    return view
