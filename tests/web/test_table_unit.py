"""The table's session, view and render on CPython (no browser): uno_web/web/{session,view,render}.

Scenario tests build a position (uno_web.core.position), put it in a session, send the intents
the controller sends for clicks, and check verdict codes, the view and the HTML hooks.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from uno_web.core import Move, MoveKind, Phase, RuleSet, legal_moves, parse_card
from uno_web.core.cards import card_str, color_code
from uno_web.core.gamelog import LogError, validate_log
from uno_web.core.position import Position, build_state
from uno_web.core.rules import PRESETS
from uno_web.web import render, view as view_mod
from uno_web.web.session import (
    HUMAN, LogReplay, SaveError, Session, TableSettings, make_table_bot, restore, suggest,
)
from uno_web.web.view import settings_from_form, start_view, view

SINGLE = {"scoring": "single-round"}


def session_at(pos: dict[str, Any], players: int | None = None, **settings: Any) -> Session:
    """A session whose game is replaced by a position (for scenario tests of the intents)."""
    n = players or len(pos["hands"])
    st = TableSettings(players=n, levels=["normal"] * (n - 1), **settings)
    s = Session(st, seed=1)
    names = st.seat_names()
    s.recorder.state = build_state(Position(names=names, **pos,
                                            preset=st.preset, overrides=st.overrides))
    return s


def hand_codes(s: Session) -> list[str]:
    return sorted(card_str(c) for c in s.state.hands[HUMAN])


def play_human_turn(s: Session) -> None:
    """What the browser test does: first playable card (first colour / target), else draw/keep."""
    st = s.state
    moves = s.human_moves()
    colors = [m.color for m in moves if m.kind == MoveKind.CHOOSE_COLOR]
    if colors:
        s.choose_color(color_code(colors[0]))
        return
    plays = sorted({m.card for m in moves if m.kind == MoveKind.PLAY})
    if plays:
        entry = s.click_card(card_str(plays[0]))
        if entry is None:
            assert s.choice is not None
            if s.choice.colors:
                s.choose_color(color_code(s.choice.colors[0]))
            else:
                s.choose_target(s.choice.targets[0])
        return
    if st.phase == Phase.DRAWN:
        s.keep()
    else:
        s.draw()


# ------------------------------------------------------------------------------------------
# settings


def test_settings_seats_and_levels() -> None:
    st = TableSettings(players=4, name="  Zoë  ", levels=["easy", "hard"])
    assert st.name == "Zoë"
    assert st.seat_names() == ["Zoë", "Ada", "Ben", "Cleo"]
    assert [st.level(i) for i in (1, 2, 3)] == ["easy", "hard", "hard"]
    seats = st.seats()
    assert seats[0].kind == "human" and seats[1].kind == "ai" and seats[2].level == "hard"
    assert st.rules() == RuleSet()
    with pytest.raises(ValueError):
        TableSettings(preset="nope")
    with pytest.raises(ValueError):
        TableSettings(players=11)


def test_bot_named_like_you_gets_another_name() -> None:
    assert TableSettings(players=2, name="Ada").seat_names() == ["Ada", "Ada (bot)"]


def test_table_bots_play_the_level_asked_for() -> None:
    from uno_web import ai

    for level in ("easy", "normal", "hard"):
        bot, real = make_table_bot(level)
        assert hasattr(bot, "choose") and hasattr(bot, "react") and hasattr(bot, "think")
        try:
            ai.make_bot(level)
        except (ImportError, ValueError):  # pragma: no cover - that level has not landed yet
            assert real != level
        else:
            assert real == level and bot.level == level


def test_table_bots_play_at_their_level() -> None:
    for level in ("easy", "normal", "hard"):
        bot, played = make_table_bot(level)
        assert played == level and bot.level == level
    assert make_table_bot("grandmaster")[1] == "easy"  # not a level: the easiest plays


# ------------------------------------------------------------------------------------------
# playing through intents


def test_playable_marks_come_from_legal_moves() -> None:
    s = Session(TableSettings(players=3, levels=["easy", "normal"]), seed=5)
    s.run_bots()
    tv = view(s)
    legal = {card_str(m.card) for m in legal_moves(s.state, HUMAN) if m.kind == MoveKind.PLAY}
    assert {c.code for c in tv.hand if c.playable} == legal
    assert sorted(c.code for c in tv.hand) == hand_codes(s)
    for c in tv.hand:
        assert c.label.endswith("playable")


def test_illegal_card_is_rejected_explained_and_changes_nothing() -> None:
    s = session_at({"hands": ["R5 G3 B7", "Y1 Y2"], "top": "R9", "turn": 0})
    before = s.state.snapshot()
    entry = s.click_card("G3")
    assert entry is not None and not entry.ok
    assert entry.code == "E_NO_MATCH"
    assert "matches neither" in entry.message
    assert entry.explanation and entry.rule
    assert "red 5" in entry.hint.lower() and "draw" in entry.hint and "R5" not in entry.hint
    assert s.state.snapshot() == before
    assert s.version == 0
    # the view shows it, newest first, and the live text carries the hint
    tv = view(s)
    assert tv.entries[0].code == "E_NO_MATCH"
    html = render.render_table(tv)
    assert 'data-code="E_NO_MATCH"' in html["validator"]
    assert "red 5" in html["latest"] and "E_NO_MATCH" not in html["latest"]
    assert 'data-testid="rejection" data-code="E_NO_MATCH"' in html["prompt"]
    # the sentence leads; the code is a small tag after it
    rejection = html["prompt"].split('data-testid="rejection"')[1]
    assert rejection.index("matches neither") < rejection.index('class="code"')
    entry = html["validator"].split('data-testid="validator-entry"')[1]
    assert entry.index("matches neither") < entry.index('class="code"')
    # a legal move clears the note next to your cards
    assert s.click_card("R5") is not None
    assert 'data-testid="rejection"' not in render.render_table(view(s))["prompt"]


def test_out_of_turn_click_is_e_not_turn() -> None:
    s = session_at({"hands": ["R5 G3", "Y1 Y2"], "top": "R9", "turn": 1})
    entry = s.click_card("R5")
    assert entry is not None and entry.code == "E_NOT_TURN"
    assert "Ada" in entry.hint  # "It is Ada's turn"
    assert hand_codes(s) == ["G3", "R5"]


def test_wild_asks_for_a_colour_then_plays_it() -> None:
    s = session_at({"hands": ["W R5 G3", "Y1 Y2"], "top": "B9", "turn": 0})
    assert s.click_card("W") is None
    assert s.choice is not None and s.choice.kind == "color"
    tv = view(s)
    assert tv.actions.color_picker == ("R", "Y", "G", "B")
    html = render.render_table(tv)["prompt"]
    assert 'data-testid="color-picker"' in html
    for c in "RYGB":
        assert f'data-color="{c}"' in html
    entry = s.choose_color("G")
    assert entry is not None and entry.ok and entry.code == "OK_PLAY"
    tv = view(s)
    assert tv.color == "G" and tv.color_differs and tv.top is not None and tv.top.code == "W"
    assert 'data-color="G"' in render.render_table(tv)["info"]


def test_cancelled_wild_is_e_wild_color_missing() -> None:
    s = session_at({"hands": ["W+4 R5", "Y1 Y2"], "top": "B9", "turn": 0})
    assert s.click_card("W+4") is None
    entry = s.cancel_choice()
    assert entry is not None and entry.code == "E_WILD_COLOR_MISSING"
    assert s.choice is None and hand_codes(s) == ["R5", "W+4"]


def test_unplayable_wild_gets_its_real_reason() -> None:
    s = session_at({"hands": ["W R5 G3", "Y1 Y2"], "top": "R9", "turn": 0},
                   overrides={"wild_last_resort": True})
    entry = s.click_card("W")
    assert entry is not None and entry.code == "E_WILD_NOT_LAST_RESORT"
    assert entry.move == "P0:W"  # the notation shows no stand-in colour


def test_seven_zero_asks_for_a_target() -> None:
    s = session_at({"hands": ["R7 G3 B1", "Y1 Y2", "G5"], "top": "R9", "turn": 0},
                   overrides={"seven_swap": True})
    assert s.click_card("R7") is None
    tv = view(s)
    assert [t for t, _ in tv.actions.target_picker] == [1, 2]
    assert 'data-testid="target-picker"' in render.render_table(tv)["prompt"]
    entry = s.choose_target(2)
    assert entry.ok and hand_codes(s) == ["G5"]


def test_draw_pile_draws_then_keep() -> None:
    s = session_at({"hands": ["G3 B1", "Y1 Y2"], "top": "R9", "turn": 0, "draw": "R2 Y3"})
    assert not any(c.playable for c in view(s).hand)
    assert "draw a card" in view(s).status
    entry = s.draw()
    assert entry.code == "OK_DRAW" and s.state.phase == Phase.DRAWN
    tv = view(s)
    assert tv.actions.keep and [c.code for c in tv.hand if c.drawn] == ["R2"]
    again = s.draw()
    assert again.code == "E_ALREADY_DREW" and "keep" in again.hint.lower()
    assert s.keep().code == "OK_PASS" and s.state.turn == 1


def test_draw_pile_accepts_a_penalty_and_challenge() -> None:
    s = session_at({"hands": ["G3 B1", "Y1 Y2"], "top": "R+2", "turn": 0, "phase": "penalty",
                    "pending": 2}, overrides={"stack_draw_two_on_draw_two": True})
    tv = view(s)
    assert tv.actions.can_draw and tv.actions.draw_label == "Take 2 cards" and tv.pending == 2
    entry = s.draw()
    assert entry.code == "OK_ACCEPT" and len(s.state.hands[0]) == 4
    s = session_at({"hands": ["G3 B1", "Y1 Y2"], "top": "W+4", "color": "R", "turn": 0,
                    "phase": "penalty", "pending": 4, "plus4_by": 1, "plus4_bluff": True})
    tv = view(s)
    assert tv.actions.challenge and tv.actions.accept
    assert s.challenge().code == "OK_CHALLENGE"
    assert len(s.state.hands[1]) == 6


def test_uno_call_and_catch() -> None:
    s = session_at({"hands": ["R5 R6", "Y1 Y2 Y3"], "top": "R9", "turn": 0})
    tv = view(s)
    assert tv.actions.uno
    assert 'data-enabled="true"' in render.render_table(tv)["prompt"]
    assert s.call_uno().code == "OK_UNO"
    assert s.click_card("R5") is not None
    assert view(s).actions.uno_called
    # an opponent that forgot: the catch button shows next to them
    s = session_at({"hands": ["R5 R6 G1", "Y1"], "top": "R9", "turn": 0, "uncalled": [1]})
    tv = view(s)
    assert tv.opponents[0].catchable
    assert 'data-testid="catch"' in render.render_table(tv)["opponents"]
    assert s.catch(1).code == "OK_CATCH" and len(s.state.hands[1]) == 3
    # catching nobody is explained
    assert s.catch(1).code == "E_NO_ONE_TO_CATCH"


def test_jump_in_is_offered_between_turns() -> None:
    s = session_at({"hands": ["R5 G3", "R5 Y2", "Y1 B3"], "top": "R4", "turn": 1},
                   overrides={"jump_in": True})
    # Ada (seat 1) plays R5, Ben is next: you hold an identical R5 and may jump in
    assert s.attempt(Move.play(1, parse_card("R5"))).ok
    assert [str(m) for m in s.human_jump_moves()] == ["P0:R5"]
    s.jump_window = True
    tv = view(s)
    assert [x.lower() for x in tv.actions.jump_in] == ["red 5"] and "Jump in" in tv.status
    assert 'data-testid="jump-window"' in render.render_table(tv)["prompt"]
    entry = s.click_card("R5")
    assert entry is not None and entry.code == "OK_JUMP_IN"


def test_bad_input_is_malformed_not_a_crash() -> None:
    s = Session(TableSettings(), seed=2)
    assert s.click_card("ZZ").code == "E_MALFORMED"  # type: ignore[union-attr]
    assert s.choose_color("purple").code == "E_MALFORMED"  # type: ignore[union-attr]
    assert s.choose_target(1).code == "E_MALFORMED"


# ------------------------------------------------------------------------------------------
# the bots


def test_ai_plan_goes_stale_when_you_move_first() -> None:
    s = session_at({"hands": ["R5 R6", "Y1 Y2 Y3"], "top": "R9", "turn": 1})
    plan = s.plan_ai()
    assert plan is not None and plan.kind == "turn" and plan.seat == 1
    move = s.decide(plan)
    s.call_uno()  # legal out of turn? no: two cards off turn -> refused, nothing changes
    assert s.entries[-1].code == "E_UNO_NOT_ALLOWED"
    assert s.commit_ai(plan, move) is not None  # still fresh
    plan2 = s.plan_ai()
    if plan2 is not None:
        s.version += 1  # somebody moved meanwhile
        assert s.commit_ai(plan2, s.decide(plan2)) is None


def _play_to_end(settings: TableSettings, seed: int, limit: int = 3000) -> Session:
    s = Session(settings, seed=seed)
    for _ in range(limit):
        s.run_bots()
        if s.state.phase == Phase.GAME_OVER:
            break
        if s.state.phase == Phase.ROUND_OVER:
            assert s.next_round().ok
            continue
        assert s.state.turn == HUMAN
        play_human_turn(s)
    assert s.state.phase == Phase.GAME_OVER
    return s


@pytest.mark.parametrize("levels", [["easy"], ["normal", "easy", "normal"]])
def test_whole_game_against_bots_gives_a_valid_log(levels: list[str]) -> None:
    st = TableSettings(players=len(levels) + 1, levels=levels, overrides=SINGLE)  # type: ignore[arg-type]
    s = _play_to_end(st, seed=3)
    assert all(e.ok for e in s.entries if e.seat != HUMAN)  # bots only make legal moves
    report = validate_log(s.log_json())
    assert report.valid and report.finished and report.winner == s.state.winner
    tv = view(s)
    assert tv.summary is not None and tv.summary.game_over
    html = render.render_table(tv)["overlay"]
    assert 'data-testid="game-over"' in html and 'data-testid="play-again"' in html
    assert tv.deck_message == "108 cards accounted for"


def test_target_scoring_has_round_over_and_next_round() -> None:
    """Several rounds: the summary, next round, and the score table per round add up."""
    st = TableSettings(players=3, levels=["easy", "easy"], overrides={"target_score": 400})
    s = Session(st, seed=11)
    seen_round_over = False
    for _ in range(5000):
        s.run_bots()
        if s.state.phase == Phase.GAME_OVER:
            break
        if s.state.phase == Phase.ROUND_OVER:
            seen_round_over = True
            tv = view(s)
            assert tv.summary is not None and not tv.summary.game_over
            html = render.render_table(tv)
            assert 'data-testid="round-over"' in html["overlay"] and "this round" in html["overlay"]
            played = sum(1 for r in tv.scores[0].per_round)
            assert played == s.state.round and f'data-rounds="{played}"' in html["scores"]
            assert [sum(r.per_round) for r in tv.scores] == list(s.state.scores)
            assert s.next_round().code == "OK_NEXT_ROUND"
            continue
        play_human_turn(s)
    assert s.state.phase == Phase.GAME_OVER
    assert seen_round_over and s.state.round > 1
    assert validate_log(s.log_json()).valid


def test_playing_cards_deck() -> None:
    st = TableSettings(players=2, levels=["easy"], preset="playing-cards", overrides=SINGLE)
    s = _play_to_end(st, seed=4)
    assert validate_log(s.log_json()).valid
    s2 = Session(st, seed=4)
    tv = view(s2)
    assert all(c.deck == "suits" for c in tv.hand)
    assert tv.colors == ("H", "D", "C", "S")
    html = render.render_table(tv)["hand"]
    assert any(sym in html for sym in "♥♦♣♠")


# ------------------------------------------------------------------------------------------
# saving, restoring, replaying


def test_save_restore_round_trip() -> None:
    st = TableSettings(players=3, levels=["easy", "normal"])
    s = Session(st, seed=8)
    for _ in range(6):
        s.run_bots()
        play_human_turn(s)
    s.click_card("ZZ")  # a rejected attempt: not saved (the save holds only the moves made)
    saved = s.to_save()
    # only what cannot be derived: the settings, the seed, the moves in notation
    data = json.loads(saved)
    assert set(data) == {"format", "version", "settings", "seed", "moves"}
    assert "deck" not in saved and "entries" not in saved and "hands" not in saved
    r = restore(saved)
    assert r.state.snapshot() == s.state.snapshot()
    assert r.version == s.version
    # the validator's entries are rebuilt by replaying the moves through the validator
    assert [(e.move, e.code, e.message) for e in r.entries] == [
        (e.move, e.code, e.message) for e in s.entries if e.ok]
    assert r.log_json() == s.log_json()
    # and the restored game goes on identically
    r.run_bots()
    s.run_bots()
    assert r.state.snapshot() == s.state.snapshot()


@pytest.mark.parametrize("mutate", [
    lambda t: t[: len(t) // 2],  # truncated JSON
    lambda t: "null",
    lambda t: json.dumps({"format": "something-else"}),
    lambda t: t.replace('"format":"uno-web-table"', '"format":"uno-web-table","extra":1'),
    lambda t: t.replace('"version":2', '"version":1'),  # another version of the table
    lambda t: re.sub(r'"moves":\["', '"moves":["P0:B+2","', t, count=1),  # a move that is refused
    lambda t: re.sub(r'"moves":\["', '"moves":["' + "9" * 5000 + '","', t, count=1),  # not a move
    lambda t: t.replace('"levels":["easy"]', '"levels":["god"]'),  # settings edited by hand
    lambda t: t.replace('"players":2', '"players":true'),  # strict JSON types
    lambda t: re.sub(r'"seed":(\d+)', r'"seed":"\1"', t),
    lambda t: t.replace('"overrides":{}', '"overrides":{"hand_size":0}'),
])
def test_corrupted_saves_are_refused_with_a_reason(mutate: Any) -> None:
    s = Session(TableSettings(players=2, levels=["easy"]), seed=8)
    for _ in range(4):
        s.run_bots()
        play_human_turn(s)
    saved = s.to_save()
    text = mutate(saved)
    assert text != saved
    with pytest.raises(SaveError) as info:
        restore(text)
    assert str(info.value) and len(str(info.value)) < 400  # short: never the whole value


def test_replay_steps_through_a_log() -> None:
    s = _play_to_end(TableSettings(players=2, levels=["easy"], overrides=SINGLE), seed=6)
    rp = LogReplay.from_json(s.log_json())
    actions = len(s.recorder.history)
    assert len(rp.steps) == actions + 1 and rp.failure is None
    tv = view_mod.replay_view(rp)
    assert tv.mode == "replay" and tv.replay_pos == 0 and tv.replay_len == actions
    assert all(o.cards for o in tv.opponents)  # every hand is shown in a replay
    rp.step(+3)
    tv = view_mod.replay_view(rp)
    assert tv.replay_pos == 3 and len(tv.entries) == 3
    html = render.render_table(tv)
    assert 'data-testid="replay-bar"' in html["replay"] and html["prompt"] == ""
    rp.go(10**6)
    assert rp.at_end and view_mod.replay_view(rp).summary is not None


def test_replay_of_a_tampered_log_stops_at_the_illegal_action() -> None:
    s = _play_to_end(TableSettings(players=2, levels=["easy"], overrides=SINGLE), seed=6)
    log = json.loads(s.log_json())
    actions = log["rounds"][0]["actions"]
    idx = [i for i, a in enumerate(actions) if a["kind"] == "play" and a["seat"] == 0][-1]
    actions[idx] = {"kind": "play", "seat": 1, "card": "R5"}
    rp = LogReplay.from_json(json.dumps(log))
    assert rp.failure is not None and rp.failure.code in ("E_NOT_TURN", "E_CARD_NOT_OWNED")
    rp.go(10**6)
    tv = view_mod.replay_view(rp)
    assert tv.entries[0].code == rp.failure.code and tv.replay_problem
    # the replay and `python -m uno_web validate` count the same action the same way
    from uno_web.core.gamelog import validate_log

    report = validate_log(json.dumps(log))
    assert report.failure is not None
    number = report.failure["action_number"]
    assert number == idx + 1 and report.failure["index"] == idx
    assert f"action {number} (counted from 1 over the whole log)" in tv.replay_problem
    assert report.failure["where"] in tv.replay_problem
    if idx > 0:  # the step before the refused action says its own number
        rp.go(idx)
        assert f"action {idx} (counted from 1" in view_mod.replay_view(rp).status
    with pytest.raises(LogError):
        LogReplay.from_json("{not json")
    with pytest.raises(LogError):
        LogReplay.from_json(json.dumps({"format": "uno-web-log", "version": 1}))


# ------------------------------------------------------------------------------------------
# the log panel hides other players' cards


def test_log_hides_other_players_drawn_cards() -> None:
    s = session_at({"hands": ["G3 B1", "Y1 Y2"], "top": "R9", "turn": 1, "draw": "B2 R2 Y3"})
    assert s.attempt(Move.draw(1)).ok  # Ada draws B2 (no match: the turn passes)
    tv = view(s)
    text = " ".join(line.text for line in tv.log)
    assert "Ada drew 1 card" in text and "B2" not in text
    s.draw()  # you draw R2: you see it
    text = " ".join(line.text for line in view(s).log)
    assert "you drew 1 card: red 2" in text.lower() and "R2" not in text


# ------------------------------------------------------------------------------------------
# render


def test_render_hooks_and_escaping() -> None:
    st = TableSettings(players=3, name="<img src=x onerror=alert(1)>", levels=["easy", "hard"])
    s = Session(st, seed=2)
    s.run_bots()
    html = render.render_table(view(s))
    joined = "".join(html.values())
    assert "<img src=x" not in joined and "&lt;img src=x" in joined
    assert 'data-testid="hand"' in html["hand"]
    assert html["hand"].count("data-card=") == len(s.state.hands[0])
    assert re.search(r'data-testid="draw-pile"', html["draw"])
    assert re.search(r'data-testid="discard"[^>]*>.*data-card="', html["discard"])
    assert 'data-testid="current-color"' in html["info"]
    assert 'data-testid="turn" data-seat="' in html["info"]
    assert html["opponents"].count('data-testid="opponent"') == 2
    assert 'data-testid="uno-button"' in html["prompt"]
    assert "108 cards accounted for" in html["validator"]
    for c in view(s).hand:  # the spoken label names the card; the printed face is hidden
        assert f'<span class="sr-only">{c.label}</span>' in html["hand"]
    assert not re.search(r'<button[^>]*aria-label', html["hand"])


def test_every_card_renders() -> None:
    from uno_web.core.cards import ALL_CARDS

    for card in ALL_CARDS:
        html = render.render_card(view_mod.card_view(card, playable=True), button=True)
        assert f'data-card="{card_str(card)}"' in html and 'data-playable="true"' in html


# ------------------------------------------------------------------------------------------
# the start screen


def test_start_view_lists_every_rule_with_help() -> None:
    sv = start_view(TableSettings(players=3, levels=["easy", "hard"]))
    assert [f.name for f in sv.fields] == list(RuleSet.model_fields)
    assert all(f.description for f in sv.fields)
    kinds = {f.name: f.kind for f in sv.fields}
    assert kinds["jump_in"] == "bool" and kinds["scoring"] == "choice" and kinds["hand_size"] == "int"
    assert [p for p, _t, _d in sv.presets] == list(PRESETS)
    # players read titles, not keys and not where a preset comes from
    assert all(t and t != p for p, t, _d in sv.presets)
    html = render.render_start(sv)["start"]
    for name in RuleSet.model_fields:
        assert f'name="rule.{name}"' in html
    assert html.count('name="preset"') == len(PRESETS)
    assert 'data-testid="level-2"' in html and 'data-testid="start-game"' in html
    assert "<code>playing-cards</code>" in html and "`" not in html


def test_settings_from_form() -> None:
    prev = TableSettings(players=2, levels=["easy"])
    rule_fields = {f"rule.{f.name}": str(f.value) for f in view_mod.rule_fields(RuleSet(), "official")
                   if f.kind != "bool"}
    bools = {f"rule.{f.name}": "on" for f in view_mod.rule_fields(RuleSet(), "official")
             if f.kind == "bool" and f.value}
    form = {"players": "4", "name": "Kim", "level.1": "hard", "level.2": "normal",
            "preset": "official", **rule_fields, **bools}
    form["rule.jump_in"] = "on"
    form["rule.scoring"] = "single-round"
    form["rule.hand_size"] = "99"
    del form["rule.uno_call"]  # unchecked
    st, errors, raw = settings_from_form(form, prev)
    assert st.players == 4 and st.name == "Kim" and st.levels == ("hard", "normal", "easy")
    # an out-of-range number is refused with a message, never clamped silently
    assert st.overrides == {"jump_in": True, "scoring": "single-round", "uno_call": False}
    assert set(errors) == {"hand_size"} and "99" in errors["hand_size"] and raw == {"hand_size": "99"}
    form["rule.hand_size"] = "9"
    st, errors, raw = settings_from_form(form, prev)
    assert errors == {} and st.overrides["hand_size"] == 9
    # changing the preset drops the toggles: the new preset's values show
    st2, _e, _r = settings_from_form({**form, "preset": "house-party"}, st)
    assert st2.preset == "house-party" and st2.overrides == {}
    # nonsense keeps the previous values
    st3, _e, _r = settings_from_form({"players": "x", "preset": "nope", "level.1": "godlike"}, prev)
    assert st3.players == 2 and st3.preset == "official" and st3.levels == ("easy",)


def test_suggest_covers_the_phases() -> None:
    s = session_at({"hands": ["G3 B1", "Y1 Y2"], "top": "W", "turn": 0, "phase": "choose-color"})
    assert "colour" in suggest(s.state)
    s = session_at({"hands": ["G3 B1", "Y1 Y2"], "top": "R+2", "turn": 0, "phase": "penalty",
                    "pending": 2}, overrides={"stack_draw_two_on_draw_two": True})
    assert "take the 2 cards" in suggest(s.state)
