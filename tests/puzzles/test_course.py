"""The rules course (uno_web/puzzles/course.py): every lesson's intended move and its most
tempting wrong move get the verdicts the lesson promises, and every RuleSet toggle has a
lesson (a new toggle fails here until it gets one: TOGGLE_LESSONS)."""

from __future__ import annotations

import pytest

from uno_web.core import check, parse_move
from uno_web.core.position import build_state
from uno_web.core.rules import RuleSet
from uno_web.puzzles.course import CHAPTERS, LESSONS, TOGGLE_LESSONS, missing_toggles


@pytest.mark.parametrize("lesson", LESSONS, ids=[les.slug for les in LESSONS])
def test_lesson_moves_get_their_verdicts(lesson) -> None:  # type: ignore[no-untyped-def]
    for move, code in (lesson.good, lesson.wrong):
        verdict = check(build_state(lesson.position), parse_move(move))
        assert verdict.code.value == code, (lesson.slug, move, verdict.message)
    assert check(build_state(lesson.position), parse_move(lesson.good[0])).ok
    assert lesson.good[1] != lesson.wrong[1] or lesson.good[0] != lesson.wrong[0]


def test_every_ruleset_toggle_has_a_lesson() -> None:
    assert missing_toggles() == [], (
        "RuleSet fields without a lesson: add them to TOGGLE_LESSONS in uno_web/puzzles/course.py")
    assert {les.toggle for les in TOGGLE_LESSONS} >= set(RuleSet.model_fields)


def test_lessons_have_both_languages_and_a_chapter() -> None:
    chapters = {c for c, _en, _fi in CHAPTERS}
    slugs = [les.slug for les in LESSONS]
    assert len(slugs) == len(set(slugs))
    for les in LESSONS:
        assert les.chapter in chapters
        assert les.title and les.title_fi and les.text and les.text_fi
        assert les.title != les.title_fi and les.text != les.text_fi


def test_course_pages_are_the_generators_output() -> None:
    from uno_web.web.course import COURSE_PATHS, render_course

    for lang, path in COURSE_PATHS.items():
        assert path.read_text(encoding="utf-8") == render_course(lang), (
            f"{path} is stale: run .venv/bin/python -m uno_web.web.course")
