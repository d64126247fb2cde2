"""Pass-and-play: friends around one device, each seat a person or a bot.

The screen owns its state and its intents; :class:`~uno_web.web.app.App` only routes to
:func:`route` (intents), :func:`regions` (what the page shows), :func:`holds_bots` (the bots'
loop) and :func:`body_data` (the test hooks).  Plain Python: no ``js``, no ``pyscript``.

Two parts:

- **Setup** (:class:`Setup`, intents ``friends*``): 2-10 seats in the order of play, each a
  person with a name or a bot of a level, and the rules (a preset and every toggle, read by
  :func:`~uno_web.web.view.settings_from_form` as on the start screen).  Seat 1 is always a
  person.  The game is an ordinary :class:`~uno_web.web.session.Session` whose
  :class:`~uno_web.web.session.TableSettings` name the people (``people``), so saving, resuming
  after a reload, exporting and replaying work as at the table against bots.
- **The table** (:class:`Curtain`, intents ``pp-*`` and the table's own): whose hand is on
  screen.  A person's hand is shown only on that person's turn, and only after the *privacy
  screen* ("Pass to Ben") was tapped.  Bots' turns play on with no hand on screen.  Between
  turns, the privacy screen and the table during bots' turns offer every person the moves
  they may make out of turn, each button naming who makes it: *Ben catches Ann!* (a missed UNO
  call), *Ann: UNO!* (a late call) and, under the jump-in rule, *Ben: jump in* (the device
  goes to Ben behind the privacy screen; Ben sees his own hand, may jump in with an identical
  card or go back).  The jump-in buttons are offered to every person whatever they hold, so
  that nobody learns who holds the card.  The person facing a Wild Draw Four decides the
  challenge on their own screen: it is their turn, so the privacy screen comes first; the
  hand shown after the challenge stays on that screen until they press *Done*.

What a person's screen may show: their own hand, every count, the piles, and the validator's
verdicts on everybody's accepted moves.  A refused attempt names the card tried (and the hint
what could be played instead names more), so another person's refused attempts are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from ..core import MoveKind, Phase, legal_moves
from ..core.rules import PRESET_DESCRIPTIONS, PRESET_TITLES, PRESETS
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from .render import button_html, e, field_html, notice_html, render_table, render_topbar
from .screens.base import Effects, Handler, Intent, handler_table, nothing
from .screens.table import MOVES
from .session import BOT_NAMES, LEVELS, Session, SettingsError, TableSettings
from .view import (
    MAX_LOG_LINES, ActionsView, LogLine, TableView, callout_text, describe_event, rule_fields,
    settings_from_form, view,
)

if TYPE_CHECKING:
    from .app import App

__all__ = [
    "Setup", "Curtain", "Friends", "PERSON", "SEAT_KINDS", "route", "regions", "holds_bots", "holds",
    "body_data", "settle", "public_view", "person_view", "out_of_turn", "OutOfTurn",
    "setup_from_form", "friends_of", "FriendsState",
]

PERSON = "person"
#: what a seat of the setup can be: a person, or a bot of a level
SEAT_KINDS: tuple[str, ...] = (PERSON,) + LEVELS
MAX_SEATS = 10
_PLAYER_WORD = {"fi": "Pelaaja"}  # "Player" in the names the setup suggests
_KIND_LABELS = {PERSON: "person", "easy": "easy bot", "normal": "normal bot", "hard": "hard bot"}


# ------------------------------------------------------------------------------------------
# setup
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """The setup screen's draft: every seat (person or bot level, and a name kept for each
    seat, so that a seat switched to a bot and back keeps its name) and the rules."""

    players: int = 3
    kinds: tuple[str, ...] = (PERSON, PERSON) + ("normal",) * (MAX_SEATS - 2)
    names: tuple[str, ...] = tuple(f"Player {i}" for i in range(1, MAX_SEATS + 1))
    preset: str = "official"
    overrides: dict[str, Any] = field(default_factory=dict)

    def rules_settings(self) -> TableSettings:
        """The rules part as start-screen settings (what the rule fields are read against)."""
        return TableSettings(players=self.players, preset=self.preset,
                             overrides=dict(self.overrides))

    def table_settings(self) -> TableSettings:
        """The game's settings; raises :class:`SettingsError` with a reason a person reads."""
        people = tuple(self.names[i] if self.kinds[i] == PERSON else ""
                       for i in range(self.players))
        missing = [i + 1 for i in range(self.players)
                   if self.kinds[i] == PERSON and not people[i].strip()]
        if missing:
            raise SettingsError(said(Words.of("pp.unnamed", n=missing[0])))
        if sum(1 for p in people if p) < 2:
            raise SettingsError("Choose at least two people; to play alone against bots, deal "
                                "a game on the start screen.")
        named = [" ".join(p.split()).casefold() for p in people if p.strip()]
        if len(set(named)) != len(named):  # as TableSettings compares them, said for the setup
            raise SettingsError("Two people have the same name: give each their own.")
        levels = tuple(k if k in LEVELS else "normal" for k in self.kinds[1:self.players])
        return TableSettings(players=self.players, name=people[0] or "Player 1",
                             levels=levels, preset=self.preset,
                             overrides=dict(self.overrides), people=people)

    @classmethod
    def from_settings(cls, st: TableSettings) -> "Setup":
        """A setup from a game's settings (Play again, Change settings)."""
        base = cls()
        kinds = list(base.kinds)
        names = list(base.names)
        people = st.people or (st.name,)
        for i in range(min(st.players, MAX_SEATS)):
            person = people[i] if i < len(people) else ""
            kinds[i] = PERSON if person or i == 0 else st.level(i)
            if person:
                names[i] = person
        return cls(players=st.players, kinds=tuple(kinds), names=tuple(names),
                   preset=st.preset, overrides=dict(st.overrides))


def setup_from_form(form: dict[str, str], previous: Setup
                    ) -> tuple[Setup, dict[str, str], dict[str, str]]:
    """The setup form's values as a draft, with the rule fields that are out of range (the
    start screen's rules: nothing typed is changed silently)."""
    st, errors, raw = settings_from_form(form, previous.rules_settings())
    kinds = list(previous.kinds)
    names = list(previous.names)
    for i in range(MAX_SEATS):
        kind = form.get(f"kind.{i}")
        if kind in SEAT_KINDS and i > 0:
            kinds[i] = kind
        name = form.get(f"pname.{i}")
        if name is not None:
            names[i] = " ".join(name.split())[:40]
    kinds[0] = PERSON
    return Setup(players=st.players, kinds=tuple(kinds), names=tuple(names), preset=st.preset,
                 overrides=dict(st.overrides)), errors, raw


# ------------------------------------------------------------------------------------------
# the table: whose hand is on screen
# ------------------------------------------------------------------------------------------


@dataclass
class Curtain:
    """Whose hand the device shows.  ``shown``: the person whose screen is up (-1: nobody's);
    ``due``: the person the privacy screen asks for (-1: no privacy screen); ``purpose``:
    ``turn`` (their turn), ``jump`` (they asked to jump in), ``reveal`` (the hand shown after
    their challenge, until *Done*); ``at``: the session version a jump was asked at."""

    session: Session
    shown: int = -1
    due: int = -1
    purpose: str = ""
    at: int = -1


def settle(c: Curtain) -> None:
    """Bring the curtain up to date with the game (after any move, anybody's)."""
    s = c.session
    st = s.state
    if st.phase >= Phase.ROUND_OVER:  # every hand is shown at the round's end anyway
        c.shown = c.due = -1
        c.purpose = ""
        return
    rv = s.reveal
    if c.shown >= 0 and rv is not None and rv.by == c.shown and st.turn != c.shown:
        c.purpose = "reveal"  # their challenge's reveal stays until they press Done
        return
    if c.purpose == "jump":
        if s.version == c.at and (c.shown >= 0 or c.due >= 0):
            return
        c.purpose = ""  # somebody moved: that chance to jump in is over (or was taken)
    need = st.turn if st.turn in s.humans and st.active[st.turn] else -1
    if need < 0:
        c.shown = c.due = -1
        c.purpose = ""
    elif need == c.shown:
        c.due = -1
        c.purpose = "turn"
    else:
        c.shown = -1
        c.due = need
        c.purpose = "turn"


def holds_bots(c: Curtain) -> bool:
    """The bots wait while a person looks at their hand out of turn (to jump in, or at the hand
    their challenge revealed): nothing may change under them."""
    settle(c)
    c.session.held = c.purpose in ("jump", "reveal")  # a bot's move planned before is dropped
    return c.session.held


def holds(app: App) -> bool:
    """The app's bots wait (:func:`holds_bots`) in a pass-and-play game."""
    c = curtain_of(app)
    return c is not None and holds_bots(c)


@dataclass(frozen=True)
class OutOfTurn:
    """A move a person may make while nobody's hand is on screen: its button names them."""

    action: str  # pp-catch / pp-uno / pp-jump
    seat: int  # who makes it
    target: int = -1  # whom it is about (a catch)
    text: str = ""


def out_of_turn(c: Curtain) -> tuple[OutOfTurn, ...]:
    """The catch, late-UNO and jump-in buttons of the privacy screen and the bots' turns, from
    every person's legal moves (a catch and an UNO call reveal no card)."""
    s = c.session
    st = s.state
    if st.phase >= Phase.ROUND_OVER:
        return ()
    out: list[OutOfTurn] = []
    people = sorted(p for p in s.humans if st.active[p])
    for p in people:
        moves = legal_moves(st, p)
        for m in moves:
            if m.kind == MoveKind.CATCH:
                out.append(OutOfTurn("pp-catch", p, m.target,
                                     said(Words.of("pp.catch", who=st.name(p),
                                                   target=st.name(m.target)))))
        if p != st.turn and len(st.hands[p]) == 1 and any(
                m.kind == MoveKind.CALL_UNO for m in moves):
            out.append(OutOfTurn("pp-uno", p, -1, said(Words.of("pp.uno", who=st.name(p)))))
    if st.r.jump_in and st.phase == Phase.PLAY and st.discard and st.jump_window:
        for p in people:
            if p != st.turn:  # the person on turn simply plays
                out.append(OutOfTurn("pp-jump", p, -1,
                                     said(Words.of("pp.jump", who=st.name(p)))))
    return tuple(out)


# ------------------------------------------------------------------------------------------
# what a screen shows
# ------------------------------------------------------------------------------------------


def _no_actions() -> ActionsView:
    return ActionsView(False, "", False, False, False, False, False, False)


def _shown_entries(tv: TableView, s: Session, seat: int) -> TableView:
    """Leave out the refused attempts of the other people: they name the card tried."""
    def ok(en: Any) -> bool:
        return en.ok or en.seat == seat or en.seat not in s.humans
    entries = tuple(en for en in tv.entries if ok(en))
    latest = tv.latest if tv.latest is not None and ok(tv.latest) else None
    return replace(tv, entries=entries, latest=latest)


def person_view(s: Session, seat: int) -> TableView:
    """The table as the person at ``seat`` sees it on their screen."""
    return _shown_entries(view(s, seat), s, seat)


def public_view(s: Session) -> TableView:
    """The table with nobody's hand: every seat in the arc, the piles, counts, the log with
    draws counted only, no actions but dealing the next round."""
    st = s.state
    first = min(s.humans)
    tv = view(s, first)
    other = view(s, (first + 1) % st.n)
    by_seat = {o.seat: o for o in tv.opponents + other.opponents}
    opponents = tuple(replace(by_seat[i], catchable=False) for i in range(st.n))
    log = tuple(reversed([LogLine(i, ev.kind, describe_event(ev, st.names, -1),
                                  getattr(ev, "seat", -1))
                          for i, ev in s.events()[-MAX_LOG_LINES:]]))  # draws: counts only
    callout, who = callout_text(s, -1) if st.phase < Phase.ROUND_OVER else (tv.callout,
                                                                           tv.callout_seat)
    actions = _no_actions()
    if st.phase == Phase.ROUND_OVER:
        actions = replace(actions, next_round=True)
    tv = replace(tv, you="", you_seat=-1, you_score=0, hand=(), opponents=opponents,
                 your_turn=False, status=_public_status(s), actions=actions, log=log,
                 callout=callout, callout_seat=who, reveal_title="", reveal_cards=(),
                 challenge_text="", accept_text="", jump_window=False, you_last=None)
    return _shown_entries(tv, s, -1)


def _public_status(s: Session) -> str:
    st = s.state
    if st.phase == Phase.GAME_OVER:
        return said(Words.of("status.won_game", who=st.name(st.winner)))
    if st.phase == Phase.ROUND_OVER:
        return said(Words.of("pp.round_won", who=st.name(st.round_winner), n=st.round))
    name = st.name(st.turn)
    if st.turn not in s.humans and s.acting == st.turn:
        return said(Words.of("status.playing", who=name))
    return said(Words.of("status.turn", who=name))


def _out_of_turn_html(c: Curtain) -> str:
    moves = out_of_turn(c)
    if not moves:
        return ""
    buttons = "".join(
        button_html(m.action, m.text, f"{m.action}-{m.seat}" + (f"-{m.target}" if m.target >= 0
                                                                else ""),
                    cls="btn warn" if m.action == "pp-catch" else "btn",
                    attrs=f' data-seat="{m.seat}" data-target="{m.target}"')
        for m in moves)
    return (f'<div class="pp-out" role="group" aria-label="Out of turn" data-testid="pp-out-of-turn">'
            f'<p class="muted">Out of turn:</p><div class="actions">{buttons}</div></div>')


def _privacy_html(c: Curtain) -> str:
    st = c.session.state
    who = st.name(c.due)
    why = {"jump": said(Words.of("pp.wants_jump", who=who)),
           "turn": said(Words.of("pp.turn", who=who))}.get(c.purpose, "")
    return (f'<div class="dialog privacy" role="dialog" aria-modal="false" aria-labelledby="pp-title"'
            f' data-testid="privacy-screen" data-seat="{c.due}">'
            f'<h2 id="pp-title">{e(said(Words.of("pp.pass_to", who=who)))}</h2>'
            f'<p>{e(why)}</p><p>{e(said(Words.of("pp.hidden", who=who)))}</p>'
            f'<div class="dialog-buttons">'
            + button_html("pp-ready", said(Words.of("pp.ready", who=who)), "pp-ready",
                          cls="btn primary big", attrs=f' data-seat="{c.due}"')
            + '</div>' + _out_of_turn_html(c) + '</div>')


def _public_hand_html(c: Curtain) -> str:
    st = c.session.state
    if st.phase >= Phase.ROUND_OVER:
        return ""
    return (f'<div class="pp-public" data-testid="pp-public">'
            f'<p class="muted">No hand is shown while the bots play.</p>'
            + _out_of_turn_html(c) + '</div>')


def _person_extra(c: Curtain, tv: TableView) -> str:
    """Below a person's own prompt: going back from a jump-in, or done with a reveal."""
    if c.purpose == "jump":
        top = c.session.state.discard[-1] if c.session.state.discard else -1
        note = ("" if tv.actions.jump_in else
                said(Words.of("pp.no_identical", card=top)) if top >= 0 else "")
        return (f'<div class="pp-extra" data-testid="pp-jump-panel"><p>{e(note)}</p>'
                + button_html("pp-back", "Don't jump in: hide my hand", "pp-back", cls="btn ghost")
                + '</div>')
    if c.purpose == "reveal":
        return ('<div class="pp-extra">'
                + button_html("pp-done", "Done: hide my hand", "pp-done", cls="btn primary")
                + '</div>')
    return ""


def regions(app: App) -> dict[str, str] | None:
    """The page of the pass-and-play screens, or None when neither is on screen."""
    if app.mode == "friends":
        return _setup_regions(app)
    c = curtain_of(app)
    if c is None:
        return None
    settle(c)
    s = c.session
    if c.shown >= 0:
        s.viewer = c.shown
        tv = person_view(s, c.shown)
        out = render_table(tv, app.notice, speed=app.speed_name, sound=app.prefs.sound,
                           lang=app.lang)
        out["prompt"] += _person_extra(c, tv)
        return out
    tv = public_view(s)
    out = render_table(tv, app.notice, speed=app.speed_name, sound=app.prefs.sound,
                       lang=app.lang)
    # no buttons of anybody's: the status, and below it the moves out of turn
    out["prompt"] = (f'<div class="slot"><p class="status" data-testid="status">'
                     f'{e(tv.status)}</p></div>')
    out["hand"] = _public_hand_html(c) if c.due < 0 else ""
    if c.due >= 0:
        out["overlay"] = _privacy_html(c)
    return out


def body_data(app: App) -> dict[str, str]:
    """``body[data-pp-shown]`` (whose hand is on screen, "" for nobody's) and
    ``body[data-pp-due]`` (whom the privacy screen asks for)."""
    c = curtain_of(app)
    if c is None:
        return {"ppShown": "", "ppDue": ""}
    settle(c)
    return {"ppShown": str(c.shown) if c.shown >= 0 else "",
            "ppDue": str(c.due) if c.due >= 0 else ""}


# ------------------------------------------------------------------------------------------
# the setup screen's page
# ------------------------------------------------------------------------------------------


def _seat_row(i: int, setup: Setup, bot_names: list[str]) -> str:
    kind = setup.kinds[i]
    if i == 0:
        chooser = '<span class="seat-kind">person</span>'
    else:
        opts = "".join(f'<option value="{k}"{" selected" if k == kind else ""}>'
                       f'{e(_KIND_LABELS[k])}</option>' for k in SEAT_KINDS)
        chooser = (f'<label class="sr-only" for="pp-kind-{i}">'
                   f'{e(said(Words.of("pp.seat_kind", n=i + 1)))}</label>'
                   f'<select id="pp-kind-{i}" name="kind.{i}" data-testid="friends-kind-{i}">'
                   f'{opts}</select>')
    if kind == PERSON:
        who = (f'<label class="sr-only" for="pp-name-{i}">'
               f'{e(said(Words.of("pp.seat_name", n=i + 1)))}</label>'
               f'<input id="pp-name-{i}" name="pname.{i}" value="{e(setup.names[i])}"'
               f' maxlength="40" data-testid="friends-name-{i}">')
    else:
        who = f'<span class="bot-name" data-testid="friends-bot-{i}">{e(bot_names[i])}</span>'
    return (f'<div class="seat-row" data-testid="friends-seat-{i}">'
            f'<span class="seat-no" aria-hidden="true">{i + 1}</span>{chooser}{who}</div>')


def _setup_regions(app: App) -> dict[str, str]:
    f = friends_of(app)
    setup = f.setup
    players = "".join(f'<option value="{n}"{" selected" if n == setup.players else ""}>{n}'
                      f'</option>' for n in range(2, MAX_SEATS + 1))
    try:
        names = setup.table_settings().seat_names()
    except SettingsError:
        names = []
    bot_names = names + [""] * (MAX_SEATS - len(names))
    for i in range(MAX_SEATS):
        if not bot_names[i]:
            bot_names[i] = BOT_NAMES[i - 1] if i else ""
    seats = "".join(_seat_row(i, setup, bot_names) for i in range(setup.players))
    rules = setup.rules_settings().rules()
    fields = tuple(replace(fv, error=f.errors.get(fv.name, ""), raw=f.raw.get(fv.name, ""))
                   if fv.name in f.errors else fv for fv in rule_fields(rules, setup.preset))
    presets = "".join(
        f'<label class="preset{" selected" if p == setup.preset else ""}">'
        f'<input type="radio" name="preset" value="{e(p)}" data-testid="friends-preset-{e(p)}"'
        f'{" checked" if p == setup.preset else ""}><span class="preset-name">'
        f'{e(PRESET_TITLES.get(p, p))}</span><small>{e(PRESET_DESCRIPTIONS.get(p, ""))}</small>'
        f'</label>' for p in PRESETS)
    n_changed = sum(1 for fv in fields if fv.changed)
    preset_title = PRESET_TITLES.get(setup.preset, setup.preset)
    error = (f'<p class="form-error" role="alert" data-testid="friends-error">{e(f.error)}</p>'
             if f.error else "")
    html = (
        f'<form class="start friends" data-testid="friends-screen" data-change="friends-form"'
        f' autocomplete="off"><h2>Play with friends on this device</h2>'
        f'<p class="muted">Pass the device round: a privacy screen hides every hand between two '
        f'people\'s turns, and the bots play their own turns.</p>'
        f'<div class="row"><div class="field"><label for="pp-players">Seats</label>'
        f'<select id="pp-players" name="players" data-testid="friends-players">{players}'
        f'</select></div></div>'
        f'<fieldset class="seats"><legend>Seats, in the order of play</legend>{seats}</fieldset>'
        f'<fieldset class="presets"><legend>Rules</legend>{presets}</fieldset>'
        f'<details class="toggles"{" open" if f.errors else ""}>'
        f'<summary>{e(said(Words.of("rules.every", n=n_changed, why=preset_title)))}</summary>'
        f'<div class="fields">{"".join(field_html(fv, app.lang) for fv in fields)}</div></details>'
        f'{error}<div class="start-buttons">'
        + button_html("friends-start", "Deal the cards", "friends-start", cls="btn primary big")
        + button_html("friends-back", "Back", "friends-back", cls="btn ghost")
        + '</div></form>')
    out = {"topbar": render_topbar("start", app.table.session is not None, lang=app.lang),
           "notice": notice_html(app.notice), "start": html, "logtitle": "Game log"}
    return out


# ------------------------------------------------------------------------------------------
# the screen's state on the app, and its intents
# ------------------------------------------------------------------------------------------


@dataclass
class FriendsState:
    """What the pass-and-play screens keep between intents (``App.friends``): the setup being
    filled in (its refused fields and their raw values, the error), and the curtain of the
    game of several people on the table."""

    setup: Setup = field(default_factory=Setup)
    errors: dict[str, str] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)
    error: str = ""
    curtain: Curtain | None = None


def friends_of(app: App) -> FriendsState:
    """The screen's state on ``app`` (the app holds it from the start, as every screen's)."""
    f: FriendsState = app.friends
    return f


def curtain_of(app: App) -> Curtain | None:
    """The curtain of the game on the table, when it is a pass-and-play game (a new one, the
    privacy screen first, for a game dealt or restored since)."""
    s = app.table.session
    if app.mode != "table" or s is None or len(s.humans) < 2:
        return None
    f = friends_of(app)
    if f.curtain is None or f.curtain.session is not s:
        f.curtain = Curtain(s)
    return f.curtain


#: the table's intents a person's screen carries out (as at the table against bots)
_SESSION_INTENTS = {"draw": "draw", "keep": "keep", "uno": "call_uno", "challenge": "challenge",
                    "accept": "accept"}

#: a handler of the pass-and-play table: the curtain of the game on the table and the intent
CurtainHandler = Callable[[Curtain, Intent], Effects]


def _on_curtain(handler: CurtainHandler) -> Handler:
    """``handler`` as a screen's handler: asked only when the game on the table is a
    pass-and-play game (None otherwise: the table against bots has the intent), with the
    curtain settled first and the bots' loop told after."""
    def handle(app: App, intent: Intent) -> Effects | None:
        c = curtain_of(app)
        if c is None:
            return None
        settle(c)
        fx = handler(c, intent)
        holds_bots(c)
        return fx

    return handle


def _next_round(c: Curtain, intent: Intent) -> Effects:
    s = c.session
    if s.state.phase != Phase.ROUND_OVER:
        return nothing()
    s.viewer = min(p for p in s.humans if s.state.active[p]) if any(
        s.state.active[p] for p in s.humans) else min(s.humans)
    s.next_round()
    settle(c)
    return Effects(save=True, kick=True)


def _table_move(c: Curtain, intent: Intent) -> Effects:
    """One of the table's own moves (:data:`uno_web.web.screens.table.MOVES`), made by the
    person whose hand is on screen."""
    if c.shown < 0:  # the privacy screen or the bots' turns: no hand is on screen to act from
        return nothing()
    s = c.session
    s.viewer = c.shown
    focus = MOVES[intent.action](s, intent)
    if intent.action == "cancel":
        focus = "hand"
    holds_bots(c)
    if c.shown < 0:
        focus = "pp-ready" if c.due >= 0 else ""
    return Effects(save=True, kick=True, focus=focus)


def _ready(c: Curtain, intent: Intent) -> Effects:
    """The privacy screen tapped: the hand of the person it waited for is shown."""
    if c.due < 0:
        return nothing()
    c.shown, c.due = c.due, -1
    c.session.viewer = c.shown
    return Effects(focus="hand")


def _back(c: Curtain, intent: Intent) -> Effects:
    """Back from a jump-in screen without jumping in."""
    if c.purpose == "jump":
        c.shown = c.due = -1
        c.purpose = ""
        settle(c)
    return Effects(kick=True, focus="pp-ready")


def _done(c: Curtain, intent: Intent) -> Effects:
    """Done with the hand a challenge showed."""
    if c.purpose == "reveal":
        c.session.reveal = None
        c.shown = -1
        c.purpose = ""
        settle(c)
    return Effects(kick=True, focus="pp-ready")


def _out_of_turn(handler: Callable[[Curtain, int, Intent], Effects]) -> CurtainHandler:
    """An out-of-turn button's handler: only where no hand is shown, and only from a button
    that names who makes the move (a person of the game)."""
    def handle(c: Curtain, intent: Intent) -> Effects:
        seat = intent.seat
        if c.shown >= 0 or seat is None or not (0 <= seat < c.session.state.n):
            return nothing()
        return handler(c, seat, intent)

    return handle


def _jump(c: Curtain, seat: int, intent: Intent) -> Effects:
    """A person asks to jump in: the device goes to them behind the privacy screen."""
    if not any(m.action == "pp-jump" and m.seat == seat for m in out_of_turn(c)):
        return nothing()
    c.purpose = "jump"
    c.due = seat
    c.at = c.session.version
    return Effects(focus="pp-ready")


def _catch(c: Curtain, seat: int, intent: Intent) -> Effects:
    """A person catches another who forgot to call UNO (the validator checks it)."""
    s = c.session
    if seat not in s.humans or intent.target_seat is None:  # a catch names whom it catches
        return nothing()
    s.viewer = seat
    s.catch(intent.target_seat)  # checked by the validator like any move (a stale button is refused)
    settle(c)
    return Effects(save=True, kick=True)


def _late_uno(c: Curtain, seat: int, intent: Intent) -> Effects:
    """A person calls UNO out of turn."""
    s = c.session
    if seat not in s.humans:
        return nothing()
    s.viewer = seat
    s.call_uno()
    settle(c)
    return Effects(save=True, kick=True)


#: the pass-and-play table's intents: the curtain's own and the table's moves
_CURTAIN_HANDLERS: dict[str, CurtainHandler] = {
    "next-round": _next_round, "pp-ready": _ready, "pp-back": _back, "pp-done": _done,
    "pp-jump": _out_of_turn(_jump), "pp-catch": _out_of_turn(_catch),
    "pp-uno": _out_of_turn(_late_uno),
    **{action: _table_move for action in ("card", "color", "target", "cancel", "catch",
                                          *_SESSION_INTENTS)},
}


def _open_setup(app: App, intent: Intent) -> Effects:
    """From the start screen: its rules are the setup's first rules."""
    f = friends_of(app)
    if app.mode == "start" and intent.form:  # the rules chosen there so far
        app.dispatch(Intent("form", form=intent.form))
    s = app.table.session
    if f.setup == Setup():
        if s is not None and len(s.humans) > 1:
            f.setup = Setup.from_settings(s.settings)  # the seats of the game on the table
        elif app.lang in _PLAYER_WORD:  # the names a person finds filled in, in their language
            f.setup = replace(f.setup, names=tuple(f"{_PLAYER_WORD[app.lang]} {i}"
                                                   for i in range(1, MAX_SEATS + 1)))
    f.setup = replace(f.setup, preset=app.start.draft.preset, overrides=dict(app.start.draft.overrides))
    f.errors, f.raw, f.error = {}, {}, ""
    app.mode = "friends"
    return Effects(focus="friends-players")


def _close_setup(app: App, intent: Intent) -> Effects:
    app.mode = "start"
    return Effects(focus="start-friends")


def _setup_form(app: App, intent: Intent) -> Effects:
    """A field of the setup changed: the setup as the form says (what is out of range marked)."""
    f = friends_of(app)
    f.setup, f.errors, f.raw = setup_from_form(intent.form, f.setup)
    f.error = ""
    return Effects()


def _deal(app: App, intent: Intent) -> Effects:
    """Deal the pass-and-play game the setup describes (or say on the setup why not)."""
    f = friends_of(app)
    if intent.form:
        f.setup, f.errors, f.raw = setup_from_form(intent.form, f.setup)
    if f.errors:
        f.error = "Some rules are out of range: fix the fields marked below, then deal."
        return Effects(focus="field-error")
    try:
        settings = f.setup.table_settings()
    except SettingsError as exc:
        f.error = str(exc)
        return Effects(focus="friends-error")
    f.error = ""
    fx = app.start_game(settings)
    if app.mode != "table":  # the settings could not start a game: said on the setup
        f.error = app.start.error
        app.mode = "friends"
        return Effects()
    fx.store_settings = False  # the start screen keeps its own last settings
    fx.focus = "pp-ready"
    return fx


#: the pass-and-play screens' intents (the setup's, and the table's of a pass-and-play game);
#: None for any other, or for the table's intents when the game is not pass-and-play
route = handler_table({
    "friends": _open_setup, "friends-back": _close_setup, "friends-form": _setup_form,
    "friends-start": _deal,
    **{action: _on_curtain(handler) for action, handler in _CURTAIN_HANDLERS.items()},
})
