"""The coach at the table: the *Hint* button and its answer, *Review this round* at the round
end and the review itself (:mod:`uno_web.ai.coach` does the thinking, :mod:`uno_web.i18n.coach`
the words). Pure Python, no ``js``: the app calls it, the controller runs its work in slices.

The hint is offered on your turn in a dealt game; a game from a position (a link, a lesson, an
embed) offers it only when its address says ``coach=1`` (the host or the puzzle allows it).
The words are made in the page's language and kept out of the page's translation (they are
already Finnish in Finnish).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, Generator

from ..core.engine import legal_moves
from ..core.moves import MoveKind
from ..core.observation import observe
from ..core.state import Phase
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language

if TYPE_CHECKING:
    from ..ai.coach import Advice, Mark
    from .session import Session

__all__ = ["Coach", "coach_allowed", "first_tip", "hint_button", "hint_panel", "review_button",
           "review_panel", "decorate"]

OFF, ON = "<!--i18n:off-->", "<!--i18n:on-->"  # = uno_web.i18n.ui.OFF / ON
HUMAN = 0
#: a hint thinks as long as a Hard bot's move (HardBot's default budget, milliseconds)
HINT_BUDGET_MS = 150.0


def e(text: object) -> str:
    return escape(str(text), quote=True)


@dataclass
class Coach:
    """The coach's answers for one session: the hint for one position (``hint_version``: the
    session's version it was asked at) and the review of one round."""

    session: Any = None
    hint: Advice | None = None
    hint_version: int = -1
    hint_ms: float = 0.0  # how long the last hint took (the bench reads it)
    marks: list[Mark] | None = None
    reviewed: int = 0  # decisions looked at
    review_round: int = -1
    review_open: bool = False
    work: Generator[float, None, Any] | None = None
    work_kind: str = ""  # "hint" / "review" while working
    progress: float = 0.0
    started: float = 0.0
    notes: list[str] = field(default_factory=list)

    def reset_for(self, session: Any) -> None:
        if session is not self.session:
            self.__init__()  # type: ignore[misc]
            self.session = session

    # --- hint ---------------------------------------------------------------------------------
    def start_hint(self, s: Session) -> bool:
        """Begin a hint for your turn; False when there is nothing to hint."""
        from ..ai.coach import think_hint

        self.reset_for(s)
        st = s.state
        if st.turn != HUMAN or st.phase >= Phase.ROUND_OVER or s.choice is not None:
            return False
        if self.hint is not None and self.hint_version == s.version:
            return False  # already shown
        moves = legal_moves(st, HUMAN)
        if not any(m.kind in (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS, MoveKind.CHALLENGE,
                              MoveKind.ACCEPT, MoveKind.CHOOSE_COLOR) for m in moves):
            return False
        self.work = think_hint(observe(st, HUMAN), moves, budget_ms=HINT_BUDGET_MS)
        self.work_kind = "hint"
        self.progress = 0.0
        self.started = time.perf_counter()
        self.hint_version = s.version
        self.hint = None
        return True

    # --- review -------------------------------------------------------------------------------
    def start_review(self, s: Session) -> bool:
        from ..ai.coach import think_review

        self.reset_for(s)
        st = s.state
        if st.phase < Phase.ROUND_OVER:
            return False
        if self.marks is not None and self.review_round == st.round:
            self.review_open = True
            return False
        decisions = round_decisions_of(s)
        self.reviewed = len(decisions)
        self.work = think_review(decisions)
        self.work_kind = "review"
        self.progress = 0.0
        self.started = time.perf_counter()
        self.review_round = st.round
        self.review_open = True
        self.marks = None
        return True

    # --- the work, a slice at a time ----------------------------------------------------------
    def run_slice(self, seconds: float) -> bool:
        """Work for about ``seconds``; True when the work is finished."""
        gen = self.work
        if gen is None:
            return True
        end = time.perf_counter() + seconds
        while True:
            try:
                self.progress = float(next(gen))
            except StopIteration as stop:
                self._finish(stop.value)
                return True
            if time.perf_counter() >= end:
                return False

    def _finish(self, result: Any) -> None:
        if self.work_kind == "hint":
            self.hint = result
            self.hint_ms = (time.perf_counter() - self.started) * 1000.0
        elif self.work_kind == "review":
            self.marks = list(result)
        self.work = None
        self.work_kind = ""

    def cancel(self) -> None:
        self.work = None
        self.work_kind = ""

    def current_hint(self, s: Session) -> Advice | None:
        if s is self.session and self.hint is not None and self.hint_version == s.version:
            return self.hint
        return None


def round_decisions_of(s: Session) -> list[Any]:
    """Your decisions in the round just played: from the game log (a dealt game) or from the
    position's moves (a game from a position)."""
    from ..ai.coach import decisions_of, round_decisions
    from ..core.gamelog import GameRecorder

    rec = s.recorder
    if isinstance(rec, GameRecorder):
        return round_decisions(rec.log(), HUMAN)
    from ..core.engine import apply
    from ..core.position import build_state

    assert s.position is not None
    st = build_state(s.position)
    pairs = []
    for move, _events in rec.history:
        if move.kind == MoveKind.NEXT_ROUND:
            break
        pairs.append((st, move))
        st = apply(st, move).state
    return decisions_of(pairs, HUMAN)


def coach_allowed(s: Session | None, *, embed: bool, flag: bool) -> bool:
    """Whether the coach is offered: a dealt game at the table, or a game from a position
    (a link, a lesson, an embed) whose address allows it (``coach=1``)."""
    if s is None:
        return False
    if s.position is not None or embed:
        return flag
    return True


# ------------------------------------------------------------------------------------------
# HTML
# ------------------------------------------------------------------------------------------


def hint_button(busy: bool) -> str:
    return (f'<button type="button" class="btn ghost hint-btn" data-action="hint"'
            f' data-testid="hint" data-focus="hint"{" disabled" if busy else ""}'
            f' aria-keyshortcuts="H">Hint <kbd aria-hidden="true">H</kbd></button>')


def hint_panel(coach: Coach, s: Session, lang: str) -> str:
    from ..i18n.coach import advice_text, chance_text

    if coach.work_kind == "hint" and coach.session is s:
        return ('<p class="coach hint-box" data-testid="hint-text" data-state="thinking"'
                ' role="status">Thinking about your move…</p>')
    advice = coach.current_hint(s)
    if advice is None:
        return ""
    names = list(s.state.names)
    names[HUMAN] = "you" if lang != "fi" else "sinä"
    text = advice_text(advice, names, lang, s.state.pending)
    chance = f' <span class="muted">({e(chance_text(advice.chance, lang))})</span>' if (
        advice.chance is not None) else ""
    from ..core.cards import card_str

    card = card_str(advice.move.card) if advice.move.kind == MoveKind.PLAY else ""
    return (f'<p class="coach hint-box" data-testid="hint-text" data-state="done"'
            f' data-card="{e(card)}" data-kind="{e(advice.move.kind.name.lower())}" role="status">'
            f'<b class="coach-tag">Hint</b> {OFF}{e(text)}{chance}{ON}</p>')


def review_button(busy: bool) -> str:
    return (f'<button type="button" class="btn" data-action="review" data-testid="review"'
            f' data-focus="review"{" disabled" if busy else ""}>Review this round</button>')


def review_panel(coach: Coach, s: Session, lang: str) -> str:
    if not coach.review_open or coach.session is not s:
        return ""
    if coach.work_kind == "review":
        pct = int(round(100 * coach.progress))
        return (f'<section class="coach review" data-testid="review-panel" data-state="thinking"'
                f' tabindex="-1" data-focus="review"'
                f' aria-labelledby="review-title"><h3 id="review-title">Review of this round</h3>'
                f'<p role="status">{e(said(Words.of("coach.replaying", n=pct)))}</p>'
                f'<progress max="100" value="{pct}" aria-label="Review progress"></progress></section>')
    if coach.marks is None:
        return ""
    from ..i18n.coach import mark_text

    names = list(s.state.names)
    names[HUMAN] = "you" if lang != "fi" else "sinä"
    if not coach.marks:
        body = (f'<p data-testid="review-clean">'
                f'{e(said(Words.of("coach.clean", n=coach.reviewed)))}</p>')
    else:
        items = []
        for m in coach.marks:
            chose, better = mark_text(m, names, lang)
            items.append(f'<li data-testid="review-mark" data-move="{m.decision.number}">'
                         f'{OFF}<span class="chose">{e(chose)}</span> '
                         f'<span class="better">{e(better)}</span>{ON}</li>')
        body = (f'<p>{e(said(Words.of("coach.marks", n=len(coach.marks), m=coach.reviewed)))}'
                f'</p><ol class="review-marks">{"".join(items)}</ol>')
    return (f'<section class="coach review" data-testid="review-panel" data-state="done"'
            f' tabindex="-1" data-focus="review"'
            f' aria-labelledby="review-title"><h3 id="review-title">Review of this round</h3>'
            f'{body}<p class="muted small">Win chances are the estimates of the Hard bot from what '
            f'you saw at the time; only gaps beyond the error of the estimate are marked.</p>'
            '</section>')


def decorate(regions: dict[str, str], coach: Coach, s: Session, lang: str, allowed: bool) -> None:
    """Put the coach's buttons and answers into the table's regions (prompt, overlay)."""
    if not allowed:
        return
    coach.reset_for(s)
    st = s.state
    busy = coach.work is not None
    if st.phase < Phase.ROUND_OVER and st.turn == HUMAN and s.choice is None:
        prompt = regions.get("prompt", "")
        marker = '<div class="actions">'
        if marker in prompt:
            prompt = prompt.replace(marker, marker + hint_button(busy), 1)
        regions["prompt"] = prompt + hint_panel(coach, s, lang)
    overlay = regions.get("overlay", "")
    if overlay and st.phase >= Phase.ROUND_OVER:
        marker = '<div class="dialog-buttons">'
        if marker in overlay:
            shown = coach.review_open and coach.session is s
            overlay = overlay.replace(marker, review_panel(coach, s, lang) + marker
                                      + ("" if shown else review_button(busy)), 1)
        regions["overlay"] = overlay


def first_tip() -> str:
    """The first-visit tip, on top of the validator panel (shown in the first game only)."""
    return ('<div class="first-tip" role="note" data-testid="first-tip"><p><b>Tip:</b> this '
            'panel explains every move, yours and the bots’, with the rule it comes from. Try a '
            'card that does not fit to see why it is refused.</p>'
            '<button type="button" class="btn" data-action="tip-close" data-testid="tip-close"'
            ' data-focus="tip-close">Got it</button></div>')
