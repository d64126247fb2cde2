"""The puzzles: the chooser (deal one, or type its cards), a solitaire or a duel being played,
and the long work of both (a deal, a solver's search: :class:`uno_web.web.puzzle.PuzzleJob`,
run in the controller's slices).  State: :class:`PuzzlesState` (``app.puzzles``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from ...core.cards import card_str
from ...core.words import Words
from ...i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from .base import Effects, Handler, Intent, handler_table, nothing
from .page import clean_url

if TYPE_CHECKING:
    from ..app import App
    from ..links import PageRequest
    from ..puzzle import DuelSession, PuzzleJob, SolitaireSession
    from ..puzzle_render import ChooserView

__all__ = [
    "PuzzlesState", "handle", "key_intent", "regions", "body_data", "chooser_of", "open_request", "start_job",
    "finish_job", "cancel_job", "duel_reply",
]


@dataclass
class PuzzlesState:
    """What the puzzles keep: the puzzle being played, the long work under way (a deal, a
    solver's search) and the chooser's fields and error."""

    puzzle: SolitaireSession | DuelSession | None = None
    job: PuzzleJob | None = None
    chooser: ChooserView | None = None


def chooser_of(app: App) -> ChooserView:
    if app.puzzles.chooser is None:
        from ..puzzle_render import ChooserView

        app.puzzles.chooser = ChooserView()
    return app.puzzles.chooser


def _int_or_none(value: object) -> int | None:
    try:
        text = str(value).strip()
        return int(text) if value is not None and text else None
    except ValueError:
        return None


def open_puzzle(app: App, puzzle: SolitaireSession | DuelSession) -> None:
    app.puzzles.puzzle = puzzle
    app.mode = "puzzle"
    app.puzzles.chooser = replace(chooser_of(app), error="")
    app.notice = ""


def open_request(app: App, req: PageRequest) -> Effects | None:
    """A puzzle the address asks for: its cards, or one to deal (a job)."""
    from ..puzzle import DuelSession, SolitaireSession

    if req.kind == "solitaire":
        app.puzzles.chooser = replace(chooser_of(app), n_cards=req.n_cards, difficulty=req.difficulty or "")
        if req.cards:
            open_puzzle(app, SolitaireSession.from_text(req.cards, req.goal))
            return None
        return start_job(app, SolitaireSession.dealing(req.n_cards, req.difficulty,
                                                       app.seed_param))
    app.puzzles.chooser = replace(chooser_of(app), hand_size=req.hand_size, rule=req.rule)
    if req.p1 or req.p2:
        open_puzzle(app, DuelSession.from_text(req.p1, req.p2, req.rule, req.goal))
        return None
    return start_job(app, DuelSession.dealing(req.hand_size, req.rule, app.seed_param))


# ------------------------------------------------------------------------------------------
# long work: a deal, a solver's search
# ------------------------------------------------------------------------------------------


def job_view(app: App, kind: str) -> Any:
    job = app.puzzles.job
    if job is None or job.kind != kind:
        return None
    from ..puzzle import job_view as view_of

    return view_of(job)


def start_job(app: App, job: PuzzleJob) -> Effects:
    """Start ``job`` (one at a time): its first slice runs at once, so small work ends here
    and shows no progress; longer work goes on in the controller's slices (``kick_job``) with
    its progress and a Cancel button."""
    if app.puzzles.job is not None:
        app.puzzles.job.cancel()
    app.puzzles.job = job
    job.run()
    if job.finished:
        return finish_job(app, job)
    if job.kind == "deal":
        app.mode = "puzzles"  # the chooser, under the progress of the deal
    return Effects(kick_job=True, focus="" if app.embed else "puzzle-cancel")


def finish_job(app: App, job: PuzzleJob) -> Effects:
    """``job`` has ended (its last slice ran): show what it found, or why it failed."""
    if job is not app.puzzles.job:
        return nothing()  # cancelled or replaced meanwhile
    app.puzzles.job = None
    if job.kind == "deal":
        if job.state == "done":
            notice = app.notice  # what the address asked for and could not have stays said
            open_puzzle(app, job.result)
            app.notice = notice
            return Effects(focus="" if app.embed else "hand")
        if job.state == "failed":
            if app.embed:
                app.embed_error = job.error[:1].upper() + job.error[1:]
            else:
                app.puzzles.chooser = replace(chooser_of(app), error=job.error)
                app.mode = "puzzles"
        return Effects()
    if job.state == "failed":
        app.notice = said(Words.of("puzzle.solver_stopped", why=job.error))
    return Effects(focus="" if app.embed else "puzzle-check")


def cancel_job(app: App, why: str = "") -> Effects:
    """Cancel (the button, Escape): the work is dropped, the page is as before it."""
    job = app.puzzles.job
    if job is None:
        return nothing()
    job.cancel()
    app.puzzles.job = None
    if job.kind == "deal":
        if app.embed:  # an embed has no chooser: it says so in place of the puzzle
            app.embed_error = why or "Stopped: no puzzle was dealt (open it to deal one)."
            return Effects()
        app.notice = why or "Stopped: no puzzle was dealt. Choose another one below."
        return Effects(focus=f"new-{job.puzzle or 'solitaire'}")
    return Effects(focus="" if app.embed else "puzzle-check")


def duel_reply(app: App, pz: Any, at: int) -> bool:
    """The duel's computer answers, unless you moved meanwhile. True when it moved."""
    if app.puzzles.puzzle is not pz:  # another puzzle since: nothing to answer
        return False
    duel: Any = pz
    if len(duel.line) == at and duel.to_move == 2:
        duel.opponent_move()
        return app.mode == "puzzle"
    return False


# ------------------------------------------------------------------------------------------
# the chooser's intents
# ------------------------------------------------------------------------------------------


def _chooser_from_form(app: App, kind: str, form: dict[str, str]) -> ChooserView:
    from ..links import DIFFICULTIES, DUEL_RULES

    cv = chooser_of(app)
    if kind == "solitaire":
        n = _int_or_none(form.get("n")) or cv.n_cards
        diff = form.get("difficulty", cv.difficulty)
        return replace(cv, n_cards=n, difficulty=diff if diff in DIFFICULTIES else "",
                       cards=form.get("cards", cv.cards))
    hand = _int_or_none(form.get("hand")) or cv.hand_size
    rule = form.get("rule", cv.rule)
    return replace(cv, hand_size=hand, rule=rule if rule in DUEL_RULES else "geography",
                   winnable="winnable" in form, p1=form.get("p1", cv.p1), p2=form.get("p2", cv.p2))


def _from_form(app: App, action: str, form: dict[str, str]) -> Effects | None:
    """A puzzle from the chooser's form: dealt (a job) or from the cards typed."""
    from ..puzzle import DuelSession, PuzzleError, SolitaireSession

    kind = "solitaire" if action in ("new-solitaire", "solitaire-cards") else "duel"
    cv = _chooser_from_form(app, kind, form)
    app.puzzles.chooser = replace(cv, error="")
    app.notice = ""
    try:
        if action == "new-solitaire":
            return start_job(app, SolitaireSession.dealing(cv.n_cards, cv.difficulty or None,
                                                           app.seed_param))
        if action == "solitaire-cards":
            open_puzzle(app, SolitaireSession.from_text(cv.cards))
        elif action == "new-duel":
            return start_job(app, DuelSession.dealing(cv.hand_size, cv.rule, app.seed_param,
                                                      True if cv.winnable else None))
        else:
            open_puzzle(app, DuelSession.from_text(cv.p1, cv.p2, cv.rule))
    except (PuzzleError, ValueError) as exc:
        app.puzzles.chooser = replace(cv, error=str(exc))
        app.mode = "puzzles"
    return None


def _open_chooser(app: App, intent: Intent) -> Effects:
    app.mode = "puzzles"
    app.share.open = False
    return Effects(url=clean_url(app), close_help=True)


def _cancel(app: App, intent: Intent) -> Effects:
    return cancel_job(app)


def _quick(app: App, intent: Intent) -> Effects:
    """The start screen's quick start: a solitaire or a duel dealt with the chooser's
    settings."""
    url = clean_url(app)
    fx = _from_form(app, "new-solitaire" if intent.action == "solitaire" else "new-duel",
                    intent.form) or Effects(focus="hand")
    fx.url = url
    return fx


def _chooser_form(app: App, intent: Intent) -> Effects:
    return _from_form(app, intent.action, intent.form) or Effects(
        focus="hand" if app.mode == "puzzle" else "")


def _resume(app: App, intent: Intent) -> Effects:
    if app.puzzles.puzzle is not None:
        app.mode = "puzzle"
    return Effects()


# ------------------------------------------------------------------------------------------
# the intents of a puzzle being played
# ------------------------------------------------------------------------------------------


def _playing(app: App) -> SolitaireSession | DuelSession | None:
    """The puzzle on screen; a search in progress is about the position before the move, so
    it is dropped."""
    pz = app.puzzles.puzzle
    if pz is None or app.mode != "puzzle":
        return None
    if app.puzzles.job is not None and app.puzzles.job.kind == "solve":
        cancel_job(app)
    return pz


def _card(app: App, intent: Intent) -> Effects | None:
    from ...puzzles.notation import format_card
    from ..puzzle import DuelSession

    if (pz := _playing(app)) is None:
        return None
    pz.play(format_card(intent.puzzle_card) if intent.puzzle_card is not None else
            card_str(intent.card) if intent.card is not None else intent.unread)
    return Effects(kick_duel=isinstance(pz, DuelSession))


def _undo(app: App, intent: Intent) -> Effects | None:
    if (pz := _playing(app)) is None:
        return None
    pz.undo()
    return Effects()


def _restart(app: App, intent: Intent) -> Effects | None:
    if (pz := _playing(app)) is None:
        return None
    pz.restart()
    return Effects()


def _solver(question: Literal["solvable", "solution"]) -> Handler:
    def ask(app: App, intent: Intent) -> Effects | None:
        from ..puzzle import SolitaireSession

        pz = _playing(app)
        if not isinstance(pz, SolitaireSession):  # a duel has no solver's button
            return None
        return start_job(app, pz.solver_job(question))

    return ask


def _new(app: App, intent: Intent) -> Effects | None:
    """"New puzzle": another one like the current one (generated, same settings)."""
    from ..puzzle import DuelSession, PuzzleError, SolitaireSession

    if (pz := _playing(app)) is None:
        return None
    cv = chooser_of(app)
    try:
        if isinstance(pz, DuelSession):
            return start_job(app, DuelSession.dealing(cv.hand_size, pz.rule, None,
                                                      True if cv.winnable else None))
        return start_job(app, SolitaireSession.dealing(cv.n_cards, cv.difficulty or None, None))
    except PuzzleError as exc:
        app.notice = str(exc)
        return Effects()


handle = handler_table({
    "puzzles": _open_chooser, "puzzle-cancel": _cancel, "solitaire": _quick, "duel": _quick,
    "new-solitaire": _chooser_form, "solitaire-cards": _chooser_form, "new-duel": _chooser_form,
    "duel-cards": _chooser_form, "puzzle-resume": _resume, "card": _card, "puzzle-undo": _undo,
    "puzzle-check": _solver("solvable"), "puzzle-solution": _solver("solution"),
    "puzzle-restart": _restart, "reset": _restart, "puzzle-new": _new,
})


def key_intent(app: App, k: str) -> Intent | None:
    """In a puzzle: Z takes a move back, the arrows move along the hand."""
    if app.mode != "puzzle" or app.puzzles.puzzle is None:
        return None
    if k == "z":
        return Intent("puzzle-undo")
    if k in ("arrowleft", "arrowright"):
        return Intent("focus-prev" if k == "arrowleft" else "focus-next")
    return None


# ------------------------------------------------------------------------------------------
# what the page shows
# ------------------------------------------------------------------------------------------


def regions(app: App) -> dict[str, str] | None:
    """The puzzle being played (mode ``puzzle``) or the chooser (``puzzles``)."""
    from ..puzzle import SolitaireSession, duel_view, solitaire_view
    from ..puzzle_render import render_chooser, render_duel, render_solitaire
    from ..render import render_topbar

    pz = app.puzzles.puzzle
    if app.mode == "puzzle":
        if pz is None:
            return None
        bar = render_topbar("puzzle", True, can_share=True, lang=app.lang)
        if isinstance(pz, SolitaireSession):
            out = render_solitaire(solitaire_view(pz), bar, app.notice,
                                   job=job_view(app, "solve"))
        else:
            out = render_duel(duel_view(pz), bar, app.notice)
    else:
        chooser = replace(chooser_of(app), can_resume=pz is not None)
        out = render_chooser(chooser, render_topbar("puzzles", app.table.session is not None,
                                                    lang=app.lang),
                             app.notice, job=job_view(app, "deal"))
    out["logtitle"] = "Moves"
    return out


def body_data(app: App) -> dict[str, str]:
    """``body[data-puzzle]``, ``[data-puzzle-state]``, and the move count and turn."""
    from ..puzzle import SolitaireSession

    pz = app.puzzles.puzzle
    if app.mode != "puzzle" or pz is None:
        return {}
    if isinstance(pz, SolitaireSession):
        return {"puzzle": "solitaire", "version": str(len(pz.played)),
                "puzzleState": "solved" if pz.solved else "stuck" if pz.stuck else "play"}
    return {"puzzle": "duel", "puzzleState": "over" if pz.over else "play",
            "version": str(len(pz.line)), "turn": str(pz.to_move)}
