"""The coach: the hint's move is legal, hint and review see only the observation, a planted
blunder is marked and the Hard bot's own round is not; every fact has its English and Finnish."""

from __future__ import annotations

import random

import pytest

from uno_web.ai.coach import (
    Advice, Why, decisions_of, hint, observation_seed, review, round_decisions, whys_for,
)
from uno_web.ai.hard import HardBot
from uno_web.ai.normal import NormalBot
from uno_web.core import Move, MoveKind, legal_moves, observe, parse_move, resolve_rules
from uno_web.core.engine import apply
from uno_web.core.observation import sample_state
from uno_web.core.position import Position, build_state
from uno_web.core.state import GameState, Phase
from uno_web.i18n.coach import _WHY, advice_text, mark_text

NAMES = ["You", "Ada", "Ben", "Cleo"]


def _state(hands: list[str], top: str, **kw: object) -> GameState:
    return build_state(Position(hands=hands, top=top, seed=3, **kw))  # type: ignore[arg-type]


def _dealt_positions(seed: int, players: int, count: int) -> list[GameState]:
    """States of a seeded Normal-vs-Normal game where seat 0 is on turn with a choice."""
    from uno_web.core import new_game

    s = new_game(resolve_rules("official"), players, seed)
    bots = [NormalBot() for _ in range(players)]
    rng = random.Random(seed)
    out: list[GameState] = []
    for _ in range(400):
        if s.phase >= Phase.ROUND_OVER or len(out) >= count:
            break
        seat = s.turn
        moves = legal_moves(s, seat)
        if seat == 0 and len(moves) > 1:
            out.append(s)
        s = apply(s, bots[seat].choose(observe(s, seat), moves, rng)).state
    return out


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (5, 4)])
def test_hint_move_is_legal_and_explained(seed: int, players: int) -> None:
    states = _dealt_positions(seed, players, 4)
    assert states
    for s in states:
        moves = legal_moves(s, 0)
        advice = hint(observe(s, 0), moves, iterations=12)
        assert isinstance(advice, Advice)
        assert advice.move in moves
        assert advice.whys and all(w.code in {k.split("/")[0] for k in _WHY} for w in advice.whys)
        en = advice_text(advice, NAMES, "en")
        fi = advice_text(advice, NAMES, "fi")
        assert en.endswith(".") and fi.endswith(".") and en != fi


def test_hint_stops_the_player_about_to_win() -> None:
    """Ada holds one card: the hint plays the Skip on her and says so, with the skip."""
    s = _state(["RS G3 B4 Y6", "R1", "B5 B6 G7"], "R2")
    advice = hint(observe(s, 0), legal_moves(s, 0), iterations=64)
    assert advice.move.kind == MoveKind.PLAY and advice.move.card == parse_move("P0:RS").card
    assert advice.whys[0] == Why("stop_next", seat=1, n=1, card=advice.move.card)
    assert advice_text(advice, NAMES, "en").startswith(
        "Play red Skip: Ada has one card left and misses the turn")
    assert advice_text(advice, NAMES, "fi").startswith(
        "Pelaa punainen ohitus: Adalla on enää yksi kortti, ja hän menettää vuoronsa")


def test_hint_refuses_when_it_is_not_your_turn() -> None:
    s = _state(["R3 G3", "R1 R2", "G5"], "R5", turn=1)
    with pytest.raises(ValueError, match="own turn"):
        hint(observe(s, 0), legal_moves(s, 0))
    with pytest.raises(ValueError):
        hint(observe(s, 0), [])


def _same_observation_other_cards(s: GameState, seat: int, seed: int) -> GameState:
    """A state with the same observation for ``seat`` but the hidden cards dealt again."""
    other = sample_state(observe(s, seat), random.Random(seed))
    assert observe(other, seat) == observe(s, seat)
    assert other.hands != s.hands or other.draw != s.draw
    return other


def test_hint_and_review_ignore_the_hidden_cards() -> None:
    s = _state(["W+4 G9 B7 Y2", "R1", "G2 G4 B8"], "R9")
    t = _same_observation_other_cards(s, 0, 11)
    a = hint(observe(s, 0), legal_moves(s, 0), iterations=24)
    b = hint(observe(t, 0), legal_moves(t, 0), iterations=24)
    assert a == b
    played = parse_move("P0:G9")
    assert review(decisions_of([(s, played)], 0), deals=64) == review(
        decisions_of([(t, played)], 0), deals=64)
    assert observation_seed(observe(s, 0), "x") == observation_seed(observe(t, 0), "x")


def test_planted_blunder_is_marked() -> None:
    """Keeping the Wild Draw Four while Ada holds one card is marked; playing it is not."""
    s = _state(["W+4 G9", "R1"], "R9")
    marks = review(decisions_of([(s, parse_move("P0:G9"))], 0))
    assert len(marks) == 1
    mark = marks[0]
    assert mark.best.card == parse_move("P0:W+4=G").card
    assert mark.chance_best - mark.chance_played > 2 * mark.stderr
    assert mark.gap >= 0.05
    en, better = mark_text(mark, NAMES, "en")
    assert en.startswith("Move 1, you chose: play green 9")
    assert "Ada has one card left" in better
    fi = " ".join(mark_text(mark, NAMES, "fi"))
    assert "Adalla on enää yksi kortti" in fi and "Ada has" not in fi
    assert review(decisions_of([(s, mark.best)], 0)) == []


def test_a_round_of_hard_moves_is_not_marked() -> None:
    from uno_web.core.gamelog import GameRecorder

    rec = GameRecorder(resolve_rules("official"), ["Hard", "Normal"], 7)
    bots = {0: HardBot(iterations=48), 1: NormalBot()}
    rng = random.Random(7)
    pairs: list[tuple[GameState, Move]] = []
    for _ in range(300):
        s = rec.state
        if s.phase >= Phase.ROUND_OVER:
            break
        seat = s.turn
        move = bots[seat].choose(observe(s, seat), legal_moves(s, seat), rng)
        pairs.append((s, move))
        rec.apply(move)
    decisions = decisions_of(pairs, 0)
    assert len(decisions) >= 3
    assert review(decisions) == []
    # the log replays to the same decisions
    from_log = round_decisions(rec.log(), 0)
    assert [d.played for d in from_log] == [d.played for d in decisions]
    assert [d.obs for d in from_log] == [d.obs for d in decisions]


def test_every_fact_has_english_and_finnish() -> None:
    for key, (en, fi) in _WHY.items():
        assert en and fi and en != fi, key
    s = _state(["R3 G3 W", "R1 R2", "G5"], "R5")
    for m in legal_moves(s, 0):
        for w in whys_for(observe(s, 0), legal_moves(s, 0), m):
            assert w.code in {k.split("/")[0] for k in _WHY}
