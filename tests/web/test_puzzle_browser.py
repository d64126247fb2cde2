"""The puzzle modes in headless Chromium: Solitaire and Duel, from a URL and from the chooser.

The expected answers come from the solvers of uno_web.puzzles on CPython (the same code the
page runs in Pyodide), so the tests check the page against an independent run.
"""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.puzzles.duel import solve_duel
from uno_web.puzzles.notation import format_card, parse_cards
from uno_web.puzzles.solitaire import is_valid_solitaire_sequence

from table_helpers import hand, seat0_entries, your_latest

pytestmark = pytest.mark.browser

SMALL = "R1 R2 G2 G5 B5"  # solvable: R1 R2 G2 G5 B5; a G2 lead is a dead end
DUEL_P1 = "Y6 G6 G7 G8 B9"  # generate_duel(5, seed=6, p1_wins=True)
DUEL_P2 = "R5 R6 G1 G3 B9"


def _click_card(page: Any, code: str) -> dict[str, str]:
    before = seat0_entries(page)
    page.locator(f"[data-testid=hand] [data-card='{code}']").first.click()
    page.wait_for_function(
        "n => document.querySelectorAll(\"[data-testid=validator-entry][data-seat='0']\")"
        ".length > n", arg=before)
    return your_latest(page)


def _answer(page: Any) -> dict[str, str]:
    return dict(page.eval_on_selector(
        "[data-testid=solver-answer]",
        "e => ({solvable: e.dataset.solvable, kind: e.dataset.kind || '', text: e.textContent})"))


def test_solitaire_from_a_url(page: Any, wait_ready: Any) -> None:
    page.goto(f"index.html?mode=solitaire&cards={SMALL}")
    wait_ready(page)
    assert page.evaluate("document.body.dataset.puzzle") == "solitaire"
    assert sorted(hand(page)) == sorted(SMALL.split())
    assert page.locator("[data-testid=hand] [data-playable=true]").count() == 5  # first is free

    assert _click_card(page, "R1")["code"] == "OK_PLAY"
    bad = _click_card(page, "G5")
    assert bad["code"] == "E_NO_MATCH" and "matches neither" in bad["message"]
    note = page.locator("[data-testid=rejection]")
    assert note.is_visible() and note.get_attribute("data-code") == "E_NO_MATCH"
    assert "You could play red 2" in note.inner_text()
    assert sorted(hand(page)) == ["B5", "G2", "G5", "R2"]

    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=solver-answer][data-solvable=true]")
    assert _answer(page)["text"].startswith("Yes: the 4 cards left")

    page.click("[data-testid=puzzle-undo]")
    page.wait_for_function("() => document.body.dataset.version === '0'")
    assert _click_card(page, "G2")["code"] == "OK_PLAY"
    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=solver-answer][data-solvable=false]")
    assert _answer(page)["text"].startswith("No:")

    page.click("[data-testid=puzzle-solution]")
    page.wait_for_selector("[data-testid=solver-answer][data-kind=solution]")
    shown = page.get_attribute("[data-testid=solution]", "data-cards") or ""
    assert is_valid_solitaire_sequence(parse_cards(SMALL), parse_cards(shown))  # from the start

    page.click("[data-testid=puzzle-restart]")
    page.wait_for_function("() => document.body.dataset.version === '0'")
    for code in shown.split():
        assert _click_card(page, code)["code"] == "OK_PLAY"
    solved = page.locator("[data-testid=puzzle-solved]")
    solved.wait_for()
    assert "Solved" in solved.inner_text()
    assert page.evaluate("document.body.dataset.puzzleState") == "solved"
    assert page.inner_text("[data-testid=status]").startswith("Solved! You played all 5 cards")


def test_duel_analysis_and_a_perfect_game(page: Any, wait_ready: Any) -> None:
    ref = solve_duel(DUEL_P1, DUEL_P2)  # the paper's geography rule
    assert ref.winner == 1 and 0 < len(ref.winning_leads) < 5
    page.goto(f"index.html?mode=duel&p1={DUEL_P1}&p2={DUEL_P2}&speed=fast")
    wait_ready(page)
    winner = page.locator("[data-testid=duel-winner]")
    assert winner.get_attribute("data-winner") == str(ref.winner)
    leads = page.get_attribute("[data-testid=duel-winning-leads]", "data-cards")
    assert leads == " ".join(format_card(c) for c in ref.winning_leads)
    assert "You win" in winner.inner_text()
    opponent = page.eval_on_selector_all("[data-testid=opponent-hand] [data-card]",
                                         "els => els.map(e => e.dataset.card)")
    assert sorted(opponent) == sorted(DUEL_P2.split())

    losing = sorted(set(DUEL_P1.split()) - set(leads.split()))
    assert losing  # B9 loses against perfect play
    assert _click_card(page, losing[0])["code"] == "OK_PLAY"
    page.wait_for_function("() => document.body.dataset.turn === '1' "
                           "|| document.body.dataset.puzzleState === 'over'")
    page.wait_for_selector("[data-testid=duel-now][data-winning=false]")
    review = page.locator("[data-testid=duel-reviews] li").first
    assert review.get_attribute("data-keeps-win") == "false"
    page.click("[data-testid=puzzle-undo]")
    page.wait_for_function("() => document.body.dataset.version === '0'")

    # now play perfectly: follow the winning cards the analysis shows
    for _ in range(10):
        if page.evaluate("document.body.dataset.puzzleState") == "over":
            break
        now = page.locator("[data-testid=duel-now]")
        assert now.get_attribute("data-winning") == "true"
        moves = (now.get_attribute("data-moves") or "").split()
        if not moves:
            moves = leads.split()
        top = page.locator("[data-testid=discard] [data-card]")
        if top.count():
            # a card that does not match is refused first
            t = top.get_attribute("data-card") or ""
            wrong = [c for c in hand(page) if c[0] != t[0] and c[1:] != t[1:]]
            if wrong:
                assert _click_card(page, wrong[0])["code"] == "E_NO_MATCH"
        assert _click_card(page, moves[0])["code"] == "OK_PLAY"
        page.wait_for_function("() => document.body.dataset.busy !== '1' && "
                               "(document.body.dataset.turn === '1' || "
                               "document.body.dataset.puzzleState === 'over')")
    result = page.locator("[data-testid=duel-result]")
    result.wait_for()
    assert result.get_attribute("data-winner") == "1" and "You won" in result.inner_text()
    kept = page.eval_on_selector_all("[data-testid=duel-reviews] li",
                                     "els => els.map(e => e.dataset.keepsWin)")
    assert kept and all(k == "true" for k in kept)


def test_puzzles_from_the_start_screen_and_share(page: Any, wait_ready: Any) -> None:
    # a puzzle link that cannot be shown is explained, and the chooser offers the rest
    page.goto("index.html?mode=solitaire&cards=R1+C4:2&seed=4&speed=fast")
    wait_ready(page)
    assert page.evaluate("document.body.dataset.mode") == "puzzles"
    assert "fifth colour" in page.inner_text("[data-testid=notice]")
    page.click("[data-testid=new-game]")
    assert "mode=" not in page.url  # the bad link is gone from the address
    page.click("[data-testid=start-all-puzzles]")
    page.wait_for_selector("[data-testid=puzzle-chooser]")
    assert page.evaluate("document.body.dataset.mode") == "puzzles"
    page.select_option("[data-testid=puzzle-n]", "6")
    page.click("[data-testid=new-solitaire]")
    page.wait_for_function("() => document.body.dataset.puzzle === 'solitaire'")
    assert len(hand(page)) == 6
    assert "seed 4" in page.inner_text(".puzzle-head .source")

    page.click("[data-testid=puzzles]")  # top bar
    page.select_option("[data-testid=puzzle-hand]", "3")
    page.select_option("[data-testid=puzzle-rule]", "uno")
    page.click("[data-testid=new-duel]")
    page.wait_for_function("() => document.body.dataset.puzzle === 'duel'")
    assert len(hand(page)) == 3
    assert page.locator("[data-testid=opponent-hand] [data-card]").count() == 3
    assert "playing your last card wins" in page.inner_text("[data-testid=duel-analysis]")

    page.click("[data-testid=share]")
    link = page.input_value("[data-testid=share-link]")
    assert "mode=duel" in link and "rule=uno" in link and "p1=" in link
    assert "embed=1" in page.input_value("[data-testid=embed-snippet]")
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=share-dialog]").count() == 0
