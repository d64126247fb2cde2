"""Uncooperative two-player UNO (Uncooperative Uno-2) with perfect information.

Model (Demaine et al., "The complexity of UNO", sections 2.3 and 4): number
cards only, both hands open, player 1 leads any card, then the players
alternate and every card must match the previous card (same colour or same
number); nobody may pass voluntarily (assumption (d)) and there is no draw pile.

Two end-of-game rules are supported (``rule=``):

``"geography"`` (default) -- the model of Theorem 4.2 and of the issue: "a player who
    cannot play loses".  The game *is* Undirected Vertex
    Geography on the UNO-2 graph (vertices = the cards of both hands, an edge
    between a card of player 1 and a card of player 2 when they match; player
    1's lead places the token).  The player who cannot play on their turn loses
    -- also when their hand is empty -- so the winner is the last player to
    play a card.  Decided in polynomial time by maximum matching
    (Fraenkel-Scheinerman-Ullman): with the token on card t and the player to
    move holding X while the opponent holds Y, the player to move wins iff t
    lies in every maximum matching of the bipartite graph (X, Y + {t}), i.e.
    iff nu(X, Y + {t}) > nu(X, Y).  For the lead: player 1 wins iff no maximum
    matching saturates his hand, i.e. nu(H1, H2) < |H1|; lead u wins iff
    nu(H1 - u, H2) = nu(H1, H2).

``"uno"`` -- real UNO: a player who plays their last card wins at
    once; a player who holds cards but cannot play loses (the paper's "first
    loser", assumption (f2)).  The matching argument still decides many
    positions (see :func:`_uno_matching_cutoff`, each case proved in
    docs/puzzles.md); the rest are settled by memoised exhaustive minimax.
    Worst case exponential; fast for hands of real size (7 cards each).

Under both rules the answers agree with plain exhaustive minimax
(:func:`duel_minimax`), which the tests check on thousands of small instances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

from ..core.reasons import quote_value
from .notation import Card, as_cards, format_card, format_cards
from .solitaire import SearchLimitExceeded

__all__ = [
    "RULES",
    "DuelResult",
    "DuelPosition",
    "solve_duel",
    "analyse_duel_position",
    "duel_minimax",
    "max_bipartite_matching",
    "matching_number",
]

RULES = ("uno", "geography")


# ---------------------------------------------------------------------------
# Maximum bipartite matching (Hopcroft-Karp), pure Python
# ---------------------------------------------------------------------------


def max_bipartite_matching(n_left: int, n_right: int, adj: Sequence[Sequence[int]]) -> tuple[int, list[int]]:
    """Hopcroft-Karp.  ``adj[i]`` lists the right vertices adjacent to left vertex i.
    Returns (size, match_left) with match_left[i] = matched right vertex or -1."""
    INF = n_left + n_right + 5
    match_l = [-1] * n_left
    match_r = [-1] * n_right
    size = 0
    while True:
        # BFS layering from free left vertices
        dist = [INF] * n_left
        queue = []
        for i in range(n_left):
            if match_l[i] == -1:
                dist[i] = 0
                queue.append(i)
        found = False
        qi = 0
        while qi < len(queue):
            i = queue[qi]
            qi += 1
            for j in adj[i]:
                k = match_r[j]
                if k == -1:
                    found = True
                elif dist[k] == INF:
                    dist[k] = dist[i] + 1
                    queue.append(k)
        if not found:
            return size, match_l
        # DFS for vertex-disjoint shortest augmenting paths (iterative)
        ptr = [0] * n_left
        for s in range(n_left):
            if match_l[s] != -1:
                continue
            stack = [s]
            while stack:
                i = stack[-1]
                advanced = False
                while ptr[i] < len(adj[i]):
                    j = adj[i][ptr[i]]
                    ptr[i] += 1
                    k = match_r[j]
                    if k == -1:
                        # augment: stack holds the left vertices of the path;
                        # each one's last-tried edge (ptr - 1) is its path edge
                        path_right = [adj[li][ptr[li] - 1] for li in stack]
                        for li, rj in zip(stack, path_right):
                            match_l[li] = rj
                            match_r[rj] = li
                        size += 1
                        stack = []
                        advanced = True
                        break
                    if dist[k] == dist[i] + 1:
                        stack.append(k)
                        advanced = True
                        break
                if not advanced:
                    dist[i] = INF  # dead end for this phase
                    stack.pop()


def _m(a: Card, b: Card) -> bool:
    return a[0] == b[0] or a[1] == b[1]


def matching_number(left: Sequence[Card], right: Sequence[Card]) -> int:
    """Size of a maximum matching in the UNO-2 graph between two card lists
    (edges join matching cards)."""
    if not left or not right:
        return 0
    adj = [[j for j, b in enumerate(right) if _m(a, b)] for a in left]
    return max_bipartite_matching(len(left), len(right), adj)[0]


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    lst = list(hand)
    lst.remove(card)
    return tuple(lst)


# ---------------------------------------------------------------------------
# Geography rule (Theorem 4.2): pure matching
# ---------------------------------------------------------------------------


def _geo_winning_moves(X: tuple[Card, ...], Y: tuple[Card, ...], last: Optional[Card]) -> dict[Card, bool]:
    """For every distinct legal move c of the mover: does it win?"""
    base = matching_number(X, Y)
    out = {}
    for c in sorted(set(X)):
        if last is not None and not _m(last, c):
            continue
        # after playing c the opponent moves from c in (Y, X - c + {c}); the
        # opponent wins iff c is in every maximum matching of (X, Y), i.e.
        # iff nu(X - c, Y) < nu(X, Y).
        out[c] = matching_number(_without(X, c), Y) == base
    return out


# ---------------------------------------------------------------------------
# UNO rule: matching cutoffs + memoised minimax
# ---------------------------------------------------------------------------


def _uno_matching_cutoff(X: tuple[Card, ...], Y: tuple[Card, ...], t: Card) -> Optional[bool]:
    """Sound matching-based verdicts for the UNO rule; None when undecided.

    Mover holds X (non-empty), opponent holds Y (non-empty), token on t.
    The mover can empty their hand at move 2|X|-1, the opponent at 2|Y|,
    so if |X| <= |Y| only the mover can empty first, otherwise only the opponent.
    Let nu1 = nu(X, Y + {t}), nu0 = nu(X, Y); geography mover-win <=> nu1 > nu0.

    * |X| <= |Y|, nu1 > nu0: the mover's matching strategy never leaves them
      stuck, and the opponent cannot empty first -> mover wins.
    * |X| <= |Y|, nu1 == nu0 < |X|: the opponent answers along a maximum matching
      M avoiding t; the mover only ever reaches M-covered cards, M misses one of
      the mover's cards, so the mover can never empty and is eventually stuck.
    * |X| > |Y|, nu1 == nu0: the opponent's matching strategy never leaves the
      opponent stuck and the mover cannot empty first -> mover loses.
    * |X| > |Y|, nu1 > nu0 and nu1 <= |Y|: the mover answers along a maximum
      matching M covering t; the opponent only reaches M-covered cards, M covers
      at most |Y| cards of Y + {t} including t, so one card of Y is never
      reachable: the opponent cannot empty and is eventually stuck.
    """
    nu1 = matching_number(X, Y + (t,))
    nu0 = matching_number(X, Y)
    if len(X) <= len(Y):
        if nu1 > nu0:
            return True
        if nu0 < len(X):
            return False
    else:
        if nu1 == nu0:
            return False
        if nu1 <= len(Y):
            return True
    return None


class _UnoSolver:
    def __init__(self, use_cutoffs: bool = True, max_nodes: Optional[int] = None) -> None:
        self.memo: dict[tuple[tuple[Card, ...], tuple[Card, ...], Card], bool] = {}
        self.nodes = 0
        self.cutoffs = 0
        self.use_cutoffs = use_cutoffs
        self.max_nodes = max_nodes

    def wins(self, X: tuple[Card, ...], Y: tuple[Card, ...], t: Card) -> bool:
        """Mover (holding X, non-empty) to play on t; opponent holds Y (non-empty)."""
        key = (X, Y, t)
        r = self.memo.get(key)
        if r is not None:
            return r
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimitExceeded(f"duel search (uno rule) exceeded {self.max_nodes} nodes")
        moves = sorted({c for c in X if _m(t, c)})
        if not moves:
            r = False
        elif len(X) == 1:
            r = True
        else:
            r = None
            if self.use_cutoffs and len(X) + len(Y) >= 5:
                r = _uno_matching_cutoff(X, Y, t)
                if r is not None:
                    self.cutoffs += 1
            if r is None:
                r = False
                for c in moves:
                    if not self.wins(Y, _without(X, c), c):
                        r = True
                        break
        self.memo[key] = r
        return r

    def move_values(self, X: tuple[Card, ...], Y: tuple[Card, ...], last: Optional[Card]) -> dict[Card, bool]:
        out = {}
        for c in sorted(set(X)):
            if last is not None and not _m(last, c):
                continue
            rest = _without(X, c)
            out[c] = (not rest) or (not self.wins(Y, rest, c))
        return out


# ---------------------------------------------------------------------------
# Exhaustive reference (oracle)
# ---------------------------------------------------------------------------


def duel_minimax(p1: Any, p2: Any, last: Optional[Any] = None, to_move: int = 1, *, rule: str = "geography") -> int:
    """Plain memoised minimax (no matching); returns the winner (1 or 2).
    Exponential -- a test oracle for small hands."""
    _check_rule(rule)
    _check_to_move(to_move)
    h1 = tuple(sorted(as_cards(p1)))
    h2 = tuple(sorted(as_cards(p2)))
    lc = _card_or_none(last)
    memo: dict[tuple[tuple[Card, ...], tuple[Card, ...], Optional[Card]], bool] = {}

    def win(X: tuple[Card, ...], Y: tuple[Card, ...], t: Optional[Card]) -> bool:
        key = (X, Y, t)
        if key in memo:
            return memo[key]
        r = False
        for c in sorted(set(X)):
            if t is not None and not _m(t, c):
                continue
            rest = _without(X, c)
            if rule == "uno" and not rest:
                r = True
                break
            if not win(Y, rest, c):
                r = True
                break
        memo[key] = r
        return r

    over = _game_over(h1, h2, lc, to_move, rule)
    if over is not None:
        return over
    X, Y = (h1, h2) if to_move == 1 else (h2, h1)
    mover_wins = win(X, Y, lc)
    return to_move if mover_wins else 3 - to_move


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DuelPosition:
    """Perfect-play analysis of a duel position (see :func:`analyse_duel_position`).

    ``winner``: 1 or 2 with perfect play from here.
    ``winning_moves`` / ``losing_moves``: distinct legal cards of ``to_move``
    that win / lose with perfect play afterwards (a card held twice is listed once).
    ``game_over``: True when the position is already decided (a hand is empty,
    or the player to move has no legal card); then both lists are empty.
    ``method``: "matching" (polynomial, no search), "matching+search", "rules".
    """

    p1: list[Card]
    p2: list[Card]
    last: Optional[Card]
    to_move: int
    rule: str
    winner: int
    winning_moves: list[Card]
    losing_moves: list[Card]
    game_over: bool
    method: str
    nodes: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "puzzle": "duel_position",
            "rule": self.rule,
            "p1": format_cards(self.p1),
            "p2": format_cards(self.p2),
            "last": format_card(self.last) if self.last is not None else None,
            "to_move": self.to_move,
            "winner": self.winner,
            "winning_moves": [format_card(c) for c in self.winning_moves],
            "losing_moves": [format_card(c) for c in self.losing_moves],
            "game_over": self.game_over,
            "method": self.method,
            "nodes": self.nodes,
        }


@dataclass(frozen=True)
class DuelResult:
    """Outcome of :func:`solve_duel` (player 1 leads).

    ``winner``: 1 or 2.  ``winning_leads``: distinct first cards that win for
    player 1 (empty when player 2 wins).  ``lead_outcomes``: winner after each
    distinct lead.  ``line``: one perfect-play line [(player, card), ...] in which
    the winner always plays a winning card and the loser plays its first legal
    card (sorted order); it ends when someone is stuck or empties their hand.
    ``matching_size``: nu of the whole UNO-2 graph.  ``method``: "matching" or
    "matching+search".  ``nodes``: search nodes (0 for pure matching).
    """

    p1: list[Card]
    p2: list[Card]
    rule: str
    winner: int
    winning_leads: list[Card]
    lead_outcomes: dict[Card, int]
    line: list[tuple[int, Card]]
    matching_size: int
    method: str
    nodes: int = 0
    end: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "puzzle": "duel",
            "rule": self.rule,
            "p1": format_cards(self.p1),
            "p2": format_cards(self.p2),
            "winner": self.winner,
            "winning_leads": [format_card(c) for c in self.winning_leads],
            "lead_outcomes": {format_card(c): w for c, w in self.lead_outcomes.items()},
            "line": [{"player": p, "card": format_card(c)} for p, c in self.line],
            "end": self.end,
            "matching_size": self.matching_size,
            "method": self.method,
            "nodes": self.nodes,
        }


def _check_rule(rule: str) -> None:
    if not isinstance(rule, str) or rule not in RULES:
        raise ValueError(f"unknown duel rule {quote_value(rule)}; expected one of {', '.join(RULES)}")


def _check_budget(max_nodes: Optional[int]) -> None:
    if max_nodes is not None and (
        isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1
    ):
        raise ValueError(f"max_nodes must be a whole number of at least 1 (or None), "
                         f"got {quote_value(max_nodes)}")


def _check_to_move(to_move: int) -> None:
    if isinstance(to_move, bool) or not isinstance(to_move, int) or to_move not in (1, 2):
        raise ValueError(f"to_move must be 1 or 2, got {quote_value(to_move)}")


def _card_or_none(last: Any) -> Optional[Card]:
    if last is None:
        return None
    if isinstance(last, str):
        cards = as_cards(last)
        if len(cards) != 1:
            raise ValueError(f"last card must be a single card, got {quote_value(last)}")
        return cards[0]
    return as_cards([last])[0]


def _game_over(h1: tuple[Card, ...], h2: tuple[Card, ...], last: Optional[Card], to_move: int,
               rule: str) -> Optional[int]:
    """Winner if the position is already decided before any move, else None."""
    _check_to_move(to_move)
    X = h1 if to_move == 1 else h2
    Y = h2 if to_move == 1 else h1
    if rule == "uno":
        if not X and not Y:
            raise ValueError("both hands are empty: not a reachable duel position")
        if not Y:
            return 3 - to_move  # the opponent emptied their hand: they won
        if not X:
            return to_move  # (only reachable by hand-made input) the mover has no cards: mover already won
    if not X:
        return 3 - to_move  # geography: cannot move
    if last is not None and not any(_m(last, c) for c in X):
        return 3 - to_move
    return None


DEFAULT_MAX_NODES = 2_000_000


def analyse_duel_position(
    p1: Any, p2: Any, last: Any = None, to_move: int = 1, *, rule: str = "geography",
    max_nodes: Optional[int] = DEFAULT_MAX_NODES,
) -> DuelPosition:
    """Who wins a duel position with perfect play, and which moves win.

    ``p1``, ``p2``: the players' *current* hands; ``last``: the card on top of
    the pile (None: nothing played yet, the mover may lead any card);
    ``to_move``: 1 or 2.  The played cards do not matter (they are out of the game).
    ``max_nodes``: search budget for the "uno" rule (SearchLimitExceeded beyond it;
    the "geography" rule never searches).

    Raises ValueError for input that is not a position (unknown rule, cards that cannot be
    read, ``to_move`` not 1 or 2, a budget below 1) and SearchLimitExceeded past the budget.
    """
    _check_rule(rule)
    _check_budget(max_nodes)
    _check_to_move(to_move)
    h1 = tuple(sorted(as_cards(p1)))
    h2 = tuple(sorted(as_cards(p2)))
    lc = _card_or_none(last)
    solver = _uno_solver(h1, h2, rule, max_nodes)
    return _analyse(h1, h2, lc, to_move, rule, solver)


MAX_UNO_RULE_CARDS = 100  # the uno-rule search recurses once per play


def _uno_solver(h1: tuple[Card, ...], h2: tuple[Card, ...], rule: str,
                max_nodes: Optional[int]) -> Optional[_UnoSolver]:
    if rule != "uno":
        return None
    if len(h1) + len(h2) > MAX_UNO_RULE_CARDS:
        raise ValueError(
            f"the uno-rule duel search takes at most {MAX_UNO_RULE_CARDS} cards in total "
            f"(the geography rule has no limit)"
        )
    return _UnoSolver(max_nodes=max_nodes)


def _analyse(h1: tuple[Card, ...], h2: tuple[Card, ...], lc: Optional[Card], to_move: int, rule: str,
             solver: Optional[_UnoSolver]) -> DuelPosition:
    over = _game_over(h1, h2, lc, to_move, rule)
    if over is not None:
        return DuelPosition(p1=list(h1), p2=list(h2), last=lc, to_move=to_move, rule=rule,
                            winner=over, winning_moves=[], losing_moves=[], game_over=True, method="rules")
    X, Y = (h1, h2) if to_move == 1 else (h2, h1)
    nodes = 0
    if solver is None:
        values = _geo_winning_moves(X, Y, lc)
        method = "matching"
    else:
        nodes0, cut0 = solver.nodes, solver.cutoffs
        values = solver.move_values(X, Y, lc)
        nodes = solver.nodes - nodes0
        method = "matching+search" if nodes > solver.cutoffs - cut0 else "matching"
    wins = [c for c, v in values.items() if v]
    loses = [c for c, v in values.items() if not v]
    winner = to_move if wins else 3 - to_move
    return DuelPosition(p1=list(h1), p2=list(h2), last=lc, to_move=to_move, rule=rule,
                        winner=winner, winning_moves=wins, losing_moves=loses, game_over=False,
                        method=method, nodes=nodes)


def solve_duel(p1: Any, p2: Any, *, rule: str = "geography", max_nodes: Optional[int] = DEFAULT_MAX_NODES) -> DuelResult:
    """Decide Uncooperative Uno-2: player 1 (hand ``p1``) leads, player 2 holds ``p2``.

    Raises ValueError for input that is not a duel (unknown rule, cards that cannot be read,
    an empty hand, a budget below 1) and SearchLimitExceeded past the budget."""
    _check_rule(rule)
    _check_budget(max_nodes)
    h1 = tuple(sorted(as_cards(p1)))
    h2 = tuple(sorted(as_cards(p2)))
    if not h1 or not h2:
        raise ValueError("both players need at least one card")
    solver = _uno_solver(h1, h2, rule, max_nodes)
    pos = _analyse(h1, h2, None, 1, rule, solver)
    outcomes = {c: 1 for c in pos.winning_moves}
    outcomes.update({c: 2 for c in pos.losing_moves})
    outcomes = dict(sorted(outcomes.items()))
    line, end = _principal_line(h1, h2, rule, solver)
    return DuelResult(
        p1=list(h1), p2=list(h2), rule=rule, winner=pos.winner,
        winning_leads=pos.winning_moves, lead_outcomes=outcomes, line=line,
        matching_size=matching_number(h1, h2), method=pos.method, nodes=solver.nodes if solver else 0, end=end,
    )


def _principal_line(h1: tuple[Card, ...], h2: tuple[Card, ...], rule: str,
                    solver: Optional[_UnoSolver]) -> tuple[list[tuple[int, Card]], str]:
    """Winner plays its first winning card, loser its first legal card; the
    memo of ``solver`` is shared with the main solve."""
    hands = {1: h1, 2: h2}
    last: Optional[Card] = None
    player = 1
    line: list[tuple[int, Card]] = []
    while True:
        pos = _analyse(hands[1], hands[2], last, player, rule, solver)
        if pos.game_over:
            if rule == "uno" and not hands[3 - player]:
                end = f"player {3 - player} emptied their hand"
            else:
                end = f"player {player} cannot play"
            return line, end
        card = pos.winning_moves[0] if pos.winning_moves else pos.losing_moves[0]
        line.append((player, card))
        hands[player] = _without(hands[player], card)
        last = card
        player = 3 - player
