"""Property tests (issue 20): any address through the page-request parser and the App's boot,
and any save through the restore path, end in a page or a documented refusal, never an
exception of another kind, and every message is short."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from hypothesis import given, settings
from hypothesis import strategies as st

from uno_web.web.app import App
from uno_web.web.links import read_page
from uno_web.web.session import SaveError, Session, TableSettings, restore

KEYS = ["hands", "top", "color", "turn", "direction", "phase", "pending", "plus4_by",
        "plus4_bluff", "uncalled", "scores", "names", "draw", "discard", "seed", "goal", "preset",
        "rule.jump_in", "rule.hand_size", "mode", "n", "difficulty", "cards", "p1", "p2", "hand",
        "rule", "lesson", "bots", "speed", "delay", "embed", "start", "share", "lang"]
VALUES = st.one_of(
    st.sampled_from(["", "0", "-1", "1", "2", "7", "99", "9" * 30, "R7", "W+4", "R7 G5 W,B1 B2 Y3",
                     "R", "penalty", "official", "true", "solitaire", "duel", "puzzles", "hard",
                     "\u0663", " ", "\x00", "<script>", "R7,,,", "geography"]),
    st.text(max_size=60),
)
QUERY = st.lists(st.tuples(st.sampled_from(KEYS), VALUES), max_size=8).map(urlencode)


@settings(max_examples=300, deadline=None)
@given(QUERY)
def test_any_address_gives_a_page_and_short_messages(query: str) -> None:
    req = read_page(query)  # never raises
    assert len(req.error) <= 600 and all(len(n) <= 300 for n in req.notes)
    app = App("?" + query)
    app.boot()  # a bug here would raise; a bad value is a notice
    regions = app.regions()
    assert app.mode in ("start", "table", "puzzle", "puzzles")
    assert isinstance(regions["start"], str)
    assert len(app.notice) <= 2000 and "Traceback" not in app.notice


def _save() -> str:
    s = Session(TableSettings(players=3, levels=("easy", "normal")), seed=5)
    s.run_bots()
    moves = s.human_moves()
    s.attempt(moves[0])
    s.run_bots()
    return s.to_save()


SAVE = json.loads(_save())
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.text(max_size=20)),
    lambda kids: st.one_of(st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=8), kids, max_size=4)),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(SAVE)), JSONISH, st.booleans())
def test_any_save_restores_or_is_refused_with_a_short_reason(key: str, value: Any, drop: bool) -> None:
    data = dict(SAVE)
    if drop:
        data.pop(key)
    else:
        data[key] = value
    try:
        restored = restore(json.dumps(data))
    except SaveError as exc:
        assert 0 < len(str(exc)) <= 400
        return
    assert restored.state.phase is not None  # it restored: a playable session


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_a_save_is_a_save_error_or_a_session(text: str) -> None:
    try:
        restore(text)
    except SaveError as exc:
        assert len(str(exc)) <= 400
