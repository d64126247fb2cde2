"""Puzzle solvers from "The complexity of UNO" (Demaine, Demaine, Harvey,
Uehara, Uno, Uno): Solitaire UNO (Uno-1), uncooperative two-player UNO
(Theorem 4.2, via Undirected Vertex Geography), cooperative two-player UNO
(Theorem 3.1), plus a puzzle generator and a command line.

Cards are ``(colour, number)`` tuples of small ints; see
:mod:`uno_web.puzzles.notation` for the text notation ("R7 Y0 G12 C4:3").
Pure standard-library Python (runs on CPython 3.11+ and Pyodide).
"""

from __future__ import annotations

from .notation import Card, as_cards, format_card, format_cards, matches, parse_card, parse_cards

__all__ = [
    "Card",
    "as_cards",
    "format_card",
    "format_cards",
    "matches",
    "parse_card",
    "parse_cards",
]
