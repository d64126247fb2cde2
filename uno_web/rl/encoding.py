# uno_web: cli-only
"""Observation vectors: what one seat may see (:func:`~uno_web.core.observation.observe`),
as a fixed-length vector of small whole numbers (``uint8``: counts, flags and one-hots, 0 to
255; the array is made straight from a ``bytearray``, which keeps encoding cheap).

Built from the :class:`~uno_web.core.observation.Observation` alone, never from the game state,
so the environment cannot leak another hand or the draw pile's order. Seats are *relative*:
index 0 of every per-seat block is the observing seat, 1 the next seat in seat order, and so on.
``C`` is the number of distinct cards of the deck (54 for UNO, 53 for playing cards), ``K``
the number of colours (4), ``n`` the number of players.

===================  ======  ================================================================
block                size    values
===================  ======  ================================================================
hand                 C       copies of each card in the own hand
drawn                C       copies of each card just drawn that may be played (phase drawn)
discard              C       copies of each card in the discard pile (public, top included)
top                  C       the top card, one-hot (all 0 before a card is led)
colour               K       the current colour, one-hot (all 0 while none)
phase                6       play, drawn, choose-colour, penalty, round-over, game-over
pending              1       cards a pending draw card makes the turn player draw
draw pile            1       cards left in the draw pile
clockwise            1       1 while play goes up the seat numbers
challengeable        1       1 while a Wild Draw Four may be challenged
jump window          1       1 while a jump-in is possible
+4 colour            K       the colour in force before a challengeable Wild Draw Four
cards held           n       per relative seat
called UNO           n       per relative seat, 1 when they have called UNO
catchable            n       per relative seat, 1 when they may be caught for a missed call
in the game          n       per relative seat, 0 once eliminated
score                n       per relative seat, 255 × score / (highest target + deck points)
on turn              n       one-hot: the seat on turn
last player          n       one-hot: the seat that played last (all 0 before anyone)
dealer               n       one-hot
===================  ======  ================================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.cards import POINTS_OF
from ..core.observation import Observation
from ..core.rules import RuleSet
from ..core.state import deck_cards, deck_colors

__all__ = ["ObservationEncoder", "PHASES"]

PHASES = 6
_UINT8 = np.dtype(np.uint8)  # a dtype object: frombuffer parses a type each call


class ObservationEncoder:
    """Turns observations of one rule set and number of players into vectors."""

    def __init__(self, rules: RuleSet, players: int) -> None:
        deck = deck_cards(rules.deck)
        distinct = sorted(set(deck))
        colors = deck_colors(rules.deck)
        self.n = n = players
        self.cards = tuple(distinct)
        C = len(distinct)
        K = len(colors)
        self.card_index = [-1] * (max(distinct) + 1)
        for i, c in enumerate(distinct):
            self.card_index[c] = i
        self.color_index = {c: i for i, c in enumerate(colors)}
        names: list[str] = []
        highs: list[float] = []
        copies = [float(deck.count(c)) for c in distinct]

        def block(name: str, size: int, high: "float | list[float]") -> int:
            start = len(names)
            names.extend(f"{name}[{i}]" if size > 1 else name for i in range(size))
            highs.extend(high if isinstance(high, list) else [high] * size)
            return start

        total = float(min(len(deck), 255))
        self.o_hand = block("hand", C, copies)
        self.o_drawn = block("drawn", C, copies)
        self.o_discard = block("discard", C, copies)
        self.o_top = block("top", C, 1.0)
        self.o_color = block("colour", K, 1.0)
        self.o_phase = block("phase", PHASES, 1.0)
        self.o_pending = block("pending", 1, total)
        self.o_draw = block("draw_pile", 1, total)
        self.o_clockwise = block("clockwise", 1, 1.0)
        self.o_challenge = block("challengeable", 1, 1.0)
        self.o_jump = block("jump_window", 1, 1.0)
        self.o_prev = block("plus4_colour", K, 1.0)
        self.o_held = block("cards_held", n, total)
        self.o_called = block("called_uno", n, 1.0)
        self.o_catch = block("catchable", n, 1.0)
        self.o_active = block("in_game", n, 1.0)
        self.o_score = block("score", n, 255.0)
        self.o_turn = block("on_turn", n, 1.0)
        self.o_last = block("last_player", n, 1.0)
        self.o_dealer = block("dealer", n, 1.0)
        self.size = len(names)
        self.names = tuple(names)
        self.high = np.array(highs, dtype=np.uint8)
        # every score stays below the highest target (or knock-out points) plus what one round
        # can bring: the points of the whole deck
        self.score_scale = int(max(rules.target_score, rules.elimination_threshold)
                                 + sum(POINTS_OF[c] for c in deck))
        self._zero = bytearray(self.size)
        self._discard_seen: tuple[int, ...] = ()
        self._discard_counts = bytearray(C)
        self._offsets = (
            self.o_hand, self.o_drawn, self.o_discard, self.o_top, self.o_color, self.o_phase,
            self.o_pending, self.o_draw, self.o_clockwise, self.o_challenge, self.o_jump,
            self.o_prev, self.o_held, self.o_called, self.o_catch, self.o_active, self.o_score,
            self.o_turn, self.o_last, self.o_dealer)
        # the seats in relative order for each observer: seat, the next seat, ...
        self._rotations = tuple(tuple((seat + rel) % n for rel in range(n)) for seat in range(n))

    def _discard(self, pile: tuple[int, ...]) -> bytearray:
        """Counts of the discard pile; the pile mostly grows by a card, so the last counts are
        reused when the old pile is the start of the new one."""
        seen = self._discard_seen
        k = len(seen)
        counts = self._discard_counts
        index = self.card_index
        if not (k <= len(pile) and pile[:k] == seen):
            counts = bytearray(len(self.cards))
            k = 0
        for c in pile[k:]:  # (the cached counts are never handed out: encode copies them)
            counts[index[c]] += 1
        self._discard_seen = pile
        self._discard_counts = counts
        return counts

    def encode(self, obs: Observation) -> "np.ndarray[Any, Any]":
        """The vector of ``obs`` (a new array)."""
        index = self.card_index
        n = self.n
        seat = obs.seat
        v = self._zero[:]
        (o_hand, o_drawn, o_discard, o_top, o_color, o_phase, o_pending, o_draw, o_clockwise,
         o_challenge, o_jump, o_prev, o_held, o_called, o_catch, o_active, o_score, o_turn,
         o_last, o_dealer) = self._offsets
        for c in obs.hand:
            v[o_hand + index[c]] += 1
        if obs.drawn:
            for c in obs.drawn:
                v[o_drawn + index[c]] += 1
        v[o_discard:o_discard + len(self.cards)] = self._discard(obs.discard)
        if obs.top >= 0:
            v[o_top + index[obs.top]] = 1
        if obs.color >= 0:
            v[o_color + self.color_index[obs.color]] = 1
        v[o_phase + obs.phase] = 1
        if obs.pending:
            v[o_pending] = min(obs.pending, 255)
        v[o_draw] = obs.draw_count
        if obs.direction > 0:
            v[o_clockwise] = 1
        if obs.plus4_by >= 0:
            v[o_challenge] = 1
            if obs.plus4_prev_color >= 0:
                v[o_prev + self.color_index[obs.plus4_prev_color]] = 1
        if obs.jump_window:
            v[o_jump] = 1
        # per-seat blocks: relative seat ``rel`` is seat ``t``
        held = obs.hand_counts
        called = obs.called
        active = obs.active
        rel = 0
        for t in self._rotations[seat]:
            v[o_held + rel] = held[t]
            if called[t]:
                v[o_called + rel] = 1
            if active[t]:
                v[o_active + rel] = 1
            rel += 1
        scores = obs.scores
        if any(scores):
            scale = self.score_scale
            rel = 0
            for t in self._rotations[seat]:
                if scores[t]:
                    v[o_score + rel] = min(255, scores[t] * 255 // scale)
                rel += 1
        for t in obs.catchable:
            v[o_catch + (t - seat) % n] = 1
        v[o_turn + (obs.turn - seat) % n] = 1
        if obs.last_player >= 0:
            v[o_last + (obs.last_player - seat) % n] = 1
        v[o_dealer + (obs.dealer - seat) % n] = 1
        return np.frombuffer(v, _UINT8)
