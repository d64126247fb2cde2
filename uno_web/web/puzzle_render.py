"""HTML of the puzzle modes (pure): the puzzle chooser, Solitaire and the Duel.

The puzzles reuse the table's regions (``#r-opponents`` … ``#r-validator``) and its pieces (cards,
buttons, validator entries from :mod:`uno_web.web.render`), so they look like the table and the
embed layout works for them unchanged.  Test hooks are listed in docs/table.md.

No inline script, event handler or ``style`` attribute (the site's Content-Security-Policy,
uno_web/site/csp.py): the forms are never submitted because the controller cancels every
``submit`` from Python, and each form's first submit button is disabled, which makes the
browser's implicit submission (Enter in a text field) do nothing even before Python runs.
Work in progress (dealing, a solver's search) shows as :func:`render_job`: what is being done,
a progress bar, a status line and a *Cancel* button.
"""

from __future__ import annotations

from dataclasses import dataclass

from .links import DIFFICULTIES, DUEL_RULES
from ..puzzles.notation import parse_cards
from .puzzle import DuelView, JobView, SolitaireView, SolverAnswer, cards_words
from .render import REGIONS, button_html, entry_html, notice_html, color_swatch, e, render_card
from .view import verdict_sentence
from ..core.words import Words
from ..i18n.phrases import said
from .session import ValidatorEntry
from .view import CardView

__all__ = ["ChooserView", "render_chooser", "render_solitaire", "render_duel", "render_job",
           "SOLITAIRE_SIZES", "DUEL_SIZES"]

SOLITAIRE_SIZES: tuple[int, ...] = (6, 8, 10, 12, 16, 20)
DUEL_SIZES: tuple[int, ...] = (3, 4, 5, 6, 7, 8)


@dataclass(frozen=True)
class ChooserView:
    """The puzzle chooser's form values (what the last puzzle used) and an error to show."""

    n_cards: int = 12
    difficulty: str = ""
    hand_size: int = 5
    rule: str = "geography"
    winnable: bool = True
    cards: str = ""
    p1: str = ""
    p2: str = ""
    error: str = ""
    can_resume: bool = False


def _options(values: tuple[str, ...], selected: str, labels: dict[str, str] | None = None) -> str:
    labels = labels or {}
    return "".join(
        f'<option value="{e(v)}"{" selected" if v == selected else ""}>{e(labels.get(v, v))}</option>'
        for v in values)


#: a form's first submit button, disabled: Enter in one of its fields submits nothing
#: (HTML's implicit submission stops at a disabled default button); hidden from everyone
_NO_IMPLICIT_SUBMIT = '<button type="submit" disabled hidden aria-hidden="true"></button>'


def render_job(job: JobView) -> str:
    """Work in progress: what is being done, how far it has got, and a *Cancel* button (also
    the Escape key).  ``data-state`` is ``running`` until the job ends."""
    bar = (f'<progress max="100" value="{job.percent}" aria-labelledby="pz-job-what"'
           f' data-testid="puzzle-progress-bar">{job.percent}%</progress>')
    return (f'<section class="puzzle-job" data-testid="puzzle-progress" data-kind="{e(job.kind)}"'
            f' data-state="{e(job.state)}" data-percent="{job.percent}"'
            ' aria-labelledby="pz-job-what">'
            f'<h3 id="pz-job-what">{e(said(Words.of("puzzle.job.working", why=job.what)))}</h3>{bar}'
            f'<p class="job-status" data-testid="puzzle-progress-text">{e(job.status)}</p>'
            + button_html("puzzle-cancel", "Cancel", "puzzle-cancel", cls="btn", key="Escape")
            + '</section>')


def render_chooser(cv: ChooserView, topbar: str, notice: str = "",
                   job: JobView | None = None) -> dict[str, str]:
    """The puzzle chooser (``mode=puzzles``): Solitaire and Duel, generated or typed in; while
    a puzzle is being dealt (``job``), its progress and *Cancel* at the top."""
    error = (f'<p class="form-error" role="alert" data-testid="puzzle-error">{e(cv.error)}</p>'
             if cv.error else "")
    if job is not None:
        error += render_job(job)
    sizes = _options(tuple(str(n) for n in SOLITAIRE_SIZES), str(cv.n_cards))
    diffs = _options(("",) + DIFFICULTIES, cv.difficulty, {"": "any"})
    hands = _options(tuple(str(n) for n in DUEL_SIZES), str(cv.hand_size))
    rules = _options(DUEL_RULES, cv.rule, {
        "geography": "geography: who cannot play loses (the paper)",
        "uno": "uno: your last card wins"})
    resume = (button_html("puzzle-resume", "Back to the puzzle", "puzzle-resume", cls="btn ghost")
              if cv.can_resume else "")
    html = (
        '<div class="start puzzles" data-testid="puzzle-chooser">'
        '<h2>Puzzles</h2>'
        '<p class="muted">Two puzzles from <i>The complexity of UNO</i> (Demaine, Demaine, '
        'Harvey, Uehara, Uno, Uno), played with number cards only. The solvers behind the '
        'hints are exact.</p>'
        f'{error}'
        '<form class="puzzle-form" data-kind="solitaire" autocomplete="off">'
        f'{_NO_IMPLICIT_SUBMIT}<fieldset><legend>Solitaire UNO</legend>'
        '<p class="help">Play your whole hand: the first card is free, then every card must '
        'match the one before by colour or number. Deciding this is NP-complete (the paper\'s '
        'Theorem 3.3), yet small hands are quick to solve.</p>'
        '<div class="row">'
        f'<div class="field"><label for="pz-n">Cards</label><select id="pz-n" name="n"'
        f' data-testid="puzzle-n">{sizes}</select></div>'
        f'<div class="field"><label for="pz-diff">Difficulty</label><select id="pz-diff"'
        f' name="difficulty" data-testid="puzzle-difficulty">{diffs}</select></div>'
        '</div>'
        '<div class="start-buttons">'
        + button_html("new-solitaire", "Deal a solitaire", "new-solitaire", cls="btn primary")
        + '</div>'
        '<div class="field"><label for="pz-cards">…or type the cards</label>'
        f'<input id="pz-cards" name="cards" value="{e(cv.cards)}" placeholder="R1 R2 G2 G5 B5"'
        ' data-testid="puzzle-cards"></div>'
        + button_html("solitaire-cards", "Play these cards", "solitaire-cards", cls="btn")
        + '</fieldset></form>'
        '<form class="puzzle-form" data-kind="duel" autocomplete="off">'
        f'{_NO_IMPLICIT_SUBMIT}<fieldset><legend>Duel</legend>'
        '<p class="help">Uncooperative two-player UNO with open hands: you lead, the computer '
        'answers, every card must match the one before. The computer plays perfectly. Who wins '
        'is decided in polynomial time by maximum matchings (the paper\'s Theorem 4.2).</p>'
        '<div class="row">'
        f'<div class="field"><label for="pz-hand">Cards each</label><select id="pz-hand"'
        f' name="hand" data-testid="puzzle-hand">{hands}</select></div>'
        f'<div class="field"><label for="pz-rule">End rule</label><select id="pz-rule"'
        f' name="rule" data-testid="puzzle-rule">{rules}</select></div>'
        '</div>'
        '<div class="field bool"><label for="pz-win"><input type="checkbox" id="pz-win"'
        f' name="winnable" value="on"{" checked" if cv.winnable else ""}'
        ' data-testid="puzzle-winnable"> only duels you can win</label></div>'
        '<div class="start-buttons">'
        + button_html("new-duel", "Deal a duel", "new-duel", cls="btn primary")
        + '</div>'
        '<div class="row">'
        f'<div class="field"><label for="pz-p1">…or your hand</label><input id="pz-p1" name="p1"'
        f' value="{e(cv.p1)}" placeholder="R1 G2" data-testid="puzzle-p1"></div>'
        f'<div class="field"><label for="pz-p2">the computer\'s hand</label><input id="pz-p2"'
        f' name="p2" value="{e(cv.p2)}" placeholder="G1 B2" data-testid="puzzle-p2"></div>'
        '</div>'
        + button_html("duel-cards", "Play these hands", "duel-cards", cls="btn")
        + '</fieldset></form>'
        f'<div class="start-buttons">{resume}'
        + button_html("setup", "Back to the table", "to-table", cls="btn ghost")
        + '</div></div>'
    )
    regions = {r: "" for r in REGIONS}
    regions["topbar"] = topbar
    regions["notice"] = notice_html(notice)
    regions["start"] = html
    return regions


# ------------------------------------------------------------------------------------------
# shared pieces
# ------------------------------------------------------------------------------------------


def _hand(cards: tuple[CardView, ...], your_turn: bool, title: str) -> str:
    turn = " my-turn" if your_turn else ""
    n = len(cards)
    body = "".join(render_card(c, button=True) for c in cards)
    if not cards:
        body = '<p class="muted empty-hand">no cards left</p>'
    return (f'<div class="hand-head"><span class="you-name">{e(title)}</span>'
            f'<span class="muted">{e(said(Words.of("count.cards/1" if n == 1 else "count.cards", n=n)))}'
            f'</span></div><div class="hand{turn}" data-testid="hand" data-count="{n}" role="group"'
            f' aria-label="{e(said(Words.of("hand.label", n=n)))}">{body}</div>')


def _discard(top: CardView | None, color: str, count: int, empty: str) -> str:
    ring = f" ring-{color}" if color else ""
    card = render_card(top, attrs=f' data-seq="{count}"') if top is not None else (
        f'<div class="card empty">{e(empty)}</div>')
    return f'<div class="pile discard{ring}" data-testid="discard" data-count="{count}">{card}</div>'


def _current_color(color: str, name: str) -> str:
    if color in ("R", "Y", "G", "B"):  # the table shows these four only (read_cards)
        text = said(Words.of("table.color", color="RYGB".index(color)))
    else:
        text = f"current colour: {name}" if color else "current colour: none yet"
    return (f'<div class="current-color c-{e(color or "none")}" data-testid="current-color"'
            f' data-color="{e(color)}">{color_swatch(color) if color else ""}'
            f'<span>{e(text)}</span></div>')


def _rejection(latest: ValidatorEntry | None) -> str:
    if latest is None or latest.ok or latest.seat != 0:
        return ""
    return (f'<div class="rejection" role="note" data-testid="rejection" data-code="{e(latest.code)}">'
            f'<b>{e(verdict_sentence(latest.message))}</b> {e(latest.hint or latest.explanation)} '
            f'<span class="code">{e(latest.code)}</span></div>')


def _validator(entries: tuple[ValidatorEntry, ...], rule: str) -> str:
    items = "".join(entry_html(x) for x in entries)
    if not items:
        items = ('<li class="empty">Every card you try shows up here with the validator\'s '
                 'verdict.</li>')
    return (f'<p class="deck-invariant puzzle-rule" data-testid="puzzle-rule">{e(rule)}</p>'
            f'<ol class="entries">{items}</ol>')


def _latest(latest: ValidatorEntry | None) -> str:
    if latest is None:
        return ""
    parts = [latest.message]
    if not latest.ok:
        parts += [latest.explanation] + ([latest.hint] if latest.hint else [])
    # one element per sentence: a page in another language translates each on its own
    inner = " ".join(f"<span>{e(p)}</span>" for p in parts) if len(parts) > 1 else e(parts[0])
    return f'<span data-seq="{latest.seq}">{inner}</span>'


def _log(lines: tuple[str, ...]) -> str:
    return ('<ol class="log-lines" data-testid="log-lines">'
            + "".join(f"<li>{e(x)}</li>" for x in lines) + "</ol>")


def _head(title: str, source: str, goal: str) -> str:
    goal_html = (f'<p class="goal" data-testid="goal">{e(goal)}</p>' if goal else "")
    return (f'<div class="puzzle-head"><h2>{e(title)}</h2>'
            f'<p class="muted source">{e(source)}</p>{goal_html}</div>')


def _mini_row(cards: tuple[CardView, ...], testid: str, empty: str, numbered: bool = False) -> str:
    if not cards:
        return f'<p class="muted" data-testid="{e(testid)}" data-cards="">{e(empty)}</p>'
    items = "".join(
        f'<li>{render_card(c, extra="mini")}'
        + (f'<span class="n">{i}</span>' if numbered else "") + "</li>"
        for i, c in enumerate(cards, start=1))
    codes = " ".join(c.code for c in cards)
    return f'<ol class="mini-row" data-testid="{e(testid)}" data-cards="{e(codes)}">{items}</ol>'


# ------------------------------------------------------------------------------------------
# Solitaire
# ------------------------------------------------------------------------------------------


def _answer(ans: SolverAnswer | None, current: bool, solution: tuple[CardView, ...]) -> str:
    if ans is None:
        return ""
    stale = "" if current else (
        '<p class="muted stale">(asked before your last moves; ask again)</p>')
    cls = "answer ok" if ans.solvable else "answer bad"
    sol = ""
    if solution:
        sol = _mini_row(solution, "solution", "", numbered=True)
    return (f'<div class="{cls}" data-testid="solver-answer" data-kind="{e(ans.kind)}"'
            f' data-solvable="{"true" if ans.solvable else "false"}" data-at="{ans.at}">'
            f'<p>{e(ans.text)}</p>{sol}{stale}</div>')


def render_solitaire(v: SolitaireView, topbar: str, notice: str = "",
                     job: JobView | None = None) -> dict[str, str]:
    """Solitaire; ``job``: the solver is at work ("still solvable?", "show a solution"): its
    progress and *Cancel* take the place of the answer, and its two buttons are off."""
    left = len(v.hand)
    head = _head("Solitaire UNO", v.source, v.goal)
    played = _mini_row(v.played, "played", "No card played yet: the first card is free.",
                       numbered=True)
    opponents = f'{head}<div class="played-box"><h3>{e(said(Words.of("puzzle.played_count", n=len(v.played), m=v.total)))}</h3>{played}</div>'
    info = (f'<div class="table-info">{_current_color(v.color, v.color_name)}'
            f'<div class="turn" data-testid="cards-left" data-count="{left}">'
            f'<span class="muted">cards left:</span> <b>{left}</b></div></div>')
    buttons = (
        button_html("puzzle-undo", "Undo", "puzzle-undo", disabled=not v.can_undo, key="Z")
        + button_html("puzzle-check", "Is it still solvable from here?", "puzzle-check",
                  disabled=v.state == "solved" or job is not None)
        + button_html("puzzle-solution", "Show a solution", "puzzle-solution",
                  disabled=v.state == "solved" or job is not None)
        + button_html("puzzle-restart", "Start again", "puzzle-restart", cls="btn ghost",
                  disabled=not v.can_undo)
        + button_html("puzzle-new", "New puzzle", "puzzle-new", cls="btn ghost"))
    solved = ""
    if v.state == "solved":
        solved = (f'<div class="solved" role="status" data-testid="puzzle-solved">'
                  f'<b>Solved!</b> {e(said(Words.of("solitaire.all_played", n=v.total)))}</div>')
    # the solver's answer sits right under its buttons (on a phone the side panels are far
    # below the table, and a button that seems to do nothing is worse than no button)
    answer = (f'<section class="solver-panel" data-testid="solver-panel" aria-live="polite">'
              f'{_answer(v.answer, v.answer_current, v.solution)}</section>'
              if v.answer is not None else "")
    if job is not None:
        answer = render_job(job)
    prompt = (f'<p class="status" data-testid="status">{e(v.status)}</p>{solved}'
              f'<div class="actions">{buttons}</div>{_rejection(v.latest)}{answer}'
              f'<div class="puzzle-state" data-testid="puzzle-state" data-state="{v.state}"'
              ' hidden></div>')
    regions = {r: "" for r in REGIONS}
    regions.update({
        "topbar": topbar, "notice": notice_html(notice), "opponents": opponents,
        "discard": _discard(v.top, v.color, len(v.played), "first card free"),
        "info": info, "prompt": prompt, "hand": _hand(v.hand, v.state == "play", "Your hand"),
        "scores": "", "latest": _latest(v.latest),
        "validator": _validator(v.entries, v.rule), "log": _log(v.moves),
    })
    return regions


# ------------------------------------------------------------------------------------------
# Duel
# ------------------------------------------------------------------------------------------


def _cards_text(cards: tuple[str, ...]) -> str:
    """Cards in notation (``R1``) as a player reads them (``red 1``); the notation stays in the
    ``data-cards`` hooks."""
    return cards_words(parse_cards(" ".join(cards))) if cards else "none"


def _analysis(v: DuelView) -> str:
    who = "You win" if v.start_winner == 1 else "The computer wins"
    leads = (f'winning first cards: <b data-testid="duel-winning-leads" data-cards="'
             f'{e(" ".join(v.winning_leads))}">{e(_cards_text(v.winning_leads))}</b>'
             if v.start_winner == 1 else
             '<span data-testid="duel-winning-leads" data-cards="">every first card loses'
             '</span>')
    start = (f'<p data-testid="duel-winner" data-winner="{v.start_winner}">'
             f'From the start, with perfect play: <b>{e(who)}</b>; {leads}.</p>')
    if v.over:
        now = (f'<p data-testid="duel-now" data-winning="{"true" if v.winner == 1 else "false"}"'
               f' data-moves="">Game over: {"you won" if v.winner == 1 else "the computer won"}.</p>')
    elif v.your_turn:
        if v.now_winning:
            text = (f"You are winning: winning cards now: <b>{e(_cards_text(v.now_moves))}</b>"
                    + (e(said(Words.of("duel.losing", pcards=tuple(parse_cards(" ".join(v.now_losing))))))
                       if v.now_losing else "."))
        else:
            text = "You are losing now: every card you can play loses against perfect play."
        now = (f'<p data-testid="duel-now" data-winning="{"true" if v.now_winning else "false"}"'
               f' data-moves="{e(" ".join(v.now_moves))}">{text}</p>')
    else:
        now = (f'<p data-testid="duel-now" data-winning="{"true" if v.now_winning else "false"}"'
               ' data-moves="">'
               + ("You are still winning." if v.now_winning else
                  "You are losing now: the computer has a winning answer.") + '</p>')
    reviews = "".join(
        f'<li class="{"good" if r.keeps_win else "bad" if r.was_winning else "lost"}"'
        f' data-card="{e(r.card)}" data-keeps-win="{"true" if r.keeps_win else "false"}">'
        + e(said(Words.of("duel.review.kept" if r.keeps_win else "duel.review.gave"
                          if r.was_winning else "duel.review.lost", pcard=r.pcard))) + "</li>"
        for r in v.reviews)
    review = (f'<ol class="reviews" data-testid="duel-reviews">{reviews}</ol>' if reviews else "")
    return (f'<details class="solver-panel" data-testid="duel-analysis" open><summary><h2>'
            f'Analysis</h2></summary>{start}{now}{review}'
            f'<p class="muted rule-note">{e(v.rule_text)}</p></details>')


def render_duel(v: DuelView, topbar: str, notice: str = "") -> dict[str, str]:
    head = _head("Duel", v.source, v.goal)
    n = len(v.opponent)
    opp_cls = "opponent open-hand" + (" on-turn" if not v.your_turn and not v.over else "")
    opponent = (
        f'{head}<div class="{opp_cls}" data-testid="opponent" data-seat="1" data-count="{n}">'
        f'<div class="who"><span class="avatar" aria-hidden="true">C</span>'
        f'<span class="name">Computer</span><span class="level lv-hard">perfect</span></div>'
        f'<div class="fan open" data-testid="opponent-hand">'
        + "".join(render_card(c, extra="mini") for c in v.opponent)
        + f'</div><div class="meta"><span class="count">'
        f'{e(said(Words.of("count.cards/1" if n == 1 else "count.cards", n=n)))}</span>'
        '</div></div>')
    turn = ("game over" if v.over else "You" if v.your_turn else "Computer")
    info = (f'<div class="table-info">{_current_color(v.color, v.color_name)}'
            f'<div class="turn" data-testid="turn" data-player="{1 if v.your_turn else 2}">'
            f'<span class="muted">turn:</span> <b>{e(turn)}</b></div>'
            f'<div class="round-no"><span>rule:</span> {e(v.rule)}</div></div>')
    buttons = (
        button_html("puzzle-undo", "Undo", "puzzle-undo", disabled=not v.can_undo, key="Z")
        + button_html("puzzle-restart", "Start again", "puzzle-restart", cls="btn ghost",
                  disabled=not v.can_undo)
        + button_html("puzzle-new", "New duel", "puzzle-new", cls="btn ghost"))
    result = ""
    if v.over:
        cls = "solved" if v.winner == 1 else "lost"
        result = (f'<div class="{cls}" role="status" data-testid="duel-result"'
                  f' data-winner="{v.winner}">{e(v.status)}</div>')
    prompt = (f'<p class="status" data-testid="status">{e(v.status)}</p>{result}'
              f'<div class="actions">{buttons}</div>{_rejection(v.latest)}')
    line = tuple(said(Words.of("duel.line", n=i, who=who, pcard=parse_cards(card)[0]))
                 for i, (who, card) in enumerate(v.line, start=1))
    regions = {r: "" for r in REGIONS}
    regions.update({
        "topbar": topbar, "notice": notice_html(notice), "opponents": opponent,
        "discard": _discard(v.top, v.color, len(v.line), "lead any card"),
        "info": info, "prompt": prompt, "hand": _hand(v.hand, v.your_turn, "Your hand"),
        "scores": _analysis(v), "latest": _latest(v.latest),
        "validator": _validator(v.entries, v.rule_label), "log": _log(tuple(reversed(line))),
    })
    return regions
