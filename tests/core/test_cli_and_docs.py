"""The command line and the generated documents."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from uno_web.cli import main
from uno_web.core.gamelog import log_json_schema
from uno_web.core.rulesdoc import rules_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_rules_reference_is_generated_from_the_code():
    assert (ROOT / "docs/rules.md").read_text() == rules_markdown(), (
        "docs/rules.md is stale: run python -m uno_web rules-doc -o docs/rules.md")


def test_log_schema_file_matches_the_models():
    on_disk = json.loads((ROOT / "docs/gamelog.schema.json").read_text())
    assert on_disk == log_json_schema(), "run python -m uno_web schema -o docs/gamelog.schema.json"


def test_record_then_validate_round_trip(tmp_path, capsys):
    log = tmp_path / "game.json"
    assert main(["record", "--players", "3", "--seed", "7", "-o", str(log)]) == 0
    capsys.readouterr()
    assert main(["validate", str(log)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] and report["actions_checked"] > 10 and report["finished"]


def test_validate_exit_codes(tmp_path, capsys):
    log = tmp_path / "game.json"
    main(["record", "--players", "2", "--seed", "1", "--rounds", "1", "-o", str(log)])
    data = json.loads(log.read_text())
    data["rounds"][0]["actions"][0]["seat"] = 1 - data["rounds"][0]["actions"][0]["seat"]
    log.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["validate", str(log)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert not report["valid"] and report["failure"]["index"] == 0
    assert report["failure"]["code"] == "E_NOT_TURN"
    log.write_text("{not json")
    assert main(["validate", str(log)]) == 2
    assert "malformed log" in json.loads(capsys.readouterr().err)["error"]
    assert main(["validate", str(tmp_path / "missing.json")]) == 2


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no processes to start")
def test_validate_reads_stdin_and_never_shows_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "uno_web", "validate", "-"], input='{"rounds": 3}',
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "malformed log" in proc.stderr


@pytest.mark.parametrize("argv", [["record", "--preset", "nope"], ["record", "--players", "11"],
                                  ["record", "--rules", '{"hand_size": 0}'], ["frobnicate"]])
def test_bad_arguments_exit_2(argv, capsys):
    assert main(argv) == 2


def test_delegated_commands_take_their_own_options(capsys):
    # `build --check` must reach the site builder with its option (argparse REMAINDER would not)
    code = main(["build", "--check"])
    out = capsys.readouterr()
    assert code in (0, 1)
    assert "unrecognized arguments" not in out.err


JARGON = ("paper", "engine", "notes", "pseudo", "programmer", "appendix", "subset", "variant")


def test_presets_have_a_player_facing_title_and_description_and_a_documented_source():
    from uno_web.core import PRESET_DESCRIPTIONS, PRESET_TITLES, PRESETS
    from uno_web.core.rulesdoc import PRESET_SOURCES

    assert list(PRESET_TITLES) == list(PRESETS) == list(PRESET_DESCRIPTIONS) == list(PRESET_SOURCES)
    assert PRESET_TITLES["official"] == "Official rules"
    for key in PRESETS:
        title, description = PRESET_TITLES[key], PRESET_DESCRIPTIONS[key]
        assert 0 < len(title) <= 45 and not title[0].islower(), key
        assert description[0].isupper() and description.endswith(".") and "\n" not in description
        for word in JARGON:
            assert word not in (title + description).lower(), (key, word)
    doc = rules_markdown()
    assert "| preset | title | what a player notices | source |" in doc
    assert "| `playing-cards` | Playing cards (52 + 2 Jokers) |" in doc
    assert "*Programming an UNO game, part 2*" in doc


def test_every_rule_has_a_short_title_and_a_plain_description():
    from uno_web.core import RuleSet

    titles = [f.title for f in RuleSet.model_fields.values()]
    assert len(set(titles)) == len(titles)
    assert RuleSet.model_fields["seven_swap"].title == "7 swaps hands"
    for name, f in RuleSet.model_fields.items():
        assert f.title and len(f.title) <= 40 and not f.title[0].islower(), name
        desc = f.description or ""
        assert desc[0].isupper() and not desc.startswith("`"), name  # a plain sentence first
        assert "E_" not in desc, name  # no reason codes
        for word in JARGON:
            assert word not in desc.lower(), (name, word)


def test_validate_numbers_actions_from_1_over_the_whole_log(tmp_path, capsys):
    log = tmp_path / "game.json"
    assert main(["record", "--players", "3", "--seed", "7", "--rounds", "2", "-o", str(log)]) == 0
    data = json.loads(log.read_text())
    written = json.loads(capsys.readouterr().out)
    first, second = (len(r["actions"]) for r in data["rounds"][:2])
    assert written["actions"] == first + second  # dealing a round is not an action
    bad = json.loads(json.dumps(data))
    a = bad["rounds"][1]["actions"][3]
    a["seat"] = (a["seat"] + 1) % 3
    log.write_text(json.dumps(bad))
    assert main(["validate", str(log)]) == 1
    report = json.loads(capsys.readouterr().out)
    f = report["failure"]
    assert (f["action_number"], f["round"], f["index"], f["action_index"]) == (first + 4, 2, first + 3, 3)
    assert f["where"] == f"action {first + 4} (counted from 1 over the whole log) in round 2"
    assert report["summary"] == f"Invalid: {f['where']} is refused. {f['message']}"
    assert f["message"].startswith("E_NOT_TURN: It is ")
    deal = json.loads(json.dumps(data))
    deal["rounds"][1]["deck"][0] = deal["rounds"][1]["deck"][1]
    log.write_text(json.dumps(deal))
    assert main(["validate", str(log)]) == 1
    f = json.loads(capsys.readouterr().out)["failure"]
    assert f["action_number"] is None and f["where"] == "the deal of round 2"
    assert f["code"] == "E_DECK_ORDER" and f["message"].startswith("E_DECK_ORDER: Round 2 deck: ")
    log.write_text(json.dumps(data))
    assert main(["validate", str(log)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"] == (
        f"Valid: {first + second} actions in 2 rounds; the game is not finished.")
