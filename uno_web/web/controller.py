"""The page controller: the only module of uno_web that imports ``pyscript`` / ``js``.

It does three things (docs/table.md): turn a DOM event into an intent of the
:class:`~uno_web.web.session.Session`, let the bots act on a timer, and write the rendered
regions into the page.  One delegated ``click`` handler, one ``change`` handler and one
``keydown`` handler (``pyscript.when``); the game itself lives in the session, the pictures in
:mod:`~uno_web.web.view` and :mod:`~uno_web.web.render`.

Saved in ``localStorage``: ``uno_web.table.v1`` (the game log + table settings, after every
move) and ``uno_web.settings.v1`` (the start screen's last settings).

URL parameters (all of them in docs/embedding.md): ``seed=N`` (deterministic deals and bots),
``speed=fast|normal|slow``, ``delay=MS`` (the pause before each bot move, for tests); a position
(``hands=…&top=…``) or ``lesson=SLUG`` starts the table from that position (never saved);
``mode=solitaire|duel|puzzles`` opens the puzzles; ``embed=1`` shows any of these as an embed
(no start screen, no storage, minimal chrome; index.html starts Python only once the embed is
on screen or clicked).
"""

from __future__ import annotations

import asyncio
import importlib
import random
import traceback
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window, when  # type: ignore[import-not-found]
from pyscript.ffi import is_none, to_js  # type: ignore[import-not-found]

from .links import PageRequest, read_page
from .render import (
    REGIONS, render_embed_bar, render_embed_error, render_share, render_start, render_table,
    render_topbar,
)
from ..core.state import Phase
from .session import HUMAN, SPEEDS, LogReplay, SaveError, Session, Speed, TableSettings, restore
from .view import replay_view, settings_from_form, start_view, view

if TYPE_CHECKING:
    from ..core.position import Position
    from .puzzle import DuelSession, SolitaireSession
    from .puzzle_render import ChooserView

# Imported where they are used, not here: the puzzles (uno_web.web.puzzle, puzzle_render and
# uno_web.puzzles), positions and share links (uno_web.core.position) and game logs
# (uno_web.core.gamelog).  The first screen needs none of them and importing them costs
# ~0.1-0.2 s of the boot in Pyodide (docs/deployment.md "Boot time"); they are imported on
# first use, or by warm_up() once the page is ready.
WARM_UP_MODULES = (
    "uno_web.core.gamelog", "uno_web.ai", "uno_web.core.position", "uno_web.puzzles.lessons",
    "uno_web.web.puzzle", "uno_web.web.puzzle_render", "urllib.parse",
)

__all__ = ["Controller", "start", "STORE_KEY", "SETTINGS_KEY"]

STORE_KEY = "uno_web.table.v1"
SETTINGS_KEY = "uno_web.settings.v1"

_COLOR_KEYS = {"r": "R", "y": "Y", "g": "G", "b": "B", "h": "H", "d": "D", "c": "C", "s": "S"}


def _now() -> float:
    return float(window.performance.now())


def js(value: Any) -> Any:
    """A JS value with ``null`` / ``undefined`` as None (Pyodide 314 gives ``jsnull``)."""
    return None if is_none(value) else value


def q(selector: str) -> Any:
    return js(document.querySelector(selector))


def by_id(elem_id: str) -> Any:
    return js(document.getElementById(elem_id))


def attr(el: Any, name: str) -> str:
    """An element's attribute as text ("" when absent or when ``el`` is not an element)."""
    get = getattr(el, "getAttribute", None)
    if el is None or get is None:
        return ""
    value = js(get(name))
    return "" if value is None else str(value)


class Controller:
    def __init__(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        self.seed_param = _int_or_none(js(params.get("seed")))
        self.speed: Speed = SPEEDS.get(str(js(params.get("speed")) or "normal"), SPEEDS["normal"])
        delay = _int_or_none(js(params.get("delay")))  # ms before each bot move (tests)
        if delay is not None:
            self.speed = replace(self.speed, turn=max(0, delay) / 1000)
        self.request: PageRequest = read_page(str(window.location.search))
        self.embed = self.request.embed
        self.session: Session | None = None
        self.replay: LogReplay | None = None
        self.puzzle: SolitaireSession | DuelSession | None = None
        self._chooser: ChooserView | None = None  # the puzzle chooser's form, made on first use
        self.mode = "start"  # start, table, replay, puzzles (the chooser), puzzle
        self.notice = ""
        self.start_error = ""
        self.embed_error = ""
        self.share_open = False
        self.share_goal = ""
        self.draft = TableSettings(players=2, levels=["easy"]) if self.embed else self._load_settings()
        self.regions = {name: document.getElementById(f"r-{name}") for name in REGIONS}
        self.rendered: dict[str, str] = {}
        self.ai_task: Any = None
        self.duel_task: Any = None
        self.export_url: Any = None
        self.posted_height = -1
        self.body = document.body

    @property
    def chooser(self) -> ChooserView:
        if self._chooser is None:
            from .puzzle_render import ChooserView

            self._chooser = ChooserView()
        return self._chooser

    @chooser.setter
    def chooser(self, value: ChooserView) -> None:
        self._chooser = value

    # --- storage ----------------------------------------------------------------------------
    def _storage_get(self, key: str) -> str | None:
        if self.embed:  # an embed never reads or writes the site's saved game
            return None
        try:
            value = js(window.localStorage.getItem(key))
        except Exception:  # storage disabled
            return None
        return None if value is None else str(value)

    def _storage_set(self, key: str, value: str) -> None:
        if self.embed:
            return
        try:
            window.localStorage.setItem(key, value)
        except Exception as exc:  # quota, private mode: the game goes on unsaved
            self.notice = f"The game could not be saved in this browser ({exc})."

    def _storage_remove(self, key: str) -> None:
        try:
            window.localStorage.removeItem(key)
        except Exception:
            pass

    def _load_settings(self) -> TableSettings:
        text = self._storage_get(SETTINGS_KEY)
        if text:
            try:
                return TableSettings.model_validate_json(text)
            except Exception:
                self._storage_remove(SETTINGS_KEY)
        return TableSettings(players=2, levels=["easy"])

    def save(self) -> None:
        # a game from a position (a link, an embed) is not saved: it has no log to replay
        if self.session is not None and self.session.position is None:
            t0 = _now()
            self._storage_set(STORE_KEY, self.session.to_save())
            self.body.dataset.saveMs = f"{_now() - t0:.1f}"

    def load_saved(self) -> None:
        """Resume the saved game; a save that cannot be restored is reported and discarded."""
        text = self._storage_get(STORE_KEY)
        if not text:
            return
        try:
            self.session = restore(text)
        except SaveError as exc:
            self._discard_save(str(exc))
            return
        except Exception as exc:  # a bug must not break the page: report, discard, go on
            window.console.warn("restoring the saved game failed:\n" + traceback.format_exc())
            self._discard_save(f"{type(exc).__name__}: {exc}")
            return
        self.draft = self.session.settings
        self.mode = "table"

    def _discard_save(self, reason: str) -> None:
        self._storage_remove(STORE_KEY)
        self.session = None
        self.mode = "start"
        self.notice = f"Your saved game could not be restored and was discarded: {reason}"
        self.body.dataset.saveDiscarded = "1"

    # --- rendering --------------------------------------------------------------------------
    def regions_now(self) -> dict[str, str]:
        """The HTML of every region for the current mode (pure functions of the state)."""
        puzzle = self.puzzle
        if self.mode == "table" and self.session is not None:
            regions = render_table(view(self.session), self.notice)
        elif self.mode == "replay" and self.replay is not None:
            regions = render_table(replay_view(self.replay), self.notice)
        elif self.mode == "puzzle" and puzzle is not None:
            from .puzzle import SolitaireSession, duel_view, solitaire_view
            from .puzzle_render import render_duel, render_solitaire

            bar = render_topbar("puzzle", True, can_share=True)
            if isinstance(puzzle, SolitaireSession):
                regions = render_solitaire(solitaire_view(puzzle), bar, self.notice)
            else:
                regions = render_duel(duel_view(puzzle), bar, self.notice)
            regions["logtitle"] = "Moves"
        elif self.mode == "puzzles":
            from .puzzle_render import render_chooser

            chooser = replace(self.chooser, can_resume=puzzle is not None)
            regions = render_chooser(chooser, render_topbar("puzzles", self.session is not None),
                                     self.notice)
            regions["logtitle"] = "Moves"
        else:
            self.mode = "start"
            regions = render_start(start_view(
                self.draft, error=self.start_error, notice=self.notice,
                can_resume=self.session is not None, seed=self.seed_param))
        if self.embed:
            if self.mode not in ("table", "puzzle"):  # an embed shows nothing else
                regions = {r: "" for r in REGIONS}
            regions["topbar"] = self.embed_bar()
            regions["replay"] = ""
            if self.embed_error:
                regions["notice"] = render_embed_error(self.embed_error)
        if self.share_open and not self.embed:
            regions["share"] = self.share_html()
        return regions

    def render(self) -> None:
        regions = self.regions_now()
        active = js(document.activeElement)
        focus_key = ""
        focus_id = ""
        if active is not None and active != self.body:
            focus_key = attr(active, "data-focus")
            focus_id = attr(active, "id")
        details = q("details.toggles")
        toggles_open = bool(details.open) if details is not None else False
        for name, html in regions.items():
            if self.rendered.get(name) != html:
                self.regions[name].innerHTML = html
                self.rendered[name] = html
        if toggles_open:
            details = q("details.toggles")
            if details is not None:
                details.open = True
        body = self.body
        body.dataset.mode = self.mode
        s = self.session
        if self.mode == "table" and s is not None:
            st = s.state
            body.dataset.phase = ["play", "drawn", "choose-color", "penalty", "round-over",
                                  "game-over"][st.phase]
            body.dataset.turn = str(st.turn)
            body.dataset.version = str(s.version)
        else:
            body.dataset.phase = ""
        pz = self.puzzle
        if self.mode == "puzzle" and pz is not None:
            from .puzzle import SolitaireSession

            body.dataset.puzzle = "solitaire" if isinstance(pz, SolitaireSession) else "duel"
            if isinstance(pz, SolitaireSession):
                body.dataset.puzzleState = ("solved" if pz.solved else "stuck" if pz.stuck
                                            else "play")
                body.dataset.version = str(len(pz.played))
            else:
                body.dataset.puzzleState = "over" if pz.over else "play"
                body.dataset.version = str(len(pz.line))
                body.dataset.turn = str(pz.to_move)
        else:
            body.dataset.puzzle = ""
            body.dataset.puzzleState = ""
        if js(document.activeElement) is None or document.activeElement == body:
            self._restore_focus(focus_key, focus_id)
        if self.embed:
            self.post_height()

    def _restore_focus(self, key: str, elem_id: str) -> None:
        el = None
        if key:
            el = q(f'[data-focus="{key}"]')
            if el is None and key.startswith("hand-"):
                cards = document.querySelectorAll("[data-testid=hand] [data-card]")
                if cards.length:
                    idx = min(int(key[5:]), cards.length - 1)
                    el = cards.item(idx)
            if el is None:
                el = q('[data-focus="draw"]')
        elif elem_id:
            el = by_id(elem_id)
        if el is not None:
            el.focus(to_js({"preventScroll": True}))

    # --- embeds and share links ------------------------------------------------------------
    def page_base(self) -> str:
        """This page's address without its query (share links are absolute)."""
        loc = window.location
        return f"{loc.origin}{loc.pathname}"

    def open_href(self) -> str:
        """The full page for this embed ("open in uno_web"), in a new tab."""
        from .links import open_query

        query = open_query(str(window.location.search))
        return f"{self.page_base()}?{query}" if query else self.page_base()

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
        return render_embed_bar(goal, self.open_href(), can_reset=not self.embed_error,
                                title=title)

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
            raise ValueError("the round is over: share a position while the round is on")
        return position_to_query(s.share_position(goal)), "position"

    def share_html(self) -> str:
        from ..core.position import PositionError
        from .links import share_view

        try:
            query, what = self.share_query()
        except (ValueError, PositionError) as exc:
            return render_share("", "", "", self.share_goal, error=str(exc))
        sv = share_view(self.page_base(), query, goal=self.share_goal, what=what,
                        title="UNO " + what)
        return render_share(sv.link, sv.embed_url, sv.snippet, sv.goal, what)

    def open_share(self) -> None:
        self.share_open = True
        if self.mode == "puzzle" and self.puzzle is not None:
            self.share_goal = self.puzzle.goal
        elif self.session is not None and self.session.position is not None:
            self.share_goal = self.session.position.goal or ""
        else:
            self.share_goal = ""
        self.render()
        el = by_id("share-link") or q("[data-testid=share-close]")
        if el is not None:
            el.focus()

    def copy(self, target_id: str) -> None:
        el = by_id(target_id)
        if el is None:
            return
        el.select()
        try:
            window.navigator.clipboard.writeText(el.value)
        except Exception:  # no clipboard API (insecure context): the text stays selected
            pass

    def post_height(self) -> None:
        """Tell the page around the embed how tall it is (it may resize the iframe)."""
        app = by_id("app")
        if app is None or window.parent == window:
            return
        height = int(app.getBoundingClientRect().height) + 8
        if height != self.posted_height:
            self.posted_height = height
            window.parent.postMessage(to_js({"type": "uno_web:height", "height": height}), "*")

    def clean_url(self) -> None:
        """Leaving a position or puzzle from the address: drop it from the address, so that a
        reload resumes the saved game (only seed / speed / delay stay)."""
        params = window.URLSearchParams.new(window.location.search)
        keep = []
        for key in ("seed", "speed", "delay"):
            value = js(params.get(key))
            if value is not None:
                keep.append(f"{key}={value}")
        query = "?" + "&".join(keep) if keep else ""
        if str(window.location.search) != query:
            window.history.replaceState(None, "", f"{window.location.pathname}{query}")
            self.request = read_page(query)

    # --- positions and puzzles --------------------------------------------------------------
    def start_position(self, position: Position, bots: str) -> None:
        """The table from a position (a link, a lesson, an embed); raises PositionError."""
        self.session = Session.from_position(position, bots=bots)
        self.replay = None
        self.mode = "table"

    def reset(self) -> None:
        """Back to the starting position (or the start of the puzzle)."""
        if self.mode == "puzzle" and self.puzzle is not None:
            self.puzzle.restart()
            self.render()
            return
        s = self.session
        if s is not None and s.position is not None:
            bots = self.request.bots if self.request.position is not None else "normal"
            self.start_position(s.position, bots)
            self.render()
            self.kick()

    def open_puzzle(self, puzzle: SolitaireSession | DuelSession) -> None:
        self.puzzle = puzzle
        self.mode = "puzzle"
        self.chooser = replace(self.chooser, error="")
        self.notice = ""

    def read_puzzle_form(self, kind: str) -> dict[str, str]:
        form = q(f'form.puzzle-form[data-kind="{kind}"]')
        return self.read_form(form) if form is not None else {}

    def puzzle_from_form(self, action: str) -> None:
        from .links import DIFFICULTIES, DUEL_RULES
        from .puzzle import DuelSession, PuzzleError, SolitaireSession

        kind = "solitaire" if action in ("new-solitaire", "solitaire-cards") else "duel"
        form = self.read_puzzle_form(kind)
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
        self.chooser = cv
        try:
            if action == "new-solitaire":
                self.open_puzzle(SolitaireSession.generate(cv.n_cards, cv.difficulty or None,
                                                           self.seed_param))
            elif action == "solitaire-cards":
                self.open_puzzle(SolitaireSession.from_text(cv.cards))
            elif action == "new-duel":
                self.open_puzzle(DuelSession.generate(cv.hand_size, cv.rule, self.seed_param,
                                                      True if cv.winnable else None))
            else:
                self.open_puzzle(DuelSession.from_text(cv.p1, cv.p2, cv.rule))
        except (PuzzleError, ValueError) as exc:
            self.chooser = replace(cv, error=str(exc))
            self.mode = "puzzles"

    def new_puzzle(self) -> None:
        """"New puzzle": another one like the current one (generated, same settings)."""
        from .puzzle import DuelSession, SolitaireSession

        cv = self.chooser
        if isinstance(self.puzzle, DuelSession):
            self.open_puzzle(DuelSession.generate(cv.hand_size, self.puzzle.rule, None,
                                                  True if cv.winnable else None))
        else:
            self.open_puzzle(SolitaireSession.generate(cv.n_cards, cv.difficulty or None, None))

    def puzzle_action(self, action: str, el: Any) -> bool:
        """A click in a puzzle; True when it was one."""
        pz = self.puzzle
        if pz is None or self.mode != "puzzle":
            return False
        from .puzzle import DuelSession, SolitaireSession

        if action == "card":
            pz.play(attr(el, "data-card"))
            if isinstance(pz, DuelSession):
                self.kick_duel()
        elif action == "puzzle-undo":
            pz.undo()
        elif action == "puzzle-check" and isinstance(pz, SolitaireSession):
            pz.check()
        elif action == "puzzle-solution" and isinstance(pz, SolitaireSession):
            pz.show_solution()
        elif action in ("puzzle-restart", "reset"):
            pz.restart()
        elif action == "puzzle-new":
            self.new_puzzle()
        else:
            return False
        self.render()
        return True

    def kick_duel(self) -> None:
        """The computer answers after the turn delay (so you see your card land first)."""
        pz = self.puzzle
        if pz is None:
            return
        from .puzzle import DuelSession

        if isinstance(pz, DuelSession) and pz.to_move == 2 and not pz.over:
            self.body.dataset.busy = "1"
            self.duel_task = asyncio.ensure_future(self._duel_reply(pz, len(pz.line)))

    async def _duel_reply(self, pz: DuelSession, at: int) -> None:
        try:
            await asyncio.sleep(self.speed.turn)
            if self.puzzle is pz and len(pz.line) == at and pz.to_move == 2:
                pz.opponent_move()
                if self.mode == "puzzle":
                    self.render()
        except Exception:
            window.console.error("the duel opponent failed:\n" + traceback.format_exc())
            self.notice = "The computer failed to move; see the browser console."
            self.render()
        finally:
            self.body.dataset.busy = "0"

    # --- starting and stopping games --------------------------------------------------------
    def new_seed(self) -> int:
        if self.seed_param is not None:
            return self.seed_param
        return random.randrange(1, 2**31)

    def start_game(self, settings: TableSettings) -> None:
        try:
            session = Session(settings, self.new_seed())
        except ValueError as exc:  # e.g. too many players for the hand size
            self.start_error = str(exc)
            self.mode = "start"
            return
        self.start_error = ""
        self.notice = ""
        self.session = session
        self.replay = None
        self.mode = "table"
        self._storage_set(SETTINGS_KEY, settings.model_dump_json())
        self.save()

    def read_form(self, form: Any = None) -> dict[str, str]:
        form = form if form is not None else q("form.start")
        out: dict[str, str] = {}
        if form is None:
            return out
        for el in form.elements:
            name = attr(el, "name")
            if not name:
                continue
            kind = attr(el, "type") or str(getattr(el, "type", "") or "")
            if kind in ("checkbox", "radio"):
                if el.checked:
                    out[name] = str(el.value)
            else:
                out[name] = str(el.value)
        return out

    # --- the bots ---------------------------------------------------------------------------
    def kick(self) -> None:
        """Make sure the bot loop runs (it stops by itself when the table waits for you)."""
        if self.ai_task is None or self.ai_task.done():
            self.body.dataset.busy = "1"  # until the loop has seen there is nothing to do
            self.ai_task = asyncio.ensure_future(self.run_bots())

    async def run_bots(self) -> None:
        try:
            await self._run_bots()
        except Exception:
            window.console.error("the bot loop failed:\n" + traceback.format_exc())
            self.notice = "A bot failed to move; see the browser console. Start a new game."
            self.body.dataset.busy = "0"
            self.render()

    async def _run_bots(self) -> None:
        while self.mode == "table" and self.session is not None:
            s = self.session
            plan = s.plan_ai()
            if plan is None:
                s.acting = -1
                s.jump_window = False
                self.body.dataset.busy = "0"
                self.render()
                return
            self.body.dataset.busy = "1"
            s.acting = plan.seat
            delay = self.speed.turn
            if plan.kind == "turn" and s.rules.jump_in and s.human_jump_moves():
                s.jump_window = True
                delay = max(delay, self.speed.jump_window)
                self.body.style.setProperty("--jump-ms", f"{int(delay * 1000)}ms")
            self.render()
            await asyncio.sleep(delay)
            if s is not self.session or plan.version != s.version:
                continue  # you moved meanwhile: plan again
            s.jump_window = False
            move = plan.move
            if move is None:
                move = await self._think(s, plan)
                if move is None:
                    continue
            entry = s.commit_ai(plan, move)
            if entry is not None:
                self.save()
                self.render()
        self.body.dataset.busy = "0"  # left the table (start screen, replay)

    async def _think(self, s: Session, plan: Any) -> Any:
        """Run the bot's ``think`` generator in slices, yielding to the page between them."""
        hard = plan.level == "hard"
        if hard:
            s.thinking = 0.0
            self.render()
        gen = s.think(plan)
        slice_end = _now() + self.speed.slice * 1000
        while True:
            try:
                progress = next(gen)
            except StopIteration as stop:
                s.thinking = None
                return stop.value
            if _now() >= slice_end:
                if hard:
                    s.thinking = max(0.0, min(1.0, float(progress)))
                    self.render()
                await asyncio.sleep(0)
                slice_end = _now() + self.speed.slice * 1000
                if s is not self.session or plan.version != s.version:
                    s.thinking = None
                    return None

    # --- events -----------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = js(event.target)
        el = js(target.closest("[data-action]")) if target is not None else None
        if el is None:
            return
        action = attr(el, "data-action")
        if action == "import":
            return  # the file input: handled on change
        self._guarded(event, lambda: self.dispatch(action, el))

    def on_change(self, event: Any) -> None:
        target = js(event.target)
        if target is None:
            return
        if attr(target, "data-action") == "import":
            files = js(target.files)
            if files is not None and files.length:
                asyncio.ensure_future(self.import_file(files.item(0), target))
            return
        if attr(target, "name") == "share-goal":
            def goal() -> None:
                self.share_goal = str(target.value)[:200]
                self.render()
            self._guarded(event, goal)
            return
        if self.mode == "start" and js(target.closest("form.start")) is not None:
            self._guarded(event, lambda: self.form_changed(attr(target, "name")))

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = js(event.target)
        tag = str(getattr(target, "tagName", "") or "") if target is not None else ""
        key = str(event.key)
        if tag in ("INPUT", "SELECT", "TEXTAREA") and not (key == "Escape" and self.share_open):
            return
        action = self.key_action(key)
        if action is None:
            return
        event.preventDefault()
        self._guarded(event, action)

    def _guarded(self, event: Any, fn: Any) -> None:
        t0 = float(event.timeStamp) if event is not None else _now()
        try:
            fn()
        except Exception as exc:
            window.console.error("uno_web table: " + traceback.format_exc())
            self.notice = f"Something went wrong: {type(exc).__name__}: {exc}"
            self.render()
            return
        self.body.dataset.lastEventMs = f"{_now() - t0:.1f}"

    def after_move(self) -> None:
        """You did something: draw it now, save it, and let the bots respond."""
        self.render()
        self.save()
        self.kick()

    def dispatch(self, action: str, el: Any) -> None:
        s = self.session
        if action == "dismiss":
            self.notice = ""
            self.body.dataset.saveDiscarded = ""
            self.render()
            return
        if action == "help":
            self.toggle_help()
            return
        if action == "share":
            self.open_share()
            return
        if action == "share-close":
            self.share_open = False
            self.render()
            return
        if action == "copy":
            self.copy(attr(el, "data-target"))
            return
        if self.embed and action in ("setup", "puzzles", "start", "solitaire", "duel"):
            return  # an embed shows one position or puzzle, nothing else
        if action == "setup":
            self.mode = "start"
            self.share_open = False
            if s is not None and s.position is None:
                self.draft = s.settings
            self.start_error = ""
            self.clean_url()
            self.render()
            return
        if action == "puzzles":
            self.mode = "puzzles"
            self.share_open = False
            self.clean_url()
            self.render()
            return
        if action in ("solitaire", "duel"):  # the start screen's quick start
            self.clean_url()
            self.puzzle_from_form("new-solitaire" if action == "solitaire" else "new-duel")
            self.render()
            self._focus_hand()
            return
        if action in ("new-solitaire", "solitaire-cards", "new-duel", "duel-cards"):
            self.puzzle_from_form(action)
            self.render()
            if self.mode == "puzzle":
                self._focus_hand()
            return
        if action == "puzzle-resume":
            if self.puzzle is not None:
                self.mode = "puzzle"
                self.render()
            return
        if self.puzzle_action(action, el):
            return
        if action == "reset":
            self.reset()
            return
        if action == "resume":
            if s is not None:
                self.mode = "table"
                self.share_open = False
                self.render()
                self.kick()
            return
        if action == "start":
            self.draft = settings_from_form(self.read_form(), self.draft)
            self.clean_url()
            self.start_game(self.draft)
            self.render()
            if self.mode == "table":
                self._focus_hand()
                self.kick()
            return
        if action == "play-again":
            if s is not None:
                self.start_game(s.settings)
                self.after_move()
            return
        if action == "export":
            self.export()
            return
        if action.startswith("replay-"):
            self.replay_action(action)
            return
        if s is None or self.mode != "table":
            return
        if action == "card":
            s.click_card(attr(el, "data-card"))
        elif action == "color":
            s.choose_color(attr(el, "data-color"))
        elif action == "target":
            s.choose_target(int(attr(el, "data-seat")))
        elif action == "cancel":
            s.cancel_choice()
        elif action == "draw":
            s.draw()
        elif action == "keep":
            s.keep()
        elif action == "uno":
            s.call_uno()
        elif action == "catch":
            s.catch(int(attr(el, "data-seat")))
        elif action == "challenge":
            s.challenge()
        elif action == "accept":
            s.accept()
        elif action == "next-round":
            s.next_round()
        else:
            return
        self.after_move()
        if s.choice is not None:  # a picker opened: put the keyboard on it
            first = q(
                "[data-testid=color-picker] [data-color], [data-testid=target-picker] [data-seat]")
            if first is not None:
                first.focus()

    def key_action(self, key: str) -> Any:
        k = key.lower()
        if self.mode == "replay":
            return {"arrowleft": lambda: self.replay_action("replay-prev"),
                    "arrowright": lambda: self.replay_action("replay-next"),
                    "home": lambda: self.replay_action("replay-first"),
                    "end": lambda: self.replay_action("replay-last")}.get(k)
        if k == "?":
            return self.toggle_help
        if k == "escape" and self.share_open:
            return lambda: self.dispatch("share-close", None)
        if self.mode == "puzzle" and self.puzzle is not None:
            if k == "z":
                return lambda: self.puzzle_action("puzzle-undo", None)
            if k in ("arrowleft", "arrowright"):
                return lambda: self.move_focus(-1 if k == "arrowleft" else 1)
            return None
        s = self.session
        if self.mode != "table" or s is None:
            return None

        def act(fn: Any) -> Any:
            return lambda: (fn(), self.after_move())

        pick_color = s.choice is not None and bool(s.choice.colors) or (
            s.state.phase == Phase.CHOOSE_COLOR and s.state.turn == HUMAN)
        if pick_color and k in _COLOR_KEYS and _COLOR_KEYS[k] in view_colors(s):
            return act(lambda: s.choose_color(_COLOR_KEYS[k]))
        if s.choice is not None and s.choice.targets and k.isdigit():
            idx = int(k) - 1
            if 0 <= idx < len(s.choice.targets):
                return act(lambda: s.choose_target(s.choice.targets[idx]))  # type: ignore[union-attr]
        if k == "escape" and s.choice is not None:
            return act(s.cancel_choice)
        if k in ("arrowleft", "arrowright"):
            return lambda: self.move_focus(-1 if k == "arrowleft" else 1)
        simple = {"d": s.draw, "k": s.keep, "u": s.call_uno, "a": s.accept, "c": s.challenge}
        if k in simple:
            return act(simple[k])
        if k == "n" and s.state.phase == Phase.ROUND_OVER:
            return act(s.next_round)
        return None

    def move_focus(self, step: int) -> None:
        cards = document.querySelectorAll("[data-testid=hand] [data-card]")
        n = int(cards.length)
        if not n:
            return
        active = js(document.activeElement)
        idx = -1
        for i in range(n):
            if cards.item(i) == active:
                idx = i
        cards.item((idx + step) % n if idx >= 0 else 0).focus()

    def _focus_hand(self) -> None:
        first = q("[data-testid=hand] [data-playable=true]") or q("[data-testid=hand] [data-card]")
        if first is not None:
            first.focus(to_js({"preventScroll": True}))

    def toggle_help(self) -> None:
        box = by_id("help")
        if box is None:
            return
        box.hidden = not box.hidden
        btn = q("[data-testid=help]")
        if btn is not None:
            btn.setAttribute("aria-expanded", "false" if box.hidden else "true")

    def form_changed(self, name: str) -> None:
        old = self.draft
        self.draft = settings_from_form(self.read_form(), old)
        self.start_error = ""
        if name in ("players", "preset") or name.startswith("rule.") or name.startswith("level"):
            self.render()

    # --- export and replay ------------------------------------------------------------------
    def export(self) -> None:
        s = self.session
        if s is None:
            return
        text = s.log_json()
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        if self.export_url is not None:
            window.URL.revokeObjectURL(self.export_url)
        self.export_url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = self.export_url
        a.download = f"uno-game-{s.seed}.json"
        a.hidden = True
        self.body.appendChild(a)
        a.click()
        a.remove()

    async def import_file(self, file: Any, input_el: Any) -> None:
        try:
            text = str(await file.text())
            from ..core.gamelog import LogError

            try:
                self.replay = LogReplay.from_json(text)
            except LogError as exc:
                self.notice = f"{file.name} is not a game log this table can replay: {exc}"
                self.render()
                return
            self.notice = ""
            self.mode = "replay"
            self.render()
        finally:
            input_el.value = ""

    def replay_action(self, action: str) -> None:
        rp = self.replay
        if action == "replay-exit":
            self.replay = None
            self.mode = "table" if self.session is not None else "start"
            self.render()
            self.kick()
            return
        if rp is None:
            return
        if action == "replay-next":
            rp.step(+1)
        elif action == "replay-prev":
            rp.step(-1)
        elif action == "replay-first":
            rp.go(0)
        elif action == "replay-last":
            rp.go(len(rp.steps) - 1)
        self.render()

    # --- boot -------------------------------------------------------------------------------
    def attach(self) -> None:
        app = by_id("app")
        when("click", app)(self.on_click)
        when("change", app)(self.on_change)
        when("keydown", document)(self.on_key)

    def boot(self) -> None:
        """Show what the address asks for (docs/embedding.md), else the saved game / start."""
        req = self.request
        if self.embed:
            self.body.dataset.embed = "1"
        else:
            self.load_saved()
        try:
            self.open_request(req)
        except ValueError as exc:  # PositionError, PuzzleError, ... are ValueErrors
            self.report_bad_link(str(exc))
        if req.error:
            self.report_bad_link(req.error)
        self.attach()
        document.getElementById("app").hidden = False
        document.getElementById("loading").hidden = True
        placeholder = by_id("embed-ph")
        if placeholder is not None:
            placeholder.hidden = True
        self.render()
        if self.mode == "table":
            self.kick()
        elif self.mode == "puzzle":
            self.kick_duel()
        if not self.embed and (self.mode == "puzzle" or self.request.kind == "position"):
            self._focus_hand()  # never in an embed: it would take the focus from the page around

    def open_request(self, req: PageRequest) -> None:
        if req.kind == "position" and req.position is not None:
            self.start_position(req.position, req.bots)
            return
        if req.kind not in ("solitaire", "duel"):
            if req.kind == "puzzles" and not self.embed:
                self.mode = "puzzles"
            return
        from .puzzle import DuelSession, SolitaireSession

        if req.kind == "solitaire":
            if req.cards:
                self.open_puzzle(SolitaireSession.from_text(req.cards, req.goal))
            else:
                self.open_puzzle(SolitaireSession.generate(req.n_cards, req.difficulty,
                                                           self.seed_param))
            self.chooser = replace(self.chooser, n_cards=req.n_cards,
                                   difficulty=req.difficulty or "")
        else:
            if req.p1 or req.p2:
                self.open_puzzle(DuelSession.from_text(req.p1, req.p2, req.rule, req.goal))
            else:
                self.open_puzzle(DuelSession.generate(req.hand_size, req.rule, self.seed_param))
            self.chooser = replace(self.chooser, hand_size=req.hand_size, rule=req.rule)

    def report_bad_link(self, message: str) -> None:
        text = message[:1].upper() + message[1:]
        if self.embed:
            self.embed_error = text
            return
        self.notice = text
        if self.request.kind in ("solitaire", "duel"):
            self.mode = "puzzles"


def view_colors(s: Session) -> tuple[str, ...]:
    from ..core.cards import color_code

    return tuple(color_code(c) for c in s.state.r.colors)


def _int_or_none(value: Any) -> int | None:
    try:
        return int(str(value)) if value is not None and str(value).strip() else None
    except ValueError:
        return None


def warm_up(names: tuple[str, ...] = WARM_UP_MODULES, t0: float | None = None) -> None:
    """Import the modules the first screen did not need, one per event-loop turn (a click
    in between is handled at once), so that the first game or puzzle starts without a pause.
    Sets ``data-warm="1"`` and ``data-warm-ms`` (the time spent importing) on <body> when done."""
    body = document.body
    if t0 is None:
        t0 = 0.0
    if not names:
        body.dataset.warmMs = f"{t0:.0f}"
        body.dataset.warm = "1"
        return
    t = _now()
    importlib.import_module(names[0])
    spent = t0 + _now() - t
    asyncio.get_event_loop().call_later(0, warm_up, names[1:], spent)


def start() -> Controller:
    """Build the controller, restore a saved game, draw the page. Called by boot.main();
    warm_up() follows shortly after (once the first screen is painted)."""
    c = Controller()
    c.boot()
    asyncio.get_event_loop().call_later(0.05, warm_up)
    return c

