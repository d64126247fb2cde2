"""The rules course: one lesson per official rule and per RuleSet toggle, generated as data.

Each :class:`CourseLesson` is a short text (English and Finnish), a position to embed, the move
the reader should try (``good``) and the most tempting wrong move (``wrong``), each with the
verdict the validator gives.  ``tests/puzzles/test_course.py`` plays both moves of every lesson
and fails when a RuleSet field has no lesson (:func:`missing_toggles`), so the course cannot
drift from the engine nor miss a new toggle.

ONE PLACE to add a lesson for a new toggle: an entry in :data:`TOGGLE_LESSONS` (its position
and moves; its title and text are the field's own, English from the RuleSet, Finnish from
``uno_web/i18n/fi_rules.py``).  ``python -m uno_web.web.course`` writes the course pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.position import Position, position_to_query
from ..core.rules import RuleSet

__all__ = ["CourseLesson", "CHAPTERS", "LESSONS", "TOGGLE_LESSONS", "missing_toggles",
           "lesson_query", "chapter_lessons"]

#: (slug, English title, Finnish title)
CHAPTERS: tuple[tuple[str, str, str], ...] = (
    ("matching", "Matching", "Sopiva kortti"),
    ("action", "Action cards", "Toimintakortit"),
    ("drawing", "Drawing", "Nostaminen"),
    ("plus4", "Wild Draw Four and the challenge", "Villi nosta neljä ja haaste"),
    ("uno", "UNO calls", "UNO!-huuto"),
    ("first", "The first card", "Ensimmäinen kortti"),
    ("scoring", "Scoring", "Pisteet"),
    ("house", "House rules", "Kotisäännöt"),
)


@dataclass(frozen=True)
class CourseLesson:
    slug: str
    chapter: str
    title: str
    title_fi: str
    text: str
    text_fi: str
    position: Position
    good: tuple[str, str]  # (move, expected code): what the reader should try
    wrong: tuple[str, str]  # the most tempting wrong move and its verdict
    toggle: str = ""  # the RuleSet field the lesson teaches ("" for an official rule)


def _pos(hands: list[str], top: str, *, overrides: dict[str, Any] | None = None,
         goal: str = "", **kw: Any) -> Position:
    return Position(hands=hands, top=top, overrides=overrides or {}, names=["You", "Bot"][
        :len(hands)] + [f"Bot {i}" for i in range(2, len(hands))], goal=goal or None, **kw)


def _l(slug: str, chapter: str, title: str, title_fi: str, text: str, text_fi: str,
       position: Position, good: tuple[str, str], wrong: tuple[str, str],
       toggle: str = "") -> CourseLesson:
    return CourseLesson(slug, chapter, title, title_fi, text, text_fi, position, good, wrong,
                        toggle)


OFFICIAL_LESSONS: tuple[CourseLesson, ...] = (
    _l("match-colour", "matching", "Match the colour", "Sama väri",
       "Play a card of the current colour. The top card is a red 9: any red card fits.",
       "Pelaa nykyisen värin kortti. Päällimmäinen on punainen 9: mikä tahansa punainen käy.",
       _pos(["R3 G7 B5", "Y1 Y2 Y3"], "R9", goal="Play a red card."),
       ("P0:R3", "OK_PLAY"), ("P0:B5", "E_NO_MATCH")),
    _l("match-number", "matching", "Match the number", "Sama numero",
       "A card of the same number or symbol fits whatever its colour.",
       "Saman numeron tai symbolin kortti käy väristä riippumatta.",
       _pos(["G9 B5 Y2", "Y1 Y3 R1"], "R9", goal="Play the other 9."),
       ("P0:G9", "OK_PLAY"), ("P0:B5", "E_NO_MATCH")),
    _l("wild", "matching", "A Wild fits anything", "Villi kortti käy aina",
       "A Wild may be played on any card; you name the colour that continues.",
       "Villin kortin voi pelata minkä tahansa kortin päälle; nimeät värin, jolla peli jatkuu.",
       _pos(["W G5 B5", "Y1 Y3 R1"], "R9", goal="Play the Wild and name a colour."),
       ("P0:W=G", "OK_PLAY"), ("P0:W", "E_WILD_COLOR_MISSING")),
    _l("current-colour", "matching", "After a Wild the named colour counts",
       "Villin jälkeen nimetty väri ratkaisee",
       "The Wild below named blue: a blue card fits, a card of the top card's colour does not.",
       "Alla oleva villi kortti nimesi sinisen: sininen kortti käy, päällimmäisen kortin väri ei.",
       _pos(["G2 B4", "Y1 Y2 Y3"], "G7", discard="W", color="B", goal="Which colour is current?"),
       ("P0:B4", "OK_PLAY"), ("P0:G2", "E_NO_MATCH")),
    _l("skip", "action", "Skip", "Ohitus",
       "A Skip makes the next player miss their turn.",
       "Ohitus saa seuraavan pelaajan menettämään vuoronsa.",
       _pos(["RS G4 B4", "Y1 Y2 Y3", "B1 B2 B3"], "R5", goal="Skip the next player."),
       ("P0:RS", "OK_PLAY"), ("P0:G4", "E_NO_MATCH")),
    _l("reverse", "action", "Reverse", "Suunnanvaihto",
       "A Reverse changes the direction of play.",
       "Suunnanvaihto kääntää pelisuunnan.",
       _pos(["RR G4 B4", "Y1 Y2 Y3", "B1 B2 B3"], "R5", goal="Turn the direction of play."),
       ("P0:RR", "OK_PLAY"), ("P0:B4", "E_NO_MATCH")),
    _l("draw-two", "action", "Draw Two", "Nosta kaksi",
       "A Draw Two makes the next player draw two cards and miss the turn.",
       "Nosta kaksi saa seuraavan pelaajan nostamaan kaksi korttia ja menettämään vuoronsa.",
       _pos(["R+2 G4 B4", "Y1 Y2 Y3"], "R5", goal="Make the bot draw two."),
       ("P0:R+2", "OK_PLAY"), ("P0:G4", "E_NO_MATCH")),
    _l("take-penalty", "drawing", "Facing a Draw Two", "Nosta kaksi osuu sinuun",
       "When a Draw Two hits you (no stacking), take the two cards: no other card answers it.",
       "Kun nosta kaksi osuu sinuun (ilman pinoamista), ota kaksi korttia: mikään muu kortti ei "
       "vastaa siihen.",
       _pos(["R5 G4 B4", "Y1 Y2 Y3"], "R+2", discard="R4", phase="penalty", pending=2,
            goal="Take the two cards."),
       ("A0", "OK_ACCEPT"), ("P0:R5", "E_PENALTY_NOT_ANSWERED")),
    _l("draw", "drawing", "Drawing a card", "Kortin nostaminen",
       "Nothing fits? Draw a card from the draw pile; you may play it if it fits, or keep it.",
       "Mikään ei sovi? Nosta kortti nostopakasta; voit pelata sen, jos se sopii, tai pitää sen.",
       _pos(["G4 B4 Y2", "Y1 Y3 R1"], "R5", draw="R6", goal="Nothing fits: draw."),
       ("D0", "OK_DRAW"), ("K0", "E_PASS_NOT_ALLOWED")),
    _l("plus4-legal", "plus4", "Wild Draw Four without the colour",
       "Villi nosta neljä ilman väriä",
       "A Wild Draw Four may be played when you hold no card of the current colour.",
       "Villin nosta neljän saa pelata, kun kädessäsi ei ole nykyisen värin korttia.",
       _pos(["W+4 G7 B2", "Y1 Y2 Y5"], "R5", goal="You have no red card: play the +4."),
       ("P0:W+4=G", "OK_PLAY"), ("P0:G7", "E_NO_MATCH")),
    _l("plus4-challenge", "plus4", "Challenge a bluff", "Haasta bluffi",
       "Hit by a Wild Draw Four, you may challenge it: if the player held the colour, they draw "
       "4; if not, you draw 6.",
       "Kun villi nosta neljä osuu sinuun, voit haastaa sen: jos pelaajalla oli väriä, hän "
       "nostaa 4; muuten sinä nostat 6.",
       _pos(["R1 G5 B7", "Y3 Y4 R8"], "W+4", color="B", phase="penalty", pending=4, plus4_by=1,
            plus4_bluff=True, goal="The bot held red: challenge."),
       ("X0", "OK_CHALLENGE"), ("P0:R1", "E_PENALTY_NOT_ANSWERED")),
    _l("uno-catch", "uno", "Catch a missed UNO", "Nappaa unohtunut UNO!",
       "A player left with one card must have called UNO; catch them before the next player "
       "acts and they draw two.",
       "Yhden kortin pelaajan olisi pitänyt huutaa UNO!; nappaa hänet ennen seuraavan pelaajan "
       "siirtoa, niin hän nostaa kaksi.",
       _pos(["R3 G4 B5", "Y7"], "Y2", uncalled=[1], goal="The bot did not call UNO."),
       ("C0>1", "OK_CATCH"), ("U0", "E_UNO_NOT_ALLOWED")),
    _l("uno-call", "uno", "Call UNO with your play", "Huuda UNO! pelatessasi",
       "Playing your second-to-last card, call UNO with it.",
       "Kun pelaat toiseksi viimeisen korttisi, huuda samalla UNO!",
       _pos(["R3 G4", "Y7 Y8 Y9"], "R2", goal="Play the red 3 and call UNO."),
       ("P0:R3!", "OK_PLAY"), ("P0:G4!", "E_NO_MATCH")),
    _l("first-wild", "first", "A Wild turned up first", "Ensimmäisenä villi kortti",
       "When the first card turned up is a Wild, the first player names the colour.",
       "Kun ensimmäinen käännetty kortti on villi kortti, ensimmäinen pelaaja nimeää värin.",
       _pos(["R3 G4 B5", "Y7 Y8 Y9"], "W", phase="choose-color", goal="Name the colour."),
       ("O0=G", "OK_COLOR"), ("P0:R3", "E_CHOOSE_COLOR_FIRST")),
    _l("going-out", "scoring", "Going out scores the other hands",
       "Korteista eroon: muiden kädet pisteiksi",
       "Play your last card to win the round: you score the points left in the other hands.",
       "Pelaa viimeinen korttisi ja voitat kierroksen: saat muiden käsiin jääneet pisteet.",
       _pos(["R3", "Y7 W+4 GS"], "R2", goal="Go out."),
       ("P0:R3", "OK_PLAY"), ("D0", "OK_DRAW")),
)


def _toggle(name: str, position: Position, good: tuple[str, str],
            wrong: tuple[str, str]) -> CourseLesson:
    """A toggle's lesson: its title and text are the field's, in English from the RuleSet
    and in Finnish from the catalogue (uno_web/i18n/fi_rules.py), as the start screen shows
    them."""
    from ..i18n.rules import rule_description, rule_title

    def plain(text: str) -> str:
        return text.replace("`", "")

    return CourseLesson(
        f"rule-{name.replace('_', '-')}", "house", rule_title(name, "en"), rule_title(name, "fi"),
        plain(rule_description(name, "en")), plain(rule_description(name, "fi")), position,
        good, wrong, toggle=name)


def _house(name: str, value: Any, hands: list[str], top: str, good: tuple[str, str],
           wrong: tuple[str, str], **kw: Any) -> CourseLesson:
    return _toggle(name, _pos(hands, top, overrides={name: value}, **kw), good, wrong)


#: one lesson per RuleSet field (a new toggle: add its lesson here)
TOGGLE_LESSONS: tuple[CourseLesson, ...] = (
    _house("deck", "playing-cards", ["7H 9S QD", "2C 3C 4C"], "7C",
           ("P0:7H", "OK_PLAY"), ("P0:QD", "E_NO_MATCH"), goal="Match the suit or the rank."),
    _house("hand_size", 5, ["R3 G7", "Y1 Y2"], "R9",
           ("P0:R3", "OK_PLAY"), ("P0:G7", "E_NO_MATCH")),
    _house("first_card", "redraw-wild", ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"),
           ("P0:G7", "E_NO_MATCH")),
    _house("two_player_reverse", "none", ["RR R2 G5", "B1 B2 Y5"], "R9",
           ("P0:RR", "OK_PLAY"), ("P0:G5", "E_NO_MATCH")),
    _house("wild_draw_four", "strict", ["W+4 R3 G7", "B1 B2 Y5"], "R5",
           ("P0:R3", "OK_PLAY"), ("P0:W+4=G", "E_PLUS4_NOT_ALLOWED")),
    _house("wild_last_resort", True, ["W R3 G7", "B1 B2 Y5"], "R5", ("P0:R3", "OK_PLAY"),
           ("P0:W=G", "E_WILD_NOT_LAST_RESORT")),
    _house("wild_draws_one", True, ["W R3 G7", "B1 B2 Y5"], "R5", ("P0:W=G", "OK_PLAY"),
           ("P0:G7", "E_NO_MATCH")),
    _house("no_action_card_last", True, ["RS R3", "B1 B2 Y5"], "R5", ("P0:RS", "OK_PLAY"),
           ("P0:G9", "E_CARD_NOT_OWNED")),
    _house("stack_draw_two_on_draw_two", True, ["G+2 R5 B3", "Y1 Y2 Y3"], "R+2",
           ("P0:G+2", "OK_STACK"),
           ("P0:R5", "E_PENALTY_NOT_ANSWERED"), discard="R4", phase="penalty", pending=2),
    _house("stack_draw_four_on_draw_four", True,
           ["W+4 R5 B3", "Y1 Y2 Y3"], "W+4", ("P0:W+4=G", "OK_STACK"),
           ("P0:R5", "E_PENALTY_NOT_ANSWERED"), color="B", phase="penalty", pending=4),
    _house("stack_draw_two_on_draw_four", True,
           ["B+2 R5 G3", "Y1 Y2 Y3"], "W+4", ("P0:B+2", "OK_STACK"),
           ("P0:R5", "E_PENALTY_NOT_ANSWERED"), color="B", phase="penalty", pending=4),
    _house("stack_draw_four_on_draw_two", True,
           ["W+4 B5 G3", "Y1 Y2 Y3"], "R+2", ("P0:W+4=G", "OK_STACK"),
           ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4", phase="penalty", pending=2),
    _house("escalating_stack", True,
           ["R+2 B5 G3", "Y1 Y2 Y3"], "R+2", ("P0:R+2", "OK_STACK"),
           ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4", phase="penalty", pending=2),
    _house("jump_in", True,
           ["R5 G2 Y3", "B1 B2 Y9", "Y7 Y8 G9"], "R5", ("P0:R5", "OK_PLAY"),
           ("P0:G2", "E_NO_MATCH")),
    _house("seven_swap", True,
           ["R7 G2 B3", "Y1 Y2"], "R5", ("P0:R7>1", "OK_PLAY"),
           ("P0:R7", "E_SWAP_TARGET_MISSING")),
    _house("zero_rotate", True,
           ["R0 G2 B3", "Y1 Y2"], "R5", ("P0:R0", "OK_PLAY"), ("P0:G2", "E_NO_MATCH")),
    _house("may_draw_when_playable", False,
           ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"), ("D0", "E_MUST_PLAY")),
    _house("draw_to_match", True,
           ["G4 B4", "Y1 Y2"], "R5", ("D0", "OK_DRAW"), ("P0:G4", "E_NO_MATCH"), draw="Y6 R6"),
    _house("forced_play", True,
           ["G4 B4", "Y1 Y2"], "R5", ("D0", "OK_DRAW"), ("K0", "E_PASS_NOT_ALLOWED"), draw="R6"),
    _house("drawn_joker_penalty", 3,
           ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"), ("P0:G7", "E_NO_MATCH")),
    _house("reshuffle", "turn-over", ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"),
           ("P0:G7", "E_NO_MATCH")),
    _house("uno_call", False,
           ["R3 G4 B5", "Y7"], "R2", ("P0:R3", "OK_PLAY"), ("U0", "E_UNO_DISABLED")),
    _house("uno_penalty", 4, ["R3 G4 B5", "Y7"], "Y2",
           ("C0>1", "OK_CATCH"), ("U0", "E_UNO_NOT_ALLOWED"), uncalled=[1]),
    _house("uno_catch_window", "until-next-play", ["R3 G4 B5", "Y7"], "Y2",
           ("C0>1", "OK_CATCH"), ("U0", "E_UNO_NOT_ALLOWED"), uncalled=[1]),
    _house("scoring", "elimination", ["R3", "Y7 W+4"], "R2", ("P0:R3", "OK_PLAY"),
           ("P0:Y7", "E_CARD_NOT_OWNED")),
    _house("target_score", 200, ["R3", "Y7 W+4"], "R2",
           ("P0:R3", "OK_PLAY"), ("D0", "OK_DRAW")),
    _house("elimination_threshold", 100,
           ["R3", "Y7 W+4"], "R2", ("P0:R3", "OK_PLAY"), ("D0", "OK_DRAW")),
    _house("draw_on_last_card", False, ["R+2", "Y1 Y2 Y3"], "R5",
           ("P0:R+2", "OK_PLAY"), ("D0", "OK_DRAW")),
    _house("reverse_returns_draw_two", True, ["RR B5 G3", "Y1 Y2 Y3"], "R+2",
           ("P0:RR", "OK_DEFLECT"), ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4",
           phase="penalty", pending=2),
    _house("reverse_returns_draw_four", True, ["BR R5 G3", "Y1 Y2 Y3"], "W+4",
           ("P0:BR", "OK_DEFLECT"), ("P0:R5", "E_PENALTY_NOT_ANSWERED"), color="B",
           phase="penalty", pending=4),
    _house("skip_passes_penalty", True, ["RS B5 G3", "Y1 Y2 Y3", "G1 G2 G3"], "R+2",
           ("P0:RS", "OK_DEFLECT"), ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4",
           phase="penalty", pending=2),
    _toggle("draw_answers", _pos(["BR B5 G3", "Y1 Y2 Y3"], "R+2", discard="R4", phase="penalty",
                                 pending=2, overrides={
        "draw_answers": "top-card", "stack_draw_two_on_draw_two": True,
        "reverse_returns_draw_two": True}), ("P0:BR", "OK_DEFLECT"),
        ("P0:B5", "E_PENALTY_NOT_ANSWERED")),
    _house("play_same_number", True, ["R5 G5 B3", "Y1 Y2"], "R9",
           ("P0:R5", "OK_PLAY"), ("P0:G5", "E_NO_MATCH")),
    _house("uno_call_with_two", False,
           ["R3 G4", "Y7 Y8"], "R2", ("P0:R3!", "OK_PLAY"), ("U0", "E_UNO_NOT_ALLOWED")),
    _house("no_wild_finish", True, ["W", "Y1 Y2"], "R5",
           ("D0", "OK_DRAW"), ("P0:W=G", "P_FINISH")),
    _house("no_draw_card_finish", True,
           ["R+2", "Y1 Y2"], "R5", ("D0", "OK_DRAW"), ("P0:R+2", "P_FINISH")),
    _house("misplay_penalty", 1, ["R3 G7", "Y1 Y2"], "R9",
           ("P0:R3", "OK_PLAY"), ("P0:G7", "P_MISPLAY")),
    _toggle("misplay_keeps_turn", _pos(["R3 G7", "Y1 Y2"], "R9", overrides={
        "misplay_penalty": 1, "misplay_keeps_turn": True}), ("P0:R3", "OK_PLAY"),
        ("P0:G7", "P_MISPLAY")),
    _toggle("finish_keeps_turn", _pos(["W", "Y1 Y2"], "R5", overrides={
        "no_wild_finish": True, "finish_keeps_turn": True}), ("D0", "OK_DRAW"),
        ("P0:W=G", "P_FINISH")),
    _toggle("same_number_turn", _pos(["R7 G5 B3", "Y1 Y2"], "R5", same_number=5, overrides={
        "play_same_number": True, "same_number_turn": "any-card"}), ("P0:R7", "OK_PLAY"),
        ("P0:B3", "E_NO_MATCH")),
    _toggle("jump_in_same_number", _pos(["R5 R1 G2", "B1 B2 Y9", "Y7 G5 G9"], "R5", overrides={
        "jump_in": True, "play_same_number": True, "jump_in_same_number": False}),
        ("P0:R5", "OK_PLAY"), ("P0:G2", "E_NO_MATCH")),
    # Bot played the red 5 and Bot 2 has drawn since: the red 5 is still on top
    _toggle("jump_in_window", _pos(["R5 G2 Y3", "B1 B2", "Y7 Y8 R9"], "R5", turn=2,
                                   phase="drawn", drawn="R9", jump_window=True, last_player=1,
                                   overrides={"jump_in": True, "jump_in_window": "while-on-top"}),
            ("P0:R5", "OK_JUMP_IN"), ("P0:G2", "E_JUMP_IN_NOT_IDENTICAL")),
    _toggle("jump_in_wild", _pos(["W G2 Y3", "B1 B2", "Y7 Y8 G9"], "W", color="G", turn=2,
                                 jump_window=True, last_player=1,
                                 overrides={"jump_in": True, "jump_in_wild": True}),
            ("P0:W=R", "OK_JUMP_IN"), ("P0:G2", "E_JUMP_IN_NOT_IDENTICAL")),
    _house("uno_call_needs_fit", True, ["G3 G4", "Y7 Y8"], "R2", ("D0", "OK_DRAW"),
           ("U0", "E_UNO_NOT_ALLOWED")),
    # you played the green 7 on a red 9 and drew the yellow 5 for it
    _toggle("misplay_may_pass", _pos(["R3 G7 Y5", "Y1 Y2"], "R9", drawn="Y5", overrides={
        "misplay_penalty": 1, "misplay_keeps_turn": True, "misplay_may_pass": True}),
        ("K0", "OK_PASS"), ("P0:G7", "P_MISPLAY")),
    # you drew the blue 5, then Bot 2 called UNO: your draw no longer counts
    _house("draw_lapses", True, ["R3 G7 B5", "Y1 Y2", "Y4"], "R9", ("P0:R3", "OK_PLAY"),
           ("K0", "E_PASS_NOT_ALLOWED"), called=[2]),
    # you drew the red 8
    _toggle("misplay_after_draw", _pos(["R3 G7 R8", "Y1 Y2"], "R9", phase="drawn", drawn="R8",
                                       overrides={"misplay_penalty": 1, "misplay_after_draw": True,
                                                  "after_draw_play": "any-card"}),
            ("P0:R8", "OK_PLAY"), ("P0:G7", "P_MISPLAY")),
    # you drew the red 8
    _toggle("forced_play_at_once", _pos(["R3 G7 R8", "Y1 Y2"], "R9", phase="drawn", drawn="R8",
                                        overrides={"forced_play": True,
                                                   "forced_play_at_once": True,
                                                   "after_draw_play": "any-card"}),
            ("P0:R8", "OK_PLAY"), ("P0:R3", "E_MUST_PLAY_DRAWN")),
    # Bot played a Draw Two: you owe its two cards and have drawn one of them
    _house("penalty_draw", "one-by-one", ["R3 G7 B5", "Y1 Y2"], "R+2", ("D0", "OK_DRAW"),
           ("P0:R3", "E_PENALTY_DRAWS_LEFT"), owed=1),
    # Bot played a Draw Two on you
    _house("draw_takes_penalty", True, ["R3 G7 B5", "Y1 Y2"], "R+2", ("D0", "OK_ACCEPT"),
           ("A0", "E_NO_PENALTY"), discard="R4", phase="penalty", pending=2),
    # you drew the blue 5, and nothing fits
    _house("draw_then_pass", True, ["G3 G7 B5", "Y1 Y2"], "R9", ("K0", "OK_PASS"),
           ("D0", "E_ALREADY_DREW"), phase="drawn", drawn="B5"),
    _house("after_draw_play", "any-card", ["R3 G7 G8", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"),
           ("P0:G7", "E_NO_MATCH"), phase="drawn", drawn="G8"),
    # you called UNO with the play that left your last card
    _house("uno_repeat_call", True, ["R3", "Y7 Y8"], "R2", ("U0", "OK_UNO"),
           ("C0>1", "E_NO_ONE_TO_CATCH"), called=[0], turn=1),
    _house("self_catch", True, ["R3", "Y7 Y8"], "R2", ("P0:R3", "OK_PLAY"),
           ("C0>0", "P_SELF_CATCH"), uncalled=[0]),
    _house("false_catch_penalty", 2, ["R3 G4 B5", "Y7 Y8"], "R2",
           ("P0:R3", "OK_PLAY"), ("C0>1", "P_FALSE_CATCH")),
    _house("false_uno_penalty", 2, ["R3 G4 B5", "Y7 Y8"], "R2",
           ("P0:R3", "OK_PLAY"), ("U0", "P_FALSE_UNO")),
    _house("double_score", True, ["R3", "Y7 W+4"],
           "R2", ("P0:R3", "OK_PLAY"), ("D0", "OK_DRAW")),
)

LESSONS: tuple[CourseLesson, ...] = OFFICIAL_LESSONS + TOGGLE_LESSONS


def missing_toggles() -> list[str]:
    """RuleSet fields with no lesson (a test fails on any)."""
    taught = {les.toggle for les in TOGGLE_LESSONS}
    return [name for name in RuleSet.model_fields if name not in taught]


def chapter_lessons(chapter: str) -> list[CourseLesson]:
    return [les for les in LESSONS if les.chapter == chapter]


def lesson_query(lesson: CourseLesson, lang: str = "en") -> str:
    """The embed's query: the position (with its goal), still bots, and the language."""
    query = "embed=1&bots=still&" + position_to_query(lesson.position)
    return query + ("&lang=fi" if lang == "fi" else "")
