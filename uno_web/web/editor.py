"""The position editor (``index.html?mode=editor``): build any position by clicking, for
tutorial authors (docs/teaching.md).  Pure Python: :class:`Editor` holds the draft and takes the
page's intents; :func:`render_editor` draws it.  The draft *is* a
:class:`~uno_web.core.position.Position` (its fields, as a dict), checked on every change by
:func:`~uno_web.core.position.build_state`: the page says at once whether the position is valid
and, when not, the validator's reason.  The link format is the table's
(:func:`~uno_web.core.position.position_to_query`), so every share or embed link opens back in
the editor and every editor link opens in the table.

Cards go where the *target* points (a seat's hand, the top card, the discard pile under it, the
top of the draw pile): click a card of the deck (which shows how many copies are left), or drag
it onto a zone; click a placed card to take it back.  Every control is a button, a select or a
field, so a keyboard does it all.
"""

from __future__ import annotations

import re

from collections import Counter
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from ..core.cards import card_str, parse_card
from ..core.rules import PRESET_TITLES, PRESETS, RuleSet
from ..core.state import deck_cards
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from .render import field_html, render_card
from .view import FieldView, card_view, rule_fields
from ..i18n.ui import tr

__all__ = ["Editor", "render_editor", "ZONES", "editor_from_query"]

ZONES = ("top", "discard", "draw")  # besides the hands: "hand-0" …
_PHASES = ("play", "penalty", "choose-color")
_COLORS = {"uno": ("R", "Y", "G", "B"), "playing-cards": ("H", "D", "C", "S")}
MAX_SEATS = 10
MAX_SCORE = 10_000_000  # = uno_web.core.position.MAX_SCORE (not imported at boot)
MAX_PENDING = 60  # = Position.pending's maximum


def e(text: object) -> str:
    return escape(str(text), quote=True)


@dataclass
class Editor:
    """The draft position and what the editor shows about it."""

    preset: str = "official"
    overrides: dict[str, Any] = field(default_factory=dict)
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    names: list[str] = field(default_factory=lambda: ["You", "Bot 1"])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    top: str = ""
    discard: list[str] = field(default_factory=list)
    draw: list[str] = field(default_factory=list)
    color: str = ""
    turn: int = 0
    direction: int = 1
    phase: str = "play"
    pending: int = 0
    plus4_by: int = -1
    plus4_bluff: bool = False
    uncalled: set[int] = field(default_factory=set)
    goal: str = ""
    target: str = "hand-0"
    note: str = ""  # what the last click did not do, and why
    #: fields whose typed value was refused: field name -> why (the field shows it), and the
    #: value as typed (the field keeps it, so the person sees what was refused)
    errors: dict[str, str] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)

    # --- reading and writing positions --------------------------------------------------------
    @classmethod
    def from_position(cls, pos: Any) -> "Editor":
        n = len(pos.hands)
        def split(text: str | None) -> list[str]:
            return text.split() if text else []

        return cls(
            preset=pos.preset, overrides=dict(pos.overrides),
            hands=[split(h) for h in pos.hands],
            names=list(pos.names or (["You"] + [f"Bot {i}" for i in range(1, n)])),
            scores=list(pos.scores or [0] * n), top=pos.top or "", discard=split(pos.discard),
            draw=split(pos.draw), color=pos.color or "", turn=pos.turn, direction=pos.direction,
            phase=pos.phase, pending=pos.pending,
            plus4_by=-1 if pos.plus4_by is None else pos.plus4_by, plus4_bluff=pos.plus4_bluff,
            uncalled=set(pos.uncalled), goal=pos.goal or "")

    def position_data(self) -> dict[str, Any]:
        """The draft as Position fields (defaults left out)."""
        data: dict[str, Any] = {
            "preset": self.preset, "overrides": dict(self.overrides),
            "hands": [" ".join(h) for h in self.hands], "names": list(self.names),
            "top": self.top or None, "discard": " ".join(self.discard),
            "draw": " ".join(self.draw), "color": self.color or None, "turn": self.turn,
            "direction": self.direction, "phase": self.phase,
            "pending": self.pending if self.phase == "penalty" else 0,
            "plus4_by": self.plus4_by if self.plus4_by >= 0 else None,
            "plus4_bluff": self.plus4_bluff and self.plus4_by >= 0,
            "uncalled": sorted(self.uncalled), "goal": self.goal or None,
        }
        if any(self.scores):
            data["scores"] = list(self.scores)
        return data

    def position(self) -> Any:
        """The Position (raises PositionError / ValueError with the reason)."""
        from ..core.position import Position

        return Position.model_validate(self.position_data())

    def problem(self) -> str:
        """Why the draft is not a valid position ("" when it is): the reason of
        :func:`build_state`, as the table would give it for a link."""
        from ..core.fields import FieldProblem
        from ..core.position import PositionError, build_state

        try:
            pos = self.position()
            s = build_state(pos)
        except (PositionError, FieldProblem, ValueError) as exc:
            words = getattr(exc, "words", None)  # its facts: another language is written from them
            return said(words) if words is not None else str(exc).replace("Value error, ", "")
        if self.plus4_by >= 0 and (not s.discard or card_str(s.discard[-1]) != "W+4"):
            return "a challengeable Wild Draw Four needs a Wild Draw Four on top"
        for seat in self.uncalled:
            if seat < len(self.hands) and len(self.hands[seat]) != 1:
                return said(Words.of("editor.uncalled", n=seat, m=len(self.hands[seat])))
        return ""

    def query(self) -> str:
        from ..core.position import position_to_query

        return position_to_query(self.position())

    # --- the deck -----------------------------------------------------------------------------
    def rules(self) -> RuleSet:
        try:
            from ..core.rules import resolve_rules

            return resolve_rules(self.preset, self.overrides)
        except ValueError:
            return PRESETS.get(self.preset, RuleSet())

    def placed(self) -> Counter[str]:
        used: Counter[str] = Counter()
        for h in self.hands:
            used.update(h)
        used.update(self.discard)
        used.update(self.draw)
        if self.top:
            used[self.top] += 1
        return used

    def deck_left(self) -> list[tuple[str, int]]:
        """Every kind of card of the deck with the copies not placed yet (deck order)."""
        deck = Counter(card_str(c) for c in deck_cards(self.rules().deck))
        used = self.placed()
        seen: list[str] = []
        for c in deck_cards(self.rules().deck):
            code = card_str(c)
            if code not in seen:
                seen.append(code)
        return [(code, deck[code] - used.get(code, 0)) for code in seen]

    # --- intents ------------------------------------------------------------------------------
    def zone_cards(self, zone: str) -> list[str]:
        if zone.startswith("hand-"):
            return self.hands[int(zone[5:])]
        if zone == "discard":
            return self.discard
        if zone == "draw":
            return self.draw
        return [self.top] if self.top else []

    def zone_of(self, zone: str) -> str:
        if zone in ZONES:
            return zone
        if zone.startswith("hand-") and zone[5:].isdigit() and int(zone[5:]) < len(self.hands):
            return zone
        return ""

    def add(self, card: str, zone: str = "") -> None:
        """Put one copy of ``card`` into ``zone`` (the target when empty)."""
        zone = self.zone_of(zone or self.target)
        try:
            code = card_str(parse_card(card))
        except ValueError:
            self.note = f"{card[:12]!r} is not a card"
            return
        left = dict(self.deck_left())
        if not zone or left.get(code, 0) <= 0:
            self.note = "no copy of that card is left in the deck" if zone else ""
            return
        self.note = ""
        if zone == "top":
            self.top = code
            if code.startswith("W") and not self.color:
                self.color = _COLORS.get(self.rules().deck, ("R",))[0]
            if not code.startswith("W"):
                self.color = ""
        else:
            self.zone_cards(zone).append(code)

    def remove(self, zone: str, index: int) -> None:
        zone = self.zone_of(zone)
        if zone == "top":
            self.top = ""
            self.color = ""
            return
        cards = self.zone_cards(zone) if zone else []
        if 0 <= index < len(cards):
            cards.pop(index)

    def set_seats(self, n: int) -> None:
        n = max(2, min(MAX_SEATS, n))
        while len(self.hands) < n:
            self.hands.append([])
            self.names.append(f"Bot {len(self.names)}")
            self.scores.append(0)
        del self.hands[n:], self.names[n:], self.scores[n:]
        self.uncalled = {s for s in self.uncalled if s < n}
        for key in [k for k in self.errors if k.startswith("score-") and int(k[6:]) >= n]:
            del self.errors[key], self.typed[key]
        if self.turn >= n:
            self.turn = 0
        if self.plus4_by >= n:
            self.plus4_by = -1
        if self.zone_of(self.target) == "":
            self.target = "hand-0"

    def _whole(self, key: str, label: str, text: str, lo: int, hi: int) -> int | None:
        """``text`` as a whole number from ``lo`` to ``hi``, or None: then the field ``key``
        keeps what was typed and says why it is not used (:attr:`errors`)."""
        typed = text.strip()
        if typed.isascii() and typed.isdigit() and len(typed) <= 12 and lo <= int(typed) <= hi:
            self.errors.pop(key, None)
            self.typed.pop(key, None)
            return int(typed)
        shown = typed[:12] + ("…" if len(typed) > 12 else "")
        self.errors[key] = said(
            Words.of("editor.whole_typed", why=label, big=lo, big2=hi, notation=repr(shown))
            if typed else Words.of("editor.whole_needed", why=label, big=lo, big2=hi))
        self.typed[key] = typed[:40]
        return None

    def read_form(self, form: dict[str, str]) -> None:
        """The editor's fields (a FormData as a dict): rules, seats, turn, phase, names …"""
        self._read_rules(form)
        self._read_seats(form)
        self._read_turn(form)
        color = form.get("color", self.color)
        self.color = color if color in ("", *_COLORS["uno"], *_COLORS["playing-cards"]) else ""
        self.goal = form.get("goal", self.goal)[:200]

    def _read_rules(self, form: dict[str, str]) -> None:
        """The preset (a new one starts without overrides) and every rule's field."""
        preset = form.get("preset", self.preset)
        if preset in PRESETS and preset != self.preset:
            self.preset, self.overrides = preset, {}
            for key in [k for k in self.errors if k.startswith("rule.")]:
                del self.errors[key], self.typed[key]
        elif any(k.startswith("rule.") for k in form) or "preset" in form:
            base = PRESETS[self.preset]
            overrides: dict[str, Any] = {}
            for fv in rule_fields(base, self.preset):
                value = self._rule_value(fv, form)
                if value != getattr(base, fv.name):
                    overrides[fv.name] = value
            self.overrides = overrides

    def _rule_value(self, fv: FieldView, form: dict[str, str]) -> Any:
        """One rule's value from the form (a refused number keeps the value it had)."""
        key = f"rule.{fv.name}"
        if fv.kind == "bool":
            return key in form
        if key not in form:
            return self.overrides.get(fv.name, fv.value)
        if fv.kind == "int":
            lo, hi = fv.minimum, fv.maximum
            number = self._whole(key, fv.title or fv.name, form[key],
                                 0 if lo is None else lo, 10**9 if hi is None else hi)
            return self.overrides.get(fv.name, fv.value) if number is None else number
        return form[key] if form[key] in fv.options else fv.value

    def _read_seats(self, form: dict[str, str]) -> None:
        """How many seats, and each seat's name, score and missed UNO call."""
        if form.get("seats", "").isdigit():
            self.set_seats(int(form["seats"]))
        n = len(self.hands)
        for i in range(n):
            name = read_name(" ".join(form.get(f"name-{i}", self.names[i]).split())[:40])
            self.names[i] = name or self.names[i]
            if f"score-{i}" in form:
                score = self._whole(f"score-{i}", "Score", form[f"score-{i}"], 0, MAX_SCORE)
                self.scores[i] = self.scores[i] if score is None else score
        self.uncalled = {i for i in range(n) if f"uncalled-{i}" in form} if any(
            k.startswith("seats") for k in form) else self.uncalled

    def _read_turn(self, form: dict[str, str]) -> None:
        """Whose turn, the direction, the phase and what it holds (a penalty, a Wild Draw
        Four to challenge)."""
        n = len(self.hands)
        turn = form.get("turn", "")
        self.turn = int(turn) if turn.isdigit() and int(turn) < n else self.turn
        self.direction = -1 if form.get("direction") == "-1" else 1
        phase = form.get("phase", self.phase)
        self.phase = phase if phase in _PHASES else self.phase
        if "pending" in form and self.phase == "penalty":
            pending = self._whole("pending", "Cards to draw", form["pending"], 1, MAX_PENDING)
            self.pending = self.pending if pending is None else pending
        elif self.phase != "penalty":  # the field is gone, and what was refused in it
            self.errors.pop("pending", None)
            self.typed.pop("pending", None)
        if self.phase == "penalty" and self.pending == 0:
            self.pending = 2
        by = form.get("plus4_by", "")
        self.plus4_by = int(by) if by.lstrip("-").isdigit() and -1 <= int(by) < n else self.plus4_by
        self.plus4_bluff = "plus4_bluff" in form

def editor_from_query(query: str) -> Editor:
    """The editor for a link's position (a share link, an embed link, a lesson); an address
    without one gives a small starting position."""
    from .links import read_page

    req = read_page(query)
    if req.position is not None:
        ed = Editor.from_position(req.position)
        ed.goal = req.goal or ed.goal
        return ed
    ed = Editor(hands=[["R7", "G5", "W"], ["B1", "B2", "Y3"]], top="R9")
    return ed


# ------------------------------------------------------------------------------------------
# the page
# ------------------------------------------------------------------------------------------

def _zone_html(ed: Editor, zone: str, title: str) -> str:
    cards = ed.zone_cards(zone)
    # a button whose name is spoken and whose printed face is hidden from screen readers (as
    # the hand's cards: a name that differs from the visible "+2" is a WCAG 2.5.3 fault)
    chips = "".join(
        f'<button type="button" class="ed-chip" data-action="ed-remove" data-target="{zone}"'
        f' data-seat="{i}" data-testid="ed-placed"><span aria-hidden="true">'
        f'{render_card(card_view(parse_card(c), label_state=False), extra="mini")}</span>'
        f'<span class="sr-only">{e(said(Words.of("editor.take_back", card=parse_card(c))))}'
        '</span></button>'
        for i, c in enumerate(cards))
    selected = ed.target == zone
    empty = '<span class="muted">empty</span>' if not cards else ""
    return (f'<div class="ed-zone{" selected" if selected else ""}" data-zone="{zone}"'
            f' data-testid="ed-zone-{zone}">'
            f'<button type="button" class="btn ghost ed-target" data-action="ed-target"'
            f' data-target="{zone}" data-testid="ed-target-{zone}" data-focus="ed-target-{zone}"'
            f' aria-pressed="{"true" if selected else "false"}">{e(title)}</button>'
            f'<div class="ed-cards" data-drop="{zone}">{chips}{empty}</div></div>')


_DEFAULT_NAME_FI = re.compile(r"Bot ([0-9]+)")
_SHOWN_NAME_FI = re.compile(r"Botti ([0-9]+)")


def shown_name(name: str, lang: str) -> str:
    """A seat's name as the editor shows it: the default names ("You", "Bot 1" …) in the
    page's language ("Sinä", "Botti 1" …); any other name as it is."""
    if lang != "fi":
        return name
    if name == "You":
        return "Sinä"
    m = _DEFAULT_NAME_FI.fullmatch(name)
    return f"Botti {m.group(1)}" if m else name


def read_name(name: str) -> str:
    """A typed name back in the link's form: the Finnish default names are the English ones, so
    a link names its seats the same in both languages."""
    if name == "Sinä":
        return "You"
    m = _SHOWN_NAME_FI.fullmatch(name)
    return f"Bot {m.group(1)}" if m else name


def _kept(text: str, lang: str) -> str:
    """``text`` escaped, and in a language other than English marked so that the page's
    translation leaves it as it is (a seat's name, the ``<iframe>`` snippet)."""
    if lang == "en":
        return e(text)
    from ..i18n.rules import MARK_OFF, MARK_ON

    return f"{MARK_OFF}{e(text)}{MARK_ON}"


def _select(name: str, options: list[tuple[str, str]], value: str, label: str,
            kept: str = "") -> str:
    """A labelled select; ``kept``: the language of a page whose translation must leave the
    options' texts alone (names)."""
    opts = "".join(f'<option value="{e(v)}"{" selected" if v == value else ""}>'
                   f'{_kept(t, kept) if kept else e(t)}</option>' for v, t in options)
    return (f'<label class="field"><span>{e(label)}</span><select name="{e(name)}"'
            f' data-testid="ed-{e(name)}">{opts}</select></label>')


def _checked_value(ed: Editor, key: str, value: int) -> str:
    """A number field's value: what was typed when it was refused (marked invalid), else the
    draft's value."""
    if key not in ed.errors:
        return f' value="{value}"'
    return (f' value="{e(ed.typed.get(key, ""))}" aria-invalid="true"'
            f' aria-errormessage="ed-{key}-error" data-focus="field-error"')


def _field_error(ed: Editor, key: str) -> str:
    why = ed.errors.get(key)
    if not why:
        return ""
    return (f'<p class="field-error" id="ed-{key}-error" data-testid="ed-{key}-error"'
            f' role="alert">{e(why)}</p>')


#: the editor's embed height: the whole hand in view from 360 to 800 px wide
#: (tests/web/test_coach_browser.py measures it in a frame)
EDITOR_EMBED_HEIGHT = 760


def _snippet(embed: str, lang: str) -> str:
    """The ``<iframe>`` code in the page's language: a Finnish title and ``lang=fi``."""
    from .links import iframe_snippet

    if lang == "fi":
        return iframe_snippet(embed + "&lang=fi", "UNO-tilanne", EDITOR_EMBED_HEIGHT)
    return iframe_snippet(embed, height=EDITOR_EMBED_HEIGHT)


def render_editor(ed: Editor, base: str, lang: str = "en") -> str:
    """The editor's HTML (it fills the page's ``start`` region)."""
    problem = ed.problem()
    n = len(ed.hands)
    rules = ed.rules()
    presets = _select("preset", [(p, PRESET_TITLES.get(p, p)) for p in PRESETS], ed.preset,
                      "Rules")
    toggles = "".join(
        field_html(replace(f, error=ed.errors[f"rule.{f.name}"], raw=ed.typed[f"rule.{f.name}"])
                   if f"rule.{f.name}" in ed.errors else f, lang)
        for f in rule_fields(rules, ed.preset))
    seats = _select("seats", [(str(i), str(i)) for i in range(2, MAX_SEATS + 1)], str(n),
                    "Seats")
    seat_rows = []
    for i in range(n):
        who = "you: the reader" if i == 0 else said(Words.of("editor.seat", n=i))
        checked = " checked" if i in ed.uncalled else ""
        seat_rows.append(
            f'<fieldset class="ed-seat" data-testid="ed-seat-{i}"><legend>{e(who)}</legend>'
            f'<div class="row"><label class="field"><span>Name</span><input name="name-{i}"'
            f' value="{e(shown_name(ed.names[i], lang))}" maxlength="40" data-testid="ed-name-{i}">'
            f'</label>'
            f'<label class="field"><span>Score</span><input name="score-{i}" type="number"'
            f' min="0" max="{MAX_SCORE}" inputmode="numeric" data-testid="ed-score-{i}"'
            f'{_checked_value(ed, f"score-{i}", ed.scores[i])}></label>'
            f'{_field_error(ed, f"score-{i}")}<label class="field check"><input type="checkbox" name="uncalled-{i}"'
            f' value="on"{checked} data-testid="ed-uncalled-{i}"> <span>forgot to call UNO</span>'
            f'</label></div>{_zone_html(ed, f"hand-{i}", "Hand")}</fieldset>')
    colors = [("", "the top card's")] + [(c, {"R": "red", "Y": "yellow", "G": "green",
                                             "B": "blue", "H": "hearts", "D": "diamonds",
                                             "C": "clubs", "S": "spades"}[c])
                                        for c in _COLORS.get(rules.deck, _COLORS["uno"])]
    seat_opts = [(str(i), shown_name(ed.names[i], lang)) for i in range(n)]
    nobody = "nobody" if lang == "en" else tr("nobody", lang)  # the other options are names
    plus4 = _select("plus4_by", [("-1", nobody)] + seat_opts, str(ed.plus4_by),
                    "Wild Draw Four to challenge, played by", kept=lang)
    play = (
        '<fieldset class="ed-play"><legend>Whose turn, and what waits</legend><div class="row">'
        + _select("turn", seat_opts, str(ed.turn), "Turn", kept=lang)
        + _select("direction", [("1", "clockwise"), ("-1", "counter-clockwise")],
                  str(ed.direction), "Direction")
        + _select("phase", [("play", "play a card"), ("penalty", "a draw penalty waits"),
                            ("choose-color", "choose the colour of a starting Wild")],
                  ed.phase, "Phase")
        + (f'<label class="field"><span>Cards to draw</span><input name="pending" type="number"'
           f' min="1" max="{MAX_PENDING}" data-testid="ed-pending"'
           f'{_checked_value(ed, "pending", ed.pending)}></label>{_field_error(ed, "pending")}'
           if ed.phase == "penalty" else "")
        + plus4
        + (f'<label class="field check"><input type="checkbox" name="plus4_bluff" value="on"'
           f'{" checked" if ed.plus4_bluff else ""} data-testid="ed-plus4_bluff"> '
           f'<span>it was a bluff</span></label>' if ed.plus4_by >= 0 else "")
        + '</div></fieldset>')
    piles = (
        '<fieldset class="ed-piles"><legend>Piles</legend>'
        + _zone_html(ed, "top", "Top card")
        + _select("color", colors, ed.color, "Current colour")
        + _zone_html(ed, "discard", "Discard pile under it")
        + _zone_html(ed, "draw", "Top of the draw pile")
        + '</fieldset>')
    deck = "".join(
        f'<button type="button" class="ed-deck-card" data-action="ed-add" data-card="{code}"'
        f' draggable="true" data-testid="ed-deck-card"{" disabled" if left <= 0 else ""}>'
        f'<span aria-hidden="true">'
        f'{render_card(card_view(parse_card(code), label_state=False), extra="mini")}'
        f'<span class="ed-left">×{left}</span></span><span class="sr-only">'
        f'{e(said(Words.of("editor.left", card=parse_card(code), n=left)))}</span></button>'
        for code, left in ed.deck_left())
    owner = ed.names[int(ed.target[5:])] if ed.target.startswith("hand-") else ""
    # a default bot name in the page's language ("Botti 1"); "You" stays the reader (sinun)
    target_name = (said(Words.of("editor.hand_of",
                                 who=owner if owner == "You" else shown_name(owner, lang)))
                   if ed.target.startswith("hand-")
                   else {"top": "the top card", "discard": "the discard pile",
                         "draw": "the draw pile"}.get(ed.target, ed.target))
    if problem:
        status = (f'<p class="ed-status invalid" role="status" data-testid="ed-status"'
                  f' data-valid="0">{e(said(Words.of("editor.invalid", why=problem)))}</p>')
        share = ""
    else:
        from .links import embed_page

        query = ed.query()
        link = f"{base}?{query}"
        embed = f"{embed_page(base)}?embed=1&{query}"
        editor_link = f"{base}?mode=editor&{query}"
        share = (
            '<div class="ed-share" data-testid="ed-share">'
            f'<label class="field"><span>Link</span><input readonly value="{e(link)}"'
            f' id="ed-link" data-testid="ed-link"></label>'
            f'<label class="field"><span>Embed in a page</span><textarea readonly rows="3"'
            f' id="ed-snippet" data-testid="ed-snippet">{_kept(_snippet(embed, lang), lang)}'
            f'</textarea>'
            f'</label><p class="row">'
            f'<a class="btn primary" href="?{e(query)}" data-testid="ed-try">Try it</a>'
            f'<button type="button" class="btn ghost" data-action="copy" data-target="ed-link"'
            f' data-testid="ed-copy-link">Copy link</button>'
            f'<button type="button" class="btn ghost" data-action="copy" data-target="ed-snippet"'
            f' data-testid="ed-copy-snippet">Copy snippet</button>'
            f'<a class="btn ghost" href="{e(editor_link)}" data-testid="ed-edit-link">'
            f'Link to this editor</a></p></div>')
        status = (f'<p class="ed-status valid" role="status" data-testid="ed-status"'
                  f' data-valid="1">A valid position.</p>')
    note = f'<p class="muted" data-testid="ed-note">{e(ed.note)}</p>' if ed.note else ""
    return (
        '<form class="editor" data-testid="editor" autocomplete="off">'
        '<h2>Position editor</h2>'
        '<label class="field"><span>Open a share or embed link</span><input name="open-link"'
        ' type="url" placeholder="https://…/index.html?hands=…" data-testid="ed-open-link">'
        '</label>'
        '<p class="muted">Choose the rules and the seats, then put cards where the selected zone '
        'is: click a card of the deck, or drag it onto a zone. Click a placed card to take it '
        'back.</p>'
        f'{status}{share}'
        '<div class="ed-grid"><div class="ed-left-col">'
        f'<fieldset class="ed-rules"><legend>Rules</legend>{presets}'
        f'<details class="toggles"><summary>Every rule</summary><div class="fields">{toggles}'
        '</div></details></fieldset>'
        f'<fieldset><legend>Seats</legend>{seats}</fieldset>{"".join(seat_rows)}'
        f'{play}{piles}'
        '<label class="field"><span>Goal (what the reader should try)</span>'
        f'<input name="goal" value="{e(ed.goal)}" maxlength="200" data-testid="ed-goal"></label>'
        '</div><div class="ed-deck-col"><h3>Deck</h3>'
        f'<p class="muted" data-testid="ed-target-name">'
        f'{e(said(Words.of("editor.cards_go_to", why=target_name)))}</p>{note}'
        f'<div class="ed-deck" data-testid="ed-deck">{deck}</div></div></div></form>')
