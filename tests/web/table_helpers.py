"""Helpers for the table's browser tests (tests/web/test_table_browser.py, bench/bench_table.py).

Seeds are found at run time on CPython with the same core the page runs, so the tests do not
depend on a particular shuffle or on what the bots choose: a predicate looks at the first deal.
"""

from __future__ import annotations

from typing import Any, Callable
from urllib.parse import urlencode

from uno_web.core import GameState, MoveKind, Phase, legal_moves, new_game
from uno_web.core.cards import IS_WILD, card_str
from uno_web.web.session import HUMAN, TableSettings

IDLE = """() => {
  const b = document.body.dataset;
  return b.ready === '1' && b.mode === 'table' && b.busy !== '1'
    && (b.turn === '0' || b.phase === 'round-over' || b.phase === 'game-over');
}"""


def find_seed(predicate: Callable[[GameState], bool], settings: TableSettings | None = None,
              limit: int = 2000) -> int:
    """The first seed whose first deal satisfies ``predicate``."""
    st = settings or TableSettings(players=2, levels=["easy"], overrides={"scoring": "single-round"})
    rules = st.rules()
    for seed in range(1, limit):
        s = new_game(rules, st.seat_names(), seed)
        if predicate(s):
            return seed
    raise AssertionError("no seed found for the predicate")  # pragma: no cover


def you_start(s: GameState) -> bool:
    return s.turn == HUMAN and s.phase == Phase.PLAY


def playable(s: GameState) -> list[int]:
    return sorted({m.card for m in legal_moves(s, HUMAN) if m.kind == MoveKind.PLAY})


def unplayable(s: GameState) -> list[int]:
    ok = set(playable(s))
    return [c for c in s.hands[HUMAN] if c not in ok]


def plain_playable(s: GameState) -> list[int]:
    """Playable number cards (the turn then simply passes to the next seat)."""
    from uno_web.core.cards import RANK_OF

    return [c for c in playable(s) if not IS_WILD[c] and RANK_OF[c] <= 9]


def table_url(**params: Any) -> str:
    return "index.html?" + urlencode({k: v for k, v in params.items() if v is not None})


def fix_deal(page: Any, seed: int) -> None:
    """Deal from ``seed`` (a live deal is random; ``?seed=`` only chooses puzzles and
    positions): the test hook ``window.unoWebDealSeed`` (docs/security.md)."""
    page.add_init_script(f"window.unoWebDealSeed = {int(seed)};")


def open_table(page: Any, wait_ready: Any, **params: Any) -> None:
    seed = params.pop("seed", None)
    if seed is not None:
        fix_deal(page, seed)
    page.goto(table_url(**params))
    wait_ready(page)


def start_game(page: Any, players: int = 2, levels: tuple[str, ...] = ("easy",),
               preset: str = "official", scoring: str | None = "single-round",
               name: str | None = None, toggles: tuple[str, ...] = ()) -> None:
    """Fill the start screen and deal (through the form, as a person would).

    ``toggles``: boolean rules to switch on (``"seven_swap"``, ``"jump_in"`` ...)."""
    page.wait_for_selector("[data-testid=start-screen]")
    if name is not None:
        page.fill("[data-testid=player-name]", name)
    page.select_option("[data-testid=players]", str(players))
    for i, level in enumerate(levels, start=1):
        page.select_option(f"[data-testid=level-{i}]", level)
    page.check(f"[data-testid=preset-{preset}]")
    if scoring is not None or toggles:
        page.click("details.toggles > summary")
    if scoring is not None:
        page.select_option("[data-testid=rule-scoring]", scoring)
    for name_ in toggles:
        page.check(f"[data-testid=rule-{name_}]")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=hand] [data-card]")


def wait_saved(page: Any, timeout_ms: int = 30_000) -> None:
    """Wait until the game's latest save has been stored (a save is sealed with WebCrypto,
    asynchronously: a reload before that finds no game, or an older one)."""
    page.wait_for_function("() => !!document.body.dataset.saving && "
                           "document.body.dataset.saved === document.body.dataset.saving",
                           timeout=timeout_ms, polling=20)


def wait_idle(page: Any, timeout_ms: int = 30_000) -> None:
    """Wait until the table waits for you (your turn, or a round/game over)."""
    page.wait_for_function(IDLE, timeout=timeout_ms, polling=20)


def hand(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("[data-testid=hand] [data-card]",
                                          "els => els.map(e => e.dataset.card)"))


def latest_entry(page: Any) -> dict[str, str]:
    return dict(page.eval_on_selector(
        "[data-testid=validator-panel] [data-testid=validator-entry]",
        """e => ({code: e.dataset.code, ok: e.dataset.ok, text: e.textContent, move: e.dataset.move,
                 message: e.querySelector('.message').textContent,
                 explanation: e.querySelector('.explanation').textContent,
                 hint: (e.querySelector('.hint') || {}).textContent || ''})"""))


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || '0'"))


def card_code(card: int) -> str:
    return card_str(card)


# ------------------------------------------------------------------------------------------
# positions, embeds, lessons (test_embed_browser.py, test_table_position_browser.py)

READY = "() => document.body && document.body.dataset.ready === '1'"
PYTHON_PATHS = ("/static/vendor/pyscript/", "/static/vendor/pyodide/", "/static/bundle/",
                "/pyscript.toml", "/uno_web/")


def is_python_request(url: str) -> bool:
    """A request for PyScript, Pyodide, the config or a Python module."""
    from urllib.parse import urlsplit

    path = urlsplit(url).path
    return any(p in path or path.endswith(p) for p in PYTHON_PATHS)


def seat0_entries(where: Any) -> int:
    return int(where.evaluate(
        "document.querySelectorAll(\"[data-testid=validator-entry][data-seat='0']\").length"))


def your_latest(where: Any) -> dict[str, str]:
    """The newest validator entry of seat 0 (you)."""
    return dict(where.eval_on_selector(
        "[data-testid=validator-panel] [data-testid=validator-entry][data-seat='0']",
        """e => ({code: e.dataset.code, ok: e.dataset.ok,
                 message: e.querySelector('.message').textContent,
                 explanation: e.querySelector('.explanation').textContent})"""))


def try_move(where: Any, notation: str) -> dict[str, str]:
    """Make ``notation`` (a move of seat 0) by clicks in a page or frame; the verdict."""
    from uno_web.core import parse_move
    from uno_web.core.cards import color_code

    move = parse_move(notation)
    before = seat0_entries(where)
    if move.kind == MoveKind.PLAY:
        where.locator(f"[data-testid=hand] [data-card='{card_str(move.card)}']").first.click()
        picker = where.locator("[data-testid=color-picker] [data-color]")
        if IS_WILD[move.card] and picker.count():
            where.click(f"[data-testid=color-picker] [data-color='{color_code(move.color)}']")
    elif move.kind == MoveKind.ACCEPT:
        where.click("[data-testid=accept]")
    elif move.kind == MoveKind.CATCH:
        where.click(f"[data-testid=catch][data-seat='{move.target}']")
    elif move.kind == MoveKind.CHALLENGE:
        where.click("[data-testid=challenge]")
    else:  # pragma: no cover - the lessons use only these
        raise AssertionError(f"no click for {notation}")
    where.wait_for_function(
        "n => document.querySelectorAll(\"[data-testid=validator-entry][data-seat='0']\")"
        ".length > n", arg=before, timeout=10_000)
    return your_latest(where)


def play_round_out(page: Any, limit: int = 400) -> None:
    """Play your turns (a playable card, else draw; a colour or keep when asked) until the round
    is over; the bots play theirs. Export is offered only then (docs/security.md)."""
    for _ in range(limit):
        wait_idle(page)
        if page.evaluate("document.body.dataset.phase") in ("round-over", "game-over"):
            return
        if page.locator("[data-testid=color-picker] [data-color]").count():
            page.locator("[data-testid=color-picker] [data-color]").first.click()
        elif page.locator("[data-testid=target-picker] [data-seat]").count():
            page.locator("[data-testid=target-picker] [data-seat]").first.click()
        elif page.locator("[data-testid=keep]").count():
            page.click("[data-testid=keep]")
        elif page.locator("[data-testid=hand] [data-playable=true]").count():
            page.locator("[data-testid=hand] [data-playable=true]").first.click()
        elif page.locator("[data-testid=accept]").count():
            page.click("[data-testid=accept]")
        else:
            page.click("[data-testid=draw-pile]")
    raise AssertionError("the round did not end")


# ------------------------------------------------------------------------------------------
# play with friends on this device (test_passplay_browser.py, test_a11y_browser.py)

#: the page waits for a person: their privacy screen, their own screen, or the round's end
FRIENDS_SETTLED = """() => { const b = document.body.dataset;
  return b.ready === '1' && b.mode === 'table' && b.busy !== '1'
    && (b.ppDue !== '' || b.ppShown !== '' || b.phase === 'round-over' || b.phase === 'game-over'); }"""


def setup_friends(page: Any, seats: list[str], *, hand_size: int | None = None,
                  jump_in: bool = False, settle: bool = True) -> None:
    """Play with friends on this device: the setup screen, as a person fills it (``seats``:
    a name for a person, a level for a bot; single-round scoring), then the deal."""
    page.click("[data-testid=start-friends]")
    page.wait_for_selector("[data-testid=friends-screen]")
    page.select_option("[data-testid=friends-players]", str(len(seats)))
    page.wait_for_selector(f"[data-testid=friends-seat-{len(seats) - 1}]")
    for i, who in enumerate(seats):
        if i and who in ("easy", "normal", "hard"):
            page.select_option(f"[data-testid=friends-kind-{i}]", who)
            page.wait_for_selector(f"[data-testid=friends-bot-{i}]")
            continue
        if i:
            page.select_option(f"[data-testid=friends-kind-{i}]", "person")
            page.wait_for_selector(f"[data-testid=friends-name-{i}]")
        page.fill(f"[data-testid=friends-name-{i}]", who)
    page.click("[data-testid=friends-screen] details.toggles > summary")
    page.select_option("[data-testid=friends-screen] [data-testid=rule-scoring]", "single-round")
    if hand_size is not None:
        page.fill("[data-testid=friends-screen] [data-testid=rule-hand_size]", str(hand_size))
    if jump_in:
        page.check("[data-testid=friends-screen] [data-testid=rule-jump_in]")
    page.click("[data-testid=friends-start]")
    if settle:  # else the caller waits (a bot that takes its time keeps the page busy)
        page.wait_for_function(FRIENDS_SETTLED, timeout=30_000, polling=20)


def author_page(page: Any, frames: dict[str, str], *, lang: str = "en", title: str = "Author",
                width: int = 480, height: int = 300, inline: bool = True) -> None:
    """A page of the site's origin (static/author-page.html, answered by a route: an author's
    page beside the site) with ``frames`` (name -> address) put in once it has loaded, so that
    nothing of its own is left loading; ``inline``: side by side, else one under another."""
    page.route("**/static/author-page.html", lambda r: r.fulfill(
        content_type="text/html; charset=utf-8",
        body=f"<!doctype html><html lang='{lang}'><head><title>{title}</title></head><body></body></html>"))
    page.goto("static/author-page.html")
    page.evaluate("""([frames, css]) => {
        for (const [name, src] of Object.entries(frames)) {
            const f = document.createElement('iframe');
            Object.assign(f, {name, src, title: name});
            f.style.cssText = css;
            document.body.append(f);
        }}""", [frames, f"width:{width}px;height:{height}px;display:{'inline-block' if inline else 'block'}"])
