"""Five tricky rules, each an embeddable position with the moves a reader should try.

The tutorial page (``static/tutorial.html``) embeds each lesson's position in an iframe; the
reader tries a move and the validator explains it. ``tests/puzzles/test_lessons.py`` checks that
every lesson's moves get the verdicts the text promises, so the tutorial cannot drift from the
engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.position import Position, position_to_query

__all__ = ["Lesson", "LESSONS", "lesson_query"]


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    text: str  # the rule, for the tutorial page
    position: Position
    tries: tuple[tuple[str, str], ...]  # (move notation, expected code)


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "wild-draw-four",
        "Wild Draw Four: only without the current colour",
        "A Wild Draw Four may only be played when you hold no card of the current colour. "
        "Officially you may bluff and the next player may challenge; with strict rules the "
        "validator refuses it. Here the colour is red and you hold a red card: try the Wild Draw "
        "Four, then a legal move.",
        Position(overrides={"wild_draw_four": "strict"}, hands=["W+4 R3 G7", "B1 B2 Y5"],
                 top="R5", names=["You", "Bot"],
                 goal="Try the Wild Draw Four: you still hold a red card."),
        (("P0:W+4=G", "E_PLUS4_NOT_ALLOWED"), ("P0:R3", "OK_PLAY")),
    ),
    Lesson(
        "current-colour",
        "After a Wild the colour is what was named",
        "The top card is a green 7, but the Wild below it named blue: the current colour is blue. "
        "A green card no longer matches; a blue card or any 7 does.",
        Position(hands=["G2 B4 R7", "Y1 Y2 Y3"], discard="W", top="G7", color="B",
                 names=["You", "Bot"], goal="The top card is green, but which colour is current?"),
        (("P0:G2", "E_NO_MATCH"), ("P0:B4", "OK_PLAY"), ("P0:R7", "OK_PLAY")),
    ),
    Lesson(
        "two-player-reverse",
        "Reverse with two players acts as Skip",
        "With two players a Reverse skips the other player, so you play again at once.",
        Position(hands=["RR R2 G5", "B1 B2 Y5"], top="R9", names=["You", "Bot"],
                 goal="Play the Reverse and see whose turn it is."),
        (("P0:RR", "OK_PLAY"),),
    ),
    Lesson(
        "stacking",
        "Stacking draw cards (house rule)",
        "With stacking on, a player facing a Draw Two may answer with another Draw Two; the "
        "penalty grows and falls on the first player who cannot or will not stack. A card that "
        "is not a draw card cannot be played now.",
        Position(preset="house-party", hands=["G+2 R5 B3", "Y1 Y2 Y3"], discard="R4", top="R+2",
                 phase="penalty", pending=2, names=["You", "Bot"],
                 goal="A Draw Two was played on you: stack or take the cards."),
        (("P0:R5", "E_PENALTY_NOT_ANSWERED"), ("P0:G+2", "OK_STACK"), ("A0", "OK_ACCEPT")),
    ),
    Lesson(
        "uno-catch",
        "Catching a missed UNO call",
        "A player who plays their second-to-last card must call UNO. If another player catches "
        "them before the next player acts, they draw two cards, once only.",
        Position(hands=["R3 G4 B5", "Y7"], top="Y2", uncalled=[1], names=["You", "Bot"],
                 goal="The bot has one card and did not call UNO."),
        (("C0>1", "OK_CATCH"),),
    ),
)


def lesson_query(lesson: Lesson) -> str:
    """The query string of the lesson's embed URL (``embed.html?embed=1&…``)."""
    return "embed=1&lesson=" + lesson.slug + "&" + position_to_query(lesson.position)
