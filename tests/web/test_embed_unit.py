"""Positions, share links, embeds and the tutorial page on CPython (no browser).

The browser side is in test_embed_browser.py and test_table_position_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from uno_web.core import MoveKind, legal_moves
from uno_web.core.cards import card_str
from uno_web.core.position import Position, build_state, position_from_query, position_to_query
from uno_web.puzzles.lessons import LESSONS, lesson_query
from uno_web.web import tutorial
from uno_web.site import prerender
from uno_web.web.app import App
from uno_web.web.links import embed_page, full_page, iframe_snippet, open_query, read_page, share_view
from uno_web.web.render import render_embed_bar, render_share, render_table
from uno_web.web.session import Session, TableSettings
from uno_web.web.view import view

REPO = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------------------------------
# what an address asks for


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_lesson_embed_addresses(lesson) -> None:
    r = read_page("?" + lesson_query(lesson))
    assert r.kind == "position" and r.embed and r.lesson is lesson
    assert r.position == lesson.position and r.goal == lesson.position.goal


def test_position_addresses_and_errors() -> None:
    r = read_page("hands=R7 G5,B1 B2&top=R9&bots=still&speed=fast")
    assert r.kind == "position" and not r.embed and r.bots == "still"
    assert r.position is not None and r.position.hands == ["R7 G5", "B1 B2"]
    assert read_page("hands=R7 G5,B1&top=R9&bots=wizard").bots == "normal"
    bad = read_page("hands=R7 Q9,B1&top=R9")
    assert bad.kind == "start" and "cannot be shown" in bad.error and "Q9" in bad.error
    assert "no lesson" in read_page("embed=1&lesson=nope").error
    assert "Value error" not in read_page("hands=R7 Q9,B1&top=R9").error
    assert read_page("embed=1").error  # an embed of nothing
    assert read_page("").kind == "start" and not read_page("seed=4").error
    only_slug = read_page("embed=1&lesson=uno-catch")
    assert only_slug.position == LESSONS[-1].position


def test_open_query_drops_the_page_parameters() -> None:
    q = open_query("?embed=1&start=click&speed=fast&lesson=uno-catch&hands=R1,B2&top=R3")
    assert parse_qs(q) == {"lesson": ["uno-catch"], "hands": ["R1,B2"], "top": ["R3"]}


# ------------------------------------------------------------------------------------------
# a session from a position


def test_session_from_a_position_is_that_position() -> None:
    lesson = next(x for x in LESSONS if x.slug == "current-colour")
    s = Session.from_position(lesson.position)
    ref = build_state(lesson.position)
    assert s.state.hands == ref.hands and s.state.discard == ref.discard
    assert s.state.color == ref.color and s.state.turn == ref.turn
    assert s.names == ("You", "Bot") and s.levels == {1: "normal"}
    assert not s.can_export and s.position is lesson.position
    tv = view(s)
    assert tv.from_position and tv.goal == lesson.position.goal and tv.color == "B"
    assert tv.color_differs and [c.code for c in tv.hand] == ["R7", "G2", "B4"]
    html = render_table(tv)
    assert 'data-testid="position-bar"' in html["replay"]
    assert 'data-testid="export-log"' in html["topbar"] and "disabled" in html["topbar"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_lesson_tries_through_the_session(lesson) -> None:
    """The table gives each lesson's tries the promised verdicts (each from the start)."""
    from uno_web.core import parse_move

    for notation, code in lesson.tries:
        s = Session.from_position(lesson.position)
        entry = s.attempt(parse_move(notation))
        assert entry.code == code, (lesson.slug, notation)


def test_a_position_holds_still_until_the_first_move() -> None:
    lesson = next(x for x in LESSONS if x.slug == "uno-catch")
    s = Session.from_position(lesson.position, bots="easy")
    # the bot could call UNO for itself (a reaction), but the position waits for you
    assert any(m.kind == MoveKind.CALL_UNO for m in legal_moves(s.state, 1))
    assert s.plan_ai() is None
    assert s.catch(1).code == "OK_CATCH"
    still = Session.from_position(Position(hands=["R1 R2", "B1 B2"], top="B5", turn=1),
                                  bots="still")
    assert still.plan_ai() is None and still.levels == {1: "still"} and not still.bots


def test_positions_are_not_saved_games() -> None:
    s = Session.from_position(LESSONS[0].position)
    with pytest.raises(ValueError):
        s.log_json()


def test_share_position_round_trips() -> None:
    s = Session(TableSettings(players=3, levels=["easy", "normal"],
                              overrides={"scoring": "single-round", "jump_in": True}), seed=5)
    for _ in range(4):
        s.run_bots()
        moves = [m for m in s.human_moves() if m.kind == MoveKind.PLAY] or s.human_moves()
        s.attempt(moves[0])
        if s.choice is not None:
            s.choose_color("R")
    pos = s.share_position("Find the best card")
    query = position_to_query(pos)
    assert "draw=" not in query and "discard=" not in query and "rule.jump_in=true" in query
    back = position_from_query(query)
    st, st2 = s.state, build_state(back)
    assert st2.hands == st.hands and st2.discard[-1] == st.discard[-1]
    assert (st2.color, st2.turn, st2.direction, st2.pending) == (
        st.color, st.turn, st.direction, st.pending)
    assert st2.rules == st.rules and back.goal == "Find the best card"
    assert sorted(st2.draw + st2.discard + [c for h in st2.hands for c in h]) == sorted(
        st.draw + st.discard + [c for h in st.hands for c in h])


# ------------------------------------------------------------------------------------------
# share dialog, snippet, embed bar


def test_share_view_and_snippet() -> None:
    sv = share_view("https://example.org/uno/index.html", "hands=R1+G2%2CB1&top=R5",
                    goal="Try it")
    assert sv.link == "https://example.org/uno/index.html?hands=R1+G2%2CB1&top=R5"
    # the embed snippet names embed.html, the page without the start screen
    assert sv.embed_url.startswith("https://example.org/uno/embed.html?embed=1&hands=")
    assert sv.snippet.startswith('<iframe src="https://example.org/uno/embed.html?embed=1&amp;')
    assert share_view("https://example.org/", "hands=R1%2CB1").embed_url == (
        "https://example.org/embed.html?embed=1&hands=R1%2CB1")
    assert 'loading="lazy"' in sv.snippet and 'width="100%"' in sv.snippet
    assert "&quot;" in iframe_snippet('x"y')
    html = render_share(sv.link, sv.embed_url, sv.snippet, sv.goal)
    for hook in ("share-dialog", "share-link", "embed-snippet", "share-goal", "copy-link",
                 "share-close"):
        assert f'data-testid="{hook}"' in html
    assert "&lt;iframe" in html  # the snippet is shown as text
    bar = render_embed_bar("Catch the bot", "https://x/index.html?lesson=a")
    assert 'data-testid="goal">Catch the bot' in bar and 'target="_blank"' in bar


def test_embed_page_and_full_page_addresses() -> None:
    """An embed links to the full page (index.html) from embed.html; embed links name embed.html."""
    assert full_page("https://x.org/uno/embed.html") == "https://x.org/uno/index.html"
    assert full_page("https://x.org/uno/index.html") == "https://x.org/uno/index.html"
    assert full_page("https://x.org/uno/") == "https://x.org/uno/"
    assert full_page("https://x.org/uno/not-embed.html") == "https://x.org/uno/not-embed.html"
    assert embed_page("https://x.org/uno/index.html") == "https://x.org/uno/embed.html"
    assert embed_page("https://x.org/uno/") == "https://x.org/uno/embed.html"
    assert embed_page("https://x.org/uno/embed.html") == "https://x.org/uno/embed.html"
    # an embed in embed.html: its "open" link is the full page's
    app = App("?embed=1&lesson=stacking", full_page("https://x.org/uno/embed.html"))
    assert app.open_href() == "https://x.org/uno/index.html?lesson=stacking"


# ------------------------------------------------------------------------------------------
# index.html, embed.html and the tutorial page


def test_embed_html_is_index_html_without_the_start_screen() -> None:
    """embed.html is written from index.html: the same head (CSP, scripts) and the same
    regions, the placeholder and the Python, without the prerendered start screen, presets and
    Finnish template (a tenth of the bytes), and with no region marked as prerendered."""
    index = (REPO / "index.html").read_text(encoding="utf-8")
    embed = (REPO / "embed.html").read_text(encoding="utf-8")
    assert embed == prerender.embed_document(index), "embed.html is stale: run `python -m uno_web.site.prerender`"
    assert prerender.main(["--check"]) == 0
    assert len(embed.encode()) * 5 < len(index.encode())
    head = index.split("<body>")[0]
    assert re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', head).group(0) in embed  # type: ignore[union-attr]
    for keep in ('<script src="./static/early.js"></script>', '<script src="./static/page.js" defer></script>',
                 'data-testid="embed-placeholder"', 'id="loading"', 'id="r-topbar"', 'id="r-start"',
                 'id="r-hand"', "from uno_web.web import boot", "<script type=\"py\" config='"):
        assert keep in index and keep in embed, keep
    for gone in ('id="preset-values"', 'id="prerendered-fi"', 'data-testid="start-screen"', "<!-- prerender:start",
                 '<script src="./static/register-sw.js" defer>', '<script src="./static/vault.js" defer>'):
        assert gone in index and gone not in embed, gone
    assert '<meta name="uno-prerendered" content="">' in embed
    assert 'data-page="embed"' in embed and 'data-page="embed"' not in index


# ------------------------------------------------------------------------------------------
# index.html and the tutorial page


def test_index_loads_pyscript_only_from_the_starter_script() -> None:
    """Static check behind the browser test: no tag in index.html fetches PyScript by itself."""
    html = (REPO / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]*\bsrc=[^>]*pyscript", html)
    assert not re.search(r"<link[^>]*pyscript", html)
    starter = (REPO / "static" / "page.js").read_text(encoding="utf-8")
    assert '<script src="./static/page.js" defer></script>' in html
    assert 'core.src = "./static/vendor/pyscript/core.js"' in starter
    assert "IntersectionObserver" in starter and 'data-testid="load-embed"' in html


def test_tutorial_page_is_the_generators_output() -> None:
    assert tutorial.TUTORIAL_PATH.read_text(encoding="utf-8") == tutorial.render_tutorial(), (
        "static/tutorial.html is stale: run .venv/bin/python -m uno_web.web.tutorial")
    assert tutorial.main(["--check"]) == 0


def test_tutorial_embeds_every_lesson() -> None:
    html = tutorial.render_tutorial()
    srcs = re.findall(r'<iframe src="([^"]+)"', html)
    assert len(srcs) == len(LESSONS) == 5
    for lesson, src in zip(LESSONS, srcs):
        assert src.replace("&amp;", "&") == "../embed.html?" + lesson_query(lesson)
        assert lesson.title.replace("'", "&#x27;") in html
        assert f'name="lesson-{lesson.slug}"' in html
        query = urlsplit(src.replace("&amp;", "&")).query
        assert read_page(query).position == lesson.position
    assert '<script src="tutorial.js" defer></script>' in html
    assert "uno_web:height" in (REPO / "static" / "tutorial.js").read_text(encoding="utf-8")
    assert tutorial.describe_try("C0>1", LESSONS[-1]) == "catch Bot (the Catch! button)"
    assert tutorial.describe_try("P0:W+4=G", LESSONS[0]) == "play the Wild Draw Four"
    assert card_str(build_state(LESSONS[0].position).discard[-1]) == "R5"
