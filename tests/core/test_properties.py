"""Property tests: seeded random games under every preset and random toggle combinations."""

from __future__ import annotations

import json
import random
from typing import get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_web.core import (
    PRESETS, Move, MoveKind, Phase, RuleSet, apply, check, check_deck, legal_moves, new_game,
)
from uno_web.core.cards import ALL_CARDS
from uno_web.core.gamelog import GameRecorder, validate_log
from uno_web.core.engine import apply_in_place, playable_cards
from uno_web.core.simulate import play_random_game, playable_now

# Numbers the random games keep small (so a game stays short); every other field is drawn
# from its declared type and range, so a new toggle is covered the moment it is declared.
_SMALL = {"hand_size": (1, 9), "target_score": (50, 200), "elimination_threshold": (50, 200),
          "uno_penalty": (0, 4), "drawn_joker_penalty": (0, 3), "misplay_penalty": (0, 2),
          "false_catch_penalty": (0, 2), "false_uno_penalty": (0, 2)}


def _values(name: str, spec) -> st.SearchStrategy:
    """Every value a RuleSet field may take, from its declaration."""
    if name in _SMALL:
        return st.integers(*_SMALL[name])
    if spec.annotation is bool:
        return st.booleans()
    args = get_args(spec.annotation)
    if args:  # a Literal
        return st.sampled_from(args)
    assert spec.annotation is int and spec.ge is not None, f"no strategy for RuleSet.{name}"
    return st.integers(spec.ge, min(spec.le or spec.ge + 10, spec.ge + 10))


TOGGLES = st.fixed_dictionaries({}, optional={
    name: _values(name, spec) for name, spec in RuleSet.model_fields.items()
})


def candidate_moves(s, seat, rng):
    """A superset sample of moves, legal and illegal, for the consistency property."""
    cards = s.hands[seat] + [rng.choice(ALL_CARDS) for _ in range(3)]
    out = [Move(k, seat) for k in (MoveKind.DRAW, MoveKind.PASS, MoveKind.CHALLENGE,
                                   MoveKind.ACCEPT, MoveKind.CALL_UNO, MoveKind.NEXT_ROUND)]
    for c in cards[:8]:
        out.append(Move.play(seat, c))
        out.append(Move.play(seat, c, rng.choice(s.r.colors)))
        out.append(Move.play(seat, c, -1, rng.randrange(s.n)))
        out.append(Move.play(seat, c, -1, -1, True))
    out.append(Move.choose_color(seat, rng.choice(s.r.colors)))
    out.append(Move.catch(seat, rng.randrange(s.n)))
    return out


def run_game(rules: RuleSet, players: int, seed: int, max_actions: int = 400) -> GameRecorder:
    """Play through the safe API with a random policy, checking every property on the way."""
    rec = GameRecorder(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        s = rec.state
        if s.phase == Phase.GAME_OVER:
            break
        # legality has one source of truth: check() agrees with legal_moves() for every seat
        for seat in range(s.n):
            legal = set(legal_moves(s, seat))
            for m in candidate_moves(s, seat, rng):
                v = check(s, m)
                # a move accepted at a cost (a P_ verdict) is never a legal move
                assert (v.ok and not v.penalized) == (m in legal), (s, m, v)
        # the playouts' fast playable-card check agrees with legal_moves
        if s.phase == Phase.PLAY:
            assert set(playable_now(s, s.turn)) == set(playable_cards(s, s.turn))
        # an illegal move leaves the state exactly as it was
        snap = s.snapshot()
        for m in candidate_moves(s, s.turn, rng)[:6]:
            if not check(s, m).ok:
                try:
                    apply(s, m)
                    raise AssertionError("apply accepted an illegal move")
                except Exception as exc:  # IllegalMove
                    assert type(exc).__name__ == "IllegalMove"
        assert s.snapshot() == snap
        seat = s.turn if s.phase != Phase.ROUND_OVER else s.active_seats()[0]
        movers = [seat] + [t for t in range(s.n) if t != seat and s.active[t]]
        choices = [m for t in movers for m in legal_moves(s, t)]
        plays = [m for m in choices if m.kind == MoveKind.PLAY and m.seat == seat]
        m = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(choices)
        if rng.random() < 0.1:  # now and then a mistake the house rules let cost cards
            costly = [c for c in candidate_moves(s, rng.choice(movers), rng) if check(s, c).penalized]
            m = rng.choice(costly) if costly else m
        mine = s.copy()  # the validator's in-place path does to a copy what apply does
        in_place = apply_in_place(mine, m)
        t = rec.apply(m)
        assert mine.snapshot() == t.state.snapshot(), (s, m)
        assert (in_place is None) == (not t.verdict.penalized), (m, t.verdict, in_place)
        report = check_deck(rec.state)
        assert report.ok, report.message
    return rec


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_games_under_every_preset_keep_every_invariant_and_their_logs_validate(preset, players, seed):
    rules = PRESETS[preset]
    if players * rules.hand_size >= 54 and rules.deck != "uno":
        players = 3
    rec = run_game(rules, players, seed, max_actions=150)
    report = validate_log(rec.to_json())
    assert report.valid, report.failure
    assert report.actions_checked == sum(len(r["actions"]) for r in rec.rounds)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(toggles=TOGGLES, players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_random_toggle_combinations(toggles, players, seed):
    rules = RuleSet(**toggles)
    rec = run_game(rules, players, seed, max_actions=150)
    report = validate_log(rec.to_json())
    assert report.valid, report.failure


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(toggles=TOGGLES, players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_fast_playouts_under_random_toggles_end_and_keep_the_deck(toggles, players, seed):
    rules = RuleSet(**{**toggles, "scoring": "single-round"})
    s = play_random_game(rules, players, seed)
    assert s.phase == Phase.GAME_OVER and s.winner >= 0
    assert check_deck(s).ok


def test_thousands_of_fast_games_end_without_error_and_keep_the_deck():
    for seed in range(2000):
        preset = sorted(PRESETS)[seed % len(PRESETS)]
        rules = PRESETS[preset].model_copy(update={"scoring": "single-round"})
        players = 2 + seed % (4 if rules.deck != "uno" else 9)
        s = play_random_game(rules, players, seed)
        assert s.phase == Phase.GAME_OVER and s.winner >= 0
        assert check_deck(s).ok


def _recorded(seed=3, players=3, preset="official", rounds_min=1):
    rec = run_game(PRESETS[preset], players, seed, max_actions=300)
    return json.loads(rec.to_json())


def test_tampered_logs_are_rejected_with_the_right_code():
    data = _recorded()
    acts = data["rounds"][0]["actions"]
    # an action out of turn
    bad = json.loads(json.dumps(data))
    i = next(i for i, a in enumerate(acts) if a["kind"] in ("play", "draw"))
    bad["rounds"][0]["actions"][i]["seat"] = (acts[i]["seat"] + 1) % 3
    assert validate_log(bad).failure["code"] in ("E_NOT_TURN",)
    assert validate_log(bad).failure["action_index"] == i
    # a card swapped for one the player does not hold
    bad = json.loads(json.dumps(data))
    i = next(i for i, a in enumerate(acts) if a["kind"] == "play" and not a["card"].startswith("W"))
    played = acts[i]["card"]
    colour = played[0]
    bad["rounds"][0]["actions"][i]["card"] = colour + ("+2" if played[1:] != "+2" else "7")
    failure = validate_log(bad).failure
    assert failure["code"] in ("E_CARD_NOT_OWNED", "E_NO_MATCH") and failure["index"] == i
    # the deck order with a duplicated card
    bad = json.loads(json.dumps(data))
    bad["rounds"][0]["deck"][5] = bad["rounds"][0]["deck"][6]
    assert validate_log(bad).failure["code"] == "E_DECK_ORDER"


def test_tampered_reshuffles_are_rejected():
    # find a recorded game with a reshuffle
    for seed in range(200):
        rec = run_game(RuleSet(hand_size=9), 6, seed, max_actions=400)
        data = json.loads(rec.to_json())
        where = [(r, j) for r, rnd in enumerate(data["rounds"])
                 for j, a in enumerate(rnd["actions"]) if a["reshuffles"]]
        if where:
            break
    else:  # pragma: no cover
        raise AssertionError("no reshuffle in 200 games")
    r, j = where[0]
    assert validate_log(data).valid
    bad = json.loads(json.dumps(data))
    bad["rounds"][r]["actions"][j]["reshuffles"][0].pop()
    assert validate_log(bad).failure["code"] == "E_RESHUFFLE_NOT_PERMUTATION"
    bad = json.loads(json.dumps(data))
    bad["rounds"][r]["actions"][j]["reshuffles"] = []
    assert validate_log(bad).failure["code"] == "E_RESHUFFLE_MISSING"
    bad = json.loads(json.dumps(data))
    bad["rounds"][0]["actions"][0]["reshuffles"] = [["R1"]]
    if (r, j) != (0, 0):
        assert validate_log(bad).failure["code"] in ("E_RESHUFFLE_UNEXPECTED", "E_RESHUFFLE_NOT_PERMUTATION")


def test_playout_card_picker_is_used():
    from uno_web.core.cards import POINTS_OF
    from uno_web.core.simulate import random_playout

    picked: list[int] = []

    def highest(s, seat, ok, rng):
        card = max(ok, key=lambda c: POINTS_OF[c])
        picked.append(card)
        return card

    s = new_game(RuleSet(), 3, 5)
    random_playout(s, random.Random(1), pick=highest)
    assert picked and s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
