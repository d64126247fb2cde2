"""Uncooperative Uno-2: matching-based solver vs exhaustive minimax."""

import itertools
import random

import pytest

from uno_web.puzzles.duel import (
    analyse_duel_position,
    duel_minimax,
    matching_number,
    max_bipartite_matching,
    solve_duel,
)
from uno_web.puzzles.solitaire import SearchLimitExceeded


def brute_matching(nl, nr, adj):
    edges = [(i, j) for i in range(nl) for j in adj[i]]
    for r in range(min(nl, nr), 0, -1):
        for comb in itertools.combinations(edges, r):
            if len({e[0] for e in comb}) == r and len({e[1] for e in comb}) == r:
                return r
    return 0


def test_hopcroft_karp_against_brute_force():
    rng = random.Random(1)
    for _ in range(1500):
        nl, nr = rng.randint(0, 6), rng.randint(0, 6)
        adj = [[j for j in range(nr) if rng.random() < 0.4] for _ in range(nl)]
        size, ml = max_bipartite_matching(nl, nr, adj)
        assert size == brute_matching(nl, nr, adj)
        used = [j for j in ml if j != -1]
        assert len(used) == size == len(set(used))
        assert all(ml[i] == -1 or ml[i] in adj[i] for i in range(nl))


def test_hopcroft_karp_large_complete_and_path():
    n = 60
    assert max_bipartite_matching(n, n, [list(range(n))] * n)[0] == n
    # a long path forces long augmenting paths
    adj = [[i, i + 1] if i + 1 < n else [i] for i in range(n)]
    assert max_bipartite_matching(n, n, adj)[0] == n


def _hands(universe, max_size):
    for k in range(max_size + 1):
        yield from itertools.combinations_with_replacement(universe, k)


def _check_position(h1, h2, last, to_move, rule):
    try:
        ref = duel_minimax(h1, h2, last, to_move, rule=rule)
    except ValueError:
        with pytest.raises(ValueError):
            analyse_duel_position(h1, h2, last, to_move, rule=rule)
        return
    a = analyse_duel_position(h1, h2, last, to_move, rule=rule)
    assert a.winner == ref, (h1, h2, last, to_move, rule)
    assert bool(a.winning_moves) == (ref == to_move) or a.game_over
    for c in a.winning_moves + a.losing_moves:
        mover = list(h1 if to_move == 1 else h2)
        mover.remove(c)
        if rule == "uno" and not mover:
            value = to_move
        else:
            n1, n2 = (mover, h2) if to_move == 1 else (h1, mover)
            value = duel_minimax(n1, n2, c, 3 - to_move, rule=rule)
        assert (value == to_move) == (c in a.winning_moves), (h1, h2, last, to_move, rule, c)


@pytest.mark.parametrize("rule", ["uno", "geography"])
def test_all_small_positions_exhaustively(rule):
    # every position over a 2-colour x 2-number universe, hands of <= 3 cards
    universe = [(c, n) for c in range(2) for n in range(2)]
    lasts = [None] + universe
    for h1 in _hands(universe, 3):
        for h2 in _hands(universe, 3):
            for last in lasts:
                for to_move in (1, 2):
                    _check_position(h1, h2, last, to_move, rule)


@pytest.mark.parametrize("rule", ["uno", "geography"])
def test_random_positions_3x3(rule):
    rng = random.Random(7)
    for _ in range(1500):
        h1 = [(rng.randrange(3), rng.randrange(3)) for _ in range(rng.randint(0, 5))]
        h2 = [(rng.randrange(3), rng.randrange(3)) for _ in range(rng.randint(0, 5))]
        last = None if rng.random() < 0.3 else (rng.randrange(3), rng.randrange(3))
        _check_position(h1, h2, last, rng.choice((1, 2)), rule)


def test_geography_lead_formula():
    # Theorem 4.2 via matchings: player 1 wins iff no maximum matching saturates his hand
    rng = random.Random(3)
    for _ in range(500):
        h1 = [(rng.randrange(4), rng.randrange(5)) for _ in range(rng.randint(1, 6))]
        h2 = [(rng.randrange(4), rng.randrange(5)) for _ in range(rng.randint(1, 6))]
        r = solve_duel(h1, h2, rule="geography")
        assert (r.winner == 1) == (matching_number(h1, h2) < len(h1))
        assert r.method == "matching" and r.nodes == 0


def _check_line(r):
    hands = {1: list(r.p1), 2: list(r.p2)}
    last = None
    for i, (player, card) in enumerate(r.line):
        assert player == 1 + i % 2
        assert last is None or card[0] == last[0] or card[1] == last[1]
        hands[player].remove(card)
        last = card
    nxt = 1 + len(r.line) % 2
    if r.rule == "uno" and not hands[3 - nxt]:
        assert r.winner == 3 - nxt and "emptied" in r.end
    else:
        assert not any(last is None or c[0] == last[0] or c[1] == last[1] for c in hands[nxt])
        assert r.winner == 3 - nxt and "cannot play" in r.end


@pytest.mark.parametrize("rule", ["uno", "geography"])
def test_solve_duel_consistency_and_lines(rule):
    rng = random.Random(9)
    deck = [(c, k) for c in range(4) for k in range(10) for _ in range(2)]
    for _ in range(60):
        cards = rng.sample(deck, 12)
        r = solve_duel(cards[:6], cards[6:], rule=rule)
        assert r.winner == duel_minimax(cards[:6], cards[6:], rule=rule)
        assert set(r.winning_leads) == {c for c, w in r.lead_outcomes.items() if w == 1}
        assert (r.winner == 1) == bool(r.winning_leads)
        _check_line(r)
        d = r.to_dict()
        assert d["winner"] == r.winner and isinstance(d["line"], list)


def test_rules_differ_on_exhaustion():
    # player 1 plays his only card: under the uno rule he has won; under the
    # geography rule player 2 answers and player 1 cannot move any more.
    assert solve_duel("R1", "R2 R3", rule="uno").winner == 1
    assert solve_duel("R1", "R2 R3", rule="geography").winner == 2
    assert solve_duel("R1", "G2", rule="uno").winner == 1
    assert solve_duel("R1", "G2", rule="geography").winner == 1


def test_known_instances():
    r = solve_duel("R1 G2", "G1 B2", rule="uno")
    assert r.winner == 1 and r.winning_leads == [(0, 1)]
    # player 2 can always answer and player 1 runs dry first
    r = solve_duel("R1 R2", "R3 R4 R5", rule="geography")
    assert r.winner == 2
    # G2 is forced; player 2 then goes out with G1 (uno rule), while under the
    # geography rule player 2 playing G1 leaves player 1 with R1 on G1: R1 fits
    pos = analyse_duel_position("R1 G2", "G1", "G7", 1, rule="uno")
    assert pos.winner == 2 and pos.losing_moves == [(2, 2)]
    pos = analyse_duel_position("R1 G2", "G1", "G7", 1, rule="geography")
    assert pos.winner == 1 and pos.winning_moves == [(2, 2)]
    over = analyse_duel_position("R1", "B5", "G7", 1)
    assert over.game_over and over.winner == 2


def test_bad_input():
    with pytest.raises(ValueError):
        solve_duel("", "R1")
    with pytest.raises(ValueError):
        solve_duel("R1", "R2", rule="poker")
    with pytest.raises(ValueError):
        analyse_duel_position("R1", "R2", "R1 R2", 1)
    with pytest.raises(ValueError):
        analyse_duel_position("R1", "R2", None, 3)


def test_size_limits():
    big1 = [(c, n) for c in range(4) for n in range(10)] * 2
    big2 = [(c, n) for c in range(4, 8) for n in range(10)] * 2
    with pytest.raises(ValueError):
        solve_duel(big1, big2, rule="uno")
    assert solve_duel(big1, big2, rule="geography").winner in (1, 2)


def test_uno_rule_budget():
    rng = random.Random(2)
    deck = [(c, k) for c in range(4) for k in range(10) for _ in range(2)]
    cards = rng.sample(deck, 28)
    with pytest.raises(SearchLimitExceeded):
        solve_duel(cards[:14], cards[14:], rule="uno", max_nodes=5)
