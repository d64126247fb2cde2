"""The seeded shuffle computed in bulk (``engine._shuffled_in_bulk``) is the shuffle by random
keys (``engine.shuffled_by_keys``, the definition) card for card: every seeded deal, saved game
and shared link depends on it."""

from __future__ import annotations

import random
import struct
from types import SimpleNamespace

import pytest

from uno_web.core import PRESETS, engine, new_game, piles
from uno_web.core.engine import _shuffled_in_bulk, shuffled_by_keys
from uno_web.core.state import deck_cards


@pytest.mark.parametrize("deck", ["uno", "playing-cards"])
def test_a_whole_deck_many_seeds(deck: str) -> None:
    cards = list(deck_cards(deck))
    for seed in range(1500):
        assert _shuffled_in_bulk(seed, cards) == shuffled_by_keys(seed, cards), seed


def test_every_size_the_bulk_way_takes() -> None:
    rng = random.Random(7)
    for n in range(2, 257):
        cards = [rng.randrange(300) for _ in range(n)]
        for seed in (0, 1, n, 12345, 2**40 + n):
            assert _shuffled_in_bulk(seed, cards) == shuffled_by_keys(seed, cards), (n, seed)


def test_seeds_as_the_engine_makes_them() -> None:
    cards = list(deck_cards("uno"))
    rng = random.Random(11)
    for _ in range(300):
        seed = rng.getrandbits(62) * 1_000_003 + rng.randrange(5)
        assert _shuffled_in_bulk(seed, cards) == shuffled_by_keys(seed, cards)
    for seed in (-1, -(2**70), 2**200):  # random.Random takes any int (negatives by their size)
        assert _shuffled_in_bulk(seed, cards) == shuffled_by_keys(seed, cards)


def test_the_engine_deals_and_reshuffles_as_the_definition() -> None:
    for name, rules in PRESETS.items():
        for players in (2, 5):
            for seed in range(20):
                s = new_game(rules, players, seed)
                order = shuffled_by_keys(seed * 1_000_003, list(deck_cards(rules.deck)))
                dealt = new_game(rules, players, seed, deck_order=order)  # the order given
                assert s.hands == dealt.hands, (name, players, seed)
                # a reshuffle of a pile of any size, as the engine asks for one
                probe = SimpleNamespace(seed=seed, shuffle_count=0)
                for size in (0, 1, 2, 37, 107, 256, 257, 300):
                    cards = [c % 54 for c in range(size)]
                    probe.shuffle_count = size
                    got = engine._shuffled(probe, cards)  # type: ignore[arg-type]
                    assert got == shuffled_by_keys(seed * 1_000_003 + size, cards), (name, size)
                    assert probe.shuffle_count == size + 1


class _Words:
    """A stand-in for ``random.Random`` whose 32-bit outputs are given: ``random()`` and
    ``getrandbits()`` read them exactly as the Mersenne Twister's are read by CPython."""

    def __init__(self, words: list[int]) -> None:
        self.words = words
        self.at = 0

    def _next(self) -> int:
        w = self.words[self.at]
        self.at += 1
        return w

    def random(self) -> float:
        a, b = self._next() >> 5, self._next() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        assert k % 32 == 0
        return sum(self._next() << (32 * j) for j in range(k // 32))


def _with_words(monkeypatch: pytest.MonkeyPatch, words: list[int]) -> None:
    monkeypatch.setattr(piles, "random", SimpleNamespace(Random=lambda seed: _Words(words)))


def test_equal_keys_keep_the_cards_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # keys that tie (and ties that differ only in the bits random() drops) sort by position,
    # as the stable sort of the definition does
    tie = [0xDEADBEEF, 0x12345678]
    tie_low_bits = [0xDEADBEEF | 0x1F, 0x12345678 | 0x3F]  # same key: the low bits are dropped
    words = [0xFFFFFFFF, 0xFFFFFFFF, *tie, 0, 0, *tie_low_bits, *tie, 0, 0x3F, 0x1F, 0,
             0x80000000, 0x80000000]
    cards = [10, 20, 30, 40, 50, 60, 70, 80]
    _with_words(monkeypatch, words)
    want = shuffled_by_keys(0, cards)
    _with_words(monkeypatch, words)
    assert _shuffled_in_bulk(0, cards) == want
    # the three zero keys in order, then 0.5, the three tied keys (about 0.87) in order, the top
    assert want == [30, 60, 70, 80, 20, 40, 50, 10]


def test_extreme_words(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randrange(2, 257)
        words = [rng.choice((0, 0xFFFFFFFF, 1 << 31, (1 << 31) - 1, rng.getrandbits(32)))
                 for _ in range(2 * n)]
        cards = list(range(n))
        _with_words(monkeypatch, words)
        want = shuffled_by_keys(0, cards)
        _with_words(monkeypatch, words)
        assert _shuffled_in_bulk(0, cards) == want


def test_a_slot_read_as_a_double_is_finite_and_ordered_as_its_bits() -> None:
    # the largest slot: every key bit set and index 255
    top = ((1 << 27) - 1) << 35 | ((1 << 26) - 1) << 9 | 255
    (value,) = struct.unpack("<d", top.to_bytes(8, "little"))
    assert value == value and value < float("inf")
    below = struct.unpack("<d", (top - 1).to_bytes(8, "little"))[0]
    assert below < value
