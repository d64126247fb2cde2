"""Random official games replayed through a referee of their own: the official rules written
out again here, from Mattel's text (Appendix A of *The complexity of UNO*), independent of the
engine that played and recorded the games.

The property tests that validate a recorded log replay it through the engine that recorded it,
so a rule the engine gets wrong is wrong in both and invisible there. The referee below shares
no rule with the engine: it reads cards by their printed names, keeps its own turn, direction,
colour, top card, hand sizes, pending Wild Draw Four and UNO window, and after every move says
what the official rules make of it; the engine's state must agree. It takes from the engine only
what the rules leave to chance (which cards were drawn) and the deal of each round.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web.core import PRESETS, Move, MoveKind, Phase, apply, legal_moves, new_game
from uno_web.core.cards import card_str


def _color(card: int) -> str:
    text = card_str(card)
    return "" if text[0] == "W" else text[0]


def _face(card: int) -> str:  # "7", "S", "R", "+2", "W", "W+4": what matches by number/symbol
    text = card_str(card)
    return text if text[0] == "W" else text[1:]


@dataclass
class Referee:
    """The official rules' view of one round, move by move."""

    n: int
    turn: int
    direction: int
    top: int
    color: str  # "" while a colour must still be chosen
    hands: list[list[int]]
    pile: int  # cards that can still be drawn (the draw pile and the discard pile but its top)
    phase: str = "play"  # "play", "drawn", "challenge", "color", "over"
    drawn: int = -1
    challenge: tuple[int, bool] = (-1, False)  # who played the Wild Draw Four, was it a bluff
    open_window: set[int] = field(default_factory=set)  # who may be caught (a missed UNO)
    called: set[int] = field(default_factory=set)

    @classmethod
    def at(cls, s: object) -> "Referee":
        """The referee at the start of a round: the deal is chance, read from the state."""
        phase = {Phase.PLAY: "play", Phase.CHOOSE_COLOR: "color",
                 Phase.PENALTY: "challenge"}[s.phase]  # type: ignore[attr-defined]
        top = s.discard[-1]  # type: ignore[attr-defined]
        ref = cls(s.n, s.turn, s.direction, top, _color(top) if phase != "color" else "",  # type: ignore[attr-defined]
                  [h[:] for h in s.hands], len(s.draw) + len(s.discard) - 1, phase)  # type: ignore[attr-defined]
        return ref

    def after(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.n

    def fits(self, card: int) -> bool:
        """Official: a card matches the top card by colour, number or symbol; a Wild always."""
        return _color(card) == "" or _color(card) == self.color or _face(card) == _face(self.top)

    def give(self, seat: int, count: int, hands: list[list[int]]) -> None:
        """``seat`` draws ``count`` cards (fewer when the piles run out): which ones is chance,
        read from the engine's hand afterwards; how many is the rules'."""
        count = min(count, self.pile)
        self.pile -= count
        assert len(hands[seat]) == len(self.hands[seat]) + count, (seat, count)
        self.hands[seat] = hands[seat][:]
        if len(self.hands[seat]) > 1:
            self.called.discard(seat)
            self.open_window.discard(seat)

    def move(self, m: Move, hands: list[list[int]]) -> None:
        """Judge ``m`` (it must be legal by the official rules) and carry it out."""
        k, seat = m.kind, m.seat
        if k == MoveKind.CALL_UNO:
            assert len(self.hands[seat]) <= 2, "UNO is called with two cards or one"
            self.called.add(seat)
            self.open_window.discard(seat)
            return
        if k == MoveKind.CATCH:
            assert m.target in self.open_window, "only a missed UNO call may be caught"
            self.open_window.discard(m.target)
            self.give(m.target, 2, hands)
            return
        assert seat == self.turn, "only the player on turn moves (official rules have no jump-in)"
        self.open_window.clear()  # "before the next player begins their turn"
        if k == MoveKind.CHOOSE_COLOR:
            assert self.phase == "color"
            self.color, self.phase = "RYGB"[m.color], "play"
        elif k == MoveKind.PLAY:
            self.play(m, hands)
        elif k == MoveKind.DRAW:
            assert self.phase == "play", "one draw a turn"
            before = len(self.hands[seat])
            self.give(seat, 1, hands)
            new = self.hands[seat][-1] if len(self.hands[seat]) > before else -1
            if new >= 0 and self.fits(new):  # "they may play that card"
                self.phase, self.drawn = "drawn", new
            else:
                self.turn = self.after(seat)
        elif k == MoveKind.PASS:
            assert self.phase == "drawn", "passing follows a draw"
            self.phase, self.turn = "play", self.after(seat)
        elif k == MoveKind.ACCEPT:
            assert self.phase == "challenge"
            self.give(seat, 4, hands)
            self.phase, self.turn = "play", self.after(seat)
        elif k == MoveKind.CHALLENGE:
            assert self.phase == "challenge"
            bluffer, bluff = self.challenge
            if bluff:  # "the challenged player must draw the 4 cards" and the challenger plays
                self.give(bluffer, 4, hands)
                self.phase = "play"
            else:  # "the challenger must draw the 4 cards plus 2 more" and misses the turn
                self.give(seat, 6, hands)
                self.phase, self.turn = "play", self.after(seat)
        else:  # pragma: no cover
            raise AssertionError(f"not an official move: {m}")

    def play(self, m: Move, hands: list[list[int]]) -> None:
        seat, card = m.seat, m.card
        hand = self.hands[seat]
        assert card in hand
        assert self.phase in ("play", "drawn"), "no card is played on a Wild Draw Four (no stacking)"
        if self.phase == "drawn":
            assert card == self.drawn, "after a draw only the drawn card may be played"
        assert self.fits(card), f"{card_str(card)} does not match {card_str(self.top)}/{self.color}"
        if _face(card) == "W+4":  # a bluff: a card of the colour in play was held
            bluff = any(_color(c) == self.color for c in hand if c != card)
            self.challenge = (seat, bluff)
        hand.remove(card)
        self.top, self.pile, self.phase = card, self.pile + 1, "play"
        self.color = _color(card) or "RYGB"[m.color]
        if len(hand) == 1 and not m.uno and seat not in self.called:
            self.open_window.add(seat)
        elif m.uno:
            self.called.add(seat)
        face = _face(card)
        if not hand:  # the round ends; a last draw card still makes the next player draw
            if face in ("+2", "W+4"):
                self.give(self.after(seat), 2 if face == "+2" else 4, hands)
            self.phase = "over"
            return
        if face == "S":
            self.turn = self.after(seat, 2)
        elif face == "R":
            self.direction = -self.direction
            self.turn = seat if self.n == 2 else self.after(seat)  # two players: as a Skip
        elif face == "+2":
            victim = self.after(seat)
            self.give(victim, 2, hands)
            self.turn = self.after(seat, 2)
        elif face == "W+4":
            self.phase, self.turn = "challenge", self.after(seat)
        else:
            self.turn = self.after(seat)

    def agrees_with(self, s: object) -> None:
        assert [len(h) for h in s.hands] == [len(h) for h in self.hands]  # type: ignore[attr-defined]
        if self.phase == "over":
            assert s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)  # type: ignore[attr-defined]
            return
        want = {"play": Phase.PLAY, "drawn": Phase.DRAWN, "challenge": Phase.PENALTY,
                "color": Phase.CHOOSE_COLOR}[self.phase]
        assert (s.phase, s.turn, s.direction) == (want, self.turn, self.direction)  # type: ignore[attr-defined]
        assert s.discard[-1] == self.top  # type: ignore[attr-defined]
        if self.color:
            assert "RYGB"[s.color] == self.color  # type: ignore[attr-defined]


def referee_game(players: int, seed: int, max_actions: int = 300) -> int:
    """An official game played at random (moves from legal_moves, any seat's), every move
    judged by the referee. Returns the number of moves judged."""
    s = new_game(PRESETS["official"], players, seed)
    rng = random.Random(seed)
    ref = Referee.at(s)
    judged = 0
    for _ in range(max_actions):
        if s.phase == Phase.GAME_OVER:
            break
        if s.phase == Phase.ROUND_OVER:
            s = apply(s, Move.next_round()).state
            ref = Referee.at(s)
            continue
        moves = [m for t in range(s.n) for m in legal_moves(s, t)]
        turn_moves = [m for m in moves if m.seat == s.turn]
        plays = [m for m in turn_moves if m.kind == MoveKind.PLAY]
        m = rng.choice(plays if plays and rng.random() < 0.7 else moves)
        before = [h[:] for h in s.hands]
        s = apply(s, m).state
        ref.move(m, s.hands)
        if s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and ref.phase != "over":
            # a round that nobody can go on with ends blocked: not a rule this referee models
            assert not s.draw and len(s.discard) <= 1, (before, m)
            continue
        ref.agrees_with(s)
        judged += 1
    return judged


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_official_games_follow_the_rules_as_an_independent_referee_reads_them(players, seed):
    assert referee_game(players, seed) > 0


def test_the_referee_judges_thousands_of_moves() -> None:
    assert sum(referee_game(p, seed) for p in (2, 3, 4) for seed in range(6)) > 3000
