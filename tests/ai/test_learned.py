"""Normal's learned correction (:mod:`uno_web.ai.learned`) and its training script
(``bench/learn_normal.py``): it reads only what the player may see, plays only where it was
fitted, and the fit recovers what the data hold."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from uno_web.ai import make_bot
from uno_web.ai.learned import FEATURES, features, fits, options
from uno_web.ai.learned_weights import WEIGHTS
from uno_web.ai.match import play_game
from uno_web.ai.memory import Memory
from uno_web.ai.normal import ScoreContext
from uno_web.core import PRESETS, legal_moves, new_game, observe
from uno_web.core.engine import step
from uno_web.core.moves import MoveKind
from uno_web.core.rules import resolve_rules
from uno_web.core.state import Phase

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))


def test_the_shipped_weights_name_every_feature_and_nothing_else() -> None:
    assert set(WEIGHTS) == set(FEATURES)
    assert len(FEATURES) == len(set(FEATURES))
    assert all(isinstance(v, float) for v in WEIGHTS.values())


def test_fitted_for_the_official_rules_whatever_the_scoring() -> None:
    assert fits(PRESETS["official"])
    assert fits(resolve_rules("official", {"scoring": "elimination", "target_score": 200}))
    assert fits(resolve_rules("official", {"uno_penalty": 4, "reshuffle": "shuffle"}))
    assert not fits(resolve_rules("official", {"stack_draw_two_on_draw_two": True}))
    assert not fits(resolve_rules("official", {"wild_draw_four": "anytime"}))
    for name in ("house-party", "playing-cards", "duo-uno-subset"):
        assert not fits(PRESETS[name])


def _turns(seed: int, plies: int = 400):  # type: ignore[no-untyped-def]
    """Observations at the turn decisions of a seeded two-player game of random moves."""
    s = new_game(PRESETS["official"], 2, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.phase >= Phase.ROUND_OVER:
            return
        moves = legal_moves(s, s.turn)
        if s.phase in (Phase.PLAY, Phase.DRAWN):
            yield s, observe(s, s.turn), moves
        step(s, rng.choice(moves))


def test_features_are_the_same_whatever_the_hidden_cards() -> None:
    """Swapping the opponent's cards with draw-pile cards (what the player cannot see) leaves
    every option's features unchanged."""
    checked = 0
    for seed in range(6):
        for s, obs, moves in _turns(seed):
            ctx = ScoreContext(obs)
            opts = options(ctx, moves)
            before = [features(ctx, Memory(), m, 1.0, 0.5) for m in opts]
            other = s.copy()
            opp = 1 - s.turn
            pool = list(other.hands[opp]) + list(other.draw)
            random.Random(seed).shuffle(pool)
            k = len(other.hands[opp])
            other.hands[opp] = pool[:k]
            other.draw = pool[k:]
            obs2 = observe(other, s.turn)
            ctx2 = ScoreContext(obs2)
            assert options(ctx2, moves) == opts
            assert [features(ctx2, Memory(), m, 1.0, 0.5) for m in opts] == before
            checked += 1
    assert checked > 50


def test_options_are_legal_and_cover_drawing_and_keeping() -> None:
    kinds: set[int] = set()
    for seed in range(10):
        for _, obs, moves in _turns(seed):
            opts = options(ScoreContext(obs), moves)
            assert all(m in moves for m in opts)
            assert len(set(opts)) == len(opts)
            kinds |= {m.kind for m in opts}
            assert len(features(ScoreContext(obs), Memory(), opts[0], 0.0, 0.0)) == len(FEATURES)
    assert {MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS} <= kinds


def _log(rules_name: str, learned: bool, seed: int) -> list[str]:
    moves: list[str] = []
    bots = [make_bot("normal", learned=learned), make_bot("easy")]
    play_game(resolve_rules(rules_name), bots, seed, rounds=1,
              on_move=lambda s, m: moves.append(str(m)))
    return moves


def test_the_correction_plays_only_where_it_was_fitted() -> None:
    """Under house rules Normal with and without the correction play the same games; under
    the official rules with two players the correction changes some choices."""
    for seed in range(3):
        assert _log("house-party", True, seed) == _log("house-party", False, seed)
    assert any(_log("official", True, seed) != _log("official", False, seed) for seed in range(6))


def test_the_learned_choice_is_the_best_valued_option() -> None:
    """The move Normal plays with the correction is the option with the highest weighted
    feature sum (recomputed here from the shipped weights), and a play's features carry
    Normal's own score and the card-counting block chance."""
    from uno_web.ai.learned import value
    from uno_web.ai.normal import NormalBot, no_match_chance
    from uno_web.core.cards import COLOR_OF, IS_WILD

    theta = [WEIGHTS[n] for n in FEATURES]
    at_normal, at_block = FEATURES.index("normal"), FEATURES.index("block")
    seen = 0
    for seed in range(4):
        for _, obs, moves in _turns(seed):
            bot = NormalBot(learned=True)
            if len(moves) == 1 or any(m.kind == MoveKind.CATCH for m in moves):
                continue
            if any(m.kind == MoveKind.CALL_UNO for m in moves) and len(obs.hand) == 1:
                continue
            ctx = ScoreContext(obs)
            opts = options(ctx, moves)
            if len(opts) < 2:
                continue
            hold = obs.phase != Phase.DRAWN
            xs = [bot.option_features(ctx, m, hold) for m in opts]
            for m, x in zip(opts, xs):
                if m.kind == MoveKind.PLAY:
                    col = m.color if IS_WILD[m.card] else COLOR_OF[m.card]
                    assert x[at_normal] == max(-6.0, min(6.0, bot.score(ctx, m, hold) / 10.0))
                    assert x[at_block] == no_match_chance(ctx, m.card, col, obs.hand_counts[ctx.nxt])
            vals = [value(x, theta) for x in xs]
            assert bot.best_move(obs, moves) == opts[vals.index(max(vals))]
            seen += 1
    assert seen > 20


def test_fit_recovers_the_weights_behind_the_data() -> None:
    """``bench/learn_normal.py``'s least squares on within-decision differences finds the
    weights that made the data, whatever each decision's own level."""
    import learn_normal
    import numpy as np  # installed with the dev extra (gymnasium needs it)

    rng = np.random.default_rng(3)
    true = rng.normal(size=5)
    xs, ys = [], []
    for _ in range(400):
        x = rng.normal(size=(int(rng.integers(2, 6)), 5))
        xs.append(x)
        ys.append(x @ true + rng.normal() * 5 + rng.normal(size=len(x)) * 0.01)
    theta = learn_normal.fit_weights(xs, ys, ridge=0.0)
    assert np.allclose(theta, true, atol=0.02)


def test_collect_plays_out_every_option_of_a_decision() -> None:
    """The training data: per decision, Normal's options at the true position, each with
    its wins out of k continuations, and Normal's own choice among them."""
    import learn_normal

    rows = learn_normal.collect(1, 4_000_000, 2)
    assert len(rows) > 5
    for r in rows:
        obs = r["obs"]
        assert obs.phase in (Phase.PLAY, Phase.DRAWN)
        assert len(r["options"]) >= 2 and len(r["wins"]) == len(r["options"])
        assert all(0 <= w <= r["k"] == 2 for w in r["wins"])
        assert 0 <= r["chosen"] < len(r["options"])


def test_normal_plays_with_the_correction_by_default_and_still_calls_uno() -> None:
    assert make_bot("normal").learned is True
    calls = 0
    for seed in range(8):
        def check(s, m):  # type: ignore[no-untyped-def]
            nonlocal calls
            if m.kind == MoveKind.PLAY and m.seat == 0 and len(s.hands[0]) == 1:
                assert m.uno, f"seed {seed}: {m} leaves one card without the call"
                calls += 1
        play_game(PRESETS["official"], [make_bot("normal"), make_bot("easy")], seed, rounds=1,
                  on_move=check)
    assert calls > 0


def test_the_docs_describe_the_shipped_features() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text()
    assert f"Each option is described by {len(FEATURES)}\nfeatures" in text


def test_a_bad_learned_option_is_refused_with_a_message() -> None:
    import pytest

    for level, option in (("normal", "learned"), ("hard", "learned_normal")):
        with pytest.raises(ValueError, match="true or false"):
            make_bot(level, **{option: "yes"})
