"""Bots never make an illegal move: seeded games under every preset and random rule toggles,
every move checked against ``legal_moves`` and applied with the checking ``apply``."""

from __future__ import annotations

import random

import pytest

from uno_web.ai import make_bot
from uno_web.ai.match import IllegalBotMove, play_game
from uno_web.core import PRESETS, RuleSet, legal_moves
from uno_web.core.rules import resolve_rules

FAST_HARD = {"iterations": 2, "min_iterations": 1, "max_candidates": 3}


def bots_for(levels: list[str]):  # type: ignore[no-untyped-def]
    return [make_bot(lv, **(FAST_HARD if lv == "hard" else {})) for lv in levels]


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_easy_and_normal_play_legal_whole_games(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    for g in range(3):
        levels = [("easy", "normal")[(i + g) % 2] for i in range(players)]
        res = play_game(rules, bots_for(levels), seed=1000 * players + g, rounds=2, safe=True)
        assert res.finished
        assert res.rounds >= 1 and sum(res.round_wins) >= 1


@pytest.mark.parametrize("preset", list(PRESETS))
def test_hard_plays_legal_rounds(preset: str) -> None:
    rules = PRESETS[preset]
    for g, n in enumerate((2, 4)):
        levels = ["hard"] + ["normal", "easy"] * 2
        res = play_game(rules, bots_for(levels[:n]), seed=77 + g, rounds=1, safe=True)
        assert res.finished and sum(res.round_wins) == 1


_TOGGLES = {
    "two_player_reverse": ["skip", "none"],
    "wild_draw_four": ["challenge", "strict", "anytime"],
    "wild_last_resort": [False, True],
    "wild_draws_one": [False, True],
    "no_action_card_last": [False, True],
    "stack_draw_two_on_draw_two": [False, True],
    "stack_draw_four_on_draw_four": [False, True],
    "stack_draw_two_on_draw_four": [False, True],
    "stack_draw_four_on_draw_two": [False, True],
    "escalating_stack": [False, True],
    "jump_in": [False, True],
    "seven_swap": [False, True],
    "zero_rotate": [False, True],
    "may_draw_when_playable": [True, False],
    "draw_to_match": [False, True],
    "forced_play": [False, True],
    "reshuffle": ["shuffle", "turn-over"],
    "uno_call": [True, False],
    "uno_catch_window": ["next-action", "next-turn-end", "until-next-play"],
    "first_card": ["official", "redraw-until-number", "redraw-wild", "lead-any"],
    "scoring": ["target", "elimination", "single-round"],
}


def random_rules(rng: random.Random) -> RuleSet:
    overrides = {k: rng.choice(v) for k, v in _TOGGLES.items()}
    overrides["hand_size"] = rng.choice([3, 5, 7])
    overrides["target_score"] = 150
    overrides["elimination_threshold"] = 60
    preset = rng.choice(["official", "playing-cards"])
    return resolve_rules(preset, overrides)


@pytest.mark.parametrize("case", range(24))
def test_random_rule_combinations(case: int) -> None:
    rng = random.Random(case)
    rules = random_rules(rng)
    n = rng.choice([2, 3, 4, 6])
    levels = [rng.choice(["easy", "normal", "normal"]) for _ in range(n)]
    if case % 4 == 0:
        levels[0] = "hard"
    easy_opts = {"forget_uno": 0.5}
    bots = [make_bot(lv, **(FAST_HARD if lv == "hard" else easy_opts if lv == "easy" else {}))
            for lv in levels]
    # (a round can cycle for ever under reshuffle="turn-over" with deterministic players, and
    # the 54-card deck with big hands can make rounds very long, so the move limit may stop a
    # game there: legality is what is checked)
    hard = "hard" in levels
    res = play_game(rules, bots, seed=case, rounds=1 if hard else 3, safe=True,
                    max_moves=800 if hard else 1500)
    assert res.moves > 0 and sum(res.decisions) > 0
    if rules.reshuffle == "shuffle" and rules.deck == "uno":
        assert res.finished, rules.changed_fields()


def test_the_driver_refuses_an_illegal_bot_move() -> None:
    class Cheater(type(make_bot("easy"))):  # type: ignore[misc]
        def decide(self, obs, moves, rng):  # type: ignore[no-untyped-def]
            from uno_web.core import Move

            return Move.draw(obs.seat)._replace(seat=(obs.seat + 1) % obs.n)

    with pytest.raises(IllegalBotMove):
        play_game(PRESETS["official"], [Cheater(), make_bot("easy")], seed=1, rounds=1)


def test_every_choice_is_one_of_the_moves_given() -> None:
    """Direct membership check over many decisions, independent of the driver."""
    from uno_web.core import apply, new_game, observe

    rules = PRESETS["house-party"]
    bots = bots_for(["normal", "easy", "hard"])
    rng = random.Random(5)
    s = new_game(rules, 3, 5)
    for _ in range(150):
        if s.phase >= 4:
            break
        seat = s.turn
        moves = legal_moves(s, seat)
        move = bots[seat].choose(observe(s, seat), moves, rng)
        assert move in moves
        s = apply(s, move).state
        for other in range(3):
            if other == s.turn or s.phase >= 4:
                continue
            om = legal_moves(s, other)
            if om:
                r = bots[other].react(observe(s, other), om, rng)
                assert r is None or r in om
                if r is not None:
                    s = apply(s, r).state
