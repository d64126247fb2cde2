"""The observation vector, block by block, against the documented layout (encoding.py's table),
computed here the plain way from the Observation: the encoder's fast paths (rotated tuple
slices, the reused discard counts) must give exactly these numbers."""

from __future__ import annotations

import random

import pytest

from uno_web.core import PRESETS, legal_moves, new_game, step
from uno_web.core.moves import MoveKind
from uno_web.core.observation import Observation, observe
from uno_web.core.state import Phase
from uno_web.rl.encoding import PHASES, ObservationEncoder


def _expected(enc: ObservationEncoder, obs: Observation) -> dict[str, int]:
    """Every named entry of the vector, the plain way."""
    n, seat = enc.n, obs.seat
    colors = list(enc.color_index)
    out: dict[str, int] = {}

    def cards(name: str, pile: tuple[int, ...]) -> None:
        for i, c in enumerate(enc.cards):
            out[f"{name}[{i}]"] = pile.count(c)

    cards("hand", obs.hand)
    cards("drawn", obs.drawn)
    cards("discard", obs.discard)
    for i, c in enumerate(enc.cards):
        out[f"top[{i}]"] = int(obs.top == c)
    for i, c in enumerate(colors):
        out[f"colour[{i}]"] = int(obs.color == c)
        out[f"plus4_colour[{i}]"] = int(obs.plus4_by >= 0 and obs.plus4_prev_color == c)
    for i in range(PHASES):
        out[f"phase[{i}]"] = int(obs.phase == i)
    out["pending"] = min(obs.pending, 255)
    out["draw_pile"] = obs.draw_count
    out["clockwise"] = int(obs.direction > 0)
    out["challengeable"] = int(obs.plus4_by >= 0)
    out["jump_window"] = int(obs.jump_window)
    for rel in range(n):
        t = (seat + rel) % n
        out[f"cards_held[{rel}]"] = obs.hand_counts[t]
        out[f"called_uno[{rel}]"] = int(obs.called[t])
        out[f"catchable[{rel}]"] = int(t in obs.catchable)
        out[f"in_game[{rel}]"] = int(obs.active[t])
        out[f"score[{rel}]"] = min(255, obs.scores[t] * 255 // enc.score_scale)
        out[f"on_turn[{rel}]"] = int(obs.turn == t)
        out[f"last_player[{rel}]"] = int(obs.last_player == t)
        out[f"dealer[{rel}]"] = int(obs.dealer == t)
    return out


@pytest.mark.parametrize("preset,players", [("official", 2), ("official", 4), ("house-party", 3),
                                            ("playing-cards", 5), ("everything-goes", 4)])
def test_every_entry_of_the_vector_is_what_the_layout_says(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    enc = ObservationEncoder(rules, players)
    rng = random.Random(f"{preset}{players}")
    seen = {"score": 0, "catchable": 0, "drawn": 0}
    for seed in range(3):
        s = new_game(rules, players, seed)
        for k in range(3000):  # into later rounds: scores and dealers move on
            if s.phase == Phase.GAME_OVER:
                break
            for seat in range(s.n) if k % 4 == 0 or s.phase != Phase.PLAY else ():
                obs = observe(s, seat)
                got = dict(zip(enc.names, enc.encode(obs).tolist()))
                assert got == _expected(enc, obs)
                seen["score"] += any(obs.scores)
                seen["catchable"] += bool(obs.catchable)
                seen["drawn"] += bool(obs.drawn)
            movers = [t for t in range(s.n) if legal_moves(s, t)]
            moves = legal_moves(s, rng.choice(movers))
            forgetful = [m for m in moves if not m.uno and m.kind != MoveKind.CALL_UNO]
            plays = [m for m in forgetful if m.kind == MoveKind.PLAY]  # so that rounds end
            step(s, rng.choice(plays or forgetful or moves))
    assert seen["score"] and seen["drawn"]  # the branches under test ran
    assert seen["catchable"] or not rules.uno_call
