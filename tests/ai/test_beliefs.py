"""Hard's beliefs about hidden hands: memory notes (what the table showed) and dealt guesses
that respect them (``uno_web.ai.hard.apply_notes``)."""

from __future__ import annotations

import random
from collections import Counter

from uno_web.ai import make_bot
from uno_web.ai.hard import apply_notes
from uno_web.ai.memory import Memory, Note
from uno_web.core import Color, parse_card
from uno_web.core.cards import COLOR_OF, IS_WILD, RANK_OF
from uno_web.core.observation import sample_state

from .helpers import make_obs, moves_for


def _after_our_play() -> tuple[Memory, int]:
    """Memory of seat 0 that played R5 on R3 while seat 1 held 6 cards."""
    bot = make_bot("normal")
    obs = make_obs("R5 B7 B8 G2", "R3", counts=[6])
    move = bot.choose(obs, moves_for(obs), random.Random(0))
    assert move.card == parse_card("R5")
    return bot.memory, 6


def test_a_draw_notes_the_colour_number_and_wilds_of_the_old_cards() -> None:
    mem, before = _after_our_play()
    # back to us: nothing played on R5, seat 1 holds one card more -> drew and kept it
    mem.update(make_obs("B7 B8 G2", "R5", counts=[before + 1], discard="R3"))
    (note,) = mem.notes[1]
    # seat 0 held 4 cards (< 6): a player would have played a wild, so wilds are ruled out
    assert note == Note("lack", Color.RED, 5, before, True, 1.0)


def test_far_from_the_end_a_draw_does_not_rule_out_wilds() -> None:
    bot = make_bot("normal")
    obs = make_obs("R5 B7 B8 G2 G6 Y4 Y6 B1", "R3", counts=[6])
    assert bot.choose(obs, moves_for(obs), random.Random(0)).card == parse_card("R5")
    # seat 1 drew one on our R5 while we still held 7 cards (6+: wilds are often saved)
    bot.memory.update(make_obs("B7 B8 G2 G6 Y4 Y6 B1", "R5", counts=[7], discard="R3"))
    (note,) = bot.memory.notes[1]
    assert note.kind == "lack" and not note.no_wild  # players save wilds while all hold 6+


def test_drawing_then_playing_the_drawn_card_is_noted_too() -> None:
    mem, before = _after_our_play()
    # seat 1 drew one card and played it (a G5 on our R5): count unchanged, one card on top
    mem.update(make_obs("B7 B8 G2", "G5", counts=[before], discard="R3 R5", last_player=1))
    notes = mem.notes[1]
    assert [n.kind for n in notes] == ["lack"]
    assert notes[0].color == Color.RED and notes[0].k == before


def test_notes_age_with_every_card_played_and_expire() -> None:
    mem = Memory()
    mem.notes[1] = [Note("lack", Color.RED, 5, 2, True, 1.0)]
    obs = make_obs("B7 B8 G2", "G5", counts=[5], discard="R3 R5")
    mem._seen = None
    mem.update(obs)  # no previous look: notes are dropped (nothing can be counted)
    assert 1 not in mem.notes
    # with a previous look, a card played by seat 1 costs one old card
    mem.notes[1] = [Note("lack", Color.RED, 5, 2, True, 1.0)]
    mem.update(make_obs("B7 B8 G2", "G6", counts=[4], discard="R3 R5 G5", last_player=1))
    assert mem.notes[1][0].k == 1
    mem.update(make_obs("B7 B8 G2", "G7", counts=[3], discard="R3 R5 G5 G6", last_player=1))
    assert 1 not in mem.notes


def test_a_wild_choice_is_a_favour_note_and_a_lack_of_the_old_colour() -> None:
    mem, before = _after_our_play()
    mem.update(make_obs("B7 B8 G2", "W", color=Color.BLUE, counts=[before - 1], discard="R3 R5",
                        last_player=1))
    kinds = {n.kind: n for n in mem.notes[1]}
    assert kinds["favour"].color == Color.BLUE and kinds["favour"].k == before - 1
    assert kinds["lack"].color == Color.RED and kinds["lack"].trust < 1.0


def _deal(notes: list[Note], seed: int):  # type: ignore[no-untyped-def]
    obs = make_obs("B7 B8 G2", "R5", counts=[9], discard="R3")
    s = sample_state(obs, random.Random(seed))
    before = Counter(s.hands[1] + s.draw)
    apply_notes(s, obs, {1: notes}, random.Random(seed + 1))
    assert Counter(s.hands[1] + s.draw) == before  # a legal deal: cards only swapped
    assert len(s.hands[1]) == 9
    return s.hands[1]


def test_dealt_guesses_keep_lack_notes_on_the_old_cards() -> None:
    note = Note("lack", Color.RED, 5, 6, True, 1.0)
    for seed in range(40):
        hand = _deal([note], seed)
        old = hand[:6]
        assert not any(IS_WILD[c] or COLOR_OF[c] == Color.RED or RANK_OF[c] == 5 for c in old)


def test_without_notes_the_guess_is_unconstrained() -> None:
    # the same deals without a note do hold red cards among the first six now and then
    reds = sum(any(COLOR_OF[c] == Color.RED for c in _deal([], seed)[:6]) for seed in range(40))
    assert reds > 20


def test_dealt_guesses_follow_a_favoured_colour() -> None:
    note = Note("favour", Color.GREEN, -1, 7, False, 1.0)
    for seed in range(40):
        hand = _deal([note], seed)[:7]
        counts = Counter(COLOR_OF[c] for c in hand if not IS_WILD[c])
        assert counts[Color.GREEN] >= max(counts[c] for c in range(4))
