"""What the page's address asks for, and the links the table hands out (pure Python).

``index.html`` is one page for everything; its query parameters choose what it shows
(docs/embedding.md lists them all):

- nothing: the table's start screen (or the saved game);
- a position (``hands=R7 G5,B1 B2&top=R9&…``, :func:`~uno_web.core.position.position_to_query`):
  the table starts from that position;
- ``lesson=<slug>``: a tutorial lesson of :data:`~uno_web.puzzles.lessons.LESSONS` (its position,
  unless the address carries one);
- ``mode=solitaire`` (``cards=…``, or ``n=12&difficulty=medium`` to generate one),
  ``mode=duel`` (``p1=…&p2=…&rule=geography|uno``, or ``hand=5``), ``mode=puzzles`` (the
  puzzle chooser);
- ``embed=1`` with any of these: the embed view (no start screen, minimal chrome, started
  lazily); embed links name ``embed.html``, the same page without the start screen
  (:func:`embed_page`), and ``index.html?embed=1&…`` keeps working;
- ``bots=easy|normal|hard|still`` (positions), ``seed=N``, ``speed=…``, ``delay=MS`` (tests).

:func:`read_page` turns a query into a :class:`PageRequest`; :func:`share_view` builds the link
and the ``<iframe>`` snippet for the share dialog.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..core.fields import excerpt
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from .markup import escape
from .session import BOT_CHOICES

if TYPE_CHECKING:
    from ..core.position import Position
    from ..puzzles.lessons import Lesson

# uno_web.core.position and uno_web.puzzles.lessons (pydantic models, lesson positions built at
# import) are imported only for an address that names a position or a lesson, urllib.parse only
# for a query: the plain start screen needs none of them (docs/deployment.md "Boot time").

__all__ = [
    "PageRequest", "read_page", "ShareView", "share_view", "iframe_snippet", "open_query",
    "solitaire_query", "duel_query", "lesson_by_slug", "EMBED_HEIGHT", "PAGE_ONLY_PARAMS",
    "DUEL_RULES", "DIFFICULTIES", "MODES", "excerpt", "read_position", "EMBED_PAGE", "full_page",
    "embed_page",
]

Kind = Literal["start", "position", "solitaire", "duel", "puzzles", "editor"]

#: parameters about how the page runs, not about what it shows (left out of share links)
PAGE_ONLY_PARAMS = frozenset({"embed", "start", "speed", "delay"})
DUEL_RULES: tuple[str, ...] = ("geography", "uno")
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")
MODES: tuple[str, ...] = ("solitaire", "duel", "puzzles", "editor")
EMBED_HEIGHT = 600  # px: the iframe snippet's height (the embed fits 360-800 px widths)


@dataclass(frozen=True)
class PageRequest:
    """What an address asks the page to show."""

    kind: Kind
    embed: bool = False
    position: Position | None = None
    lesson: Lesson | None = None
    goal: str = ""
    bots: str = "normal"
    cards: str = ""  # solitaire: the hand given in the address
    n_cards: int = 12  # solitaire: how many cards to generate
    difficulty: str | None = None
    p1: str = ""  # duel: the hands given in the address
    p2: str = ""
    hand_size: int = 5  # duel: hand size to generate
    rule: str = "geography"
    error: str = ""  # the address asked for something that cannot be shown: why
    notes: tuple[str, ...] = ()  # values of the address that were refused, and what is used instead


def lesson_by_slug(slug: str) -> Lesson | None:
    from ..puzzles.lessons import LESSONS

    return next((les for les in LESSONS if les.slug == slug), None)


MAX_QUERY = 64_000  # characters of an address's query read at all (a longer one is cut)


def _int(params: dict[str, str], key: str, default: int, lo: int, hi: int,
         notes: list[str]) -> int:
    """``params[key]`` as a whole number from ``lo`` to ``hi``; anything else is refused with
    a note (never silently changed or dropped) and ``default`` is used."""
    value = params.get(key, "")
    if value == "":
        return default
    if value.isascii() and value.strip().lstrip("-").isdigit() and len(value) <= 9:
        number = int(value)
        if lo <= number <= hi:
            return number
    notes.append(said(Words.of("link.not_whole", notation=key, notation2=excerpt(value), n=lo,
                               m=hi, n2=default)))
    return default


def _choice(params: dict[str, str], key: str, allowed: tuple[str, ...], default: str,
            notes: list[str]) -> str:
    value = params.get(key)
    if value is None or value == "":
        return default
    if value in allowed:
        return value
    if not default:  # nothing stands in for it (no level asked for): the value is dropped
        notes.append(said(Words.of("link.not_one_of_ignored", notation=key,
                                   notation2=excerpt(value), notation3=", ".join(allowed))))
    else:
        notes.append(said(Words.of("link.not_one_of", notation=key, notation2=excerpt(value),
                                   notation3=", ".join(allowed), notation4=default)))
    return default


def read_page(query: str) -> PageRequest:
    """The :class:`PageRequest` of a query string (with or without the leading ``?``).

    Never raises: a position or a lesson that cannot be read gives ``error`` (the page says
    why and shows the start screen, or the error in an embed)."""
    params: dict[str, str] = {}
    notes: list[str] = []
    query = query.lstrip("?")
    if len(query) > MAX_QUERY:
        notes.append(f"The address is longer than {MAX_QUERY:,} characters; the rest is ignored.")
        query = query[:MAX_QUERY]
    if query:
        from urllib.parse import parse_qsl

        params = dict(parse_qsl(query, keep_blank_values=True))
    embed = params.get("embed", "") == "1"  # as static/page.js reads it
    mode = _choice(params, "mode", MODES, "", notes) if params.get("mode") else ""
    goal = params.get("goal", "")
    if len(goal) > 200:
        notes.append(said(Words.of("link.goal_long", notation=excerpt(goal))))
        goal = goal[:200]
    if mode == "solitaire":
        difficulty = _choice(params, "difficulty", DIFFICULTIES, "", notes) or None
        return PageRequest(
            "solitaire", embed=embed, cards=params.get("cards", "").strip(),
            n_cards=_int(params, "n", 12, 2, 40, notes), difficulty=difficulty,
            goal=goal, notes=tuple(notes))
    if mode == "duel":
        return PageRequest(
            "duel", embed=embed, p1=params.get("p1", "").strip(), p2=params.get("p2", "").strip(),
            hand_size=_int(params, "hand", 5, 1, 12, notes),
            rule=_choice(params, "rule", DUEL_RULES, "geography", notes), goal=goal,
            notes=tuple(notes))
    if mode == "puzzles":
        return PageRequest("puzzles", embed=embed, notes=tuple(notes))
    if mode == "editor":  # the position editor, with the link's position if it has one
        from dataclasses import replace
        from urllib.parse import parse_qsl, urlencode

        rest = urlencode([(k, v) for k, v in parse_qsl(query, keep_blank_values=True)
                          if k not in ("mode", "embed", "start")])
        inner = read_page(rest)
        return replace(inner, kind="editor", embed=False,
                       notes=tuple(notes) + inner.notes)
    bots = _choice(params, "bots", BOT_CHOICES, "normal", notes)
    lesson = None
    slug = params.get("lesson")
    if slug is not None:
        lesson = lesson_by_slug(slug)
        if lesson is None:
            from ..puzzles.lessons import LESSONS

            known = ", ".join(les.slug for les in LESSONS)
            return PageRequest("start", embed=embed, notes=tuple(notes),
                               error=f"this link names no lesson {excerpt(slug)} (lessons: {known})")
    if "hands" in params:
        from ..core.position import PositionError

        try:
            pos = read_position(query)
        except (PositionError, ValueError) as exc:
            detail = str(exc).replace("Value error, ", "")[:300]  # pydantic's prefix says nothing
            # the reason's facts where it has them: another language is written from them
            why = getattr(exc, "words", None) if len(str(exc)) <= 300 else None
            return PageRequest("start", embed=embed, lesson=lesson, notes=tuple(notes),
                               error=said(Words.of("link.position", why=why or detail)))
    elif lesson is not None:
        pos = lesson.position
    else:
        if embed:
            return PageRequest("start", embed=True, notes=tuple(notes),
                               error="an embed needs a position (hands=…), a lesson=… or a mode=…")
        return PageRequest("start", notes=tuple(notes))
    goal = goal or pos.goal or (
        lesson.position.goal if lesson is not None and lesson.position.goal else "")
    return PageRequest("position", embed=embed, position=pos, lesson=lesson, goal=goal or "",
                       bots=bots, notes=tuple(notes))


def read_position(query: str) -> Position:
    """The position of a link, checked as the table will build it: each parameter
    (:func:`~uno_web.core.position.position_from_query`) and how they fit together
    (:func:`~uno_web.core.position.build_state`: one name and one score per hand, seats that
    exist, a top card ...). Every page that starts from a link, the table, an embed, a lesson
    and the editor, reads it here, so none of them meets a position it cannot show. Raises
    :class:`~uno_web.core.position.PositionError` with the reason."""
    from ..core.position import build_state, position_from_query

    pos = position_from_query(query)
    build_state(pos)
    return pos


def solitaire_query(cards: str, goal: str = "") -> str:
    from urllib.parse import urlencode

    items = [("mode", "solitaire"), ("cards", cards)]
    if goal:
        items.append(("goal", goal))
    return urlencode(items)


def duel_query(p1: str, p2: str, rule: str = "geography", goal: str = "") -> str:
    from urllib.parse import urlencode

    items = [("mode", "duel"), ("p1", p1), ("p2", p2)]
    if rule != "geography":
        items.append(("rule", rule))
    if goal:
        items.append(("goal", goal))
    return urlencode(items)


def open_query(query: str) -> str:
    """The query of the full page for an embed's query (``embed``, ``start`` ... dropped)."""
    from urllib.parse import parse_qsl, urlencode

    items = [(k, v) for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True)
             if k not in PAGE_ONLY_PARAMS]
    return urlencode(items)


#: the document an embed loads (uno_web/site/prerender.py writes it from index.html): the page
#: without the start screen, which an embed never shows (docs/embedding.md)
EMBED_PAGE = "embed.html"


def full_page(base: str) -> str:
    """The full page's address for a page's own address without its query: an embed's
    ``…/embed.html`` is ``…/index.html`` (its "open" and "edit" links, its share link)."""
    head, sep, name = base.rpartition("/")
    return f"{head}{sep}index.html" if name == EMBED_PAGE else base


def embed_page(base: str) -> str:
    """The embed document beside the page ``base`` (``…/index.html``, ``…/`` or ``…/embed.html``)."""
    head, sep, _name = base.rpartition("/")
    return f"{head}{sep}{EMBED_PAGE}"


def iframe_snippet(src: str, title: str = "UNO position", height: int = EMBED_HEIGHT) -> str:
    """The ``<iframe>`` to paste into a page (fluid width up to 800 px, lazy)."""
    return (f'<iframe src="{escape(src, quote=True)}" title="{escape(title, quote=True)}" '
            f'width="100%" height="{height}" loading="lazy" '
            f'style="max-width:800px;border:0;border-radius:12px"></iframe>')


@dataclass(frozen=True)
class ShareView:
    """The share dialog: the link to the full table and the embed snippet."""

    link: str
    embed_url: str
    snippet: str
    goal: str
    what: str  # "position" / "puzzle"
    error: str = ""


def share_view(base: str, query: str, *, goal: str = "", what: str = "position",
               title: str = "UNO position") -> ShareView:
    """``base``: the page's address without its query (``https://…/index.html``)."""
    link = f"{base}?{query}"
    embed_url = f"{embed_page(base)}?embed=1&{query}"
    return ShareView(link=link, embed_url=embed_url, snippet=iframe_snippet(embed_url, title),
                     goal=goal, what=what)

