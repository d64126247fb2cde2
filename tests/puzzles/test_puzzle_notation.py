import pytest

from uno_web.puzzles import as_cards, format_card, format_cards, matches, parse_card, parse_cards


def test_parse_basic_and_separators():
    assert parse_cards("R7 Y0, G12  B3") == [(0, 7), (1, 0), (2, 12), (3, 3)]
    assert parse_cards("r7,y0") == [(0, 7), (1, 0)]
    assert parse_cards("") == []
    assert parse_cards("  \n ") == []


def test_generic_colours_round_trip():
    cards = [(4, 7), (5, 0), (12, 123), (0, 0), (3, 9)]
    text = format_cards(cards)
    assert text == "C4:7 C5:0 C12:123 R0 B9"
    assert parse_cards(text) == cards
    assert parse_card("C2:5") == (2, 5) and format_card((2, 5)) == "G5"


@pytest.mark.parametrize("bad", ["X5", "R", "7", "R-1", "R1.5", "C4", "C:4", "R1R2", "C4:", "RR1", "R1000", "C100:1"])
def test_bad_tokens_raise_clear_value_error(bad):
    with pytest.raises(ValueError) as exc:
        parse_cards(f"R1 {bad}")
    msg = str(exc.value)
    assert "card #2" in msg and bad in msg


def test_as_cards_accepts_mixed_and_rejects_garbage():
    assert as_cards([(1, 2), "G3", [0, 0]]) == [(1, 2), (2, 3), (0, 0)]
    assert as_cards("R1 R2") == [(0, 1), (0, 2)]
    for bad in ([(1,)], [(True, 1)], [(-1, 2)], [(1, 2, 3)], [1.5], 42):
        with pytest.raises(ValueError):
            as_cards(bad)


def test_matches_is_colour_or_number():
    assert matches((0, 1), (0, 5)) and matches((0, 1), (3, 1)) and matches((2, 2), (2, 2))
    assert not matches((0, 1), (1, 2))
