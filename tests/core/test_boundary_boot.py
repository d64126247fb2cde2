"""Issue 14: the table deals and checks moves without importing pydantic.

Each test runs in a fresh interpreter (a module imported by an earlier test would hide an
import). pydantic stays the schema layer at the edges: exporting a schema may import it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="Pyodide has no processes to start")


def run(code: str) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter; it prints one JSON object as its last line."""
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


CORE_PATH = """
    import json, random, sys

    import uno_web.ai
    import uno_web.core
    from uno_web.core import Phase, apply, check, legal_moves, new_game, resolve_rules
    from uno_web.core.gamelog import GameRecorder, Seat, parse_log, validate_log
    from uno_web.core.position import build_state, position_from_query, position_to_query
    from uno_web.core.rules import RuleSet

    # what the table does: rules from the start screen's fields, a deal, legal moves, a move
    fields = {name: (spec.title, spec.description) for name, spec in RuleSet.model_fields.items()}
    rules = resolve_rules("official", {"jump_in": True})
    rec = GameRecorder(rules, ["You", "Ada"], 7, seats=[Seat(name="You"),
                       Seat(name="Ada", kind="ai", level="normal")])
    s = rec.state
    move = legal_moves(s, s.turn)[0]
    assert check(s, move).ok
    rec.apply(move)
    # the bots play on until the round is over (uno_web.ai decides)
    bot = uno_web.ai.make_bot("normal")
    rng = random.Random(1)
    from uno_web.core import observe
    for _ in range(400):
        s = rec.state
        if s.phase >= Phase.ROUND_OVER:
            break
        rec.apply(bot.choose(observe(s, s.turn), legal_moves(s, s.turn), rng))
    saved = rec.to_json()  # the table saves after every move
    log = parse_log(saved)  # and restores at the next visit
    report = validate_log(saved)
    # a position from a link
    pos = position_from_query("hands=R7 G5,B1 B2&top=R9&turn=1")
    t = build_state(pos)
    apply(t, legal_moves(t, 1)[0])
    assert position_from_query(position_to_query(pos)) == pos
    before = "pydantic" in sys.modules
    from uno_web.core.gamelog import log_json_schema
    schema = log_json_schema()  # the edge: pydantic, on first use
    print(json.dumps({"pydantic_before_schema": before, "valid": report.valid,
                      "rounds": len(log.rounds), "fields": len(fields),
                      "pydantic_after_schema": "pydantic" in sys.modules,
                      "schema_title": schema["title"]}))
"""


def test_the_core_path_never_imports_pydantic() -> None:
    out = run(CORE_PATH)
    assert out["pydantic_before_schema"] is False
    assert out["valid"] is True and out["rounds"] == 1 and out["fields"] > 20
    assert out["pydantic_after_schema"] is True and out["schema_title"] == "GameLog"


TABLE_PATH = """
    import json, sys

    from uno_web.web import app as app_mod, render, session, view  # noqa: F401
    from uno_web.web.app import App, Intent

    app = App("")
    app.use_storage(saved=None, settings=None, prefs=None)
    app.boot()
    app.deal_seed = 5  # a fixed deal (the browser tests' unoWebDealSeed)
    app.dispatch(Intent("start"))  # the start screen's Deal
    s = app.table.session
    assert s is not None and app.mode == "table"
    s.run_bots(limit=20)  # until the table waits for you
    entry = s.attempt(s.human_moves()[0])
    assert entry.ok
    s.run_bots(limit=5)
    app.regions()  # the table drawn
    saved = s.to_save()  # saved after every move
    pydantic_before_export = "pydantic" in sys.modules
    # the modules that hold pydantic at module level (an import at the top of the file)
    holders = sorted(
        name for name, mod in list(sys.modules.items())
        if name.startswith("uno_web") and any(
            (getattr(v, "__module__", "") or "").startswith("pydantic") or getattr(v, "__name__", "") == "pydantic"
            for v in list(vars(mod).values())
        )
    )
    # the log Export downloads, imported back into the replay (this may import pydantic)
    app.import_log("game.json", s.log_json())
    print(json.dumps({"pydantic_before_export": pydantic_before_export, "holders": holders,
                      "replay": app.mode, "steps": len(app.replay.log.steps),
                      "failure": app.replay.log.failure is not None,
                      "saved": len(saved) > 0}))
"""

def test_the_table_deals_moves_saves_and_replays_without_pydantic() -> None:
    out = run(TABLE_PATH)
    assert out["holders"] == [], "these modules import pydantic at the top; import it lazily"
    assert out["pydantic_before_export"] is False
    assert out["replay"] == "replay" and out["steps"] > 1 and out["failure"] is False
    assert out["saved"] is True
