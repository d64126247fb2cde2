"""The coach at the table and the statistics page, without a browser (uno_web.web.coach_view,
uno_web.web.stats, their intents in uno_web.web.app)."""

from __future__ import annotations

from uno_web.core.cards import parse_card, parse_color
from uno_web.core import Phase, legal_moves
from uno_web.i18n.ui import missing, translate_html
from uno_web.web.app import App, Intent
from uno_web.web.session import Session, TableSettings
from uno_web.web.stats import Stats, game_level, note_game, stats_key

SKIP_ON_ADA = "?hands=RS+G3+B4+Y6%2CR1%2CB5+B6+G7&top=R2&bots=still"


def _finish(app: App) -> None:
    for _ in range(10_000):
        if app.table.coach.run_slice(1.0):
            return
    raise AssertionError("the coach never finished")


def _dealt(seed: int = 4, **kw: object) -> App:
    app = App("")
    app.deal_seed = seed
    app.start_game(TableSettings(**kw))  # type: ignore[arg-type]
    assert app.table.session is not None
    app.table.session.run_bots()
    return app


def test_hint_button_on_your_turn_and_the_hint_is_a_legal_move() -> None:
    app = _dealt(players=4, levels=("normal",) * 3)
    s = app.table.session
    assert s is not None and s.state.turn == 0
    assert 'data-testid="hint"' in app.regions()["prompt"]
    fx = app.dispatch(Intent("hint"))
    assert fx.coach
    _finish(app)
    advice = app.table.coach.current_hint(s)
    assert advice is not None and advice.move in legal_moves(s.state, 0)
    prompt = app.regions()["prompt"]
    assert 'data-testid="hint-text"' in prompt and 'data-state="done"' in prompt
    # a move made: the hint is gone
    s.attempt(advice.move)
    assert app.table.coach.current_hint(s) is None


def test_hint_key_and_finnish_hint() -> None:
    app = App(SKIP_ON_ADA + "&coach=1&lang=fi")
    app.boot()
    assert app.key_intent("h") == Intent("hint")
    app.dispatch(Intent("hint"))
    _finish(app)
    prompt = app.regions()["prompt"]
    assert "Pelaa punainen ohitus" in prompt
    assert ">Vihje<" in prompt or "Vihje " in prompt
    assert not missing() or all("Hint" not in m for m in missing())


def test_hint_is_off_in_a_position_unless_allowed_and_in_embeds() -> None:
    app = App(SKIP_ON_ADA)
    app.boot()
    assert 'data-testid="hint"' not in app.regions()["prompt"]
    assert not app.dispatch(Intent("hint")).coach
    assert app.table.coach.work is None
    embed = App(SKIP_ON_ADA + "&embed=1")
    embed.boot()
    assert 'data-testid="hint"' not in embed.regions()["prompt"]
    allowed = App(SKIP_ON_ADA + "&coach=1")
    allowed.boot()
    assert 'data-testid="hint"' in allowed.regions()["prompt"]


def test_review_at_round_end() -> None:
    app = _dealt(seed=11, players=2, levels=("normal",))
    s = app.table.session
    assert s is not None
    from uno_web.ai.normal import NormalBot
    import random

    bot = NormalBot()
    rng = random.Random(1)
    from uno_web.core.observation import observe

    for _ in range(500):
        if s.state.phase >= Phase.ROUND_OVER:
            break
        if s.state.turn == 0:
            s.attempt(bot.choose(observe(s.state, 0), legal_moves(s.state, 0), rng))
        s.run_bots()
    assert s.state.phase >= Phase.ROUND_OVER
    overlay = app.regions()["overlay"]
    assert 'data-testid="review"' in overlay
    fx = app.dispatch(Intent("review"))
    assert fx.coach and fx.focus == "review"
    assert 'data-state="thinking"' in app.regions()["overlay"]
    _finish(app)
    overlay = app.regions()["overlay"]
    assert 'data-testid="review-panel"' in overlay and 'data-state="done"' in overlay
    assert app.table.coach.reviewed >= 1
    assert ('data-testid="review-clean"' in overlay) == (not app.table.coach.marks)


def test_stats_count_games_and_are_cleared() -> None:
    text = None
    results = [(True, 520, "easy", "official"), (True, 510, "easy", "official"),
               (False, 120, "hard", "official"), (True, 505, "mixed", "house"),
               (True, 600, "hard", "official"), (True, 530, "hard", "official"),
               (True, 500, "easy", "official")]
    stats = Stats.from_json(text)
    for i, (won, pts, level, preset) in enumerate(results):
        assert stats.add(f"g{i}", won, pts, level, preset)
    assert not stats.add("g0", True, 999, "easy", "official")  # counted once
    stats = Stats.from_json(stats.to_json())
    assert stats.games == 7 and stats.wins == 6
    assert stats.best_streak == 4 and stats.streak == 4
    assert stats.by_level == {"easy": [3, 3], "hard": [3, 2], "mixed": [1, 1]}
    assert stats.by_preset == {"official": [6, 5], "house": [1, 1]}
    assert round(stats.average) == round(sum(r[1] for r in results) / 7)
    for bad in ("", "{", "[]", '{"format": "x"}', '{"format": "uno-web-stats", "games": -3}'):
        assert Stats.from_json(bad).games == 0
    assert game_level(("easy", "easy")) == "easy" and game_level(("easy", "hard")) == "mixed"
    app = App("")
    app.stats.text = stats.to_json()
    app.dispatch(Intent("stats"))
    html = app.regions()["start"]
    assert 'data-testid="stats-games">7<' in html and 'data-testid="stats-streak">4<' in html
    fx = app.dispatch(Intent("stats-clear"))
    assert fx.store_stats and app.stats.text is not None
    cleared = Stats.from_json(app.stats.text)
    assert cleared.games == 0 and cleared.by_level == {} and "g0" in cleared.seen
    assert 'data-testid="stats-games">0<' in app.regions()["start"]
    fi = translate_html(app.regions()["start"], "fi")
    assert "Tilastosi" in fi and "Games" not in fi


def test_a_finished_game_is_counted_once() -> None:
    s = Session(TableSettings(players=2, levels=("hard",), overrides={"scoring": "single-round"}), 3)
    from uno_web.ai.normal import NormalBot
    import random

    from uno_web.core.observation import observe

    bot = NormalBot()
    rng = random.Random(2)
    assert note_game(None, s) is None  # not over yet
    for _ in range(500):
        if s.state.phase >= Phase.ROUND_OVER:
            break
        if s.state.turn == 0:
            s.attempt(bot.choose(observe(s.state, 0), legal_moves(s.state, 0), rng))
        s.run_bots()
    assert s.state.phase == Phase.GAME_OVER
    text = note_game(None, s)
    assert text is not None
    st = Stats.from_json(text)
    assert st.games == 1 and st.wins == (1 if s.state.winner == 0 else 0)
    assert st.by_level == {"hard": [1, st.wins]}
    assert note_game(text, s) is None  # a reload does not count it again


def test_stats_are_not_shared_between_two_sites_on_one_origin() -> None:
    assert stats_key("/a/index.html") == stats_key("/a/")
    assert stats_key("/a/") != stats_key("/b/")


def test_first_visit_tip_is_shown_once() -> None:
    app = App("")
    app.deal_seed = 4
    fx = app.start_game(TableSettings())
    assert fx.store_prefs and app.prefs.tip_seen
    assert 'data-testid="first-tip"' in app.regions()["validator"]
    app.dispatch(Intent("tip-close"))
    assert 'data-testid="first-tip"' not in app.regions()["validator"]
    again = App("")
    again.use_storage(saved=None, settings=None, prefs=app.prefs.to_json())
    again.deal_seed = 5
    fx = again.start_game(TableSettings())
    assert not fx.store_prefs and 'data-testid="first-tip"' not in again.regions()["validator"]


def test_quick_game_is_four_players_official_rules_with_the_last_levels() -> None:
    app = App("")
    app.use_storage(saved=None, settings=TableSettings(
        players=2, name="Ada Lovelace", levels=("hard",), preset="house-party").to_json(), prefs=None)
    app.deal_seed = 9
    fx = app.dispatch(Intent("quick"))
    s = app.table.session
    assert s is not None and app.mode == "table" and fx.kick
    assert s.settings.players == 4 and s.settings.preset == "official"
    assert s.settings.levels == ("hard", "hard", "hard") and s.settings.name == "Ada Lovelace"
    assert app.start.draft.preset == "house-party"  # the start screen keeps what it had


def test_a_changed_setting_is_stored_at_once() -> None:
    app = App("")
    fx = app.dispatch(Intent("form", form={"players": "5", "preset": "official"}))
    assert fx.store_settings and app.start.draft.players == 5


def test_finnish_colour_keys() -> None:
    app = App("?lang=fi&hands=W+R1%2CG2+G3&top=R9&bots=still")
    app.boot()
    app.dispatch(Intent("card", card=parse_card("W")))
    prompt = app.regions()["prompt"]
    for code, key in (("R", "P"), ("Y", "K"), ("G", "V"), ("B", "S")):
        assert f'data-color="{code}"' in prompt
        start = prompt.index(f'data-color="{code}"')
        assert f'<kbd aria-hidden="true">{key}</kbd>' in prompt[start:prompt.index("</button>", start)]
    assert app.key_intent("v") == Intent("color", color=parse_color("G"))
    assert app.key_intent("r") == Intent("color", color=parse_color("R"))  # the English letters still work
    en = App("?hands=W+R1%2CG2+G3&top=R9&bots=still")
    en.boot()
    en.dispatch(Intent("card", card=parse_card("W")))
    assert en.key_intent("v") is None and '<kbd aria-hidden="true">R</kbd>' in en.regions()["prompt"]
