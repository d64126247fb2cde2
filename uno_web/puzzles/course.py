"""The rules course: one lesson per official rule and per RuleSet toggle, generated as data.

Each :class:`CourseLesson` is a short text (English and Finnish), a position to embed, the move
the reader should try (``good``) and the most tempting wrong move (``wrong``), each with the
verdict the validator gives.  ``tests/puzzles/test_course.py`` plays both moves of every lesson
and fails when a RuleSet field has no lesson (:func:`missing_toggles`), so the course cannot
drift from the engine nor miss a new toggle.

ONE PLACE to add a lesson for a new toggle: an entry in :data:`TOGGLE_LESSONS` (its Finnish
title and text beside the English).  ``python -m uno_web.web.course`` writes the course pages.
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


def _toggle(name: str, title_fi: str, text_fi: str, position: Position,
            good: tuple[str, str], wrong: tuple[str, str], text: str = "") -> CourseLesson:
    info = RuleSet.model_fields[name]
    return CourseLesson(
        f"rule-{name.replace('_', '-')}", "house", info.title or name, title_fi,
        text or (info.description or "").replace("`", ""), text_fi, position, good, wrong,
        toggle=name)


def _house(name: str, title_fi: str, text_fi: str, value: Any, hands: list[str], top: str,
           good: tuple[str, str], wrong: tuple[str, str], **kw: Any) -> CourseLesson:
    return _toggle(name, title_fi, text_fi,
                   _pos(hands, top, overrides={name: value}, **kw), good, wrong)


#: one lesson per RuleSet field (a new toggle: add its lesson here)
TOGGLE_LESSONS: tuple[CourseLesson, ...] = (
    _house("deck", "Pakka", "Millä korteilla pelataan: UNO-pakka tai tavallinen pelikorttipakka "
           "jokereineen (maat ovat värejä).", "playing-cards", ["7H 9S QD", "2C 3C 4C"], "7C",
           ("P0:7H", "OK_PLAY"), ("P0:QD", "E_NO_MATCH"), goal="Match the suit or the rank."),
    _house("hand_size", "Jaettavat kortit", "Montako korttia kukin saa kierroksen alussa; "
           "pelaaminen käy kuten ennenkin.", 5, ["R3 G7", "Y1 Y2"], "R9",
           ("P0:R3", "OK_PLAY"), ("P0:G7", "E_NO_MATCH")),
    _house("first_card", "Ensimmäinen kortti", "Mitä ensimmäiselle käännetylle kortille tapahtuu; "
           "lead-any: korttia ei käännetä, vaan ensimmäinen pelaaja aloittaa millä tahansa.",
           "redraw-wild", ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"),
           ("P0:G7", "E_NO_MATCH")),
    _house("two_player_reverse", "Suunnanvaihto kahdella pelaajalla",
           "none: kahden pelaajan pelissä suunnanvaihto vain kääntää suunnan, eikä se muuta "
           "mitään; virallisesti se toimii kuin ohitus.", "none", ["RR R2 G5", "B1 B2 Y5"], "R9",
           ("P0:RR", "OK_PLAY"), ("P0:G5", "E_NO_MATCH")),
    _house("wild_draw_four", "Milloin villin nosta neljän saa pelata",
           "strict: villiä nosta neljää ei saa pelata, jos kädessä on nykyisen värin kortti, eikä "
           "haastetta ole.", "strict", ["W+4 R3 G7", "B1 B2 Y5"], "R5",
           ("P0:R3", "OK_PLAY"), ("P0:W+4=G", "E_PLUS4_NOT_ALLOWED")),
    _house("wild_last_resort", "Villit vain kun mikään muu ei käy",
           "Villin kortin (kummankin) saa pelata vain, kun muuta pelattavaa korttia ei ole.", True,
           ["W R3 G7", "B1 B2 Y5"], "R5", ("P0:R3", "OK_PLAY"), ("P0:W=G", "E_WILD_NOT_LAST_RESORT")),
    _house("wild_draws_one", "Villi kortti nostattaa yhden",
           "Tavallinen villi kortti saa myös seuraavan nostamaan yhden kortin ja menettämään "
           "vuoronsa.", True, ["W R3 G7", "B1 B2 Y5"], "R5", ("P0:W=G", "OK_PLAY"),
           ("P0:G7", "E_NO_MATCH")),
    _house("no_action_card_last", "Ei lopetusta toimintokorttiin",
           "Viimeinen kortti ei saa olla ohitus, suunnanvaihto, nosta kaksi eikä villi kortti.",
           True, ["RS R3", "B1 B2 Y5"], "R5", ("P0:RS", "OK_PLAY"), ("P0:G9", "E_CARD_NOT_OWNED")),
    _house("stack_draw_two_on_draw_two", "Nosta kaksi nosta kahden päälle",
           "Nosta kaksi -kortin voi siirtää eteenpäin toisella nosta kahdella; rangaistus kasvaa.",
           True, ["G+2 R5 B3", "Y1 Y2 Y3"], "R+2", ("P0:G+2", "OK_STACK"),
           ("P0:R5", "E_PENALTY_NOT_ANSWERED"), discard="R4", phase="penalty", pending=2),
    _house("stack_draw_four_on_draw_four", "Villi nosta neljä villin nosta neljän päälle",
           "Villin nosta neljän voi siirtää eteenpäin toisella villillä nosta neljällä.", True,
           ["W+4 R5 B3", "Y1 Y2 Y3"], "W+4", ("P0:W+4=G", "OK_STACK"),
           ("P0:R5", "E_PENALTY_NOT_ANSWERED"), color="B", phase="penalty", pending=4),
    _house("stack_draw_two_on_draw_four", "Nosta kaksi villin nosta neljän päälle",
           "Villiin nosta neljään voi vastata nimetyn värin nosta kahdella.", True,
           ["B+2 R5 G3", "Y1 Y2 Y3"], "W+4", ("P0:B+2", "OK_STACK"),
           ("P0:R5", "E_PENALTY_NOT_ANSWERED"), color="B", phase="penalty", pending=4),
    _house("stack_draw_four_on_draw_two", "Villi nosta neljä nosta kahden päälle",
           "Nosta kakkoseen voi vastata villillä nosta neljällä.", True,
           ["W+4 B5 G3", "Y1 Y2 Y3"], "R+2", ("P0:W+4=G", "OK_STACK"),
           ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4", phase="penalty", pending=2),
    _house("escalating_stack", "Kaikki nostokortit pinoutuvat",
           "Nosta kaksi, villi nosta neljä ja (yhden nostattava) villi kortti pinoutuvat ja "
           "kasvavat, mutta nosta kaksi ei saa seurata villiä korttia.", True,
           ["R+2 B5 G3", "Y1 Y2 Y3"], "R+2", ("P0:R+2", "OK_STACK"),
           ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4", phase="penalty", pending=2),
    _house("jump_in", "Väliin hyppääminen samalla kortilla",
           "Täsmälleen samanlaisen kortin (sama väri ja arvo) voi pelata vuoron ohi heti "
           "päällimmäisen jälkeen; omalla vuorollasi se on tavallinen siirto.", True,
           ["R5 G2 Y3", "B1 B2 Y9", "Y7 Y8 G9"], "R5", ("P0:R5", "OK_PLAY"),
           ("P0:G2", "E_NO_MATCH")),
    _house("seven_swap", "Seiska vaihtaa kädet",
           "Seiskan pelaaja vaihtaa kädet valitsemansa pelaajan kanssa.", True,
           ["R7 G2 B3", "Y1 Y2"], "R5", ("P0:R7>1", "OK_PLAY"),
           ("P0:R7", "E_SWAP_TARGET_MISSING")),
    _house("zero_rotate", "Nolla kierrättää kädet",
           "Nollan pelaaminen siirtää jokaisen käden seuraavalle pelaajalle pelisuuntaan.", True,
           ["R0 G2 B3", "Y1 Y2"], "R5", ("P0:R0", "OK_PLAY"), ("P0:G2", "E_NO_MATCH")),
    _house("may_draw_when_playable", "Nostaa saa, vaikka voisi pelata",
           "Pois päältä: nostaa saa vain, jos mitään korttia ei voi pelata.", False,
           ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"), ("D0", "E_MUST_PLAY")),
    _house("draw_to_match", "Nosta kunnes voit pelata",
           "Nostava pelaaja nostaa, kunnes tulee pelattava kortti.", True,
           ["G4 B4", "Y1 Y2"], "R5", ("D0", "OK_DRAW"), ("P0:G4", "E_NO_MATCH"), draw="Y6 R6"),
    _house("forced_play", "Sopiva nostettu kortti on pelattava",
           "Juuri nostettu pelattava kortti on pelattava; sitä ei voi pitää.", True,
           ["G4 B4", "Y1 Y2"], "R5", ("D0", "OK_DRAW"), ("K0", "E_PASS_NOT_ALLOWED"), draw="R6"),
    _house("drawn_joker_penalty", "Lisäkortit jokerin nostamisesta",
           "Pelikorttipakassa jokainen nostettu jokeri maksaa näin monta lisäkorttia.", 3,
           ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"), ("P0:G7", "E_NO_MATCH")),
    _house("reshuffle", "Kun nostopakka loppuu",
           "turn-over: koko poistopakka käännetään sekoittamatta uudeksi nostopakaksi.",
           "turn-over", ["R3 G7", "Y1 Y2"], "R9", ("P0:R3", "OK_PLAY"), ("P0:G7", "E_NO_MATCH")),
    _house("uno_call", "UNO!-huuto",
           "Pois päältä: kukaan ei huuda UNO!, eikä ketään napata.", False,
           ["R3 G4 B5", "Y7"], "R2", ("P0:R3", "OK_PLAY"), ("U0", "E_UNO_DISABLED")),
    _house("uno_penalty", "Kortit unohtuneesta UNO!-huudosta",
           "Montako korttia napattu pelaaja nostaa.", 4, ["R3 G4 B5", "Y7"], "Y2",
           ("C0>1", "OK_CATCH"), ("U0", "E_UNO_NOT_ALLOWED"), uncalled=[1]),
    _house("uno_catch_window", "Aika napata unohtunut UNO!",
           "Kuinka kauan unohtuneen huudon voi napata; until-next-play: niin kauan kuin "
           "pelaajalla on yksi kortti.", "until-next-play", ["R3 G4 B5", "Y7"], "Y2",
           ("C0>1", "OK_CATCH"), ("U0", "E_UNO_NOT_ALLOWED"), uncalled=[1]),
    _house("scoring", "Miten peli voitetaan",
           "elimination: käteen jääneet pisteet lasketaan sinua vastaan; rajan ylittänyt putoaa.",
           "elimination", ["R3", "Y7 W+4"], "R2", ("P0:R3", "OK_PLAY"), ("P0:Y7", "E_CARD_NOT_OWNED")),
    _house("target_score", "Voittoon tarvittavat pisteet",
           "Pisteet, joilla pistetavoitepeli voitetaan.", 200, ["R3", "Y7 W+4"], "R2",
           ("P0:R3", "OK_PLAY"), ("D0", "OK_DRAW")),
    _house("elimination_threshold", "Pisteet, joilla putoaa",
           "Pudotuspelissä pisteet, joiden ylittyessä pelaaja putoaa.", 100,
           ["R3", "Y7 W+4"], "R2", ("P0:R3", "OK_PLAY"), ("D0", "OK_DRAW")),
    _house("draw_on_last_card", "Viimeinen nostokortti ja nostaminen",
           "Pois päältä: jos pelaajan viimeinen kortti on nosta kaksi tai villi nosta neljä, "
           "kierros päättyy heti, eikä kukaan nosta.", False, ["R+2", "Y1 Y2 Y3"], "R5",
           ("P0:R+2", "OK_PLAY"), ("D0", "OK_DRAW")),
    _house("reverse_returns_draw_two", "Suunnanvaihto palauttaa nosta kahden",
           "Nosta kakkosen saanut voi pelata sopivan suunnanvaihdon: suunta kääntyy ja sama "
           "rangaistus palaa kortin pelanneelle.", True, ["RR B5 G3", "Y1 Y2 Y3"], "R+2",
           ("P0:RR", "OK_DEFLECT"), ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4",
           phase="penalty", pending=2),
    _house("reverse_returns_draw_four", "Suunnanvaihto palauttaa villin nosta neljän",
           "Villin nosta neljän saanut voi pelata nimetyn värin suunnanvaihdon: rangaistus palaa "
           "pelaajalle, eikä korttia voi enää haastaa.", True, ["BR R5 G3", "Y1 Y2 Y3"], "W+4",
           ("P0:BR", "OK_DEFLECT"), ("P0:R5", "E_PENALTY_NOT_ANSWERED"), color="B",
           phase="penalty", pending=4),
    _house("skip_passes_penalty", "Ohitus siirtää rangaistuksen",
           "Nostorangaistuksen saanut voi pelata sopivan ohituskortin: sama rangaistus siirtyy "
           "seuraavalle pelaajalle.", True, ["RS B5 G3", "Y1 Y2 Y3", "G1 G2 G3"], "R+2",
           ("P0:RS", "OK_DEFLECT"), ("P0:B5", "E_PENALTY_NOT_ANSWERED"), discard="R4",
           phase="penalty", pending=2),
    _house("play_same_number", "Saman numeron kortit samalla vuorolla",
           "Numerokortin jälkeen saa samalla vuorolla pelata muita saman numeron kortteja (mitä "
           "tahansa väriä) tai lopettaa vuoron.", True, ["R5 G5 B3", "Y1 Y2"], "R9",
           ("P0:R5", "OK_PLAY"), ("P0:G5", "E_NO_MATCH")),
    _house("uno_call_with_two", "UNO!-huuto kahdella kortilla",
           "Pois päältä (tiukka ajoitus): UNO! huudetaan vasta sen kortin kanssa, joka jättää "
           "käteen yhden kortin, tai sen jälkeen, ei kahden kortin kanssa.", False,
           ["R3 G4", "Y7 Y8"], "R2", ("P0:R3!", "OK_PLAY"), ("U0", "E_UNO_NOT_ALLOWED")),
    _house("double_score", "Tuplapisteet",
           "Jokaisen kierroksen pisteet lasketaan kahteen kertaan.", True, ["R3", "Y7 W+4"],
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
