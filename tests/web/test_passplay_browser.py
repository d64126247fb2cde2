"""Play with friends on this device, in headless Chromium: a whole round with two people and a
bot through the privacy screens, whose hand the page holds at every step (checked against the
exported log replayed on CPython), a missed UNO caught and a Wild Draw Four challenged by the
right person, and a reload that resumes behind the privacy screen.

Every test runs under the guard of conftest.py (same-origin requests only, no console error,
no PyScript error box).  Seeds come from the same core on CPython.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from uno_web.core import GameState, MoveKind, Phase, legal_moves, new_game
from uno_web.core.cards import card_str, parse_card
from uno_web.core.gamelog import parse_log, replay_steps
from uno_web.web.session import TableSettings

from table_helpers import FRIENDS_SETTLED as SETTLED
from table_helpers import fix_deal, setup_friends, table_url, wait_saved

pytestmark = pytest.mark.browser

#: every card the page holds outside the hand on screen, the top of the pile, the last card
#: each seat played and the cards in flight (what may be there while a round goes on)
OTHER_CARDS = """() => [...document.querySelectorAll('#app [data-card]')].filter(el =>
  !el.closest('[data-testid=hand]') && !el.closest('[data-testid=discard]')
  && !el.closest('[data-testid=last-played]') && !el.closest('[data-testid=your-last-played]')
  && !el.closest('#fx') && !el.closest('[data-testid=color-picker]')
  && !el.closest('[data-testid=target-picker]')).map(el => el.dataset.card)"""
HAND = "() => [...document.querySelectorAll('[data-testid=hand] [data-card]')].map(e => e.dataset.card)"


def _data(page: Any) -> dict[str, str]:
    return dict(page.evaluate("() => ({...document.body.dataset})"))


def _settle(page: Any) -> dict[str, str]:
    page.wait_for_function(SETTLED, timeout=30_000, polling=20)
    return _data(page)


def _act(page: Any, rng: random.Random) -> None:
    """The person on screen makes a move by clicks (a colour or a target when asked)."""
    if page.locator("[data-testid=pp-done]").count():
        page.click("[data-testid=pp-done]")
        return
    if page.locator("[data-testid=color-picker] [data-color]").count():
        page.locator("[data-testid=color-picker] [data-color]").first.click()
    elif page.locator("[data-testid=target-picker] [data-seat]").count():
        page.locator("[data-testid=target-picker] [data-seat]").first.click()
    elif page.locator("[data-testid=keep]").count():
        page.click("[data-testid=keep]")
    elif page.locator("[data-testid=accept]").count():
        page.click("[data-testid=accept]")
    elif page.locator("[data-testid=uno-button][data-enabled=true]").count() and rng.random() < .7:
        page.click("[data-testid=uno-button]")
    elif page.locator("[data-testid=hand] [data-playable=true]").count():
        cards = page.locator("[data-testid=hand] [data-playable=true]")
        cards.nth(rng.randrange(cards.count())).click()
    else:
        page.click("[data-testid=draw-pile]")


def test_a_whole_round_two_people_and_a_bot(page: Any, wait_ready: Any, tmp_path: Path) -> None:
    fix_deal(page, 11)
    page.goto(table_url(speed="instant"))
    wait_ready(page)
    setup_friends(page, ["Ann", "Ben", "easy"])
    rng = random.Random(11)
    # (version, whose screen, the hand on it) at every screen
    screens: list[tuple[int, int, list[str]]] = []
    privacy = 0
    for _ in range(600):
        data = _settle(page)
        if data["phase"] in ("round-over", "game-over"):
            break
        assert page.evaluate(OTHER_CARDS) == [], "a card of a hand outside the hand on screen"
        if data["ppDue"]:
            privacy += 1
            assert page.evaluate(HAND) == [], "a hand in the page behind the privacy screen"
            who = page.get_attribute("[data-testid=privacy-screen]", "data-seat")
            assert who == data["ppDue"]
            name = "Ann" if who == "0" else "Ben"
            assert f"Pass to {name}" in page.inner_text("[data-testid=privacy-screen]")
            page.click("[data-testid=pp-ready]")
            page.wait_for_function("s => document.body.dataset.ppShown === s", arg=who)
            continue
        seat = int(data["ppShown"])
        screens.append((int(data["version"]), seat, sorted(page.evaluate(HAND))))
        _act(page, rng)
    else:
        raise AssertionError("the round did not end")
    assert privacy >= 3 and {s for _v, s, _h in screens} == {0, 1}
    # the round's end: every hand face up, for everybody
    assert page.locator("[data-testid=round-hands] [data-testid=revealed-hand]").count() == 3
    with page.expect_download() as info:
        page.click("[data-testid=export-log]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    log = parse_log(path.read_text())
    assert [s.kind for s in log.seats] == ["human", "human", "ai"]
    assert [s.name for s in log.seats] == ["Ann", "Ben", "Ada"]
    steps = list(replay_steps(log))
    # every person's screen held that person's hand, as the validator replays it
    for v, seat, shown in screens:
        assert shown == sorted(card_str(c) for c in steps[v].state.hands[seat]), (v, seat)


def _catch_seed(settings: TableSettings) -> int:
    """Ann (seat 0) starts with two cards, one of them a Wild Draw Four."""
    w4 = parse_card("W+4")
    for seed in range(1, 5000):
        g: GameState = new_game(settings.rules(), settings.seat_names(), seed)
        if g.turn == 0 and g.phase == Phase.PLAY and any(
                m.kind == MoveKind.PLAY and m.card == w4 for m in legal_moves(g, 0)):
            return seed
    raise AssertionError("no seed")  # pragma: no cover


def test_catch_and_challenge_by_the_right_person(page: Any, wait_ready: Any) -> None:
    settings = TableSettings(players=2, levels=("easy",), people=("Ann", "Ben"),
                             overrides={"hand_size": 2, "scoring": "single-round"})
    fix_deal(page, _catch_seed(settings))
    page.goto(table_url(speed="instant"))
    wait_ready(page)
    setup_friends(page, ["Ann", "Ben"], hand_size=2)
    assert _data(page)["ppDue"] == "0"
    page.click("[data-testid=pp-ready]")
    page.wait_for_selector("[data-testid=hand] [data-card='W+4']")
    page.click("[data-testid=hand] [data-card='W+4']")
    page.click("[data-testid=color-picker] [data-color='R']")
    # Ann played her second-to-last card without UNO: Ben's privacy screen names the catcher
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='1']")
    assert page.evaluate(HAND) == [] and page.evaluate(OTHER_CARDS) == []
    catch = page.locator("[data-testid=pp-catch-1-0]")
    assert catch.inner_text() == "Ben catches Ann!"
    assert page.locator("[data-action=pp-catch][data-seat='0']").count() == 0
    catch.click()
    page.wait_for_selector("[data-testid=validator-entry][data-move='C1>0'][data-ok=true]")
    assert page.get_attribute("[data-testid=opponent][data-seat='0']", "data-count") == "3"
    assert page.locator("[data-action=pp-catch]").count() == 0
    # Ben faces the Wild Draw Four: he challenges on his own screen, after the privacy screen
    assert page.locator("[data-testid=challenge]").count() == 0
    page.click("[data-testid=pp-ready]")
    page.wait_for_selector("[data-testid=challenge]")
    ann = sorted(card_str(c) for c in new_game(settings.rules(), settings.seat_names(),
                                               _catch_seed(settings)).hands[0])
    page.click("[data-testid=challenge]")
    page.wait_for_selector("[data-testid=validator-entry][data-move='X1'][data-ok=true]")
    reveal = page.locator("[data-testid=challenge-reveal] [data-card]")
    shown = sorted(reveal.evaluate_all("els => els.map(e => e.dataset.card)"))
    # Ann's hand when she played: her two cards less the Wild Draw Four, plus the two caught
    assert "W+4" not in shown and len(shown) == 3 and set(ann) - {"W+4"} <= set(shown)
    # the Wild Draw Four was fair: Ben draws 6, his turn is over, the reveal waits for Done
    data = _settle(page)
    assert data["ppShown"] == "1" and data["turn"] == "0"
    page.click("[data-testid=pp-done]")
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='0']")
    assert page.evaluate(HAND) == [] and page.locator("[data-testid=challenge-reveal]").count() == 0
    page.click("[data-testid=pp-ready]")
    page.wait_for_function("() => document.body.dataset.ppShown === '0'")
    assert page.locator("[data-testid=challenge-reveal]").count() == 0  # Ann never sees it


def test_reload_resumes_behind_the_privacy_screen(page: Any, wait_ready: Any) -> None:
    fix_deal(page, 12)
    page.goto(table_url(speed="instant"))
    wait_ready(page)
    setup_friends(page, ["Ann", "Ben", "easy"])
    rng = random.Random(12)
    for _ in range(40):  # play until a person's screen is up after a few moves
        data = _settle(page)
        if data["ppDue"]:
            page.click("[data-testid=pp-ready]")
            continue
        if int(data["version"]) >= 4 and data["ppShown"]:
            break
        _act(page, rng)
    data = _settle(page)
    seat = data["ppShown"]
    assert seat and data["phase"] not in ("round-over", "game-over")
    cards = sorted(page.evaluate(HAND))
    version = data["version"]
    wait_saved(page)
    page.reload()
    wait_ready(page)
    data = _settle(page)
    # back at the table, behind the privacy screen of whoever is on turn, hands hidden
    assert data["mode"] == "table" and data["version"] == version
    assert data["ppDue"] == seat and data["ppShown"] == ""
    assert page.evaluate(HAND) == []
    page.click("[data-testid=pp-ready]")
    page.wait_for_function("s => document.body.dataset.ppShown === s", arg=seat)
    assert sorted(page.evaluate(HAND)) == cards
    saved = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('uno_web.table'))"
                          ".map(k => localStorage.getItem(k)).join('')")
    assert saved and "Ann" not in saved and "people" not in saved  # sealed: no names, no hand


def _jump_seed(settings: TableSettings) -> tuple[int, str]:
    """Ann (seat 0) starts, clockwise, with one copy of a number card that fits and that Cleo
    (seat 2, after Ben) holds too: the seed and the card."""
    from uno_web.core.cards import IS_WILD, RANK_OF

    for seed in range(1, 5000):
        g: GameState = new_game(settings.rules(), settings.seat_names(), seed)
        if g.turn != 0 or g.phase != Phase.PLAY or g.direction != 1:
            continue
        for c in sorted({m.card for m in legal_moves(g, 0) if m.kind == MoveKind.PLAY}):
            if (not IS_WILD[c] and RANK_OF[c] <= 9 and g.hands[0].count(c) == 1
                    and c in g.hands[2]):
                return seed, card_str(c)
    raise AssertionError("no seed")  # pragma: no cover


def test_jump_in_by_the_person_who_holds_the_card(page: Any, wait_ready: Any,
                                                  tmp_path: Path) -> None:
    settings = TableSettings(players=3, levels=("easy", "easy"), people=("Ann", "Ben", "Cleo"),
                             overrides={"jump_in": True, "scoring": "single-round"})
    seed, card = _jump_seed(settings)
    fix_deal(page, seed)
    page.goto(table_url(speed="instant"))
    wait_ready(page)
    setup_friends(page, ["Ann", "Ben", "Cleo"], jump_in=True)
    page.click("[data-testid=pp-ready]")
    page.wait_for_function("() => document.body.dataset.ppShown === '0'")
    page.click(f"[data-testid=hand] [data-card='{card}']")
    # Ben's turn: his privacy screen offers a jump-in to both others, whatever they hold, so
    # that the buttons tell nobody who holds the card; no hand is in the page
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='1']")
    assert page.evaluate(HAND) == [] and page.evaluate(OTHER_CARDS) == []
    assert page.inner_text("[data-testid=pp-jump-0]") == "Ann: jump in"
    assert page.inner_text("[data-testid=pp-jump-2]") == "Cleo: jump in"
    assert page.locator("[data-testid=pp-jump-1]").count() == 0  # Ben simply plays
    # Ann asks, sees her own hand only, holds no other copy, and goes back
    page.click("[data-testid=pp-jump-0]")
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='0']")
    assert "Ann wants to jump in." in page.inner_text("[data-testid=privacy-screen]")
    assert page.evaluate(HAND) == []
    page.click("[data-testid=pp-ready]")
    page.wait_for_selector("[data-testid=pp-jump-panel]")
    assert _data(page)["ppShown"] == "0" and card not in page.evaluate(HAND)
    assert "You hold no card identical" in page.inner_text("[data-testid=pp-jump-panel]")
    assert page.locator("[data-testid=hand] [data-playable=true]").count() == 0
    page.click("[data-testid=pp-back]")
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='1']")
    assert page.evaluate(HAND) == [] and _data(page)["version"] == "1"
    # Cleo asks and jumps in with the identical card
    page.click("[data-testid=pp-jump-2]")
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='2']")
    page.click("[data-testid=pp-ready]")
    page.wait_for_selector("[data-testid=pp-jump-panel]")
    assert _data(page)["ppShown"] == "2" and card in page.evaluate(HAND)
    assert page.locator("[data-testid=hand] [data-playable=true]").evaluate_all(
        "els => els.map(e => e.dataset.card)") == [card]
    page.click(f"[data-testid=hand] [data-card='{card}'][data-playable=true]")
    page.wait_for_selector("[data-testid=validator-entry][data-code=OK_JUMP_IN]")
    # play goes on from Cleo: Ann next, Ben's turn was jumped over; Cleo's hand is hidden again
    data = _settle(page)
    assert data["turn"] == "0" and data["ppDue"] == "0" and data["version"] == "2"
    assert page.evaluate(HAND) == []
    # and the round goes on to its end through the privacy screens
    rng = random.Random(seed)
    for _ in range(600):
        data = _settle(page)
        if data["phase"] in ("round-over", "game-over"):
            break
        assert page.evaluate(OTHER_CARDS) == [], "a card of a hand outside the hand on screen"
        if data["ppDue"]:
            assert page.evaluate(HAND) == []
            page.click("[data-testid=pp-ready]")
            page.wait_for_function("s => document.body.dataset.ppShown === s",
                                   arg=data["ppDue"])
            continue
        _act(page, rng)
    else:
        raise AssertionError("the round did not end")
    with page.expect_download() as info:
        page.click("[data-testid=export-log]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    steps = list(replay_steps(parse_log(path.read_text())))
    jumps = [s.move for s in steps if s.move is not None and s.verdict is not None
             and s.verdict.code.value == "OK_JUMP_IN"]
    assert jumps and card_str(jumps[0].card) == card and jumps[0].seat == 2


def test_jump_in_during_a_bots_turn(page: Any, wait_ready: Any) -> None:
    # Ann, a bot, Cleo: Ann's play opens the jump-in window on the bot's turn, when no hand is
    # on screen; the bot waits a minute before each move, so the window stays open
    settings = TableSettings(players=3, levels=("easy", "easy"), people=("Ann", "", "Cleo"),
                             overrides={"jump_in": True, "scoring": "single-round"})
    seed, card = _jump_seed(settings)
    fix_deal(page, seed)
    page.goto(table_url(speed="instant", delay=60_000))
    wait_ready(page)
    setup_friends(page, ["Ann", "easy", "Cleo"], jump_in=True)
    page.click("[data-testid=pp-ready]")
    page.wait_for_function("() => document.body.dataset.ppShown === '0'")
    page.click(f"[data-testid=hand] [data-card='{card}']")
    page.wait_for_selector("[data-testid=pp-public] [data-testid=pp-jump-2]")
    assert _data(page)["turn"] == "1" and page.evaluate(HAND) == []
    assert page.evaluate(OTHER_CARDS) == []
    assert page.locator("[data-testid=pp-public] [data-testid=pp-jump-0]").count() == 1
    page.click("[data-testid=pp-jump-2]")
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='2']")
    page.click("[data-testid=pp-ready]")
    page.wait_for_selector("[data-testid=pp-jump-panel]")
    page.click(f"[data-testid=hand] [data-card='{card}'][data-playable=true]")
    page.wait_for_selector("[data-testid=validator-entry][data-code=OK_JUMP_IN]")
    # the bot's turn was jumped over: Ann is next, behind her privacy screen, and the bots'
    # loop stops at once rather than sleeping out the bot's minute-long pause
    page.wait_for_selector("[data-testid=privacy-screen][data-seat='0']")
    page.wait_for_function("() => document.body.dataset.busy === '0'", timeout=10_000)
    data = _data(page)
    assert data["turn"] == "0" and data["ppDue"] == "0" and data["version"] == "2"
    assert page.evaluate(HAND) == []
    assert page.locator("[data-testid=validator-entry][data-seat='1']").count() == 0
    page.click("[data-testid=pp-ready]")
    page.wait_for_function("() => document.body.dataset.ppShown === '0'")
    _act(page, random.Random(seed))
    page.wait_for_function("() => document.body.dataset.version === '3'")
