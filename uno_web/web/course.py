# uno_web: cli-only (writes static/course.html and course-fi.html on CPython)
"""The rules course pages, ``static/course.html`` (English) and ``static/course-fi.html``
(Finnish), generated from :mod:`uno_web.puzzles.course`: chapters, and in each lesson its text,
the move to try and the tempting wrong move with the validator's verdicts, and an embedded
position (``../embed.html?embed=1&bots=still&…``, lazy: the cheap-embed design, one shared
Python for the page).

    python -m uno_web.web.course           # write both pages
    python -m uno_web.web.course --check   # exit 1 if either is stale (tests do the same)
"""

from __future__ import annotations

import argparse
import sys
from html import escape
from pathlib import Path

from ..core.moves import MoveKind, parse_move
from ..core.reasons import Reason
from ..i18n.verdicts import card_name_in, explanation_in
from ..puzzles.course import CHAPTERS, CourseLesson, chapter_lessons, lesson_query
from ..site.csp import CSP

__all__ = ["render_course", "COURSE_PATHS", "main", "describe_move"]

STATIC = Path(__file__).resolve().parents[2] / "static"
COURSE_PATHS = {"en": STATIC / "course.html", "fi": STATIC / "course-fi.html"}
IFRAME_HEIGHT = 560

_WORDS = {
    "en": {
        "title": "The rules of UNO, one position at a time",
        "intro": "Every official rule and every house rule of the engine, each with a position "
                 "to try: make the move, and the validator says whether it is legal and why. "
                 "Each position starts Python only when you scroll to it, and all of them share "
                 "one Python.",
        "try": "Try", "tempting": "Tempting but wrong", "answers": "the validator answers",
        "house": "House rule", "official": "Official rule", "chapters": "Chapters",
        "other": "Suomeksi", "other_href": "course-fi.html", "play": "Play a whole game",
        "editor": "Build your own position", "footer": "Generated from "
        "uno_web/puzzles/course.py; every lesson's moves and verdicts are checked by the tests.",
        "iframe": "interactive position",
    },
    "fi": {
        "title": "UNOn säännöt tilanne kerrallaan",
        "intro": "Jokainen virallinen sääntö ja jokainen moottorin kotisääntö, kukin "
                 "kokeiltavan tilanteen kanssa: tee siirto, ja tarkastaja kertoo, onko se "
                 "sallittu ja miksi. Kukin tilanne käynnistää Pythonin vasta, kun vierität sen "
                 "esiin, ja kaikki jakavat saman Pythonin.",
        "try": "Kokeile", "tempting": "Houkutteleva mutta väärin", "answers": "tarkastaja vastaa",
        "house": "Kotisääntö", "official": "Virallinen sääntö", "chapters": "Luvut",
        "other": "In English", "other_href": "course.html", "play": "Pelaa kokonainen peli",
        "editor": "Rakenna oma tilanne", "footer": "Tehty tiedostosta "
        "uno_web/puzzles/course.py; testit tarkastavat jokaisen oppitunnin siirrot ja tuomiot.",
        "iframe": "kokeiltava tilanne",
    },
}


def e(text: object) -> str:
    return escape(str(text), quote=True)


def describe_move(notation: str, lesson: CourseLesson, lang: str) -> str:
    """A lesson's move in words, in ``lang``."""
    move = parse_move(notation)
    names = lesson.position.names or []
    fi = lang == "fi"
    if move.kind == MoveKind.PLAY:
        card = card_name_in(move.card, lang)
        text = (f"pelaa kortti {card}" if fi else f"play the {card}")
        if move.target >= 0:
            who = names[move.target] if move.target < len(names) else str(move.target)
            text += f" ja vaihda kädet pelaajan {who} kanssa" if fi else f", swapping with {who}"
        if move.uno:
            text += " ja huuda UNO!" if fi else " and call UNO"
        return text
    words = {
        MoveKind.ACCEPT: ("take the cards", "ota kortit"),
        MoveKind.CATCH: ("catch the player who forgot UNO", "nappaa UNO!-huudon unohtanut"),
        MoveKind.CHALLENGE: ("challenge the Wild Draw Four", "haasta villi nosta neljä"),
        MoveKind.DRAW: ("draw a card", "nosta kortti"),
        MoveKind.CALL_UNO: ("call UNO", "huuda UNO!"),
        MoveKind.PASS: ("keep the card (pass)", "pidä kortti (ohita vuoro)"),
        MoveKind.CHOOSE_COLOR: ("name the colour", "nimeä väri"),
    }.get(MoveKind(move.kind))
    return (words[1] if fi else words[0]) if words else notation


def _lesson(les: CourseLesson, lang: str, number: str) -> str:
    w = _WORDS[lang]
    fi = lang == "fi"
    title = les.title_fi if fi else les.title
    text = les.text_fi if fi else les.text
    kind = w["house"] + f" <code>{e(les.toggle)}</code>" if les.toggle else w["official"]
    moves = ""
    for label, (move, code) in ((w["try"], les.good), (w["tempting"], les.wrong)):
        what = describe_move(move, les, lang)
        moves += (f'<li><b>{e(label)}:</b> {e(what[:1].upper() + what[1:])} — {e(w["answers"])} '
                  f'<code>{e(code)}</code>: {e(explanation_in(Reason(code), lang))}</li>')
    src = "../embed.html?" + lesson_query(les, lang)
    return (
        f'<section class="lesson" id="{e(les.slug)}" aria-labelledby="t-{e(les.slug)}">\n'
        f'<h3 id="t-{e(les.slug)}">{e(number)} {e(title)}</h3>\n'
        f'<p class="kind">{kind}</p>\n<p>{e(text)}</p>\n<ul class="tries">{moves}</ul>\n'
        f'<iframe src="{e(src)}" title="{e(title)} ({e(w["iframe"])})"'
        f' data-lesson="{e(les.slug)}" name="lesson-{e(les.slug)}" height="{IFRAME_HEIGHT}"'
        f' loading="lazy"></iframe>\n</section>\n')


def render_course(lang: str = "en") -> str:
    """One course page (deterministic: the tests compare it with the committed file)."""
    w = _WORDS[lang]
    fi = lang == "fi"
    toc = []
    body = []
    for ci, (slug, title_en, title_fi) in enumerate(CHAPTERS, start=1):
        lessons = chapter_lessons(slug)
        title = title_fi if fi else title_en
        toc.append(f'<li><a href="#ch-{e(slug)}">{e(title)} ({len(lessons)})</a></li>')
        body.append(f'<h2 id="ch-{e(slug)}">{ci}. {e(title)}</h2>\n')
        body.extend(_lesson(les, lang, f"{ci}.{li}") for li, les in enumerate(lessons, start=1))
    return (
        "<!doctype html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(w['title'])} — uno_web</title>\n"
        '<link rel="icon" href="data:,">\n'
        "<!-- Generated by `python -m uno_web.web.course` from uno_web/puzzles/course.py;"
        " do not edit by hand. -->\n"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<link rel="stylesheet" href="tutorial.css">\n'
        '<script src="tutorial.js" defer></script>\n'
        "</head>\n<body>\n"
        f'<header><div class="wrap">\n<h1>{e(w["title"])}</h1>\n<p>{e(w["intro"])}</p>\n'
        f'<p><a href="{w["other_href"]}" lang="{"en" if fi else "fi"}"'
        f' data-testid="course-other-lang">{e(w["other"])}</a> · '
        f'<a href="../index.html{"?lang=fi" if fi else ""}">{e(w["play"])}</a> · '
        f'<a href="../index.html?mode=editor{"&amp;lang=fi" if fi else ""}">{e(w["editor"])}</a>'
        "</p>\n</div></header>\n<main>\n"
        f'<nav aria-label="{e(w["chapters"])}"><h2>{e(w["chapters"])}</h2>\n'
        f"<ol>{''.join(toc)}</ol>\n</nav>\n"
        f"{''.join(body)}</main>\n"
        f"<footer>{e(w['footer'])}</footer>\n"
        "</body>\n</html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="write static/course.html and course-fi.html")
    parser.add_argument("--check", action="store_true", help="exit 1 if a page is stale")
    args = parser.parse_args(argv)
    stale = 0
    for lang, path in COURSE_PATHS.items():
        text = render_course(lang)
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current == text:
            continue
        if args.check:
            print(f"{path} is stale: run python -m uno_web.web.course", file=sys.stderr)
            stale = 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return stale


if __name__ == "__main__":
    raise SystemExit(main())
