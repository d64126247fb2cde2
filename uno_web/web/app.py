"""The page's logic, in plain Python: every screen (start, table, replay, puzzles, editor,
share) as intents in, effects out. No ``js``, no ``pyscript``: unit tests drive it on CPython.

:class:`App` boots from the address and storage, holds what is page-wide (the mode, the
notice, the preferences, the language) and one state object per screen, and asks the screens
in turn to carry out an intent.  Each screen (:mod:`uno_web.web.screens`,
:mod:`uno_web.web.passplay`) owns its intents (a table of handlers), what it shows and its
state: a dataclass of its module, held by the app under the screen's name (``app.start``,
``app.table``, ``app.puzzles``, ``app.editor``, ``app.replay``, ``app.stats``, ``app.share``).

The controller (:mod:`uno_web.web.controller`, the only module that touches the DOM) turns a DOM
event into an :class:`Intent` (:func:`~uno_web.web.screens.base.read_intent`), calls
:meth:`App.dispatch`, and carries out the
:class:`Effects` it returns: write the regions of :meth:`App.regions`, save, store the
preferences, move the focus, let the bots act, download a file, copy a text.  Keys go through
:meth:`App.key_intent` the same way, and the bots' timing through :meth:`App.bot_step`.

What the page keeps in the browser's storage is keyed by the site's path
(:func:`storage_keys`), so two sites on one origin (``user.github.io/a/`` and ``/b/``) never
share a saved game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from ..i18n.verdicts import LANGS, pick_lang
from .links import MAX_QUERY, PageRequest, excerpt, read_page
from .render import REGIONS, render_embed_bar, render_embed_error
from .session import BOT_NAMES, SPEED_NAMES, SPEEDS, AiPlan, SaveError, Speed, TableSettings, restore
from .stored import Dropped, Prefs, read_storage, vault_refusal
from . import passplay
from .screens import editor as editor_screen
from .screens import page, puzzles, start, table
from .screens import replay as replay_screen
from .screens import stats as stats_screen
from .screens.base import Effects, Handler, Intent, nothing, query_params, read_intent
from .screens.table import COLOR_KEYS

if TYPE_CHECKING:
    from .puzzle import PuzzleJob
    from .replay import ReplayLoad

__all__ = [
    "App", "Intent", "Effects", "Prefs", "StorageKeys", "storage_keys", "COLOR_KEYS", "read_intent",
]


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
# the screens, asked in turn: the first that takes an intent carries it out
# ------------------------------------------------------------------------------------------

#: what an embed never opens: it shows one position or puzzle, nothing else
_NOT_IN_EMBED = frozenset({"setup", "puzzles", "start", "solitaire", "duel", "editor", "friends"})


def _embed_guard(app: App, intent: Intent) -> Effects | None:
    return nothing() if app.embed and intent.action in _NOT_IN_EMBED else None


#: the page's own intents first, then pass-and-play's curtain (it takes the table's moves
#: while a game of several people is on screen), then each screen's table of handlers; a
#: puzzle on screen takes ``card`` and ``reset`` before the table
_SCREENS: tuple[Handler, ...] = (
    page.handle, _embed_guard, passplay.route, start.handle, editor_screen.handle,
    stats_screen.handle, puzzles.handle, replay_screen.handle, table.handle,
)


#: what each mode shows (pass-and-play's screens first; the start screen when the mode's screen
#: has nothing to show)
_SHOWN_BY_MODE: dict[str, Callable[[App], dict[str, str] | None]] = {
    "table": table.regions, "replay": replay_screen.regions, "puzzle": puzzles.regions,
    "puzzles": puzzles.regions, "editor": editor_screen.regions, "stats": stats_screen.regions,
}


def _bounded(params: dict[str, str], key: str, lo: int, hi: int, notes: list[str]) -> int | None:
    """``params[key]`` as a whole number from ``lo`` to ``hi``, None when absent; anything else
    is refused with a note (never silently dropped)."""
    value = params.get(key)
    if value is None or value == "":
        return None
    text = value.strip()
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 12 and lo <= int(text) <= hi:
        return int(text)
    notes.append(said(Words.of("link.not_whole_ignored", notation=key, notation2=excerpt(value),
                               n=lo, m=hi)))
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
        params = query_params(query[:MAX_QUERY + 1])
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
            notes.append(said(Words.of("link.speed", notation=excerpt(url_speed),
                                       notation2=", ".join(SPEED_NAMES))))
        self.delay = _bounded(params, "delay", 0, 600_000, notes)  # ms before each bot move
        url_lang = params.get("lang", "")
        self.url_lang = pick_lang(url_lang, "") if url_lang else ""  # ?lang=fi: this page load
        if url_lang and not self.url_lang:
            notes.append(said(Words.of("link.lang", notation=excerpt(url_lang),
                                       notation2=", ".join(LANGS))))
        self.browser_lang = "en"  # the controller sets it from navigator.language
        self.link_notes = tuple(notes)
        self.mode = "start"  # start, table, replay, puzzles (the chooser), puzzle, editor, stats
        # each screen's own state (a dataclass of its module in uno_web.web.screens)
        self.start = start.StartState()
        self.table = table.TableState(coach_flag=params.get("coach") == "1")
        self.puzzles = puzzles.PuzzlesState()
        self.editor = editor_screen.EditorState()
        self.replay = replay_screen.ReplayState()
        self.stats = stats_screen.StatsState()
        self.share = page.ShareState()
        self.friends = passplay.FriendsState()  # play with friends (uno_web.web.passplay)
        # page-wide
        self.notice = ""
        self.embed_error = ""
        self.save_discarded = False
        self._saved_text: str | None = None
        self.sealed_save = ""  # the stored save, sealed: the controller opens it (vault.js)
        self.dropped: list[Dropped] = []  # what storage held and the page refused (stored.py)

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
        self.start.draft, self.prefs = found.settings, found.prefs
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
        told = dropped.notice()
        self.notice = f"{self.notice} {told}".strip()
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
            why = getattr(exc, "words", None) if len(str(exc)) <= 300 else None  # its facts
            self._report_bad_link(said(Words.of("link.bad", why=why or str(exc)[:300])))
        if req.error:
            self._report_bad_link(req.error)
        if self.link_notes:
            told = " ".join(self.link_notes)
            self.notice = f"{self.notice} {told}".strip() if self.notice else told
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
            self.table.session = restore(text)
        except SaveError as exc:
            self._discard_save(str(exc), fx)
            return
        except Exception as exc:  # a bug must not break the page: report, discard, go on
            self._discard_save(f"{type(exc).__name__}: {str(exc)[:200]}", fx)
            return
        self.start.draft = self.table.session.settings
        self.mode = "table"

    def _discard_save(self, reason: str, fx: Effects) -> None:
        fx.remove_save = True
        self.table.session = None
        self.mode = "start"
        self._drop(Dropped("game", reason.rstrip(".")))

    def _open_request(self, req: PageRequest) -> Effects | None:
        if req.kind == "editor":
            editor_screen.open_editor(self, req.position, req.goal)
        elif req.kind == "position" and req.position is not None:
            table.start_position(self, req.position, req.bots)
        elif req.kind in ("solitaire", "duel"):
            return puzzles.open_request(self, req)
        elif req.kind == "puzzles" and not self.embed:
            self.mode = "puzzles"
        return None

    def _report_bad_link(self, message: str) -> None:
        text = message[:1].upper() + message[1:]
        if self.embed:
            self.embed_error = text
            return
        self.notice = text
        if self.request.kind in ("solitaire", "duel"):
            self.mode = "puzzles"

    # --- intents --------------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> Effects:
        """Carry out what the person asked for; the effects say what the page must do.  The
        screens are asked in turn (:data:`_SCREENS`): each handles its own intents through
        its table of handlers."""
        for handle in _SCREENS:
            fx = handle(self, intent)
            if fx is not None:
                return fx
        return nothing()

    def key_intent(self, key: str) -> Intent | None:
        """The intent of a key press outside text fields (docs/table.md "Keyboard"), or None."""
        k = key.lower()
        if k == "escape" and self.replay.load is not None:
            return Intent("replay-cancel")
        if self.mode == "replay":
            return replay_screen.key_intent(k)
        for keys in (page.key_intent, puzzles.key_intent, table.key_intent):
            if (intent := keys(self, k)) is not None:
                return intent
        return None

    # --- what the page shows --------------------------------------------------------------------
    def _screen_regions(self) -> dict[str, str]:
        """The regions of the screen on show (the start screen when the mode has nothing to
        show)."""
        out = passplay.regions(self)
        if out is None and (shown := _SHOWN_BY_MODE.get(self.mode)) is not None:
            out = shown(self)
        return out if out is not None else start.regions(self)

    def regions(self) -> dict[str, str]:
        """The HTML of every region for the current mode (pure functions of the state)."""
        regions = self._screen_regions()
        for name in REGIONS:
            regions.setdefault(name, "")
        if self.embed:
            regions = self._embed_regions(regions)
        if self.share.open and not self.embed:
            regions["share"] = page.share_html(self)
        if self.replay.load is not None and not self.embed:
            from .replay import render_load

            regions["notice"] = render_load(self.replay.load)
        lang = self.lang
        if lang != "en":
            from ..i18n.ui import translate_html

            keep = frozenset(n for n in (self.table.session.state.names if self.table.session else ())
                             if n != "You") | frozenset(BOT_NAMES)  # names stay as they are
            regions = {name: translate_html(html, lang, keep) for name, html in regions.items()}
        return regions

    def _embed_regions(self, regions: dict[str, str]) -> dict[str, str]:
        if self.mode not in ("table", "puzzle"):  # an embed shows nothing else
            regions = {r: "" for r in REGIONS}
            deal = puzzles.job_view(self, "deal")
            if deal is not None:  # ... but the puzzle being dealt
                from .puzzle_render import render_job

                regions["start"] = render_job(deal)
        regions["topbar"] = self.embed_bar()
        regions["replay"] = ""
        if self.embed_error:
            regions["notice"] = render_embed_error(self.embed_error)
        return regions

    def body_data(self) -> dict[str, str]:
        """The ``data-*`` attributes of <body> the tests and the stylesheet read."""
        data = {"mode": self.mode, "phase": "", "puzzle": "", "puzzleState": "",
                "job": self.puzzles.job.kind if self.puzzles.job is not None else "",
                "speed": self.speed_name, "sound": "on" if self.prefs.sound else "off",
                "saveDiscarded": "1" if self.save_discarded else ""}
        data.update(table.body_data(self))
        data.update(passplay.body_data(self))
        data.update(puzzles.body_data(self))
        return data

    def embed_bar(self) -> str:
        goal = ""
        title = ""
        s = self.table.session
        if self.mode == "table" and s is not None and s.position is not None:
            goal = s.position.goal or self.request.goal
        elif self.mode == "puzzle" and self.puzzles.puzzle is not None:
            from .puzzle import SolitaireSession

            goal = self.puzzles.puzzle.goal
            title = ("Solitaire UNO: play every card, each matching the one before."
                     if isinstance(self.puzzles.puzzle, SolitaireSession) else
                     "Duel: beat a perfect opponent, open hands.")
        if self.embed_error:
            title = "This embed cannot be shown:"
        edit = ""
        if self.mode == "table" and s is not None and s.position:
            from .links import open_query

            edit = f"{self.page_base}?mode=editor&{open_query(self.query)}"
        return render_embed_bar(goal, self.open_href(), can_reset=not self.embed_error,
                                title=title, edit_href=edit)

    def open_href(self) -> str:
        """The full page for this embed ("open in uno_web"), in a new tab."""
        from .links import open_query

        query = open_query(self.query)
        return f"{self.page_base}?{query}" if query else self.page_base

    # --- what the controller and the screens call (each screen's own) ----------------------------
    def start_game(self, settings: TableSettings) -> Effects:
        return start.start_game(self, settings)

    def new_seed(self) -> int:
        return start.new_seed(self)

    def bot_step(self) -> tuple[AiPlan, float] | None:
        return table.bot_step(self)

    def finish_job(self, job: PuzzleJob) -> Effects:
        return puzzles.finish_job(self, job)

    def cancel_job(self, why: str = "") -> Effects:
        return puzzles.cancel_job(self, why)

    def duel_reply(self, pz: Any, at: int) -> bool:
        return puzzles.duel_reply(self, pz, at)

    def import_log(self, name: str, text: str) -> Effects:
        return replay_screen.import_log(self, name, text)

    def begin_import(self, name: str, text: str) -> Effects:
        return replay_screen.begin_import(self, name, text)

    def finish_import(self, load: ReplayLoad) -> Effects:
        return replay_screen.finish_import(self, load)

