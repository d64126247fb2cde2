"""Hard's optional particle filter over the opponent's hand (``belief="filter"``,
:mod:`uno_web.ai.belief`): it reads the opponent's moves from observations, its guesses stay
possible hands, and it steps aside where it cannot read the table."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_web.ai import make_bot
from uno_web.ai.belief import HandFilter
from uno_web.ai.hard import HardBot, place_hand
from uno_web.core import PRESETS, Color, Move, MoveKind, legal_moves, new_game, observe, parse_card, step
from uno_web.core.cards import COLOR_OF, IS_WILD, RANK_OF
from uno_web.core.observation import sample_state
from uno_web.core.state import Phase

from .helpers import make_obs, moves_for

R5 = parse_card("R5")


def _after_our_r5(particles: int = 400, seed: int = 0) -> HandFilter:
    """A filter for seat 0, which played R5 on R3 while seat 1 held 6 cards."""
    f = HandFilter(particles=particles)
    obs = make_obs("R5 B7 B8 G2", "R3", counts=[6])
    f.update(obs, random.Random(seed))
    assert f.on and f.opp == 1 and len(f.parts) == particles
    f.note_move(obs, Move(MoveKind.PLAY, 0, R5))
    return f


def _weighted_share(f: HandFilter, pred) -> float:  # type: ignore[no-untyped-def]
    total = sum(f.weights)
    return sum(w for p, w in zip(f.parts, f.weights) if pred(p)) / total


def _playable_on_r5(hand: list[int]) -> bool:
    return any(IS_WILD[c] or COLOR_OF[c] == Color.RED or RANK_OF[c] == 5 for c in hand)


def test_a_draw_leaves_guesses_that_could_not_play() -> None:
    f = _after_our_r5()
    # back to us: nothing on top of our R5 and seat 1 holds one card more: it drew and kept it
    obs = make_obs("B7 B8 G2", "R5", counts=[7], discard="R3")
    f.update(obs, random.Random(1))
    assert f.events[-1] == "draw"
    assert all(len(p) == 7 for p in f.parts)
    unseen = list(obs.unseen().elements())
    rng = random.Random(2)
    prior = sum(_playable_on_r5(rng.sample(unseen, 7)) for _ in range(2000)) / 2000
    assert prior > 0.8  # a random hand of 7 almost always holds a red, a 5 or a wild
    assert _weighted_share(f, _playable_on_r5) < prior / 2


def test_a_colour_switch_points_to_the_new_colour() -> None:
    f = _after_our_r5()
    # seat 1 answered our R5 with B5, turning play to blue
    obs = make_obs("B7 B8 G2", "B5", counts=[5], discard="R3 R5", last_player=1)
    f.update(obs, random.Random(1))
    assert f.events[-1] == "play"
    def mean(color: int) -> float:
        return sum(w * sum(1 for c in p if COLOR_OF[c] == color and not IS_WILD[c])
                   for p, w in zip(f.parts, f.weights)) / sum(f.weights)

    unseen = list(obs.unseen().elements())
    rng = random.Random(3)
    prior = {col: sum(sum(1 for c in rng.sample(unseen, 5) if COLOR_OF[c] == col and not IS_WILD[c])
                      for _ in range(2000)) / 2000 for col in (Color.BLUE, Color.RED)}
    # a player who leaves red for blue holds more blues and fewer reds than a random hand
    assert mean(Color.BLUE) > prior[Color.BLUE] + 0.2
    assert mean(Color.RED) < prior[Color.RED] - 0.15


def test_a_forced_draw_is_not_read_as_a_choice() -> None:
    f = HandFilter(particles=50)
    obs = make_obs("R+2 B7 B8", "R3", counts=[6])
    f.update(obs, random.Random(0))
    f.note_move(obs, Move(MoveKind.PLAY, 0, parse_card("R+2")))
    before = [list(p) for p in f.parts]
    f.update(make_obs("B7 B8", "R+2", counts=[8], discard="R3"), random.Random(1))
    assert f.events[-1] == "forced"
    assert all(p[:6] == b for p, b in zip(f.parts, before))  # kept, two unknown cards added
    assert all(len(p) == 8 for p in f.parts)


def _possible(f: HandFilter, obs) -> None:  # type: ignore[no-untyped-def]
    unseen = obs.unseen()
    for p in f.parts:
        assert len(p) == obs.hand_counts[f.opp]
        assert not Counter(p) - unseen, "a guess holds a card the observer has seen"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_guesses_stay_possible_hands_through_a_game(seed: int) -> None:
    s = new_game(PRESETS["official"], 2, seed)
    f = HandFilter(particles=64)
    rng = random.Random(seed)
    normal = make_bot("normal")
    easy = make_bot("easy")
    reads = 0
    while s.phase < Phase.ROUND_OVER:
        seat = s.turn
        moves = legal_moves(s, seat)
        obs = observe(s, seat)
        if seat == 0:
            f.update(obs, rng)
            _possible(f, obs)
            g = f.sample(rng)
            assert g is not None and not Counter(g) - obs.unseen()
            move = easy.choose(obs, moves, rng)
            f.note_move(obs, move)
            reads += 1
        else:
            move = normal.choose(obs, moves, rng)
        step(s, move)
    assert reads >= 3 and {"play", "draw", "draw-play"} & set(f.events)


def test_off_with_three_players_or_seven_zero_and_hard_falls_back() -> None:
    f = HandFilter()
    three = make_obs("R5 B7 B8 G2", "R3", counts=[6, 6])
    f.update(three, random.Random(0))
    assert not f.on and f.sample(random.Random(0)) is None
    seven = make_obs("R5 B7 B8 G2", "R3", counts=[6], rules=PRESETS["official"].model_copy(update={"seven_swap": True, "zero_rotate": True}))
    f.update(seven, random.Random(0))
    assert not f.on
    bot = make_bot("hard", belief="filter", iterations=4)
    assert isinstance(bot, HardBot)
    moves = moves_for(three)
    assert bot.choose(three, moves, random.Random(0)) in moves
    assert not bot.filter.on  # type: ignore[union-attr]


def test_place_hand_gives_the_guess_and_keeps_the_deck() -> None:
    obs = make_obs("R5 B7 B8 G2", "R3", counts=[6])
    s = sample_state(obs, random.Random(0))
    before = Counter(s.hands[1] + s.draw)
    guess = list(obs.unseen().elements())[:6]
    place_hand(s, 1, guess, random.Random(1))
    assert sorted(s.hands[1]) == sorted(guess)
    assert Counter(s.hands[1] + s.draw) == before


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="belief"):
        make_bot("hard", belief="psychic")
    with pytest.raises(ValueError, match="particles"):
        HandFilter(particles=0)
    with pytest.raises(ValueError, match="eps"):
        HandFilter(eps=0)
