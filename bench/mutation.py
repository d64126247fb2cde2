"""Mutation testing of the core's rules, in slices that fit a small machine (make mutation).

Each slice names the functions of uno_web/core whose mutants it makes (mutmut 3, configured in
pyproject.toml's [tool.mutmut]: the mutants run against the fast rule tests of tests/core
only). Prints, per slice, how many mutants the tests killed, and every one that survived; the
score and each survivor are recorded in docs/core.md ("Mutation testing").

    python bench/mutation.py                 # every slice
    python bench/mutation.py legality        # one slice
    python bench/mutation.py kernel          # the decision per move kind (part of legality)
    python bench/mutation.py --report        # only the table of what the last runs found
    python bench/mutation.py --children 1 …  # one worker process instead of two
    python bench/mutation.py --sample 0.15 --seed 1 legality effects invariants
        # a uniform random sample of those slices' mutants (the same names for the same code,
        # fraction and seed), its score with a 95% Wilson interval: a whole run of the three
        # slices is about 2,800 mutants, most of an idle day's work for two cores once the
        # survivors (which run every test that covers them) are counted

A mutant that survives has to be read: either it is equivalent (no test could tell it from the
code) or it shows a rule no test holds; docs/core.md records which.
"""

from __future__ import annotations

import fnmatch
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTMUT = [sys.executable, "-m", "mutmut"]
CHILDREN = "2"  # mutmut's worker processes (--children N): the machine's cores

C = "uno_web.core."
SLICES: dict[str, list[str]] = {
    # who may make which move: every refusal and every listed move
    "legality": [C + "legality." + f + "__mutmut_*" for f in (
        "x_play_problem", "x__matches", "x_finish_forbidden", "x_penalty_card",
        "x_can_call_uno", "x_legal_moves", "x__add_plays", "x__add_play_variants", "x__play_moves",
        "x_can_play", "x__stack_toggle", "x_follows_same_number",
        "x_same_number_cards", "x_swap_target_needed", "x_playable_cards", "x_holds_color",
        "x_turn_play_problem", "x_draw_problem", "x_pass_problem", "x__any_play",
        "x_challenge_problem", "x_accept_problem", "x_uno_problem", "x_jump_window_problem",
        "x_jump_card_problem", "x_forced_drawn_card", "x_takes_penalty_by_drawing")] + [
        C + "judge." + f + "__mutmut_*" for f in (
            "x__refusal", "x__call_uno_refusal", "x__catch_refusal", "x__jump_in_refusal",
            "x__choose_color_refusal", "x__play_refusal", "x__draw_refusal",
            "x__pass_refusal", "x__challenge_refusal", "x__accept_refusal",
            "x__card_shape_problem", "x__target_problem", "x__uno_flag_problem")],
    # what a move does: turn order, draws, penalties, the catch window, the end of a round
    "effects": [C + "effects." + f + "__mutmut_*" for f in (
        "x_step", "x__play", "x__plain_effect", "x__uno_after_play", "x__went_out",
        "x__draw_turn", "x_seven_zero", "x__advance",
        "x__take_pending", "x__close_windows", "x__execute_penalty", "x__end_round",
        "x__reset_calls", "x__penalty_reason", "x__next_active_after", "x_reverse_skips",
        "x__penalty_now", "x__repeated", "x__blocked", "x__next_round", "x__taken",
        "x__take_by_drawing", "x_lapse_draw", "x__charge_penalty", "x__owe", "x_charge",
        "x__holds", "x_start_held", "x_draw_owed", "x__skip_after_owed")] + [
        C + "piles.x__draw_cards__mutmut_*", C + "piles.x__refill__mutmut_*",
        C + "legality.x__next_seat__mutmut_*", C + "legality.x_next_seat__mutmut_*",
        C + "catch_window.*"],
    # the deck invariant
    "invariants": [C + "invariants.x_check_deck__mutmut_*",
                   C + "invariants.x_deck_verdict__mutmut_*",
                   C + "invariants.x_cards_of__mutmut_*", C + "invariants.x_same_cards__mutmut_*",
                   C + "invariants.x_same_cards_as__mutmut_*"],
    # the kernel's one decision per move kind (a part of "legality", to run on its own)
    "kernel": [C + "legality." + f + "__mutmut_*" for f in (
        "x_turn_play_problem", "x_draw_problem", "x_pass_problem", "x__any_play",
        "x_challenge_problem", "x_accept_problem", "x_uno_problem", "x_jump_window_problem",
        "x_jump_card_problem")],
}


def results() -> dict[str, str]:
    out = subprocess.run([*MUTMUT, "results", "--all", "true"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


FIRST = C + "invariants.x_same_cards__mutmut_1"  # any one mutant: running it makes them all


def in_slice(mutant: str, name: str) -> bool:
    return any(fnmatch.fnmatch(mutant, g) for g in SLICES[name])


def sample(names: list[str], fraction: float, seed: int) -> list[str]:
    """A uniform sample of the mutants of these slices, drawn from their sorted names. mutmut
    makes the mutants of the code as it is now first (a run of one mutant makes them all, and
    records which tests cover which function)."""
    subprocess.run([*MUTMUT, "run", "--max-children", CHILDREN, FIRST], cwd=ROOT, check=False,
                   capture_output=True)
    pool = sorted(m for m in results() if any(in_slice(m, n) for n in names))
    return sorted(random.Random(seed).sample(pool, max(1, round(fraction * len(pool)))))


def wilson(killed: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a sampled score (Wilson's, sound near 100% where the normal one is not)."""
    if n == 0:
        return 0.0, 100.0
    p = killed / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100.0 * (centre - half), 100.0 * (centre + half)


def report(names: list[str], only: set[str] | None = None) -> int:
    found = results()
    if only is not None:
        found = {m: s for m, s in found.items() if m in only}
        names = [*names, "sample"] if len(names) > 1 else names
    worst = 0
    for name in names:
        mine = {m: s for m, s in found.items()
                if (name == "sample" or in_slice(m, name))}
        counts = Counter(mine.values())
        checked = sum(v for k, v in counts.items() if k not in ("not checked", "skipped"))
        killed = counts["killed"] + counts["timeout"]
        score = 100.0 * killed / checked if checked else 0.0
        low, high = wilson(killed, checked)
        interval = f", 95% interval {low:.1f}-{high:.1f}%" if only is not None else ""
        print(f"{name}: {killed} of {checked} mutants killed ({score:.1f}%{interval}); "
              + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        for m, s in sorted(mine.items()):
            if s not in ("killed", "timeout", "not checked"):
                print(f"    {s}: {m}")
        if checked and score < 90.0:
            worst = 1
    return worst


def _option(argv: list[str], flag: str) -> str | None:
    if flag not in argv:
        return None
    at = argv.index(flag)
    value = argv[at + 1] if at + 1 < len(argv) else ""
    del argv[at:at + 2]
    return value


def main(argv: list[str]) -> int:
    argv = list(argv)
    only_report = "--report" in argv
    fraction, seed = _option(argv, "--sample"), _option(argv, "--seed")
    global CHILDREN
    CHILDREN = _option(argv, "--children") or CHILDREN
    names = [a for a in argv if not a.startswith("--")] or list(SLICES)
    unknown = [n for n in names if n not in SLICES]
    if unknown:
        print(f"unknown slice {unknown[0]!r}: one of {', '.join(SLICES)}", file=sys.stderr)
        return 2
    if fraction is not None:
        try:
            share, draw = float(fraction), int(seed or 1)
        except ValueError:
            print("--sample takes a fraction (0.15) and --seed a whole number", file=sys.stderr)
            return 2
        if not 0 < share <= 1:
            print("--sample takes a fraction above 0 and at most 1", file=sys.stderr)
            return 2
        picked = sample(names, share, draw)
        print(f"--- a sample of {len(picked)} mutants of {', '.join(names)} (seed {draw})", flush=True)
        if not only_report:
            subprocess.run([*MUTMUT, "run", "--max-children", CHILDREN, *picked], cwd=ROOT, check=False)
        return report(names, set(picked))
    if not only_report:
        for name in names:
            print(f"--- slice {name}", flush=True)
            subprocess.run([*MUTMUT, "run", "--max-children", CHILDREN, *SLICES[name]], cwd=ROOT,
                           check=False)
    return report(names)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
