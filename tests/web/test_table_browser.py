"""The table in headless Chromium: start, play a whole game by clicks, the validator's
rejections, wild colours, reload, export to the CLI, corrupted saves, log replay.

Every test runs under the guard of conftest.py (same-origin requests only, no console error,
no PyScript error box).  Seeds come from ``table_helpers.find_seed`` (CPython, same core), so
the tests do not depend on a particular shuffle or on what the bots choose.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_web.core import PRESETS
from uno_web.core.cards import IS_WILD, card_name, card_str
from uno_web.web.session import Session, TableSettings

from table_helpers import (
    find_seed, hand, latest_entry, open_table, play_round_out, plain_playable, playable, start_game, table_url,
    unplayable, version, wait_idle, wait_saved, you_start,
)

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
STORE_KEY = "uno_web.table.v1:/"  # saves are keyed by the site's path


def _seed_with(pred: Any) -> int:
    return find_seed(lambda s: you_start(s) and pred(s))


def test_table_boots_offline_to_the_start_screen(page: Any, guard: Any, wait_ready: Any) -> None:
    open_table(page, wait_ready, seed=3, speed="instant")
    assert page.locator("body").get_attribute("data-mode") == "start"
    assert page.locator("#loading").is_hidden()
    form = page.locator("[data-testid=start-screen]")
    assert form.is_visible()
    # every preset with its description, every rule toggle with help text
    assert page.locator("input[name=preset]").count() == len(PRESETS)
    assert page.locator("[name^='rule.']").count() >= 20
    assert page.locator(".field .help").count() >= 20
    assert all(guard.is_local(u) for u in guard.requests)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_whole_game_against_the_ai_by_clicks(page: Any, wait_ready: Any, level: str) -> None:
    open_table(page, wait_ready, seed=5, speed="instant")
    start_game(page, players=2, levels=(level,), scoring="single-round")
    assert level.upper() in page.inner_text("[data-testid=opponent]").upper()
    assert page.locator("[data-testid=opponent]").count() == 1
    clicks = 0
    for _ in range(600):
        wait_idle(page)
        phase = page.evaluate("document.body.dataset.phase")
        if phase == "game-over":
            break
        if phase == "round-over":  # pragma: no cover - single-round scoring ends the game
            page.click("[data-testid=next-round]")
            continue
        before = version(page)
        picker = page.locator("[data-testid=color-picker] [data-color]")
        if picker.count():
            picker.first.click()
        else:
            cards = hand(page)
            uno = page.locator("[data-testid=uno-button][data-enabled=true]")
            if len(cards) == 2 and uno.count():
                uno.click()
                before = version(page)
            mine = page.locator("[data-testid=hand] [data-playable=true]")
            if mine.count():
                mine.first.click()
                if page.locator("[data-testid=color-picker] [data-color]").count():
                    page.locator("[data-testid=color-picker] [data-color]").first.click()
            elif page.locator("[data-testid=keep]").count():
                page.click("[data-testid=keep]")
            else:
                page.click("[data-testid=draw-pile]")
        clicks += 1
        page.wait_for_function(f"() => +document.body.dataset.version > {before}"
                               " || document.body.dataset.phase === 'game-over'", timeout=10_000)
    assert page.evaluate("document.body.dataset.phase") == "game-over"
    over = page.locator("[data-testid=game-over]")
    assert over.is_visible()
    assert "won the game" in over.inner_text()
    assert page.locator("[data-testid=round-scores] tr[data-seat]").count() == 2
    assert page.locator("[data-testid=play-again]").is_visible()
    # none of your clicks was refused, and the deck invariant held throughout
    codes = page.eval_on_selector_all("[data-testid=validator-entry][data-seat='0']",
                                      "els => els.map(e => e.dataset.code)")
    assert codes and all(c.startswith("OK_") for c in codes), codes
    bot_codes = page.eval_on_selector_all("[data-testid=validator-entry][data-seat='1']",
                                          "els => els.map(e => e.dataset.code)")
    assert bot_codes and all(c.startswith("OK_") for c in bot_codes), bot_codes
    assert "108 cards accounted for" in page.inner_text("[data-testid=deck-invariant]")
    assert clicks >= 3


def test_illegal_clicks_are_explained_and_change_nothing(page: Any, wait_ready: Any) -> None:
    seed = _seed_with(lambda s: bool(unplayable(s)) and bool(plain_playable(s)))
    # bots wait 4 s before each move, so a click right after your play is out of turn
    open_table(page, wait_ready, seed=seed, speed="instant", delay=4000)
    start_game(page)
    from uno_web.core import new_game

    st = TableSettings(players=2, levels=["easy"], overrides={"scoring": "single-round"})
    s0 = new_game(st.rules(), st.seat_names(), seed)
    bad = card_str(unplayable(s0)[0])
    good = card_str(plain_playable(s0)[0])
    before = hand(page)
    assert page.locator(f"[data-testid=hand] [data-card='{bad}']").first.get_attribute(
        "data-playable") == "false"

    page.locator(f"[data-testid=hand] [data-card='{bad}']").first.click()
    entry = latest_entry(page)
    assert entry["code"] == "E_NO_MATCH" and entry["ok"] == "false"
    assert "must match the current colour" in entry["explanation"]
    good_name = card_name(plain_playable(s0)[0])
    bad_name = card_name(next(c for c in s0.hands[0] if card_str(c) == bad))
    assert "You could play" in entry["hint"] and good_name.lower() in entry["hint"].lower()
    assert good not in entry["hint"]  # cards in words, not notation
    assert hand(page) == before and version(page) == 0
    assert bad_name.lower() in page.inner_text("[data-testid=validator-latest]").lower()
    note = page.locator("[data-testid=rejection]")  # also next to your cards
    assert note.is_visible() and note.get_attribute("data-code") == "E_NO_MATCH"

    page.locator(f"[data-testid=hand] [data-card='{good}']").first.click()
    assert page.locator("[data-testid=turn]").get_attribute("data-seat") == "1"
    after_play = hand(page)
    assert len(after_play) == len(before) - 1
    other = page.locator("[data-testid=hand] [data-card]").first
    other.click()
    entry = latest_entry(page)
    assert entry["code"] == "E_NOT_TURN"
    assert "Only the player whose turn it is" in entry["explanation"]
    assert hand(page) == after_play and version(page) == 1


def test_wild_asks_for_a_colour_by_keyboard(page: Any, wait_ready: Any) -> None:
    seed = _seed_with(lambda s: any(IS_WILD[c] for c in playable(s)))
    # the bot waits 3 s before answering, so the Wild is still on top when we look
    open_table(page, wait_ready, seed=seed, speed="instant", delay=3000)
    start_game(page)
    wild = next(c for c in hand(page) if c in ("W", "W+4"))
    card = page.locator(f"[data-testid=hand] [data-card='{wild}']").first
    assert card.locator(".sr-only").inner_text().endswith(", playable")  # its spoken name
    card.focus()
    page.keyboard.press("Enter")
    picker = page.locator("[data-testid=color-picker]")
    picker.wait_for()
    assert sorted(picker.locator("[data-color]").evaluate_all(
        "els => els.map(e => e.dataset.color)")) == ["B", "G", "R", "Y"]
    page.keyboard.press("b")
    page.wait_for_selector("[data-testid=discard] [data-card='%s']" % wild)
    color = page.locator("[data-testid=current-color]")
    assert color.get_attribute("data-color") == "B"
    assert "current colour: blue" in color.inner_text()
    assert latest_entry(page)["code"] == "OK_PLAY"


def test_seven_zero_asks_whom_to_swap_with(page: Any, wait_ready: Any) -> None:
    st = TableSettings(players=3, levels=["easy", "easy"],
                       overrides={"scoring": "single-round", "seven_swap": True})
    from uno_web.core.cards import RANK_OF

    seed = find_seed(lambda s: you_start(s) and any(
        RANK_OF[c] == 7 and not IS_WILD[c] for c in playable(s)), st)
    open_table(page, wait_ready, seed=seed, speed="instant", delay=3000)
    start_game(page, players=3, levels=("easy", "easy"), toggles=("seven_swap",))
    seven = next(c for c in hand(page)
                 if page.locator(f"[data-testid=hand] [data-card='{c}']").first.get_attribute(
                     "data-playable") == "true" and c[1:] == "7")
    page.locator(f"[data-testid=hand] [data-card='{seven}']").first.click()
    picker = page.locator("[data-testid=target-picker]")
    picker.wait_for()
    assert picker.locator("[data-seat]").evaluate_all("els => els.map(e => e.dataset.seat)") == ["1", "2"]
    page.keyboard.press("Escape")  # closing it checks the bare 7: the validator says what is missing
    assert latest_entry(page)["code"] == "E_SWAP_TARGET_MISSING"
    assert picker.count() == 0 and version(page) == 0
    ben_cards = int(page.get_attribute("[data-testid=opponent][data-seat='2']", "data-count"))
    page.locator(f"[data-testid=hand] [data-card='{seven}']").first.click()
    page.keyboard.press("2")  # the second choice: Ben (seat 2)
    entry = latest_entry(page)
    assert entry["code"] == "OK_PLAY" and entry["move"] == f"P0:{seven}>2"
    assert len(hand(page)) == ben_cards


def test_reload_resumes_the_same_game(page: Any, wait_ready: Any) -> None:
    seed = _seed_with(lambda s: bool(plain_playable(s)))
    url = table_url(speed="instant")
    open_table(page, wait_ready, seed=seed, speed="instant")
    start_game(page)
    page.locator("[data-testid=hand] [data-playable=true]").first.click()
    wait_idle(page)
    wait_saved(page)
    cards = hand(page)
    v = version(page)
    top = page.get_attribute("[data-testid=discard] [data-card]", "data-card")
    assert page.evaluate(f"localStorage.getItem('{STORE_KEY}') !== null")
    page.goto(url)
    wait_ready(page)
    assert page.locator("body").get_attribute("data-mode") == "table"
    assert hand(page) == cards and version(page) == v
    assert page.get_attribute("[data-testid=discard] [data-card]", "data-card") == top
    assert page.locator("[data-testid=validator-entry]").count() >= 1


def test_export_is_a_log_the_cli_validates(page: Any, wait_ready: Any, tmp_path: Path) -> None:
    open_table(page, wait_ready, seed=7, speed="instant")
    start_game(page)
    wait_idle(page)
    # mid-round the log would show the bots' hands and the draw pile: no export
    export = page.locator("[data-testid=export-log]")
    assert export.is_disabled() and "when the round is over" in (export.get_attribute("title") or "")
    share = page.locator("[data-testid=share]")  # a dealt game is never shared: it says why
    assert share.get_attribute("aria-disabled") == "true"
    share.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    assert "cannot be shared" in page.inner_text("[data-testid=notice]")
    assert page.locator("[data-testid=share-dialog]").count() == 0
    play_round_out(page)
    assert page.evaluate("document.body.dataset.pydanticAtReady") == "0"
    with page.expect_download() as info:
        page.click("[data-testid=export-log]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["format"] == "uno-web-log" and data["seats"][1]["kind"] == "ai"
    proc = subprocess.run([sys.executable, "-m", "uno_web", "validate", str(path)],
                          capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(proc.stdout)
    assert report["valid"] and report["actions_checked"] >= 3


def test_corrupted_save_is_reported_and_discarded(page: Any, wait_ready: Any) -> None:
    open_table(page, wait_ready, seed=3, speed="instant")
    page.evaluate(f"localStorage.setItem('{STORE_KEY}', '{{\"format\": \"uno-web-table\", \"ver')")
    page.reload()
    wait_ready(page)
    notice = page.locator("[data-testid=notice]")
    assert notice.is_visible()
    assert "could not be restored and was discarded" in notice.inner_text()
    assert page.locator("body").get_attribute("data-mode") == "start"
    assert page.evaluate(f"localStorage.getItem('{STORE_KEY}')") is None
    # the page still works: a new game starts
    start_game(page)
    assert page.locator("[data-testid=hand] [data-card]").count() >= 7
    # the save is sealed: no card, no seed readable in storage; an altered one is refused
    page.locator("[data-testid=hand] [data-card]").first.click()
    wait_idle(page)
    page.wait_for_function(f"() => (localStorage.getItem('{STORE_KEY}') || '').startsWith('sealed2:')")
    sealed = page.evaluate(f"localStorage.getItem('{STORE_KEY}')")
    assert '"seed"' not in sealed and '"moves"' not in sealed and '"settings"' not in sealed
    page.evaluate(f"""() => {{
        const s = localStorage.getItem('{STORE_KEY}');
        const i = s.length - 5;
        localStorage.setItem('{STORE_KEY}', s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1));
    }}""")
    page.reload()
    wait_ready(page)
    assert "was altered" in page.locator("[data-testid=notice]").inner_text()
    assert page.evaluate(f"localStorage.getItem('{STORE_KEY}')") is None
    page.click("[data-testid=notice] [data-action=dismiss]")
    assert page.locator("[data-testid=notice]").count() == 0


def test_import_a_log_and_step_through_it(page: Any, wait_ready: Any, tmp_path: Path) -> None:
    s = Session(TableSettings(players=3, levels=["easy", "normal"],
                              overrides={"scoring": "single-round"}), seed=9)
    for _ in range(3):
        s.run_bots()
        moves = [m for m in s.human_moves() if m.kind == 1]  # draw (always legal here)
        s.attempt(moves[0] if moves else s.human_moves()[0])
    path = tmp_path / "imported.json"
    path.write_text(s.log_json())
    n = len(s.recorder.history)
    open_table(page, wait_ready, speed="instant")
    page.set_input_files("[data-testid=import-log]", str(path))
    bar = page.locator("[data-testid=replay-bar]")
    bar.wait_for()
    step = page.locator("[data-testid=replay-step]")
    assert step.get_attribute("data-pos") == "0" and step.get_attribute("data-len") == str(n)
    for _ in range(3):
        page.click("[data-testid=replay-next]")
    assert step.get_attribute("data-pos") == "3"
    assert page.locator("[data-testid=validator-entry]").count() == 3
    page.keyboard.press("ArrowLeft")
    assert step.get_attribute("data-pos") == "2"
    # every hand is shown in a replay
    assert page.locator("[data-testid=opponent] .card[data-card]").count() > 0
    page.click("[data-testid=replay-last]")
    assert step.get_attribute("data-pos") == str(n)
    page.click("[data-testid=replay-exit]")
    assert page.locator("body").get_attribute("data-mode") == "start"
