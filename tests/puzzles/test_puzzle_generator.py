import pytest

from uno_web.puzzles.duel import solve_duel
from uno_web.puzzles.generator import LEVELS, generate_duel, generate_solitaire, rate_duel, rate_solitaire
from uno_web.puzzles.notation import parse_cards
from uno_web.puzzles.solitaire import solve_solitaire

from .helpers import valid_sequence


def test_solitaire_deterministic_and_consistent():
    a = generate_solitaire(15, seed=4)
    b = generate_solitaire(15, seed=4)
    assert a == b
    cards = parse_cards(a["cards"])
    assert len(cards) == 15
    assert all(0 <= c < 4 and 0 <= n < 10 for c, n in cards)
    assert max(cards.count(x) for x in cards) <= 2  # two copies of each card in the deck
    r = solve_solitaire(cards)
    assert a["solvable"] == r.solvable
    if a["solvable"]:
        assert valid_sequence(cards, parse_cards(a["solution"]))
    assert a["rating"]["level"] in LEVELS and 0 <= a["rating"]["score"] <= 100


@pytest.mark.parametrize("want", [True, False])
def test_solitaire_solvable_filter(want):
    p = generate_solitaire(8, seed=1, solvable=want)
    assert p["solvable"] is want
    assert solve_solitaire(p["cards"]).solvable is want


def test_solitaire_difficulty_request():
    p = generate_solitaire(10, seed=2, difficulty="easy", max_tries=50)
    assert p["difficulty_matched"] is False or p["rating"]["level"] == "easy"
    p = generate_solitaire(12, seed=3, colors=6, numbers=6, difficulty="hard", max_tries=80)
    assert p["difficulty_matched"] is False or p["rating"]["level"] == "hard"


def test_generic_colours_notation_in_output():
    p = generate_solitaire(20, seed=1, colors=6, numbers=12, copies=1)
    cards = parse_cards(p["cards"])
    assert len(set(cards)) == 20 and all(n < 12 for _, n in cards)


def test_duel_filter_and_consistency():
    for seed in range(5):
        p = generate_duel(5, seed=seed, p1_wins=True)
        r = solve_duel(p["p1"], p["p2"], rule=p["rule"])
        assert p["winner"] == r.winner == 1
        assert p["winning_leads"]
        assert p["rating"]["level"] in LEVELS
    p = generate_duel(4, p2_size=6, seed=1, p1_wins=False, rule="geography")
    assert p["winner"] == 2 and len(parse_cards(p["p2"])) == 6


def test_ratings_order_easy_before_hard():
    # a hand where every card shares colour R is trivially easy
    easy = rate_solitaire("R1 R2 R3 R4 R5")
    assert easy["level"] == "easy" and easy["random_success"] == 1.0
    no = rate_solitaire("R1 G2")
    assert no["solvable"] is False and no["proof"] == "disconnected" and no["level"] == "easy"
    d = rate_duel("R1", "G2")  # player 1 wins whatever he does
    assert d["random_win"] == 1.0 and d["level"] == "easy"


@pytest.mark.parametrize(
    "call",
    [
        lambda: generate_solitaire(0),
        lambda: generate_solitaire(81),
        lambda: generate_solitaire(5, colors=0),
        lambda: generate_solitaire(5, difficulty="brutal"),
        lambda: generate_duel(3, rule="poker"),
        lambda: generate_duel(41, p2_size=40),
        lambda: generate_solitaire(3, colors=1, numbers=1, copies=3, solvable=False, max_tries=5),
    ],
)
def test_bad_parameters(call):
    with pytest.raises(ValueError):
        call()
