"""The full table started from a position URL (``index.html?hands=…``, no embed): the moves a
dealt game rarely sets up on cue — catching a missed UNO call, challenging a Wild Draw Four,
jumping in — each from a position, by clicks, with the validator's verdict.
"""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.core.position import Position, build_state, position_to_query

from table_helpers import hand, latest_entry, try_move, version, your_latest

pytestmark = pytest.mark.browser


def _open(page: Any, wait_ready: Any, pos: Position, **extra: str) -> None:
    query = position_to_query(pos)
    more = "".join(f"&{k}={v}" for k, v in extra.items())
    page.goto(f"index.html?{query}{more}")
    wait_ready(page)
    assert page.evaluate("document.body.dataset.mode") == "table"
    assert page.locator("[data-testid=position-bar]").is_visible()
    assert sorted(hand(page)) == sorted(pos.hands[0].split())


def test_catch_a_player_who_forgot_uno(page: Any, wait_ready: Any) -> None:
    pos = Position(hands=["R3 G4 B5", "Y7"], top="Y2", uncalled=[1], names=["You", "Ada"],
                   goal="Ada has one card and did not call UNO.")
    # the bot waits 5 s before anything it does: the catch button is yours first
    _open(page, wait_ready, pos, delay="5000")
    assert page.inner_text("[data-testid=goal]") == pos.goal
    ada = page.locator("[data-testid=opponent][data-seat='1']")
    assert ada.get_attribute("data-count") == "1"
    catch = ada.locator("[data-testid=catch]")
    assert catch.is_visible()
    entry = try_move(page, "C0>1")
    assert entry["code"] == "OK_CATCH" and "caught Ada" in entry["message"]
    page.wait_for_function(
        "() => document.querySelector(\"[data-testid=opponent][data-seat='1']\").dataset.count === '3'")
    assert page.locator("[data-testid=catch]").count() == 0
    # a position is not saved: the saved game slot stays empty
    assert page.evaluate("localStorage.getItem('uno_web.table.v1')") is None


def test_challenge_a_wild_draw_four(page: Any, wait_ready: Any) -> None:
    pos = Position(hands=["R1 G5 B7", "Y3 Y4 R8"], top="W+4", color="B", phase="penalty",
                   pending=4, plus4_by=1, plus4_bluff=True, names=["You", "Ben"])
    _open(page, wait_ready, pos, delay="5000")
    assert page.get_attribute("[data-testid=pending]", "data-count") == "4"
    assert page.get_attribute("[data-testid=current-color]", "data-color") == "B"
    assert page.locator("[data-testid=challenge]").is_visible()
    entry = try_move(page, "X0")
    assert entry["code"] == "OK_CHALLENGE" and "bluff" in entry["message"].lower()
    # the bluffer draws the four cards and play goes on with you
    page.wait_for_function(
        "() => document.querySelector(\"[data-testid=opponent][data-seat='1']\").dataset.count === '7'")
    assert len(hand(page)) == 3 and version(page) == 1


def test_jump_in_under_the_jump_in_rule(page: Any, wait_ready: Any) -> None:
    pos = Position(overrides={"jump_in": True}, hands=["R5 G2 Y3", "R5 B1 B2", "Y7 Y8 G9"],
                   top="R9", turn=1, names=["You", "Cleo", "Dev"])
    s = build_state(pos)
    assert s.turn == 1
    # Cleo can only play R5 (or draw); a slow table leaves a long jump-in window
    _open(page, wait_ready, pos, speed="slow", delay="300", bots="normal")
    page.wait_for_selector("[data-testid=jump-window]", timeout=20_000)
    assert page.get_attribute("[data-testid=discard] [data-card]", "data-card") == "R5"
    entry = try_move(page, "P0:R5")
    assert entry["code"] == "OK_JUMP_IN", entry
    assert "jumped in with red 5" in entry["message"].lower()
    assert sorted(hand(page)) == ["G2", "Y3"]
    # the turn continues after you: Cleo (seat 1) is next
    page.wait_for_function("() => document.querySelector('[data-testid=turn]').dataset.seat === '1'"
                           " || +document.body.dataset.version > 2")
    assert latest_entry(page)["code"].startswith("OK_")
    assert your_latest(page)["code"] == "OK_JUMP_IN"


def test_a_misplay_costs_a_card_under_the_strict_table(page: Any, wait_ready: Any) -> None:
    """A house rule that makes a mistake cost cards: the click on a card that does not fit
    is accepted at a cost, and the validator panel marks it as such (a P_ verdict)."""
    pos = Position(preset="strict-table", hands=["R5 B1 B2", "G1 G2 G3"], top="B9",
                   names=["You", "Ada"])
    _open(page, wait_ready, pos, delay="5000")
    entry = try_move(page, "P0:R5")
    assert entry["code"] == "P_MISPLAY", entry
    assert "take the red 5 back and draw 1 card" in entry["message"].lower()
    assert "misplay penalty" in entry["explanation"].lower()
    panel = page.locator("[data-testid=validator-panel] [data-testid=validator-entry]").first
    assert "cost" in (panel.get_attribute("class") or "")
    assert len(hand(page)) == 4 and "R5" in hand(page)
    page.wait_for_function("() => document.querySelector('[data-testid=turn]').dataset.seat === '1'")
    assert "kept the card" not in page.inner_text("[data-testid=log-lines]")  # a misplay is not a pass
