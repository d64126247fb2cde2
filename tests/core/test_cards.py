from collections import Counter

import pytest

from uno_web.core import CardError, card_name, card_str, deck_cards, parse_card, parse_cards, parse_color
from uno_web.core.cards import (
    ALL_CARDS, COLOR_OF, POINTS_OF, Color, Rank, cards_name, join_words, make_card,
)


def test_every_card_round_trips_through_its_notation_and_its_name():
    for card in ALL_CARDS:
        assert parse_card(card_str(card)) == card
        assert parse_card(card_name(card)) == card
        assert parse_card(card_str(card).lower()) == card


@pytest.mark.parametrize("short, name", [
    ("R7", "red 7"), ("RS", "red Skip"), ("GR", "green Reverse"), ("B+2", "blue Draw Two"),
    ("W", "Wild"), ("W+4", "Wild Draw Four"), ("QS", "queen of spades"), ("10H", "10 of hearts"),
    ("AD", "ace of diamonds"), ("JK", "Joker"),
])
def test_cards_are_named_in_words(short, name):
    assert card_name(parse_card(short)) == name


def test_lists_of_cards_are_named_in_words():
    assert cards_name([]) == ""
    assert cards_name(parse_cards("R7")) == "red 7"
    assert cards_name(parse_cards("R7 BS W")) == "red 7, blue Skip and Wild"
    assert join_words(["red", "yellow", "green"], "or") == "red, yellow or green"


@pytest.mark.parametrize(
    "text, short",
    [("red 7", "R7"), ("Yellow 0", "Y0"), ("green skip", "GS"), ("blue reverse", "BR"),
     ("red draw two", "R+2"), ("red +2", "R+2"), ("wild", "W"), ("wild draw four", "W+4"),
     ("Wild Draw 4", "W+4"), ("+4", "W+4"), ("w+4", "W+4"), ("queen of spades", "QS"),
     ("10 of hearts", "10H"), ("ten of diamonds", "10D"), ("joker", "JK"), (" r7 ", "R7")],
)
def test_long_forms_are_read(text, short):
    assert card_str(parse_card(text)) == short


@pytest.mark.parametrize("bad", ["", "R10", "X7", "purple 3", "W+3", "11H", "1H", "JKS", "7"])
def test_bad_card_strings_get_a_clear_error(bad):
    with pytest.raises(CardError) as exc:
        parse_card(bad)
    assert "card" in str(exc.value)


def test_non_string_card_is_refused():
    with pytest.raises(CardError):
        parse_card(7)  # type: ignore[arg-type]


def test_parse_cards_reads_lists():
    for text in ("R7 W+4 G+2", "R7, W+4, G+2", "R7 W+4, G+2", "red 7, wild draw four, green +2"):
        assert [card_str(c) for c in parse_cards(text)] == ["R7", "W+4", "G+2"]
    with pytest.raises(CardError):
        parse_cards("R7 purple")


def test_colours():
    assert parse_color("r") == Color.RED and parse_color("Blue") == Color.BLUE
    assert parse_color("spades") == Color.SPADES
    for bad in ("W", "wild", "pink", 4, 12, None):
        with pytest.raises(CardError):
            parse_color(bad)  # type: ignore[arg-type]


def test_the_standard_deck_has_108_cards_in_the_official_composition():
    deck = Counter(deck_cards("uno"))
    assert sum(deck.values()) == 108
    for col in (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE):
        assert deck[make_card(col, 0)] == 1
        for rank in list(range(1, 10)) + [Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO]:
            assert deck[make_card(col, rank)] == 2
        assert sum(n for c, n in deck.items() if COLOR_OF[c] == col) == 25
    assert deck[parse_card("W")] == 4 and deck[parse_card("W+4")] == 4


def test_the_playing_card_deck_has_52_cards_and_two_jokers():
    deck = Counter(deck_cards("playing-cards"))
    assert sum(deck.values()) == 54
    assert deck[parse_card("JK")] == 2
    assert all(n == 1 for c, n in deck.items() if c != parse_card("JK"))


def test_points_follow_the_official_scoring():
    assert POINTS_OF[parse_card("R7")] == 7 and POINTS_OF[parse_card("G0")] == 0
    for c in ("RS", "BR", "Y+2"):
        assert POINTS_OF[parse_card(c)] == 20
    assert POINTS_OF[parse_card("W")] == 50 and POINTS_OF[parse_card("W+4")] == 50
