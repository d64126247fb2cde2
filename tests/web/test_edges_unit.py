"""The pure-Python side of tests/web/test_edges_browser.py: the one reader of stored data, the
replay read in slices, the editor's refused fields and the checked reader of position links."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from uno_web.core import MoveKind, Phase
from uno_web.core.gamelog import LogError, parse_log, read_log_in_slices
from uno_web.web.app import App, Intent
from uno_web.web.editor import Editor, render_editor
from uno_web.web.links import read_page
from uno_web.web.replay import ReplayLoad, render_load
from uno_web.web.session import LogReplay, Session, TableSettings
from uno_web.web.stored import Prefs, read_prefs, read_storage, vault_refusal

PLAIN = json.dumps({"format": "uno-web-table", "version": 2, "settings": {
    "players": 2, "name": "You", "levels": ["easy"], "preset": "official", "overrides": {}},
    "seed": 1266, "moves": []})


# --- stored data ---------------------------------------------------------------------------


@pytest.mark.parametrize("saved, why", [
    (PLAIN, "not sealed"), ("sealed1:abc:def", "older version"), ("garbage", "not sealed")])
def test_a_save_the_vault_cannot_vouch_for_is_refused_and_removed(saved: str, why: str) -> None:
    app = App("")
    app.use_storage(saved=saved, settings=None, prefs=None, can_unseal=True)
    assert app.sealed_save == ""
    fx = app.boot()
    assert fx.remove_save and app.mode == "start" and app.table.session is None
    assert "could not be restored and was discarded" in app.notice and why in app.notice


def test_a_sealed_save_is_left_for_the_vault_and_its_refusals_are_said() -> None:
    app = App("")
    app.use_storage(saved="sealed2:7:aaaa:bbbb", settings=None, prefs=None, can_unseal=True)
    assert app.sealed_save == "sealed2:7:aaaa:bbbb" and app.notice == ""
    app.refuse_saved("Error: rolled-back")
    fx = app.boot()
    assert fx.remove_save and "an earlier copy was put back" in app.notice
    # without the vault (no secure context) a sealed save cannot be opened: said, removed
    found = read_storage(game="sealed2:7:aaaa:bbbb", settings=None, prefs=None, can_unseal=False)
    assert found.sealed == "" and "no protected storage" in found.dropped[0].reason
    assert "could not be opened" in vault_refusal("whatever").reason


def test_preferences_are_read_field_by_field() -> None:
    prefs, dropped = read_prefs('{"speed":"warp","lang":"fi","sound":"yes","zz":1}')
    assert prefs == Prefs(lang="fi")
    assert [d.reason for d in dropped] == [
        "speed 'warp' is not one of instant, fast, normal, slow",
        "sound 'yes' is not true or false", "'zz' is not a preference"]
    assert read_prefs('{"speed":')[1][0].reason == "they are not JSON"
    assert read_prefs('[1]')[1][0].reason == "they are not a JSON object"
    assert read_prefs(Prefs(speed="slow", sound=True, lang="en").to_json()) == (
        Prefs(speed="slow", sound=True, lang="en"), [])
    assert read_prefs(None) == (Prefs(), [])


def test_bad_settings_are_dropped_for_the_defaults_with_a_notice() -> None:
    app = App("?lang=fi")
    app.use_storage(saved=None, settings='{"players": 99}', prefs='{"lang":"xx"}')
    app.boot()
    assert app.start.draft == TableSettings(players=2, levels=("easy",))
    assert [d.what for d in app.dropped] == ["settings", "preferences"]
    notice = app.regions()["notice"]
    assert "asetuksiasi ei voitu lukea" in notice and "valinnoistasi" in notice


# --- the replay ----------------------------------------------------------------------------


def _game_to_round_2() -> Session:
    s = Session(TableSettings(players=2, levels=["easy"], overrides={"target_score": 500}), seed=4)
    for _ in range(4000):
        s.run_bots()
        if s.state.round >= 2:
            break
        if s.state.phase == Phase.ROUND_OVER:
            s.next_round()
        else:
            s.attempt(s.human_moves()[0])
    return s


def test_a_refused_deal_is_named_by_its_own_round() -> None:
    data = json.loads(_game_to_round_2().log_json())
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:3]
    rp = LogReplay.from_json(json.dumps(data))
    assert rp.failure is not None and rp.failure.round == 2 and rp.failure.move == "deal of round 2"


def test_the_replay_read_in_slices_is_the_replay_read_at_once() -> None:
    text = _game_to_round_2().log_json()
    load = ReplayLoad.of("game.json", text)
    fractions = []
    while not load.run(budget=0.0):
        fractions.append(load.fraction)
    assert load.state == "done" and load.result is not None and load.slices > 3
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    whole = LogReplay.from_json(text)
    assert [str(st.move) for st in load.result.steps] == [str(st.move) for st in whole.steps]
    assert load.result.steps[-1].state.hands == whole.steps[-1].state.hands
    assert 'data-testid="replay-progress"' in render_load(load)
    # a file that is not a log ends the load with the reason; a cancelled one ends quietly
    bad = ReplayLoad.of("x.json", "{nope")
    bad.run_to_end()
    assert bad.state == "failed" and "malformed log" in bad.error
    app = App("")
    app.begin_import("game.json", text)
    assert app.replay.load is not None and "replay-progress" in app.regions()["notice"]
    fx = app.dispatch(Intent("replay-cancel"))
    assert app.replay.load.state == "cancelled" and fx.render
    app.finish_import(app.replay.load)
    assert app.replay.load is None and app.mode == "start"


def test_the_log_read_in_slices_refuses_what_parse_log_refuses_with_its_words() -> None:
    data = json.loads(_game_to_round_2().log_json())
    rng = random.Random(7)

    def mutated() -> str:
        d: Any = copy.deepcopy(data)
        kind = rng.randrange(8)
        if kind == 0:
            d["rounds"][rng.randrange(2)]["actions"][0]["kind"] = "zz"
        elif kind == 1:
            d["rounds"][1]["deck"][0] = "Q9"
        elif kind == 2:
            d["seats"] = []
            d["rounds"][1]["x"] = 1
        elif kind == 3:
            d["rounds"][1] = 5
        elif kind == 4:
            return json.dumps(d)[:-rng.randrange(1, 200)]
        elif kind == 5:
            return "[1, 2]"
        elif kind == 6:
            d["rounds"] = []
        else:
            d["zz"] = 1
        return json.dumps(d)

    for _ in range(60):
        text = mutated()
        with pytest.raises(LogError) as whole:
            parse_log(text)
        reading = read_log_in_slices(text)
        with pytest.raises(LogError) as sliced:
            while True:
                next(reading)
        assert str(sliced.value) == str(whole.value)


# --- position links and the editor ---------------------------------------------------------


@pytest.mark.parametrize("tail", ["&scores=5", "&names=Ann", "&uncalled=4", "&turn=3"])
def test_every_position_link_is_read_through_the_checked_reader(tail: str) -> None:
    query = "hands=R7+G5+W%2CB1+B2+Y3&top=R9" + tail
    for q in (query, "mode=editor&" + query, "embed=1&" + query):
        req = read_page(q)
        assert req.position is None and "cannot be shown" in req.error
    app = App("?mode=editor&lang=fi&" + query)
    app.boot()
    assert app.mode == "editor" and "Tämän linkin tilannetta ei voi näyttää" in app.regions()["notice"]


def test_editor_fields_out_of_range_say_why_and_keep_what_was_typed() -> None:
    ed = Editor(hands=[["R7"], ["B1"]], top="R9")
    ed.read_form({"seats": "2", "phase": "penalty", "pending": "999", "score-1": "-5",
                  "rule.hand_size": "999"})
    assert ed.pending == 2 and ed.scores == [0, 0] and ed.problem() == ""
    html = render_editor(ed, "https://x/index.html")
    assert "Cards to draw must be a whole number from 1 to 60; you typed &#x27;999&#x27;." in html
    assert 'value="-5" aria-invalid="true"' in html and "from 0 to 10,000,000" in html
    assert "Cards dealt must be a whole number from 1 to 30" in html
    ed.read_form({"seats": "10", "phase": "penalty", "pending": "7", "score-1": "40"})
    assert ed.pending == 7 and ed.scores[1] == 40 and not ed.errors.keys() & {"pending", "score-1"}
    assert len(ed.hands) == len(ed.names) == len(ed.scores) == 10
    ed.read_form({"phase": "play"})
    assert "pending" not in ed.errors
    render_editor(ed, "https://x/index.html", "fi")


def test_a_replay_step_builds_only_what_the_view_shows_and_the_same_view() -> None:
    from uno_web.web import view as V

    rp = LogReplay.from_json(_game_to_round_2().log_json())
    for cursor in range(len(rp.steps)):
        rp.go(cursor)
        whole = [(i, e) for i, st in enumerate(rp.steps[:cursor + 1]) for e in st.events]
        s = rp.current.state
        for tail in (3, V.MAX_LOG_LINES):
            part = rp.events_to_cursor(tail)
            assert part[-tail:] == whole[-tail:]
            assert V.round_scores(part, s.n, s.rules.scoring) == V.round_scores(whole, s.n, s.rules.scoring)
            assert V._last_played(part, s.round) == V._last_played(whole, s.round)
        assert rp.entries(last=4)[-4:] == rp.entries()[-4:]
        assert rp.action_number(cursor) == sum(
            1 for st in rp.steps[1:cursor + 1] if st.move is not None and st.move.kind != MoveKind.NEXT_ROUND)


def test_the_finnish_editor_shows_its_default_seat_names_in_finnish_and_links_keep_them() -> None:
    """A Finnish editor names the default seats "Sinä" and "Botti 1"; typed back they are the
    link's own names ("You", "Bot 1"), so a link reads the same in both languages, and a name
    a person typed is kept as it is."""
    import re as _re

    from uno_web.i18n.ui import translate_html

    ed = Editor()
    fi = translate_html(render_editor(ed, "https://example.org/", "fi"), "fi")
    values = _re.findall(r'data-testid="ed-name-\d" value="([^"]*)"|value="([^"]*)" maxlength="40"', fi)
    shown = [a or b for a, b in values]
    assert shown == ["Sinä", "Botti 1"], shown
    assert ">You<" not in fi and ">Bot 1<" not in fi
    ed.read_form({"name-0": "Sinä", "name-1": "Botti 1"})
    assert ed.names == ["You", "Bot 1"]
    ed.read_form({"name-0": "Ann", "name-1": "Botti"})
    assert ed.names == ["Ann", "Botti"]
    en = render_editor(ed, "https://example.org/", "en")
    assert 'value="Ann"' in en and 'value="Botti"' in en


# --- the draw pile facing a draw card ------------------------------------------------------


@pytest.mark.parametrize("preset, kind, held", [("official", MoveKind.ACCEPT, 4),
                                                ("letsuno-party", MoveKind.DRAW, 3)])
def test_the_draw_pile_takes_a_draw_card_the_way_the_rules_do(preset: str, kind: MoveKind,
                                                               held: int) -> None:
    # official: the pile takes the pending cards (A); letsuno's draw_takes_penalty: a draw
    # takes them, and A is refused (docs/rules.md)
    from uno_web.core.position import Position
    s = Session.from_position(Position(preset=preset, hands=["R1 R2", "G1 G2 G3"], top="B+2",
                                       turn=0, pending=2, phase="penalty"), bots="still")
    from uno_web.web.view import view
    assert view(s).actions.can_draw
    entry = s.draw()
    assert entry.ok and s.recorder.history[-1][0].kind == kind
    # official: both cards at once; letsuno (penalty_draw = one-by-one): the first of them,
    # and the second still owed
    assert len(s.state.hands[0]) == held and s.state.owed == 4 - held
