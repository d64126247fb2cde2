"""Every page state in Finnish, without a browser: the start screen (every rule and preset),
the editor (every phase field), the puzzle chooser, Solitaire and Duel in their states, the
tutorial's lessons and the table.  A page fails when :func:`~uno_web.i18n.ui.tr` met a text it
has no Finnish for, or when a text node still reads as an English string of the catalogues.

Also: every ``RuleSet`` field and every preset has its Finnish (``uno_web/i18n/fi_rules.py``),
written for the English it translates (a fingerprint), with the choices' Finnish labels."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from html import unescape

import pytest

from uno_web.core.cards import parse_card, parse_color
from uno_web.core.rules import PRESET_DESCRIPTIONS, PRESET_TITLES, PRESETS, RuleSet
from uno_web.core.words import Words
from uno_web.i18n import ui
from uno_web.i18n.fi_rules import OPTIONS_FI, PRESETS_FI, RULES_FI
from uno_web.i18n.fi_ui import UI_FI
from uno_web.i18n.rules import english_fingerprint, rule_description_html, rule_option
from uno_web.i18n.ui import translate_html
from uno_web.puzzles.course import LESSONS as COURSE
from uno_web.puzzles.course import lesson_query as course_query
from uno_web.puzzles.lessons import LESSONS
from uno_web.web.app import App, Intent
from uno_web.web.editor import Editor, render_editor
from uno_web.web.puzzle import DuelSession, PuzzleJob, SolitaireSession, duel_view, job_view
from uno_web.web.puzzle import solitaire_view
from uno_web.web.puzzle_render import ChooserView, render_chooser, render_duel, render_solitaire
from uno_web.web.view import rule_fields

# --- the rules ------------------------------------------------------------------------------


def test_every_rule_field_has_a_finnish_title_and_description() -> None:
    for name, spec in RuleSet.model_fields.items():
        assert name in RULES_FI, (
            f"RuleSet.{name} has no Finnish: add it to RULES_FI in uno_web/i18n/fi_rules.py "
            f"with the fingerprint {english_fingerprint(name)!r}")
        fingerprint, title, description = RULES_FI[name]
        assert fingerprint == english_fingerprint(name), (
            f"the English of RuleSet.{name} changed since its Finnish was written: check the "
            f"Finnish in uno_web/i18n/fi_rules.py, then set its fingerprint to "
            f"{english_fingerprint(name)!r}")
        assert title and description and title != spec.title and description != spec.description
    assert set(RULES_FI) <= set(RuleSet.model_fields), "Finnish for a field that is gone"


def test_every_choice_has_a_finnish_label_that_its_description_uses() -> None:
    for f in rule_fields(RuleSet(), "official"):
        if f.kind != "choice":
            continue
        english = RuleSet.model_fields[f.name].description or ""
        finnish = RULES_FI[f.name][2]
        for value in f.options:
            assert (f.name, value) in OPTIONS_FI, f"{f.name}={value} has no Finnish label"
            label = rule_option(f.name, value, "fi")
            if f"`{value}`" in english:  # the English names the choice: the Finnish names it too
                assert f"`{label}`" in finnish, (f.name, value, label)
    assert {k for k, _v in OPTIONS_FI} <= set(RuleSet.model_fields)


def test_every_preset_has_a_finnish_name_title_and_description() -> None:
    for key in PRESETS:
        assert key in PRESETS_FI, f"preset {key} has no Finnish (uno_web/i18n/fi_rules.py)"
        short, title, description = PRESETS_FI[key]
        assert short and title != PRESET_TITLES.get(key) and description != PRESET_DESCRIPTIONS.get(key)
        assert ui.tr(PRESET_TITLES[key], "fi") == title
        assert ui.tr(PRESET_DESCRIPTIONS[key], "fi") == description
        assert ui.tr(key, "fi") == short


def test_a_description_in_finnish_is_marked_and_shows_its_choices_as_code() -> None:
    html = rule_description_html("wild_draw_four", "fi")
    assert html.startswith("<!--i18n:off-->") and "<code>milloin vain</code>" in html
    assert translate_html(f"<small>{html}</small>", "fi") == (
        "<small>" + html.removeprefix("<!--i18n:off-->").removesuffix("<!--i18n:on-->")
        + "</small>")
    assert "<!--" not in rule_description_html("wild_draw_four", "en")
    assert "<code>anytime</code>" in rule_description_html("wild_draw_four", "en")


# --- the pages ------------------------------------------------------------------------------

_ENGLISH: frozenset[str] = frozenset(
    {k for k, v in UI_FI.items() if "{" not in k and k != v and re.search(r"[a-z]{3}", k)}
    | {str(spec.title) for spec in RuleSet.model_fields.values() if spec.title}
    | set(PRESET_TITLES.values()) | set(PRESET_DESCRIPTIONS.values()))
#: words that are English only (card colours, the puzzles' opponent, small words), outside
#: the ``<iframe>`` snippet an author copies as it is
_ENGLISH_WORD = re.compile(r"^(?!<iframe).*\b(?:red|green|blue|yellow|Computer|the|and|or|"
                           r"cards?|play|your|you|with|draw|left|pile|hand)\b", re.S)
_CODES = re.compile(r"\b[a-z_]+ ?= ?[^\s,)]+")  # rule=value in a rules line: notation, as is
_TEXT = re.compile(r">([^<]+)<")
_ATTR = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')


def _app(query: str) -> App:
    app = App(query)
    app.boot()
    return app


def _solitaire_states() -> Iterator[tuple[str, dict[str, str]]]:
    s = SolitaireSession.from_text("R1 R2 G2 G5 B5")
    yield "solitaire: new", render_solitaire(solitaire_view(s), "")
    s.play("B5")
    s.play("R1")  # refused: no match
    s.check()
    yield "solitaire: a refusal, still solvable", render_solitaire(solitaire_view(s), "")
    s.show_solution()
    s.play("G5")
    yield "solitaire: a solution, asked before", render_solitaire(solitaire_view(s), "")
    dead = SolitaireSession.from_text("R1 R2 G2 G5 B5")
    dead.play("G2")
    dead.play("R2")
    dead.play("R1")
    dead.check()
    dead.show_solution()
    yield "solitaire: stuck", render_solitaire(solitaire_view(dead), "")
    for cards in ("R1 G2 B3", "R1 R2 R3 G4 G5 G6 B7 B8 Y9"):  # no solution at all
        none = SolitaireSession.from_text(cards)
        none.show_solution()
        yield f"solitaire: {cards}", render_solitaire(solitaire_view(none), "")
    done = SolitaireSession.from_text("R1 R2")
    done.play("R1")
    done.play("R2")
    yield "solitaire: solved", render_solitaire(solitaire_view(done), "")
    gen = SolitaireSession.generate(8, "hard", seed=3)
    yield "solitaire: generated", render_solitaire(solitaire_view(gen), "")
    job = SolitaireSession.dealing(12, "easy", seed=1)
    yield "solitaire: dealing", render_chooser(ChooserView(), "", job=job_view(job))


def _duel_states() -> Iterator[tuple[str, dict[str, str]]]:
    for rule in ("geography", "uno"):
        d = DuelSession.from_text("R1 G2 B3", "G1 B2 Y3", rule=rule)
        yield f"duel {rule}: new", render_duel(duel_view(d), "")
        d.play("Y9")  # not in the hand
        d.play(sorted(duel_view(d).hand, key=lambda c: c.code)[0].code)
        yield f"duel {rule}: after a card", render_duel(duel_view(d), "")
        d.opponent_move()
        yield f"duel {rule}: your turn", render_duel(duel_view(d), "")
        while not d.over:
            plays = d.playable(1) if d.to_move == 1 else []
            if d.to_move == 2:
                d.opponent_move()
            elif plays:
                d.play(f"{'RYGB'[plays[0][0]]}{plays[0][1]}")
            else:
                break
        yield f"duel {rule}: over", render_duel(duel_view(d), "")
    won = DuelSession.from_text("R1 R2", "G5", rule="geography")
    won.play("R1")
    yield "duel: you won", render_duel(duel_view(won), "")
    gen = DuelSession.generate(4, seed=5)
    yield "duel: generated", render_duel(duel_view(gen), "")
    job = DuelSession.dealing(5, seed=2)
    yield "duel: dealing", render_chooser(ChooserView(), "", job=job_view(job))
    job.cancel()
    yield "duel: stopped", render_chooser(ChooserView(), "", job=job_view(job))


def _editor_states() -> Iterator[tuple[str, dict[str, str]]]:
    base = "https://example.org/index.html"
    ed = Editor(hands=[["R7", "G5", "W"], ["B1", "B2", "Y3"]], top="R9")
    yield "editor: start", {"start": render_editor(ed, base, "fi")}
    ed.read_form({"seats": "3", "phase": "penalty", "pending": "4", "turn": "1"})
    ed.add("W+4", "top")
    ed.read_form({"seats": "3", "plus4_by": "2", "plus4_bluff": "on", "color": "B",
                  "direction": "-1", "phase": "penalty", "pending": "4"})
    yield "editor: penalty and a challenge", {"start": render_editor(ed, base, "fi")}
    ed.read_form({"phase": "choose-color", "plus4_by": "-1"})
    ed.target = "draw"
    yield "editor: starting wild", {"start": render_editor(ed, base, "fi")}
    bad = Editor(hands=[["R7"], ["B1"]], top="", uncalled={1})
    yield "editor: no top card", {"start": render_editor(bad, base, "fi")}
    for c in ("W", "W", "W", "W", "W"):
        bad.add(c, "hand-0")
    bad.add("W", "top")
    yield "editor: no copy left", {"start": render_editor(bad, base, "fi")}
    cards = Editor(preset="playing-cards", hands=[["2H", "KD"], ["AS"]], top="JK")
    yield "editor: playing cards", {"start": render_editor(cards, base, "fi")}
    refused = Editor(hands=[["R7"], ["B1"]], top="R9")
    refused.read_form({"seats": "2", "phase": "penalty", "pending": "999", "score-1": "-5",
                       "rule.hand_size": ""})
    yield "editor: values out of range", {"start": render_editor(refused, base, "fi")}


def _app_states() -> Iterator[tuple[str, App]]:
    """Pages of the App in Finnish (each is drawn when the test asks)."""
    yield "start", _app("?lang=fi")
    for preset in PRESETS:
        app = _app("?lang=fi")
        app.dispatch(Intent("form", form={"preset": preset, "players": "4"}))
        yield f"start: {preset}", app
    app = _app("?lang=fi")
    app.dispatch(Intent("form", form={"preset": "official", "players": "3",
                                      "rule.hand_size": "99", "rule.uno_penalty": "x"}))
    yield "start: field errors", app
    yield "chooser", _app("?lang=fi&mode=puzzles")
    app = _app("?lang=fi&mode=puzzles")
    app.dispatch(Intent("solitaire-cards", form={"cards": "R1 Q9"}))
    yield "chooser: bad cards", app
    yield "editor", _app("?lang=fi&mode=editor")
    for les in COURSE:
        yield f"course lesson {les.slug}", _app("?" + course_query(les, "fi"))
    for lesson in LESSONS:
        yield f"lesson {lesson.slug}", _app(f"?lang=fi&lesson={lesson.slug}")
        yield f"lesson {lesson.slug} (embed)", _app(f"?lang=fi&embed=1&lesson={lesson.slug}")
    table = _app("?lang=fi&hands=R1+G5+B7%2CY3+Y4+R8&top=W%2B4&color=B&phase=penalty"
                 "&pending=4&plus4_by=1&plus4_bluff=1&bots=still")
    yield "table: a challenge", table
    refused = _app("?lang=fi&hands=R1+G5+B7%2CY3+Y4+R8&top=R9&bots=still")
    refused.dispatch(Intent("card", card=parse_card("G5")))
    yield "table: a refused card", refused
    app = _app("?lang=fi")
    app.dispatch(Intent("start", form={"players": "3", "preset": "strict-table"}))
    yield "table: dealt", app
    yield from _more_table_states()
    yield from _friends_states()
    yield from _coach_states()


def _coach_states() -> Iterator[tuple[str, App]]:
    """The hint (thinking, shown), the round review (thinking, with marks, clean) and the
    statistics page (empty, with games)."""
    from uno_web.ai.coach import Decision, Mark, Why
    from uno_web.core import legal_moves, parse_move
    from uno_web.core.observation import observe
    from uno_web.web.stats import Stats

    app = _app("?lang=fi&coach=1&hands=RS+G3+B4+Y6%2CR1%2CB5+B6+G7&top=R2&bots=still")
    yield "table: the hint button", app
    app.dispatch(Intent("hint"))
    yield "table: thinking of a hint", app
    while not app.table.coach.run_slice(1.0):
        pass
    yield "table: a hint", app
    game = _app("?lang=fi")
    game.dispatch(Intent("start", form={"players": "2", "rule.scoring": "single-round"}))
    s = game.table.session
    assert s is not None
    for _ in range(3000):
        s.run_bots(limit=5)
        if s.state.phase >= 4:
            break
        if legal_moves(s.state, 0):
            s.attempt(legal_moves(s.state, 0)[0])
    game.dispatch(Intent("review"))
    yield "table: reviewing", game
    while not game.table.coach.run_slice(1.0):
        pass
    game.table.coach.marks = []
    yield "table: a clean review", game
    st = s.state
    d = Decision(observe(st, 0), (), parse_move("P0:R1"), 3)
    game.table.coach.marks = [Mark(d, parse_move("P0:W+4=G"), 0.3, 0.5, 0.05, (Why("stop_next", 1, 1,
                                                                              card=143),))]
    yield "table: a review with a mark", game
    stats = _app("?lang=fi")
    stats.dispatch(Intent("stats"))
    yield "statistics: none yet", stats
    data = Stats()
    data.add("g1", True, 500, "hard", "official")
    data.add("g2", False, 100, "mixed", "house-party")
    stats.stats.text = data.to_json()
    yield "statistics: two games", stats


def _friends_states() -> Iterator[tuple[str, App]]:
    """Play with friends on this device: the setup (and what it refuses), the privacy screen
    with the out-of-turn buttons, a person's screen, the table while a bot plays, a jump-in."""
    from uno_web.core import legal_moves

    app = _app("?lang=fi")
    app.dispatch(Intent("friends"))
    yield "friends: setup", app
    app = _app("?lang=fi")
    app.dispatch(Intent("friends"))
    app.dispatch(Intent("friends-start", form={"players": "2", "kind.1": "easy"}))
    yield "friends: too few people", app
    for form, what in (({"players": "3", "kind.1": "person", "pname.1": " "}, "no name"),
                       ({"players": "3", "kind.1": "person", "pname.1": "pelaaja 1"}, "same name")):
        app = _app("?lang=fi")
        app.dispatch(Intent("friends"))
        app.dispatch(Intent("friends-start", form=form))
        assert app.mode == "friends" and app.friends.error, what
        yield f"friends: {what}", app
    game = _app("?lang=fi")
    game.deal_seed = 3
    game.dispatch(Intent("friends"))
    game.dispatch(Intent("friends-start", form={"players": "4", "kind.1": "person",
                                                 "kind.2": "easy", "kind.3": "person"}))
    s = game.table.session
    assert s is not None
    seen: set[str] = set()
    for _ in range(400):
        data = game.body_data()
        if data.get("phase") in ("round-over", "game-over") or len(seen) >= 3:
            break
        if data["ppDue"]:
            if "privacy" not in seen:
                seen.add("privacy")
                yield "friends: the privacy screen", game
            game.dispatch(Intent("pp-ready"))
        elif data["ppShown"]:
            if "person" not in seen:
                seen.add("person")
                yield "friends: a person's screen", game
            seat = int(data["ppShown"])
            m = legal_moves(s.state, seat)[0]
            s.viewer = seat
            s.attempt(m)
        else:
            if "bots" not in seen:
                seen.add("bots")
                yield "friends: a bot's turn", game
            step = game.bot_step()
            assert step is not None
            s.commit_ai(step[0], s.decide(step[0]))
    assert len(seen) == 3
    # a jump-in: asked, then the person's own screen
    jump = _app("?lang=fi")
    jump.dispatch(Intent("friends"))
    jump.dispatch(Intent("friends-start", form={"players": "3", "kind.1": "person",
                                                 "kind.2": "easy", "preset": "house-party"}))
    s = jump.table.session
    assert s is not None
    for _ in range(200):
        if jump.body_data()["ppDue"]:
            jump.dispatch(Intent("pp-ready"))
        shown = jump.body_data()["ppShown"]
        if not shown or s.state.phase != 0:
            break
        plays = [m for m in legal_moves(s.state, int(shown)) if m.kind == 0]
        if not plays:
            break
        jump.dispatch(Intent("card", card=plays[0].card))
        if s.choice is not None and s.choice.colors:
            jump.dispatch(Intent("color", color=parse_color("R")))
        elif s.choice is not None:
            jump.dispatch(Intent("target", seat=s.choice.targets[0]))
        page = jump.regions()
        if 'data-action="pp-jump"' in page["overlay"] + page["hand"]:
            yield "friends: jump-in offered", jump
            seat = 1 if s.state.turn != 1 else 0
            jump.dispatch(Intent("pp-jump", seat=seat))
            jump.dispatch(Intent("pp-ready"))
            yield "friends: a person asked to jump in", jump
            break


_LOG_TEXT: list[str] = []  # the log of the game played below (a replay read in slices)
_CHALLENGE = ("?lang=fi&hands=R1+G5+B7%2CY3+Y4+R8&top=W%2B4&color=B&phase=penalty&pending=4"
              "&plus4_by=1&plus4_bluff=1&bots=still")


def _more_table_states() -> Iterator[tuple[str, App]]:
    """The challenge's two outcomes, the share dialog, a catch, the pickers, a replay, and
    addresses and files the page refuses."""
    from uno_web.core import legal_moves

    app = _app(_CHALLENGE)
    app.dispatch(Intent("challenge"))
    yield "table: a bluff caught", app
    app = _app(_CHALLENGE.replace("plus4_bluff=1", "plus4_bluff=0").replace("R8", "G8"))
    app.dispatch(Intent("challenge"))
    yield "table: a legal Wild Draw Four", app
    app = _app(_CHALLENGE)
    app.dispatch(Intent("share"))
    yield "table: the share dialog", app
    app = _app("?lang=fi&hands=R1%2CG2+G3&top=R3&bots=still&uncalled=1")
    yield "table: a missed UNO", app
    app.dispatch(Intent("catch", seat=1))
    yield "table: caught", app
    yield "table: a starting Wild", _app("?lang=fi&hands=W+R1%2CG2+G3&top=W&phase=choose-color")
    app = _app("?lang=fi&hands=R7+R1%2CG2+G3%2CY1&top=R3&bots=still&rule.seven_swap=true")
    app.dispatch(Intent("card", card=parse_card("R7")))
    yield "table: whom to swap with", app
    game = _app("?lang=fi&seed=5")
    game.dispatch(Intent("start", form={"players": "3", "rule.target_score": "30"}))
    s = game.table.session
    assert s is not None
    for _ in range(3000):
        s.run_bots(limit=5)
        phase = game.body_data().get("phase")
        if phase == "round-over":
            yield "table: a round over", game
            game.dispatch(Intent("next-round"))
        elif phase == "game-over":
            break
        elif legal_moves(s.state, 0):
            s.attempt(legal_moves(s.state, 0)[0])
    yield "table: the game over", game
    replay = _app("?lang=fi")
    _LOG_TEXT[:] = [s.log_json()]
    replay.import_log("game.json", s.log_json())
    yield "replay: the first deal", replay
    replay.dispatch(Intent("replay-next"))
    yield "replay: a step", replay
    replay.dispatch(Intent("replay-last"))
    yield "replay: the end", replay
    bad = _app("?lang=fi")
    bad.import_log("bad.json", "{nope")
    yield "a file that is no log", bad
    yield "a link that cannot be shown", _app("?lang=fi&hands=R1&top=Q9")
    yield "a link with a card that cannot be read", _app("?lang=fi&hands=R1+X5%2CG2&top=R9")
    yield "a link with a top card that cannot be read", _app("?lang=fi&hands=R1%2CG2&top=Q9")
    yield "an embed that cannot be shown", _app("?lang=fi&embed=1&hands=R1&top=Q9")
    yield "a value out of range", _app("?lang=fi&mode=solitaire&n=99&speed=warp")
    yield from _stored_states()


def _stored_states() -> Iterator[tuple[str, App]]:
    """What storage held and the page refused, and a log being read for the replay."""
    plain = json.dumps({"format": "uno-web-table", "version": 2, "seed": 1, "moves": [],
                        "settings": {"players": 2, "name": "You", "levels": ["easy"],
                                     "preset": "official", "overrides": {}}})
    app = App("?lang=fi")
    app.use_storage(saved=plain, settings='{"players": 99}',
                    prefs='{"speed":"warp","sound":1,"zz":0}', can_unseal=True)
    app.boot()
    yield "storage: a plain save, bad settings and preferences", app
    for code in ("old", "damaged", "key-gone", "altered", "rolled-back", "no-vault"):
        app = App("?lang=fi")
        app.use_storage(saved="sealed2:1:aa:bb", settings='{"name": 5}', prefs='{"speed":',
                        can_unseal=True)
        app.refuse_saved(code)
        app.boot()
        yield f"storage: the vault refused the save ({code})", app
    for settings in ('{"levels": "x"}', '{"zz": 1}', '[1]', "{",
                     '{"levels": ["zz"]}', '{"overrides": 5}', '{"name": ""}'):
        app = App("?lang=fi")
        app.use_storage(saved=None, settings=settings, prefs='[1]')
        app.boot()
        yield f"storage: settings {settings}", app
    app = App("?lang=fi")
    app.begin_import("big.json", _LOG_TEXT[0])
    assert app.replay.load is not None
    app.replay.load.run(budget=0.0)
    yield "replay: a log being read", app


Page = Callable[[], dict[str, str]]


def _translated(regions: dict[str, str]) -> Page:
    return lambda: {k: translate_html(v, "fi", frozenset(_names())) for k, v in regions.items()}


def _states() -> Iterator[tuple[str, Page]]:
    """(what, a function that draws the page in Finnish): the App translates its regions
    itself; a page drawn directly is translated as the App would."""
    for label, app in _app_states():
        yield label, app.regions
    for states in (_editor_states(), _solitaire_states(), _duel_states()):
        for label, regions in states:
            yield label, _translated(regions)


def test_finnish_pages_leave_no_english() -> None:
    seen = 0
    for label, make in _states():
        ui._MISSING.clear()
        ui._tr_fi_cached.cache_clear()
        out = make()
        assert not ui.missing(), f"{label}: no Finnish for {sorted(ui.missing())[:8]}"
        for name, html in out.items():
            texts = [unescape(t).strip() for t in _TEXT.findall(html) + _ATTR.findall(html)]
            english = [t for t in texts if t in _ENGLISH or _ENGLISH_WORD.search(_CODES.sub("", t))]
            assert not english, f"{label} ({name}): English left: {english[:5]}"
        seen += 1
    assert seen > 40


def _english_left(regions: dict[str, str]) -> list[str]:
    texts = [unescape(t).strip() for html in regions.values()
             for t in _TEXT.findall(html) + _ATTR.findall(html)]
    return [t for t in texts if t in _ENGLISH or _ENGLISH_WORD.search(_CODES.sub("", t))]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("preset", ["official", "house-party", "strict-table", "playing-cards",
                                    "everything-goes", "classic-notes"])
def test_whole_games_in_finnish(preset: str, seed: int) -> None:
    """A game of four to its end (one round, a fixed deal), you playing random legal moves and
    now and then a card that does not fit, an UNO call or a catch (refused, or a penalty under
    strict-table); the page is drawn after every move."""
    import random

    from uno_web.core import legal_moves

    app = _app("?lang=fi")
    app.deal_seed = seed
    app.dispatch(Intent("start", form={"players": "4", "preset": preset,
                                       "rule.scoring": "single-round"}))
    s = app.table.session
    assert s is not None
    rng = random.Random(f"{preset}{seed}")
    pages = 0
    for _ in range(400):
        s.run_bots(limit=3)
        ui._MISSING.clear()
        regions = app.regions()
        pages += 1
        assert not ui.missing(), f"{preset}: no Finnish for {sorted(ui.missing())[:8]}"
        assert not _english_left(regions), f"{preset}: English left: {_english_left(regions)[:5]}"
        if app.body_data().get("phase") in ("round-over", "game-over"):
            break
        moves = legal_moves(s.state, 0)
        if moves:
            if rng.random() < 0.3:  # a card that may not fit: refused, or a penalty
                app.dispatch(Intent("card", card=parse_card(rng.choice(["R1", "G5", "B7", "Y3", "W+4"]))))
            if rng.random() < 0.1:
                app.dispatch(Intent("uno"))
            if rng.random() < 0.1:
                app.dispatch(Intent("catch", seat=rng.randrange(1, 4)))
            s.attempt(rng.choice(moves))
    assert app.body_data().get("phase") in ("round-over", "game-over"), "the game did not end"
    assert pages > 5


def _names() -> set[str]:
    from uno_web.web.session import BOT_NAMES

    return set(BOT_NAMES) | {"Bot", "Bot 1", "Bot 2"}


def _said_text(key: str, **facts: object) -> str:
    from uno_web.i18n.phrases import said

    return said(Words.of(key, **facts))


@pytest.mark.parametrize("text, finnish", [
    ("R1 G2 | B5", "R1 G2 | B5"),
    (lambda: _said_text("editor.cards_go_to", why=_said_text("editor.hand_of", who="You")),
     "Kortit menevät: sinun käsi"),
    (lambda: _said_text("editor.cards_go_to", why=_said_text("editor.hand_of", who="Ada")),
     "Kortit menevät: Adan käsi"),
    (lambda: _said_text("editor.left", card=parse_card("G5"), n=2), "vihreä 5, 2 jäljellä"),
    (lambda: _said_text("solitaire.no", then=Words.of("solver.stuck", notation2="R1")),
     "Ei: mikään jäljellä oleva kortti ei sovi korttiin R1 (ei väriltään eikä numeroltaan). "
     "Peru tai aloita alusta."),
])
def test_texts_given_out_by_the_pages_in_finnish(text: "str | Callable[[], str]", finnish: str) -> None:
    """A text as a page gives it out (a phrase's English through ``said``, its facts kept)
    in Finnish."""
    assert ui.tr(text if isinstance(text, str) else text(), "fi") == finnish


def test_finnish_name_field_and_bad_link_notice() -> None:
    """The name field shows the default name in Finnish (and reads it back as the player);
    a link's unreadable card is explained in Finnish."""
    app = _app("?lang=fi")
    assert 'value="Sinä"' in app.regions()["start"] and 'value="You"' not in app.regions()["start"]
    app.dispatch(Intent("form", form={"name": "Sinä", "players": "3"}))
    assert app.start.draft.name == "You"
    bad = _app("?lang=fi&hands=R1+X5%2CG2&top=R9").regions()["notice"]
    assert "tuntematon kortti 'X5'" in bad and "käsi 0" in bad
    assert "unknown card" not in bad and "write a colour" not in bad
