"""Every UNO card against every top card and every current colour."""

import pytest

from uno_web.core import Move, MoveKind, check, legal_moves
from uno_web.core.cards import ALL_CARDS, COLOR_OF, IS_WILD, RANK_OF, UNO_COLORS, card_str, color_code
from uno_web.core.position import Position, build_state

UNO = [c for c in ALL_CARDS if COLOR_OF[c] <= 4]
TOPS = [c for c in UNO]


def _state(card, top, color, **rules):
    other = next(x for x in ("G5", "B6", "Y4") if x not in (card_str(card), card_str(top)))
    return build_state(Position(hands=[card_str(card) + " " + other, other], top=card_str(top),
                                color=color_code(color) if IS_WILD[top] else None, overrides=rules))


@pytest.mark.parametrize("top", TOPS, ids=card_str)
def test_matrix(top):
    colors = UNO_COLORS if IS_WILD[top] else (COLOR_OF[top],)
    for color in colors:
        for card in UNO:
            if card == top and RANK_OF[card] == 0:
                continue  # the deck has a single zero of each colour
            s = _state(card, top, color)
            expected = IS_WILD[card] or COLOR_OF[card] == color or RANK_OF[card] == RANK_OF[top]
            move = Move.play(0, card, UNO_COLORS[2] if IS_WILD[card] else -1)
            verdict = check(s, move)
            assert verdict.ok == expected, (card_str(card), card_str(top), color_code(color), verdict)
            assert (move in legal_moves(s, 0)) == expected
            if not expected:
                assert verdict.code.value == "E_NO_MATCH"


def test_wild_colour_can_differ_from_the_printed_top_card():
    # the top discard is a green 7 while the current colour is blue after a Wild (seed edge case)
    s = build_state(Position(hands=["B2 G3 R7", "Y1"], discard="W", top="G7", color="B"))
    assert check(s, Move.play(0, _c("B2"))).ok
    assert check(s, Move.play(0, _c("R7"))).ok  # same number
    v = check(s, Move.play(0, _c("G3")))
    assert not v.ok and v.code.value == "E_NO_MATCH"


def _c(t):
    from uno_web.core import parse_card

    return parse_card(t)


def test_wild_needs_a_colour_and_only_wilds_name_one():
    s = build_state(Position(hands=["W W+4 R7", "Y1"], top="G7"))
    assert check(s, Move.play(0, _c("W"))).code.value == "E_WILD_COLOR_MISSING"
    assert check(s, Move.play(0, _c("W+4"))).code.value == "E_WILD_COLOR_MISSING"
    assert check(s, Move.play(0, _c("R7"), UNO_COLORS[1])).code.value == "E_COLOR_NOT_ALLOWED"
    assert check(s, Move.play(0, _c("W"), 5)).code.value == "E_COLOR_NOT_ALLOWED"
    draws = [m for m in legal_moves(s, 0) if m.kind == MoveKind.PLAY and m.card == _c("W")]
    assert sorted(m.color for m in draws) == list(UNO_COLORS)
