"""The page's logic, in plain Python: every screen (start, table, replay, puzzles, share) as
intents in, effects out. No ``js``, no ``pyscript``: unit tests drive it on CPython.

The controller (:mod:`uno_web.web.controller`, the only module that touches the DOM) turns a DOM
event into an :class:`Intent`, calls :meth:`App.dispatch`, and carries out the
:class:`Effects` it returns: write the regions of :meth:`App.regions`, save, store the
preferences, move the focus, let the bots act, download a file, copy a text.  Keys go through
:meth:`App.key_intent` the same way, and the bots' timing through :meth:`App.bot_step`.

What the page keeps in the browser's storage is keyed by the site's path
(:func:`storage_keys`), so two sites on one origin (``user.github.io/a/`` and ``/b/``) never
share a saved game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..core.state import PHASE_NAMES, Phase
from ..i18n.verdicts import LANGS, pick_lang
from .links import MAX_QUERY, PageRequest, excerpt, read_page
from .render import (
    REGIONS, render_notice, render_embed_bar, render_embed_error, render_share, render_start, render_table,
    render_topbar,
)
from .session import (
    BOT_NAMES, HUMAN, SPEED_NAMES, SPEEDS, AiPlan, LogReplay, SaveError, Session, Speed, TableSettings,
    restore,
)
from .stored import Dropped, Prefs, read_storage, vault_refusal
from .view import DEFAULT_SPEED, replay_view, settings_from_form, start_view, view
from . import passplay

if TYPE_CHECKING:
    from ..core.position import Position
    from .puzzle import DuelSession, PuzzleJob, SolitaireSession
    from .puzzle_render import ChooserView
    from .replay import ReplayLoad

__all__ = [
    "App", "Intent", "Effects", "Prefs", "StorageKeys", "storage_keys", "COLOR_KEYS",
]

COLOR_KEYS = {"r": "R", "y": "Y", "g": "G", "b": "B", "h": "H", "d": "D", "c": "C", "s": "S"}


# ------------------------------------------------------------------------------------------
# storage
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StorageKeys:
    """The ``localStorage`` keys of one site (one path on its origin)."""

    table: str  # the game in progress (its log + table settings)
    settings: str  # the start screen's last settings
    prefs: str  # bot speed, sound


def storage_keys(pathname: str) -> StorageKeys:
    """Keys scoped to the directory the page is served from: ``/uno/index.html`` and ``/uno/``
    share one game; ``/other/`` on the same origin has its own."""
    scope = pathname[: pathname.rfind("/") + 1] if "/" in pathname else "/"
    scope = scope or "/"
    return StorageKeys(f"uno_web.table.v1:{scope}", f"uno_web.settings.v1:{scope}",
                       f"uno_web.prefs.v1:{scope}")


# ------------------------------------------------------------------------------------------
# intents and effects
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Intent:
    """What the person asked for: a ``data-action`` and the data of the element clicked."""

    action: str
    card: str = ""  # data-card
    color: str = ""  # data-color
    seat: int = -1  # data-seat
    target: str = ""  # data-target (the element a copy button copies)
    value: str = ""  # a select's or a text field's value
    form: dict[str, str] = field(default_factory=dict)  # the form the action belongs to


@dataclass
class Effects:
    """What the controller does after an intent."""

    render: bool = True
    save: bool = False  # write the game to storage
    kick: bool = False  # let the bots act (the loop stops when the table waits for you)
    kick_duel: bool = False  # the duel's computer answers
    kick_job: bool = False  # run the puzzle job (App.job: a deal, a search) in slices
    kick_replay: bool = False  # read the log being imported (App.replay_load) in slices
    focus: str = ""  # "hand", "picker", "card:R7", "share", or a data-focus key
    download: tuple[str, str] | None = None  # (file name, JSON text)
    copy: str = ""  # the id of the field to copy
    url: str | None = None  # the query the address should show now ("" for none)
    store_settings: bool = False
    store_prefs: bool = False
    remove_save: bool = False
    toggle_help: bool = False
    close_help: bool = False
    coach: bool = False  # run the coach's work (a hint, a review) in slices
    store_stats: bool = False  # write (or, when None, remove) App.stats_text


def _nothing() -> Effects:
    """Nothing to do (a new value each time: effects are filled in by their callers)."""
    return Effects(render=False)


#: table intents without data -> the Session method that carries them out
_SIMPLE = {"draw": "draw", "keep": "keep", "uno": "call_uno", "challenge": "challenge",
           "accept": "accept", "next-round": "next_round"}


def _bounded(params: dict[str, str], key: str, lo: int, hi: int, notes: list[str]) -> int | None:
    """``params[key]`` as a whole number from ``lo`` to ``hi``, None when absent; anything else
    is refused with a note (never silently dropped)."""
    value = params.get(key)
    if value is None or value == "":
        return None
    text = value.strip()
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 12 and lo <= int(text) <= hi:
        return int(text)
    notes.append(f"{key}={excerpt(value)} is not a whole number from {lo} to {hi}, so it is "
                 "ignored.")
    return None


def _int_or_none(value: object) -> int | None:
    try:
        text = str(value).strip()
        return int(text) if value is not None and text else None
    except ValueError:
        return None


# ------------------------------------------------------------------------------------------
# the app
# ------------------------------------------------------------------------------------------


class App:
    """Everything the page shows and does, without a browser.

    ``query`` is the address's query (``location.search``), ``page_base`` the address without
    it (share links are absolute).  Before :meth:`boot`, :meth:`use_storage` hands it what
    storage held under :func:`storage_keys` (an embed never reads or writes storage).
    """

    def __init__(self, query: str = "", page_base: str = "http://localhost/") -> None:
        self.query = query
        self.page_base = page_base
        self.request: PageRequest = read_page(query)
        self.embed = self.request.embed
        params = _params(query[:MAX_QUERY + 1])
        notes = list(self.request.notes)  # values of the address refused: said on the page
        self.seed_param = _bounded(params, "seed", 0, 2**31 - 1, notes)  # puzzles, positions
        if self.seed_param is not None and self.request.kind == "start":
            notes.append("A seed in the address only chooses puzzles; a game at the table is "
                         "always dealt at random.")
        self.deal_seed: int | None = None  # the tests' fixed deal (controller: unoWebDealSeed)
        self.prefs = Prefs()
        # ?speed= (a link, the tests) overrides the remembered speed for this page only
        url_speed = params.get("speed", "")
        self.speed_override = url_speed if url_speed in SPEEDS else ""
        if url_speed and not self.speed_override:
            notes.append(f"speed={excerpt(url_speed)} is not one of {', '.join(SPEED_NAMES)}, "
                         "so the remembered speed is used.")
        self.delay = _bounded(params, "delay", 0, 600_000, notes)  # ms before each bot move
        url_lang = params.get("lang", "")
        self.url_lang = pick_lang(url_lang, "") if url_lang else ""  # ?lang=fi: this page load
        if url_lang and not self.url_lang:
            notes.append(f"lang={excerpt(url_lang)} is not one of {', '.join(LANGS)}, so the "
                         "browser's language is used.")
        self.browser_lang = "en"  # the controller sets it from navigator.language
        self.link_notes = tuple(notes)
        self.session: Session | None = None
        self.replay: LogReplay | None = None
        self.puzzle: SolitaireSession | DuelSession | None = None
        self.job: PuzzleJob | None = None  # a puzzle being dealt, a solver's search (slices)
        self.replay_load: ReplayLoad | None = None  # a log being read for the replay (slices)
        self._chooser: ChooserView | None = None
        self.mode = "start"  # start, table, replay, puzzles (the chooser), puzzle, editor
        self.editor: Any = None  # the position editor's draft (uno_web.web.editor.Editor)
        self.friends: Any = None  # the pass-and-play screens' state (uno_web.web.passplay)
        self.notice = ""
        self.start_error = ""
        self.field_errors: dict[str, str] = {}  # start form: field -> what is wrong
        self.raw_values: dict[str, str] = {}  # start form: what was typed in a refused field
        self.embed_error = ""
        self.share_open = False
        self.share_goal = ""
        self.save_discarded = False
        self.unsaved_noted = False  # the player was told this browser cannot save the game
        self.draft = TableSettings(players=2, levels=("easy",))
        self._saved_text: str | None = None
        self.sealed_save = ""  # the stored save, sealed: the controller opens it (vault.js)
        self.dropped: list[Dropped] = []  # what storage held and the page refused (stored.py)
        from .coach_view import Coach

        self.coach = Coach()  # the hint and the round review (uno_web.web.coach_view)
        self.coach_flag = params.get("coach") == "1"  # a position's host allows the coach
        self.stats_text: str | None = None  # your statistics as stored (uno_web.web.stats)
        self.tip_session: Session | None = None  # the game the first-visit tip is shown in

    def use_storage(self, *, saved: str | None, settings: str | None, prefs: str | None,
                    can_unseal: bool = False) -> None:
        """What storage held, as it is: the game in progress, the last settings, the
        preferences; read by :func:`~uno_web.web.stored.read_storage`, which refuses what it
        cannot trust (the page says what and why). A sealed save is left in
        :attr:`sealed_save` for the controller to open (static/vault.js: ``can_unseal``)."""
        if self.embed:
            return
        found = read_storage(game=saved, settings=settings, prefs=prefs, can_unseal=can_unseal)
        self.sealed_save = found.sealed
        self.draft, self.prefs = found.settings, found.prefs
        for dropped in found.dropped:
            self._drop(dropped)

    def use_saved(self, text: str) -> None:
        """The saved game, once the controller has unsealed it (before :meth:`boot`)."""
        if not self.embed:
            self._saved_text = text

    def refuse_saved(self, code: str) -> None:
        """The vault did not open the saved game (``code``: its reason)."""
        self._drop(vault_refusal(code))

    def _drop(self, dropped: Dropped) -> None:
        """Something stored is not used: say so (the controller removes or rewrites it)."""
        self.dropped.append(dropped)
        said = dropped.notice()
        self.notice = f"{self.notice} {said}".strip()
        if dropped.what == "game":
            self.save_discarded = True

    # --- settings of the table itself ---------------------------------------------------------
    @property
    def lang(self) -> str:
        """The page's language: the address's ``lang=``, else the top bar's choice (remembered),
        else the browser's."""
        return self.url_lang or self.prefs.lang or self.browser_lang or "en"

    @property
    def speed_name(self) -> str:
        return self.speed_override or self.prefs.speed

    @property
    def speed(self) -> Speed:
        sp = SPEEDS[self.speed_name]
        if self.delay is not None:
            sp = replace(sp, turn=max(0, self.delay) / 1000)
        return sp

    @property
    def chooser(self) -> ChooserView:
        if self._chooser is None:
            from .puzzle_render import ChooserView

            self._chooser = ChooserView()
        return self._chooser

    @chooser.setter
    def chooser(self, value: ChooserView) -> None:
        self._chooser = value

    # --- boot ---------------------------------------------------------------------------------
    def boot(self) -> Effects:
        """Show what the address asks for (docs/embedding.md), else the saved game / start."""
        fx = Effects()
        if self._saved_text:
            self._load_saved(self._saved_text, fx)
        if any(d.what == "game" for d in self.dropped):
            fx.remove_save = True
        req = self.request
        job_fx = None
        try:
            job_fx = self._open_request(req)
        except ValueError as exc:  # PositionError, PuzzleError, ... are ValueErrors
            self._report_bad_link(f"this link cannot be shown: {str(exc)[:300]}")
        if req.error:
            self._report_bad_link(req.error)
        if self.link_notes:
            said = " ".join(self.link_notes)
            self.notice = f"{self.notice} {said}".strip() if self.notice else said
        if self.mode == "table":
            fx.kick = True
        elif self.mode == "puzzle":
            fx.kick_duel = True
        if not self.embed and (self.mode == "puzzle" or req.kind == "position"):
            fx.focus = "hand"  # never in an embed: it would take the focus from the page around
        if job_fx is not None and job_fx.kick_job:
            fx.kick_job = True
            fx.focus = job_fx.focus
        return fx

    def _load_saved(self, text: str, fx: Effects) -> None:
        try:
            self.session = restore(text)
        except SaveError as exc:
            self._discard_save(str(exc), fx)
            return
        except Exception as exc:  # a bug must not break the page: report, discard, go on
            self._discard_save(f"{type(exc).__name__}: {str(exc)[:200]}", fx)
            return
        self.draft = self.session.settings
        self.mode = "table"

    def _discard_save(self, reason: str, fx: Effects) -> None:
        fx.remove_save = True
        self.session = None
        self.mode = "start"
        self._drop(Dropped("game", reason.rstrip(".")))

    def _open_request(self, req: PageRequest) -> Effects | None:
        if req.kind == "editor":
            self._open_editor(req.position, req.goal)
            return None
        if req.kind == "position" and req.position is not None:
            self.start_position(req.position, req.bots)
            return None
        if req.kind not in ("solitaire", "duel"):
            if req.kind == "puzzles" and not self.embed:
                self.mode = "puzzles"
            return None
        from .puzzle import DuelSession, SolitaireSession

        fx = None
        if req.kind == "solitaire":
            self.chooser = replace(self.chooser, n_cards=req.n_cards,
                                   difficulty=req.difficulty or "")
            if req.cards:
                self._open_puzzle(SolitaireSession.from_text(req.cards, req.goal))
            else:
                fx = self._start_job(SolitaireSession.dealing(req.n_cards, req.difficulty,
                                                              self.seed_param))
        else:
            self.chooser = replace(self.chooser, hand_size=req.hand_size, rule=req.rule)
            if req.p1 or req.p2:
                self._open_puzzle(DuelSession.from_text(req.p1, req.p2, req.rule, req.goal))
            else:
                fx = self._start_job(DuelSession.dealing(req.hand_size, req.rule,
                                                         self.seed_param))
        return fx

    def _open_editor(self, position: Position | None, goal: str = "") -> None:
        from .editor import Editor, editor_from_query

        if position is not None:
            self.editor = Editor.from_position(position)
            self.editor.goal = goal or self.editor.goal
        else:
            self.editor = editor_from_query("")
        self.mode = "editor"
        self.share_open = False

    def _editor_action(self, intent: Intent) -> Effects | None:
        """The editor's intents (``ed-*``); the address follows a valid draft."""
        ed = self.editor
        action = intent.action
        if ed is None or self.mode != "editor" or not action.startswith("ed-"):
            return None
        if action == "ed-target":
            ed.target = intent.target if ed.zone_of(intent.target) else ed.target
            ed.note = ""
            return Effects(focus=f"ed-target-{ed.target}")
        if action == "ed-add":
            ed.add(intent.card, intent.target)
        elif action == "ed-remove":
            ed.remove(intent.target, intent.seat)
        elif action == "ed-form":
            ed.read_form(intent.form)
        elif action == "ed-open":  # a link pasted into the editor
            from .editor import editor_from_query

            link = intent.value.strip()
            query = link.split("?", 1)[1] if "?" in link else link
            req = read_page(query)
            if req.position is None:
                ed.note = req.error or "this link holds no position"
                return Effects()
            self._open_editor(req.position, req.goal)
            ed = self.editor
        if not ed.problem():
            return Effects(url="?mode=editor&" + ed.query())
        return Effects()

    def _report_bad_link(self, message: str) -> None:
        text = message[:1].upper() + message[1:]
        if self.embed:
            self.embed_error = text
            return
        self.notice = text
        if self.request.kind in ("solitaire", "duel"):
            self.mode = "puzzles"

    # --- what the page shows --------------------------------------------------------------------
    def regions(self) -> dict[str, str]:
        """The HTML of every region for the current mode (pure functions of the state)."""
        puzzle = self.puzzle
        if (friends := passplay.regions(self)) is not None:
            regions = friends
        elif self.mode == "table" and self.session is not None:
            regions = render_table(view(self.session), self.notice, speed=self.speed_name,
                                   sound=self.prefs.sound, embed=self.embed, lang=self.lang)
            from .coach_view import coach_allowed, decorate

            decorate(regions, self.coach, self.session, self.lang,
                     coach_allowed(self.session, embed=self.embed, flag=self.coach_flag))
            if self.lang == "fi":
                from .keys_fi import relabel_color_keys

                regions["prompt"] = relabel_color_keys(regions["prompt"])
            if self.tip_session is not None and self.tip_session is self.session:
                from .coach_view import first_tip

                regions["validator"] = first_tip() + regions.get("validator", "")
        elif self.mode == "stats":
            from ..i18n.rules import preset_title
            from .stats import Stats, render_stats

            regions = {name: "" for name in REGIONS}
            regions["topbar"] = render_topbar("stats", self.session is not None, lang=self.lang)
            regions["notice"] = render_notice(self.notice)
            regions["start"] = render_stats(Stats.from_json(self.stats_text),
                                            lambda k: preset_title(k, "en"))
        elif self.mode == "replay" and self.replay is not None:
            regions = render_table(replay_view(self.replay), self.notice, lang=self.lang)
        elif self.mode == "puzzle" and puzzle is not None:
            from .puzzle import SolitaireSession, duel_view, solitaire_view
            from .puzzle_render import render_duel, render_solitaire

            bar = render_topbar("puzzle", True, can_share=True, lang=self.lang)
            if isinstance(puzzle, SolitaireSession):
                regions = render_solitaire(solitaire_view(puzzle), bar, self.notice,
                                           job=self._job_view("solve"))
            else:
                regions = render_duel(duel_view(puzzle), bar, self.notice)
            regions["logtitle"] = "Moves"
        elif self.mode == "editor" and self.editor is not None:
            from .editor import render_editor

            regions = {name: "" for name in REGIONS}
            regions["topbar"] = render_topbar("editor", self.session is not None, lang=self.lang)
            regions["notice"] = render_notice(self.notice)
            regions["start"] = render_editor(self.editor, self.page_base, self.lang)
        elif self.mode == "puzzles":
            from .puzzle_render import render_chooser

            chooser = replace(self.chooser, can_resume=puzzle is not None)
            regions = render_chooser(chooser, render_topbar("puzzles", self.session is not None,
                                                   lang=self.lang),
                                     self.notice, job=self._job_view("deal"))
            regions["logtitle"] = "Moves"
        else:
            self.mode = "start"
            regions = render_start(start_view(
                self.draft, error=self.start_error, notice=self.notice,
                can_resume=self.session is not None,
                field_errors=self.field_errors, raw_values=self.raw_values,
                speed=self.speed_name, sound=self.prefs.sound), lang=self.lang)
        for name in REGIONS:
            regions.setdefault(name, "")
        if self.embed:
            if self.mode not in ("table", "puzzle"):  # an embed shows nothing else
                regions = {r: "" for r in REGIONS}
                deal = self._job_view("deal")
                if deal is not None:  # ... but the puzzle being dealt
                    from .puzzle_render import render_job

                    regions["start"] = render_job(deal)
            regions["topbar"] = self.embed_bar()
            regions["replay"] = ""
            if self.embed_error:
                regions["notice"] = render_embed_error(self.embed_error)
        if self.share_open and not self.embed:
            regions["share"] = self.share_html()
        if self.replay_load is not None and not self.embed:
            from .replay import render_load

            regions["notice"] = render_load(self.replay_load)
        lang = self.lang
        if lang != "en":
            from ..i18n.ui import translate_html

            keep = frozenset(n for n in (self.session.state.names if self.session else ())
                             if n != "You") | frozenset(BOT_NAMES)  # names stay as they are
            regions = {name: translate_html(html, lang, keep) for name, html in regions.items()}
        return regions

    def body_data(self) -> dict[str, str]:
        """The ``data-*`` attributes of <body> the tests and the stylesheet read."""
        data = {"mode": self.mode, "phase": "", "puzzle": "", "puzzleState": "",
                "job": self.job.kind if self.job is not None else "",
                "speed": self.speed_name, "sound": "on" if self.prefs.sound else "off",
                "saveDiscarded": "1" if self.save_discarded else ""}
        s = self.session
        if self.mode == "table" and s is not None:
            data["phase"] = PHASE_NAMES[Phase(s.state.phase)]
            data["turn"] = str(s.state.turn)
            data["version"] = str(s.version)
        data.update(passplay.body_data(self))
        pz = self.puzzle
        if self.mode == "puzzle" and pz is not None:
            from .puzzle import SolitaireSession

            if isinstance(pz, SolitaireSession):
                data["puzzle"] = "solitaire"
                data["puzzleState"] = "solved" if pz.solved else "stuck" if pz.stuck else "play"
                data["version"] = str(len(pz.played))
            else:
                data["puzzle"] = "duel"
                data["puzzleState"] = "over" if pz.over else "play"
                data["version"] = str(len(pz.line))
                data["turn"] = str(pz.to_move)
        return data

    def embed_bar(self) -> str:
        goal = ""
        title = ""
        if self.mode == "table" and self.session is not None and self.session.position is not None:
            goal = self.session.position.goal or self.request.goal
        elif self.mode == "puzzle" and self.puzzle is not None:
            from .puzzle import SolitaireSession

            goal = self.puzzle.goal
            title = ("Solitaire UNO: play every card, each matching the one before."
                     if isinstance(self.puzzle, SolitaireSession) else
                     "Duel: beat a perfect opponent, open hands.")
        if self.embed_error:
            title = "This embed cannot be shown:"
        edit = ""
        if self.mode == "table" and self.session is not None and self.session.position:
            from .links import open_query

            edit = f"{self.page_base}?mode=editor&{open_query(self.query)}"
        return render_embed_bar(goal, self.open_href(), can_reset=not self.embed_error,
                                title=title, edit_href=edit)

    def open_href(self) -> str:
        """The full page for this embed ("open in uno_web"), in a new tab."""
        from .links import open_query

        query = open_query(self.query)
        return f"{self.page_base}?{query}" if query else self.page_base

    # --- share ----------------------------------------------------------------------------------
    def share_query(self) -> tuple[str, str]:
        """The query of what is on screen now, and what it is ("position" / "puzzle")."""
        from ..core.position import position_to_query
        from ..puzzles.notation import format_cards
        from .links import duel_query, solitaire_query
        from .puzzle import SolitaireSession

        goal = self.share_goal.strip()
        pz = self.puzzle
        if self.mode == "puzzle" and pz is not None:
            if isinstance(pz, SolitaireSession):
                return solitaire_query(format_cards(sorted(pz.cards)), goal), "puzzle"
            return duel_query(format_cards(sorted(pz.p1)), format_cards(sorted(pz.p2)), pz.rule,
                              goal), "puzzle"
        s = self.session
        if s is None:
            raise ValueError("there is nothing to share yet")
        if not s.can_share():
            raise ValueError(s.share_note)
        return position_to_query(s.share_position(goal)), "position"

    def share_html(self) -> str:
        from ..core.position import PositionError
        from .links import share_view

        try:
            query, what = self.share_query()
        except (ValueError, PositionError) as exc:
            return render_share("", "", "", self.share_goal, error=str(exc))
        sv = share_view(self.page_base, query, goal=self.share_goal, what=what,
                        title="UNO " + what)
        return render_share(sv.link, sv.embed_url, sv.snippet, sv.goal, what)

    def _open_share(self) -> Effects:
        self.share_open = True
        if self.mode == "puzzle" and self.puzzle is not None:
            self.share_goal = self.puzzle.goal
        elif self.session is not None and self.session.position is not None:
            self.share_goal = self.session.position.goal or ""
        else:
            self.share_goal = ""
        return Effects(focus="share")

    def _clean_url(self) -> str | None:
        """Leaving a position or puzzle from the address: drop it from the address, so that a
        reload resumes the saved game (only seed / speed / delay stay). None: no change."""
        params = _params(self.query)
        keep = [f"{k}={params[k]}" for k in ("seed", "speed", "delay") if k in params]
        query = "?" + "&".join(keep) if keep else ""
        if self.query == query:
            return None
        self.query = query
        self.request = read_page(query)
        return query

    # --- positions and puzzles ------------------------------------------------------------------
    def start_position(self, position: Position, bots: str) -> None:
        """The table from a position (a link, a lesson, an embed); raises PositionError."""
        self.session = Session.from_position(position, bots=bots)
        self.replay = None
        self.mode = "table"

    def _reset(self) -> Effects:
        """Back to the starting position (or the start of the puzzle)."""
        if self.mode == "puzzle" and self.puzzle is not None:
            self.puzzle.restart()
            return Effects()
        s = self.session
        if s is not None and s.position is not None:
            bots = self.request.bots if self.request.position is not None else "normal"
            self.start_position(s.position, bots)
            return Effects(kick=True)
        return _nothing()

    def _open_puzzle(self, puzzle: SolitaireSession | DuelSession) -> None:
        self.puzzle = puzzle
        self.mode = "puzzle"
        self.chooser = replace(self.chooser, error="")
        self.notice = ""

    # --- long puzzle work: a deal, a solver's search (uno_web.web.puzzle.PuzzleJob) ------------
    def _job_view(self, kind: str) -> Any:
        job = self.job
        if job is None or job.kind != kind:
            return None
        from .puzzle import job_view

        return job_view(job)

    def _start_job(self, job: PuzzleJob) -> Effects:
        """Start ``job`` (one at a time): its first slice runs at once, so small work ends
        here and shows no progress; longer work goes on in the controller's slices
        (``kick_job``) with its progress and a Cancel button."""
        if self.job is not None:
            self.job.cancel()
        self.job = job
        job.run()
        if job.finished:
            return self.finish_job(job)
        if job.kind == "deal":
            self.mode = "puzzles"  # the chooser, under the progress of the deal
        return Effects(kick_job=True, focus="" if self.embed else "puzzle-cancel")

    def finish_job(self, job: PuzzleJob) -> Effects:
        """``job`` has ended (its last slice ran): show what it found, or why it failed."""
        if job is not self.job:
            return _nothing()  # cancelled or replaced meanwhile
        self.job = None
        if job.kind == "deal":
            if job.state == "done":
                notice = self.notice  # what the address asked for and could not have stays said
                self._open_puzzle(job.result)
                self.notice = notice
                return Effects(focus="" if self.embed else "hand")
            if job.state == "failed":
                if self.embed:
                    self.embed_error = job.error[:1].upper() + job.error[1:]
                else:
                    self.chooser = replace(self.chooser, error=job.error)
                    self.mode = "puzzles"
            return Effects()
        if job.state == "failed":
            self.notice = f"The solver stopped: {job.error}"
        return Effects(focus="" if self.embed else "puzzle-check")

    def cancel_job(self, why: str = "") -> Effects:
        """Cancel (the button, Escape): the work is dropped, the page is as before it."""
        job = self.job
        if job is None:
            return _nothing()
        job.cancel()
        self.job = None
        if job.kind == "deal":
            if self.embed:  # an embed has no chooser: it says so in place of the puzzle
                self.embed_error = why or "Stopped: no puzzle was dealt (open it to deal one)."
                return Effects()
            self.notice = why or "Stopped: no puzzle was dealt. Choose another one below."
            return Effects(focus=f"new-{job.puzzle or 'solitaire'}")
        return Effects(focus="" if self.embed else "puzzle-check")

    def _puzzle_from_form(self, action: str, form: dict[str, str]) -> Effects | None:
        from .links import DIFFICULTIES, DUEL_RULES
        from .puzzle import DuelSession, PuzzleError, SolitaireSession

        kind = "solitaire" if action in ("new-solitaire", "solitaire-cards") else "duel"
        cv = self.chooser
        if kind == "solitaire":
            n = _int_or_none(form.get("n")) or cv.n_cards
            diff = form.get("difficulty", cv.difficulty)
            cv = replace(cv, n_cards=n, difficulty=diff if diff in DIFFICULTIES else "",
                         cards=form.get("cards", cv.cards))
        else:
            hand = _int_or_none(form.get("hand")) or cv.hand_size
            rule = form.get("rule", cv.rule)
            cv = replace(cv, hand_size=hand, rule=rule if rule in DUEL_RULES else "geography",
                         winnable="winnable" in form, p1=form.get("p1", cv.p1),
                         p2=form.get("p2", cv.p2))
        self.chooser = replace(cv, error="")
        self.notice = ""
        try:
            if action == "new-solitaire":
                return self._start_job(SolitaireSession.dealing(
                    cv.n_cards, cv.difficulty or None, self.seed_param))
            if action == "solitaire-cards":
                self._open_puzzle(SolitaireSession.from_text(cv.cards))
            elif action == "new-duel":
                return self._start_job(DuelSession.dealing(
                    cv.hand_size, cv.rule, self.seed_param, True if cv.winnable else None))
            else:
                self._open_puzzle(DuelSession.from_text(cv.p1, cv.p2, cv.rule))
        except (PuzzleError, ValueError) as exc:
            self.chooser = replace(cv, error=str(exc))
            self.mode = "puzzles"
        return None

    def _new_puzzle(self) -> Effects:
        """"New puzzle": another one like the current one (generated, same settings)."""
        from .puzzle import DuelSession, PuzzleError, SolitaireSession

        cv = self.chooser
        try:
            if isinstance(self.puzzle, DuelSession):
                return self._start_job(DuelSession.dealing(cv.hand_size, self.puzzle.rule, None,
                                                           True if cv.winnable else None))
            return self._start_job(SolitaireSession.dealing(cv.n_cards, cv.difficulty or None,
                                                            None))
        except PuzzleError as exc:
            self.notice = str(exc)
            return Effects()

    def _puzzle_action(self, intent: Intent) -> Effects | None:
        """A click in a puzzle; None when it was not one."""
        pz = self.puzzle
        if pz is None or self.mode != "puzzle":
            return None
        from .puzzle import DuelSession, SolitaireSession

        action = intent.action
        if self.job is not None and self.job.kind == "solve" and action.startswith(
                ("card", "puzzle-", "reset")) and action != "puzzle-cancel":
            self.cancel_job()  # the position changes: the search in progress is about the old one
        fx = Effects()
        if action == "card":
            pz.play(intent.card)
            fx.kick_duel = isinstance(pz, DuelSession)
        elif action == "puzzle-undo":
            pz.undo()
        elif action == "puzzle-check" and isinstance(pz, SolitaireSession):
            return self._start_job(pz.solver_job("solvable"))
        elif action == "puzzle-solution" and isinstance(pz, SolitaireSession):
            return self._start_job(pz.solver_job("solution"))
        elif action in ("puzzle-restart", "reset"):
            pz.restart()
        elif action == "puzzle-new":
            return self._new_puzzle()
        else:
            return None
        return fx

    def duel_reply(self, pz: Any, at: int) -> bool:
        """The duel's computer answers, unless you moved meanwhile. True when it moved."""
        if self.puzzle is not pz:  # another puzzle since: nothing to answer
            return False
        duel: Any = pz
        if len(duel.line) == at and duel.to_move == 2:
            duel.opponent_move()
            return self.mode == "puzzle"
        return False

    # --- starting games -------------------------------------------------------------------------
    def new_seed(self) -> int:
        """The seed of a new deal: always random (``secrets``). ``?seed=`` chooses puzzles and
        shared positions, never a live deal (it would tell the player every hand: issue 20);
        the tests fix a deal through :attr:`deal_seed`, which the controller reads from
        ``window.unoWebDealSeed`` (devtools-level access, docs/security.md)."""
        if self.deal_seed is not None:
            return self.deal_seed
        import secrets  # here, not at boot: it imports hmac

        return secrets.randbelow(2**63 - 1) + 1  # no seed search from the hand on screen

    def start_game(self, settings: TableSettings) -> Effects:
        try:
            session = Session(settings, self.new_seed())
        except ValueError as exc:  # e.g. too many players for the hand size
            self.start_error = str(exc)
            self.mode = "start"
            return Effects()
        self.start_error = ""
        self.notice = ""
        self.session = session
        self.replay = None
        self.mode = "table"
        first = not self.prefs.tip_seen and not self.embed
        if first:  # the first game on this site: a tip points at the validator panel, once
            self.tip_session = session
            self.prefs = replace(self.prefs, tip_seen=True)
        return Effects(save=True, store_settings=True, kick=True, focus="hand", store_prefs=first)

    def _read_start_form(self, form: dict[str, str]) -> None:
        self.draft, self.field_errors, self.raw_values = settings_from_form(form, self.draft)

    # --- the bots -------------------------------------------------------------------------------
    def bot_step(self) -> tuple[AiPlan, float] | None:
        """The next bot action and how long to wait before it (the table shows who is about to
        act meanwhile), or None when the table waits for you."""
        if self.mode != "table" or self.session is None:
            return None
        s = self.session
        plan = None if passplay.holds(self) else s.plan_ai()
        if plan is None:
            s.acting = -1
            s.jump_window = False
            return None
        s.acting = plan.seat
        sp = self.speed
        delay = sp.turn
        if plan.kind == "turn" and s.rules.jump_in and (len(s.humans) > 1 or s.human_jump_moves()):
            s.jump_window = True
            delay = max(delay, sp.jump_window)
        return plan, delay

    # --- intents --------------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> Effects:
        """Carry out what the person asked for; the effects say what the page must do."""
        action = intent.action
        s = self.session
        if action == "dismiss":
            self.notice = ""
            self.save_discarded = False
            return Effects()
        if action == "help":
            return Effects(render=False, toggle_help=True)
        if action == "share":
            s0 = self.session
            if self.mode == "table" and s0 is not None and not s0.can_share():
                self.notice = s0.share_note  # the button looks off: pressed, it says why
                return Effects(focus="share-opener")
            return self._open_share()
        if action == "share-close":
            self.share_open = False
            return Effects(focus="share-opener")
        if action == "share-goal":
            self.share_goal = intent.value[:200]
            return Effects()
        if action == "copy":
            return Effects(render=False, copy=intent.target)
        if action == "speed":
            return self._set_speed(intent.value)
        if action == "lang":
            return self._set_lang(intent.value)
        if action == "sound":
            self.prefs = replace(self.prefs, sound=not self.prefs.sound)
            return Effects(store_prefs=True)
        if self.embed and action in ("setup", "puzzles", "start", "solitaire", "duel", "editor",
                                     "friends"):
            return _nothing()  # an embed shows one position or puzzle, nothing else
        if (routed := passplay.route(self, intent)) is not None:  # pass-and-play's own screens
            return routed
        if action == "setup":
            self.mode = "start"
            self.share_open = False
            if s is not None and s.position is None:
                self.draft = s.settings
            self.start_error = ""
            return Effects(url=self._clean_url(), close_help=True)
        if action == "editor":
            pos = None
            if s is not None and s.position is not None and self.mode == "table":
                pos = s.share_position(s.position.goal or "") if s.can_share() else s.position
            self._open_editor(pos, pos.goal or "" if pos is not None else "")
            ed = self.editor
            return Effects(url="?mode=editor&" + ed.query() if not ed.problem() else None,
                           close_help=True, focus="ed-target-hand-0")
        editor_fx = self._editor_action(intent)
        if editor_fx is not None:
            return editor_fx
        coach_fx = self._coach_action(intent)
        if coach_fx is not None:
            return coach_fx
        if action == "puzzles":
            self.mode = "puzzles"
            self.share_open = False
            return Effects(url=self._clean_url(), close_help=True)
        if action == "puzzle-cancel":
            return self.cancel_job()
        if action in ("solitaire", "duel"):  # the start screen's quick start
            url = self._clean_url()
            fx = self._puzzle_from_form("new-solitaire" if action == "solitaire" else "new-duel",
                                        intent.form) or Effects(focus="hand")
            fx.url = url
            return fx
        if action in ("new-solitaire", "solitaire-cards", "new-duel", "duel-cards"):
            return self._puzzle_from_form(action, intent.form) or Effects(
                focus="hand" if self.mode == "puzzle" else "")
        if action == "puzzle-resume":
            if self.puzzle is not None:
                self.mode = "puzzle"
            return Effects()
        puzzle_fx = self._puzzle_action(intent)
        if puzzle_fx is not None:
            return puzzle_fx
        if action == "reset":
            return self._reset()
        if action == "resume":
            if s is not None:
                self.mode = "table"
                self.share_open = False
                return Effects(kick=True)
            return _nothing()
        if action == "form":  # a field of the start form changed: remembered at once
            self._read_start_form(intent.form)
            self.start_error = ""
            return Effects(store_settings=not self.embed)
        if action == "quick":  # you against three bots, official rules, your last levels
            if intent.form:
                self._read_start_form(intent.form)
            d = self.draft
            url = self._clean_url()
            fx = self.start_game(TableSettings(
                players=4, name=d.name, levels=tuple(d.level(i) for i in range(1, 4)),
                preset="official"))
            fx.url = url
            return fx
        if action == "start":
            self._read_start_form(intent.form)
            if self.field_errors:
                self.start_error = ("Some settings are out of range: fix the fields marked "
                                    "below, then deal.")
                return Effects(focus="field-error")
            url = self._clean_url()
            fx = self.start_game(self.draft)
            fx.url = url
            return fx
        if action == "play-again":
            if s is not None:
                return self.start_game(s.settings)
            return _nothing()
        if action == "export":
            if s is None or not s.can_export:
                return _nothing()
            return Effects(render=False, download=("uno-game.json", s.log_json()))
        if action.startswith("replay-"):
            return self._replay_action(action)
        if s is None or self.mode != "table":
            return _nothing()
        return self._table_action(s, intent)

    def _coach_action(self, intent: Intent) -> Effects | None:
        """The coach's and the statistics page's intents (None: not one of them)."""
        action = intent.action
        s = self.session
        if action == "tip-close":
            self.tip_session = None
            return Effects(focus="hand")
        if action == "stats":
            self.mode = "stats"
            self.share_open = False
            return Effects(url=self._clean_url(), close_help=True, focus="stats-close")
        if action == "stats-clear":
            from .stats import Stats

            # the games already counted stay known, so a finished game on screen is not
            # counted again after the clear
            self.stats_text = Stats(seen=Stats.from_json(self.stats_text).seen).to_json()
            return Effects(store_stats=True, focus="stats-close")
        if action == "stats-close":
            self.mode = "table" if s is not None else "start"
            return Effects(kick=s is not None)
        if action not in ("hint", "review"):
            return None
        from .coach_view import coach_allowed

        if (s is None or self.mode != "table"
                or not coach_allowed(s, embed=self.embed, flag=self.coach_flag)):
            return _nothing()
        started = (self.coach.start_hint(s) if action == "hint" else self.coach.start_review(s))
        return Effects(coach=started, focus="" if action == "hint" else "review")

    def _set_lang(self, name: str) -> Effects:
        if name not in LANGS:
            self.notice = f"Unknown language {name[:20]!r}: choose one of {', '.join(LANGS)}."
            return Effects()
        self.prefs = replace(self.prefs, lang=name)
        self.url_lang = ""  # the switch wins over the address from now on
        return Effects(store_prefs=not self.embed, focus="lang")

    def _set_speed(self, name: str) -> Effects:
        if name not in SPEEDS:
            self.notice = f"Unknown bot speed {name[:20]!r}: choose one of {', '.join(SPEED_NAMES)}."
            return Effects()
        self.prefs = replace(self.prefs, speed=name)
        self.speed_override = ""  # the player's choice wins over the address from now on
        return Effects(store_prefs=True)

    def _table_action(self, s: Session, intent: Intent) -> Effects:
        action = intent.action
        focus = ""
        if action == "card":
            s.click_card(intent.card)
            if s.choice is not None:
                focus = "picker"
        elif action == "color":
            s.choose_color(intent.color)
        elif action == "target":
            s.choose_target(intent.seat)
        elif action == "cancel":
            choice = s.choice
            s.cancel_choice()
            if choice is not None:  # back to the card that opened the choice, never the pile
                from ..core.cards import card_str

                focus = f"card:{card_str(choice.card)}"
        elif action == "catch":
            s.catch(intent.seat)
            focus = "hand"  # the Catch button goes away: never leave the focus on nothing
        elif action in _SIMPLE:
            getattr(s, _SIMPLE[action])()
            focus = "hand" if action == "next-round" else ""
        else:
            return _nothing()
        return Effects(save=True, kick=True, focus=focus)

    # --- export and replay ----------------------------------------------------------------------
    def import_log(self, name: str, text: str) -> Effects:
        """Read a log file for the replay at once (CPython, tests); the page reads it in slices
        (:meth:`begin_import`)."""
        from .replay import ReplayLoad

        return self.finish_import(ReplayLoad.of(name, text).run_to_end())

    def begin_import(self, name: str, text: str) -> Effects:
        """Start reading a log file for the replay; the controller runs it in slices
        (uno_web.web.replay) and calls :meth:`finish_import`."""
        from .replay import ReplayLoad

        if self.replay_load is not None:
            self.replay_load.cancel()
        self.replay_load = ReplayLoad.of(name, text)
        return Effects(kick_replay=True)

    def finish_import(self, load: ReplayLoad) -> Effects:
        if self.replay_load is load:
            self.replay_load = None
        if load.state == "failed":
            self.notice = f"{load.name[:80]} is not a game log this table can replay: {load.error}"
            return Effects()
        if load.result is None:  # cancelled
            return Effects()
        self.replay = load.result
        self.notice = ""
        self.mode = "replay"
        return Effects()

    def _replay_action(self, action: str) -> Effects:
        rp = self.replay
        if action == "replay-cancel":
            if self.replay_load is not None:
                self.replay_load.cancel()
            return Effects()
        if action == "replay-exit":
            self.replay = None
            self.mode = "table" if self.session is not None else "start"
            return Effects(kick=True)
        if rp is None:
            return _nothing()
        if action == "replay-next":
            rp.step(+1)
        elif action == "replay-prev":
            rp.step(-1)
        elif action == "replay-first":
            rp.go(0)
        elif action == "replay-last":
            rp.go(len(rp.steps) - 1)
        return Effects()

    # --- keys -----------------------------------------------------------------------------------
    def key_intent(self, key: str) -> Intent | None:
        """The intent of a key press outside text fields (docs/table.md "Keyboard"), or None."""
        k = key.lower()
        if k == "escape" and self.replay_load is not None:
            return Intent("replay-cancel")
        if self.mode == "replay":
            name = {"arrowleft": "replay-prev", "arrowright": "replay-next",
                    "home": "replay-first", "end": "replay-last"}.get(k)
            return Intent(name) if name else None
        if k == "?":
            return Intent("help")
        if k == "escape" and self.share_open:
            return Intent("share-close")
        if k == "escape" and self.job is not None:
            return Intent("puzzle-cancel")
        if self.mode == "puzzle" and self.puzzle is not None:
            if k == "z":
                return Intent("puzzle-undo")
            if k in ("arrowleft", "arrowright"):
                return Intent("focus-prev" if k == "arrowleft" else "focus-next")
            return None
        s = self.session
        if self.mode != "table" or s is None:
            return None
        from ..core.cards import color_code

        deck_colors = {color_code(c) for c in s.state.r.colors}
        pick_color = (s.choice is not None and bool(s.choice.colors)) or (
            s.state.phase == Phase.CHOOSE_COLOR and s.state.turn == s.viewer)
        if pick_color:
            from .keys_fi import color_for_key

            code = color_for_key(k, self.lang, deck_colors)
            if code:
                return Intent("color", color=code)
        if pick_color and k in COLOR_KEYS and COLOR_KEYS[k] in deck_colors:
            return Intent("color", color=COLOR_KEYS[k])
        if s.choice is not None and s.choice.targets and k.isdigit():
            idx = int(k) - 1
            if 0 <= idx < len(s.choice.targets):
                return Intent("target", seat=s.choice.targets[idx])
        if k == "escape" and s.choice is not None:
            return Intent("cancel")
        if k in ("arrowleft", "arrowright") or (s.choice is not None and k in ("arrowup", "arrowdown")):
            return Intent("focus-prev" if k in ("arrowleft", "arrowup") else "focus-next")
        if k == "h" and s.choice is None:
            return Intent("hint")
        simple = {"d": "draw", "k": "keep", "u": "uno", "a": "accept", "c": "challenge"}
        if k in simple:
            return Intent(simple[k])
        if k == "n" and s.state.phase == Phase.ROUND_OVER:
            return Intent("next-round")
        return None


def _params(query: str) -> dict[str, str]:
    from urllib.parse import parse_qsl

    q = query.lstrip("?")
    return dict(parse_qsl(q, keep_blank_values=True)) if q else {}
