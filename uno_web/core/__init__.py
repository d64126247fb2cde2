"""The UNO rules core: pure Python (the standard library; pydantic only for the JSON Schemas, in
:mod:`uno_web.core.schemas`, imported on first use), for CPython and Pyodide.

Start with :func:`new_game`, ask :func:`legal_moves`, :func:`check` a move for a verdict,
:func:`apply` it for the new state and events. See ``docs/core.md``.
"""

from .cards import (
    CardError, Color, Effect, Rank, card_name, card_str, cards_name, cards_str, color_code,
    color_name, parse_card, parse_cards, parse_color,
)
from .engine import (
    IllegalMove, Transition, apply, apply_in_place, can_play, check, hand_points, legal_moves, new_game,
    next_seat, playable_cards, step,
)
from .events import Event
from .invariants import DeckReport, check_deck
from .moves import Move, MoveError, MoveKind, parse_move
from .observation import Observation, observe
from .reasons import CATALOGUE, Reason, Verdict
from .rules import PRESET_DESCRIPTIONS, PRESET_TITLES, PRESETS, RuleSet, RulesError, resolve_rules
from .state import GameState, Phase, deck_cards

__all__ = [
    "CardError", "Color", "Effect", "Rank", "card_name", "card_str", "cards_name", "cards_str",
    "color_code", "color_name", "parse_card", "parse_cards", "parse_color", "IllegalMove",
    "Transition", "apply", "apply_in_place", "can_play", "check", "hand_points", "legal_moves", "new_game",
    "next_seat", "playable_cards", "step", "Event", "DeckReport", "check_deck", "Move",
    "MoveError", "MoveKind", "parse_move", "Observation", "observe", "CATALOGUE", "Reason",
    "Verdict", "PRESET_DESCRIPTIONS", "PRESET_TITLES", "PRESETS", "RuleSet", "RulesError",
    "resolve_rules", "GameState", "Phase", "deck_cards",
]
