"""A shuffle nobody chooses: the host's commitment, the joint seed and every shuffle of a round.

For each round ``k`` of room ``room``:

1. The host draws a secret 32-byte value ``h`` and sends ``commitment(room, k, h)``:
   SHA-256 of ``b"uno-web-room/commit/v1\\0" + room + b"\\0" + str(k) + b"\\0" + h``.
2. Every guest playing a seat sends a 32-byte random value of its own.
3. The joint seed is SHA-256 of ``b"uno-web-room/joint/v1\\0" + room + b"\\0" + str(k) + b"\\0"
   + h`` followed, seat by seat in increasing order, by the seat number as one byte and that
   seat's 32 bytes.
4. Shuffle ``i`` of the round (0: the deal, 1, 2, ...: the reshuffles of the draw pile, in the
   order they happen) orders its cards by the core's seeded shuffle
   (:func:`uno_web.core.engine.shuffled_by_keys`, identical on CPython and Pyodide) of the
   cards in sorted order, with the seed ``int.from_bytes(SHA-256(b"uno-web-room/shuffle/v1\\0"
   + joint + i as 4 big-endian bytes), "big")``.

The host learns the guests' values before it deals, but its own value is fixed by the
commitment; guests cannot compute the deck during the round because the host's value is still
secret. What this proves and does not prove is in ``docs/rooms.md``.
"""

from __future__ import annotations

import hashlib
from typing import Iterable, Sequence

from ..core.engine import IllegalMove, Transition, apply, shuffled_by_keys
from ..core.events import PileReshuffled
from ..core.moves import Move
from ..core.reasons import Reason
from ..core.state import GameState, deck_cards

__all__ = ["commitment", "joint_seed", "shuffle_seed", "joint_order", "deal_order",
           "apply_joint", "VALUE_BYTES"]

VALUE_BYTES = 32
_COMMIT = b"uno-web-room/commit/v1\0"
_JOINT = b"uno-web-room/joint/v1\0"
_SHUFFLE = b"uno-web-room/shuffle/v1\0"


def _head(domain: bytes, room: str, round_number: int) -> bytes:
    return domain + room.encode("utf-8") + b"\0" + str(round_number).encode("ascii") + b"\0"


def commitment(room: str, round_number: int, host_value: bytes) -> str:
    """The host's commitment for ``round_number`` (64 hex digits)."""
    return hashlib.sha256(_head(_COMMIT, room, round_number) + host_value).hexdigest()


def joint_seed(room: str, round_number: int, host_value: bytes,
               guest_values: Iterable[tuple[int, bytes]]) -> bytes:
    """The round's joint seed from the host's value and the guests' ``(seat, value)`` pairs
    (taken in seat order whatever order they are given in)."""
    h = hashlib.sha256(_head(_JOINT, room, round_number) + host_value)
    for seat, value in sorted(guest_values):
        h.update(bytes([seat]) + value)
    return h.digest()


def shuffle_seed(joint: bytes, index: int) -> int:
    """The seed of shuffle ``index`` of the round (0: the deal; 1, 2, ...: the reshuffles)."""
    digest = hashlib.sha256(_SHUFFLE + joint + index.to_bytes(4, "big")).digest()
    return int.from_bytes(digest, "big")


def joint_order(joint: bytes, index: int, cards: Sequence[int]) -> list[int]:
    """Shuffle ``index``'s order of ``cards`` (top card first): the seeded shuffle of the cards
    in sorted order, so the order depends on which cards they are, not how they were given."""
    return shuffled_by_keys(shuffle_seed(joint, index), sorted(cards))


def deal_order(joint: bytes, deck: str) -> list[int]:
    """The order a round is dealt from (top card first): shuffle 0 of the rules' deck."""
    return joint_order(joint, 0, deck_cards(deck))


def apply_joint(s: GameState, move: Move, joint: bytes, reshuffles_before: int
                ) -> tuple[Transition, list[list[int]]]:
    """:func:`~uno_web.core.engine.apply` with every reshuffle the move causes ordered by the
    joint seed (shuffles ``reshuffles_before + 1``, ``+ 2``, ...). Returns the transition and
    the orders used (top first). Raises :class:`~uno_web.core.engine.IllegalMove` as ``apply``
    does; ``s`` is never changed."""
    try:
        return apply(s, move, shuffles=[]), []
    except IllegalMove as exc:
        if exc.verdict.code != Reason.E_RESHUFFLE_MISSING:
            raise
    # The move empties the draw pile. Which cards are reshuffled shows only while it is
    # carried out: a trial on a copy (apply never changes s) names them, then the move is
    # applied with their joint orders.
    trial = apply(s, move)
    piles = [e.order for e in trial.events if isinstance(e, PileReshuffled) and e.shuffled]
    orders = [joint_order(joint, reshuffles_before + i + 1, pile) for i, pile in enumerate(piles)]
    return apply(s, move, shuffles=orders), orders
