"""The table's puzzle modes on CPython: Solitaire and Duel sessions, their views and HTML.

The browser side is in test_puzzle_browser.py; here every rule of the sessions is checked
against the solvers of uno_web.puzzles (and brute force), without a browser.
"""

from __future__ import annotations

import random

import pytest

from uno_web.core.reasons import CATALOGUE, Reason
from uno_web.puzzles.continuation import brute_force_from, solve_solitaire_from
from uno_web.puzzles.duel import analyse_duel_position, solve_duel
from uno_web.puzzles.notation import format_card, parse_cards
from uno_web.puzzles.solitaire import is_valid_solitaire_sequence
from uno_web.web.links import read_page
from uno_web.web.puzzle import (
    SOLITAIRE_RULE_LABEL, DuelSession, PuzzleError, SolitaireSession, duel_view, solitaire_view,
)
from uno_web.web.puzzle_render import ChooserView, render_chooser, render_duel, render_solitaire

SMALL = "R1 R2 G2 G5 B5"  # solvable (R1 R2 G2 G5 B5); G2 first is a dead end


# ------------------------------------------------------------------------------------------
# solvable from a given top card


def test_solve_from_agrees_with_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        colours, numbers = rng.randint(1, 4), rng.randint(1, 5)
        cards = [(rng.randrange(colours), rng.randrange(numbers)) for _ in range(rng.randint(0, 7))]
        last = (rng.randrange(colours), rng.randrange(numbers))
        res = solve_solitaire_from(cards, last)
        oracle = brute_force_from(cards, last)
        assert res.solvable == (oracle is not None), (cards, last)
        if res.solvable:
            assert res.sequence is not None and sorted(res.sequence) == sorted(cards)
            assert is_valid_solitaire_sequence([last] + cards, [last] + res.sequence)


def test_solve_from_explains_a_stuck_top_card() -> None:
    res = solve_solitaire_from("R1 R2", "B5")
    assert not res.solvable and res.reason == "stuck" and "B5" in res.explanation


# ------------------------------------------------------------------------------------------
# Solitaire


def test_solitaire_verdicts_come_from_the_catalogue() -> None:
    s = SolitaireSession.from_text(SMALL)
    first = s.play("R1")
    assert first.ok and first.code == "OK_PLAY" and "4 cards left" in first.message
    assert first.rule == SOLITAIRE_RULE_LABEL
    bad = s.play("G5")
    assert bad.code == "E_NO_MATCH" and not bad.ok
    assert bad.message == ("E_NO_MATCH: Green 5 matches neither the current colour (red) nor the "
                           "top card (red 1)")
    assert bad.explanation == CATALOGUE[Reason.E_NO_MATCH].explanation
    assert "You could play red 2" in bad.hint
    assert s.hand == parse_cards("R2 G2 G5 B5")  # nothing changed
    gone = s.play("R1")  # already played
    assert gone.code == "E_CARD_NOT_OWNED" and "You do not hold" in gone.message
    assert "red 1" in gone.message and "R1" not in gone.message
    assert s.play("X9").code == "E_MALFORMED"


def test_solitaire_check_undo_restart_and_solution() -> None:
    s = SolitaireSession.from_text(SMALL)
    assert s.check().solvable  # from the start
    s.play("G2")
    ans = s.check()
    assert not ans.solvable and ans.text.startswith("No:") and ans.at == 1
    sol = s.show_solution()
    assert sol.from_start and is_valid_solitaire_sequence(parse_cards(SMALL), list(sol.sequence))
    s.undo()
    assert s.played == [] and len(s.hand) == 5
    s.play("R1")
    sol = s.show_solution()
    assert sol.solvable and not sol.from_start
    assert is_valid_solitaire_sequence(parse_cards(SMALL), [(0, 1)] + list(sol.sequence))
    for card in sol.sequence:
        assert s.play(format_card(card)).ok
    assert s.solved and solitaire_view(s).state == "solved"
    assert s.play("R1").code == "E_GAME_OVER"
    s.restart()
    assert not s.played and sorted(s.hand) == sorted(parse_cards(SMALL))


def test_solitaire_stuck_state() -> None:
    s = SolitaireSession.from_text(SMALL)
    for card in ("G2", "G5", "B5"):
        assert s.play(card).ok
    v = solitaire_view(s)
    assert s.stuck and v.state == "stuck" and "Stuck" in v.status
    assert s.play("R1").hint.startswith("No card left matches")


def test_generated_solitaire_is_solvable_and_seeded() -> None:
    a = SolitaireSession.generate(10, "easy", seed=11)
    b = SolitaireSession.generate(10, "easy", seed=11)
    assert a.cards == b.cards and len(a.cards) == 10
    assert a.check().solvable
    assert "generated" in solitaire_view(a).source and "seed 11" in solitaire_view(a).source


def test_puzzle_cards_must_be_four_colour_number_cards() -> None:
    with pytest.raises(PuzzleError, match="fifth colour"):
        SolitaireSession.from_text("R1 C4:2")
    with pytest.raises(PuzzleError, match="cards"):
        SolitaireSession.from_text("R1 W")
    with pytest.raises(PuzzleError):
        SolitaireSession.from_text("")
    with pytest.raises(PuzzleError):
        DuelSession.from_text("R1", "")


def test_solitaire_html_has_the_hooks() -> None:
    s = SolitaireSession.from_text(SMALL)
    s.play("R1")
    s.play("G5")
    s.check()
    html = render_solitaire(solitaire_view(s), "<topbar>")
    assert 'data-testid="hand"' in html["hand"] and 'data-card="R2"' in html["hand"]
    assert 'data-testid="rejection" data-code="E_NO_MATCH"' in html["prompt"]
    assert 'data-testid="solver-answer" data-kind="solvable" data-solvable="true"' in html["prompt"]
    assert 'data-testid="played" data-cards="R1"' in html["opponents"]
    assert 'data-code="E_NO_MATCH"' in html["validator"]
    assert html["topbar"] == "<topbar>"


# ------------------------------------------------------------------------------------------
# Duel


def _play_out(d: DuelSession, pick: "random.Random | None" = None) -> int:
    """Play the duel to its end: you follow perfect play (or random legal cards)."""
    for _ in range(100):
        if d.over:
            return d.winner()
        if d.to_move == 1:
            pos = d.analysis()
            if pick is None:
                card = sorted(pos.winning_moves or pos.losing_moves)[0]
            else:
                card = pick.choice(d.playable(1))
            assert d.play(format_card(card)).ok
        else:
            assert d.opponent_move() is not None
    raise AssertionError("the duel did not end")


@pytest.mark.parametrize("rule", ["geography", "uno"])
def test_duel_analysis_matches_the_solver_and_perfect_play_wins(rule: str) -> None:
    for seed in range(12):
        d = DuelSession.generate(4, rule=rule, seed=seed, winnable=None)
        ref = solve_duel(list(d.p1), list(d.p2), rule=rule)
        v = duel_view(d)
        assert v.start_winner == ref.winner
        assert v.winning_leads == tuple(format_card(c) for c in ref.winning_leads)
        assert _play_out(d) == ref.winner, (seed, d.p1, d.p2)
        # whatever you play, a perfect computer wins the duels it can win
        if ref.winner == 2:
            for k in range(5):
                d.restart()
                assert _play_out(d, random.Random(k)) == 2


def test_duel_verdicts_and_undo() -> None:
    d = DuelSession.from_text("R1 G2 B3", "G1 B2 Y7")
    bad = d.play("Y9")
    assert bad.code == "E_CARD_NOT_OWNED"
    assert d.play("R1").ok
    out_of_turn = d.play("G2")
    assert out_of_turn.code == "E_NOT_TURN" and "Computer" in out_of_turn.message
    reply = d.opponent_move()
    assert reply is not None and reply.ok and reply.who == "Computer"
    top = d.last
    assert top is not None
    nomatch = next(c for c in d.hands[1] if c[0] != top[0] and c[1] != top[1])
    wrong = d.play(format_card(nomatch))
    assert wrong.code == "E_NO_MATCH" and wrong.hint.startswith(("You could play", "No card"))
    assert d.undo() and d.line == [] and d.to_move == 1 and len(d.hands[1]) == 3
    assert not d.undo()


def test_duel_reviews_say_whether_a_move_kept_the_win() -> None:
    d = DuelSession.generate(5, seed=2)  # a duel you can win
    v = duel_view(d)
    assert v.start_winner == 1 and v.winning_leads
    pos = analyse_duel_position(d.hands[1], d.hands[2], None, 1, rule=d.rule)
    losing = sorted(pos.losing_moves)
    if losing:
        d.play(format_card(losing[0]))
        assert d.reviews[-1].was_winning and not d.reviews[-1].keeps_win
        d.undo()
    d.play(v.winning_leads[0])
    assert d.reviews[-1].keeps_win
    html = render_duel(duel_view(d), "")
    assert 'data-testid="duel-winner" data-winner="1"' in html["scores"]
    assert f'data-cards="{" ".join(v.winning_leads)}"' in html["scores"]
    assert 'data-testid="duel-now"' in html["scores"] and 'data-keeps-win="true"' in html["scores"]


def test_duel_game_over_is_reported() -> None:
    d = DuelSession.from_text("R1 G2", "G1 B2")  # the computer wins
    _play_out(d)
    v = duel_view(d)
    assert v.over and v.winner == 2 and v.status.startswith("The computer won")
    assert d.play("G2").code in ("E_GAME_OVER", "E_CARD_NOT_OWNED")
    assert 'data-testid="duel-result" data-winner="2"' in render_duel(v, "")["prompt"]


def test_uno_rule_last_card_wins() -> None:
    # R1 v R2 R3: under uno you are out at once; under geography the computer answers and wins
    uno = DuelSession.from_text("R1", "R2 R3", rule="uno")
    uno.play("R1")
    assert uno.over and uno.winner() == 1
    geo = DuelSession.from_text("R1", "R2 R3")
    geo.play("R1")
    geo.opponent_move()
    assert geo.over and geo.winner() == 2


# ------------------------------------------------------------------------------------------
# puzzle addresses and the chooser


def test_puzzle_addresses() -> None:
    r = read_page("?mode=solitaire&cards=R1 R2 G2")
    assert r.kind == "solitaire" and r.cards == "R1 R2 G2"
    r = read_page("mode=solitaire&n=8&difficulty=hard&embed=1")
    assert r.embed and r.n_cards == 8 and r.difficulty == "hard" and not r.cards
    r = read_page("mode=duel&p1=R1+G2&p2=G1+B2&rule=uno")
    assert (r.kind, r.p1, r.p2, r.rule) == ("duel", "R1 G2", "G1 B2", "uno")
    assert "rule=" in read_page("mode=duel&rule=chess").notes[0]  # said; geography is used
    s = SolitaireSession.from_text("G2 R1")
    assert read_page(s.query()).cards == "R1 G2"
    d = DuelSession.from_text("R1 G2", "G1 B2", rule="uno")
    back = read_page(d.query())
    assert (back.p1, back.p2, back.rule) == ("R1 G2", "G1 B2", "uno")


def test_chooser_html() -> None:
    html = render_chooser(ChooserView(error="cards: bad"), "<bar>")["start"]
    for hook in ("puzzle-chooser", "new-solitaire", "solitaire-cards", "new-duel", "duel-cards",
                 "puzzle-n", "puzzle-difficulty", "puzzle-hand", "puzzle-rule", "puzzle-error"):
        assert f'data-testid="{hook}"' in html
