"""Pass-and-play's intents as a table of typed handlers: which actions it takes, and that it
leaves the table's intents to the table when the game is not a pass-and-play game."""

from __future__ import annotations

from uno_web.web import passplay
from uno_web.web.app import App, Intent
from uno_web.web.screens import table

from test_passplay_unit import _TWO_AND_A_BOT, _app, _deal


def test_the_screens_actions_are_a_table_of_handlers() -> None:
    actions = set(passplay.route.handlers)
    assert {"friends", "friends-back", "friends-form", "friends-start"} <= actions
    assert {"pp-ready", "pp-back", "pp-done", "pp-jump", "pp-catch", "pp-uno"} <= actions
    # the table's moves a person's screen carries out, each also the table's own
    moves = actions - {a for a in actions if a.startswith(("friends", "pp-"))}
    assert moves and moves <= set(table.handle.handlers)


def test_a_game_against_bots_leaves_the_tables_intents_to_the_table() -> None:
    app = App("?speed=instant")
    app.boot()
    app.deal_seed = 1
    app.dispatch(Intent("quick"))
    assert app.mode == "table" and app.table.session is not None
    for action in ("draw", "keep", "next-round", "pp-ready", "pp-uno"):
        assert passplay.route(app, Intent(action, seat=0)) is None, action
    assert passplay.route(app, Intent("no-such-action")) is None


def test_the_privacy_screen_is_tapped_through_its_handler() -> None:
    app = _app()
    _deal(app, _TWO_AND_A_BOT)
    c = passplay.curtain_of(app)
    assert c is not None
    passplay.settle(c)
    assert c.shown < 0 and c.due == 0  # Ann's turn: the privacy screen waits for her
    # a move from behind the privacy screen changes nothing: no hand is on screen
    fx = passplay.route(app, Intent("draw"))
    assert fx is not None and fx.render is False and c.session.version == 0
    fx = passplay.route(app, Intent("pp-ready"))
    assert fx is not None and fx.focus == "hand" and c.shown == 0
    # an out-of-turn button that names nobody, or a seat not at the table, is refused
    for seat in (None, 7):
        fx = passplay.route(app, Intent("pp-uno", seat=seat))
        assert fx is not None and fx.render is False
