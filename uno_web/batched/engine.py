# uno_web: cli-only
"""The batched engine: pure functions over a batch of games, written once for ``jax.numpy``.

One game's logic is written for one game and ``jax.vmap``-ed over the batch; the shuffles (a
new draw pile from the discard pile, a new deal) are the one costly part (a sort of 108 keys),
so they are made between the vmapped stages, only for the games that need one, a fixed number
of lanes at a time. See ``docs/batched.md``.
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple, cast

import jax
import jax.numpy as jnp
import numpy as np

from ..core.cards import Effect
from ..core.state import Phase
from .tables import MAX_REACTIONS, KINDS, Tables

__all__ = ["State", "Engine"]

PLAY, DRAW, PASS, CHOOSE_COLOR, CALL_UNO, CATCH, CHALLENGE, ACCEPT, NEXT_ROUND = (
    KINDS[k] for k in ("PLAY", "DRAW", "PASS", "CHOOSE_COLOR", "CALL_UNO", "CATCH", "CHALLENGE",
                       "ACCEPT", "NEXT_ROUND"))
PH_PLAY, PH_DRAWN, PH_CHOOSE, PH_PENALTY, PH_ROUND_OVER, PH_GAME_OVER = (int(p) for p in Phase)
EF_SKIP, EF_REVERSE, EF_WILD = int(Effect.SKIP), int(Effect.REVERSE), int(Effect.WILD)

i32 = jnp.int32
i8 = jnp.int8
FEW = 8  # a draw of at most this many cards reads only the pile's top (official rules: <= 6)


class State(NamedTuple):
    """A batch of games; every array has the batch as its first axis (``key`` aside).

    What an agent reads: ``observation`` (the acting seat's vector, ``ObservationEncoder``'s
    layout), ``legal_action_mask`` (``ActionTable``'s numbering), ``current_player`` (the seat
    to act), ``reacting`` (the seat acts in a reaction window), ``rewards`` (per seat, of the
    last step), ``terminated`` / ``truncated`` (the last step ended the game; with automatic
    reset the observation is already the next game's). The rest is the game."""

    hands: jax.Array  # int8 [B, n, C] copies of each card in each hand
    draw: jax.Array  # int8 [B, D] the draw pile, bottom first; [0, draw_n) holds it
    draw_n: jax.Array
    discard: jax.Array  # int8 [B, C] copies of each card in the discard pile
    top: jax.Array
    color: jax.Array  # -1 while none
    direction: jax.Array
    turn: jax.Array
    phase: jax.Array
    pending: jax.Array
    drawn: jax.Array  # int8 [B, C] the cards just drawn (drawn phase)
    plus4_by: jax.Array
    plus4_bluff: jax.Array
    plus4_prev: jax.Array
    called: jax.Array  # bool [B, n]
    vuln: jax.Array  # bool [B, n] may be caught for a missed UNO call
    scores: jax.Array  # int32 [B, n]
    dealer: jax.Array
    stuck: jax.Array
    last_player: jax.Array
    current_player: jax.Array
    reacting: jax.Array
    asked: jax.Array  # bool [B, n] seats that let the open reaction window go
    reactions: jax.Array
    steps: jax.Array
    terminated: jax.Array
    truncated: jax.Array
    rewards: jax.Array  # float32 [B, n]
    winner: jax.Array  # the seat that won the game the last step ended, else -1
    observation: jax.Array  # uint8 [B, O]
    legal_action_mask: jax.Array  # bool [B, A]
    refills: jax.Array  # draw piles made from the discard pile in this batch slot so far
    deals: jax.Array  # rounds dealt in this batch slot so far
    refill_order: jax.Array  # int8 [B, D] (record only) the last refill's order, top first
    deal_order: jax.Array  # int8 [B, D] (record only) the last deal's order, top first
    key: jax.Array


# vmap axes of a State: every field but the batch's one key
AX = State._make([0] * (len(State._fields) - 1) + [None])


def _take(s: State, rows: jax.Array) -> State:
    """The games at ``rows`` (the key kept)."""
    return State._make([*(getattr(s, f)[rows] for f in State._fields[:-1]), s.key])


def _put(s: State, rows: jax.Array, sub: State) -> State:
    """``s`` with the games at ``rows`` replaced by ``sub``'s (rows out of range dropped)."""
    return State._make([*(getattr(s, f).at[rows].set(getattr(sub, f), mode="drop")
                          for f in State._fields[:-1]), s.key])


def _sorted_slots(key: jax.Array, in_set: jax.Array) -> jax.Array:
    """For each row of ``in_set`` (bool [R, D], D <= 128), the slots in the set in a uniformly
    random order, then the others: one sort of 32-bit words, a random key above the slot."""
    R, D = in_set.shape
    bits = jax.random.bits(key, (R, D), jnp.uint32)
    slot = jnp.arange(D, dtype=jnp.uint32)
    words = jnp.where(in_set, (bits & jnp.uint32(0xFFFFFF80)) | slot, jnp.uint32(0xFFFFFFFF))
    return cast(jax.Array, (jnp.sort(words, axis=1) & jnp.uint32(0x7F)).astype(i32))


class Engine:
    """The jitted functions of one table (rules and number of players)."""

    def __init__(self, t: Tables, *, auto_reset: bool = True, record: bool = False,
                 max_steps: int = 20_000, illegal_reward: float = -1.0,
                 lanes: int | None = None) -> None:
        self.t = t
        self.auto_reset = auto_reset
        self.record = record
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.lanes = lanes
        n, C = t.n, t.C
        # device constants
        self.c_color = jnp.asarray(t.color)
        self.c_effect = jnp.asarray(t.effect)
        self.c_points = jnp.asarray(t.points)
        self.c_wild = jnp.asarray(t.is_wild)
        self.c_seven = jnp.asarray(t.is_seven)
        self.c_zero = jnp.asarray(t.is_zero)
        self.c_plus4 = jnp.asarray(t.is_plus4)
        self.c_match = jnp.asarray(t.match)
        self.c_amount = jnp.asarray(t.amount)
        self.c_responds = jnp.asarray(t.responds)
        self.c_answers = jnp.asarray(t.answers)
        self.c_deck = jnp.asarray(t.deck)
        self.c_copy = jnp.asarray(t.copy)
        self.c_back = jnp.asarray(t.first_back)
        self.a_kind = jnp.asarray(t.a_kind)
        self.a_card = jnp.asarray(t.a_card)
        self.a_color = jnp.asarray(t.a_color)
        self.a_target = jnp.asarray(t.a_target)
        self.a_uno = jnp.asarray(t.a_uno)
        self.a_is_play = self.a_kind == PLAY
        self.a_card0 = jnp.maximum(self.a_card, 0)
        self.seats = jnp.arange(n, dtype=i32)
        self.m_index = jnp.asarray(self._mask_index())
        self.card_range = jnp.arange(C, dtype=i32)
        self.init = jax.jit(self._init, static_argnums=1)
        self.init_from_orders = jax.jit(self._init_from_orders)
        self.step = jax.jit(self._step)
        self.reset_done = jax.jit(self._reset_done)

    # ---------------------------------------------------------------------------------------
    # small helpers (one game)
    # ---------------------------------------------------------------------------------------

    def _next(self, seat: jax.Array, direction: jax.Array, k: int = 1) -> jax.Array:
        return (seat + direction * k) % self.t.n

    def _ok_cards(self, s: State, hand: jax.Array, phase: jax.Array) -> jax.Array:
        """bool [C]: the cards that may be played now from ``hand`` (matching, a pending draw
        card's answers, a strict Wild Draw Four), whether or not they are held."""
        t = self.t
        col = s.color
        row = self.c_match[jnp.maximum(col, 0), jnp.maximum(s.top, 0)]
        ok = row & (col >= 0)
        ok = ok & ((phase != PH_PENALTY) | self.c_answers[jnp.maximum(s.top, 0)])
        if t.strict_plus4:
            has_color = jnp.any((hand > 0) & (self.c_color == col))
            ok = ok & ~(self.c_plus4 & (col >= 0) & has_color)
        return ok

    def _mask_index(self) -> Any:
        """int [A]: each action's entry in ``_mask``'s feature vector (numpy, static): a play
        reads its card's entry in one of four blocks (with or without the UNO call, with or
        without a 7-0 swap target), every other action its kind's flag or its catch target."""
        t = self.t
        C, n = t.C, t.n
        k = t.a_kind
        play = (t.a_target >= 1) * 2 * C + t.a_uno * C + np.maximum(t.a_card, 0)
        flags = {DRAW: 0, PASS: 1, CHOOSE_COLOR: 2, CHALLENGE: 3, ACCEPT: 4, CALL_UNO: 5}
        other = np.array([4 * C + flags.get(int(x), 6) for x in k])  # 6: never (NEXT_ROUND)
        catch = 4 * C + 7 + np.maximum(t.a_target, 0)
        return np.where(k == PLAY, play, np.where(k == CATCH, catch, other)).astype(np.int32)

    def _mask(self, s: State) -> jax.Array:
        """bool [A]: the legal actions of the acting seat (one game): the game's flags (per
        card, per kind, per catch target) gathered into the action numbering."""
        t = self.t
        n = t.n
        seat = s.current_player
        mine = self.seats[:, None] == seat
        hand = jnp.where(mine, s.hands, 0).sum(axis=0, dtype=i32)
        counts = s.hands.sum(axis=1, dtype=i32)
        hlen = hand.sum()
        called = jnp.any(s.called & (self.seats == seat))
        on_turn = (seat == s.turn) & ~s.reacting
        phase = s.phase
        source = jnp.where(phase == PH_DRAWN, s.drawn.astype(i32), hand)
        ok = self._ok_cards(s, hand, phase)
        playable = (source > 0) & ok & on_turn & (
            (phase == PH_PLAY) | (phase == PH_DRAWN) | (phase == PH_PENALTY))
        any_play = jnp.any(playable)
        with_uno = t.uno_call & (hlen == 2) & ~called
        if t.seven_swap:
            swap = self.c_seven & (hlen > 1)
            plain, targeted = playable & ~swap, playable & swap
        else:
            plain, targeted = playable, jnp.zeros(t.C, bool)
        draw_ok = on_turn & (phase == PH_PLAY)
        if not t.may_draw_when_playable:
            draw_ok = draw_ok & ~any_play
        pass_ok = on_turn & (phase == PH_DRAWN)
        if t.forced_play:
            pass_ok = pass_ok & ~any_play
        pass_ok = pass_ok | s.reacting
        choose_ok = on_turn & (phase == PH_CHOOSE)
        challenge_ok = on_turn & (phase == PH_PENALTY) & (s.plus4_by >= 0) & t.challenge
        accept_ok = on_turn & (phase == PH_PENALTY)
        if t.uno_call:
            two = (hlen == 2) & on_turn & t.uno_call_with_two & (
                (phase == PH_PLAY) | (phase == PH_DRAWN) | ((phase == PH_PENALTY) & any_play))
            call_ok = ~called & ((hlen == 1) | two)
            # catch_ok[o]: the seat o places on may be caught
            rot = (seat + self.seats) % n
            vic = (self.seats[None, :] == rot[:, None])
            catch = jnp.any(vic & (s.vuln & (counts == 1))[None, :], axis=1) & (self.seats >= 1)
        else:
            call_ok = jnp.bool_(False)
            catch = jnp.zeros(n, bool)
        flags = jnp.stack([draw_ok, pass_ok, choose_ok, challenge_ok, accept_ok, call_ok,
                           jnp.bool_(False)])
        feats = jnp.concatenate([plain, plain & with_uno, targeted, targeted & with_uno, flags,
                                 catch])
        return feats[self.m_index]

    def _observe(self, s: State) -> jax.Array:
        """uint8 [O]: ``ObservationEncoder.encode(observe(state, current_player))``."""
        t = self.t
        n = t.n
        o = s.current_player
        mine = self.seats[:, None] == o
        # vic[i, j]: seat j is the one i places after the observer (one-hot rows: no gathers)
        vic = self.seats[None, :] == (o + self.seats)[:, None] % n
        counts = s.hands.sum(axis=1, dtype=i32)
        u8 = jnp.uint8

        def onehot(i: jax.Array, size: int) -> jax.Array:
            return ((jnp.arange(size) == i) & (i >= 0)).astype(u8)

        def rotated(x: jax.Array) -> jax.Array:
            return jnp.where(vic, x[None, :], 0).sum(axis=1).astype(u8)

        catchable = s.vuln & (counts == 1) & ~s.called
        scores = jnp.minimum(255, s.scores * 255 // t.score_scale)
        challengeable = s.plus4_by >= 0
        parts = [
            jnp.where(mine, s.hands, 0).sum(axis=0).astype(u8),
            jnp.where(o == s.turn, s.drawn, 0).astype(u8),
            s.discard.astype(u8),
            onehot(s.top, t.C),
            onehot(s.color, t.K),
            onehot(s.phase, 6),
            jnp.minimum(s.pending, 255).astype(u8)[None],
            s.draw_n.astype(u8)[None],
            (s.direction > 0).astype(u8)[None],
            challengeable.astype(u8)[None],
            jnp.zeros(1, u8),
            onehot(jnp.where(challengeable, s.plus4_prev, -1), t.K),
            rotated(counts),
            rotated(s.called.astype(i32)),
            rotated(catchable.astype(i32)),
            jnp.ones(n, u8),
            rotated(scores),
            onehot((s.turn - o) % n, n),
            onehot(jnp.where(s.last_player >= 0, (s.last_player - o) % n, -1), n),
            onehot((s.dealer - o) % n, n),
        ]
        return jnp.concatenate(parts)

    # ---------------------------------------------------------------------------------------
    # dealing (one game)
    # ---------------------------------------------------------------------------------------

    def _deal(self, s: State, order: jax.Array, new_game: jax.Array) -> State:
        """Deal a round from ``order`` (card indexes, top first); a new game when
        ``new_game`` (scores cleared, the last seat deals), else the next round (the deal
        moves one seat on)."""
        t = self.t
        n, C, D = t.n, t.C, t.D
        order = order.astype(i32)
        dealer = jnp.where(new_game, n - 1, (s.dealer + 1) % n)
        first = (dealer + 1) % n
        dealt = t.hand_size * n
        pos = jnp.arange(D)
        seat_of = (first + pos) % n
        hands = jnp.zeros((n, C), i32).at[seat_of, order].add((pos < dealt).astype(i32))
        keep = (pos >= dealt) & ~self.c_back[order]
        f = jnp.argmax(keep)  # the first card turned up that stays
        card = order[f]
        L = D - dealt - 1
        rest = D - f - 1  # cards after it; then the returned cards, in the order turned up
        j = L - 1 - pos
        src = jnp.where(j < rest, f + 1 + j, dealt + j - rest)
        draw = jnp.where(pos < L, order[jnp.clip(src, 0, D - 1)], 0)
        draw_n = jnp.asarray(L, i32)
        eff = self.c_effect[card]
        wild = eff == EF_WILD
        amount = self.c_amount[card]
        # a Draw Two turned up: the first player draws it and is skipped (no refill: the
        # discard pile holds one card)
        take = jnp.minimum(amount, draw_n)
        got = (pos >= draw_n - take) & (pos < draw_n)
        extra = jnp.zeros(C, i32).at[draw].add(got.astype(i32))
        hands = hands.at[first].add(extra)
        draw_n = draw_n - take
        direction = jnp.where(eff == EF_REVERSE, -1, 1)
        turn = jnp.where(eff == EF_REVERSE, dealer,
                         jnp.where((eff == EF_SKIP) | (amount > 0), (first + 1) % n, first))
        z = jnp.zeros(n, bool)
        return s._replace(
            hands=hands.astype(i8), draw=draw.astype(i8), draw_n=draw_n,
            discard=(self.card_range == card).astype(i8), top=card,
            color=jnp.where(wild, -1, self.c_color[card]), direction=direction, turn=turn,
            phase=jnp.where(wild, PH_CHOOSE, PH_PLAY), pending=jnp.asarray(0, i32),
            drawn=jnp.zeros(C, i8), plus4_by=jnp.asarray(-1, i32),
            plus4_bluff=jnp.bool_(False), plus4_prev=jnp.asarray(-1, i32), called=z, vuln=z,
            scores=jnp.where(new_game, 0, s.scores), dealer=dealer,
            stuck=jnp.asarray(0, i32), last_player=jnp.asarray(-1, i32), asked=z,
            reactions=jnp.asarray(0, i32), steps=jnp.where(new_game, 0, s.steps),
            deals=s.deals + 1,
            deal_order=order.astype(i8) if self.record else s.deal_order,
        )

    # ---------------------------------------------------------------------------------------
    # the window and the acting seat (one game)
    # ---------------------------------------------------------------------------------------

    def _select(self, s: State, u: jax.Array) -> State:
        """Offer a reaction window or hand the turn over (``uno_web.rl.aec``'s procedure: the
        seats not on turn with a legal move are asked one at a time in a random order; ``u``,
        a random 32-bit word, picks the next); then the observation and the mask."""
        t = self.t
        if t.uno_call:
            counts = s.hands.astype(i32).sum(axis=1)
            late = ~s.called & (counts == 1)
            catchable = s.vuln & (counts == 1)
            # seat i may catch some other seat: any catchable seat but itself
            n_catch = catchable.sum()
            may_catch = (n_catch - catchable.astype(i32)) > 0
            cand = (late | may_catch) & (self.seats != s.turn) & ~s.asked & (
                s.reactions < MAX_REACTIONS) & (s.phase < PH_ROUND_OVER)
            # the r-th candidate, r uniform below their number m (24 bits of u: each seat's
            # chance is 1/m within 2**-24)
            m = cand.sum(dtype=jnp.uint32)
            r = ((u >> 8) * m >> 24).astype(i32)
            before = (cand[None, :] & (self.seats[None, :] < self.seats[:, None])).sum(
                axis=1, dtype=i32)  # candidates before each seat
            pick = jnp.argmax(cand & (before == r)).astype(i32)
            reacting = jnp.any(cand)
        else:
            pick = s.turn
            reacting = jnp.bool_(False)
        s = s._replace(current_player=jnp.where(reacting, pick, s.turn), reacting=reacting)
        return s._replace(observation=self._observe(s), legal_action_mask=self._mask(s))

    # ---------------------------------------------------------------------------------------
    # a move, up to its draw (one game)
    # ---------------------------------------------------------------------------------------

    def _move(self, s: State, a: jax.Array) -> tuple[State, dict[str, jax.Array]]:
        t = self.t
        n = t.n
        live = ~(s.terminated | s.truncated)
        valid = (a >= 0) & (a < t.A)
        a = jnp.clip(a, 0, t.A - 1)
        legal = s.legal_action_mask[a] & live & valid
        illegal = live & ~legal
        kind = self.a_kind[a]
        c = self.a_card0[a]
        seat = s.current_player
        react_pass = legal & s.reacting & (kind == PASS)
        act = legal & ~react_pass
        hands = s.hands.astype(i32)
        me = self.seats == seat
        hand = jnp.where(me[:, None], hands, 0).sum(axis=0)
        hlen = hand.sum()
        d = s.direction
        turn_move = act & ((kind == PLAY) | (kind == DRAW) | (kind == PASS) | (kind == ACCEPT)
                           | (kind == CHALLENGE) | (kind == CHOOSE_COLOR))
        vuln = jnp.where(turn_move, False, s.vuln)  # a turn move closes the catch window
        called = s.called
        # --- CALL_UNO
        is_call = act & (kind == CALL_UNO)
        called = called | (me & is_call)
        vuln = vuln & ~(me & is_call)
        # --- CATCH
        is_catch = act & (kind == CATCH)
        target = (seat + self.a_target[a]) % n
        vuln = jnp.where(is_catch & (self.seats == target), False, vuln)
        # --- PLAY
        is_play = act & (kind == PLAY)
        eff = self.c_effect[c]
        prev = s.color
        was_pen = s.phase == PH_PENALTY
        plus4 = is_play & self.c_plus4[c]
        bluff = (prev >= 0) & jnp.any((hand > 0) & (self.c_color == prev))
        hands = hands - (me[:, None] & is_play & (self.card_range == c)[None, :]).astype(i32)
        discard = s.discard.astype(i32) + jnp.where(is_play, self.card_range == c, False)
        top = jnp.where(is_play, c, s.top)
        color = jnp.where(is_play, jnp.where(self.c_wild[c], self.a_color[a], self.c_color[c]),
                          s.color)
        left = hlen - 1
        if t.uno_call:
            safe = self.a_uno[a] | jnp.any(called & me)
            one = is_play & (left == 1)
            called = jnp.where(me, jnp.where(one, safe, jnp.where(is_play, False, called)), called)
            vuln = vuln | (me & one & ~safe)
        amount = self.c_amount[c]
        plus4_by = jnp.where(is_play, jnp.where(plus4 & t.challenge, seat, -1), s.plus4_by)
        plus4_prev = jnp.where(plus4, prev, s.plus4_prev)
        plus4_bluff = jnp.where(plus4, bluff, s.plus4_bluff)
        total = amount + jnp.where(was_pen, s.pending, 0)
        out = is_play & (left == 0)
        stays = is_play & (left > 0)
        # 7-0
        if t.seven_swap:
            swap = stays & self.c_seven[c] & (self.a_target[a] >= 1)
            other = self.seats == target
            hs = jnp.where(me[:, None], hands, 0).sum(axis=0)  # (the card played is out)
            ho = jnp.where(other[:, None], hands, 0).sum(axis=0)
            new = jnp.where(other[:, None], hs, hands)
            new = jnp.where(me[:, None], ho, new)
            hands = jnp.where(swap, new, hands)
            moved = swap & (me | other)
            called = called & ~moved
            vuln = vuln & ~moved
        if t.zero_rotate:
            rot = stays & self.c_zero[c]
            rolled = jnp.where(d == 1, jnp.roll(hands, 1, axis=0), jnp.roll(hands, -1, axis=0))
            hands = jnp.where(rot, rolled, hands)
            called = called & ~rot
            vuln = vuln & ~rot
        draw_card = stays & (amount > 0)
        penalty_phase = draw_card & self.c_responds[c]
        victim = self._next(seat, d)
        new_dir = jnp.where(stays & (eff == EF_REVERSE), -d, d)
        skip2 = (eff == EF_SKIP) | (draw_card & ~penalty_phase) | (
            (eff == EF_REVERSE) & (n == 2) & t.reverse_skip_2p)
        play_turn = jnp.where(penalty_phase, victim,
                              jnp.where(skip2, self._next(seat, new_dir, 2),
                                        self._next(seat, new_dir, 1)))
        pending = jnp.where(is_play, jnp.where(penalty_phase, total, 0), s.pending)
        # --- DRAW, PASS, ACCEPT, CHALLENGE, CHOOSE_COLOR
        is_draw = act & (kind == DRAW)
        is_pass = act & (kind == PASS)
        is_accept = act & (kind == ACCEPT)
        is_challenge = act & (kind == CHALLENGE)
        is_choose = act & (kind == CHOOSE_COLOR)
        color = jnp.where(is_choose, self.a_color[a], color)
        pending = jnp.where(is_accept | is_challenge, 0, pending)
        plus4_by = jnp.where(is_accept | is_challenge, -1, plus4_by)
        nxt = self._next(seat, d)
        turn = jnp.where(is_play, play_turn,
                         jnp.where(is_pass | is_accept | (is_challenge & ~s.plus4_bluff), nxt,
                                   s.turn))
        phase = jnp.where(is_play, jnp.where(penalty_phase, PH_PENALTY, PH_PLAY),
                          jnp.where(is_pass | is_accept | is_challenge | is_choose, PH_PLAY,
                                    s.phase))
        drawn = jnp.where(is_play | is_pass, 0, s.drawn)
        # --- the one draw of the move: who draws how many
        who = jnp.where(is_catch, target,
                        jnp.where(is_play, victim,
                                  jnp.where(is_challenge & s.plus4_bluff, s.plus4_by, seat)))
        count = jnp.where(is_catch, t.uno_penalty,
                          jnp.where(out, jnp.where(t.draw_on_last_card, total, 0),
                                    jnp.where(draw_card & ~penalty_phase, total,
                                              jnp.where(is_accept, s.pending,
                                                        jnp.where(is_challenge,
                                                                  s.pending + jnp.where(s.plus4_bluff, 0, 2),
                                                                  jnp.where(is_draw, 1, 0))))))
        count = jnp.where(is_play & ~out & ~(draw_card & ~penalty_phase), 0, count)
        rewards = jnp.where(illegal & (self.seats == seat), self.illegal_reward,
                            0.0).astype(jnp.float32)
        s = s._replace(
            hands=hands.astype(i8), discard=discard.astype(i8), top=top, color=color,
            direction=new_dir, turn=turn, phase=phase, pending=pending, drawn=drawn.astype(i8),
            plus4_by=plus4_by, plus4_bluff=plus4_bluff, plus4_prev=plus4_prev, called=called,
            vuln=vuln,
            stuck=jnp.where(is_play, 0, s.stuck),
            last_player=jnp.where(is_play, seat, s.last_player),
            asked=s.asked | (me & react_pass),
            steps=s.steps + act, terminated=s.terminated | illegal, rewards=rewards,
            winner=jnp.asarray(-1, i32),
        )
        info = {"who": who, "count": count, "to_match": is_draw & t.draw_to_match,
                "is_draw": is_draw, "out": out, "act": act, "seat": seat}
        return s, info

    def _playable_draw(self, s: State) -> jax.Array:
        """bool [C]: a card drawn now (on the turn player's draw) could be played."""
        return self._ok_cards(s, s.hands[s.turn].astype(i32), jnp.asarray(PH_PLAY))

    def _pile(self, s: State, refill: jax.Array, k: jax.Array, size: int) -> jax.Array:
        """int32 [size]: the first ``size`` cards a draw would take, in order: the draw pile
        from the top, then the refilled pile (``refill``, its ``k`` cards bottom first)."""
        D = self.t.D
        j = jnp.arange(size)
        old = s.draw.astype(i32)[jnp.clip(s.draw_n - 1 - j, 0, D - 1)]
        new = refill.astype(i32)[jnp.clip(k - 1 - (j - s.draw_n), 0, D - 1)]
        return jnp.where(j < s.draw_n, old, new)

    def _refill_set(self, discard: jax.Array, top: jax.Array) -> jax.Array:
        """bool [D]: the deck slots of the discard pile's cards but the top one."""
        count = discard.astype(i32) - (self.card_range == top)
        return self.c_copy < count[self.c_deck]

    def _refill_need(self, s: State, info: dict[str, jax.Array]) -> jax.Array:
        """Whether the move's draw empties the draw pile and the discard pile can refill it."""
        can = s.discard.astype(i32).sum() > 1
        need = info["count"] > s.draw_n
        if self.t.draw_to_match:
            pile = self._pile(s, jnp.zeros(self.t.D, i8), jnp.asarray(0, i32), self.t.D)
            found = jnp.any(self._playable_draw(s)[pile] & (jnp.arange(self.t.D) < s.draw_n))
            need = jnp.where(info["to_match"], ~found, need)
        return need & can

    # ---------------------------------------------------------------------------------------
    # the draw and what follows it (one game)
    # ---------------------------------------------------------------------------------------

    def _finish(self, s: State, info: dict[str, jax.Array], refilled: jax.Array,
                refill: jax.Array, k: jax.Array, size: int) -> State:
        """The move's draw and what follows it; the draw looks at the first ``size`` cards of
        the pile (all of them, or fewer when no game of the batch draws more)."""
        t = self.t
        n, C, D = t.n, t.C, t.D
        j = jnp.arange(size)
        pile = self._pile(s, refill, k, size)
        avail = s.draw_n + jnp.where(refilled, k, 0)
        count = jnp.minimum(info["count"], avail)
        if t.draw_to_match:
            hit = self._playable_draw(s)[pile] & (j < avail)
            first = jnp.where(jnp.any(hit), jnp.argmax(hit) + 1, avail)
            count = jnp.where(info["to_match"], first, count)
        who = info["who"]
        taken = j < count
        if size < D:  # a few cards: compare them with every card (no scatter)
            got = ((pile[:, None] == self.card_range) & taken[:, None]).sum(axis=0, dtype=i32)
        else:
            got = jnp.zeros(C, i32).at[pile].add(taken.astype(i32))
        mine = self.seats[:, None] == who
        hands = s.hands.astype(i32) + jnp.where(mine, got, 0)
        counts = hands.sum(axis=1)
        lost = (count > 0) & (counts[who] >= 2)
        called = jnp.where(lost & (self.seats == who), False, s.called)
        vuln = jnp.where(lost & (self.seats == who), False, s.vuln)
        used = count - s.draw_n  # cards taken from the refilled pile
        rest = k - used  # the refilled pile's bottom cards stay where they are
        draw = jnp.where(refilled, jnp.where(jnp.arange(D) < rest, refill, 0), s.draw)
        draw_n = jnp.where(refilled, rest, s.draw_n - count)
        discard = jnp.where(refilled, (self.card_range == s.top).astype(i32),
                            s.discard.astype(i32))
        if self.record:  # the refill's order, top first
            jd = jnp.arange(D)
            top_first = jnp.where(jd < k, refill[jnp.clip(k - 1 - jd, 0, D - 1)], -1)
        s = s._replace(hands=hands.astype(i8), called=called, vuln=vuln, draw=draw.astype(i8),
                       draw_n=draw_n, discard=discard.astype(i8),
                       refills=s.refills + refilled,
                       refill_order=jnp.where(refilled, top_first, s.refill_order)
                       if self.record else s.refill_order)
        # a turn's draw: a playable card drawn waits to be played or kept
        is_draw = info["is_draw"]
        seat = info["seat"]
        playable = jnp.any((got > 0) & self._playable_draw(s))
        to_drawn = is_draw & playable
        called = jnp.where(is_draw & (counts[seat] >= 2) & (self.seats == seat), False, called)
        stuck = jnp.where(is_draw & ~playable, jnp.where(count == 0, s.stuck + 1, 0), s.stuck)
        stuck = jnp.where(to_drawn, 0, stuck)
        blocked = is_draw & ~playable & (stuck >= n)
        moves_on = is_draw & ~playable & ~blocked
        s = s._replace(
            called=called, stuck=stuck,
            drawn=jnp.where(to_drawn, got, s.drawn.astype(i32)).astype(i8),
            phase=jnp.where(to_drawn, PH_DRAWN, s.phase),
            turn=jnp.where(moves_on, self._next(s.turn, s.direction), s.turn))
        # the end of a round: the last card played, or a blocked round
        points = (hands * self.c_points).sum(axis=1)
        order = (self.seats - s.turn) % n
        blocked_winner = jnp.argmin(points * (n + 1) + order).astype(i32)
        ends = info["out"] | blocked
        winner = jnp.where(info["out"], seat, blocked_winner)
        gained = t.score_factor * (points.sum() - points[winner])
        scores = s.scores + jnp.where(ends & (self.seats == winner), gained, 0)
        game_over = ends & (t.single_round | (scores[winner] >= t.target_score))
        loss = -1.0 / (n - 1)
        rewards = jnp.where(game_over, jnp.where(self.seats == winner, 1.0, loss), s.rewards)
        reactions = jnp.where(info["act"], jnp.where(seat != s.turn, s.reactions + 1, 0),
                              s.reactions)
        truncated = ~game_over & ~s.terminated & (s.steps >= self.max_steps)
        z = jnp.zeros(n, bool)
        return s._replace(
            scores=scores, rewards=jnp.where(truncated, 0.0, rewards),
            phase=jnp.where(game_over, PH_GAME_OVER, jnp.where(ends, PH_ROUND_OVER, s.phase)),
            terminated=s.terminated | game_over, truncated=s.truncated | truncated,
            winner=jnp.where(game_over, winner, -1), reactions=reactions,
            asked=jnp.where(info["act"], z, s.asked),
            pending=jnp.where(ends, 0, s.pending),
            plus4_by=jnp.where(ends, -1, s.plus4_by),
            drawn=jnp.where(ends, 0, s.drawn),
            vuln=jnp.where(ends, False, s.vuln),
        )

    # ---------------------------------------------------------------------------------------
    # the batch
    # ---------------------------------------------------------------------------------------

    def _lanes(self, B: int) -> int:
        if self.lanes is not None:
            return max(1, min(self.lanes, B))
        return B if B <= 64 else max(64, B // 32)

    def _chunks(self, need: jax.Array, body: Any, carry: Any) -> Any:
        """Run ``body(i, rows, carry)`` over the games that ``need`` it, ``lanes`` rows at a
        time (``rows`` padded with the batch size, which gathers clip and scatters drop);
        nothing at all when no game needs it."""
        B = need.shape[0]
        R = self._lanes(B)
        rows = jnp.nonzero(need, size=B, fill_value=B)[0].astype(i32)
        rows = jnp.concatenate([rows, jnp.full(R, B, i32)])
        total = need.sum()

        def step(c: tuple[jax.Array, Any]) -> tuple[jax.Array, Any]:
            i, inner = c
            idx = jax.lax.dynamic_slice(rows, (i * R,), (R,))
            return i + 1, body(i, idx, inner)

        return jax.lax.while_loop(lambda c: c[0] * R < total, step, (jnp.asarray(0, i32), carry))[1]

    def _shuffles(self, need: jax.Array, s: State, key: jax.Array) -> jax.Array:
        """int8 [B, D]: for every game that ``need``s one, a new draw pile made of its discard
        pile's cards but the top one, in a random order (bottom first), then -1; the sorting
        is done for the needing games only."""
        B, D = need.shape[0], self.t.D

        def body(i: jax.Array, idx: jax.Array, out: jax.Array) -> jax.Array:
            rows = jnp.minimum(idx, B - 1)
            chunk = jax.vmap(self._refill_set)(s.discard[rows], s.top[rows])
            cards = self.c_deck[_sorted_slots(jax.random.fold_in(key, i), chunk)]
            cards = jnp.where(jnp.arange(D) < chunk.sum(axis=1, keepdims=True), cards, -1)
            return out.at[idx].set(cards.astype(i8), mode="drop")

        return cast(jax.Array, self._chunks(need, body, jnp.full((B, D), -1, i8)))

    def _deal_some(self, s: State, need: jax.Array, new_game: jax.Array, key: jax.Array) -> State:
        """Deal a new round (a new game where ``new_game``) to the games that ``need`` one,
        from a fresh shuffle; the others are unchanged."""
        B = need.shape[0]
        D = self.t.D

        def body(i: jax.Array, idx: jax.Array, st: State) -> State:
            rows = jnp.minimum(idx, B - 1)
            sub = _take(st, rows)
            every = jnp.ones((idx.shape[0], D), bool)
            orders = self.c_deck[_sorted_slots(jax.random.fold_in(key, i), every)]
            dealt = jax.vmap(self._deal, in_axes=(AX, 0, 0), out_axes=AX)(sub, orders, new_game[rows])
            return _put(st, idx, dealt)

        return cast(State, self._chunks(need, body, s))

    def _select_all(self, s: State, key: jax.Array) -> State:
        u = jax.random.bits(key, (s.turn.shape[0],), jnp.uint32)
        return jax.vmap(self._select, in_axes=(AX, 0), out_axes=AX)(s, u)

    def _blank(self, B: int, key: jax.Array) -> State:
        t = self.t
        n, C, D = t.n, t.C, t.D
        z = jnp.zeros(B, i32)
        rec = D if self.record else 1
        return State(
            hands=jnp.zeros((B, n, C), i8), draw=jnp.zeros((B, D), i8), draw_n=z,
            discard=jnp.zeros((B, C), i8), top=z, color=z, direction=z + 1, turn=z, phase=z,
            pending=z, drawn=jnp.zeros((B, C), i8), plus4_by=z - 1,
            plus4_bluff=jnp.zeros(B, bool), plus4_prev=z - 1, called=jnp.zeros((B, n), bool),
            vuln=jnp.zeros((B, n), bool), scores=jnp.zeros((B, n), i32), dealer=z + n - 1,
            stuck=z, last_player=z - 1, current_player=z, reacting=jnp.zeros(B, bool),
            asked=jnp.zeros((B, n), bool), reactions=z, steps=z,
            terminated=jnp.zeros(B, bool), truncated=jnp.zeros(B, bool),
            rewards=jnp.zeros((B, n), jnp.float32), winner=z - 1,
            observation=jnp.zeros((B, t.O), jnp.uint8),
            legal_action_mask=jnp.zeros((B, t.A), bool), refills=z, deals=z,
            refill_order=jnp.zeros((B, rec), i8), deal_order=jnp.zeros((B, rec), i8), key=key)

    def _init(self, key: jax.Array, batch: int) -> State:
        k_deal, k_sel, k_state = jax.random.split(key, 3)
        s = self._blank(batch, k_state)
        every = jnp.ones(batch, bool)
        return self._select_all(self._deal_some(s, every, every, k_deal), k_sel)

    def _init_from_orders(self, key: jax.Array, orders: jax.Array) -> State:
        """Deal every game from ``orders`` (int [B, D] card indexes, top first)."""
        batch = orders.shape[0]
        k_sel, k_state = jax.random.split(key)
        s = self._blank(batch, k_state)
        every = jnp.ones(batch, bool)
        s = jax.vmap(self._deal, in_axes=(AX, 0, 0), out_axes=AX)(s, orders, every)
        return self._select_all(s, k_sel)

    def _step(self, s: State, action: jax.Array) -> State:
        """Carry out one action per game (the acting seat's); games that ended are dealt
        again (``auto_reset``) or left as they are until :meth:`reset_done`."""
        key, k_refill, k_deal, k_sel = jax.random.split(s.key, 4)
        action = action.astype(i32)
        if self.auto_reset:  # the flags and rewards told of the step before
            s = s._replace(terminated=jnp.zeros_like(s.terminated),
                           truncated=jnp.zeros_like(s.truncated))
        was_over = s.terminated | s.truncated
        s, info = jax.vmap(self._move, in_axes=(AX, 0), out_axes=(AX, 0))(s, action)
        need = jax.vmap(self._refill_need, in_axes=(AX, 0))(s, info)
        refill = self._shuffles(need, s, k_refill)
        k = s.discard.astype(i32).sum(axis=1) - 1  # the refill's cards: all but the top
        # the draw looks at the pile's first FEW cards unless some game takes more
        avail = s.draw_n + jnp.where(need, k, 0)
        looks = jnp.minimum(info["count"], avail)
        if self.t.draw_to_match:
            looks = jnp.where(info["to_match"], avail, looks)

        def finish(size: int) -> Any:
            return lambda ops: jax.vmap(partial(self._finish, size=size),
                                        in_axes=(AX, 0, 0, 0, 0), out_axes=AX)(*ops)

        s = jax.lax.cond(jnp.any(looks > FEW), finish(self.t.D), finish(FEW),
                         (s, info, need, refill, k))
        s = s._replace(key=key)
        round_over = (s.phase == PH_ROUND_OVER) & ~s.terminated & ~s.truncated
        done = (s.terminated | s.truncated) & ~was_over
        if self.auto_reset:
            deal = round_over | done
            new_game = done
        else:
            deal = round_over
            new_game = jnp.zeros_like(deal)
        dealt = self._select_all(self._deal_some(s, deal, new_game, k_deal), k_sel)
        if self.auto_reset:  # (the dealt state keeps the step's outcome: flags, rewards)
            return dealt
        # a finished game keeps what it showed (a game that ends shows its final state) and
        # has no legal action
        keep = was_over[:, None]
        over = (dealt.terminated | dealt.truncated)[:, None]
        return dealt._replace(
            current_player=jnp.where(was_over, s.current_player, dealt.current_player),
            reacting=jnp.where(was_over, s.reacting, dealt.reacting),
            observation=jnp.where(keep, s.observation, dealt.observation),
            legal_action_mask=jnp.where(over, False, dealt.legal_action_mask))

    def _reset_done(self, s: State) -> State:
        """Deal a new game for every game that has ended (for ``auto_reset=False``)."""
        key, k_deal, k_sel = jax.random.split(s.key, 3)
        done = s.terminated | s.truncated
        s = s._replace(key=key)
        dealt = self._select_all(self._deal_some(s, done, done, k_deal), k_sel)
        return dealt._replace(terminated=s.terminated & ~done, truncated=s.truncated & ~done,
                              rewards=jnp.where(done[:, None], 0.0, s.rewards))
