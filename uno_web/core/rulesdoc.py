"""The rules reference (docs/rules.md), generated from the RuleSet model so it never drifts."""

from __future__ import annotations

import json

from .reasons import CATALOGUE, Reason
from .rules import DECISIONS, PRESET_DESCRIPTIONS, PRESETS, RuleSet

__all__ = ["rules_markdown"]


def _fmt(v: object) -> str:
    return f"`{json.dumps(v)}`"


def rules_markdown() -> str:
    lines = [
        "# Rules reference",
        "",
        "Generated from `uno_web/core/rules.py` by `python -m uno_web rules-doc -o docs/rules.md`;",
        "a test fails when this file and the code disagree. Every toggle below is a field of",
        "`RuleSet` (a frozen pydantic model that refuses unknown fields); the defaults are the",
        "official rules. Logs, the CLI and the table name a preset and the fields that differ.",
        "",
        "## Toggles",
        "",
        "| toggle | default | values | what it changes |",
        "|---|---|---|---|",
    ]
    schema = RuleSet.model_json_schema()["properties"]
    for name, field in RuleSet.model_fields.items():
        prop = schema[name]
        if "enum" in prop:
            values = ", ".join(f"`{v}`" for v in prop["enum"])
        elif prop.get("type") == "boolean":
            values = "`true`, `false`"
        elif prop.get("type") == "integer":
            lo, hi = prop.get("minimum"), prop.get("maximum")
            values = f"{lo if lo is not None else '…'} – {hi if hi is not None else '…'}"
        else:
            values = ""
        desc = (field.description or "").replace("|", "\\|")
        lines.append(f"| `{name}` | {_fmt(field.default)} | {values} | {desc} |")
    lines += ["", "## Presets", ""]
    base = RuleSet()
    for name, rules in PRESETS.items():
        lines.append(f"### `{name}`")
        lines.append("")
        lines.append(PRESET_DESCRIPTIONS[name])
        lines.append("")
        diff = {k: v for k, v in rules.model_dump().items() if getattr(base, k) != v}
        if diff:
            lines.append("| toggle | value |")
            lines.append("|---|---|")
            for k, v in diff.items():
                lines.append(f"| `{k}` | {_fmt(v)} |")
        else:
            lines.append("All toggles at their defaults.")
        lines.append("")
    lines += [
        "## Decisions where the sources are silent or ambiguous",
        "",
    ]
    for title, text in DECISIONS:
        lines.append(f"- **{title}.** {text}")
    lines += [
        "",
        "## Reason codes",
        "",
        "Every verdict of the validator carries one of these codes. The table's validator panel",
        "shows the explanation and the rule (or toggle) it comes from.",
        "",
        "| code | explanation | rule |",
        "|---|---|---|",
    ]
    for code in Reason:
        e = CATALOGUE[code]
        lines.append(f"| `{code.value}` | {e.explanation} | {e.rule} |")
    lines.append("")
    return "\n".join(lines)
