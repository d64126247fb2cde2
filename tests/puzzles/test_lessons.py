"""The tutorial's positions give the verdicts its text promises."""

import pytest

from uno_web.core import check, parse_move
from uno_web.core.position import build_state, position_from_query
from uno_web.puzzles.lessons import LESSONS, lesson_query


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_lesson_moves_get_the_promised_verdicts(lesson):
    state = build_state(lesson.position)
    for move, expected in lesson.tries:
        assert check(state, parse_move(move)).code.value == expected, (lesson.slug, move)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_lesson_urls_round_trip(lesson):
    query = lesson_query(lesson)
    assert position_from_query(query) == lesson.position


def test_five_distinct_lessons():
    assert len({lesson.slug for lesson in LESSONS}) == 5


def test_two_player_reverse_lesson_gives_the_turn_back():
    from uno_web.core import apply

    lesson = next(x for x in LESSONS if x.slug == "two-player-reverse")
    t = apply(build_state(lesson.position), parse_move("P0:RR"))
    assert t.state.turn == 0 and "next: You" in t.verdict.message
