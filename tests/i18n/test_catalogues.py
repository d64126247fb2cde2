"""English and Finnish: every reason code, every table message and label has its Finnish, with
the same placeholders; derived from the enums, so a new code fails here until it is translated
(uno_web/i18n/fi_reasons.py, uno_web/i18n/fi_ui.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from uno_web.core import RuleSet, check, new_game, parse_move
from uno_web.core.reasons import CATALOGUE, Reason
from uno_web.i18n import verdict_message
from uno_web.i18n.fi_reasons import REASONS_FI
from uno_web.i18n.fi_ui import UI_FI
from uno_web.i18n.ui import missing, tr, translate_html
from uno_web.i18n.verdicts import parse_detail, pick_lang, placeholders, translate_message


def test_every_reason_code_has_finnish_with_the_same_placeholders() -> None:
    for code in Reason:
        assert code.value in REASONS_FI, f"{code.value} has no Finnish (uno_web/i18n/fi_reasons.py)"
        en = CATALOGUE[code]
        explanation, template, forms = REASONS_FI[code.value]
        assert explanation and explanation != en.explanation
        assert placeholders(template) == placeholders(en.template), code
        assert set(forms) == set(en.forms), code
        for form, text in en.forms.items():
            assert placeholders(forms[form]) == placeholders(text), (code, form)


def test_every_ui_entry_keeps_its_placeholders() -> None:
    for en, fi in UI_FI.items():
        assert placeholders(en) == placeholders(fi), en


def test_verdicts_in_finnish_from_params_and_read_back_from_english() -> None:
    s = new_game(RuleSet(), players=["You", "Ada", "Ben"], seed=7)
    for text in ("P1:R7", "P0:R7", "D1", "X0", "K0", "U0", "C0>1", "A0"):
        v = check(s, parse_move(text))
        fi = verdict_message(v, "fi")
        assert fi.startswith(v.code.value + ": ") and fi != v.message
        assert translate_message(v.message, "fi") == fi
        assert parse_detail(v.code, v.detail) is not None


def test_table_strings_are_translated() -> None:
    html = ('<p>Your turn.</p><button aria-label="Share or embed this position">Share</button>'
            '<span>E_NO_MATCH</span><p>Green 5 matches neither the current colour (red) nor the '
            'top card (red 9).</p><p>Ada played red 7. Your turn.</p>')
    out = translate_html(html, "fi")
    for english in ("Your turn", "Share", "matches", "played"):
        assert english not in out
    assert "E_NO_MATCH" in out and "Vihreä 5 ei sovi" in out and "Ada pelasi kortin punainen 7" in out
    assert tr("No such words in any catalogue", "fi") == "No such words in any catalogue"
    assert "No such words in any catalogue" in missing()


def test_language_choice() -> None:
    assert pick_lang("fi-FI") == "fi" and pick_lang("en-GB") == "en"
    assert pick_lang("de") == "en" and pick_lang(None) == "en"


def test_cli_validate_lang(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "g.json"
    subprocess.run([sys.executable, "-m", "uno_web", "record", "--players", "3", "--seed", "1",
                    "-o", str(log)], check=True, capture_output=True)
    data = json.loads(log.read_text())
    data["rounds"][0]["actions"][1]["seat"] = 2
    log.write_text(json.dumps(data))
    out = {lang: subprocess.run([sys.executable, "-m", "uno_web", "validate", str(log),
                                 "--lang", lang], capture_output=True, text=True)
           for lang in ("en", "fi")}
    assert out["en"].returncode == out["fi"].returncode == 1
    en = json.loads(out["en"].stdout)
    fi = json.loads(out["fi"].stdout)
    assert "turn" in json.dumps(en) and "vuoro" in json.dumps(fi, ensure_ascii=False)
