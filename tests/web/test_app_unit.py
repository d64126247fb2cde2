"""The page's logic without a browser: uno_web.web.app (intents in, effects out) and
uno_web.web.motion. The controller only carries out what these return."""

from __future__ import annotations

from typing import Any

import pytest

from uno_web.core import Move, Phase
from uno_web.core.cards import parse_card
from uno_web.web.app import App, Intent, Prefs, storage_keys
from uno_web.web.motion import motions, motions_of
from uno_web.web.session import SPEED_NAMES, SPEEDS, TableSettings
from uno_web.web.view import callout_text, view

CHALLENGE = ("?hands=R1+G5+B7%2CY3+Y4+R8&top=W%2B4&color=B&phase=penalty&pending=4"
             "&plus4_by=1&plus4_bluff=1&bots=still")
CHALLENGE_LEGAL = ("?hands=R1+G5+B7%2CY3+Y4+G8&top=W%2B4&color=B&phase=penalty&pending=4"
                   "&plus4_by=1&plus4_bluff=0&bots=still")


def table(query: str) -> App:
    app = App(query)
    app.boot()
    assert app.mode == "table" and app.table.session is not None
    return app


# --- storage --------------------------------------------------------------------------------


def test_storage_keys_are_scoped_to_the_sites_path() -> None:
    a = storage_keys("/uno/index.html")
    assert a == storage_keys("/uno/")  # the page and its folder are one site
    b = storage_keys("/other/index.html")
    assert {a.table, a.settings, a.prefs}.isdisjoint({b.table, b.settings, b.prefs})
    assert storage_keys("/").table != storage_keys("/uno/").table
    assert len({a.table, a.settings, a.prefs}) == 3


def test_prefs_round_trip_and_bad_values_fall_back() -> None:
    p = Prefs(speed="slow", sound=True)
    assert Prefs.from_json(p.to_json()) == p
    for bad in ("", "{", "[]", '{"speed": "warp", "sound": "yes"}', "null"):
        assert Prefs.from_json(bad) == Prefs()


def test_speed_choice_is_stored_and_wins_over_the_address() -> None:
    app = App("?speed=fast")
    app.use_storage(saved=None, settings=None, prefs=Prefs(speed="slow").to_json())
    assert app.speed_name == "fast"  # the address, for this page only
    fx = app.dispatch(Intent("speed", value="instant"))
    assert fx.store_prefs and app.prefs.speed == "instant" and app.speed_name == "instant"
    assert app.speed.turn == 0 and app.speed.travel == 0
    fx = app.dispatch(Intent("speed", value="ludicrous"))
    assert not fx.store_prefs and app.prefs.speed == "instant" and "ludicrous" in app.notice
    assert list(SPEED_NAMES) == ["instant", "fast", "normal", "slow"]
    assert [SPEEDS[n].turn for n in SPEED_NAMES] == sorted(SPEEDS[n].turn for n in SPEED_NAMES)


def test_sound_is_off_by_default_and_toggles() -> None:
    app = App("")
    assert not app.prefs.sound and app.body_data()["sound"] == "off"
    fx = app.dispatch(Intent("sound"))
    assert fx.store_prefs and app.prefs.sound and app.body_data()["sound"] == "on"


def test_an_embed_never_reads_storage() -> None:
    app = App("?embed=1&hands=R1%2CG2&top=R3")
    app.use_storage(saved="garbage", settings="garbage", prefs=Prefs(sound=True).to_json())
    fx = app.boot()
    assert not app.prefs.sound and not fx.remove_save and app.notice == ""


def test_a_save_that_trips_a_bug_is_discarded_not_fatal(monkeypatch: Any) -> None:
    import uno_web.web.app as app_mod

    def boom(text: str) -> Any:
        raise KeyError("unexpected")

    monkeypatch.setattr(app_mod, "restore", boom)
    app = App("")
    app.use_saved("{}")  # as the vault opened it
    fx = app.boot()
    assert fx.remove_save and app.mode == "start" and "KeyError" in app.notice


def test_a_broken_save_is_discarded_with_a_message() -> None:
    app = App("")
    app.use_storage(saved='{"format": "nope"}', settings=None, prefs=None)
    fx = app.boot()
    assert fx.remove_save and app.mode == "start" and "could not be restored" in app.notice


# --- the start screen -----------------------------------------------------------------------


def start_form(**rules: str) -> dict[str, str]:
    form = {"players": "3", "name": "Kim", "level.1": "easy", "level.2": "normal",
            "preset": "official", "rule.uno_call": "on"}
    form.update({f"rule.{k}": v for k, v in rules.items()})
    return form


def test_an_out_of_range_number_is_refused_inline_and_never_changed() -> None:
    app = App("")
    fx = app.dispatch(Intent("start", form=start_form(target_score="0")))
    assert app.mode == "start" and app.table.session is None and fx.focus == "field-error"
    assert "target_score" in app.start.field_errors and "0" in app.start.field_errors["target_score"]
    html = app.regions()["start"]
    assert 'data-testid="rule-target_score-error"' in html and 'value="0"' in html
    assert 'aria-invalid="true"' in html
    # fixed: it deals, with the value typed
    fx = app.dispatch(Intent("start", form=start_form(target_score="200")))
    assert app.mode == "table" and app.table.session is not None and fx.save and fx.kick
    assert app.table.session.rules.target_score == 200 and app.start.field_errors == {}


def test_a_form_change_keeps_what_was_typed() -> None:
    app = App("")
    app.dispatch(Intent("form", form=start_form(hand_size="abc")))
    assert app.start.field_errors and app.start.raw_values["hand_size"] == "abc"
    assert 'value="abc"' in app.regions()["start"]


def test_dealing_starts_at_the_hand_and_stores_the_settings() -> None:
    app = App("")
    app.deal_seed = 4  # the tests' hook (the controller reads window.unoWebDealSeed)
    fx = app.dispatch(Intent("start", form=start_form()))
    assert fx.focus == "hand" and fx.store_settings and fx.url is None
    assert app.table.session is not None and app.table.session.seed == 4


def test_a_seed_in_the_address_never_chooses_a_live_deal() -> None:
    """?seed=N would let a player pick (and, with the CLI, read) the deal: it only chooses
    puzzles and positions; the page says so."""
    seeds = set()
    for _ in range(3):
        app = App("?seed=4")
        app.boot()
        assert "always dealt at random" in app.notice
        app.dispatch(Intent("start", form=start_form()))
        assert app.table.session is not None
        seeds.add(app.table.session.seed)
    assert 4 not in seeds and len(seeds) == 3


@pytest.mark.parametrize("query, field", [
    ("speed=warp", "speed"), ("delay=soon", "delay"), ("mode=chess", "mode"),
    ("mode=solitaire&n=400", "n"), ("mode=solitaire&difficulty=extreme", "difficulty"),
    ("mode=duel&hand=x", "hand"), ("mode=duel&rule=poker", "rule"),
    ("hands=R1+R2,B1&top=R9&bots=foo", "bots"), ("seed=" + "9" * 40, "seed"),
])
def test_bad_address_values_are_said_with_a_short_excerpt(query: str, field: str) -> None:
    app = App("?" + query + "x" * 100_000 if field == "speed" else "?" + query)
    app.boot()
    assert f"{field}=" in app.notice, app.notice
    assert len(app.notice) < 600  # a 100 kB value never fills the notice


# --- the table ------------------------------------------------------------------------------


def test_escape_on_the_colour_picker_returns_to_the_card_not_the_draw_pile() -> None:
    app = table("?hands=W+R5%2CY3+Y4&top=G9&bots=still")
    fx = app.dispatch(Intent("card", card=parse_card("W")))
    assert fx.focus == "picker" and app.table.session is not None and app.table.session.choice is not None
    intent = app.key_intent("Escape")
    assert intent is not None and intent.action == "cancel"
    fx = app.dispatch(intent)
    assert fx.focus == "card:W"
    assert app.table.session.version == 0  # nothing was played or drawn


def test_catch_moves_the_focus_to_your_hand() -> None:
    app = table("?hands=R3+G4+B5%2CY7&top=Y2&uncalled=1&bots=still")
    s = app.table.session
    assert s is not None
    fx = app.dispatch(Intent("catch", seat=1))
    assert fx.focus == "hand" and s.version == 1 and len(s.state.hands[1]) == 3


def test_challenge_buttons_say_what_happens_and_the_bluffers_hand_is_shown() -> None:
    app = table(CHALLENGE)
    tv = view(app.table.session)  # type: ignore[arg-type]
    assert "draws 4" in tv.challenge_text and "you draw 6" in tv.challenge_text
    assert "Take the 4 cards" in tv.accept_text
    assert 'data-testid="challenge-stakes"' in app.regions()["prompt"]
    app.dispatch(Intent("challenge"))
    tv = view(app.table.session)  # type: ignore[arg-type]
    assert "bluff" in tv.reveal_title and [c.code for c in tv.reveal_cards] == ["R8", "Y3", "Y4"]
    assert 'data-testid="challenge-reveal"' in app.regions()["prompt"]
    # the reveal lasts until your next move
    s = app.table.session
    assert s is not None
    s.click_card("R1")  # refused (blue is in play): the hand stays shown
    assert s.reveal is not None
    s.click_card("B7")
    assert s.reveal is None and view(s).reveal_cards == ()


def test_a_legal_wild_draw_four_is_shown_as_legal() -> None:
    app = table(CHALLENGE_LEGAL)
    app.dispatch(Intent("challenge"))
    tv = view(app.table.session)  # type: ignore[arg-type]
    assert "allowed" in tv.reveal_title and len(tv.reveal_cards) == 3


def test_keys_map_to_intents() -> None:
    app = table("?hands=R5+G3%2CY1+Y2&top=R9&bots=still")
    assert app.key_intent("d") == Intent("draw")
    assert app.key_intent("ArrowRight") == Intent("focus-next")
    assert app.key_intent("x") is None
    assert app.key_intent("?") == Intent("help")


# --- what the table says and shows after a move ---------------------------------------------


def test_callout_names_cards_in_words_and_says_whose_turn() -> None:
    app = table("?hands=R5+G3%2CR7+Y2%2CB1+B2&top=R9&turn=1&draw=G9+G8&bots=still")
    s = app.table.session
    assert s is not None
    assert s.attempt(Move.play(1, parse_card("R7"))).ok
    text, who = callout_text(s)
    assert who == 1 and "red 7" in text.lower() and "R7" not in text
    assert s.state.turn == 2 and text.endswith("is next.")
    assert s.attempt(Move.draw(2)).ok
    text, _ = callout_text(s)
    # Cleo drew a green 9 that does not fit: her turn passes to you
    assert "drew 1 card" in text and s.state.turn == 0 and text.endswith("Your turn.")


def test_motions_follow_the_events() -> None:
    app = table("?hands=R5+G3%2CR%2B2+Y2%2CB1+B2&top=R9&turn=1&bots=still")
    s = app.table.session
    assert s is not None
    assert s.attempt(Move.play(1, parse_card("R+2"))).ok
    ms = motions(s.recorder.history, 0)
    assert ms[0].kind == "play" and ms[0].seat == 1 and ms[0].card == "R+2"
    assert any(m.kind == "draw" and m.seat == 2 and m.count == 2 for m in ms)
    assert any(m.kind == "burst" and m.text == "Skipped" and m.seat == 2 for m in ms)
    assert motions(s.recorder.history, 1) == []
    assert ms[0].sound == "play"


def test_uno_and_catch_bursts() -> None:
    app = table("?hands=R3+G4+B5%2CY7&top=Y2&uncalled=1&bots=still")
    s = app.table.session
    assert s is not None
    s.catch(1)
    texts = [m.text for m in motions_of(s.recorder.history[-1][1]) if m.kind == "burst"]
    assert texts == ["Caught!"]


def test_last_card_per_seat_and_round_end_reveal() -> None:
    app = table("?hands=R5%2CR7+Y2%2CB1+B2&top=R9&turn=1&draw=G9+G8&bots=still")
    s = app.table.session
    assert s is not None
    assert s.attempt(Move.play(1, parse_card("R7"))).ok
    tv = view(s)
    last = {o.seat: (o.last_card.code if o.last_card else "") for o in tv.opponents}
    assert last == {1: "R7", 2: ""}
    assert s.attempt(Move.draw(2)).ok  # a green 9 that does not fit: the turn passes
    assert s.state.turn == 0
    s.click_card("R5")  # you go out
    assert s.state.phase >= Phase.ROUND_OVER
    tv = view(s)
    assert tv.you_last is not None and tv.you_last.code == "R5"
    opp = {o.seat: o for o in tv.opponents}
    assert [c.code for c in opp[1].cards] == ["Y2"] and opp[1].hand_points == 2
    html = app.regions()["overlay"]
    assert html.count('data-testid="revealed-hand"') == 3
    assert html.index('data-testid="round-hands"') < html.index('data-testid="round-scores"')
    assert "You score" in html and "You scores" not in html


def test_table_settings_speed_is_not_a_game_setting() -> None:
    # the bot speed lives in Prefs, not in TableSettings (which is saved with the game)
    assert "speed" not in TableSettings().to_dict()
