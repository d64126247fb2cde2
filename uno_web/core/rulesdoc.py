"""The rules reference (docs/rules.md), generated from the RuleSet model so it never drifts."""

from __future__ import annotations

import json
import typing
from typing import Literal

from .reasons import CATALOGUE, Reason
from .rules import DECISIONS, PRESET_DESCRIPTIONS, PRESET_TITLES, PRESETS, RuleSet

__all__ = ["rules_markdown", "PRESET_SOURCES"]

# Where each preset comes from. This is for the reference only: the start screen shows a
# preset's title and description, which say what a player will notice, never a source.
PRESET_SOURCES: dict[str, str] = {
    "official": "Mattel's official rules, as excerpted in Appendix A of E. D. Demaine et al., "
    "*The complexity of UNO* (the rules every other preset is compared with).",
    "duo-uno-subset": "The \"Uno™ rules\" rule set of *Duo*, an open-source Crazy Eights "
    "game (its *Game Rules* page): the manual's rules minus the challenge and the UNO call, "
    "with a Wild Draw Four playable at any moment and a wild first card replaced.",
    "duo-default": "*Duo*'s default rule set (the same page): its Uno™ subset plus stacking of "
    "Draw Two on Draw Two and Wild Draw Four on Wild Draw Four.",
    "classic-notes": "Matthew's blog post *Programming an UNO game, part 2* (2011), the rules "
    "he set out for his C++ program: first card redrawn until a number, a Wild that makes the "
    "next player draw one and is a last resort, no action card last, elimination at 250.",
    "house-party": "No single rule book: common house rules (stacking, jump-in, 7-0, draw to "
    "match) put together.",
    "everything-goes": "letsuno/uno-online's *crazy* house-rule preset "
    "(`packages/shared/src/types/house-rules.ts`): every stacking, deflection and hand-moving "
    "rule, multiple plays of one number, draw until playable, forced play after drawing, double "
    "score and no Wild Draw Four challenge. (letsuno's *classic* preset, on its engine's "
    "semantics, is `letsuno-classic`; its *party* preset is `house-party` without "
    "cross-stacking, on those semantics `letsuno-party`.)",
    "letsuno-classic": "letsuno/uno-online's *classic* preset (no house rule, "
    "`packages/shared/src/types/house-rules.ts`) on its engine's own semantics "
    "(`packages/shared/src/rules`), as `letsuno-party` lists them.",
    "letsuno-party": "letsuno/uno-online's *party* house-rule preset "
    "(`packages/shared/src/types/house-rules.ts`, read 2026-11-28) on its engine's own "
    "semantics (`packages/shared/src/rules`): a Wild or Wild Draw Four turned up first is "
    "replaced (`setup.ts`), `handleCatchUno` has no time limit and no catcher check, answers "
    "to a draw card go by the top card (`deflection.ts`, `stacking.ts`), a charged mistake "
    "keeps the turn (`misplay-penalty.ts`, `finish-restrictions.ts`) and a misplay's "
    "penalty draw lets the turn end (`handlePass`), a jump-in is allowed while the card is on "
    "top and no draw is pending, a Wild on a Wild too (`jump-in.ts`, `isExactJumpInMatch`), "
    "after a draw any card that fits may be played (`handlePlayCard`), an UNO call with two "
    "cards needs one that fits and a call made again changes nothing (`handleCallUno`), a "
    "draw counts only while it is the last action at the table (`handlePass` and the draw "
    "guard of `house-rules-engine.ts`), a misplay after a draw is charged too "
    "(`misplay-penalty.ts`), penalty cards come one per move (`startPenaltyDraw`, "
    "`finishPenaltyDrawIfNeeded`), forced play after a draw plays the drawn card at once "
    "(`forced-play-after-draw.ts`), `drawUntilPlayable` refuses a draw while a card fits and "
    "draws one card per move, the first draw takes a pending draw card (`stacking.ts`), "
    "a draw that leaves nothing to play waits for a pass (`handlePass`), a missed UNO call "
    "caught, a misplay and a bluff caught by a challenge are drawn one per move too, a "
    "catch made while penalty cards are being drawn waiting its turn (`pendingPenaltyQueue`), "
    "a draw card that goes out ends the round at once (`checkRoundEnd` right after the "
    "play), and the default room plays to 1000 points.",
    "letsuno-crazy": "letsuno/uno-online's *crazy* house-rule preset on the same semantics "
    "as `letsuno-party`; its `multiplePlaySameNumber` keeps no turn after a jump-in "
    "(`multi-play.ts`).",
    "strict-table": "letsuno/uno-online's penalty rules put together (misplay penalty, strict "
    "UNO call, no finishing on a wild or a function card) with penalties for a false "
    "catch and a groundless UNO call; no single rule book.",
    "playing-cards": "A pseudo-code rule file, *Uno.txt* (a GitHub repository), for UNO "
    "with 52 playing cards and two Jokers.",
}


def _fmt(v: object) -> str:
    return f"`{json.dumps(v)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def rules_markdown() -> str:
    lines = [
        "# Rules reference",
        "",
        "Generated from `uno_web/core/rules.py` (the presets' sources: `rulesdoc.py`) by",
        "`python -m uno_web rules-doc -o docs/rules.md`; a test fails when this file and the code",
        "disagree. Every toggle below is a field of `RuleSet` (a frozen dataclass that refuses",
        "unknown fields and values of the wrong type or out of range); the defaults are the",
        "official rules. Logs, the CLI and the table name a preset and the fields that differ.",
        "",
        "## Toggles",
        "",
        "| toggle | title on the start screen | default | values | what it changes |",
        "|---|---|---|---|---|",
    ]
    for name, field in RuleSet.model_fields.items():
        ann = field.annotation
        if typing.get_origin(ann) is Literal:
            values = ", ".join(f"`{v}`" for v in typing.get_args(ann))
        elif ann is bool:
            values = "`true`, `false`"
        elif ann is int:
            lo, hi = field.ge, field.le
            values = f"{lo if lo is not None else '…'} – {hi if hi is not None else '…'}"
        else:
            values = ""
        desc = _cell(field.description or "")
        lines.append(f"| `{name}` | {_cell(field.title or '')} | {_fmt(field.default)} | {values} "
                     f"| {desc} |")
    lines += [
        "",
        "## Presets",
        "",
        "The key is what logs, links and `--preset` store; the title and the description are",
        "what the start screen shows.",
        "",
        "| preset | title | what a player notices | source |",
        "|---|---|---|---|",
    ]
    for name in PRESETS:
        lines.append(f"| `{name}` | {_cell(PRESET_TITLES[name])} | "
                     f"{_cell(PRESET_DESCRIPTIONS[name])} | {_cell(PRESET_SOURCES[name])} |")
    lines.append("")
    base = RuleSet()
    for name, rules in PRESETS.items():
        lines.append(f"### `{name}`: {PRESET_TITLES[name]}")
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
