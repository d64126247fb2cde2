"""Solitaire UNO (Uno-1): exact solver vs brute force and an independent oracle."""

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_web.puzzles.solitaire import (
    SearchLimitExceeded,
    is_valid_solitaire_sequence,
    solitaire_brute_force,
    solitaire_quick_check,
    solve_solitaire,
)

from .helpers import (
    EXAMPLE1_STANDIN,
    EXAMPLE1_STANDIN_ORDER,
    K4,
    deck_hand,
    dominating_trail_exists,
    hub_gadget_cards,
    k4_gadget_no_instance,
    valid_sequence,
)


def check(cards, **kw):
    r = solve_solitaire(cards, **kw)
    if r.solvable:
        assert r.sequence is not None and valid_sequence(cards, r.sequence), (cards, r)
    else:
        assert r.sequence is None
    return r


def test_certificate_checker_itself():
    assert is_valid_solitaire_sequence("R1 R2 G2", "R1 R2 G2")
    assert not is_valid_solitaire_sequence("R1 R2 G2", "R1 G2 R2")  # R1 -> G2 does not match
    assert not is_valid_solitaire_sequence("R1 R2 G2", "R1 R2")  # not the whole multiset
    assert not is_valid_solitaire_sequence("R1 R1 R2", "R1 R2 R2")


def test_trivial_instances():
    assert check([]).solvable and check([]).sequence == []
    assert check([(3, 4)]).sequence == [(3, 4)]
    assert check("R1 R1").solvable
    r = check("R1 G2")
    assert not r.solvable and r.reason == "disconnected"


def test_example1_standin():
    # The paper's Example 1 card list was lost in the text extraction; this is a
    # stand-in of the same shape (9 cards, yes-instance with a shown order).
    assert valid_sequence(EXAMPLE1_STANDIN, EXAMPLE1_STANDIN_ORDER)
    r = check(EXAMPLE1_STANDIN)
    assert r.solvable and r.reason == "search"  # 4 odd vertices: no Euler shortcut
    assert solitaire_brute_force(EXAMPLE1_STANDIN) is not None
    # near misses: replacing (3, 2) by (4, 5) disconnects the hand; adding two
    # more cards that each match only (1, 4) makes three dead ends
    near = EXAMPLE1_STANDIN[:-1] + [(4, 5)]
    assert not check(near).solvable and solitaire_brute_force(near) is None
    assert check(EXAMPLE1_STANDIN + [(5, 4)]).solvable
    r = check(EXAMPLE1_STANDIN + [(5, 4), (5, 4), (6, 3), (6, 3)])
    assert r.solvable == dominating_trail_exists(r.cards)


@pytest.mark.parametrize("seed", range(6))
def test_against_brute_force_random_small(seed):
    rng = random.Random(seed)
    for _ in range(400):
        n = rng.randint(0, 7)
        C, N = rng.randint(1, 4), rng.randint(1, 5)
        cards = [(rng.randrange(C), rng.randrange(N)) for _ in range(n)]
        expected = solitaire_brute_force(cards) is not None
        assert check(cards).solvable == expected, cards
        assert check(cards, use_shortcuts=False).solvable == expected, cards


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4)), max_size=7))
def test_property_brute_force(cards):
    assert check(cards).solvable == (solitaire_brute_force(cards) is not None)


def test_against_dominating_trail_oracle_medium():
    rng = random.Random(11)
    for _ in range(250):
        n = rng.randint(8, 16)
        C, N = rng.randint(3, 6), rng.randint(3, 7)
        cards = [(rng.randrange(C), rng.randrange(N)) for _ in range(n)]
        assert check(cards).solvable == dominating_trail_exists(cards), cards


def test_no_reasons():
    r = check("R1 R2 R3 Y1 G2 B3")  # spider: three dead ends
    assert not r.solvable and r.reason in ("dead_ends", "bridge_branches")
    assert solitaire_brute_force("R1 R2 R3 Y1 G2 B3") is None
    # three bridge branches with two cards each (no dead ends): R hub -> 1,2,3
    cards = "R1 R2 R3 Y1 Y4 Y4 G2 G5 G5 B3 B6 B6"
    r = check(cards)
    assert not r.solvable and r.reason == "bridge_branches"
    assert not dominating_trail_exists(check(cards).cards)
    r = check("R1 R2 G7 G8")
    assert r.reason == "disconnected" and "R1 R2" in r.explanation


def test_hard_no_instance_needs_search():
    cards = k4_gadget_no_instance()
    assert solitaire_quick_check(cards) is None  # no polynomial shortcut decides it
    assert not dominating_trail_exists(cards)
    r = check(cards)
    assert not r.solvable and r.reason == "search" and r.nodes > 0
    with pytest.raises(SearchLimitExceeded):
        solve_solitaire(cards, max_nodes=10)


def test_hub_gadget_yes_when_paths_short():
    # with 2-card gadgets every gadget touches the hubs: solvable
    assert check(hub_gadget_cards(K4, 2, 4)).solvable


def test_euler_shortcut_certificate():
    cards = [(c, n) for c in range(4) for n in range(4)]  # K4,4: all degrees 4
    r = check(cards)
    assert r.solvable and r.reason == "euler"


def test_transposed_instance():
    # more colours than numbers: solved on the transposed graph, answer mapped back
    cards = [(c, n) for c in range(7) for n in range(2)][:-1] + [(9, 0)]
    r = check(cards)
    assert r.solvable == dominating_trail_exists(cards)
    small = [(c, 0) for c in range(5)] + [(c, 1) for c in range(2)] + [(6, 1)]
    assert check(small).solvable == (solitaire_brute_force(small) is not None)


def test_random_deck_hands_are_fast():
    rng = random.Random(5)
    worst = 0.0
    for n in (20, 30, 40, 60):
        for _ in range(15):
            cards = deck_hand(rng, n)
            t = time.perf_counter()
            check(cards)
            worst = max(worst, time.perf_counter() - t)
    assert worst < 1.0, worst


def test_very_long_hands_do_not_recurse():
    # the search uses an explicit stack: thousands of cards are fine
    rng = random.Random(1)
    cards = [(rng.randrange(4), rng.randrange(10)) for _ in range(3000)]
    assert check(cards).solvable
