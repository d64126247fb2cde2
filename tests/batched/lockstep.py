"""Lock step: a batch of games on the batched engine and the same games on the reference engine,
driven by the same actions, compared after every step.

The reference side is the core (``new_game`` from the same deck order, ``legal_moves``,
``apply_in_place``, ``observe``) with the PettingZoo environment's procedure written out
(``uno_web.rl.aec``: reaction windows, the next round dealt at once, rewards at the end). The
two random sources are shared from the batched side: every pile it shuffles (a refill, a new
deal) is given to ``apply_in_place`` as the log's pile order (a refill the reference does not
need, or needs and is not given, is an error there), and the seat it asks next in a reaction
window must be one the reference would ask (not on turn, with a legal move, not asked yet).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np

from uno_web.batched import BatchedUno
from uno_web.batched.tables import MAX_REACTIONS
from uno_web.core.engine import apply_in_place, legal_moves, new_game
from uno_web.core.moves import Move, MoveKind
from uno_web.core.observation import observe
from uno_web.core.rules import RuleSet
from uno_web.core.state import GameState, Phase, deck_cards


class Mismatch(AssertionError):
    pass


@dataclass
class Game:
    """One game's reference side."""

    s: GameState
    asked: set[int] = field(default_factory=set)
    reactions: int = 0
    over: bool = False
    steps: int = 0


def _fail(g: int, step: int, what: str, batched: object, reference: object) -> Mismatch:
    return Mismatch(f"game {g}, step {step}: {what} differs: batched {batched!r}, "
                    f"reference {reference!r}")


class LockStep:
    """Runs ``games`` games of ``rules`` with ``players`` seats in one batch."""

    def __init__(self, env: BatchedUno, seed: int) -> None:
        self.env = env
        self.rules: RuleSet = env.rules
        self.n = env.players
        self.table = env.table
        self.enc = env.encoder
        self.rng = random.Random(seed)
        self.seed = seed
        self.used = np.zeros(env.num_actions, np.int64)  # how often each action was taken
        self.steps_compared = 0

    def run(self, games: int, policies: list[str], max_steps: int = 100_000) -> dict[str, Any]:
        env = self.env
        deck = list(deck_cards(self.rules.deck))
        orders = []
        for _ in range(games):
            order = deck[:]
            self.rng.shuffle(order)
            orders.append(order)
        state = env.init_from_orders(jax.random.key(self.seed), np.array(orders))
        ref = [Game(new_game(self.rules, self.n, deck_order=o)) for o in orders]
        rounds = 0
        for step in range(max_steps):
            host = jax.device_get(state)
            self._compare(host, ref, step)
            if all(r.over for r in ref):
                break
            actions = np.asarray(host.legal_action_mask).argmax(axis=1)  # finished: anything
            for g, r in enumerate(ref):
                if not r.over:
                    actions[g] = self._choose(np.flatnonzero(host.legal_action_mask[g]),
                                              policies[g % len(policies)])
            state = env.step(state, actions)
            after = jax.device_get(state)
            for g, r in enumerate(ref):
                if not r.over:
                    rounds += self._apply(g, step, r, host, after, int(actions[g]))
        else:
            raise AssertionError(f"{sum(not r.over for r in ref)} games not over after {max_steps} steps")
        return {"games": games, "steps": self.steps_compared, "rounds": rounds,
                "truncated": int(sum(r.steps >= env.max_steps for r in ref)),
                "batch_steps": step + 1,
                "actions_used": int((self.used > 0).sum()), "actions": env.num_actions}

    def _choose(self, legal: "np.ndarray[Any, Any]", policy: str) -> int:
        if policy == "random":
            a = int(legal[int(self.rng.random() * len(legal))])
        else:  # the rarest legal action so far (ties at random)
            counts = self.used[legal]
            rare = legal[counts == counts.min()]
            a = int(rare[int(self.rng.random() * len(rare))])
        self.used[a] += 1
        return a

    # the reference side ---------------------------------------------------------------------

    def _candidates(self, r: Game) -> list[int]:
        s = r.s
        if r.reactions >= MAX_REACTIONS:
            return []
        return [t for t in range(self.n)
                if t != s.turn and s.active[t] and t not in r.asked and legal_moves(s, t)]

    def _apply(self, g: int, step: int, r: Game, host: Any, after: Any, action: int) -> int:
        """Carry out ``action`` on the reference; 1 when a new round was dealt."""
        s = r.s
        seat = int(host.current_player[g])
        reacting = bool(host.reacting[g])
        if reacting and action == self.table.pass_action:
            r.asked.add(seat)
        else:
            move = self.table.moves[seat][action]
            shuffles = []
            if after.refills[g] != host.refills[g]:
                order = after.refill_order[g]
                shuffles.append([int(c) for c in self.env.cards(order[order >= 0])])
            try:
                apply_in_place(s, move, shuffles)
            except Exception as exc:  # a pile order the reference refuses: not the same draw
                raise _fail(g, step, f"applying {move}", "accepted", repr(exc)) from None
            r.steps += 1
            r.reactions = r.reactions + 1 if move.seat != s.turn else 0
            r.asked = set()
        rewards = np.zeros(self.n)
        if r.steps >= self.env.max_steps and s.phase != Phase.GAME_OVER:
            r.over = True  # truncated, as the environment's max_steps does: no rewards
            if not after.truncated[g] or after.terminated[g]:
                raise _fail(g, step, "truncated after max_steps", bool(after.truncated[g]), True)
            if not np.allclose(after.rewards[g], rewards):
                raise _fail(g, step, "rewards", after.rewards[g].tolist(), rewards.tolist())
            return 0
        if s.phase == Phase.ROUND_OVER:
            order = after.deal_order[g]
            deal = [int(c) for c in self.env.cards(order)]
            seat0 = s.active_seats()[0]
            try:
                apply_in_place(s, Move(MoveKind.NEXT_ROUND, seat0), [deal])
            except Exception as exc:
                raise _fail(g, step, "next round", "dealt", repr(exc)) from None
            r.reactions = 0
            r.asked = set()
            new_round = 1
        else:
            new_round = 0
        if s.phase == Phase.GAME_OVER:
            r.over = True
            rewards[:] = -1.0 / (self.n - 1)
            rewards[s.winner] = 1.0
            if not after.terminated[g]:
                raise _fail(g, step, "terminated", False, True)
            if int(after.winner[g]) != s.winner:
                raise _fail(g, step, "winner", int(after.winner[g]), s.winner)
        elif after.terminated[g] or after.truncated[g]:
            raise _fail(g, step, "terminated", True, False)
        if not np.allclose(after.rewards[g], rewards):
            raise _fail(g, step, "rewards", after.rewards[g].tolist(), rewards.tolist())
        return new_round

    def _compare(self, host: Any, ref: list[Game], step: int) -> None:
        n = self.n
        enc = self.enc
        env = self.env
        for g, r in enumerate(ref):
            if r.over:
                continue
            s = r.s
            self.steps_compared += 1
            seat = int(host.current_player[g])
            reacting = bool(host.reacting[g])
            cands = self._candidates(r)
            if reacting:
                if seat not in cands:
                    raise _fail(g, step, "seat asked in the reaction window", seat, cands)
            else:
                if cands:
                    raise _fail(g, step, "reaction window", "none", cands)
                if seat != s.turn:
                    raise _fail(g, step, "player to act", seat, s.turn)
            legal = sorted(self.table.index[seat][m] for m in legal_moves(s, seat))
            if reacting:
                legal = sorted(legal + [self.table.pass_action])
            mask = np.flatnonzero(host.legal_action_mask[g]).tolist()
            if mask != legal:
                names = self.table.name
                raise _fail(g, step, f"legal mask of seat {seat}", [names(a) for a in mask],
                            [names(a) for a in legal])
            obs = enc.encode(observe(s, seat))
            got = np.asarray(host.observation[g])
            if not np.array_equal(got, obs):
                bad = np.flatnonzero(got != obs)
                raise _fail(g, step, f"observation of seat {seat} at "
                            + ", ".join(enc.names[i] for i in bad[:6]),
                            got[bad[:6]].tolist(), obs[bad[:6]].tolist())
            # the hidden state too: hands, draw pile (order included), piles, turn
            hands = host.hands[g].astype(int)
            for t in range(n):
                want = np.zeros(len(enc.cards), int)
                for c in s.hands[t]:
                    want[enc.card_index[c]] += 1
                if not np.array_equal(hands[t], want):
                    raise _fail(g, step, f"hand of seat {t}", hands[t].tolist(), want.tolist())
            pile = env.cards(host.draw[g][:int(host.draw_n[g])]).tolist()
            if pile != s.draw:
                raise _fail(g, step, "draw pile (bottom first)", pile, s.draw)
            for name, got_v, want_v in (
                ("turn", int(host.turn[g]), s.turn),
                ("phase", int(host.phase[g]), int(s.phase)),
                ("direction", int(host.direction[g]), s.direction),
                ("pending", int(host.pending[g]), s.pending),
                ("scores", host.scores[g].tolist(), list(s.scores)),
                ("called", host.called[g].tolist(), list(s.called)),
                ("vulnerable", host.vuln[g].tolist(), [bool(v) for v in s.vuln]),
                ("dealer", int(host.dealer[g]), s.dealer),
                ("stuck", int(host.stuck[g]), s.stuck),
            ):
                if got_v != want_v:
                    raise _fail(g, step, name, got_v, want_v)
