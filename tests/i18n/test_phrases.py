"""Words from facts: a hint, a report's summary, a replay's line are a phrase key and typed
facts (uno_web.core.words); English and Finnish are both written from them, and no English is
read back to write the Finnish."""

from __future__ import annotations

import json
import string

import pytest

from uno_web import cli
from uno_web.core import RuleSet, new_game
from uno_web.core.cards import parse_card
from uno_web.core.gamelog import summary_words, validate_log
from uno_web.core.words import PHRASES_EN, Words, english, words_from_json, words_json
from uno_web.i18n.fi_phrases import PHRASES_FI
from uno_web.i18n.phrases import missing_phrases, said, words_in
from uno_web.i18n.ui import missing, tr
from uno_web.web.puzzle import SolitaireSession
from uno_web.web.session import suggest_words

R1, BS, W = parse_card("R1"), parse_card("BS"), parse_card("W")


def _names(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_phrase_has_finnish_with_the_same_facts() -> None:
    assert not missing_phrases()
    for key, en in PHRASES_EN.items():
        assert _names(PHRASES_FI[key]) == _names(en), key


def test_a_hint_is_written_in_both_languages_from_its_cards_and_count() -> None:
    w = Words.of("could", options=(Words.of("could.play", cards=(R1, BS, W)),
                                   Words.of("could.take", n=4)))
    assert english(w) == ("You could play red 1, blue Skip, Wild, or take the 4 cards (the draw "
                          "pile, or press A).")
    assert words_in(w, "fi") == ("Voisit pelata kortin punainen 1, sininen ohitus, villi kortti "
                                 "tai ottaa 4 korttia (nostopakka tai A).")
    # the page writes English and translates it whole: the Finnish comes from the facts kept
    assert tr(said(w), "fi") == words_in(w, "fi")


def test_english_that_no_phrase_gave_out_is_not_read_back() -> None:
    made_up = "It is Zed's turn. You could jump in with green 2."
    assert tr(made_up, "fi") == made_up and made_up in missing()


def test_the_table_hint_names_the_player_on_turn_in_finnish() -> None:
    s = new_game(RuleSet(), players=["You", "Ada", "Ben"], seed=3)
    seat = next(i for i in range(3) if i != s.turn)
    w = suggest_words(s, seat)
    fi = words_in(w, "fi")
    name = s.names[s.turn]
    if w.key == "could.not_your_turn":
        assert fi.startswith(f"Nyt on {name}n vuoro. Voisit ")
    else:
        assert w.key == "could.wait" and fi == f"Odota: nyt on pelaajan {name} vuoro."
    assert "You could" not in fi and "turn" not in fi


def test_a_puzzle_hint_names_number_cards_beyond_nine() -> None:
    s = SolitaireSession.from_text("B12 G12 R1")
    s.play("B12")  # the first card is free
    entry = s.play("R1")  # red 1 matches neither blue nor 12
    assert not entry.ok and entry.hint == "You could play green 12."
    assert tr(entry.hint, "fi") == "Voisit pelata kortin vihreä 12."


def test_a_sent_phrase_round_trips_and_bad_facts_are_refused() -> None:
    s = new_game(RuleSet(), players=["You", "Ada"], seed=1)
    w = suggest_words(s, 0)
    assert words_from_json(json.loads(json.dumps(words_json(w)))) == w
    for bad, why in [
        ({"key": "nope", "params": {}}, "unknown phrase"),
        ({"key": "could.play", "params": {}}, "needs the facts"),
        ({"key": "could.play", "params": {"cards": "R1"}}, "not a card"),
        ({"key": "could.take", "params": {"n": "4"}}, "whole number"),
        ({"key": "could.catch", "params": {"who": "x" * 500}}, "not a name"),
        ({"key": "could", "params": {"options": [{"key": "could", "params": {"options": [
            {"key": "could", "params": {"options": [{"key": "could", "params": {
                "options": [{"key": "could", "params": {"options": []}}]}}]}}]}}]}},
         "a phrase is an object"),
        ([1, 2], "a phrase is an object"),
    ]:
        with pytest.raises(ValueError, match=why):
            words_from_json(bad)


def _log(tmp_path, broken: bool) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.json"
    assert cli.main(["record", "--players", "3", "--seed", "1", "-o", str(path)]) == 0
    if broken:
        data = json.loads(path.read_text())
        data["rounds"][0]["actions"][1]["seat"] = 2
        path.write_text(json.dumps(data))
    return str(path)


def test_the_summary_in_finnish_from_the_reports_facts(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    good = _log(tmp_path, False)
    capsys.readouterr()
    assert cli.main(["validate", good, "--lang", "fi"]) == 0
    report = json.loads(capsys.readouterr().out)
    en = validate_log(open(good).read())
    assert en.summary.startswith("Valid: ") and en.names == report["names"]
    winner = en.names[en.winner] if en.winner is not None else ""
    assert report["summary"] == (f"Kelvollinen: {en.actions_checked} siirtoa "
                                 f"{en.rounds_checked} kierroksella; {winner} voitti pelin.")
    bad = _log(tmp_path, True)
    capsys.readouterr()
    assert cli.main(["validate", bad, "--lang", "fi"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["failure"]["where"] == "siirto 2 (laskettu 1:stä koko lokin yli) kierroksella 1"
    assert report["summary"].startswith(
        "Virheellinen: siirto 2 (laskettu 1:stä koko lokin yli) kierroksella 1 hylätään. "
        "E_NOT_TURN: Nyt on ")
    assert "refused" not in report["summary"] and "turn" not in report["summary"]
    # the English summary is the same words written from the same facts
    assert english(summary_words(validate_log(open(bad).read()).model_dump())) == \
        validate_log(open(bad).read()).summary


def test_the_replay_lines_in_finnish_from_their_facts(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from uno_web.web import view as view_mod
    from uno_web.web.session import LogReplay

    rp = LogReplay.from_json(open(_log(tmp_path, True)).read())
    assert rp.failure is not None and rp.refused is not None
    tv = view_mod.replay_view(rp)
    assert tr(tv.status, "fi") == "Toisto: ensimmäinen jako. Etene painikkeella Seuraava (→)."
    assert tr(tv.replay_problem, "fi").startswith(
        "Tämä loki ei ole kelvollinen: siirto 2 (laskettu 1:stä koko lokin yli) kierroksella 1 "
        "hylätään. Nyt on ")
    rp.step(+1)
    status = view_mod.replay_view(rp).status
    assert status.startswith("Replay, action 1 (counted from 1 over the whole log) in round 1: ")
    assert tr(status, "fi").startswith("Toisto, siirto 1 (laskettu 1:stä koko lokin yli) "
                                       "kierroksella 1: ")


def test_the_scores_rule_line_from_the_preset_and_the_changed_rules() -> None:
    from uno_web.core.rules import PRESETS
    from uno_web.web.view import rules_summary

    rules = PRESETS["official"].model_copy(update={"uno_call": False})
    w = rules_summary(rules, "official")
    assert english(w) == "Scores · official + uno_call=False"
    assert words_in(w, "fi") == "Pisteet · viralliset + uno_call=False"
    assert words_in(rules_summary(PRESETS["house-party"], "house-party"), "fi") == \
        "Pisteet · juhlasäännöt"
    # the same line that no phrase gave out is not read back
    made_up = "Scores · strict-table + target_score=777"
    assert tr(made_up, "fi") == made_up and made_up in missing()


def test_a_verdicts_rule_in_finnish_from_the_verdict() -> None:
    from uno_web.core import check, parse_move
    from uno_web.i18n.verdicts import shown

    s = new_game(RuleSet(), players=["You", "Ada", "Ben"], seed=7)
    v = check(s, parse_move("P0:R7"))
    shown(v)
    assert v.rule.startswith("official rules: ") and tr(v.rule, "fi").startswith("viralliset säännöt: ")
    # a toggle's notation that no verdict gave out is not read back
    made_up = "self_catch, jump_in = true"
    assert tr(made_up, "fi") == made_up and made_up in missing()


def test_log_lines_in_finnish_from_the_events_facts() -> None:
    from uno_web.core.events import CardPlayed, CardsDrawn, PenaltyApplied
    from uno_web.web.view import describe_event, event_words

    names = ["You", "Ada", "Ben"]
    played = CardPlayed(seat=0, card=parse_card("R7"), color=0)
    assert describe_event(played, names, 0) == "You played red 7."
    assert words_in(event_words(played, names, 0), "fi") == "Sinä pelasit kortin punainen 7."
    drew = CardsDrawn(seat=1, cards=(parse_card("G2"), parse_card("BS")), reason="penalty")
    line = describe_event(drew, names, 1)  # Ada sees her own cards
    assert line == "You drew 2 cards as a penalty: green 2, blue Skip."
    assert tr(line, "fi") == "Sinä nostit 2 rangaistuskorttia: vihreä 2, sininen ohitus."
    assert describe_event(drew, names, 0) == "Ada drew 2 cards as a penalty."  # only counted
    by = PenaltyApplied(seat=2, count=4, reason="challenge", by=1)
    assert words_in(event_words(by, names, 0), "fi") == "Ben joutuu nostamaan 4: haaste (Adan takia)."
    # the same English that no event gave out is not read back
    made_up = "Zed played green 9."
    assert tr(made_up, "fi") == made_up and made_up in missing()


def test_status_lines_in_finnish_from_their_facts() -> None:
    w = Words.of("status.play", color=0, rank=parse_card("G7"))
    assert english(w) == "Your turn: play a card matching red or a 7, or draw."
    assert words_in(w, "fi") == "Sinun vuorosi: pelaa kortti, joka sopii väriin punainen tai on 7, tai nosta."
    w = Words.of("status.nothing", color=2, rank=parse_card("YS"))
    assert words_in(w, "fi") == "Sinun vuorosi: mikään ei sovi väriin vihreä eikä ole ohitus — nosta kortti."
    w = Words.of("status.face", n=4, parts=(Words.of("status.face.challenge"),
                                           Words.of("status.face.take", n=4)))
    assert english(w) == "Your turn: you face 4 cards — challenge, take 4 cards (draw pile)."
    assert words_in(w, "fi") == "Sinun vuorosi: edessäsi on 4 korttia — haasta, ota 4 korttia (nostopakka)."
    assert words_in(Words.of("status.round_won", who="You", n=3), "fi") == \
        "Sinä voitit kierroksen 3. Jaa seuraava kierros, kun olet valmis."
    assert words_in(Words.of("pp.catch", who="Ada", target="Ben"), "fi") == "Ada saa Benin kiinni!"
    assert words_in(Words.of("pp.pass_to", who="Ben"), "fi") == "Anna laite Benille"


#: the catalogue's entries that capture fields out of English (``{placeholders}``): a ceiling
#: that only goes down as producers return phrases instead
PATTERN_CEILING = 0


def test_fewer_english_capturing_patterns_and_none_for_the_converted_texts() -> None:
    from uno_web.i18n import ui
    from uno_web.i18n.fi_ui import UI_FI

    patterns = [en for en in UI_FI if "{" in en]
    assert len(patterns) <= PATTERN_CEILING
    converted = ("You could", "{who} drew", "{who} played", "Your turn: you face",
                 "Your turn: nothing matches", "{who}'s turn", "Replay:", "Replay,", "rule: {",
                 "Scores · {", "Pass to {", "{who} must draw", "play {cards}")
    assert not [en for en in patterns if en.startswith(converted)]
    for gone in ("_could", "_FIELD_RULE", "_RULES_LINE"):
        assert not hasattr(ui, gone)
    # every phrase a page shows has its Finnish: nothing of it goes through the patterns
    assert not set(PHRASES_EN) - set(PHRASES_FI)


def test_a_puzzle_hint_names_a_colour_beyond_the_four_by_its_index() -> None:
    w = Words.of("puzzle.could", pcards=((2, 12), (5, 7)))
    assert english(w) == "You could play green 12, colour 5 7."
    assert words_in(w, "fi") == "Voisit pelata kortin vihreä 12, väri 5 7."


def test_several_logs_each_with_its_summary_in_finnish(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    good = _log(tmp_path, False)
    bad_dir = tmp_path / "b"
    bad_dir.mkdir()
    bad = _log(bad_dir, True)
    capsys.readouterr()
    assert cli.main(["validate", good, bad, "--lang", "fi"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["summary"].startswith("Kelvollinen: ")
    assert lines[1]["failure"]["message"].startswith("E_NOT_TURN: Nyt on ")
    assert lines[1]["summary"].startswith("Virheellinen: siirto 2 ")
    assert "summary" in lines[-1] and isinstance(lines[-1]["summary"], dict)  # the counts


def test_a_seats_label_and_a_cards_label_in_finnish_from_their_facts() -> None:
    parts = (Words.of("seat.cards", n=4), Words.of("seat.score", n=12), Words.of("seat.to_play"))
    w = Words.of("seat.ai", who="Ada", level="easy", parts=parts)
    assert english(w) == "Ada, easy AI, 4 cards, score 12, to play"
    assert words_in(w, "fi") == "Ada, helppo-tekoäly, 4 korttia, pisteet 12, vuorossa"  # was "easy AI"
    w = Words.of("card.playable_drawn", card=parse_card("B7"))
    assert english(w) == "blue 7, playable, just drawn"
    assert words_in(w, "fi") == "sininen 7, pelattavissa, juuri nostettu"


def test_the_puzzles_lines_in_finnish_from_their_facts() -> None:
    w = Words.of("solitaire.status.play", pcolor=5, m=7, n=3)
    assert english(w) == "Play a card matching colour 5 or 7 (3 left)."
    assert words_in(w, "fi") == "Pelaa kortti, jonka väri on väri 5 tai numero 7 (3 jäljellä)."
    w = Words.of("solitaire.gave_up", big=1_200_000)
    assert english(w) == "The solver gave up: the search needed more than 1,200,000 steps."
    assert words_in(w, "fi") == "Ratkaisija luovutti: haku olisi vaatinut yli 1\u00a0200\u00a0000 askelta."
    w = Words.of("duel.you_won", then=Words.of("duel.why.computer_cannot", pcard=(2, 5)))
    assert english(w) == "You won: the computer cannot play on green 5."
    assert words_in(w, "fi") == "Voitit: tietokone ei voi pelata kortin vihreä 5 päälle."
    w = Words.of("solitaire.yes_on/1", n=1, pcard=(0, 3))
    assert words_in(w, "fi") == "Kyllä: 1 jäljellä oleva kortti voidaan vielä pelata kortin punainen 3 päälle."
    w = Words.of("duel.line", n=2, who="Computer", pcard=(3, 1))
    assert (english(w), words_in(w, "fi")) == ("2. Computer: blue 1", "2. Tietokone: sininen 1")
    w = Words.of("solitaire.no_solution", then=Words.of("solver.gave_up"))
    assert words_in(w, "fi") == "Tällä pulmalla ei ole ratkaisua lainkaan: haku luovutti."
    # a solver's explanation is written from the facts the solver gives with it
    from uno_web.puzzles.continuation import solve_solitaire_from
    from uno_web.puzzles.notation import parse_cards
    from uno_web.web.puzzle import _explained

    res = solve_solitaire_from(parse_cards("B2 B3"), "R1")
    w = Words.of("solitaire.no", then=_explained(res))
    assert english(w) == ("No: no card left matches R1 (neither its colour nor its number). "
                          "Undo, or start again.")
    assert words_in(w, "fi") == ("Ei: mikään jäljellä oleva kortti ei sovi korttiin R1 (ei "
                                 "väriltään eikä numeroltaan). Peru tai aloita alusta.")
    w = Words.of("puzzle.job.solitaire_level", n=12, level="medium")
    assert words_in(w, "fi") == "Jaetaan 12 kortin pasianssia, keskitaso"


def test_storage_and_link_notices_in_finnish_from_their_facts() -> None:
    from uno_web.web.links import read_page
    from uno_web.web.stored import read_prefs

    _, dropped = read_prefs('{"speed": "warp", "sound": 3, "colour": 1}')
    notices = [d.notice() for d in dropped]
    assert notices[0] == ("Some saved preferences could not be read and were discarded: speed "
                          "'warp' is not one of instant, fast, normal, slow.")
    fi = [tr(n, "fi") for n in notices]
    assert fi[0].startswith("Osaa tallennetuista valinnoistasi ei voitu lukea") and "ei ole mikään arvoista" in fi[0]
    assert fi[1].endswith("ei ole true eikä false.") and fi[2].endswith("ei ole tunnettu valinta.")
    req = read_page("mode=solitaire&n=999&difficulty=silly")
    assert req.notes and all(tr(n, "fi") != n for n in req.notes)
    assert any("ei ole kokonaisluku väliltä" in tr(n, "fi") for n in req.notes)
    # a value with nothing to stand in for it is dropped, and the note says so (was "so  is used")
    assert "difficulty='silly' is not one of easy, medium, hard, so it is ignored." in req.notes
    assert ("difficulty='silly' ei ole mikään arvoista easy, medium, hard, joten se jätetään "
            "huomiotta.") in [tr(n, "fi") for n in req.notes]


def test_settings_refusals_in_finnish_from_their_facts() -> None:
    from uno_web.web.passplay import PERSON, Setup
    from uno_web.web.session import SettingsError, TableSettings

    with pytest.raises(SettingsError) as bad:
        TableSettings(players=11)
    assert str(bad.value) == "players: must be a whole number from 2 to 10, not 11"
    assert tr(str(bad.value), "fi") == "players: pitää olla kokonaisluku väliltä 2–10, ei 11"
    with pytest.raises(SettingsError) as bad:
        TableSettings(players=3, levels=("easy", "silly"))
    assert tr(str(bad.value), "fi").startswith("levels: paikalla 2 ei ole tasoa 'silly'; valitse")
    setup = Setup(players=3, kinds=(PERSON, PERSON, "easy"), names=("Ann", " ", ""))
    with pytest.raises(SettingsError) as bad:
        setup.table_settings()
    assert str(bad.value) == "Seat 2 is a person: give them a name."
    assert tr(str(bad.value), "fi") == "Paikalla 2 on ihminen: anna hänelle nimi."


def test_a_puzzle_the_table_cannot_deal_says_why_in_finnish() -> None:
    from uno_web.web.puzzle import DuelSession, PuzzleError

    with pytest.raises(PuzzleError) as bad:
        SolitaireSession.dealing(n_cards=99)
    assert str(bad.value) == "out of range: n=99 (a dealt solitaire has 2 to 40 cards)"
    assert tr(str(bad.value), "fi") == \
        "sallitun alueen ulkopuolella: n=99 (jaetussa pasianssissa on 2–40 korttia)"
    hand = " ".join(f"{c}{n}" for c in "RGB" for n in range(1, 8))  # 21 cards
    with pytest.raises(PuzzleError) as bad:
        DuelSession.from_text(hand, "Y1", rule="geography")
    assert str(bad.value) == ("too many cards: p1 has 21; each hand of a duel under the geography "
                              "rule holds 1 to 20 cards")
    # the rule's name in Finnish (the English pattern kept "geography")
    assert tr(str(bad.value), "fi") == ("liikaa kortteja: kentässä p1 on 21; maantiede-säännön "
                                        "kaksintaistelussa kummassakin kädessä on 1–20 korttia")


def test_a_puzzle_cards_bad_notation_in_finnish_from_its_facts() -> None:
    from uno_web.puzzles.notation import CardNotationError, parse_cards
    from uno_web.web.puzzle import PuzzleError, read_cards

    with pytest.raises(CardNotationError) as raw:
        parse_cards("R1 C200:1")
    assert (raw.value.problem, raw.value.index, raw.value.value, raw.value.limit) == \
        ("colour_index", 2, 200, 99)
    with pytest.raises(PuzzleError) as bad:
        read_cards("R1 C200:1", "p1")
    assert str(bad.value) == "p1: card #2: bad card 'C200:1': colour index 200 > 99"
    assert tr(str(bad.value), "fi") == "p1: kortti #2: virheellinen kortti 'C200:1': värin numero 200 > 99"
    with pytest.raises(PuzzleError) as bad:
        read_cards("X9", "cards")
    assert tr(str(bad.value), "fi").startswith("kortit: kortti #1: virheellinen kortti 'X9': odotettiin")
