"""Small helpers the bots share. They read only an :class:`Observation` (never a GameState)."""

from __future__ import annotations

from typing import Iterable, Sequence

from ..core.cards import COLOR_OF, EFFECT_OF, IS_WILD, POINTS_OF, RANK_OF, Effect
from ..core.moves import Move, MoveKind
from ..core.observation import Observation
from ..core.rules import RuleSet
from ..core.state import compile_rules, deck_colors

__all__ = [
    "next_seat", "prev_seat", "n_active", "colors_of", "color_weights",
    "plus4_bluff_probability", "matches", "gives_extra_turn", "dedupe_uno", "top_after",
    "hands_change_owners", "matching_decides", "makes_draw", "reads_draws", "one_play_a_turn",
]

PLAY = MoveKind.PLAY


# -- rule queries ---------------------------------------------------------------------------
# The bots ask the core what a rule set does rather than keep their own lists of toggles
# (issue 15): each of these is a thin call to a public core name (``RuleSet`` properties and
# ``compile_rules``, whose compiled flags the engine itself uses), so a new house rule that the
# core folds into one of those flags reaches the bots without a change here.


def hands_change_owners(rules: RuleSet) -> bool:
    """Can hands change owners (a 7 swaps, a 0 rotates)? Then notes about who holds what go
    stale. The core's :attr:`RuleSet.seven_zero`."""
    return rules.seven_zero


def matching_decides(rules: RuleSet) -> bool:
    """Does colour/number matching alone decide what may be played (no house restriction on
    a Wild Draw Four, a wild or the last card)? The engine's own ``plain_matching``."""
    return compile_rules(rules).plain_matching


def makes_draw(rules: RuleSet, card: int) -> bool:
    """Does playing ``card`` make the next player draw (Draw Two, Wild Draw Four, Draw Four,
    a wild under ``wild_draws_one``)? The engine's ``draw_amount``."""
    return compile_rules(rules).draw_amount(EFFECT_OF[card]) > 0


def reads_draws(rules: RuleSet) -> bool:
    """Does a player's draw end when it draws one card (so a draw says the hand could not
    play)? False when the engine draws until a card matches (``draw_to_match``)."""
    return not compile_rules(rules).draw_to_match


def one_play_a_turn(rules: RuleSet) -> bool:
    """Is a turn one card, played by the player on turn (no jump-in out of turn, no more
    cards of the same number in one turn)?"""
    r = compile_rules(rules)
    return not (r.jump_in or r.play_same_number)


def n_active(obs: Observation) -> int:
    return sum(1 for a in obs.active if a)


def next_seat(obs: Observation, seat: int, steps: int = 1, direction: int | None = None) -> int:
    """The seat ``steps`` active seats after ``seat`` in the direction of play."""
    d = obs.direction if direction is None else direction
    n = obs.n
    act = obs.active
    if not any(act):
        return seat
    while steps:
        seat = (seat + d) % n
        if act[seat]:
            steps -= 1
    return seat


def prev_seat(obs: Observation, seat: int) -> int:
    return next_seat(obs, seat, 1, -obs.direction)


def colors_of(obs: Observation) -> tuple[int, ...]:
    return deck_colors(obs.rules.deck)


def color_weights(hand: Iterable[int], colors: Sequence[int], point_weight: float = 0.04) -> dict[int, float]:
    """How strong each colour is in ``hand``: the number of its cards plus a little for their
    points (so that, between equal counts, the colour with the heavier cards is kept in play
    and its cards get dumped first)."""
    w = {c: 0.0 for c in colors}
    for card in hand:
        col = COLOR_OF[card]
        if col in w:
            w[col] += 1.0 + point_weight * POINTS_OF[card]
    return w


def matches(card: int, top: int, color: int) -> bool:
    """Colour/number/symbol matching (no house-rule restriction)."""
    if IS_WILD[card] or top < 0:
        return True
    return COLOR_OF[card] == color or RANK_OF[card] == RANK_OF[top]


def top_after(move: Move) -> tuple[int, int] | None:
    """The card and the colour in force after ``move`` when it plays a card (else None)."""
    if move.kind != MoveKind.PLAY:
        return None
    card = move.card
    return card, (move.color if IS_WILD[card] else COLOR_OF[card])


def gives_extra_turn(obs: Observation, card: int) -> bool:
    """With two players left, does playing ``card`` give its player the next turn again
    (assuming the victim of a draw card takes the penalty)?"""
    if n_active(obs) != 2:
        return False
    eff = EFFECT_OF[card]
    if eff == Effect.SKIP or makes_draw(obs.rules, card):
        return True
    if eff == Effect.REVERSE:
        return compile_rules(obs.rules).reverse_skip_2p
    return False


def plus4_bluff_probability(obs: Observation, honesty: float = 1.0) -> float:
    """The probability that the pending Wild Draw Four was a bluff.

    Card counting: the player who played it now holds ``k`` cards, a random subset of the
    ``U`` cards this player cannot see, ``m`` of which have the colour that was in force. The
    chance that none of them has that colour is hypergeometric:
    ``C(U-m, k) / C(U, k)``. ``honesty`` is a likelihood ratio
    P(play +4 | could follow colour) / P(play +4 | could not): 1.0 takes the deal at face value,
    smaller values assume players rarely bluff.
    """
    bluffer = obs.plus4_by
    prev = obs.plus4_prev_color
    if bluffer < 0 or prev < 0:
        return 0.0
    k = obs.hand_counts[bluffer]
    unseen = obs.unseen()
    total = sum(unseen.values())
    same = sum(v for c, v in unseen.items() if COLOR_OF[c] == prev)
    if k <= 0 or total <= 0:
        return 0.0
    p_none = 1.0
    for i in range(min(k, total)):
        if total - i <= 0:
            break
        p_none *= max(0.0, (total - same - i) / (total - i))
    p_has = 1.0 - p_none
    num = p_has * honesty
    den = num + p_none
    return num / den if den > 0 else 0.0


def dedupe_uno(moves: Sequence[Move]) -> list[Move]:
    """Plays with the UNO call when both variants are listed (a bot never forgets by accident)."""
    with_call = {m._replace(uno=False) for m in moves if m.kind == PLAY and m.uno}
    return [m for m in moves if not (m.kind == PLAY and not m.uno and m in with_call)]

