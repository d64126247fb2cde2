"""The commitment scheme as docs/rooms.md writes it, and golden values: the same on CPython and
in Pyodide (tests/room/test_in_pyodide.py runs this file there), so any browser and any other
implementation of the protocol deals the same deck from the same values."""

from __future__ import annotations

import hashlib
import random

from uno_web.core.cards import card_str
from uno_web.core.engine import shuffled_by_keys
from uno_web.core.state import deck_cards
from uno_web.room import commitment, deal_order, joint_order, joint_seed, shuffle_seed

H = bytes(range(32))
GUESTS = [(2, bytes([7]) * 32), (1, bytes([9]) * 32)]


def test_the_documented_formulas() -> None:
    room, k = "golden-room", 1
    assert commitment(room, k, H) == hashlib.sha256(
        b"uno-web-room/commit/v1\0" + b"golden-room" + b"\0" + b"1" + b"\0" + H).hexdigest()
    joint = hashlib.sha256(b"uno-web-room/joint/v1\0golden-room\0" + b"1\0" + H
                           + b"\x01" + bytes([9]) * 32 + b"\x02" + bytes([7]) * 32).digest()
    assert joint_seed(room, k, H, GUESTS) == joint
    seed = int.from_bytes(hashlib.sha256(b"uno-web-room/shuffle/v1\0" + joint
                                         + (0).to_bytes(4, "big")).digest(), "big")
    assert shuffle_seed(joint, 0) == seed
    assert deal_order(joint, "uno") == shuffled_by_keys(seed, sorted(deck_cards("uno")))


def test_golden_values() -> None:
    joint = joint_seed("golden-room", 1, H, GUESTS)
    assert commitment("golden-room", 1, H) == (
        "5ef63bb388bdcc4136092c4763b55ff8b79bec1e95ba843f782f2a1e719b8f83")
    assert joint.hex() == "6b9466b311115d0f89088dc61a694c4b597ec3767871b9984bdc1e83ba1f4fe7"
    assert " ".join(card_str(c) for c in deal_order(joint, "uno")[:12]) == (
        "B0 W R5 G4 W B3 B+2 R3 Y2 W+4 B2 G1")
    assert " ".join(card_str(c) for c in deal_order(joint, "playing-cards")[:8]) == (
        "JH 7H 4C JK QS 6S JS JD")


def test_every_input_changes_the_deck() -> None:
    base = deal_order(joint_seed("golden-room", 1, H, GUESTS), "uno")
    assert sorted(base) == sorted(deck_cards("uno"))
    for changed in (
        joint_seed("golden-room", 2, H, GUESTS),
        joint_seed("golden-room!", 1, H, GUESTS),
        joint_seed("golden-room", 1, H[:-1] + b"\xff", GUESTS),
        joint_seed("golden-room", 1, H, GUESTS[:1]),
        joint_seed("golden-room", 1, H, [(2, bytes([7]) * 32), (1, bytes([8]) * 32)]),
        joint_seed("golden-room", 1, H, [(3, bytes([7]) * 32), (1, bytes([9]) * 32)]),
    ):
        assert deal_order(changed, "uno") != base
    # the guests' values count by seat, not by the order they arrived in
    assert deal_order(joint_seed("golden-room", 1, H, GUESTS[::-1]), "uno") == base


def test_a_reshuffle_depends_on_its_cards_not_their_order() -> None:
    joint = joint_seed("golden-room", 1, H, GUESTS)
    cards = list(deck_cards("uno"))[:40]
    mixed = cards[:]
    random.Random(1).shuffle(mixed)
    assert joint_order(joint, 1, cards) == joint_order(joint, 1, mixed)
    assert joint_order(joint, 1, cards) != joint_order(joint, 2, cards)
    assert sorted(joint_order(joint, 1, cards)) == sorted(cards)
