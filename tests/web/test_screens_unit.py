"""The table app by screen (uno_web/web/screens): the page's texts are read into typed intents
once (read_intent), each screen carries out its own intents, and what a screen cannot read is
refused in that screen's words, with nothing changed."""

from __future__ import annotations

import pytest

from uno_web.core.cards import parse_card, parse_color
from uno_web.web.app import App, Intent, read_intent
from uno_web.web.screens import editor, page, puzzles, replay, start, stats, table

POSITION = "?hands=R3+G4+B5%2CY7+Y8&top=R9&bots=still"


def at_table(query: str = POSITION) -> App:
    app = App(query)
    app.boot()
    assert app.mode == "table" and app.table.session is not None
    return app


# --- reading the page's texts -----------------------------------------------------------------


def test_a_card_of_the_deck_is_read_as_a_card_and_as_a_puzzle_card_where_it_is_one() -> None:
    r7 = read_intent("card", card="R7")
    assert (r7.card, r7.puzzle_card, r7.unread) == (parse_card("R7"), (0, 7), "")
    wild = read_intent("card", card="W+4")
    assert (wild.card, wild.puzzle_card, wild.unread) == (parse_card("W+4"), None, "")


def test_a_puzzle_card_beyond_the_deck_is_kept_for_the_table_to_refuse() -> None:
    g12 = read_intent("card", card="G12")
    assert (g12.card, g12.puzzle_card, g12.unread) == (None, (2, 12), "G12")
    junk = read_intent("card", card="ZZ")
    assert (junk.card, junk.puzzle_card, junk.unread) == (None, None, "ZZ")


def test_colours_and_seats_are_typed() -> None:
    assert read_intent("color", color="G").color == parse_color("G")
    purple = read_intent("color", color="purple")
    assert (purple.color, purple.unread) == (None, "purple")
    assert read_intent("catch", seat="2").seat == 2
    for text in ("", "-1", "x", "1e3", "٣", "12345"):  # none is a seat: no seat, never -1
        assert read_intent("catch", seat=text).seat is None, text


# --- each screen takes its own intents ----------------------------------------------------------


def test_every_action_belongs_to_one_screen_but_card_and_reset() -> None:
    """A puzzle on screen takes ``card`` and ``reset`` before the table (App's order); every
    other action has one owner."""
    owners: dict[str, list[str]] = {}
    for name, module in (("page", page), ("start", start), ("editor", editor),
                         ("stats", stats), ("puzzles", puzzles), ("replay", replay),
                         ("table", table)):
        for action in module.handle.handlers:
            owners.setdefault(action, []).append(name)
    shared = {a: o for a, o in owners.items() if len(o) > 1}
    assert shared == {"card": ["puzzles", "table"], "reset": ["puzzles", "table"]}
    assert {"draw", "next-round", "hint", "setup", "quick", "ed-add", "replay-next", "puzzle-undo",
            "stats-clear", "share", "lang"} <= set(owners)


def test_an_unknown_action_changes_nothing() -> None:
    app = at_table()
    s = app.table.session
    assert s is not None
    fx = app.dispatch(Intent("no-such-action", card=parse_card("R3"), seat=1))
    assert fx.render is False and s.version == 0 and app.mode == "table"


def test_a_card_the_page_cannot_read_is_refused_by_the_validator_and_nothing_moves() -> None:
    app = at_table()
    s = app.table.session
    assert s is not None
    hands = [list(h) for h in s.state.hands]
    app.dispatch(read_intent("card", card="ZZ"))
    assert s.entries[-1].code == "E_MALFORMED" and "ZZ" in s.entries[-1].message
    assert s.version == 0 and [list(h) for h in s.state.hands] == hands


def test_a_card_read_at_the_table_is_played() -> None:
    app = at_table()
    s = app.table.session
    assert s is not None
    fx = app.dispatch(read_intent("card", card="R3"))
    assert s.version == 1 and s.entries[-1].ok and fx.save and fx.kick


def test_a_catch_button_without_a_seat_makes_no_move() -> None:
    app = at_table("?hands=R3+G4+B5%2CY7&top=Y2&uncalled=1&bots=still")
    s = app.table.session
    assert s is not None
    app.dispatch(read_intent("catch", seat=""))
    assert s.version == 0 and not s.entries
    app.dispatch(read_intent("catch", seat="1"))
    assert s.version == 1 and len(s.state.hands[1]) == 3


def test_the_editor_says_a_dropped_text_is_no_card() -> None:
    app = App("?mode=editor")
    app.boot()
    assert app.mode == "editor" and app.editor.draft is not None
    placed = list(app.editor.draft.hands[0])
    app.dispatch(read_intent("ed-add", card="banana", target="hand-0"))
    assert "is not a card" in app.editor.draft.note and app.editor.draft.hands[0] == placed
    app.dispatch(read_intent("ed-add", card="G5", target="hand-0"))
    assert app.editor.draft.hands[0] == placed + ["G5"] and app.editor.draft.note == ""


def test_a_puzzle_card_is_played_in_the_solitaire() -> None:
    app = App("?mode=solitaire&cards=R1+R2+G2")
    app.boot()
    assert app.mode == "puzzle" and app.puzzles.puzzle is not None
    app.dispatch(read_intent("card", card="R1"))
    app.dispatch(Intent("card", puzzle_card=(0, 2)))
    assert app.body_data()["version"] == "2"


@pytest.mark.parametrize("action", ["setup", "puzzles", "start", "solitaire", "duel", "editor",
                                    "friends"])
def test_an_embed_opens_no_other_screen(action: str) -> None:
    app = App("?embed=1&hands=R3%2CY7&top=R9&bots=still")
    app.boot()
    assert app.embed and app.mode == "table"
    fx = app.dispatch(Intent(action))
    assert fx.render is False and app.mode == "table"
