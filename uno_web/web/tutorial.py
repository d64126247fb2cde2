# uno_web: cli-only (writes static/tutorial.html on CPython; the browser never imports it)
"""The rules tutorial page, ``static/tutorial.html``, generated from the lessons.

``python -m uno_web.web.tutorial`` writes the page from :data:`~uno_web.puzzles.lessons.LESSONS`:
for each tricky rule its title, its text, what to try, and an embedded table
(``../index.html?embed=1&lesson=…``, :func:`~uno_web.puzzles.lessons.lesson_query`) where the
reader tries the moves and the validator explains them.  The page itself is static HTML with no
Python: each embed starts Pyodide only when it scrolls into view (index.html's lazy start), and
a few lines of JavaScript size each iframe to its content (the embed posts its height).

``tests/web/test_embed_unit.py`` checks that the committed page is exactly what this module
writes, so it cannot drift from the lessons; ``--check`` does the same from the command line.
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

from ..core.cards import card_name
from ..core.moves import MoveKind, parse_move
from ..core.reasons import CATALOGUE, Reason
from ..puzzles.lessons import LESSONS, Lesson, lesson_query

__all__ = ["render_tutorial", "describe_try", "TUTORIAL_PATH", "main"]

TUTORIAL_PATH = Path(__file__).resolve().parents[2] / "static" / "tutorial.html"
IFRAME_HEIGHT = 600


def e(text: object) -> str:
    return escape(str(text), quote=True)


def describe_try(notation: str, lesson: Lesson) -> str:
    """A move of a lesson in words: ``P0:W+4=G`` -> "play the wild draw four"."""
    move = parse_move(notation)
    names = lesson.position.names or []

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if move.kind == MoveKind.PLAY:
        return f"play the {card_name(move.card)}"
    if move.kind == MoveKind.ACCEPT:
        return "take the cards (the draw pile)"
    if move.kind == MoveKind.CATCH:
        return f"catch {who(move.target)} (the Catch! button)"
    if move.kind == MoveKind.CHALLENGE:
        return "challenge the Wild Draw Four"
    if move.kind == MoveKind.DRAW:
        return "draw a card"
    if move.kind == MoveKind.CALL_UNO:
        return "call UNO"
    return notation


_STYLE = """
  :root { color-scheme: light; --ink: #1c2a22; --felt: #0b6e3b; --muted: #51615a; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 17px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
         color: var(--ink); background: #f5f3ec; }
  header { background: var(--felt); color: #f4f1e8; padding: 1.6rem 1rem 1.4rem; }
  header .wrap, main { max-width: 52rem; margin: 0 auto; }
  header .wrap { padding: 0 1rem; }
  header h1 { margin: 0 0 .4rem; font-size: 2rem; }
  header p { margin: .3rem 0; max-width: 44rem; }
  header a { color: #ffe27d; }
  main { padding: 1rem 1rem 3rem; }
  nav ol { padding-left: 1.3rem; }
  nav li { margin: 0; }
  nav li a { display: block; min-height: 2.75rem; padding: .55rem 0; line-height: 1.3; }
  section.lesson { margin: 2.4rem 0 0; padding-top: .5rem; border-top: 1px solid #d8d4c6; }
  section.lesson h2 { margin: .3rem 0 .4rem; font-size: 1.45rem; }
  .tries { margin: .4rem 0 .8rem; padding-left: 1.2rem; }
  code { font: .9em ui-monospace, "DejaVu Sans Mono", monospace; background: #e9e5d8;
         padding: 0 .25em; border-radius: .25em; }
  iframe { display: block; width: 100%; max-width: 800px; border: 0; border-radius: 12px;
           background: #0b6e3b; box-shadow: 0 6px 20px rgba(0, 0, 0, .18); }
  .note { color: var(--muted); font-size: .92rem; }
  footer { max-width: 52rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .9rem; }
"""

_SCRIPT = """
  // Each embed posts {type: "uno_web:height", height} when its content changes size:
  // fit the iframe that sent it (and only an iframe of this page).
  addEventListener("message", function (ev) {
    var d = ev.data;
    if (!d || d.type !== "uno_web:height" || typeof d.height !== "number") return;
    var frames = document.querySelectorAll("iframe[data-lesson]");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === ev.source) {
        frames[i].style.height = Math.max(160, Math.min(1400, Math.round(d.height))) + "px";
      }
    }
  });
"""


def _lesson(lesson: Lesson, number: int) -> str:
    tries = "".join(
        f"<li>{e(describe_try(move, lesson)[:1].upper() + describe_try(move, lesson)[1:])}: "
        f"the validator answers <code>{e(code)}</code> — "
        f"{e(CATALOGUE[Reason(code)].explanation)}</li>"
        for move, code in lesson.tries)
    src = "../index.html?" + lesson_query(lesson)
    return (
        f'<section class="lesson" id="{e(lesson.slug)}" aria-labelledby="t-{e(lesson.slug)}">\n'
        f'<h2 id="t-{e(lesson.slug)}">{number}. {e(lesson.title)}</h2>\n'
        f"<p>{e(lesson.text)}</p>\n"
        f'<p class="note">Try these, each from the starting position (<b>Reset</b> brings it '
        f'back):</p>\n<ul class="tries">{tries}</ul>\n'
        f'<iframe src="{e(src)}" title="{e(lesson.title)} (interactive position)"'
        f' data-lesson="{e(lesson.slug)}" name="lesson-{e(lesson.slug)}" height="{IFRAME_HEIGHT}"'
        f' loading="lazy"></iframe>\n'
        "</section>\n")


def render_tutorial() -> str:
    """The whole page (deterministic: the test compares it with the committed file)."""
    toc = "".join(f'<li><a href="#{e(les.slug)}">{e(les.title)}</a></li>' for les in LESSONS)
    body = "".join(_lesson(les, i) for i, les in enumerate(LESSONS, start=1))
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>Five tricky UNO rules — uno_web tutorial</title>\n"
        '<link rel="icon" href="data:,">\n'
        "<!-- Generated by `python -m uno_web.web.tutorial` from uno_web/puzzles/lessons.py;"
        " do not edit by hand. -->\n"
        f"<style>{_STYLE}</style>\n</head>\n<body>\n"
        '<header><div class="wrap">\n'
        "<h1>Five tricky UNO rules</h1>\n"
        "<p>Most arguments at an UNO table are about the same five rules. Each one below comes "
        "with a real position: try the moves in it, and the rules engine's validator tells you "
        "whether the move is legal and why, with the rule it comes from.</p>\n"
        '<p>Each position is a small embedded table that runs Python in your browser. It starts '
        "only when you scroll to it (or press its button), so this page stays light until "
        'then. <a href="../index.html">Play a whole game</a> · '
        '<a href="../index.html?mode=puzzles">UNO puzzles</a></p>\n'
        "</div></header>\n<main>\n"
        '<nav aria-label="lessons"><h2>The five rules</h2>\n'
        f"<ol>{toc}</ol>\n"
        '<p class="note">In every position you are the player at the bottom, and it is your '
        "turn. The other player is a bot (level normal); it waits until you have made your "
        "first move. <b>Reset</b> brings the position back, <b>open in uno_web</b> opens it in "
        "the full table.</p>\n</nav>\n"
        f"{body}</main>\n"
        "<footer>Generated from <code>uno_web/puzzles/lessons.py</code>; the moves and the "
        "verdicts above are checked by the tests, so the page cannot disagree with the "
        "engine.</footer>\n"
        f"<script>{_SCRIPT}</script>\n"
        "</body>\n</html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="write static/tutorial.html from the lessons")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the committed page differs from the generator's output")
    args = parser.parse_args(argv)
    text = render_tutorial()
    current = TUTORIAL_PATH.read_text(encoding="utf-8") if TUTORIAL_PATH.exists() else ""
    if args.check:
        if current != text:
            print(f"{TUTORIAL_PATH} is stale: run python -m uno_web.web.tutorial", file=sys.stderr)
            return 1
        print(f"{TUTORIAL_PATH} is up to date")
        return 0
    if current != text:
        TUTORIAL_PATH.write_text(text, encoding="utf-8")
        print(f"wrote {TUTORIAL_PATH}")
    else:
        print(f"{TUTORIAL_PATH} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
