"""The page controller: the only module of uno_web that imports ``pyscript`` / ``js``.

It is thin: the logic of every screen lives in :class:`~uno_web.web.app.App` (plain Python,
unit-tested).  This module only

- turns a DOM event into an :class:`~uno_web.web.app.Intent` (one delegated ``click``, one
  ``change`` and one ``keydown`` handler, ``pyscript.when``) and carries out the
  :class:`~uno_web.web.app.Effects` the app returns: storage, the address, focus, downloads,
  the clipboard;
- writes the regions of :meth:`App.regions` into the page with morphdom (an element that stays
  is kept, so a click or the focus is never lost to a redraw), falling back to ``innerHTML``;
- runs the bots on timers (:meth:`App.bot_step`), Hard's thinking in time slices, and plays the
  motions of :mod:`uno_web.web.motion` (a card's flight, bursts) and their sounds (Web Audio,
  off by default). ``prefers-reduced-motion`` turns flights into fades.

Saved in ``localStorage`` under keys scoped to the page's path (:func:`~uno_web.web.app.storage_keys`).
URL parameters are listed in docs/embedding.md.
"""

from __future__ import annotations

import asyncio
import importlib
import time
import traceback
from typing import Any, Callable

from pyscript import document, window, when  # type: ignore[import-not-found]
from pyscript.ffi import is_none, to_js  # type: ignore[import-not-found]

from ..i18n.verdicts import pick_lang
from .app import App, Effects, Intent, read_intent, storage_keys
from .motion import MAX_FLIGHTS, Motion, motions
from .render import REGIONS, card_back, render_card
from .stats import note_game, stats_key
from .view import card_view

# Imported where they are used, not here: the puzzles (uno_web.web.puzzle, puzzle_render and
# uno_web.puzzles), positions and share links (uno_web.core.position) and game logs
# (uno_web.core.gamelog).  The first screen needs none of them; they are imported on first
# use, or by warm_up() once the page is ready (docs/deployment.md "Boot time").
WARM_UP_MODULES = (
    "uno_web.core.gamelog", "uno_web.ai", "uno_web.core.position", "uno_web.puzzles.lessons",
    "uno_web.web.puzzle", "uno_web.web.puzzle_render", "urllib.parse",
)

__all__ = ["Controller", "start"]

#: regions a person clicks, types or tabs in: morphed in place (the element under the pointer
#: and the focused one survive).  The others (validator, log, scores, the live text, the
#: callout) are read-only lists that grow at the top: writing them whole is cheaper.
MORPHED = frozenset({"topbar", "notice", "share", "start", "opponents", "draw", "prompt", "hand",
                     "overlay", "replay"})


def _now() -> float:
    return float(window.performance.now())


def js(value: Any) -> Any:
    """A JS value with ``null`` / ``undefined`` as None (Pyodide 314 gives ``jsnull``)."""
    return None if is_none(value) else value


def attr(el: Any, name: str) -> str:
    """An element's attribute as text ("" when absent or when ``el`` is not an element)."""
    get = getattr(el, "getAttribute", None)
    if el is None or get is None:
        return ""
    value = js(get(name))
    return "" if value is None else str(value)


class Controller:
    """The table in one document: the page's own, or (``doc``/``win``) the document of an embed
    that shares this Python (static/page.js, "one Python for every embed of a page")."""

    def __init__(self, doc: Any = None, win: Any = None) -> None:
        self.doc = document if doc is None else doc
        self.win = window if win is None else win
        loc = self.win.location
        from .links import full_page

        # an embed in embed.html links to the full page, index.html, like one in index.html
        self.app = App(str(loc.search), full_page(f"{loc.origin}{loc.pathname}"))
        nav = js(getattr(self.win, "navigator", None))
        self.app.browser_lang = pick_lang(str(getattr(nav, "language", "") or ""))
        self.shown_lang = "en"  # the language index.html's fixed text is in (data-i18n)
        self.keys = storage_keys(str(loc.pathname))
        deal_seed = js(getattr(self.win, "unoWebDealSeed", None))  # tests (docs/security.md)
        if isinstance(deal_seed, (int, float)) and not isinstance(deal_seed, bool):
            self.app.deal_seed = int(deal_seed)
        self.vault = js(getattr(self.win, "unoWebVault", None))  # static/vault.js
        self.save_seq = 0  # saves are sealed asynchronously: only the newest is stored
        if not self.app.embed:
            self.app.use_storage(saved=self._get(self.keys.table),
                                 settings=self._get(self.keys.settings),
                                 prefs=self._get(self.keys.prefs),
                                 can_unseal=self.vault is not None and bool(self.vault.available))
            self._forget_dropped()
            self.app.stats.text = self._get(stats_key(str(loc.pathname)))
        self.stats_key = stats_key(str(loc.pathname))
        self.coach_task: Any = None
        self.regions = {name: self.doc.getElementById(f"r-{name}") for name in REGIONS}
        self.rendered: dict[str, str] = {}
        self.body = self.doc.body
        self.ai_task: Any = None
        self.duel_task: Any = None
        self.job_task: Any = None
        self.export_url: Any = None
        self.posted_height = -1
        self.shown_version = 0  # the session version whose motions have been played
        self.shown_session: Any = None
        self.played_from: Any = None  # where your clicked card was (its flight starts there)
        self.audio: Any = None
        self.prerendered: dict[str, str] = {}  # region -> hash of the build's markup (boot)
        self.pending_click = ""  # a button pressed before Python was ready (take_over_start)
        self.morph = js(getattr(self.win, "morphdom", None))
        self.rendering = False  # render() is writing the page (events meanwhile wait)
        self.morph_options = to_js({"childrenOnly": True, "onBeforeElUpdated": _keep_typing})

    def q(self, selector: str) -> Any:
        return js(self.doc.querySelector(selector))

    def now(self) -> float:
        """This document's clock (an event's timeStamp is on it, not on the host's)."""
        return float(self.win.performance.now())

    # --- storage ------------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            value = js(self.win.localStorage.getItem(key))
        except Exception:  # storage disabled
            return None
        return None if value is None else str(value)

    def _set(self, key: str, value: str) -> None:
        if self.app.embed:  # an embed never reads or writes the site's storage
            return
        try:
            self.win.localStorage.setItem(key, value)
        except Exception as exc:  # quota, private mode: the game goes on unsaved
            self.app.notice = f"The game could not be saved in this browser ({exc})."

    def _remove(self, key: str) -> None:
        try:
            self.win.localStorage.removeItem(key)
        except Exception:
            pass

    def _forget_dropped(self) -> None:
        """What uno_web.web.stored refused is never read again: the save and bad settings are
        removed, the preferences rewritten without the fields that were dropped."""
        for dropped in self.app.dropped:
            if dropped.what == "game":
                self._remove(self.keys.table)
            elif dropped.what == "settings":
                self._remove(self.keys.settings)
            else:
                self._set(self.keys.prefs, self.app.prefs.to_json())

    async def open_save(self) -> None:
        """Unseal the saved game (static/vault.js) before the first screen is drawn; a save
        the vault refuses (key gone, altered, rolled back) is discarded with a notice."""
        sealed = self.app.sealed_save
        if not sealed:
            return
        try:
            text = str(await self.vault.open(sealed, self.keys.table))
        except Exception as exc:
            self.app.refuse_saved(str(getattr(exc, "message", "") or exc)[-200:])
            self._remove(self.keys.table)
            return
        self.app.use_saved(text)

    def save(self) -> None:
        s = self.app.table.session
        # a game from a position (a link, an embed) is not saved: it has no log to replay
        if s is None or s.position is not None or self.app.embed:
            return
        t0 = self.now()
        text = s.to_save()
        self.body.dataset.saveMs = f"{self.now() - t0:.1f}"
        if self.vault is None or not bool(self.vault.available):
            if not self.app.table.unsaved_noted:
                self.app.table.unsaved_noted = True
                self.app.notice = ("This game is not saved: this browser offers no protected "
                                   "storage on this page (it needs HTTPS), and a plain save "
                                   "would show the bots' hands to anyone who looks.")
                self.render()
            return
        self.save_seq += 1
        self.body.dataset.saving = str(self.save_seq)  # stored when dataset.saved equals it
        asyncio.ensure_future(self._store_sealed(text, self.save_seq))

    async def _store_sealed(self, text: str, seq: int) -> None:
        try:
            sealed = str(await self.vault.seal(text, self.keys.table))
            if seq != self.save_seq:  # a later save supersedes this one
                return
            self._set(self.keys.table, sealed)
            await self.vault.commit(sealed)  # no earlier save opens from now on
        except Exception as exc:
            self.app.notice = f"The game could not be saved in this browser ({str(exc)[:200]})."
            self.render()
            return
        self.body.dataset.saved = str(seq)

    # --- effects ------------------------------------------------------------------------------
    def carry_out(self, fx: Effects) -> None:
        app = self.app
        if fx.remove_save:
            self._remove(self.keys.table)
        if fx.url is not None:
            self.win.history.replaceState(None, "", f"{self.win.location.pathname}{fx.url}")
        if fx.save:
            self.save()
        if fx.store_settings:
            self._set(self.keys.settings, app.start.draft.to_json())
        if fx.store_prefs:
            self._set(self.keys.prefs, app.prefs.to_json())
            if app.prefs.sound and self.audio is None:
                self._sound("uno")  # the switch is a user gesture: audio may start now
        if fx.close_help:
            box = self.doc.getElementById("help")
            if box is not None and not box.hidden:
                self.toggle_help()
        if fx.toggle_help:
            self.toggle_help()
        if fx.render:
            self.render()
        if fx.focus:
            self.focus(fx.focus)
        if fx.download is not None:
            self.download(*fx.download)
        if fx.copy:
            self.copy(fx.copy)
        if fx.kick:
            self.kick()
        if fx.kick_duel:
            self.kick_duel()
        if fx.kick_job:
            self.kick_job()
        if fx.kick_replay:
            asyncio.ensure_future(self._read_replay(self.app.replay.load))
        if fx.store_stats:
            if app.stats.text is None:
                self._remove(self.stats_key)
            else:
                self._set(self.stats_key, app.stats.text)
        if fx.coach:
            self.kick_coach()

    def focus(self, where: str) -> None:
        el = None
        if where == "hand":
            el = self.q("[data-testid=hand] [data-playable=true]") or self.q("[data-testid=hand] [data-card]")
        elif where == "picker":
            el = self.q("[data-testid=color-picker] [data-color], [data-testid=target-picker] [data-seat]")
        elif where.startswith("card:"):
            el = self.q(f'[data-testid=hand] [data-card="{where[5:]}"]') or self.q("[data-testid=hand] [data-card]")
        elif where == "share":
            el = self.doc.getElementById("share-link") or self.q("[data-testid=share-close]")
        elif where == "share-opener":
            el = self.q("[data-testid=share]")
        elif where == "field-error":
            el = self.q("[aria-invalid=true]")
        else:
            el = self.q(f'[data-focus="{where}"]')
        if el is not None:
            el.focus(to_js({"preventScroll": True}))

    # --- rendering ----------------------------------------------------------------------------
    def render(self) -> None:
        # Writing a region can remove the field that has the focus; the browser then fires its
        # blur and change events at once, inside this write. Such an event is handled after the
        # write (guarded), never by a second write into a tree the first is still changing.
        if self.rendering:
            return
        self.rendering = True
        try:
            self._render()
        finally:
            self.rendering = False

    def _render(self) -> None:
        regions = self.app.regions()
        active = js(self.doc.activeElement)
        focus_key = attr(active, "data-focus") if active is not None and active != self.body else ""
        for name, html in regions.items():
            if self.rendered.get(name) != html:
                if self.prerendered and self._already_there(name, html):
                    self.rendered[name] = html
                    continue
                if name in MORPHED:
                    self._write(self.regions[name], html)
                else:
                    self.regions[name].innerHTML = html
                self.rendered[name] = html
        if self.app.lang != self.shown_lang:
            self.translate_fixed(self.app.lang)
        data = self.body.dataset
        for key, value in self.app.body_data().items():
            setattr(data, key, value)
        now = js(self.doc.activeElement)
        if focus_key and (now is None or now == self.body):
            # the focused element went away: its successor, else your hand, never the draw pile
            self.focus(focus_key if self.q(f'[data-focus="{focus_key}"]') is not None else "hand")
        self.play_motions()
        if self.app.embed:
            self.post_height()
        self.note_stats()

    def note_stats(self) -> None:
        """Count a finished game in your statistics (once: uno_web.web.stats.note_game)."""
        if self.app.embed:
            return
        text = note_game(self.app.stats.text, self.app.table.session)
        if text is not None:
            self.app.stats.text = text
            self._set(self.stats_key, text)

    def kick_coach(self) -> None:
        """Run the coach's work (a hint, a review) in slices, the page responsive between."""
        if self.coach_task is None or self.coach_task.done():
            self.coach_task = asyncio.ensure_future(self._guarded_loop(self._run_coach(), "The coach"))

    async def _run_coach(self) -> None:
        coach = self.app.table.coach
        self.body.dataset.coach = coach.work_kind
        self.render()
        while not coach.run_slice(COACH_SLICE_S):
            if coach.work_kind == "review":
                self.render()  # the review's progress bar
            await asyncio.sleep(YIELD_S)
        self.body.dataset.hintMs = f"{coach.hint_ms:.1f}"
        self.body.dataset.coach = ""
        self.render()

    def translate_fixed(self, lang: str) -> None:
        """index.html's own text (help, boot, headings: ``data-i18n`` elements keep their
        English in the attribute) in ``lang``; ``<html lang>`` follows."""
        from ..i18n.ui import tr

        self.doc.documentElement.lang = lang
        nodes = self.doc.querySelectorAll("[data-i18n]")
        for i in range(int(nodes.length)):
            el = nodes.item(i)
            english = attr(el, "data-i18n")
            if english:
                el.textContent = tr(english, lang)
        self.shown_lang = lang

    def _write(self, el: Any, html: str) -> None:
        if self.morph is not None:
            wrapper = self.doc.createElement(el.tagName)
            wrapper.innerHTML = html
            self.morph(el, wrapper, self.morph_options)
        else:
            el.innerHTML = html

    # --- motion and sound ---------------------------------------------------------------------
    def play_motions(self) -> None:
        """Play what the moves since the last call did: flights, bursts, the callout's pop."""
        s = self.app.table.session
        if self.app.mode != "table" or s is None:
            return
        if s is not self.shown_session or s.version < self.shown_version:
            self.shown_session = s
            self.shown_version = s.version
            return
        if s.version == self.shown_version:
            return
        todo = motions(s.recorder.history, self.shown_version)
        self.shown_version = s.version
        sp = self.app.speed
        callout = self.q("[data-testid=callout]")
        if callout is not None and sp.travel > 0 and not self._reduced():
            callout.animate(to_js([{"transform": "scale(.92)", "opacity": 0.4},
                                   {"transform": "scale(1)", "opacity": 1}]),
                            to_js({"duration": 180, "easing": "ease-out"}))
        delay = 0.0
        for m in todo:
            if m.kind == "burst":
                self._burst(m)
            elif sp.travel > 0:
                delay = self._fly(m, delay, sp.travel)
            if m.sound:
                self._sound(m.sound)
        self.played_from = None

    def _reduced(self) -> bool:
        try:
            return bool(self.win.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:
            return False

    def _seat_rect(self, seat: int) -> Any:
        el = self.q(f'[data-testid=opponent][data-seat="{seat}"]')
        if el is None:  # not in the arc: the seat whose hand is on screen
            el = self.q("[data-testid=hand]")
        return el.getBoundingClientRect() if el is not None else None

    def _fly(self, m: Motion, delay: float, travel: float) -> float:
        """One card (or a few, for a draw) from a seat to the pile or back; returns when the
        next flight may start (flights follow each other a little apart)."""
        layer = self.doc.getElementById("fx")
        pile = self.q("[data-testid=discard]" if m.kind == "play" else "[data-testid=draw-pile]")
        seat = self._seat_rect(m.seat)
        if layer is None or pile is None or seat is None:
            return delay
        p = pile.getBoundingClientRect()
        if m.kind == "play" and m.seat == 0 and self.played_from is not None:
            seat = self.played_from
        reduced = self._reduced()
        flights = 1 if m.kind == "play" else min(m.count, MAX_FLIGHTS)
        ms = travel * 1000
        for k in range(flights):
            el = self.doc.createElement("div")
            el.className = "flying"
            el.dataset.testid = "flying-card"
            el.dataset.motion = "fade" if reduced else "travel"
            el.dataset.kind = m.kind
            el.dataset.seat = str(m.seat)
            if m.kind == "play":
                from ..core.cards import parse_card

                el.innerHTML = render_card(card_view(parse_card(m.card), label_state=False))
            else:
                el.innerHTML = card_back("", "uno")
            # the card's box is the pile's; it starts over the seat
            el.style.left = f"{p.left}px"
            el.style.top = f"{p.top}px"
            el.style.width = f"{p.width}px"
            el.style.height = f"{p.height}px"
            layer.appendChild(el)
            sx = seat.left + seat.width / 2 - (p.left + p.width / 2)
            sy = seat.top + seat.height / 2 - (p.top + p.height / 2)
            near = "translate(0px, 0px) scale(1)"
            far = f"translate({sx:.0f}px, {sy:.0f}px) scale(.55)"
            if reduced:
                frames = [{"opacity": 0}, {"opacity": 1}, {"opacity": 0}]
            elif m.kind == "play":
                frames = [{"transform": far, "opacity": 0.9}, {"transform": near, "opacity": 1}]
            else:
                frames = [{"transform": near, "opacity": 1}, {"transform": far, "opacity": 0.6}]
            anim = el.animate(to_js(frames), to_js({
                "duration": ms, "delay": delay * 1000, "easing": "cubic-bezier(.2,.7,.3,1)",
                "fill": "both"}))
            landed = None
            if m.kind == "play" and not reduced:  # the pile's new top card waits for its flight
                landed = self.q("[data-testid=discard] [data-card]")
                if landed is not None:
                    landed.style.visibility = "hidden"
            anim.onfinish = _remover(el, landed)
            delay += travel * (0.35 if m.kind == "draw" else 0.5)
        return delay

    def _burst(self, m: Motion) -> None:
        layer = self.doc.getElementById("fx")
        rect = self._seat_rect(m.seat) if m.seat >= 0 else None
        target = self.q("[data-testid=discard]") if rect is None else None
        if layer is None:
            return
        if rect is None and target is not None:
            rect = target.getBoundingClientRect()
        if rect is None:
            return
        el = self.doc.createElement("div")
        el.className = f"burst burst-{m.text.strip('!').lower()}"
        el.dataset.testid = "burst"
        el.textContent = m.text
        el.style.left = f"{rect.left + rect.width / 2}px"
        el.style.top = f"{rect.top + min(rect.height / 2, 40)}px"
        layer.appendChild(el)
        frames = ([{"opacity": 0}, {"opacity": 1, "offset": 0.2}, {"opacity": 0}]
                  if self._reduced() else
                  [{"transform": "translate(-50%, -50%) scale(.4)", "opacity": 0},
                   {"transform": "translate(-50%, -50%) scale(1.15)", "opacity": 1, "offset": 0.25},
                   {"transform": "translate(-50%, -90%) scale(1)", "opacity": 0}])
        anim = el.animate(to_js(frames), to_js({"duration": 1100, "easing": "ease-out",
                                                "fill": "both"}))
        anim.onfinish = _remover(el)

    def _sound(self, name: str) -> None:
        """A short sound made in the page (Web Audio oscillators; no file is fetched)."""
        if not self.app.prefs.sound:
            return
        try:
            if self.audio is None:
                ctor = js(getattr(self.win, "AudioContext", None))
                if ctor is None:
                    return
                self.audio = ctor.new()
            ctx = self.audio
            notes = {"play": [(520, 0.05)], "draw": [(300, 0.06)], "skip": [(380, 0.05), (300, 0.07)],
                     "uno": [(660, 0.08), (880, 0.12)], "catch": [(220, 0.12), (180, 0.14)]}
            t = float(ctx.currentTime)
            for freq, length in notes.get(name, []):
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = "triangle"
                osc.frequency.value = freq
                gain.gain.setValueAtTime(0.0001, t)
                gain.gain.exponentialRampToValueAtTime(0.15, t + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, t + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t)
                osc.stop(t + length + 0.02)
                t += length
            self.body.dataset.lastSound = name
        except Exception:  # no audio device: the game is silent, nothing else changes
            pass

    # --- embeds, downloads, clipboard ---------------------------------------------------------
    def post_height(self) -> None:
        """Tell the page around the embed how tall it is (it may resize the iframe)."""
        app = self.doc.getElementById("app")
        if app is None or self.win.parent == window:
            return
        height = int(app.getBoundingClientRect().height) + 8
        if height != self.posted_height:
            self.posted_height = height
            self.win.parent.postMessage(to_js({"type": "uno_web:height", "height": height}), "*")

    def download(self, name: str, text: str) -> None:
        blob = self.win.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        if self.export_url is not None:
            self.win.URL.revokeObjectURL(self.export_url)
        self.export_url = self.win.URL.createObjectURL(blob)
        a = self.doc.createElement("a")
        a.href = self.export_url
        a.download = name
        a.hidden = True
        self.body.appendChild(a)
        a.click()
        a.remove()

    def copy(self, target_id: str) -> None:
        el = self.doc.getElementById(target_id)
        if js(el) is None:
            return
        el.select()
        try:
            self.win.navigator.clipboard.writeText(el.value)
        except Exception:  # no clipboard API (insecure context): the text stays selected
            pass

    def toggle_help(self) -> None:
        box = self.doc.getElementById("help")
        if js(box) is None:
            return
        box.hidden = not box.hidden
        btn = self.q("[data-testid=help]")
        if btn is not None:
            btn.setAttribute("aria-expanded", "false" if box.hidden else "true")

    # --- the bots -----------------------------------------------------------------------------
    def kick(self) -> None:
        """Make sure the bot loop runs (it stops by itself when the table waits for you)."""
        if self.ai_task is None or self.ai_task.done():
            self.body.dataset.busy = "1"  # until the loop has seen there is nothing to do
            self.ai_task = asyncio.ensure_future(self._guarded_loop(self._run_bots(), "A bot"))

    def kick_duel(self) -> None:
        pz = self.app.puzzles.puzzle
        if pz is None or getattr(pz, "to_move", 0) != 2 or getattr(pz, "over", True):
            return
        self.body.dataset.busy = "1"
        self.duel_task = asyncio.ensure_future(
            self._guarded_loop(self._duel_reply(pz, len(pz.line)), "The computer"))

    def kick_job(self) -> None:
        """Run the puzzle job (a deal, a solver's search) in slices, the page responsive in
        between (uno_web.web.puzzle.run_job); Cancel is an ordinary click meanwhile."""
        job = self.app.puzzles.job
        if job is None or job.finished:
            return
        self.body.dataset.busy = "1"
        self.job_task = asyncio.ensure_future(self._run_job(job))

    async def _run_job(self, job: Any) -> None:
        from .puzzle import run_job

        try:
            await run_job(job, self.render)
            self.carry_out(self.app.finish_job(job))
        except Exception:
            self.win.console.error("The puzzle search failed:\n" + traceback.format_exc())
            self.app.cancel_job("The puzzle search failed; see the browser console.")
            self.render()
        finally:
            if self.app.puzzles.job is None:
                self.body.dataset.busy = "0"

    async def _guarded_loop(self, coro: Any, who: str) -> None:
        try:
            await coro
        except Exception:
            self.win.console.error(f"{who} failed:\n" + traceback.format_exc())
            self.app.notice = f"{who} failed to move; see the browser console. Start a new game."
            self.render()
        finally:
            self.body.dataset.busy = "0"

    async def _duel_reply(self, pz: Any, at: int) -> None:
        await asyncio.sleep(self.app.speed.turn)
        if self.app.duel_reply(pz, at):
            self.render()

    @staticmethod
    async def _pause(seconds: float, stale: Callable[[], bool], step: float = 0.05) -> None:
        """Wait ``seconds``, cut short once ``stale()`` (a person moved, say a jump-in during a
        bot's pause): the bot plans again at once instead of waiting out the old pause."""
        end = time.monotonic() + seconds
        while not stale():
            left = end - time.monotonic()
            if left <= 0:
                return
            await asyncio.sleep(min(step, left))

    async def _run_bots(self) -> None:
        app = self.app
        landed = 0.0  # the last bot card's flight, already waited for: part of the next pause
        while True:
            s = app.table.session
            step = app.bot_step()
            if s is None or step is None:
                self.render()
                return
            plan, delay = step
            self.body.dataset.busy = "1"
            if s.jump_window:
                self.body.style.setProperty("--jump-ms", f"{int(delay * 1000)}ms")
                landed = 0.0  # the jump-in window is yours in full
            self.render()
            # the pause before a bot's move counts from the moment the last card left the seat
            # (it has landed by then): the table keeps its pace, every card still seen landing
            await self._pause(max(0.0, delay - landed), lambda: s is not app.table.session
                              or plan.version != s.version)
            landed = 0.0
            if s is not app.table.session or plan.version != s.version:
                continue  # you moved meanwhile: plan again
            s.jump_window = False
            move = plan.move
            if move is None:
                move = await self._think(s, plan)
                if move is None:
                    continue
            if s.commit_ai(plan, move) is not None:
                self.save()
                self.render()
                travel = app.speed.travel
                if travel > 0:  # let the card land before the next bot moves
                    await asyncio.sleep(travel)
                    landed = travel

    async def _think(self, s: Any, plan: Any) -> Any:
        """Run the bot's ``think`` generator in slices, yielding to the page between them."""
        hard = plan.level == "hard"
        if hard:
            s.thinking = 0.0
            self.render()
        gen = s.think(plan)
        slice_ms = self.app.speed.slice * 1000
        slice_end = self.now() + slice_ms
        while True:
            try:
                progress = next(gen)
            except StopIteration as stop:
                s.thinking = None
                return stop.value
            if self.now() >= slice_end:
                if hard:
                    s.thinking = max(0.0, min(1.0, float(progress)))
                    self.render()
                await asyncio.sleep(YIELD_S)  # a task of its own: a click gets in between
                slice_end = self.now() + slice_ms
                if s is not self.app.table.session or plan.version != s.version:
                    s.thinking = None
                    return None

    # --- events -------------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = js(event.target)
        el = js(target.closest("[data-action]")) if target is not None else None
        if el is None:
            return
        action = attr(el, "data-action")
        if action in ("import", "speed", "lang"):
            return  # a file input / a select: handled on change
        form = js(el.closest("form"))
        intent = read_intent(action, card=attr(el, "data-card"), color=attr(el, "data-color"),
                             seat=attr(el, "data-seat"), target=attr(el, "data-target"),
                             form=read_form(form) if form is not None else {})
        if action == "card" and self.app.mode == "table":
            self.played_from = el.getBoundingClientRect()
        self.guarded(event, intent)

    def on_change(self, event: Any) -> None:
        target = js(event.target)
        if target is None:
            return
        action = attr(target, "data-action")
        if action == "import":
            files = js(target.files)
            if files is not None and files.length:
                asyncio.ensure_future(self.import_file(files.item(0), target))
            return
        if action in ("speed", "lang"):
            self.guarded(event, Intent(action, value=str(target.value)))
            return
        if attr(target, "name") == "share-goal":
            self.guarded(event, Intent("share-goal", value=str(target.value)))
            return
        form = js(target.closest("form[data-change]"))  # a screen's form names its intent
        if form is not None:
            self.guarded(event, Intent(attr(form, "data-change"), form=read_form(form)))
            return
        form = js(target.closest("form.start"))
        if self.app.mode == "start" and form is not None:
            self.guarded(event, Intent("form", form=read_form(form)))
        form = js(target.closest("form.editor"))
        if self.app.mode == "editor" and form is not None:
            if attr(target, "name") == "open-link":
                self.guarded(event, Intent("ed-open", value=str(target.value)))
            else:
                self.guarded(event, Intent("ed-form", form=read_form(form)))

    def on_drag(self, event: Any) -> None:
        target = js(event.target)
        card = attr(target, "data-card") if target is not None else ""
        if card and event.dataTransfer is not None:
            event.dataTransfer.setData("text/plain", card)

    def on_drop(self, event: Any) -> None:
        target = js(event.target)
        zone_el = js(target.closest("[data-zone]")) if target is not None else None
        if zone_el is None or event.dataTransfer is None:
            return
        event.preventDefault()
        card = str(event.dataTransfer.getData("text/plain") or "")
        self.guarded(event, read_intent("ed-add", card=card, target=attr(zone_el, "data-zone")))

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = js(event.target)
        tag = str(getattr(target, "tagName", "") or "") if target is not None else ""
        key = str(event.key)
        if tag in ("INPUT", "SELECT", "TEXTAREA") and not (key == "Escape" and self.app.share.open):
            return
        intent = self.app.key_intent(key)
        if intent is None:
            return
        event.preventDefault()
        if intent.action in ("focus-prev", "focus-next"):
            self.move_focus(-1 if intent.action == "focus-prev" else 1)
            return
        self.guarded(event, intent)

    def guarded(self, event: Any, intent: Intent) -> None:
        """Dispatch ``intent`` and carry out its effects; a bug is reported, never fatal."""
        if self.rendering:  # fired by a write of the page (render): handled right after it
            asyncio.get_event_loop().call_soon(self.guarded, None, intent)
            return
        t0 = float(event.timeStamp) if event is not None else self.now()
        mode = self.app.mode
        try:
            self.carry_out(self.app.dispatch(intent))
            if self.app.mode != mode:  # a new screen starts at its top
                self.win.scrollTo(0, 0)
        except Exception as exc:
            self.win.console.error("uno_web table: " + traceback.format_exc())
            from ..core.words import Words  # here: a bug's notice is no part of the boot
            from ..i18n.phrases import said

            self.app.notice = said(Words.of("notice.bug",
                                            notation=f"{type(exc).__name__}: {str(exc)[:200]}"))
            self.render()
            return
        self.body.dataset.lastEventMs = f"{self.now() - t0:.1f}"

    def move_focus(self, step: int) -> None:
        # an open picker keeps the arrows to itself: they move between its choices, and Enter
        # picks the one in focus (never a card of the hand behind it)
        picker = "[data-testid=color-picker] [data-color], [data-testid=target-picker] [data-seat]"
        cards = self.doc.querySelectorAll(picker)
        if not int(cards.length):
            cards = self.doc.querySelectorAll("[data-testid=hand] [data-card]")
        n = int(cards.length)
        if not n:
            return
        active = js(self.doc.activeElement)
        idx = -1
        for i in range(n):
            if cards.item(i) == active:
                idx = i
        cards.item((idx + step) % n if idx >= 0 else 0).focus()

    async def import_file(self, file: Any, input_el: Any) -> None:
        try:
            text = str(await file.text())
            self.carry_out(self.app.begin_import(str(file.name), text))
        finally:
            input_el.value = ""

    async def _read_replay(self, load: Any) -> None:
        """Read the log in slices (uno_web.web.replay), the page responsive in between."""
        from .replay import run_load

        if load is None:
            return
        self.body.dataset.replayLoad = "1"
        try:
            await run_load(load, self.render, pause=lambda: asyncio.sleep(YIELD_S))
            self.carry_out(self.app.finish_import(load))
        except Exception:
            self.win.console.error("Reading the log failed:\n" + traceback.format_exc())
            self.app.replay.load = None
            self.app.notice = "Reading the log failed; see the browser console."
            self.render()
        finally:
            if self.app.replay.load is None:
                self.body.dataset.replayLoad = "0"

    # --- boot ---------------------------------------------------------------------------------
    def attach(self) -> None:
        app = self.doc.getElementById("app")
        when("click", app)(self.on_click)
        when("change", app)(self.on_change)
        when("keydown", self.doc)(self.on_key)
        when("submit", app)(_no_submit)  # Enter in a form field never reloads the page
        when("dragstart", app)(self.on_drag)  # the editor: a card of the deck onto a zone
        when("dragover", app)(_allow_drop)
        when("drop", app)(self.on_drop)

    def boot(self) -> None:
        if self.app.embed:
            self.body.dataset.embed = "1"
        fx = self.app.boot()
        pre = js(getattr(self.win, "unoWebPre", None))  # static/page.js: the start screen in use
        if pre is not None and self.app.mode == "start":
            self.take_over_start(pre)
            if not bool(pre.touched):
                self.trust_prerendered()
        self.attach()
        self.doc.getElementById("app").hidden = False
        self.doc.getElementById("loading").hidden = True
        placeholder = js(self.doc.getElementById("embed-ph"))
        if placeholder is not None:
            placeholder.hidden = True
        self.carry_out(fx)

    def trust_prerendered(self) -> None:
        """Regions the build wrote into index.html (uno_web/site/prerender.py) that the first
        render would write again identically are left alone (render() compares hashes)."""
        meta = js(self.doc.querySelector('meta[name="uno-prerendered"]'))
        if meta is not None:
            self.prerendered = dict(
                part.split(":", 1) for part in str(meta.content).split(";") if ":" in part)

    def _already_there(self, name: str, html: str) -> bool:
        """A region still as the build wrote it (checked once, at the first render)."""
        want = self.prerendered.pop(name, None)
        if want is None:
            return False
        import hashlib

        return hashlib.sha1(html.encode("utf-8")).hexdigest()[:16] == want

    def take_over_start(self, pre: Any) -> None:
        """The start screen was usable before Python (html.prestart, static/page.js): what the
        person chose there becomes the draft before the first render, so nothing they set is
        lost, and a button pressed meanwhile is pressed again once this controller listens."""
        form = js(self.doc.querySelector("#r-start form.start"))
        if bool(pre.touched) and form is not None:
            values = read_form(form)
            self.app.dispatch(Intent("form", form=values))
            speed = values.get("speed", "")
            if speed and speed != self.app.speed_name:
                self.app.dispatch(Intent("speed", value=speed))
        pending = str(pre.pending or "")
        if pending:
            self.pending_click = pending

    def press_pending(self) -> None:
        """Press the button the person pressed before Python was ready (Deal, Solitaire, …)."""
        testid, self.pending_click = self.pending_click, ""
        if not testid:
            return
        el = js(self.doc.querySelector(f'[data-testid="{testid}"]'))
        if el is not None:
            el.removeAttribute("aria-busy")
            el.click()


def _allow_drop(event: Any) -> None:
    target = js(event.target)
    if target is not None and js(target.closest("[data-zone]")) is not None:
        event.preventDefault()


def _no_submit(event: Any) -> None:
    event.preventDefault()


def read_form(form: Any) -> dict[str, str]:
    """A form's values as a dict (checkboxes and radios only when checked)."""
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


def _remover(el: Any, reveal: Any = None) -> Any:
    def done(_event: Any = None) -> None:
        el.remove()
        if reveal is not None:
            reveal.style.visibility = ""
    return done


def _keep_typing(from_el: Any, to_el: Any) -> bool:
    """morphdom hook: never overwrite the field the person is typing in; a <details> the
    person opened stays open."""
    tag = str(getattr(from_el, "tagName", ""))
    if tag in ("INPUT", "TEXTAREA") and from_el == from_el.ownerDocument.activeElement:
        return False
    if tag == "DETAILS" and from_el.open:
        to_el.open = True
    return True


#: how long to yield to the page between slices of work: not 0, because Pyodide runs every
#: callback due within ~2 ms in one browser task (the slices would be one long task again)
YIELD_S = 0.005
COACH_SLICE_S = 0.04  # the coach works this long between two looks at the page


def warm_up(names: tuple[str, ...] = WARM_UP_MODULES, t0: float | None = None) -> None:
    """Import the modules the first screen did not need, one per event-loop turn (a click
    in between is handled at once), so that the first game or puzzle starts without a pause.
    Sets ``data-warm="1"`` and ``data-warm-ms`` (the time spent importing) on <body> when done.
    pydantic is never imported in the browser: logs, positions and rules are checked by
    uno_web.core.fields (the declarations pydantic's JSON Schemas are built from on CPython)."""
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
    asyncio.get_event_loop().call_later(YIELD_S, warm_up, names[1:], spent)


async def start() -> Controller:
    """Build the controller, restore a saved game, draw the page. Called by boot.main();
    warm_up() follows shortly after (once the first screen is painted)."""
    c = Controller()
    await c.open_save()
    c.boot()
    asyncio.get_event_loop().call_later(0.05, warm_up)
    return c


def after_ready(c: Controller) -> None:
    """Once <body data-ready="1"> is set: the button pressed while Python loaded."""
    c.press_pending()
