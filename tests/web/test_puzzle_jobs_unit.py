"""Long puzzle work on CPython (issue 20): jobs in slices, Cancel, the size limits, the HTML.

A deal or a solver's search is a :class:`~uno_web.web.puzzle.PuzzleJob` that the page runs a
slice at a time (:func:`~uno_web.web.puzzle.run_job`); here it runs on CPython with a fake clock
or plain asyncio.  The browser side is tests/web/test_puzzle_longwork_browser.py.
"""

from __future__ import annotations

import asyncio
from typing import Any
import itertools
import re

import pytest

from uno_web.puzzles.notation import parse_cards
from uno_web.puzzles.solitaire import solve_solitaire
from uno_web.web.puzzle import (
    DUEL_DEAL, DUEL_TYPED, MAX_PUZZLE_CARDS, SEARCH_BUDGET, SOLITAIRE_DEAL, DuelSession,
    PuzzleError, PuzzleJob, SolitaireSession, job_view, run_job, solitaire_view,
)
from uno_web.web.puzzle_render import ChooserView, render_chooser, render_job, render_solitaire

SMALL = "R1 R2 G2 G5 B5"


def _run(coro: Any) -> Any:
    """asyncio.run in a thread of its own: under pytest-xdist a browser test's event loop may
    be running in this thread already (Playwright's sync API)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _k4_gadget() -> tuple[tuple[int, int], ...]:
    """24 cards, a no-instance only the exhaustive search decides (about 1,200 nodes); it has
    more than four colours, so it is built as a session directly (the page refuses it)."""
    cards: list[tuple[int, int]] = []
    col, num = 4, 0
    for i, j in itertools.combinations(range(4), 2):
        cards += [(i, num), (col, num), (col, num + 1), (j, num + 1)]
        col, num = col + 1, num + 2
    return tuple(cards)


class FakeClock:
    """A clock that moves ``step`` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


# ------------------------------------------------------------------------------------------
# jobs


def test_a_sliced_deal_gives_the_same_puzzle_as_the_one_shot_one() -> None:
    for n, difficulty, seed in ((12, "hard", 5), (40, "hard", 5), (8, None, 1), (20, "medium", 3)):
        job = SolitaireSession.dealing(n, difficulty, seed)
        slices = 0
        while not job.run(0.0):  # the smallest slices: one step each
            slices += 1
        one_shot = SolitaireSession.generate(n, difficulty, seed)
        assert job.state == "done" and job.result.cards == one_shot.cards
        assert job.result.source == one_shot.source
        assert slices > 3
    d = DuelSession.dealing(5, "uno", 3)
    while not d.run(0.0):
        pass
    assert (d.result.p1, d.result.p2) == (DuelSession.generate(5, "uno", 3).p1,
                                        DuelSession.generate(5, "uno", 3).p2)


def test_a_slice_stops_at_its_budget() -> None:
    job = SolitaireSession.dealing(40, "hard", 5)
    clock = FakeClock(0.001)  # 1 ms a step
    assert not job.run(0.04, clock)
    assert job.slices == 1 and 0.039 <= job.spent <= 0.042  # about 40 steps, not the whole deal
    assert 0.0 <= job.fraction < 0.2 and job.status().startswith("Searching: ")
    assert re.search(r"deal \d+ of at most 40", job.status())


def test_cancel_drops_the_work() -> None:
    job = SolitaireSession.dealing(40, "hard", 5)
    job.run(0.01)
    job.cancel()
    assert job.state == "cancelled" and job.finished and job.result is None
    assert job.run() and job.state == "cancelled"  # nothing runs any more
    with pytest.raises(PuzzleError, match="cancelled"):
        job.finish()
    assert job_view(job).status == "Stopped."


def test_a_failed_deal_says_why() -> None:
    def failing():  # type: ignore[no-untyped-def]
        yield 0.5
        raise ValueError("no solvable deal of 3 cards found in 40 tries")

    bad = PuzzleJob("deal", "Dealing", failing(), 40)
    assert bad.run(1.0) and bad.state == "failed" and "no solvable deal" in bad.error
    assert job_view(bad).status.startswith("Failed: no solvable deal")
    with pytest.raises(PuzzleError, match="no solvable deal"):
        bad.finish()


def test_a_bug_in_a_job_is_not_swallowed() -> None:
    def broken():  # type: ignore[no-untyped-def]
        yield 0.1
        raise KeyError("bug")

    job = PuzzleJob("deal", "Dealing", broken(), 10)
    with pytest.raises(KeyError):
        job.run(1.0)
    assert job.state == "failed"


def test_run_job_yields_between_slices_and_stops_on_cancel() -> None:
    job = SolitaireSession.dealing(40, "hard", 5)
    pauses: list[float] = []
    redraws: list[int] = []

    async def pause() -> None:
        pauses.append(job.fraction)
        if len(pauses) == 5:
            job.cancel()  # a click on Cancel between two slices
        await asyncio.sleep(0)

    _run(run_job(job, lambda: redraws.append(1), slice_seconds=0.001,
                        redraw_seconds=0.0, pause=pause))
    assert job.state == "cancelled" and len(pauses) == 5 and job.slices == 5
    assert len(redraws) == 5  # the progress was shown between the slices
    assert pauses == sorted(pauses)


def test_run_job_to_the_end() -> None:
    job = SolitaireSession.dealing(12, "hard", 5)
    _run(run_job(job, slice_seconds=0.005))
    assert job.state == "done" and job.slices > 1
    assert job.result.cards == SolitaireSession.generate(12, "hard", 5).cards


def test_the_solvers_answer_in_slices() -> None:
    s = SolitaireSession(_k4_gadget())
    job = s.solver_job("solvable")
    assert not job.run(0.0) and job.kind == "solve" and "positions so far" in job.status()
    while not job.run(0.002):
        pass
    ans = job.result
    assert s.answer is ans and not ans.solvable and ans.text.startswith("No:")
    assert ans.nodes == solve_solitaire(list(s.cards)).nodes > 1000
    assert 0 < job.fraction <= 1 and job.slices > 2
    # "show a solution" on a puzzle with none: both searches in the same job
    sol = s.solver_job("solution")
    assert sol.finish().text.startswith("This puzzle has no solution at all")
    # the one-shot methods give the same answers
    again = SolitaireSession(_k4_gadget())
    assert again.check().text == ans.text


def test_a_solver_job_on_an_old_position_is_marked_stale() -> None:
    s = SolitaireSession.from_text(SMALL)
    job = s.solver_job("solvable")
    s.play("R1")  # the position changed before the job ran
    job.finish()
    v = solitaire_view(s)
    assert v.answer is not None and not v.answer_current  # "(asked before your last moves)"


# ------------------------------------------------------------------------------------------
# limits: a size beyond them is refused at once, with the allowed range


@pytest.mark.parametrize("n", [0, 1, SOLITAIRE_DEAL[1] + 1, 400, True, "12"])
def test_dealt_solitaire_sizes(n: object) -> None:
    with pytest.raises(PuzzleError, match=r"out of range: n=.*2 to 40 cards"):
        SolitaireSession.dealing(n)  # type: ignore[arg-type]


@pytest.mark.parametrize("hand", [0, DUEL_DEAL[1] + 1, 12])
def test_dealt_duel_sizes(hand: int) -> None:
    with pytest.raises(PuzzleError, match=r"out of range: hand=.*1 to 8 cards in each hand"):
        DuelSession.dealing(hand)


def test_typed_duel_sizes_by_rule() -> None:
    nine = " ".join(f"R{i}" for i in range(9))
    with pytest.raises(PuzzleError, match="uno rule holds 1 to 8"):
        DuelSession.from_text(nine, "G1", rule="uno")
    assert len(DuelSession.from_text(nine, "G1").p1) == 9  # geography: up to 20
    many = " ".join(f"R{i}" for i in range(DUEL_TYPED["geography"] + 1))
    with pytest.raises(PuzzleError, match="geography rule holds 1 to 20"):
        DuelSession.from_text("G1", many)
    with pytest.raises(PuzzleError, match="unknown rule: rule='chess'"):
        DuelSession.from_text("R1", "G1", rule="chess")


def test_a_long_card_list_is_refused_with_a_short_excerpt() -> None:
    huge = "R1 " + "X" * 100_000
    with pytest.raises(PuzzleError) as info:
        SolitaireSession.from_text(huge)
    text = str(info.value)
    assert text.startswith("too long: cards='R1 XXX") and "…" in text and len(text) < 200
    with pytest.raises(PuzzleError) as info:
        SolitaireSession.from_text("R1 " + "Q" * 500)  # one bad token, under the text cap
    assert "card #2: bad card 'QQQQ" in str(info.value) and len(str(info.value)) < 200
    sixty_one = " ".join(["R1"] * (MAX_PUZZLE_CARDS + 1))
    with pytest.raises(PuzzleError, match="cards has 61; at most 60"):
        SolitaireSession.from_text(sixty_one)


def test_the_search_budget_is_the_documented_one() -> None:
    assert SEARCH_BUDGET == 200_000


# ------------------------------------------------------------------------------------------
# HTML: progress, Cancel, no inline handler


def test_progress_html() -> None:
    job = SolitaireSession.dealing(40, "hard", 5)
    job.run(0.0)
    html = render_job(job_view(job))
    assert 'data-testid="puzzle-progress" data-kind="deal" data-state="running"' in html
    assert "<progress" in html and 'data-testid="puzzle-progress-text"' in html
    assert "Dealing a solitaire of 40 cards, hard" in html
    assert 'data-action="puzzle-cancel"' in html and 'aria-keyshortcuts="Escape"' in html
    chooser = render_chooser(ChooserView(), "", job=job_view(job))["start"]
    assert chooser.index('data-testid="puzzle-progress"') < chooser.index("<form")
    s = SolitaireSession.from_text(SMALL)
    prompt = render_solitaire(solitaire_view(s), "", job=job_view(s.solver_job("solvable")))[
        "prompt"]
    assert 'data-testid="puzzle-progress" data-kind="solve"' in prompt
    assert re.search(r'data-testid="puzzle-check"[^>]*disabled', prompt)


def test_no_inline_script_handler_or_style_in_the_puzzle_html() -> None:
    """The site's Content-Security-Policy forbids inline scripts and handlers."""
    s = SolitaireSession.from_text(SMALL)
    s.play("R1")
    d = DuelSession.from_text("R1 G2", "G1 B2")
    from uno_web.web.puzzle import duel_view
    from uno_web.web.puzzle_render import render_duel

    pages = [render_chooser(ChooserView(error="x"), ""), render_solitaire(solitaire_view(s), ""),
             render_duel(duel_view(d), "")]
    for regions in pages:
        for html in regions.values():
            assert not re.search(r"\son[a-z]+\s*=", html), html
            assert "<script" not in html and " style=" not in html
    form = pages[0]["start"]
    # Enter in a field submits nothing: each form's first submit button is disabled
    assert form.count('<button type="submit" disabled hidden') == form.count("<form") == 2


def test_a_deal_still_parses_its_own_cards() -> None:
    s = SolitaireSession.generate(10, None, 2)
    assert parse_cards(" ".join(c.code for c in solitaire_view(s).hand)) == sorted(s.cards)


# ------------------------------------------------------------------------------------------
# the page's logic (uno_web.web.app) with jobs: the App drives PuzzleJobs (Effects.kick_job,
# App.job; docs/puzzles.md "Long work"). Without that feature these fail, they do not skip.

from uno_web.web.app import App, Effects, Intent  # noqa: E402


def _finish(app: App) -> Effects:
    """What the controller does: run the job's slices to the end, then App.finish_job."""
    job = app.puzzles.job  # type: ignore[attr-defined]
    assert job is not None
    while not job.run():
        pass
    fx: Effects = app.finish_job(job)  # type: ignore[attr-defined]
    return fx


def test_app_a_long_deal_from_the_address_runs_as_a_job() -> None:
    app = App("?mode=solitaire&n=40&difficulty=hard&seed=5")
    fx = app.boot()
    job = app.puzzles.job  # type: ignore[attr-defined]
    assert fx.kick_job and fx.focus == "puzzle-cancel"  # type: ignore[attr-defined]
    assert job is not None and job.kind == "deal" and job.slices == 1  # one slice at once
    assert app.mode == "puzzles" and app.body_data()["job"] == "deal"
    assert 'data-testid="puzzle-progress"' in app.regions()["start"]
    intent = app.key_intent("Escape")
    assert intent is not None and intent.action == "puzzle-cancel"
    fx = app.dispatch(intent)
    assert app.puzzles.job is None and job.state == "cancelled"  # type: ignore[attr-defined]
    assert "Stopped" in app.notice and fx.focus == "new-solitaire"
    assert 'data-testid="puzzle-progress"' not in app.regions()["start"]
    assert app.finish_job(job).render is False  # type: ignore[attr-defined]  # too late
    assert app.mode == "puzzles" and app.puzzles.puzzle is None


def test_app_a_deal_ends_in_the_puzzle_the_seed_chooses() -> None:
    app = App("?mode=solitaire&n=40&difficulty=hard&seed=5")
    app.boot()
    fx = _finish(app)
    assert app.mode == "puzzle" and fx.focus == "hand" and app.body_data()["job"] == ""
    assert app.puzzles.puzzle is not None
    assert app.puzzles.puzzle.cards == SolitaireSession.generate(40, "hard", 5).cards


def test_app_small_work_ends_at_once() -> None:
    app = App("?mode=puzzles&seed=2")
    app.boot()
    fx = app.dispatch(Intent("new-solitaire", form={"n": "6", "difficulty": ""}))
    assert app.puzzles.job is None and app.mode == "puzzle" and fx.focus == "hand"  # type: ignore[attr-defined]
    fx = app.dispatch(Intent("puzzle-check"))
    assert app.puzzles.job is None and app.puzzles.puzzle.answer is not None  # type: ignore[attr-defined, union-attr]
    fx = app.dispatch(Intent("new-duel", form={"hand": "5", "rule": "uno", "winnable": "on"}))
    assert app.mode == "puzzle" and len(app.puzzles.puzzle.p1) == 5  # type: ignore[union-attr]


def test_app_a_long_search_can_be_cancelled_and_a_move_cancels_it() -> None:
    app = App("?mode=solitaire&cards=R1+R2+G2+G5+B5")
    app.boot()
    app.puzzles.puzzle = SolitaireSession(_k4_gadget())  # a search of ~1,200 nodes
    fx = app.dispatch(Intent("puzzle-check"))
    job = app.puzzles.job  # type: ignore[attr-defined]
    if job is None:  # a very fast machine did it in the first slice
        pytest.skip("the search ended in its first slice")
    assert fx.kick_job and job.kind == "solve"  # type: ignore[attr-defined]
    assert 'data-testid="puzzle-progress" data-kind="solve"' in app.regions()["prompt"]
    fx = app.dispatch(Intent("puzzle-cancel"))
    assert app.puzzles.job is None and job.state == "cancelled" and fx.focus == "puzzle-check"  # type: ignore[attr-defined]
    app.dispatch(Intent("puzzle-solution"))
    second = app.puzzles.job  # type: ignore[attr-defined]
    assert second is not None
    app.dispatch(Intent("card", puzzle_card=(0, 1)))  # a move: the search is about the old position
    assert second.state == "cancelled" and app.puzzles.job is None  # type: ignore[attr-defined]


def test_app_sizes_beyond_the_caps_are_said_with_the_range() -> None:
    app = App("?mode=duel&hand=12")
    app.boot()
    assert "hand=12" in app.notice and "1 to 8" in app.notice and app.mode == "puzzles"
    app = App("?mode=solitaire&cards=R1+" + "X" * 100_000)
    app.boot()
    assert "cards='R1 XXX" in app.notice and "…" in app.notice and len(app.notice) < 400


def test_app_an_embed_shows_the_deal_and_says_when_it_was_stopped() -> None:
    app = App("?embed=1&mode=solitaire&n=40&difficulty=hard&seed=5")
    fx = app.boot()
    assert fx.kick_job and fx.focus == ""  # type: ignore[attr-defined]  # never the page's focus
    regions = app.regions()
    assert 'data-testid="puzzle-progress"' in regions["start"]
    assert 'data-testid="puzzle-chooser"' not in regions["start"]  # an embed shows one thing
    app.dispatch(Intent("puzzle-cancel"))
    assert "Stopped" in app.regions()["notice"]
