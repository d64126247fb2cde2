"""Rule sets: one frozen dataclass, every toggle documented, named presets.

``docs/rules.md`` is generated from this module (``python -m uno_web rules-doc``), so the field
descriptions below *are* the rules reference; the start screen's rule settings read the same
declarations (``RuleSet.model_fields``). Presets are plain ``RuleSet`` instances; a game log
stores ``preset`` + ``overrides`` and :func:`resolve_rules` turns them back into a RuleSet.

No pydantic here (the table deals without it): :mod:`uno_web.core.fields` checks the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .fields import Declared, FieldProblem, declare, declared, excerpt

__all__ = [
    "RuleSet", "PRESETS", "PRESET_TITLES", "PRESET_DESCRIPTIONS", "resolve_rules", "ruleset_of",
    "RulesError",
    "MAX_RULE_OVERRIDES",
]

MAX_RULE_OVERRIDES = 64
"""The most rule overrides :func:`resolve_rules` reads (a RuleSet has fewer fields): a longer
object is refused at once, without looking at its keys."""


class RulesError(ValueError):
    """An unknown preset or a bad override."""


def _f(default: Any, title: str, description: str, **kw: Any) -> Any:
    """A rule field: ``title`` labels it on the start screen, ``description`` explains it
    (a plain sentence first, then what each value does)."""
    return declared(default, title=title, description=description, **kw)


@declare
@dataclass(frozen=True, kw_only=True, slots=True)
class RuleSet(Declared):
    """Every rule of a game. Defaults are the official rules (Mattel's rules as excerpted in the
    appendix of *The complexity of UNO*; the sources of every preset are in docs/rules.md).

    Frozen; unknown fields and values of the wrong type or out of range are refused with a
    :class:`~uno_web.core.fields.FieldProblem` (a ``ValueError``) naming the field."""

    deck: Literal["uno", "playing-cards"] = _f(
        "uno",
        "Deck",
        "Which cards are played with. `uno`: the 108-card deck (per colour one 0, two each of "
        "1-9, Skip, Reverse, Draw Two; four Wild, four Wild Draw Four). `playing-cards`: 52 "
        "cards plus two Jokers; suits are the colours, 2-10 the numbers, Jack reverses, Queen "
        "skips, King makes the next player draw 2, Ace makes the next player draw 4, a Joker "
        "counts as a spade and makes whoever plays it draw 2.",
    )
    hand_size: int = _f(
        7, "Cards dealt", "How many cards each player is dealt at the start of a round.",
        ge=1, le=30,
    )

    # --- first card -------------------------------------------------------------------------
    first_card: Literal["official", "redraw-until-number", "redraw-wild", "lead-any"] = _f(
        "official",
        "First card turned up",
        "What happens with the card turned up to start the discard pile. `official`: a Wild "
        "Draw Four goes back to the bottom of the draw pile and another is turned; Wild: the "
        "first player chooses the colour; Draw Two: the first player draws 2 and is skipped; "
        "Skip: the first player is skipped; Reverse: the dealer starts and play goes the other "
        "way. `redraw-until-number`: any card that is not a number goes to the bottom and "
        "another is turned. `redraw-wild`: a Wild or Wild Draw Four goes to the bottom and "
        "another is turned; other action cards act as in `official`. `lead-any`: no card is "
        "turned; the first player leads any card and its effect applies.",
    )

    # --- action cards -----------------------------------------------------------------------
    two_player_reverse: Literal["skip", "none"] = _f(
        "skip",
        "Reverse with two players",
        "What a Reverse does when only two play. `skip` (official): it acts as a Skip, so the "
        "player who played it goes again. `none`: it only flips the direction, which changes "
        "nothing with two players.",
    )
    wild_draw_four: Literal["challenge", "strict", "anytime"] = _f(
        "challenge",
        "When Wild Draw Four may be played",
        "Whether a Wild Draw Four may be played while holding a card of the current colour. "
        "`challenge` (official): it may not, but a player may bluff; the next player may "
        "challenge: a caught bluffer draws 4 instead, a wrong challenger draws 6. `strict`: "
        "the game refuses a Wild Draw Four while the player holds a card of the current colour, "
        "and there is no challenge. `anytime`: no restriction and no "
        "challenge.",
    )
    wild_last_resort: bool = _f(
        False,
        "Wilds only when nothing else fits",
        "Wild cards (both kinds) may only be played when the player has no other playable card.",
    )
    wild_draws_one: bool = _f(
        False,
        "Wild makes the next player draw one",
        "A plain Wild also makes the next player draw one card and miss the turn.",
    )
    no_action_card_last: bool = _f(
        False,
        "No going out on an action card",
        "A player may not play a Skip, Reverse, Draw Two or wild card as the last card.",
    )
    no_wild_finish: bool = _f(
        False,
        "No going out on a wild",
        "A player may not go out by playing a Wild or Wild Draw Four as the last card. Trying "
        "costs one card: the wild goes back to the hand, the player draws one card and the turn "
        "ends (facing a pending draw card, the player also takes it).",
    )
    no_draw_card_finish: bool = _f(
        False,
        "No going out on a draw card",
        "A player may not go out by playing a Draw Two or Wild Draw Four (with playing cards: a "
        "King or an Ace) as the last card. Trying costs one card: the card goes back to the "
        "hand, the player draws one card and the turn ends (facing a pending draw card, the "
        "player also takes it).",
    )
    finish_keeps_turn: bool = _f(
        False,
        "Play again after a forbidden last card",
        "What trying to go out on a card that `no_wild_finish` or `no_draw_card_finish` "
        "forbids does. `false`: the card goes back, you draw one card and your turn ends "
        "(facing a pending draw card you also take it). `true` (letsuno/uno-online): the card "
        "goes back, you draw one card and keep the turn; facing a pending draw card, or out of "
        "turn, the play is refused and costs nothing.",
    )
    draw_on_last_card: bool = _f(
        True,
        "Next player draws after a last draw card",
        "What a Draw Two or Wild Draw Four does when it is the player's last card. `true` "
        "(official): the next player draws the cards (and any pending stack), and they count for "
        "the winner's points. `false`: the round ends at once and nobody draws.",
    )

    # --- stacking ---------------------------------------------------------------------------
    stack_draw_two_on_draw_two: bool = _f(
        False,
        "Draw Two on Draw Two",
        "A player facing a Draw Two may pass it on with another Draw Two; the penalty adds up "
        "and falls on the first player who cannot or will not stack.",
    )
    stack_draw_four_on_draw_four: bool = _f(
        False,
        "Wild Draw Four on Wild Draw Four",
        "A player facing a Wild Draw Four may pass it on with another Wild Draw Four (naming a "
        "colour); the penalty adds up.",
    )
    stack_draw_two_on_draw_four: bool = _f(
        False,
        "Draw Two on Wild Draw Four",
        "A player facing a Wild Draw Four may answer with a Draw Two of the named colour.",
    )
    stack_draw_four_on_draw_two: bool = _f(
        False,
        "Wild Draw Four on Draw Two",
        "A player facing a Draw Two may answer with a Wild Draw Four.",
    )
    escalating_stack: bool = _f(
        False,
        "Every draw card stacks",
        "Draw Two, Wild Draw Four and a Wild (when a Wild makes the next player draw one) all "
        "stack and add up, but a Draw Two may not follow a wild card and a Wild may not follow "
        "a Wild Draw Four.",
    )
    reverse_returns_draw_two: bool = _f(
        False,
        "Reverse sends a Draw Two back",
        "A player facing a Draw Two may play a Reverse that matches the pile (same colour, or on "
        "another Reverse): the direction changes and the penalty, unchanged, now faces the next "
        "player the other way, the player who played the Draw Two.",
    )
    reverse_returns_draw_four: bool = _f(
        False,
        "Reverse sends a Wild Draw Four back",
        "A player facing a Wild Draw Four may play a Reverse of the named colour (or on another "
        "Reverse): the direction changes and the penalty, unchanged, now faces the next player "
        "the other way. The Wild Draw Four can then no longer be challenged.",
    )
    skip_passes_penalty: bool = _f(
        False,
        "Skip passes a penalty on",
        "A player facing a pending draw penalty may play a Skip that matches the pile (same "
        "colour, or on another Skip): the penalty, unchanged, passes to the next player. A Wild "
        "Draw Four passed on can no longer be challenged.",
    )

    draw_answers: Literal["pending-card", "top-card"] = _f(
        "pending-card",
        "How a draw card is answered",
        "How a stack, a Reverse or a Skip that answers a pending draw card (the toggles above) "
        "is judged. `pending-card`: by the draw card whose penalty is pending, even under a "
        "Reverse or Skip that sent it on; the answer must match the pile as any play does (a "
        "Reverse or Skip of the same colour, or on another of its kind); a Draw Two waits for "
        "an answer whenever any toggle lets one answer it, and a Reverse or Skip in a Wild "
        "Draw Four's challenge window sends the penalty on, to be answered again. `top-card` "
        "(letsuno/uno-online): by the kind of the top card alone, whatever the colours: a "
        "Reverse answers only a Draw Two or Wild Draw Four on top, a Skip answers any pending "
        "penalty, and after a Reverse or Skip only a Skip may pass it on again; a Draw Two "
        "waits for an answer only when a stacking toggle lets a draw card answer it (else the "
        "next player draws at once); a Wild Draw Four that cannot be challenged is drawn at "
        "once, and one stacked on another draw card cannot be challenged; a Reverse or Skip "
        "played in the challenge window makes the player it sends the penalty to draw at once.",
    )

    # --- out of turn and special plays --------------------------------------------------------
    jump_in: bool = _f(
        False,
        "Jump in with an identical card",
        "A player holding the very same card as the top of the discard pile (same colour and "
        "value; coloured cards only) may play it out of turn, right after it was played and "
        "before the next player acts; play continues from that player (`jump_in_window` and "
        "`jump_in_wild` below change when and on what).",
    )
    jump_in_window: Literal["next-action", "while-on-top"] = _f(
        "next-action",
        "How long a card may be jumped in on",
        "With `jump_in`: how long a card may be jumped in on. `next-action`: from the moment it "
        "is played until the next player acts. `while-on-top` (letsuno/uno-online): as long "
        "as it is the top card and no draw card's penalty waits for an answer, whatever else "
        "happens meanwhile (a draw, a pass, a colour chosen, a challenge settled); the first "
        "card turned up counts too. A colour still to be chosen for a wild always closes it.",
    )
    jump_in_wild: bool = _f(
        False,
        "Jump in on a wild with its twin",
        "With `jump_in`: whether a Wild may be jumped in on a Wild, and a Wild Draw Four on a "
        "Wild Draw Four (an identical card; the player who jumps in names a new colour, and a "
        "Wild Draw Four makes the next player draw as usual). `false`: coloured cards only. "
        "`true` (letsuno/uno-online): wild cards too.",
    )
    seven_swap: bool = _f(
        False,
        "7 swaps hands",
        "Playing a 7 swaps hands with a chosen player (the 7 names them). With the 0 rule below "
        "this is the house rule known as 7-0; the override `seven_zero` turns on both.",
    )
    zero_rotate: bool = _f(
        False,
        "0 passes every hand on",
        "Playing a 0 passes every hand to the next player in the direction of play.",
    )
    play_same_number: bool = _f(
        False,
        "Play several cards of one number",
        "After playing a number card, a player who holds another card of the same number (any "
        "colour) may play it too, in the same turn, and so on, even if another player's draw "
        "has turned the pile over meanwhile; or end the turn (`K`, pass). "
        "Only the last card's colour counts, and each card does what it does (a 7 or a 0 under "
        "the 7-0 rules, an UNO call when one card is left).",
    )

    same_number_turn: Literal["same-number", "any-card"] = _f(
        "same-number",
        "What may follow in a same-number turn",
        "With `play_same_number`: what the player may play while the turn stays with them "
        "after a number card. `same-number`: only another card of that number, or end the "
        "turn. `any-card` (letsuno/uno-online): any card that fits the pile, or end the turn; "
        "a number card again keeps the turn while another card of its number is held.",
    )
    jump_in_same_number: bool = _f(
        True,
        "A jump-in starts a same-number turn",
        "With both `jump_in` and `play_same_number`: whether a player who jumps in with a "
        "number card may add more cards of that number. `true`: yes, as after a number played "
        "on their own turn. `false` (letsuno/uno-online): a jump-in is one card, and play goes "
        "on from the player who jumped in.",
    )

    # --- drawing ----------------------------------------------------------------------------
    may_draw_when_playable: bool = _f(
        True,
        "Draw even when you could play",
        "A player may draw instead of playing a playable card (official). When off, a player "
        "may only draw with no playable card.",
    )
    draw_to_match: bool = _f(
        False,
        "Draw until you can play",
        "A player who draws keeps drawing until a playable card comes.",
    )
    forced_play: bool = _f(
        False,
        "A drawn card that fits must be played",
        "A playable card just drawn must be played (no keeping it).",
    )
    penalty_draw: Literal["at-once", "one-by-one"] = _f(
        "at-once",
        "How several cards are drawn",
        "How the cards of a draw penalty and of drawing until a card fits are drawn. "
        "`at-once`: in one move. `one-by-one` (letsuno/uno-online): one card per move (`D`), "
        "so that other players may call UNO or catch between two of them. Who owes penalty "
        "cards is on turn and may only draw them, and nobody may jump in meanwhile. For a draw "
        "card taken or that no one may answer, or a challenge lost by the challenger, the turn "
        "passes on once they are drawn (or the piles run out). A missed UNO call caught, a "
        "misplay, a false catch or call and a bluff caught by a challenge are drawn the same "
        "way by whoever pays, on turn or not, who may not call UNO meanwhile; the turn then "
        "goes back to whoever was on turn "
        "(after a misplay: it stays under `misplay_keeps_turn`, else it passes on), and such "
        "a penalty made while other penalty cards are being drawn, a colour is to be chosen or "
        "a Wild Draw Four may be challenged waits until they are done, then the turn goes "
        "where they sent it. Drawing until a card fits (`draw_to_match`), the turn stays with "
        "the player after each card that does not fit. The cards of a forbidden last card, a "
        "drawn Joker and a draw card that goes out are still drawn at once.",
    )
    draw_takes_penalty: bool = _f(
        False,
        "Drawing takes a draw card",
        "How a player facing a pending draw card that cannot be challenged takes it. `false`: "
        "a move of its own (`A`, accept), then the cards. `true` (letsuno/uno-online): by "
        "drawing (`D`): that draw takes the penalty and is its first card (under `penalty_draw "
        "= at-once`, all of them); `A` is refused. A Wild Draw Four that may still be "
        "challenged is accepted (`A`) as before.",
    )
    draw_then_pass: bool = _f(
        False,
        "End the turn yourself after a draw",
        "What happens on your turn when a draw leaves you nothing you may play. `false`: the "
        "turn passes on at once. `true` (letsuno/uno-online): the turn stays with you until you "
        "end it (`K`, pass); meanwhile you may call UNO, and under `draw_lapses` a call or a "
        "catch undoes the draw, so that you draw again. A draw that finds no card at all (the "
        "piles are empty) still ends the turn.",
    )
    forced_play_at_once: bool = _f(
        False,
        "A drawn card that fits is played at once",
        "With `forced_play`: what the player may do when a card just drawn fits. `false`: play "
        "it, or (under `after_draw_play = any-card`) another card that fits. `true` "
        "(letsuno/uno-online, which plays it for the player): only that card may be played; "
        "no other card, no pass, and an UNO call or a catch meanwhile does not undo the draw "
        "(`draw_lapses`).",
    )
    after_draw_play: Literal["drawn-card", "any-card"] = _f(
        "drawn-card",
        "What may be played after a draw",
        "What the player may play after drawing on their turn. `drawn-card` (official): only a "
        "card just drawn, or keep it and end the turn. `any-card` (letsuno/uno-online): any "
        "card of the hand that fits the pile, or end the turn (with `forced_play`, a drawn "
        "card that fits still may not be kept: play it or another card that fits).",
    )
    misplay_penalty: int = _f(
        0,
        "Cards for a card that does not fit",
        "What playing a card that may not be played costs on your turn, before drawing (a card "
        "that does not match, or that a house rule forbids now). `0` (official): the play is "
        "refused and you try again. A number: the card goes back to your hand, you draw that "
        "many cards and your turn ends. After drawing (unless `misplay_after_draw` below), or "
        "facing a draw card, a wrong card is refused.",
        ge=0, le=10,
    )
    misplay_after_draw: bool = _f(
        False,
        "Misplays after a draw cost cards too",
        "With a misplay penalty (above): whether a card that does not fit, played after "
        "drawing on your turn, costs the penalty too. `false`: it is refused and you try "
        "again. `true` (letsuno/uno-online): it costs the penalty as before drawing (the card "
        "goes back to your hand and you draw). Facing a draw card a wrong card is still "
        "refused.",
    )
    misplay_keeps_turn: bool = _f(
        False,
        "Play again after a misplay",
        "What the misplay penalty (above) does to your turn. `false`: your turn ends once you "
        "have drawn the penalty cards. `true` (letsuno/uno-online): you keep the turn and may "
        "play a card or draw as at the start of a turn. With no misplay penalty this changes "
        "nothing.",
    )
    misplay_may_pass: bool = _f(
        False,
        "End the turn after a misplay",
        "With `misplay_keeps_turn`: whether the player who has just drawn the misplay penalty "
        "may also end the turn at once (`K`, pass). `false`: no, play a card or draw. `true` "
        "(letsuno/uno-online, where the penalty is a draw of the player's own): yes, as after "
        "a draw; with `may_draw_when_playable` off only while a card fits (with none, draw as "
        "usual). Drawing or playing a card afterwards goes on as usual. Under `penalty_draw = "
        "one-by-one` the same holds after any penalty drawn on your own turn (a missed UNO "
        "call caught, a false catch or call).",
    )
    draw_lapses: bool = _f(
        False,
        "A call or catch undoes your draw",
        "What an UNO call or a catch, made by anybody (the player on turn too), does to the "
        "turn player's draw. `false`: nothing; after drawing (or drawing a misplay penalty, "
        "under `misplay_may_pass`) the player may still end the turn. `true` "
        "(letsuno/uno-online, where a draw counts only while it is the last move at the "
        "table): the turn is as before the draw: ending it is refused, and the player plays a "
        "card that fits or draws again (as the drawing rules above allow).",
    )
    drawn_joker_penalty: int = _f(
        2,
        "Extra cards for drawing a Joker",
        "Playing-card deck: each Joker drawn costs this many extra cards.",
        ge=0, le=10,
    )
    reshuffle: Literal["shuffle", "turn-over"] = _f(
        "shuffle",
        "When the draw pile runs out",
        "What happens when the draw pile runs out. `shuffle` (official): the discard pile minus "
        "its top card is shuffled into a new draw pile. `turn-over`: the whole playing pile is "
        "turned face down without shuffling and the top card of the new draw pile starts a new "
        "playing pile.",
    )

    # --- UNO call ---------------------------------------------------------------------------
    uno_call: bool = _f(
        True,
        "Call UNO",
        "A player must call UNO when playing the second-to-last card; another player who catches "
        "a missed call makes them draw penalty cards (2 unless changed below).",
    )
    uno_call_with_two: bool = _f(
        True,
        "Call UNO with two cards",
        "When UNO may be called. `true`: on your turn with two cards, before the play that "
        "leaves one, with that play, or any time you hold one card. `false` (strict timing): "
        "only with the play that leaves one card or afterwards, never while you still hold two.",
    )
    uno_call_needs_fit: bool = _f(
        False,
        "UNO with two cards needs a fit",
        "With `uno_call_with_two`: whether calling UNO while you hold two cards needs a card "
        "you could play. `false`: any time on your turn before the play that leaves one card "
        "(facing a draw card, only with a card that answers it). `true` (letsuno/uno-online): "
        "only while one of the two cards fits the pile (its colour, number or symbol, or a "
        "wild card), or, facing a draw card, answers it.",
    )
    uno_repeat_call: bool = _f(
        False,
        "Call UNO again",
        "Whether a player who has already called UNO may call it again. `false`: a second "
        "call is refused (it is never charged). `true` (letsuno/uno-online): it is accepted "
        "whenever a first call would be, and changes nothing; a play that leaves one card may "
        "carry it too.",
    )
    uno_penalty: int = _f(
        2, "Cards for a missed UNO call", "Cards drawn by a player caught not calling UNO.",
        ge=0, le=10,
    )
    false_catch_penalty: int = _f(
        0,
        "Cards for a false catch",
        "What catching a player who may not be caught costs the catcher (the player has called "
        "UNO, holds more than one card, or the time to catch them is over). `0` (official): the "
        "catch is refused. A number: the catcher draws that many cards.",
        ge=0, le=10,
    )
    false_uno_penalty: int = _f(
        0,
        "Cards for a groundless UNO call",
        "What calling UNO when you may not costs (too many cards in your hand, or two cards "
        "when the call must wait). `0` (official): the call is refused. A number: the caller "
        "draws that many cards.",
        ge=0, le=10,
    )
    uno_catch_window: Literal["next-action", "next-turn-end", "until-next-play",
                              "while-one-card"] = _f(
        "next-action",
        "Time to catch a missed UNO",
        "How long others may catch a missed UNO call. `next-action` (official): until the next "
        "player acts. `next-turn-end`: until the next player's turn is over. `until-next-play`: "
        "as long as the player still holds one card and has not played again; any move of "
        "their own turn ends it (also ending a turn of several cards of one number). "
        "`while-one-card` (letsuno/uno-online): as long as the player holds that one card, "
        "whatever anybody does meanwhile.",
    )
    self_catch: bool = _f(
        False,
        "Catch yourself",
        "Whether a player left with one card without calling UNO may catch themselves. "
        "`false` (official): catching yourself is refused. `true` (letsuno/uno-online): it is "
        "accepted and costs you the cards of a missed UNO call, as if another player had "
        "caught you.",
    )

    # --- scoring ----------------------------------------------------------------------------
    scoring: Literal["target", "elimination", "single-round"] = _f(
        "target",
        "How the game is won",
        "How rounds are scored and who wins the game. `target` (official): the round winner "
        "scores the points left in the other hands; the first to reach the points to win (500 "
        "unless changed below) wins the game. `elimination`: the points left in your hand count "
        "against you; a player past the knock-out points (250 unless changed below) is out; the "
        "last player standing wins. `single-round`: the "
        "game is one round.",
    )
    double_score: bool = _f(
        False,
        "Double points",
        "Every round's points count twice: the winner scores twice the points left in the other "
        "hands (with `elimination`, each player's hand counts twice against them).",
    )
    target_score: int = _f(
        500, "Points to win", "Points that win the game with `target` scoring.", ge=1,
        le=1_000_000,
    )
    elimination_threshold: int = _f(
        250, "Points that knock a player out",
        "Points against that eliminate a player with `elimination` scoring.", ge=1,
        le=1_000_000,
    )

    @property
    def stacking(self) -> bool:
        return (
            self.stack_draw_two_on_draw_two
            or self.stack_draw_four_on_draw_four
            or self.stack_draw_two_on_draw_four
            or self.stack_draw_four_on_draw_two
            or self.escalating_stack
        )

    @property
    def seven_zero(self) -> bool:
        """Hands may change owners: a 7 swaps (``seven_swap``) or a 0 passes them on
        (``zero_rotate``). What a bot's memory of who holds which colour must know."""
        return self.seven_swap or self.zero_rotate

    def changed_fields(self) -> dict[str, Any]:
        """The fields that differ from the official defaults."""
        base = RuleSet()
        return {
            k: v for k, v in self.model_dump().items() if getattr(base, k) != v
        }


_OFFICIAL = RuleSet()

# letsuno/uno-online's engine with no house rule on (its *classic* preset and default room):
# a Wild turned up first is replaced, a player stays catchable while holding the one uncalled
# card and may catch themselves, answers to a draw card go by the top card, a mistake that a
# penalty rule charges keeps the turn, a jump-in is one card, first to 1000 points
_LETSUNO: dict[str, Any] = dict(
    first_card="redraw-wild",
    uno_catch_window="while-one-card",
    self_catch=True,
    draw_answers="top-card",
    misplay_keeps_turn=True,
    finish_keeps_turn=True,
    jump_in_same_number=False,
    jump_in_window="while-on-top",
    jump_in_wild=True,
    uno_call_needs_fit=True,
    uno_repeat_call=True,
    misplay_may_pass=True,
    misplay_after_draw=True,
    draw_lapses=True,
    forced_play_at_once=True,
    penalty_draw="one-by-one",
    draw_takes_penalty=True,
    draw_then_pass=True,
    draw_on_last_card=False,
    after_draw_play="any-card",
    same_number_turn="any-card",
    target_score=1000,
)
# its *party* preset (house-rules.ts); drawing until playable refuses a draw while a card fits
_LETSUNO_PARTY: dict[str, Any] = dict(
    stack_draw_two_on_draw_two=True,
    stack_draw_four_on_draw_four=True,
    zero_rotate=True,
    seven_swap=True,
    jump_in=True,
    draw_to_match=True,
    may_draw_when_playable=False,
)

PRESETS: dict[str, RuleSet] = {
    "official": _OFFICIAL,
    "duo-uno-subset": RuleSet(
        wild_draw_four="anytime", uno_call=False, first_card="redraw-wild"
    ),
    "duo-default": RuleSet(
        wild_draw_four="anytime",
        uno_call=False,
        first_card="redraw-wild",
        stack_draw_two_on_draw_two=True,
        stack_draw_four_on_draw_four=True,
    ),
    "classic-notes": RuleSet(
        first_card="redraw-until-number",
        wild_draws_one=True,
        wild_last_resort=True,
        no_action_card_last=True,
        two_player_reverse="none",
        scoring="elimination",
        elimination_threshold=250,
    ),
    "house-party": RuleSet(
        stack_draw_two_on_draw_two=True,
        stack_draw_four_on_draw_four=True,
        stack_draw_two_on_draw_four=True,
        stack_draw_four_on_draw_two=True,
        jump_in=True,
        seven_swap=True,
        zero_rotate=True,
        draw_to_match=True,
    ),
    "everything-goes": RuleSet(
        stack_draw_two_on_draw_two=True,
        stack_draw_four_on_draw_four=True,
        stack_draw_two_on_draw_four=True,
        stack_draw_four_on_draw_two=True,
        reverse_returns_draw_two=True,
        reverse_returns_draw_four=True,
        skip_passes_penalty=True,
        zero_rotate=True,
        seven_swap=True,
        jump_in=True,
        play_same_number=True,
        draw_to_match=True,
        forced_play=True,
        double_score=True,
        wild_draw_four="anytime",
    ),
    "letsuno-classic": RuleSet(**_LETSUNO),
    "letsuno-party": RuleSet(**_LETSUNO, **_LETSUNO_PARTY),
    "letsuno-crazy": RuleSet(
        **_LETSUNO, **_LETSUNO_PARTY,
        stack_draw_two_on_draw_four=True,
        stack_draw_four_on_draw_two=True,
        reverse_returns_draw_two=True,
        reverse_returns_draw_four=True,
        skip_passes_penalty=True,
        play_same_number=True,
        forced_play=True,
        double_score=True,
        wild_draw_four="anytime",
    ),
    "strict-table": RuleSet(
        misplay_penalty=1,
        false_catch_penalty=2,
        false_uno_penalty=2,
        uno_call_with_two=False,
        no_wild_finish=True,
        no_draw_card_finish=True,
    ),
    "playing-cards": RuleSet(
        deck="playing-cards",
        hand_size=10,
        first_card="lead-any",
        reshuffle="turn-over",
        wild_draw_four="anytime",
        may_draw_when_playable=False,
    ),
}

# What a player sees on the start screen: a short name and one line on what they will notice.
# Where each preset comes from is in docs/rules.md (rulesdoc.PRESET_SOURCES).
PRESET_TITLES: dict[str, str] = {
    "official": "Official rules",
    "duo-uno-subset": "Relaxed rules (no challenge, no UNO call)",
    "duo-default": "Relaxed rules with stacking",
    "classic-notes": "Last player standing (strict wilds)",
    "house-party": "Party house rules",
    "everything-goes": "Everything goes (wild house rules)",
    "letsuno-classic": "Online classic rules (letsuno)",
    "letsuno-party": "Online party rules (letsuno)",
    "letsuno-crazy": "Online crazy rules (letsuno)",
    "strict-table": "Strict table (mistakes cost cards)",
    "playing-cards": "Playing cards (52 + 2 Jokers)",
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "official": "UNO as printed in the box: match colour or number, challenge a bluffed Wild "
    "Draw Four, call UNO, first to 500 points wins.",
    "duo-uno-subset": "Wild Draw Four may be played any time and cannot be challenged, nobody "
    "calls UNO, and a wild turned up first is replaced by another card.",
    "duo-default": "The relaxed rules plus stacking: answer a Draw Two with a Draw Two, or a "
    "Wild Draw Four with a Wild Draw Four, and the next player draws them all.",
    "classic-notes": "A Wild makes the next player draw one and only fits when nothing else "
    "does, no going out on an action card, Reverse does nothing with two players, and points "
    "count against you: past 250 you are out.",
    "house-party": "Stack any draw card on another, jump in out of turn with an identical card, "
    "7 swaps hands and 0 passes them on, and draw until you can play.",
    "everything-goes": "Stack any draw card on another, send it back with a Reverse or on "
    "with a Skip, jump in, 7 swaps and 0 passes hands, play all cards of one number at once, "
    "draw until you can play and play what fits, Wild Draw Four any time, and double points.",
    "letsuno-classic": "As the classic preset of the letsuno online table: no house rule, on "
    "its way of playing: a missed UNO can be caught as long as the card is held (by yourself "
    "too), a call or a catch undoes your draw, penalty cards come one at a time, after a draw "
    "any card that fits may be played; first to 1000 points.",
    "letsuno-party": "As the party preset of the letsuno online table: stack a Draw Two on a "
    "Draw Two and a Wild Draw Four on a Wild Draw Four, jump in with an identical card, 7 swaps "
    "and 0 passes hands, draw only when nothing fits and then until something does; a missed "
    "UNO can be caught as long as the card is held; first to 1000 points.",
    "letsuno-crazy": "As the crazy preset of the letsuno online table: the party rules plus "
    "every draw card on another, a Reverse sends a draw card back and a Skip passes it on (any "
    "colour), several cards of one number, a drawn card that fits must be played, Wild Draw "
    "Four any time (drawn at once), double points.",
    "strict-table": "Official play, but mistakes cost cards: a card that does not fit costs 1, "
    "a false catch or an UNO call at the wrong time costs 2, UNO is called only with the "
    "second-to-last card or after it, and nobody goes out on a wild or a draw card.",
    "playing-cards": "An ordinary deck with two Jokers: suits are colours, Jack reverses, Queen "
    "skips, King and Ace make the next player draw 2 and 4, a Joker makes its player draw 2; "
    "10 cards each, and the first player leads any card.",
}


def ruleset_of(rules: "RuleSet | str | None") -> RuleSet:
    """A RuleSet as an environment takes it: the RuleSet itself, a preset's name, or None for
    the official rules; anything else raises TypeError."""
    if rules is None:
        return PRESETS["official"]
    if isinstance(rules, str):
        return resolve_rules(rules)
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet or a preset name, not {type(rules).__name__}")
    return rules


def resolve_rules(preset: str = "official", overrides: "Mapping[str, Any] | None" = None) -> RuleSet:
    """A preset by name with field overrides (an object of RuleSet fields, as a log or a
    ``--rules`` option writes them). Anything else raises :class:`RulesError` with a short
    message that names the problem and quotes at most an excerpt of the value."""
    base = PRESETS.get(preset) if isinstance(preset, str) else None
    if base is None:
        raise RulesError(f"unknown rule preset {excerpt(preset)}; known: {', '.join(PRESETS)}")
    if overrides is None:
        return base
    if not isinstance(overrides, Mapping):
        raise RulesError("rule overrides must be an object of RuleSet fields "
                         f"(like {{\"jump_in\": true}}), not {excerpt(overrides)}")
    if not overrides:
        return base
    if "seven_zero" in overrides:  # the former joint toggle: both of its rules (issue 15)
        both = overrides["seven_zero"]
        overrides = {k: v for k, v in overrides.items() if k != "seven_zero"}
        overrides.setdefault("seven_swap", both)
        overrides.setdefault("zero_rotate", both)
    if len(overrides) > MAX_RULE_OVERRIDES:
        raise RulesError(f"bad rule override: {len(overrides):,} overrides given; a RuleSet has "
                         f"{len(RuleSet.model_fields)} fields")
    unknown = [k for k in overrides if k not in RuleSet.model_fields]
    if unknown:
        more = f" (and {len(unknown) - 3} more unknown rules)" if len(unknown) > 3 else ""
        raise RulesError("bad rule override: " + "; ".join(
            f"{k if isinstance(k, str) and len(k) <= 40 else excerpt(k)}: Extra inputs are not "
            "permitted" for k in unknown[:3]) + more)
    try:
        return base.model_copy(update=overrides)
    except FieldProblem as exc:
        raise RulesError(f"bad rule override: {exc}") from None


DECISIONS: list[tuple[str, str]] = [
    ("Starting Wild Draw Four", "Official rules return it \"to the deck\"; the engine puts it at "
     "the bottom of the draw pile so that a logged deck order replays without an RNG."),
    ("Challenge after a stack", "With stacking and challenges both on, a successful challenge "
     "makes the last Wild Draw Four player draw the whole pending stack and the challenger then "
     "plays normally; a failed challenge costs the challenger the stack plus 2."),
    ("A starting Wild with `wild_draws_one`", "The first player only names the colour; nobody "
     "draws (no one played the card)."),
    ("Jump-in", "Only coloured cards can be jumped in on (a wild card has no colour to be "
     "identical to). An identical draw card played as a jump-in adds to a pending stack."),
    ("7-0 and going out", "A 7 or 0 that is the player's last card ends the round; no hands move. "
     "A 7 that is not the last card must name the player to swap with. A player who receives a "
     "one-card hand through a swap may call UNO but cannot be caught for it."),
    ("Blocked round", "If every player in turn can neither play nor draw (all cards are in "
     "hands), the round ends and the player with the fewest points in hand wins it (ties: the "
     "player nearest in turn order)."),
    ("Repeated position", "When a player must draw from an empty draw pile and the round is in "
     "a position it was already in at two such draws before (the same hands, piles, turn, "
     "direction and colour), the round ends blocked as above: the lowest hand wins it, and the "
     "log says the position came back a third time. Without it a round could go on for ever: "
     "under `forced_play`, with nearly every card in a hand, the last loose cards can pass "
     "round the table with every move forced (each player draws the card under the top, must "
     "play it, and the next does the same). With the blocked round this guarantees every round "
     "ends. A position link does not carry the earlier positions (as a chess position leaves "
     "out the moves before it): a game rebuilt from a link counts repeats afresh."),
    ("A small deck", "A position's exact deck may hold too few cards for a full deal in the "
     "next round: each player then gets an equal share, leaving one card to turn over; if "
     "every card the first-card rule would send back is all that is left, the last one turned "
     "stays."),
    ("Random playouts", "The random policy of the simulator (`uno_web.core.simulate`) plays a "
     "playable drawn card, except that it keeps one drawn as the last card of the pile half "
     "the time where keeping is allowed, so that its own choices cannot loop either; "
     "`play_random_game` raises `PlayoutStalled` rather than run a round past "
     "`max_round_moves` (1,000,000)."),
    ("UNO call with a play", "A play may carry the UNO call (`P0:R5!`), or the player calls UNO "
     "first with two cards on their turn, also when facing a draw card they can stack on; a "
     "call that does not leave one card is refused."),
    ("Draw during a penalty", "Facing a pending draw card, drawing means taking the penalty: the "
     "move is `accept` (the table's draw pile does that)."),
    ("Playing cards: Joker", "A Joker is a spade of its own rank: it matches spades and Jokers. "
     "Whoever plays it draws 2 at once, so it can never be the card that goes out unless the "
     "piles are empty."),
    ("Playing cards: drawn Joker", "Each Joker drawn, for any reason, costs `drawn_joker_penalty` "
     "more cards, which may chain."),
    ("Playing cards: Ace and King", "They act like Wild Draw Four and Draw Two for the next player "
     "but keep their suit; the stacking toggles treat them as draw-four and draw-two cards."),
    ("Playing cards: Jack", "\"Switch rotation order until another jack\" is a Reverse; with "
     "two players it follows `two_player_reverse`."),
    ("Playing cards: playing pile turned over", "When the draw pile runs out the whole playing "
     "pile is turned face down: its oldest card is on top, and that card starts the new playing "
     "pile without any effect. Its suit becomes the current colour."),
    ("Playing cards: must play", "The pseudo-code draws only when no card is playable "
     "(`may_draw_when_playable` off); after drawing, a playable drawn card may be played."),
    ("Playing cards: who starts and scoring", "Seat 0 (\"the oldest birthday\") leads any card "
     "in the first round; face cards score 20, Jokers 50, numbers their value."),
    ("letsuno/uno-online's semantics", "The options marked letsuno/uno-online "
     "(`draw_answers`, `same_number_turn`, `jump_in_same_number`, `jump_in_window = "
     "while-on-top`, `jump_in_wild`, `misplay_keeps_turn`, `misplay_may_pass`, "
     "`misplay_after_draw`, `finish_keeps_turn`, `after_draw_play = any-card`, "
     "`forced_play_at_once`, `draw_lapses`, `penalty_draw = one-by-one`, "
     "`draw_takes_penalty`, `draw_then_pass`, `uno_call_needs_fit`, `uno_repeat_call`, "
     "`self_catch`, `uno_catch_window = while-one-card`) and the presets `letsuno-classic`, "
     "`letsuno-party` and `letsuno-crazy` follow that engine's rule code "
     "(`packages/shared/src/rules`, read 2026-11-28). What still differs is where its code "
     "does something its rules do not say, and we do not copy it. The card its forced play "
     "plays for the player after a draw skips its house rules: `forced-play-after-draw.ts` "
     "plays it through the bare engine (`applyAction`, not `applyActionWithHouseRules`), so "
     "that a Draw Two makes the next player draw at once even with stacking on, a 7 swaps "
     "and a 0 passes no hands and a number card keeps no turn; its rule only says a drawn "
     "card that fits is played, so here it is a play like any other. A penalty held while "
     "others are drawing (`pendingPenaltyQueue`) sends the turn, once paid, back to whoever "
     "was on turn when it was made, so that a player who has just drawn a Draw Two's cards "
     "gets the turn the card took away (or the player of a Wild Draw Four a second one); "
     "here the turn goes where the earlier penalty sent it. Smaller: with both piles empty "
     "a draw here ends the turn, there the draw is refused and the player passes."),
    ("Seat order", "Seat numbers increase clockwise; the first dealer is the last seat so seat 0 "
     "starts; the deal moves one seat clockwise each round."),
]
