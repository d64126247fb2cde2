"""The published bots ported for the benchmark (``bench/ports/``) play legal moves from their
observation alone, under the official rules and their authors' rules."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from uno_web.ai import make_bot
from uno_web.ai.match import play_game
from uno_web.core.rules import resolve_rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from ports.rlcard_rule_v1 import RLCardRandom, RLCardRuleV1  # noqa: E402
from ports.unoai_mixbot2 import MixBot2, UnoAIRandom  # noqa: E402

PORTS = [RLCardRuleV1, RLCardRandom, MixBot2, UnoAIRandom]


@pytest.mark.parametrize("port", PORTS, ids=lambda c: c.level)
@pytest.mark.parametrize("preset", ["official", "duo-uno-subset"])
def test_ports_play_legal_rounds(port: type, preset: str) -> None:
    rules = resolve_rules(preset)
    for g, n in enumerate((2, 2, 3, 4)):
        bots = [port()] + [make_bot("normal") for _ in range(n - 1)]
        res = play_game(rules, bots, seed=500 + g, rounds=1, safe=True)
        assert res.finished and sum(res.round_wins) == 1


def test_mixbot2_counts_a_draw_as_no_match() -> None:
    """After the opponent draws on a red 5 and keeps the card, MixBot2's bound for red cards
    and 5s in that hand is 0 (UnoAI's card counting)."""
    from uno_web.core import new_game, observe, legal_moves, step, Move
    from uno_web.core.cards import COLOR_OF, RANK_OF, IS_WILD

    for seed in range(40):
        s = new_game(resolve_rules("duo-uno-subset"), 2, seed)
        bot = MixBot2()
        if s.turn != 0 or not legal_moves(s, 0):
            continue
        move = bot.choose(observe(s, 0), legal_moves(s, 0), __import__("random").Random(0))
        step(s, move)
        if s.turn != 1 or s.phase != 0:
            continue
        if any(m.kind == 0 for m in legal_moves(s, 1)):
            continue
        top, color = s.discard[-1], s.color
        step(s, Move.draw(1))
        if s.phase == 1:  # drew a playable card: keep it
            step(s, Move.pass_(1))
        if s.turn != 0:
            continue
        bot.choose(observe(s, 0), legal_moves(s, 0), __import__("random").Random(0))
        b = bot.bounds[1]
        assert all(b[c] == 0 for c in b if IS_WILD[c] or COLOR_OF[c] == color
                   or (not IS_WILD[top] and RANK_OF[c] == RANK_OF[top]))
        return
    pytest.skip("no deal with a draw on the first turn")
