"""HTML for the views: pure functions from :mod:`uno_web.web.view` dataclasses to strings.

The page is split into *regions* (``<div id="r-NAME">`` in index.html); :func:`render_table`,
:func:`render_start` and :func:`render_replay` return ``{region: html}`` and the controller
writes only the regions whose HTML changed (cheap, and a live region is only touched when its
text really changes, so screen readers announce each verdict once).

Every clickable element carries ``data-action`` (what the delegated click handler does) and
the test hooks ``data-testid`` / ``data-card`` / ``data-playable`` / ``data-seat`` /
``data-color`` / ``data-code`` listed in docs/table.md.  Text is escaped with ``html.escape``;
nothing from a name or a log reaches the page unescaped.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from ..core.cards import parse_card, parse_color
from ..core.words import Words
from ..i18n.phrases import said
from .markup import escape
from .session import SPEED_NAMES, ValidatorEntry
from .view import (
    ActionsView, CardView, FieldView, LogLine, OpponentView, RoundSummary, ScoreRow, StartView,
    TableView, verdict_sentence,
)

__all__ = [
    "SPEED_LABELS", "REGIONS", "render_card", "render_table", "render_start", "render_topbar", "color_swatch",
    "COLOR_LABEL", "render_embed_bar", "render_share", "render_embed_error", "TUTORIAL_HREF",
    "COURSE_HREF", "ROOM_HREF", "LANG_NAMES", "lang_select", "rejection_html", "entry_html",
    "entries_html", "log_html",
]

#: every region the page has, in page order
REGIONS: tuple[str, ...] = (
    "topbar", "notice", "share", "start", "opponents", "draw", "discard", "info", "callout",
    "prompt",
    "hand", "scores", "latest",
    "validator", "logtitle", "log", "overlay", "replay",
)

TUTORIAL_HREF = "static/tutorial.html"
COURSE_HREF = {"en": "static/course.html", "fi": "static/course-fi.html"}
#: online rooms live on their own page (their Content-Security-Policy names the room's relays)
ROOM_HREF = {"en": "static/room.html", "fi": "static/room.html?lang=fi"}
EDITOR_HREF = "?mode=editor"
LANG_NAMES = {"en": "English", "fi": "Suomi"}

SPEED_LABELS = {"instant": "Instant", "fast": "Fast", "normal": "Normal", "slow": "Slow"}

COLOR_LABEL = {
    "R": "red", "Y": "yellow", "G": "green", "B": "blue", "W": "wild",
    "H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades",
}
_SUIT = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
_HIDDEN = ' aria-hidden="true"'
_SPEAKER = ('<svg class="icon speaker" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>{}</svg>')
_SPEAKER_ON = _SPEAKER.format('<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" '
                              'fill="none" stroke="currentColor" stroke-width="2" '
                              'stroke-linecap="round"/>')
_SPEAKER_OFF = _SPEAKER.format('<path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" '
                               'stroke-width="2" stroke-linecap="round"/>')


def e(text: object) -> str:
    return escape(str(text), quote=True)


# ------------------------------------------------------------------------------------------
# small pictures (inline SVG: no font or image request)
# ------------------------------------------------------------------------------------------

#: colour-blind friendly marks: every UNO colour also has its own shape
_SHAPE = {
    "R": '<circle cx="8" cy="8" r="6"/>',
    "Y": '<path d="M8 1.5 15 14H1z"/>',
    "G": '<rect x="2" y="2" width="12" height="12" rx="1"/>',
    "B": '<path d="M8 0.8 15.2 8 8 15.2 0.8 8z"/>',
}


def shape_svg(color: str, cls: str = "shape") -> str:
    if color in _SUIT:
        return f'<span class="{cls} suit-mark" aria-hidden="true">{_SUIT[color]}</span>'
    body = _SHAPE.get(color)
    if body is None:
        return ""
    return (f'<svg class="{cls}" viewBox="0 0 16 16" aria-hidden="true" focusable="false">'
            f'{body}</svg>')


_SKIP = ('<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
         '<circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" stroke-width="3"/>'
         '<path d="M6 18 18 6" stroke="currentColor" stroke-width="3"/></svg>')
_REVERSE = ('<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            '<path d="M4 9h12l-3.5-3.5M20 15H8l3.5 3.5" fill="none" stroke="currentColor" '
            'stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>')
_WILD = ('<svg class="icon wild-wheel" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
         '<path d="M12 12V2a10 10 0 0 1 10 10z" fill="#0956bf"/>'
         '<path d="M12 12h10a10 10 0 0 1-10 10z" fill="#2e8b12"/>'
         '<path d="M12 12v10A10 10 0 0 1 2 12z" fill="#e0c200"/>'
         '<path d="M12 12H2A10 10 0 0 1 12 2z" fill="#d72600"/></svg>')


def _face_html(c: CardView, big: bool) -> str:
    f = c.face
    if c.deck == "suits":
        if f == "joker":
            return '<span class="joker">★</span>' if big else "JK"
        return e(f)
    if f == "skip":
        return _SKIP
    if f == "reverse":
        return _REVERSE
    if f == "wild":
        return _WILD if big else "W"
    if f == "+4" and big:
        return f'{_WILD}<span class="plus">+4</span>'
    cls = ' class="ul"' if f in ("6", "9") else ""
    return f"<span{cls}>{e(f)}</span>"


def render_card(c: CardView, *, button: bool = False, extra: str = "", testid: str = "",
                attrs: str = "") -> str:
    """One card face. ``button``: a hand card (focusable, clickable, with the test hooks)."""
    classes = f"card {('suits' if c.deck == 'suits' else 'uno')} c-{c.color}"
    if c.playable and button:
        classes += " playable"
    if c.drawn:
        classes += " drawn"
    if extra:
        classes += " " + extra
    if c.deck == "suits":
        red = c.color in ("H", "D")
        classes += " red-ink" if red else " black-ink"
        corner = (f'<span class="pip tl"><b>{_face_html(c, False)}</b>'
                  f'<i>{e(c.suit)}</i></span>'
                  f'<span class="pip br"><b>{_face_html(c, False)}</b><i>{e(c.suit)}</i></span>')
        if c.face == "joker":
            middle = '<span class="middle"><span class="joker">★</span><small>JOKER</small></span>'
        elif c.face in ("J", "Q", "K"):
            middle = (f'<span class="middle face-card"><span class="court">{e(c.face)}</span>'
                      f'<span class="suit-big">{e(c.suit)}</span></span>')
        else:
            middle = f'<span class="middle"><span class="suit-big">{e(c.suit)}</span></span>'
        inner = corner + middle
    else:
        small = _face_html(c, False)
        inner = (f'<span class="pip tl">{small}</span>'
                 f'<span class="oval"><span class="big">{_face_html(c, True)}</span></span>'
                 f'<span class="pip br">{small}</span>'
                 f'{shape_svg(c.color, "cb")}')
    hooks = f' data-card="{e(c.code)}"'
    if testid:
        hooks += f' data-testid="{e(testid)}"'
    if button:
        hooks += (f' data-playable="{"true" if c.playable else "false"}" data-index="{c.index}"'
                  f' data-focus="hand-{c.index}" data-action="card"')
        # the accessible name is the spoken label; the printed face is hidden from screen
        # readers (a name that differs from the visible "7 7 7" is a WCAG 2.5.3 fault)
        return (f'<button type="button" class="{classes}"{hooks}{attrs}>'
                f'<span class="face" aria-hidden="true">{inner}</span>'
                f'<span class="sr-only">{e(c.label)}</span></button>')
    label = c.label or c.name
    return f'<div class="{classes}"{hooks} role="img" aria-label="{e(label)}"{attrs}>{inner}</div>'


def card_back(cls: str = "", deck: str = "uno") -> str:
    if deck == "playing-cards":
        return f'<span class="card back suits-back {cls}" aria-hidden="true"></span>'
    return (f'<span class="card back {cls}" aria-hidden="true"><span class="oval">'
            '<span class="logo">UNO</span></span></span>')


def color_swatch(code: str) -> str:
    return (f'<span class="swatch c-{e(code)}" aria-hidden="true">'
            f'{shape_svg(code, "swatch-shape")}</span>')


# ------------------------------------------------------------------------------------------
# the table
# ------------------------------------------------------------------------------------------


def _opponent(o: OpponentView, tv: TableView, position: int = 0, total: int = 1) -> str:
    cls = "opponent"
    if o.is_turn:
        cls += " on-turn"
    if o.acting:
        cls += " acting"
    if not o.active:
        cls += " out"
    badges = []
    if o.called_uno:
        badges.append('<span class="badge uno-badge" data-testid="uno-called">UNO!</span>')
    if o.dealer:
        badges.append('<span class="badge dealer" title="dealer">D</span>')
    if not o.active:
        badges.append('<span class="badge out-badge">out</span>')
    if o.thinking is not None:
        pct = int(round(o.thinking * 100))
        status = (f'<span class="thinking" data-testid="thinking">thinking… '
                  f'<span class="bar"><span style="width:{pct}%"></span></span></span>')
    elif o.acting:
        status = '<span class="thinking">playing…</span>'
    elif o.is_turn:
        status = '<span class="thinking">to play</span>'
    else:
        status = ""
    fan_n = min(o.count, 12)
    fan = "".join(card_back("mini", tv.deck) for _ in range(fan_n))
    if o.cards:
        fan = "".join(render_card(c, extra="mini") for c in o.cards)
    last = ""
    if o.last_card is not None:
        last = (f'<span class="last-played" data-testid="last-played" data-card="{e(o.last_card.code)}">'
                f'<span class="sr-only">{e(_said("seat.last_played", card=parse_card(o.last_card.code)))}</span>'
                f'{render_card(o.last_card, extra="mini", attrs=_HIDDEN)}</span>')
    catch = ""
    if o.catchable:
        catch = (f'<button type="button" class="btn catch" data-action="catch" data-seat="{o.seat}"'
                 f' data-testid="catch" data-focus="catch-{o.seat}">'
                 f'{e(_said("seat.catch", who=o.name))}<span class="sr-only"> '
                 f'{e(_said("seat.forgot", who=o.name))}</span></button>')
    points = (f'<span class="hand-points" data-testid="hand-points">'
              f'{e(_said("seat.points_in_hand", n=o.hand_points))}</span>'
              if o.cards and tv.summary is not None else "")
    still = o.level == "still"  # a position's bots that never move: no level to show
    parts = [Words.of("seat.cards/1" if o.count == 1 else "seat.cards", n=o.count),
             Words.of("seat.score", n=o.score)]
    if o.is_turn:
        parts.append(Words.of("seat.to_play"))
    if o.called_uno:
        parts.append(Words.of("seat.called_uno"))
    if still:  # a position's bots that never move
        label = _said("seat.still", who=o.name, parts=tuple(parts))
    elif o.level:
        label = _said("seat.ai", who=o.name, level=o.level, parts=tuple(parts))
    else:  # no level: a person at this device
        label = _said("seat.person", who=o.name, parts=tuple(parts))
    return (
        f'<li class="{cls}" data-testid="opponent" data-seat="{o.seat}" data-count="{o.count}"'
        f' style="--i:{position};--n:{total}">'
        f'<span class="sr-only">{e(label)}</span>'
        f'<div class="who" aria-hidden="true"><span class="avatar">{e(o.name[:1].upper())}</span>'
        f'<span class="name">{e(o.name)}</span>'
        + ("" if still else f'<span class="level lv-{e(o.level or "person")}">'
                             f'{e(o.level or "person")}</span>')
        + f'{"".join(badges)}</div>'
        f'<div class="seat-cards"><div class="fan{" open" if o.cards else ""}" aria-hidden="true">'
        f'{fan}</div>{last}</div>'
        f'<div class="meta" aria-hidden="true"><span class="count" data-testid="card-count">'
        f'{e(_said("count.cards/1" if o.count == 1 else "count.cards", n=o.count))}</span>'
        f'<span class="score">{e(_said("count.points", n=o.score))}</span>'
        f'{points}{status}</div>{catch}</li>'
    )


def _said(key: str, **facts: Any) -> str:
    """A phrase's English for the page, its facts kept for the page's language."""
    return said(Words.of(key, **facts))


def _opponents(tv: TableView) -> str:
    n = len(tv.opponents)
    arrow = "❯" if tv.direction > 0 else "❮"
    band = (f'<div class="play-direction" data-testid="play-direction" aria-hidden="true">'
            f'<span class="chevrons">{(arrow + " ") * 12}</span></div>')
    label = _said("table.others", direction=tv.direction)
    return (band + f'<ol class="opponents n{n}" data-direction="{tv.direction}"'
            f' aria-label="{e(label)}">'
            + "".join(_opponent(o, tv, i, n) for i, o in enumerate(tv.opponents)) + "</ol>")


def _center(tv: TableView) -> dict[str, str]:
    arrow = "↻" if tv.direction > 0 else "↺"
    draw_attrs = ""
    draw_cls = "pile draw-pile"
    if tv.mode == "table":
        if tv.actions.can_draw:
            draw_cls += " can-draw"
        draw_attrs = ' data-action="draw" data-focus="draw"'
        tag = "button"
        pile = _said("pile.draw_count", n=tv.draw_count)
    else:
        tag = "div"
        pile = _said("pile.count/1" if tv.draw_count == 1 else "pile.count", n=tv.draw_count)
    type_attr = 'type="button" ' if tag == "button" else ""
    shown = tv.actions.draw_label if tv.mode == "table" else "draw pile"
    draw = (f'<{tag} {type_attr}class="{draw_cls}"'
            f' data-testid="draw-pile" data-count="{tv.draw_count}"{draw_attrs}>'
            f'{card_back("stack", tv.deck)}<span class="pile-count" aria-hidden="true">'
            f'{tv.draw_count}</span><span class="pile-label">{e(shown)}</span>'
            f'<span class="sr-only">{" " if tv.mode == "table" else ""}{e(pile)}'
            '</span></' + tag + '>')
    if tv.top is not None:
        top = render_card(tv.top, attrs=f' data-seq="{tv.discard_count}"')
    else:
        top = '<div class="card empty">lead any card</div>'
    ring = f" ring-{tv.color}" if tv.color else ""
    discard = (f'<div class="pile discard{ring}" data-testid="discard"'
               f' data-count="{tv.discard_count}">{top}</div>')
    col = tv.color
    color_text = (_said("table.color", color=parse_color(col)) if col else
                  "current colour: none yet")
    differs = " differs" if tv.color_differs else ""
    current = (f'<div class="current-color c-{e(col or "none")}{differs}" data-testid="current-color"'
               f' data-color="{e(col)}">{color_swatch(col) if col else ""}'
               f'<span>{e(color_text)}</span></div>')
    direction = (f'<div class="direction" data-testid="direction" data-direction="{tv.direction}"'
                 f' title="direction of play"><span class="arrow" aria-hidden="true">{arrow}</span>'
                 f' {e(tv.direction_text)}</div>')
    pending = ""
    if tv.pending:
        pending = (f'<div class="pending" data-testid="pending" data-count="{tv.pending}">'
                   f'{e(_said("pile.pending", n=tv.pending))}</div>')
    turn_label = "You" if tv.turn == tv.you_seat else tv.turn_name
    turn = (f'<div class="turn" data-testid="turn" data-seat="{tv.turn}">'
            f'<span class="muted">turn:</span> <b>{e(turn_label)}</b></div>')
    info = (f'<div class="table-info">{current}{direction}{turn}{pending}'
            f'<div class="round-no">{e(_said("table.round", n=tv.round))}</div></div>')
    callout = ""
    if tv.callout and tv.mode == "table":
        callout = (f'<p class="callout" data-testid="callout" data-version="{tv.version}"'
                   f' data-seat="{tv.callout_seat}"><span>{e(tv.callout)}</span></p>')
    return {"draw": draw, "discard": discard, "info": info, "callout": callout}


def button_html(action: str, text: str, testid: str, *, cls: str = "btn", attrs: str = "",
            key: str = "", disabled: bool = False, wide: str = "") -> str:
    """A button; ``wide`` is extra text left out on narrow screens ("New" + " game")."""
    kbd = f' <kbd aria-hidden="true">{e(key)}</kbd>' if key else ""
    dis = " disabled" if disabled else ""
    keys = f' aria-keyshortcuts="{e(key)}"' if key else ""
    more = f'<span class="wide">{e(wide)}</span>' if wide else ""
    return (f'<button type="button" class="{cls}" data-action="{action}" data-testid="{testid}"'
            f' data-focus="{testid}"{keys}{attrs}{dis}>{e(text)}{more}{kbd}</button>')


def _icon_button(action: str, icon: str, words: str, testid: str) -> str:
    """A button that shows a symbol and says words (its name is the words alone)."""
    return (f'<button type="button" class="btn ghost" data-action="{action}" data-testid="{testid}"'
            f' data-focus="{testid}"><span aria-hidden="true">{e(icon)}</span>'
            f'<span class="sr-only">{e(words)}</span></button>')


def rejection_html(rej: ValidatorEntry, status: str) -> str:
    """The refusal of your last attempt, in the status line's slot (the status kept under it,
    hidden, so that nothing moves): the table's, and an online room's for its guests."""
    return (f'<div class="slot"><div class="rejection" role="note" data-testid="rejection"'
            f' data-code="{e(rej.code)}"><p><b>{e(verdict_sentence(rej.message))}</b> '
            f'{e(rej.hint or rej.explanation)} <span class="code">{e(rej.code)}</span></p></div>'
            f'<p class="status" data-testid="status" aria-hidden="true">{e(status)}</p></div>')


def _prompt(tv: TableView) -> str:
    a: ActionsView = tv.actions
    # a refusal of your last attempt takes the status line's place (same slot: nothing moves)
    rej = tv.latest
    choosing = bool(a.color_picker or a.target_picker)  # the picker is the one thing to read
    if rej is not None and not rej.ok and rej.seat == tv.you_seat and not choosing:
        parts = [rejection_html(rej, tv.status)]
    else:
        parts = [f'<div class="slot"><p class="status" data-testid="status">{e(tv.status)}</p>'
                 '</div>']
    buttons: list[str] = []
    if a.keep:
        buttons.append(button_html("keep", a.keep_label, "keep", key="K"))
    if a.challenge:
        buttons.append(button_html("challenge", "Challenge", "challenge", key="C", cls="btn warn",
                               attrs=' aria-describedby="stakes"'))
    if a.accept:
        buttons.append(button_html("accept", _said("action.take", n=tv.pending), "accept", key="A",
                               attrs=' aria-describedby="stakes"' if a.challenge else ""))
    uno_cls = "btn uno"
    if a.uno:
        uno_cls += " ready"
    if a.uno_called:
        uno_cls += " called"
    buttons.append(button_html("uno", "UNO!", "uno-button", cls=uno_cls, key="U",
                           attrs=f' data-enabled="{"true" if a.uno else "false"}"'
                           f' aria-pressed="{"true" if a.uno_called else "false"}"'))
    parts.append('<div class="actions">' + "".join(buttons) + "</div>")
    if tv.challenge_text:
        parts.append(f'<p class="stakes" id="stakes" data-testid="challenge-stakes">'
                     f'{e(tv.challenge_text)} {e(tv.accept_text)}</p>')
    if tv.reveal_cards:
        cards = "".join(render_card(c, extra="mini") for c in tv.reveal_cards)
        parts.append(f'<div class="reveal" data-testid="challenge-reveal"><p>{e(tv.reveal_title)}'
                     f'</p><div class="fan open">{cards}</div></div>')
    if a.color_picker:
        swatches = "".join(
            f'<button type="button" class="color-choice c-{e(c)}" data-action="color"'
            f' data-color="{e(c)}" data-focus="color-{e(c)}">'
            f'{shape_svg(c, "swatch-shape")}<span>{e(COLOR_LABEL[c])}</span>'
            f'<kbd aria-hidden="true">{e(c)}</kbd></button>'
            for c in a.color_picker)
        card = render_card(a.choice_card, extra="mini") if a.choice_card else ""
        cancel = (button_html("cancel", "Cancel", "cancel-choice", cls="btn ghost", key="Esc")
                  if a.choice_card else "")
        parts.append(f'<div class="picker" data-testid="color-picker" role="group"'
                     f' aria-label="{e(a.color_picker_for)}">{card}<span class="picker-title">'
                     f'{e(a.color_picker_for)}</span><div class="choices">{swatches}</div>'
                     f'{cancel}</div>')
    if a.target_picker:
        opts = "".join(
            f'<button type="button" class="btn target" data-action="target" data-seat="{s}"'
            f' data-focus="target-{s}">{e(n)}</button>' for s, n in a.target_picker)
        card = render_card(a.choice_card, extra="mini") if a.choice_card else ""
        parts.append(f'<div class="picker" data-testid="target-picker" role="group"'
                     f' aria-label="Swap hands with">{card}<span class="picker-title">'
                     f'Swap hands with…</span><div class="choices">{opts}</div>'
                     f'{button_html("cancel", "Cancel", "cancel-choice", cls="btn ghost", key="Esc")}'
                     '</div>')
    if tv.jump_window and a.jump_in:
        parts.append(f'<div class="jump-window" data-testid="jump-window">Jump in with '
                     f'{e(", ".join(a.jump_in))}! <span class="countdown"><span></span></span></div>')
    return "".join(parts)


def _hand(tv: TableView) -> str:
    turn = " my-turn" if tv.your_turn else ""
    cards = "".join(render_card(c, button=True) for c in tv.hand)
    n = len(tv.hand)
    last = ""
    if tv.you_last is not None:
        last = (f'<span class="last-played mine" data-testid="your-last-played" '
                f'data-card="{e(tv.you_last.code)}">last played '
                f'{render_card(tv.you_last, extra="mini", attrs=_HIDDEN)}'
                f'<span class="sr-only">{e(tv.you_last.name)}</span></span>')
    head = (f'<div class="hand-head" data-seat="{tv.you_seat}"><span class="you-name">{e(tv.you)}</span>'
            f'<span class="muted">{e(_said("hand.head/1" if n == 1 else "hand.head", n=n, m=tv.you_score))}'
            '</span>'
            + ('<span class="badge uno-badge">UNO!</span>' if tv.actions.uno_called else "")
            + last + "</div>")
    return (f'{head}<div class="hand{turn}" data-testid="hand" data-count="{n}" role="group"'
            f' aria-label="{e(_said("hand.label", n=n))}">{cards}</div>')


MAX_ROUND_COLUMNS = 8


def _score_rows(rows: Iterable[ScoreRow], you: int, in_hand: bool, per_round: int = 0) -> str:
    out = []
    for r in rows:
        rounds = "".join(f"<td>{x}</td>" for x in r.per_round[-per_round:]) if per_round else ""
        cls = []
        if r.seat == you:
            cls.append("me")
        if r.winner:
            cls.append("winner")
        if not r.active:
            cls.append("out")
        hand_cell = f"<td>{r.in_hand}</td>" if in_hand else ""
        out.append(f'<tr class="{" ".join(cls)}" data-seat="{r.seat}"><th scope="row">'
                   f'{e(r.name)}</th>{hand_cell}{rounds}<td data-testid="score">{r.total}</td></tr>')
    return "".join(out)


def _scores(tv: TableView) -> str:
    played = len(tv.scores[0].per_round) if tv.scores else 0
    shown = min(played, MAX_ROUND_COLUMNS)
    heads = "".join(f'<th scope="col" title="{e(_said("scores.round", n=k))}">#{k}</th>'
                    for k in range(played - shown + 1, played + 1))
    return (f'<table class="scores" data-testid="scores" data-rounds="{played}"><caption>'
            f'{e(tv.rules_text)}</caption><thead><tr><th scope="col">player</th>{heads}'
            f'<th scope="col">total</th></tr></thead>'
            f'<tbody>{_score_rows(tv.scores, tv.you_seat, False, shown)}</tbody></table>')


def entry_html(en: ValidatorEntry) -> str:
    costly = en.code.startswith("P_")  # accepted at a cost: a house rule's penalty
    cls = "cost" if costly else ("ok" if en.ok else "bad")
    hint = f'<p class="hint">{e(en.hint)}</p>' if en.hint else ""
    mark = "!" if costly else ("✓" if en.ok else "✗")
    return (
        f'<li class="entry {cls}" data-testid="validator-entry" data-code="{e(en.code)}"'
        f' data-ok="{"true" if en.ok else "false"}" data-seat="{en.seat}" data-move="{e(en.move)}">'
        f'<p class="message"><span class="mark" aria-hidden="true">{mark}</span> '
        f'{e(verdict_sentence(en.message))}</p>'
        f'<p class="explanation">{e(en.explanation)}</p>'
        f'<p class="rule"><span class="code" title="reason code">{e(en.code)}</span> '
        f'<span>rule:</span> {e(en.rule)}</p>{hint}</li>'
    )


def entries_html(entries: Iterable[ValidatorEntry]) -> str:
    """The validator's entries, newest first (the table's panel, and an online room's)."""
    items = "".join(entry_html(x) for x in entries)
    if not items:
        items = '<li class="empty">Every move you and the bots try shows up here with the ' \
                'validator\'s verdict.</li>'
    return (f'<ol class="entries" tabindex="0" aria-label="validator entries, newest first">'
            f'{items}</ol>')


def _validator(tv: TableView) -> str:
    return (f'<p class="deck-invariant" data-testid="deck-invariant">'
            f'<span aria-hidden="true">✓</span> {e(tv.deck_message)}</p>'
            f'{entries_html(tv.entries)}')


def _latest(tv: TableView) -> str:
    en = tv.latest
    if en is None:
        return ""
    # each part its own text, so that a page in another language words each from its facts
    text = e(verdict_sentence(en.message))
    if not en.ok or en.code.startswith("P_"):
        text += f"<span> {e(en.explanation)}</span>"
        if en.hint:
            text += f"<span> {e(en.hint)}</span>"
    return f'<span data-seq="{en.seq}">{text}</span>'


def log_html(log: Iterable[LogLine], you_seat: int) -> str:
    """The game log's lines, newest first (the table's panel, and an online room's)."""
    lines = "".join(
        f'<li class="ev ev-{e(x.kind)}{" mine" if x.seat == you_seat else ""}"'
        f' data-kind="{e(x.kind)}">{e(x.text)}</li>' for x in log)
    # focusable: a long log scrolls, and the keyboard must reach it too
    return f'<ol class="log-lines" data-testid="log-lines" tabindex="0">{lines}</ol>'


def _log(tv: TableView) -> str:
    return log_html(tv.log, tv.you_seat)


def _overlay(tv: TableView) -> str:
    s: RoundSummary | None = tv.summary
    if s is None or tv.mode != "table":
        return ""
    you_won = s.winner == tv.you_seat
    if s.game_over:
        title = ("You won the game!" if s.game_winner_seat == tv.you_seat
                 else _said("over.game_won", who=s.game_winner))
        testid = "game-over"
    else:
        title = ("You won the round!" if you_won
                 else _said("over.round_won", who=s.winner_name, n=s.round))
        testid = "round-over"
    if s.scoring == "elimination":
        gained = _said("over.points_against", n=s.target)
    elif you_won:
        gained = _said("over.you_score", n=s.gained)
    else:
        gained = _said("over.scores", who=s.winner_name, n=s.gained)
    hands = []
    for r in s.rows:
        who = "You" if r.seat == tv.you_seat else r.name
        cards = ("".join(render_card(c, extra="mini") for c in r.cards)
                 or '<span class="muted">no cards: went out</span>')
        hands.append(f'<li class="reveal-hand{" winner" if r.winner else ""}" data-seat="{r.seat}"'
                     f' data-testid="revealed-hand"><span class="reveal-name">{e(who)}</span>'
                     f'<span class="fan open">{cards}</span>'
                     f'<span class="reveal-points">{e(_said("count.points", n=r.in_hand))}'
                     '</span></li>')
    reveal = (f'<h3 class="sr-only">Every hand at the end of the round</h3>'
              f'<ul class="reveal-hands" data-testid="round-hands">{"".join(hands)}</ul>')
    goal = {"target": _said("over.first_to", n=s.target),
            "single-round": "One round decides the game.",
            "elimination": ""}.get(s.scoring, "")
    table = (f'<table class="scores final" data-testid="round-scores"><thead><tr>'
             f'<th scope="col">player</th><th scope="col">left in hand</th>'
             f'<th scope="col">this round</th><th scope="col">total</th></tr></thead><tbody>'
             f'{_score_rows(s.rows, tv.you_seat, True, 1)}</tbody></table>')
    if s.game_over:
        buttons = (button_html("play-again", "Play again", "play-again", cls="btn primary")
                   + button_html("setup", "Change settings", "setup", cls="btn ghost"))
    else:
        buttons = button_html("next-round", "Deal next round", "next-round", cls="btn primary",
                          key="N")
    return (f'<div class="dialog" role="dialog" aria-modal="false" aria-labelledby="ov-title"'
            f' data-testid="{testid}"><h2 id="ov-title">{e(title)}</h2>'
            f'<p>{e(gained)} {e(goal)}</p>{reveal}{table}<div class="dialog-buttons">{buttons}</div>'
            '</div>')


def _replay_bar(tv: TableView) -> str:
    if tv.mode != "replay":
        return ""
    problem = (f'<p class="replay-problem" data-testid="replay-problem">{e(tv.replay_problem)}</p>'
               if tv.replay_problem else "")
    return (
        f'<div class="replay-bar" data-testid="replay-bar"><strong>Replay</strong>'
        + _icon_button("replay-first", "◀◀", "first step", "replay-first")
        + button_html("replay-prev", "◀ Prev", "replay-prev", cls="btn", key="←",
                  disabled=tv.replay_pos <= 0)
        + f'<span class="replay-step" data-testid="replay-step" data-pos="{tv.replay_pos}"'
        f' data-len="{tv.replay_len}">{e(_said("replay.step", n=tv.replay_pos, m=tv.replay_len))}'
        '</span>'
        + button_html("replay-next", "Next ▶", "replay-next", cls="btn", key="→",
                  disabled=tv.replay_pos >= tv.replay_len)
        + _icon_button("replay-last", "▶▶", "last step", "replay-last")
        + button_html("replay-exit", "Close replay", "replay-exit", cls="btn ghost")
        + f'<p class="replay-status">{e(tv.status)}</p>{problem}</div>'
    )


def speed_select(speed: str, testid: str = "speed") -> str:
    """The bot-speed choice (remembered)."""
    opts = "".join(f'<option value="{k}"{" selected" if k == speed else ""}>'
                   f'{e(SPEED_LABELS[k])}</option>' for k in SPEED_NAMES)
    return (f'<label class="speed-choice"><span class="label">Bot speed</span>'
            f'<select data-action="speed" data-testid="{testid}" name="speed">{opts}</select>'
            '</label>')


def sound_button(sound: bool) -> str:
    return (f'<button type="button" class="btn ghost sound" data-action="sound" data-testid="sound"'
            f' data-focus="sound" aria-pressed="{"true" if sound else "false"}">'
            f'{_SPEAKER_ON if sound else _SPEAKER_OFF}'
            f'<span class="wide">&nbsp;Sound</span><span class="sr-only">Sound effects</span></button>')


def lang_select(lang: str) -> str:
    """The language switch (remembered); each language named in itself."""
    opts = "".join(f'<option value="{k}" lang="{k}"{" selected" if k == lang else ""}>'
                   f'{e(v)}</option>' for k, v in LANG_NAMES.items())
    return (f'<label class="lang-choice"><span class="sr-only">Language</span>'
            f'<select data-action="lang" data-testid="lang" data-focus="lang" name="lang" '
            f'aria-label="Language">{opts}</select></label>')


def render_topbar(mode: str, has_game: bool, *, can_export: bool = True,
                  can_share: bool = False, speed: str = "", sound: bool = False,
                  export_note: str = "", share_note: str = "", lang: str = "en") -> str:
    """The top bar: New game, Puzzles, Share, Export log, Replay a log, Rules tutorial, help.

    ``mode``: ``start`` / ``table`` / ``replay`` / ``puzzles`` / ``puzzle``.  ``export_note`` /
    ``share_note``: why the button is off (its tooltip and accessible description)."""
    export = button_html("export", "Export", "export-log", cls="btn ghost", wide=" log",
                     disabled=not (has_game and can_export),
                     attrs=f' title="{e(export_note)}"' if export_note and not can_export else "")
    new = button_html("setup", "New", "new-game", cls="btn ghost", wide=" game")
    puzzles = button_html("puzzles", "Puzzles", "puzzles", cls="btn ghost")
    share = ""
    if mode in ("table", "puzzle"):
        if share_note and not can_share:  # pressed, it says why (a tooltip alone is not seen)
            share = button_html("share", "Share", "share", cls="btn ghost off",
                                attrs=f' aria-disabled="true" title="{e(share_note)}"')
        else:
            share = button_html("share", "Share", "share", cls="btn ghost", disabled=not can_share,
                                attrs=' aria-label="Share or embed this position"')
    imp = ('<label class="btn ghost file" data-testid="import-label"'
           ' aria-label="Replay a log file">Replay'
           '<span class="wide">&nbsp;a log</span>'
           '<input type="file" accept=".json,application/json" data-action="import"'
           ' data-testid="import-log"></label>')
    if mode in ("puzzle", "puzzles"):
        export = imp = ""
    tutorial = (f'<a class="btn ghost" href="{COURSE_HREF.get(lang, COURSE_HREF["en"])}" '
                'data-testid="course-link">Rules<span class="wide">&nbsp;course</span></a>')
    editor = ('<button type="button" class="btn ghost" data-action="editor" '
              'data-testid="editor-link" data-focus="editor-link">Editor</button>')
    stats = button_html("stats", "Stats", "stats-link", cls="btn ghost")
    title = {"puzzle": "puzzles", "puzzles": "puzzles", "editor": "editor",
             "stats": "statistics"}.get(mode, "table")
    return (f'<h1 class="logo-title"><span class="logo-card" aria-hidden="true">UNO</span>'
            f'<span>{title}</span></h1><nav class="tools" aria-label="game">{new}{puzzles}{share}'
            f'{export}{imp}{editor}{tutorial}{stats}'
            + (speed_select(speed) + sound_button(sound) if speed else "") + lang_select(lang)
            + '<button type="button" class="btn ghost help-btn" data-action="help" data-testid="help"'
            ' data-focus="help" aria-expanded="false" aria-controls="help">?'
            '<span class="sr-only"> How to play</span></button></nav>')


def render_embed_bar(goal: str, open_href: str, *, can_reset: bool = True,
                     title: str = "", edit_href: str = "") -> str:
    """The embed's only chrome: the goal, a reset button and "open in uno_web"."""
    goal_html = (f'<p class="goal" data-testid="goal">{e(goal)}</p>' if goal else
                 f'<p class="goal muted">{e(title or "Try a move: the validator explains it.")}</p>')
    reset = (button_html("reset", "Reset", "embed-reset", cls="btn ghost",
                     attrs=' aria-label="Reset: back to the starting position"') if can_reset else "")
    return (f'<div class="embed-bar" data-testid="embed-bar">'
            f'<h1 class="sr-only">{e(_said("embed.title", why=goal or title or "a position to try"))}'
            '</h1>'
            f'<span class="logo-card" aria-hidden="true">UNO</span>{goal_html}'
            f'<span class="embed-tools">{reset}<a class="btn ghost open-link" href="{e(open_href)}"'
            f' target="_blank" rel="noopener" data-testid="open-link">open in uno_web ↗</a>'
            + (f'<a class="btn ghost" href="{e(edit_href)}" target="_blank" rel="noopener"'
               f' data-testid="edit-link">edit ↗</a>' if edit_href else "")
            + '</span></div>')


def render_embed_error(message: str) -> str:
    """Why an embed's address cannot be shown (the embed bar above links to the site)."""
    return (f'<div class="notice embed-error" role="alert" data-testid="embed-error">'
            f'<span>{e(message)}</span></div>')


def render_share(link: str, embed_url: str, snippet: str, goal: str, what: str = "position",
                 error: str = "") -> str:
    """The share dialog: the link to the table and the ``<iframe>`` snippet, with copy buttons."""
    if error:
        body = f'<p class="form-error">{e(error)}</p>'
    else:
        body = (
            f'<label for="share-goal">What should the reader try? <small>(optional, shown above '
            f'the {e(what)})</small></label>'
            f'<input id="share-goal" name="share-goal" value="{e(goal)}" maxlength="200"'
            f' data-testid="share-goal" placeholder="e.g. Find the only winning card">'
            f'<label for="share-link">Link to this {e(what)}</label>'
            f'<div class="copy-row"><input id="share-link" readonly value="{e(link)}"'
            f' data-testid="share-link">'
            f'<button type="button" class="btn" data-action="copy" data-target="share-link"'
            f' data-testid="copy-link">Copy</button></div>'
            f'<label for="embed-snippet">Embed it in a page</label>'
            f'<div class="copy-row"><textarea id="embed-snippet" readonly rows="4"'
            f' data-testid="embed-snippet">{e(snippet)}</textarea>'
            f'<button type="button" class="btn" data-action="copy" data-target="embed-snippet"'
            f' data-testid="copy-snippet">Copy</button></div>'
            f'<p class="muted">The embed starts Python only when it scrolls into view. '
            f'<a href="{e(embed_url)}" target="_blank" rel="noopener" data-testid="embed-preview">'
            f'Preview the embed</a> · <a href="{e(link)}" data-testid="share-open">Open the '
            f'link</a></p>')
    return (f'<section class="share-box" role="dialog" aria-labelledby="share-title"'
            f' data-testid="share-dialog"><h2 id="share-title">Share this {e(what)}</h2>{body}'
            + button_html("share-close", "Close", "share-close", cls="btn ghost", key="Esc")
            + '</section>')


def _position_bar(tv: TableView) -> str:
    """Above the table when the game started from a link: the goal and a reset button."""
    goal = (f'<span class="goal" data-testid="goal">{e(tv.goal)}</span>' if tv.goal else
            '<span class="muted">A position from a link (not saved).</span>')
    return (f'<div class="position-bar" data-testid="position-bar">{goal}'
            + button_html("reset", "Reset position", "reset-position", cls="btn ghost")
            + button_html("editor", "Edit this position", "edit-position", cls="btn ghost")
            + '</div>')


def render_table(tv: TableView, notice: str = "", *, speed: str = "", sound: bool = False,
                 embed: bool = False, lang: str = "en") -> dict[str, str]:
    replay = _replay_bar(tv)
    if tv.mode == "table" and tv.from_position:
        replay = _position_bar(tv)
    return {
        "topbar": render_topbar(tv.mode, True, can_export=tv.can_export,
                                can_share=tv.can_share, speed="" if embed else speed,
                                sound=sound, export_note=tv.export_note,
                                share_note=tv.share_note, lang=lang),
        "notice": notice_html(notice),
        "share": "",
        "start": "",
        "opponents": _opponents(tv),
        **_center(tv),
        "prompt": _prompt(tv) if tv.mode == "table" else "",
        "hand": _hand(tv),
        "scores": _scores(tv),
        "latest": _latest(tv),
        "validator": _validator(tv),
        "logtitle": "Game log",
        "log": _log(tv),
        "overlay": _overlay(tv),
        "replay": replay,
    }


def notice_html(text: str) -> str:
    if not text:
        return ""
    return (f'<div class="notice" role="alert" data-testid="notice"><span>{e(text)}</span>'
            f'<button type="button" class="btn ghost" data-action="dismiss"'
            f' aria-label="dismiss">×</button></div>')


# ------------------------------------------------------------------------------------------
# the start screen
# ------------------------------------------------------------------------------------------


def _rich(text: str) -> str:
    """Escape ``text`` and show its `backquoted` words as code (the RuleSet descriptions)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", e(text))


def field_html(f: FieldView, lang: str = "en") -> str:
    fid = f"rule-{f.name}"
    name = f"rule.{f.name}"
    label = f.title or f.name.replace("_", " ")
    changed = ' <span class="changed">changed</span>' if f.changed else ""
    err = ""
    invalid = ""
    if f.error:
        err = f'<p class="field-error" id="{fid}-error" data-testid="{fid}-error">{e(f.error)}</p>'
        invalid = f' aria-invalid="true" aria-errormessage="{fid}-error" data-focus="field-error"'

    if lang == "en":
        desc_html = _rich(f.description)
    else:  # the description in lang, already marked so translate_html leaves it (i18n.rules)
        from ..i18n.rules import rule_description_html, rule_option_html

        desc_html = rule_description_html(f.name, lang)
    desc = f'<small id="{fid}-help" class="help">{desc_html}</small>'
    if f.kind == "bool":
        checked = " checked" if f.value else ""
        return (f'<div class="field bool" data-field="{e(f.name)}"><label for="{fid}">'
                f'<input type="checkbox" id="{fid}" name="{e(name)}" value="on"{checked}'
                f' data-testid="{fid}" aria-describedby="{fid}-help"> {e(label)}{changed}'
                f'</label>{desc}</div>')
    if f.kind == "choice":
        opts = "".join(
            f'<option value="{e(o)}"{" selected" if o == f.value else ""}>'
            f'{e(o) if lang == "en" else rule_option_html(f.name, o, lang)}</option>'
            for o in f.options)
        return (f'<div class="field" data-field="{e(f.name)}"><label for="{fid}">{e(label)}'
                f'{changed}</label><select id="{fid}" name="{e(name)}" data-testid="{fid}"'
                f' aria-describedby="{fid}-help">{opts}</select>{desc}</div>')
    lo = f' min="{f.minimum}"' if f.minimum is not None else ""
    hi = f' max="{f.maximum}"' if f.maximum is not None else ""
    value = f.raw if f.error else f.value
    return (f'<div class="field{" invalid" if f.error else ""}" data-field="{e(f.name)}">'
            f'<label for="{fid}">{e(label)}{changed}'
            f'</label><input type="number" id="{fid}" name="{e(name)}" value="{e(value)}"'
            f'{lo}{hi} data-testid="{fid}" aria-describedby="{fid}-help" inputmode="numeric"'
            f'{invalid}>{err}{desc}</div>')


def render_start(sv: StartView, lang: str = "en") -> dict[str, str]:
    players = "".join(
        f'<option value="{n}"{" selected" if n == sv.players else ""}>{n}</option>'
        for n in range(2, 11))
    levels = []
    for i, (lvl, nm) in enumerate(zip(sv.levels, sv.level_names), start=1):
        opts = "".join(
            f'<option value="{x}"{" selected" if x == lvl else ""}>{x}</option>'
            for x in sv.all_levels)
        hidden = " hidden" if i >= sv.players else ""  # the prerendered page has all nine
        levels.append(
            f'<div class="field level-field"{hidden}><label for="level-{i}">{e(nm)}</label>'
            f'<select id="level-{i}" name="level.{i}" data-testid="level-{i}">{opts}</select></div>')
    presets = "".join(
        f'<label class="preset{" selected" if p == sv.preset else ""}">'
        f'<input type="radio" name="preset" value="{e(p)}" data-testid="preset-{e(p)}"'
        f'{" checked" if p == sv.preset else ""}><span class="preset-name">{e(t)}</span>'
        f'<small>{e(d)}</small></label>'
        for p, t, d in sv.presets)
    preset_title = dict((p, t) for p, t, _d in sv.presets).get(sv.preset, sv.preset)
    fields = "".join(field_html(f, lang) for f in sv.fields)
    n_changed = sum(1 for f in sv.fields if f.changed)
    error = (f'<p class="form-error" role="alert" data-testid="start-error">{e(sv.error)}</p>'
             if sv.error else "")
    resume = (button_html("resume", "Back to the game", "resume", cls="btn ghost")
              if sv.can_resume else "")
    seed = (f'<p class="muted">{e(_said("start.seed", n=sv.seed))}</p>'
            if sv.seed is not None else "")
    shown_name = "Sinä" if lang == "fi" and sv.name == "You" else sv.name  # view.YOU_SHOWN_FI
    html = (
        f'<form class="start" data-testid="start-screen" autocomplete="off">'
        f'<div class="quick-start" data-testid="quick-start">'
        + button_html("quick", "Quick game", "quick-game", cls="btn primary big")
        + '<p class="muted">You against three bots, official rules, at the bot levels you '
        'chose last.</p></div>'
        f'<h2>New game</h2>'
        f'<div class="row"><div class="field"><label for="name">Your name</label>'
        f'<input id="name" name="name" value="{e(shown_name)}" maxlength="40"'
        f' data-testid="player-name"></div>'
        f'<div class="field"><label for="players">Players</label><select id="players"'
        f' name="players" data-testid="players">{players}</select></div></div>'
        f'<fieldset class="levels"><legend>Opponents (AI level)</legend>{"".join(levels)}'
        f'<small class="help">easy: plays a random legal card (and sometimes forgets UNO) · '
        f'normal: a careful heuristic player · hard: searches ahead (thinks a moment).</small>'
        f'</fieldset>'
        f'<fieldset class="presets"><legend>Rules</legend>{presets}</fieldset>'
        f'<details class="toggles"{" open" if any(f.error for f in sv.fields) else ""}>'
        f'<summary>{e(_said("rules.every", n=n_changed, why=preset_title))}</summary>'
        f'<div class="fields">{fields}</div></details>'
        f'<fieldset class="table-prefs"><legend>Table</legend>{speed_select(sv.speed, "start-speed")}'
        f'{sound_button(sv.sound)}</fieldset>'
        f'{error}<div class="start-buttons">'
        f'<button type="button" class="btn primary big" data-action="start"'
        f' data-testid="start-game">Deal the cards</button>{resume}'
        + button_html("friends", "Play with friends on this device", "start-friends", cls="btn")
        + f'<a class="btn" href="{ROOM_HREF.get(lang, ROOM_HREF["en"])}" data-testid="start-online">'
        f'Play online with friends</a>'
        + f'</div>{seed}</form>'
        f'<section class="start more" data-testid="start-puzzles" aria-labelledby="more-title">'
        f'<h2 id="more-title">Puzzles and the rules tutorial</h2>'
        f'<p class="muted">Two puzzles from <i>The complexity of UNO</i>: play a whole hand '
        f'alone (Solitaire), or beat a perfect opponent with open hands (Duel). The tutorial '
        f'shows five tricky rules as positions you can try.</p><div class="start-buttons">'
        + button_html("solitaire", "Solitaire", "start-solitaire", cls="btn")
        + button_html("duel", "Duel", "start-duel", cls="btn")
        + button_html("puzzles", "All puzzles", "start-all-puzzles", cls="btn ghost")
        + button_html("editor", "Position editor", "start-editor", cls="btn ghost")
        + f'<a class="btn ghost" href="{COURSE_HREF.get(lang, COURSE_HREF["en"])}" '
        f'data-testid="start-course">Rules course</a>'
        + f'<a class="btn ghost" href="{TUTORIAL_HREF}" data-testid="start-tutorial">'
        f'Rules tutorial</a></div></section>'
    )
    regions = {r: "" for r in REGIONS}
    regions["topbar"] = render_topbar("start", sv.can_resume, lang=lang)
    regions["notice"] = notice_html(sv.notice)
    regions["start"] = html
    regions["logtitle"] = "Game log"
    return regions



def render_notice(text: str) -> str:
    """The notice above the page (a refused link value, a problem), with its dismiss button."""
    return notice_html(text)
