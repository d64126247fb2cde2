"""Seeds for the bots' random generators, kept apart from the deck's shuffles.

The core shuffles the deck from the game seed (``engine._shuffled``). A bot's generator must
not lead back to that stream: a generator seeded by plain arithmetic on the game seed (the
driver used ``seed * 1_000_003 + 101 * seat + 1``, the very seed of the second shuffle for
seat 0) can be copied to replay the next deal, or, from its seed, to recompute every shuffle.

Here every generator a driver hands out is seeded with a SHA-256 digest of the game seed, a
role and a purpose label. The digest is 128 bits wide, shares no arithmetic with the shuffle
stream's seeds, and does not give back the game seed: a bot that recovered its generator's
seed from the generator's state would hold a hash, not the seed. The same game seed always
gives the same generators (CPython and Pyodide alike: ``random.Random`` seeded with an int
and ``hashlib`` are deterministic everywhere), so tournaments and tests replay exactly.

What this cannot do: if the game seed itself can be guessed (a tournament over seeds 0, 1,
2, ...), a bot can find it by dealing candidate seeds until one gives its own hand. The table
deals from ``secrets`` (63 bits), where that search is hopeless; see ``docs/ai.md``.
"""

from __future__ import annotations

import hashlib
import random

__all__ = ["derive_seed", "bot_rng", "driver_rng"]

_DOMAIN = "uno_web/ai/seeds v1"


def derive_seed(seed: int, *labels: object) -> int:
    """A 128-bit seed from ``seed`` and ``labels`` (SHA-256; labels are written with
    ``str``, so ``1`` and ``"1"`` are the same label). Different labels give unrelated seeds."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be a whole number, not {type(seed).__name__}")
    text = "\x1f".join([_DOMAIN, str(seed), *(str(x) for x in labels)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:16], "big")


def bot_rng(seed: int, seat: int, purpose: str = "bot") -> random.Random:
    """The generator of the bot at ``seat`` in the game of ``seed`` (one per bot and purpose)."""
    return random.Random(derive_seed(seed, "seat", seat, purpose))


def driver_rng(seed: int, purpose: str) -> random.Random:
    """A generator for the driver's own choices (the order reactions are offered in). Never
    handed to a bot."""
    return random.Random(derive_seed(seed, "driver", purpose))
