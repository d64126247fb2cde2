"""Pass-and-play without a browser: the setup, the seats, the privacy screen, whose hand each
screen holds, the out-of-turn buttons and who makes those moves, saves and logs
(uno_web/web/passplay.py, docs/table.md "Play with friends on this device")."""

from __future__ import annotations

import json
import random
import re

import pytest

from uno_web.core import Move, MoveKind, Phase, legal_moves, new_game
from uno_web.core.cards import IS_WILD, card_str, parse_card, parse_color
from uno_web.core.gamelog import validate_log
from uno_web.web import passplay
from uno_web.web.app import App, Intent
from uno_web.web.passplay import Setup, setup_from_form
from uno_web.web.session import Session, SettingsError, TableSettings, restore

CARD = re.compile(r'data-card="([^"]+)"')


def _people_settings(**kw: object) -> TableSettings:
    base: dict[str, object] = {"players": 3, "name": "Ann", "levels": ("normal", "easy"),
                               "people": ("Ann", "Ben", ""),
                               "overrides": {"scoring": "single-round"}}
    base.update(kw)
    return TableSettings(**base)  # type: ignore[arg-type]


# --- settings and setup ---------------------------------------------------------------------


def test_people_name_seats_and_bots_take_free_names() -> None:
    st = _people_settings()
    assert st.person_seats() == frozenset({0, 1})
    assert st.seat_names() == ["Ann", "Ben", "Ada"]  # "Ben" is a person: the bot is Ada
    assert [(x.name, x.kind) for x in st.seats()] == [("Ann", "human"), ("Ben", "human"),
                                                      ("Ada", "ai")]
    st2 = _people_settings(people=("Ann", "", "Ada"))
    assert st2.seat_names() == ["Ann", "Ben", "Ada"]
    assert TableSettings(players=3, levels=("easy",)).person_seats() == frozenset({0})
    # a table against bots keeps its names and its saved form (no "people" key)
    plain = TableSettings(players=3, name="Ben", levels=("easy",))
    assert plain.seat_names() == ["Ben", "Ada", "Ben (bot)"]
    assert "people" not in plain.to_dict()
    assert TableSettings.from_dict(st.to_dict()) == st


@pytest.mark.parametrize("people, why", [
    (("", "Ben", ""), "seat 1 must be a person"),
    (("Ann", "ann", ""), "same name"),
    (("Ann", "Ben"), "every seat"),
    (("Ann", 7, ""), "seat 2"),
    (("Ann", "B" * 41, ""), "longer than 40"),
    ("Ann", "list of names"),
])
def test_bad_people_are_refused_with_a_reason(people: object, why: str) -> None:
    with pytest.raises(SettingsError, match=why):
        _people_settings(people=people)


def test_the_setup_form_reads_seats_names_and_rules() -> None:
    form = {"players": "4", "kind.1": "person", "pname.0": " Ann  Lee ", "pname.1": "Ben",
            "kind.2": "hard", "kind.3": "easy", "preset": "house-party"}
    setup, errors, _raw = setup_from_form(form, Setup())
    assert not errors
    st = setup.table_settings()
    assert st.players == 4 and st.preset == "house-party"
    assert st.people == ("Ann Lee", "Ben", "", "")
    assert st.level(2) == "hard" and st.level(3) == "easy"
    # seat 1 cannot become a bot; a seat switched to a bot and back keeps its name
    setup, _e, _r = setup_from_form({"kind.0": "easy", "kind.1": "easy"}, setup)
    assert setup.kinds[0] == "person" and setup.kinds[1] == "easy"
    setup, _e, _r = setup_from_form({"kind.1": "person"}, setup)
    assert setup.table_settings().people[1] == "Ben"


@pytest.mark.parametrize("form, why", [
    ({"players": "2", "kind.1": "easy"}, "at least two people"),
    ({"players": "2", "kind.1": "person", "pname.1": "  "}, "Seat 2 is a person"),
    ({"players": "2", "kind.1": "person", "pname.0": "Ann", "pname.1": "ANN"}, "same name"),
])
def test_the_setup_refuses_what_cannot_be_dealt(form: dict[str, str], why: str) -> None:
    app = _app()
    app.dispatch(Intent("friends"))
    fx = app.dispatch(Intent("friends-start", form=form))
    assert app.mode == "friends" and app.table.session is None
    assert why in app.friends.error and fx.focus == "friends-error"
    assert why in app.regions()["start"]


def test_an_out_of_range_rule_is_refused_not_changed() -> None:
    app = _app()
    app.dispatch(Intent("friends"))
    app.dispatch(Intent("friends-start", form={"players": "2", "kind.1": "person",
                                                "rule.hand_size": "99"}))
    assert app.mode == "friends" and app.table.session is None
    assert 'aria-invalid="true"' in app.regions()["start"]


def test_the_start_screen_offers_it_and_passes_its_rules_on() -> None:
    app = _app()
    assert 'data-action="friends"' in app.regions()["start"]
    app.dispatch(Intent("friends", form={"players": "2", "preset": "house-party"}))
    assert app.mode == "friends" and app.friends.setup.preset == "house-party"
    html = app.regions()["start"]
    assert 'data-testid="friends-screen"' in html and 'data-change="friends-form"' in html
    app.dispatch(Intent("friends-back"))
    assert app.mode == "start"


# --- the table ------------------------------------------------------------------------------


def _app(seed: int = 1) -> App:
    app = App("?speed=instant")
    app.boot()
    app.deal_seed = seed
    return app


def _deal(app: App, form: dict[str, str]) -> None:
    app.dispatch(Intent("friends"))
    app.dispatch(Intent("friends-start", form=form))
    assert app.mode == "table", app.friends.error


def _form(**fields: str) -> dict[str, str]:
    """The setup form as the page posts it: every rule field of the preset (a checkbox that
    is on posts "on"), then ``fields`` (``rule.X`` keys by their form names)."""
    from uno_web.core.rules import PRESETS
    from uno_web.web.view import rule_fields

    preset = fields.get("preset", "official")
    out = {"preset": preset}
    for fv in rule_fields(PRESETS[preset], preset):
        if fv.kind == "bool":
            if fv.value:
                out[f"rule.{fv.name}"] = "on"
        else:
            out[f"rule.{fv.name}"] = str(fv.value)
    out.update(fields)
    return out


_TWO_AND_A_BOT = _form(**{"players": "3", "kind.1": "person", "pname.0": "Ann",
                          "pname.1": "Ben", "kind.2": "easy", "rule.scoring": "single-round"})


def _hand_cards(html: str) -> list[str]:
    """The cards of the hand on screen (not the last card played, shown beside the name)."""
    return CARD.findall(html.split('data-testid="hand"', 1)[1]) if 'data-testid="hand"' in html else []


def _check_privacy(app: App) -> None:
    """What every screen of a pass-and-play game may hold: the hand on screen is the shown
    person's, nobody else's cards are anywhere (but at the round's end), and the validator
    shows no refused attempt of another person."""
    s = app.table.session
    assert s is not None
    regions = app.regions()
    data = app.body_data()
    st = s.state
    page = "".join(regions.values())
    if st.phase >= Phase.ROUND_OVER:
        return
    shown = int(data["ppShown"]) if data["ppShown"] else -1
    if shown >= 0:
        assert sorted(_hand_cards(regions["hand"])) == sorted(card_str(c) for c in st.hands[shown])
        assert "privacy-screen" not in regions["overlay"]
    else:
        assert not _hand_cards(regions["hand"]), "a hand on screen while nobody holds it"
    assert 'class="fan open"' not in regions["opponents"]
    for seq in re.findall(r'data-testid="validator-entry"[^>]*data-ok="false" data-seat="(\d+)"',
                          page):
        assert int(seq) == shown or int(seq) not in s.humans


def _person_intents(app: App, rng: random.Random) -> None:
    """The person on screen makes a legal move through the page's intents."""
    s = app.table.session
    assert s is not None
    seat = int(app.body_data()["ppShown"])
    moves = legal_moves(s.state, seat)
    assert moves, "a person's screen with nothing to do"
    kinds = {m.kind for m in moves}
    if MoveKind.CALL_UNO in kinds and rng.random() < 0.5:
        app.dispatch(Intent("uno"))
        return
    m = rng.choice([m for m in moves if m.kind not in (MoveKind.CALL_UNO, MoveKind.CATCH)]
                   or moves)
    if m.kind == MoveKind.PLAY:
        app.dispatch(Intent("card", card=m.card))
        if s.choice is not None and s.choice.colors:
            app.dispatch(Intent("color", color=s.choice.colors[0]))
        elif s.choice is not None:
            app.dispatch(Intent("target", seat=s.choice.targets[0]))
    elif m.kind == MoveKind.CHOOSE_COLOR:
        app.dispatch(Intent("color", color=m.color))
    else:
        name = {MoveKind.DRAW: "draw", MoveKind.PASS: "keep", MoveKind.ACCEPT: "accept",
                MoveKind.CHALLENGE: "challenge", MoveKind.CALL_UNO: "uno"}[m.kind]
        if m.kind == MoveKind.CATCH:
            app.dispatch(Intent("catch", seat=m.target))
        else:
            app.dispatch(Intent(name))


def _play_round(app: App, rng: random.Random, limit: int = 3000) -> dict[str, int]:
    """Play until the round is over; returns how often each screen was seen."""
    s = app.table.session
    assert s is not None
    seen = {"privacy": 0, "person": 0, "public": 0, "bot": 0}
    for _ in range(limit):
        _check_privacy(app)
        if s.state.phase >= Phase.ROUND_OVER:
            return seen
        data = app.body_data()
        if data["ppDue"]:
            seen["privacy"] += 1
            app.dispatch(Intent("pp-ready"))
        elif data["ppShown"]:
            seen["person"] += 1
            if "pp-done" in app.regions()["prompt"]:
                app.dispatch(Intent("pp-done"))
            else:
                _person_intents(app, rng)
        else:
            seen["public"] += 1
            step = app.bot_step()
            assert step is not None, "nobody's hand is shown and no bot acts"
            plan, _delay = step
            s.commit_ai(plan, s.decide(plan))
            seen["bot"] += 1
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_round_two_people_and_a_bot(seed: int) -> None:
    app = _app(seed)
    _deal(app, _TWO_AND_A_BOT)
    s = app.table.session
    assert s is not None and s.humans == frozenset({0, 1}) and set(s.bots) == {2}
    seen = _play_round(app, random.Random(seed))
    assert seen["privacy"] > 2 and seen["person"] > 2 and seen["bot"] > 1
    assert s.state.phase >= Phase.ROUND_OVER
    # at the round's end every hand is shown to everybody, and anybody deals on
    assert 'data-testid="round-hands"' in app.regions()["overlay"]
    text = s.log_json()
    assert [x["kind"] for x in json.loads(text)["seats"]] == ["human", "human", "ai"]
    assert validate_log(text).valid


def test_the_privacy_screen_comes_before_each_persons_turn_and_hides_every_hand() -> None:
    app = _app(4)
    _deal(app, {"players": "2", "kind.1": "person", "pname.0": "Ann", "pname.1": "Ben"})
    s = app.table.session
    assert s is not None
    turn = s.state.turn
    data = app.body_data()
    assert data["ppDue"] == str(turn) and data["ppShown"] == ""
    regions = app.regions()
    assert f"Pass to {s.state.name(turn)}" in regions["overlay"]
    assert not any(CARD.findall(regions[r]) for r in ("hand", "opponents", "prompt"))
    # an intent of the table does nothing while no hand is on screen
    version = s.version
    app.dispatch(Intent("draw"))
    assert s.version == version
    app.dispatch(Intent("pp-ready"))
    assert app.body_data()["ppShown"] == str(turn)
    _check_privacy(app)
    # after the move, the next person's privacy screen (two people: always the other one,
    # unless a Skip / Reverse gives the same person another turn: then no privacy screen)
    app.dispatch(Intent("draw"))
    if s.state.phase == Phase.DRAWN:
        app.dispatch(Intent("keep"))
    data = app.body_data()
    nxt = s.state.turn
    if nxt == turn:
        assert data["ppShown"] == str(turn)
    else:
        assert data["ppDue"] == str(nxt) and data["ppShown"] == ""
        assert not CARD.findall(app.regions()["hand"])


def _find_seed(pred: object, settings: TableSettings, limit: int = 4000) -> int:
    for seed in range(1, limit):
        if pred(new_game(settings.rules(), settings.seat_names(), seed)):  # type: ignore[operator]
            return seed
    raise AssertionError("no seed")


_CATCH_FORM = _form(**{"players": "2", "kind.1": "person", "pname.0": "Ann", "pname.1": "Ben",
                       "rule.hand_size": "2", "rule.scoring": "single-round"})


def _catch_seed() -> int:
    st = TableSettings(players=2, levels=("easy",), people=("Ann", "Ben"),
                       overrides={"hand_size": 2, "scoring": "single-round"})

    def ok(g: object) -> bool:
        from uno_web.core import GameState
        assert isinstance(g, GameState)
        plays = [m for m in legal_moves(g, 0) if m.kind == MoveKind.PLAY and not m.uno]
        return g.turn == 0 and g.phase == Phase.PLAY and any(
            parse_card("W+4") == m.card for m in plays)

    return _find_seed(ok, st)


def _wild_four_left_uncalled() -> tuple[App, Session]:
    """A two-person table where Ann has just played her Wild Draw Four (red) without calling
    UNO: one card left, the catch window open for Ben."""
    app = _app(_catch_seed())
    _deal(app, _CATCH_FORM)
    s = app.table.session
    assert s is not None
    app.dispatch(Intent("pp-ready"))  # Ann
    app.dispatch(Intent("card", card=parse_card("W+4")))
    app.dispatch(Intent("color", color=parse_color("R")))
    return app, s


def test_a_missed_uno_is_caught_by_the_person_the_button_names() -> None:
    app, s = _wild_four_left_uncalled()
    assert len(s.state.hands[0]) == 1 and app.body_data()["ppDue"] == "1"
    overlay = app.regions()["overlay"]
    assert "Ben catches Ann!" in overlay and 'data-action="pp-catch"' in overlay
    assert "Ann catches" not in overlay
    assert "Ann: UNO!" in overlay  # Ann may still call it late, before she is caught
    # a catch button for a person who may not catch is refused by the app (not offered)
    app.dispatch(Intent("pp-catch", seat=0, target_seat=1))
    assert len(s.state.hands[0]) == 1 and not any(m.kind == MoveKind.CATCH and m.seat == 0
                                                  for m, _e in s.recorder.history)
    app.dispatch(Intent("pp-catch", seat=1, target_seat=0))
    catch = s.recorder.history[-1][0]
    assert (catch.kind, catch.seat, catch.target) == (MoveKind.CATCH, 1, 0)
    assert len(s.state.hands[0]) == 3  # Ann drew 2
    assert "catches" not in app.regions()["overlay"]


def test_the_person_facing_a_wild_draw_four_challenges_on_their_own_screen() -> None:
    app, s = _wild_four_left_uncalled()
    regions = app.regions()
    assert "challenge" not in regions["prompt"].lower() or 'data-action="challenge"' not in regions["prompt"]
    ann_hand = sorted(card_str(c) for c in s.state.hands[0])
    app.dispatch(Intent("challenge"))  # nobody's screen: nothing happens
    assert s.state.phase == Phase.PENALTY
    app.dispatch(Intent("pp-ready"))
    assert app.body_data()["ppShown"] == "1"
    assert 'data-action="challenge"' in app.regions()["prompt"]
    app.dispatch(Intent("challenge"))
    move = [m for m, _e in s.recorder.history if m.kind == MoveKind.CHALLENGE][-1]
    assert move.seat == 1
    prompt = app.regions()["prompt"]
    assert 'data-testid="challenge-reveal"' in prompt
    assert sorted(CARD.findall(prompt.split('data-testid="challenge-reveal"')[1])) == ann_hand
    # this seed's Wild Draw Four was fair: Ben draws 6 and his turn is over, but the hand he
    # was shown stays on his screen until he presses Done
    assert s.state.turn == 0 and len(s.state.hands[1]) == 8
    assert app.body_data()["ppShown"] == "1" and passplay.holds(app)
    assert app.bot_step() is None
    app.dispatch(Intent("pp-done"))
    assert app.body_data()["ppDue"] == "0" and s.reveal is None
    app.dispatch(Intent("pp-ready"))
    assert "challenge-reveal" not in app.regions()["prompt"]  # Ann never sees it


_JUMP_FORM = _form(**{"players": "3", "kind.1": "easy", "kind.2": "person", "pname.0": "Ann",
                      "pname.2": "Ben", "rule.jump_in": "on", "rule.scoring": "single-round"})


def _jump_seed() -> tuple[int, int]:
    """Ann (seat 0) starts, clockwise, with a number card that fits and that Ben (seat 2, after
    the bot at seat 1) holds too: the seed and the card."""
    from uno_web.core import GameState
    from uno_web.core.cards import RANK_OF

    st = TableSettings(players=3, levels=("easy", "easy"), people=("Ann", "", "Ben"),
                       overrides={"jump_in": True, "scoring": "single-round"})
    for seed in range(1, 4000):
        g: GameState = new_game(st.rules(), st.seat_names(), seed)
        if g.turn != 0 or g.phase != Phase.PLAY or g.direction != 1:
            continue
        for c in sorted({m.card for m in legal_moves(g, 0) if m.kind == MoveKind.PLAY}):
            if not IS_WILD[c] and RANK_OF[c] <= 9 and c in g.hands[2]:
                return seed, c
    raise AssertionError("no seed")  # pragma: no cover


def test_jump_in_goes_to_the_person_behind_the_privacy_screen() -> None:
    seed, card = _jump_seed()
    app = _app(seed)
    _deal(app, _JUMP_FORM)
    s = app.table.session
    assert s is not None and s.rules.jump_in and s.humans == frozenset({0, 2})
    app.dispatch(Intent("pp-ready"))
    app.dispatch(Intent("card", card=card))
    assert s.state.discard[-1] == card and s.state.turn == 1  # the bot's turn
    # no hand on screen; every person is offered a jump-in, whatever they hold, so that
    # nobody learns who holds the card
    regions = app.regions()
    assert not _hand_cards(regions["hand"]) and "privacy-screen" not in regions["overlay"]
    assert "Ben: jump in" in regions["hand"] and "Ann: jump in" in regions["hand"]
    step = app.bot_step()  # the bot's turn, planned (the page waits a moment before it)
    assert step is not None and step[0].seat == 1
    app.dispatch(Intent("pp-jump", seat=2))
    assert app.body_data()["ppDue"] == "2" and passplay.holds(app)
    assert "Ben wants to jump in." in app.regions()["overlay"]
    assert app.bot_step() is None  # the bot waits while Ben decides
    assert s.commit_ai(step[0], s.decide(step[0])) is None  # its move planned before is dropped
    app.dispatch(Intent("pp-ready"))
    assert app.body_data()["ppShown"] == "2"
    regions = app.regions()
    assert sorted(_hand_cards(regions["hand"])) == sorted(card_str(c) for c in s.state.hands[2])
    assert 'data-testid="pp-back"' in regions["prompt"]
    app.dispatch(Intent("card", card=card))
    last = s.recorder.history[-1][0]
    assert (last.kind, last.seat, last.card) == (MoveKind.PLAY, 2, card)
    assert not passplay.holds(app) and not s.held
    assert app.body_data()["ppShown"] == "" and s.state.turn == 0  # play goes on after Ben
    # going back instead: Ann asks, sees that she holds nothing identical, goes back
    app2 = _app(seed)
    _deal(app2, _JUMP_FORM)
    s2 = app2.table.session
    assert s2 is not None
    app2.dispatch(Intent("pp-ready"))
    app2.dispatch(Intent("card", card=card))
    version = s2.version
    app2.dispatch(Intent("pp-jump", seat=0))
    app2.dispatch(Intent("pp-ready"))
    assert app2.body_data()["ppShown"] == "0"
    prompt = app2.regions()["prompt"]
    if card not in s2.state.hands[0]:
        assert "You hold no card identical" in prompt
    app2.dispatch(Intent("pp-back"))
    assert s2.version == version and app2.body_data()["ppShown"] == "" and not s2.held
    step = app2.bot_step()
    assert step is not None and s2.commit_ai(step[0], s2.decide(step[0])) is not None


def test_a_save_resumes_behind_the_privacy_screen() -> None:
    app = _app(5)
    _deal(app, _TWO_AND_A_BOT)
    s = app.table.session
    assert s is not None
    rng = random.Random(5)
    for _ in range(12):  # a few moves of everybody
        data = app.body_data()
        if s.state.phase >= Phase.ROUND_OVER:
            break
        if data["ppDue"]:
            app.dispatch(Intent("pp-ready"))
        elif data["ppShown"]:
            _person_intents(app, rng)
        else:
            step = app.bot_step()
            assert step is not None
            s.commit_ai(step[0], s.decide(step[0]))
    text = s.to_save()
    assert json.loads(text)["settings"]["people"] == ["Ann", "Ben", ""]
    again = App("?speed=instant")
    again.use_saved(text)
    again.boot()
    s2 = again.table.session
    assert s2 is not None and s2.humans == frozenset({0, 1})
    assert s2.state.hands == s.state.hands and s2.version == s.version
    data = again.body_data()
    assert data["ppShown"] == ""  # a reload never opens straight onto a hand
    assert not CARD.findall(again.regions()["hand"])
    assert restore(text).settings.people == ("Ann", "Ben", "")


def test_the_setup_comes_back_with_the_seats_of_the_game() -> None:
    app = _app(5)
    _deal(app, _form(**{"players": "4", "kind.1": "hard", "kind.2": "person", "pname.0": "Ann",
                        "pname.2": "Cleo", "kind.3": "person", "pname.3": "Dee"}))
    text = app.table.session.to_save() if app.table.session else ""
    again = App("?speed=instant")
    again.use_saved(text)
    again.boot()
    again.dispatch(Intent("setup"))  # New game: the start screen, then Play with friends
    again.dispatch(Intent("friends"))
    setup = again.friends.setup
    assert setup.players == 4 and setup.kinds[:4] == ("person", "hard", "person", "person")
    assert setup.table_settings().people == ("Ann", "", "Cleo", "Dee")
    html = again.regions()["start"]
    assert 'value="Cleo"' in html and 'data-testid="friends-bot-1"' in html


def test_a_public_screen_logs_draws_as_counts_and_no_refusals_of_people() -> None:
    app = _app(6)
    _deal(app, _TWO_AND_A_BOT)
    s = app.table.session
    assert s is not None
    if s.state.turn not in (0, 1):
        pytest.skip("this seed's first turn is the bot's")  # pragma: no cover
    who = s.state.turn
    app.dispatch(Intent("pp-ready"))
    bad = next((c for c in s.state.hands[who] if not any(
        m.kind == MoveKind.PLAY and m.card == c for m in legal_moves(s.state, who))), None)
    if bad is not None:
        app.dispatch(Intent("card", card=bad))
        assert not s.entries[-1].ok
        assert 'data-ok="false"' in app.regions()["validator"]  # shown to who tried it
    app.dispatch(Intent("draw"))
    if s.state.phase == Phase.DRAWN:
        app.dispatch(Intent("keep"))
    if app.body_data()["ppShown"] == str(who):
        return  # same person again (a Skip): nothing hidden to check
    regions = app.regions()
    assert 'data-ok="false"' not in regions["validator"]
    assert re.search(r"drew 1 card[.:]", regions["log"]) and "drew 1 card: " not in regions["log"]


def test_a_catch_that_names_nobody_is_refused_and_the_screen_state_is_the_apps() -> None:
    """The friends screen's state is a dataclass the app holds from the start, like every
    screen's; a catch button's target is read once as a seat (None when it is none), and a
    catch without one changes nothing."""
    from uno_web.web.passplay import FriendsState
    from uno_web.web.screens.base import read_intent

    fresh = App("")
    assert isinstance(fresh.friends, FriendsState) and fresh.friends.curtain is None
    assert read_intent("pp-catch", seat="1", target="0").target_seat == 0
    assert read_intent("pp-catch", seat="1", target="Ann").target_seat is None
    app, s = _wild_four_left_uncalled()
    version = s.version
    fx = app.dispatch(read_intent("pp-catch", seat="1", target="Ann"))
    assert not fx.render and s.version == version and len(s.state.hands[0]) == 1
    app.dispatch(read_intent("pp-catch", seat="1", target="0"))
    assert s.recorder.history[-1][0].kind == MoveKind.CATCH and len(s.state.hands[0]) == 3


def test_out_of_turn_intents_are_refused_while_a_hand_is_on_screen() -> None:
    app = _app(_catch_seed())
    _deal(app, _CATCH_FORM)
    s = app.table.session
    assert s is not None
    app.dispatch(Intent("pp-ready"))
    version = s.version
    for intent in (Intent("pp-catch", seat=1, target_seat=0), Intent("pp-uno", seat=1),
                   Intent("pp-jump", seat=1), Intent("pp-ready")):
        fx = app.dispatch(intent)
        assert not fx.render and s.version == version
    assert app.body_data()["ppShown"] == "0"


def test_the_regions_translate_to_finnish() -> None:
    from uno_web.i18n import ui

    app = App("?lang=fi&speed=instant")
    app.boot()
    app.deal_seed = _catch_seed()
    ui._MISSING.clear()
    app.dispatch(Intent("friends"))
    app.regions()
    _deal(app, _CATCH_FORM)
    app.regions()
    app.dispatch(Intent("pp-ready"))
    app.dispatch(Intent("card", card=parse_card("W+4")))
    app.dispatch(Intent("color", color=parse_color("R")))
    regions = app.regions()
    assert not ui.missing(), sorted(ui.missing())[:8]
    assert "Pass to" not in regions["overlay"] and "Anna laite" in regions["overlay"]
    fresh = App("?lang=fi")
    fresh.boot()
    fresh.dispatch(Intent("friends"))
    assert 'value="Pelaaja 2"' in fresh.regions()["start"]  # suggested names in Finnish too


def test_move_notation_of_people_seats_is_kept_in_the_log() -> None:
    app, s = _wild_four_left_uncalled()
    assert str(s.recorder.history[-1][0]).startswith("P0:W+4")
    assert Move.catch(1, 0) not in [m for m, _e in s.recorder.history]
