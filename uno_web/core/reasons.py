"""Reason codes: one enum of stable names, one catalogue of what they mean.

Every verdict the validator gives carries a :class:`Reason`. What a person reads is looked up
here by code (never written at the raise site): ``explanation`` says the rule in one sentence,
``rule`` says where it comes from (the official rules or the ``RuleSet`` toggle that produced it),
and ``template`` (or one of its ``forms``) formats the specific message with the verdict's
parameters. Messages are for players: cards are named in words ("red 7", "Wild Draw Four"),
never in notation, and every verb agrees with the names, so a seat called "You" reads "You
hold", "your turn", "you draw 4 cards".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import Any, Callable, Mapping

from .cards import join_words
from .wording import (  # re-exported: the words of a verdict's facts
    CARD_KEYS, COUNT_KEYS, FIELD_THINGS, MOVE_KIND_WORDS, NOBODY, OPTION_WORDS, PERSON_KEYS,
    QUOTE_LIMIT, card_words, color_words, count_words, deck_order_words, deck_words, drawn_it,
    json_fact, quote_value, reshuffle_words, seat_name, some_cards,
)

__all__ = ["Reason", "Explanation", "CATALOGUE", "Verdict", "LazyVerdict", "quote_value",
           "QUOTE_LIMIT", "render_detail", "english_params", "json_fact", "PERSON_KEYS",
           "CARD_KEYS", "COUNT_KEYS", "OPTION_WORDS", "MOVE_KIND_WORDS", "FIELD_THINGS", "NOBODY",
           "seat_name", "card_words", "color_words", "count_words", "drawn_it", "reshuffle_words",
           "deck_words", "deck_order_words", "some_cards"]


class Reason(str, Enum):
    # accepted
    OK_PLAY = "OK_PLAY"
    OK_JUMP_IN = "OK_JUMP_IN"
    OK_STACK = "OK_STACK"
    OK_DEFLECT = "OK_DEFLECT"
    OK_DRAW = "OK_DRAW"
    OK_PASS = "OK_PASS"
    OK_COLOR = "OK_COLOR"
    OK_UNO = "OK_UNO"
    OK_CATCH = "OK_CATCH"
    OK_CHALLENGE = "OK_CHALLENGE"
    OK_ACCEPT = "OK_ACCEPT"
    OK_NEXT_ROUND = "OK_NEXT_ROUND"
    OK_DECK = "OK_DECK"
    # accepted at a cost: a house rule turns the mistake into penalty cards
    P_MISPLAY = "P_MISPLAY"
    P_FINISH = "P_FINISH"
    P_FALSE_CATCH = "P_FALSE_CATCH"
    P_FALSE_UNO = "P_FALSE_UNO"
    P_SELF_CATCH = "P_SELF_CATCH"
    # the state of the game
    E_GAME_OVER = "E_GAME_OVER"
    E_ROUND_OVER = "E_ROUND_OVER"
    E_ROUND_NOT_OVER = "E_ROUND_NOT_OVER"
    E_BAD_SEAT = "E_BAD_SEAT"
    E_NOT_TURN = "E_NOT_TURN"
    E_CHOOSE_COLOR_FIRST = "E_CHOOSE_COLOR_FIRST"
    E_NO_COLOR_TO_CHOOSE = "E_NO_COLOR_TO_CHOOSE"
    # playing a card
    E_CARD_NOT_OWNED = "E_CARD_NOT_OWNED"
    E_CARD_NOT_IN_DECK = "E_CARD_NOT_IN_DECK"
    E_NO_MATCH = "E_NO_MATCH"
    E_WILD_COLOR_MISSING = "E_WILD_COLOR_MISSING"
    E_COLOR_NOT_ALLOWED = "E_COLOR_NOT_ALLOWED"
    E_PLUS4_NOT_ALLOWED = "E_PLUS4_NOT_ALLOWED"
    E_WILD_NOT_LAST_RESORT = "E_WILD_NOT_LAST_RESORT"
    E_ACTION_CARD_LAST = "E_ACTION_CARD_LAST"
    E_FINISH_REFUSED = "E_FINISH_REFUSED"
    E_ONLY_DRAWN_CARD = "E_ONLY_DRAWN_CARD"
    E_SAME_NUMBER_ONLY = "E_SAME_NUMBER_ONLY"
    E_PENALTY_PENDING = "E_PENALTY_PENDING"
    E_PENALTY_NOT_ANSWERED = "E_PENALTY_NOT_ANSWERED"
    E_STACK_NOT_ALLOWED = "E_STACK_NOT_ALLOWED"
    E_STACK_ORDER = "E_STACK_ORDER"
    E_SWAP_TARGET_MISSING = "E_SWAP_TARGET_MISSING"
    E_SWAP_TARGET_INVALID = "E_SWAP_TARGET_INVALID"
    E_TARGET_NOT_ALLOWED = "E_TARGET_NOT_ALLOWED"
    E_JUMP_IN_NOT_ALLOWED = "E_JUMP_IN_NOT_ALLOWED"
    E_JUMP_IN_NOT_IDENTICAL = "E_JUMP_IN_NOT_IDENTICAL"
    # drawing and passing
    E_ALREADY_DREW = "E_ALREADY_DREW"
    E_MUST_PLAY = "E_MUST_PLAY"
    E_PASS_NOT_ALLOWED = "E_PASS_NOT_ALLOWED"
    E_MUST_PLAY_DRAWN = "E_MUST_PLAY_DRAWN"
    E_PENALTY_DRAWS_LEFT = "E_PENALTY_DRAWS_LEFT"
    # UNO calls, catches, challenges
    E_UNO_NOT_ALLOWED = "E_UNO_NOT_ALLOWED"
    E_UNO_DISABLED = "E_UNO_DISABLED"
    E_NO_ONE_TO_CATCH = "E_NO_ONE_TO_CATCH"
    E_NO_CHALLENGE = "E_NO_CHALLENGE"
    E_NO_PENALTY = "E_NO_PENALTY"
    # input and logs
    E_MALFORMED = "E_MALFORMED"
    E_RESHUFFLE_MISSING = "E_RESHUFFLE_MISSING"
    E_RESHUFFLE_UNEXPECTED = "E_RESHUFFLE_UNEXPECTED"
    E_RESHUFFLE_NOT_PERMUTATION = "E_RESHUFFLE_NOT_PERMUTATION"
    E_DECK_INVARIANT = "E_DECK_INVARIANT"
    E_DECK_ORDER = "E_DECK_ORDER"

    @property
    def ok(self) -> bool:
        """The move is accepted (``OK_`` codes, and ``P_`` codes: accepted at a cost)."""
        return self.value.startswith(("OK_", "P_"))

    @property
    def penalized(self) -> bool:
        """Accepted only at a cost: a house rule makes the mistake cost cards instead of
        refusing it (``P_`` codes). Such a move is never in ``legal_moves``."""
        return self.value.startswith("P_")


@dataclass(frozen=True)
class Explanation:
    """Why a reason code applies: the text, the rule it comes from, the message templates."""

    explanation: str  # the rule, in one sentence a player understands
    rule: str  # where the rule comes from: "official: ..." or the RuleSet toggle
    template: str  # the specific message; ``str.format`` fields come from the verdict params
    # other wordings of the same verdict, picked by the verdict's ``form`` param
    forms: Mapping[str, str] = field(default_factory=dict)


_OFFICIAL = "official rules"

CATALOGUE: dict[Reason, Explanation] = {
    Reason.OK_PLAY: Explanation(
        "The card matches the current colour, number or symbol, or is a wild card.",
        f"{_OFFICIAL}: matching",
        "{who} played {card}; colour {color}; next: {next}",
        {"out": "{who} played {card} and went out",
         "more": "{who} played {card}; colour {color}; {who:you} may play another card of "
                 "this number or end the turn",
         # a puzzle's play: what follows is the cards left, the hand played out, or the end
         "left": "{who} played {card}; colour {color}; next: {count} left",
         "played_out": "{who} played {card}; colour {color}; next: the hand is played out",
         "won": "{who} played {card}; colour {color}; next: game over, {winner:you} won"},
    ),
    Reason.OK_JUMP_IN: Explanation(
        "A card identical to the top card may be played out of turn right after it was played.",
        "jump_in",
        "{who} jumped in with {card}; next: {next}",
        {"out": "{who} jumped in with {card} and went out"},
    ),
    Reason.OK_STACK: Explanation(
        "A draw card may be answered with another draw card; the penalty grows.",
        "stack_draw_two_on_draw_two, stack_draw_four_on_draw_four, stack_draw_two_on_draw_four, "
        "stack_draw_four_on_draw_two, escalating_stack",
        "{who} stacked {card}; {next:you} now {next:faces} {pending} cards",
        {"out": "{who} stacked {card} and went out"},
    ),
    Reason.OK_DEFLECT: Explanation(
        "Under a house rule, a Reverse sends a pending draw penalty back and a Skip passes it "
        "on; the penalty stays the same.",
        "reverse_returns_draw_two, reverse_returns_draw_four, skip_passes_penalty",
        "{who} played {card}: the {pending} cards pass on, and {next:you} now {next:faces} them",
        {"reverse": "{who} sent the {pending} cards back with {card}: {next:you} now "
                    "{next:faces} them",
         "skip": "{who} passed the {pending} cards on with {card}: {next:you} now {next:faces} "
                 "them",
         "out": "{who} played {card} and went out"},
    ),
    Reason.OK_DRAW: Explanation(
        "A player who cannot or will not play draws from the draw pile.",
        f"{_OFFICIAL}: drawing",
        "{who} drew {count} and may play {it} or keep it",
        {
            "forced": "{who} drew {count} and must play {it}",
            "none": "{who} drew {count} and cannot play {it}; next: {next}",
            "empty": "{who} could not draw: there are no cards left to draw; next: {next}",
            "again": "{who} drew {count} and cannot play {it}; {who:they} must draw again",
            "stays": "{who} drew {count} and cannot play {it}; {who:they} may now end the turn",
            "owed": "{who} drew a penalty card; still to draw: {count}",
            "owed_last": "{who} drew the last penalty card and {who:misses} the turn; "
                         "next: {next}",
            "owed_back": "{who} drew the last penalty card; next: {next}",
        },
    ),
    Reason.OK_PASS: Explanation(
        "After drawing, a player may keep the drawn card and end the turn.",
        f"{_OFFICIAL}: drawing",
        "{who} kept the drawn card; next: {next}",
        {"end": "{who} ended the turn; next: {next}"},
    ),
    Reason.OK_COLOR: Explanation(
        "When a Wild starts the discard pile, the first player names the colour.",
        f"{_OFFICIAL}: first card",
        "{who} chose {color}",
    ),
    Reason.OK_UNO: Explanation(
        "A player with one card left (or about to play the second-to-last) calls UNO.",
        "uno_call",
        "{who} called UNO",
        {"again": "{who} called UNO again; nothing changes"},
    ),
    Reason.OK_CATCH: Explanation(
        "A player who did not call UNO and is caught in time draws the penalty.",
        "uno_call",
        "{who} caught {target:you} without an UNO call; {target:they} draw {count}",
    ),
    Reason.P_MISPLAY: Explanation(
        "With a misplay penalty, a card played on your turn that may not be played goes back to "
        "your hand, you draw the penalty cards and your turn ends (or, with misplay_keeps_turn, "
        "you play again).",
        "misplay_penalty",
        "{why}. {who} {who:takes} the {card} back and {who:draws} {count}; next: {next}",
    ),
    Reason.P_FINISH: Explanation(
        "Under this house rule a wild or draw card may not be your last card: trying costs one "
        "card and ends your turn (or, with finish_keeps_turn, you play again).",
        "no_wild_finish, no_draw_card_finish",
        "{who} may not go out on a wild card: {who:they} take the {card} back and "
        "draw 1 card",
        {"draw": "{who} may not go out on a draw card: {who:they} take the {card} back and "
                 "draw 1 card"},
    ),
    Reason.P_FALSE_CATCH: Explanation(
        "With a false-catch penalty, catching a player who may not be caught costs the "
        "catcher cards.",
        "false_catch_penalty",
        "{why}. {who} {who:draws} {count} for the false catch",
    ),
    Reason.P_FALSE_UNO: Explanation(
        "With a penalty for a groundless UNO call, calling UNO when you may not costs cards.",
        "false_uno_penalty",
        "{why}. {who} {who:draws} {count} for the groundless call",
    ),
    Reason.P_SELF_CATCH: Explanation(
        "Under this house rule a player left with one card without an UNO call may catch "
        "themselves, and draws the penalty for the missed call.",
        "self_catch",
        "{who} caught {who:yourself} without an UNO call; {who:they} draw {count}",
    ),
    Reason.OK_CHALLENGE: Explanation(
        "A Wild Draw Four may be challenged: a bluffer draws 4, a wrong challenger draws 6.",
        "wild_draw_four = challenge",
        "{who} challenged {target:your} Wild Draw Four: it was a bluff, so {target:you} "
        "{target:draws} {count}",
        {"legal": "{who} challenged {target:your} Wild Draw Four: it was played fairly, so "
                  "{who:you} {who:draws} {count}"},
    ),
    Reason.OK_ACCEPT: Explanation(
        "A player facing a draw penalty may take it; the turn is lost.",
        f"{_OFFICIAL}: Draw Two / Wild Draw Four",
        "{who} drew {count} and {who:misses} the turn; next: {next}",
        {"owed": "{who} {who:draws} the {count} one at a time, then {who:misses} the turn"},
    ),
    Reason.OK_NEXT_ROUND: Explanation(
        "After a round is scored, the next dealer deals a new round.",
        f"{_OFFICIAL}: scoring",
        "round {round} is dealt; {next:you} {next:starts}",
    ),
    Reason.OK_DECK: Explanation(
        "Hands, draw pile and discard pile together hold exactly the deck.",
        f"{_OFFICIAL}: the deck",
        "{detail}",
    ),
    Reason.E_GAME_OVER: Explanation(
        "The game is over; no more moves can be made.",
        f"{_OFFICIAL}: winning the game",
        "the game is over: {winner:you} won",
    ),
    Reason.E_ROUND_OVER: Explanation(
        "The round is over; only dealing the next round is possible.",
        f"{_OFFICIAL}: going out",
        "the round is over ({winner:you} won it); deal the next round",
    ),
    Reason.E_ROUND_NOT_OVER: Explanation(
        "A new round can only be dealt once the current round has ended.",
        f"{_OFFICIAL}: going out",
        "the round is still being played",
        {"log": "round {round} starts but round {previous} is not over"},
    ),
    Reason.E_BAD_SEAT: Explanation(
        "Moves must come from a player at the table who is still in the game.",
        f"{_OFFICIAL}: the players",
        "there is no player at seat {seat} (seats are numbered from 0)",
        {"out": "{seat} {seat:is} out of the game"},
    ),
    Reason.E_NOT_TURN: Explanation(
        "Only the player whose turn it is may act (unless a rule allows a jump-in).",
        f"{_OFFICIAL}: turn order",
        "it is {turn:your} turn, not {who:yours}",
    ),
    Reason.E_CHOOSE_COLOR_FIRST: Explanation(
        "A Wild started the discard pile: the first player must name the colour first.",
        f"{_OFFICIAL}: first card",
        "{who} must first choose the colour for the starting Wild",
    ),
    Reason.E_NO_COLOR_TO_CHOOSE: Explanation(
        "A colour is chosen with the Wild card itself; there is no colour to choose now.",
        f"{_OFFICIAL}: Wild",
        "there is no colour to choose now; a colour is named when a wild card is played",
    ),
    Reason.E_CARD_NOT_OWNED: Explanation(
        "A player can only play a card from their own hand.",
        f"{_OFFICIAL}: playing",
        "{who} {who:does} not hold {card:a}",
    ),
    Reason.E_CARD_NOT_IN_DECK: Explanation(
        "The card is not part of the deck this game is played with.",
        "deck",
        "{card} is not a card of the {deck} deck",
    ),
    Reason.E_NO_MATCH: Explanation(
        "A card must match the current colour, or the number or symbol of the top card, "
        "or be a wild card.",
        f"{_OFFICIAL}: matching",
        "{card} matches neither the current colour ({color}) nor the top card ({top})",
    ),
    Reason.E_WILD_COLOR_MISSING: Explanation(
        "A wild card must name the colour that continues play.",
        f"{_OFFICIAL}: Wild",
        "{card} needs a colour: choose {colors}",
    ),
    Reason.E_COLOR_NOT_ALLOWED: Explanation(
        "Only wild cards name a colour, and the colour must be one of the deck's colours.",
        f"{_OFFICIAL}: Wild",
        "that colour is not in this deck: choose {colors}",
        {"not_wild": "{card} is not a wild card, so it names no colour"},
    ),
    Reason.E_PLUS4_NOT_ALLOWED: Explanation(
        "A Wild Draw Four may only be played when you hold no card of the current colour.",
        "wild_draw_four = strict",
        "{who} still {who:holds} a {color} card, so Wild Draw Four is not allowed",
    ),
    Reason.E_WILD_NOT_LAST_RESORT: Explanation(
        "A wild card may only be played when no other card in the hand can be played.",
        "wild_last_resort",
        "{who} can still play {alternative:a}, so {card:a} may not be played yet",
    ),
    Reason.E_ACTION_CARD_LAST: Explanation(
        "A player may not go out on a Skip, Reverse, Draw Two or wild card.",
        "no_action_card_last",
        "{card} would be {who:your} last card, and no one may go out on an action card",
    ),
    Reason.E_FINISH_REFUSED: Explanation(
        "Under this house rule a wild or draw card may not be your last card; facing a draw "
        "card, or out of turn, the play is refused without a penalty.",
        "no_wild_finish, no_draw_card_finish, finish_keeps_turn",
        "{card} would be {who:your} last card, and no one may go out on a wild card",
        {"draw": "{card} would be {who:your} last card, and no one may go out on a draw card"},
    ),
    Reason.E_SAME_NUMBER_ONLY: Explanation(
        "Under the house rule for several cards of one number, after a number card the same "
        "player may only add cards of that number, or end the turn.",
        "play_same_number",
        "{card:a} is not {number:a}: {who:you} may only add another {number} or end the turn",
        {"other": "{who} may only add another {number} or end the turn"},
    ),
    Reason.E_ONLY_DRAWN_CARD: Explanation(
        "After drawing, only the card just drawn may be played, or it is kept.",
        f"{_OFFICIAL}: drawing",
        "{who} drew {drawn}; only {that} may be played now",
    ),
    Reason.E_PENALTY_PENDING: Explanation(
        "A player facing a draw penalty must take it (or stack, or challenge where allowed) "
        "before anything else: drawing a card or passing is not an answer.",
        f"{_OFFICIAL}: Draw Two / Wild Draw Four",
        "{who} {who:faces} {pending} cards to draw: {options}",
    ),
    Reason.E_PENALTY_NOT_ANSWERED: Explanation(
        "Facing a pending draw card, the only card that may be played is one that stacks on it "
        "(where the stacking rules allow) or, under house rules, a Reverse that sends it back or "
        "a Skip that passes it on; any other card must wait until the cards are taken.",
        f"{_OFFICIAL}: Draw Two / Wild Draw Four",
        "{card:a} does not answer {top:a}: {who:you} {who:faces} {pending} cards to draw: {options}",
    ),
    Reason.E_STACK_NOT_ALLOWED: Explanation(
        "Under these rules this card cannot be stacked on the pending draw card.",
        "stack_draw_two_on_draw_two, stack_draw_four_on_draw_four, stack_draw_two_on_draw_four, "
        "stack_draw_four_on_draw_two, escalating_stack",
        "{card:a} cannot be stacked on {top:a} under these rules",
    ),
    Reason.E_STACK_ORDER: Explanation(
        "In an escalating stack a Draw Two may not follow a wild card and a Wild may not follow "
        "a Wild Draw Four.",
        "escalating_stack",
        "{card:a} may not follow {top:a} in an escalating stack",
    ),
    Reason.E_SWAP_TARGET_MISSING: Explanation(
        "With the 7-swap rule, a 7 must name the player to swap hands with.",
        "seven_swap",
        "{card} needs a player to swap hands with",
    ),
    Reason.E_SWAP_TARGET_INVALID: Explanation(
        "A 7 swaps hands with another player who is still in the game.",
        "seven_swap",
        "there is no player at seat {target} to swap hands with",
        {
            "self": "{who} cannot swap hands with {who:yourself}; choose another player",
            "out": "{target} {target:is} out of the game; choose another player to swap hands with",
        },
    ),
    Reason.E_TARGET_NOT_ALLOWED: Explanation(
        "Only a 7 under the 7-swap rule names another player.",
        "seven_swap",
        "{card} does not name a player",
    ),
    Reason.E_JUMP_IN_NOT_ALLOWED: Explanation(
        "Playing out of turn (jump-in) is only possible with the jump-in rule, right after the "
        "card was played (with the longer window, while it is on top and no draw penalty "
        "waits).",
        "jump_in, jump_in_window",
        "{who} cannot jump in now: a jump-in is only possible right after a card is played",
        {
            "color": "{who} cannot jump in now: a colour is still to be chosen",
            "pending": "{who} cannot jump in now: a draw card's penalty waits for an answer",
            "owed": "{who} cannot jump in now: penalty cards are still being drawn",
        },
    ),
    Reason.E_JUMP_IN_NOT_IDENTICAL: Explanation(
        "A jump-in needs a card identical to the top card: same colour and same value.",
        "jump_in, jump_in_wild",
        "{who} cannot jump in with {card}: only another {top} can jump in",
        {"wild": "no one can jump in on {top:a}: a jump-in needs an identical coloured card"},
    ),
    Reason.E_ALREADY_DREW: Explanation(
        "A player draws once per turn; then they play the drawn card or keep it.",
        f"{_OFFICIAL}: drawing",
        "{who} already drew this turn",
    ),
    Reason.E_MUST_PLAY: Explanation(
        "Under these rules a player may only draw when no card in the hand can be played.",
        "may_draw_when_playable",
        "{who} can play {alternative:a}, so drawing is not allowed",
    ),
    Reason.E_PASS_NOT_ALLOWED: Explanation(
        "Passing (keeping the drawn card) is only possible right after drawing.",
        f"{_OFFICIAL}: drawing",
        "{who} {who:has} not drawn this turn; play a card or draw",
        {"must_draw": "{who} cannot end the turn: no card fits, so {who:they} must draw"},
    ),
    Reason.E_MUST_PLAY_DRAWN: Explanation(
        "Under forced play a playable card just drawn must be played.",
        "forced_play",
        "{who} must play the {drawn} just drawn",
    ),
    Reason.E_PENALTY_DRAWS_LEFT: Explanation(
        "Drawing penalty cards one at a time, the player who owes them draws them all before "
        "anything else.",
        "penalty_draw = one-by-one",
        "{who} must first draw the {count} still owed",
    ),
    Reason.E_UNO_NOT_ALLOWED: Explanation(
        "UNO is called with one card left, or while playing the second-to-last card (and, "
        "unless the timing is strict, on your turn while you hold two).",
        "uno_call, uno_call_with_two, uno_call_needs_fit",
        "{who} cannot call UNO now: {who:they} hold {count}",
        {
            "called": "{who} {who:has} already called UNO",
            "no_fit": "{who} cannot call UNO now: {who:they} hold {count} and neither fits "
                      "the pile",
            "leaves": "{who} cannot call UNO with this play: it would leave {count}",
            "owed": "{who} cannot call UNO while drawing penalty cards",
        },
    ),
    Reason.E_UNO_DISABLED: Explanation(
        "These rules have no UNO call and no catching.",
        "uno_call = false",
        "there is no UNO call in these rules",
    ),
    Reason.E_NO_ONE_TO_CATCH: Explanation(
        "You can only catch a player who has one card and did not call UNO, and only soon "
        "enough: by default before the next player acts.",
        "uno_call, uno_catch_window",
        "{target} cannot be caught now: {target:they} hold {count}",
        {
            "called": "{target} cannot be caught: {target:they} called UNO",
            "late": "{target} cannot be caught any more: the moment to catch {target:them} "
                    "has passed",
            "self": "{who} cannot catch {who:yourself}",
            "out": "{target} {target:is} out of the game",
            "no_seat": "there is no player at seat {target} to catch",
        },
    ),
    Reason.E_NO_CHALLENGE: Explanation(
        "Only the player hit by a Wild Draw Four may challenge it, before taking the cards.",
        "wild_draw_four = challenge",
        "there is no Wild Draw Four for {who:you} to challenge",
    ),
    Reason.E_NO_PENALTY: Explanation(
        "Taking a penalty is only possible when a draw card is pending against you.",
        f"{_OFFICIAL}: Draw Two / Wild Draw Four",
        "{who} {who:has} no penalty to take",
        {"draw": "{who} {who:takes} the {pending} cards by drawing: the first draw takes them"},
    ),
    Reason.E_MALFORMED: Explanation(
        "The move could not be read.",
        f"{_OFFICIAL}: the moves",
        "{detail}",
        {
            "not_move": "a move must be a Move value, not {value}",
            "type": "the move's {field} must be a whole number, not {value}",
            "kind": "there is no kind of move numbered {value} (kinds are numbered 0 to {last})",
            "uno": "the move's uno flag must be True or False, not {value}",
            "unused": "{what} takes no {thing}: the move's {field} must be {empty}, not {value}",
            "puzzle_card": "the move's card must be a card of the puzzle such as G5 (a colour "
                           "R, Y, G or B and a number), not {value}",
            "card_text": "{value} is not a card: write one like R7, GS, BR, Y+2, W or W+4 "
                         "(playing cards as rank then suit: 7H, QS)",
            "color_text": "{value} is not a colour: use R, Y, G or B (or H, D, C, S for suits)",
            "no_seven": "no 7 is being played: pick a 7 from your hand first",
            "notation": "{value} is not a move: write one like P0:R7, D0, K0, O0=R, U0, C1>0, "
                        "X0, A0 or N0",
        },
    ),
    Reason.E_RESHUFFLE_MISSING: Explanation(
        "The draw pile ran out, so the log must give the new order of the reshuffled pile.",
        f"{_OFFICIAL}: draw pile runs out",
        "the draw pile ran out during this action but the log gives no reshuffle order",
    ),
    Reason.E_RESHUFFLE_UNEXPECTED: Explanation(
        "A reshuffle only happens when the draw pile runs out.",
        f"{_OFFICIAL}: draw pile runs out",
        "the log reshuffles although the draw pile did not run out",
    ),
    Reason.E_RESHUFFLE_NOT_PERMUTATION: Explanation(
        "A reshuffled draw pile must be exactly the discard pile minus its top card.",
        f"{_OFFICIAL}: draw pile runs out",
        "the reshuffled draw pile is not the discard pile minus its top card: {detail}",
    ),
    Reason.E_DECK_INVARIANT: Explanation(
        "Hands, draw pile and discard pile together must always hold exactly the deck.",
        f"{_OFFICIAL}: the deck",
        "{detail}",
    ),
    Reason.E_DECK_ORDER: Explanation(
        "A round must be dealt from the whole deck: every card exactly as often as the deck "
        "has it.",
        f"{_OFFICIAL}: the deck",
        "{detail}",
    ),
}


# ------------------------------------------------------------------------------------------
# wording: messages agree with the names in them
# ------------------------------------------------------------------------------------------

# third person singular -> the form that goes with "you"
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were"}
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zes", "oes")
_PRONOUNS = {  # spec -> (when the name is "You", for anybody else)
    "they": ("you", "they"),
    "them": ("you", "them"),
    "their": ("your", "their"),
    "yourself": ("yourself", "themselves"),
}
_VOWEL_SOUND = tuple("aeiouAEIOU8")  # "an 8 of hearts", "an ace of spades"


def _is_you(name: object) -> bool:
    """Whether a seat's name addresses the reader ("You"): messages then use "you", "your"."""
    return str(name).strip().lower() == "you"


def _second_person(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(_ES_ENDINGS):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


class _Words(str):
    """A message parameter whose format spec makes it agree with the sentence around it.

    ``{who}`` is the value itself. For a name: ``{who:you}`` is the name in mid-sentence ("you"
    for You), ``{who:your}`` / ``{who:yours}`` its possessive ("your" / "Ada's", "yours" /
    "Ada's"), ``{who:they}``, ``{who:them}``, ``{who:their}``, ``{who:yourself}`` pronouns, and
    any other spec is a verb in the third person singular that agrees: ``{who} {who:holds}`` is
    "You hold" or "Ada holds". For a card: ``{card:a}`` adds the article ("a red 7", "an 8 of
    hearts").
    """

    def __format__(self, spec: str) -> str:
        text = str(self)
        you = _is_you(text)
        if not spec:
            return text
        if spec == "a":
            return f"{'an' if text.startswith(_VOWEL_SOUND) else 'a'} {text}"
        if spec == "you":
            return "you" if you else text
        if spec in ("your", "yours"):
            return spec if you else f"{text}'s"
        if spec in _PRONOUNS:
            return _PRONOUNS[spec][0 if you else 1]
        return _second_person(spec) if you else spec


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> _Words:
        return _Words("?")


def _sentence(template: str, params: dict[str, Any]) -> str:
    # a number is written out unless it is too long to be (quote_value describes it)
    text = template.format_map(_Params({
        k: _Words(quote_value(v) if isinstance(v, int) and not isinstance(v, bool) else v)
        for k, v in params.items()
    }))
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------------------------------
# facts -> English words (the words of each fact: uno_web.core.wording)
# ------------------------------------------------------------------------------------------

def english_params(code: Reason, params: "Mapping[str, Any]") -> dict[str, Any]:
    """A verdict's facts as the words of its English message (the template's fields)."""
    names = params.get("names") or ()
    refused = not code.ok
    form = str(params.get("form", ""))
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in PERSON_KEYS:
            out[k] = seat_name(k, v, names)
        elif k in CARD_KEYS:
            out[k] = card_words(v)
        elif k == "color" or k == "colors":
            out[k] = color_words(v, refused)
        elif k in COUNT_KEYS:
            out[k] = count_words(v)
        elif k == "options" and isinstance(v, (list, tuple)):
            out[k] = join_words((OPTION_WORDS.get(str(o), str(o)) for o in v), "or")
        elif k == "deck":
            out[k] = "playing-card" if v == "playing-cards" else ("UNO" if v == "uno" else v)
        elif k == "what" and isinstance(v, int) and 0 <= v < len(MOVE_KIND_WORDS):
            out[k] = MOVE_KIND_WORDS[v]
        elif k == "why" and isinstance(v, (list, tuple)):
            out[k] = render_detail(Reason(str(params.get("broken"))),
                                   {**dict(v), "names": names})
        else:
            out[k] = v
    if "who" not in params and "who_value" in params:
        out["who"] = f"the player at seat {params['who_value']}"
    derive = _DERIVED_WORDS.get(code)
    if derive is not None:
        out.update(derive(params, form, out))
    return out


def _it(p: "Mapping[str, Any]", form: str, out: dict[str, Any]) -> dict[str, Any]:
    return {"it": drawn_it(p.get("count"), form)}


def _that(p: "Mapping[str, Any]", form: str, out: dict[str, Any]) -> dict[str, Any]:
    drawn = p.get("drawn")
    if not isinstance(drawn, (list, tuple)):
        return {}
    return {"that": "that card" if len(drawn) == 1 else "one of those cards"}


def _thing(p: "Mapping[str, Any]", form: str, out: dict[str, Any]) -> dict[str, Any]:
    if form != "unused" or "thing" in out:
        return {}
    return {"thing": FIELD_THINGS.get(str(p.get("field")), "value")}


def _reshuffle(p: "Mapping[str, Any]", form: str, out: dict[str, Any]) -> dict[str, Any]:
    if "detail" in p:
        return {}
    return {"detail": reshuffle_words(p.get("missing"), p.get("extra"), str(p.get("what", "")))}


def _deck(p: "Mapping[str, Any]", form: str, out: dict[str, Any]) -> dict[str, Any]:
    if "detail" in p:  # a verdict stored before the deck carried facts
        return {}
    return {"detail": deck_words(p.get("found"), p.get("expected"), p.get("missing"),
                                 p.get("extra"))}


def _deck_order(p: "Mapping[str, Any]", form: str, out: dict[str, Any]) -> dict[str, Any]:
    if "detail" in p:
        return {}
    return {"detail": deck_order_words(p.get("round"), p.get("missing"), p.get("extra"))}


#: words a message needs that no single fact gives: worked out from several facts (and its form)
_Derive = Callable[[Mapping[str, Any], str, "dict[str, Any]"], "dict[str, Any]"]
_DERIVED_WORDS: dict[Reason, _Derive] = {
    Reason.OK_DRAW: _it, Reason.E_ONLY_DRAWN_CARD: _that, Reason.E_MALFORMED: _thing,
    Reason.E_RESHUFFLE_NOT_PERMUTATION: _reshuffle, Reason.OK_DECK: _deck,
    Reason.E_DECK_INVARIANT: _deck, Reason.E_DECK_ORDER: _deck_order,
}


def render_detail(code: Reason, params: "Mapping[str, Any]") -> str:
    """The English sentence of a verdict with these facts (see :attr:`Verdict.detail`)."""
    entry = CATALOGUE[code]
    template = entry.forms.get(str(params.get("form", "")), entry.template)
    return _sentence(template, english_params(code, params))


@dataclass(frozen=True, eq=False)
class Verdict:
    """The validator's answer to one move: a code, its parameters, and the toggle behind it.

    Two verdicts are equal when their codes and parameters are (a :class:`LazyVerdict` too)."""

    code: Reason
    params: tuple[tuple[str, Any], ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return self.code == other.code and self.params == other.params

    def __hash__(self) -> int:
        return hash((self.code, self.params))

    @property
    def ok(self) -> bool:
        return self.code.ok

    @property
    def penalized(self) -> bool:
        """Accepted at a cost (a ``P_`` code): see :attr:`Reason.penalized`."""
        return self.code.penalized

    @property
    def explanation(self) -> str:
        return CATALOGUE[self.code].explanation

    @property
    def rule(self) -> str:
        """Where the verdict comes from: the specific RuleSet toggle when one decided it
        (``params["rule"]``), else the catalogue's rule for the code."""
        for k, v in self.params:
            if k == "rule" and v:
                return str(v)
        return CATALOGUE[self.code].rule

    @property
    def detail(self) -> str:
        """The specific sentence, e.g. ``You played red 7; colour red; next: Ada``: the
        catalogue's template for the code (or its ``form`` param's wording) with the params."""
        return render_detail(self.code, dict(self.params))

    @property
    def message(self) -> str:
        """``CODE: specific detail`` — e.g. ``OK_PLAY: Ada played red 7; colour red; next: You``."""
        return f"{self.code.value}: {self.detail}"

    def facts(self) -> dict[str, Any]:
        """The params as JSON values (tuples as lists): what a report or a message carries
        beside its English text, so that any language can be written from them
        (``Verdict(code, tuple(facts.items()))`` gives the same words back)."""
        return {k: json_fact(v) for k, v in self.params}

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code.value,
            "ok": self.ok,
            "message": self.message,
            "penalized": self.code.penalized,
            "explanation": self.explanation,
            "rule": self.rule,
            "params": self.facts(),
        }

    def __str__(self) -> str:
        return self.message


class LazyVerdict(partial, Verdict):  # type: ignore[type-arg]
    """A verdict whose parameters (the words of its message) are worked out when first read:
    ``LazyVerdict(words, code, *facts)``, ``words(code, *facts)`` returns them. The engine's
    accepted moves use it, so that a caller who only needs ``ok`` and ``code`` (a log
    validator, a simulation through the safe API) does not pay for the sentence. ``words``
    reads the states the verdict was made from: treat them as read-only (the engine's contract
    for every state it hands out) until the words are read. It is a
    :class:`functools.partial` (the call that makes the words), built in C with no Python
    frame: one is made for every move ``apply`` accepts."""

    __init__ = object.__init__  # (partial's __new__ took the arguments)

    @property
    def code(self) -> Reason:
        code: Reason = self.args[0]
        return code

    @property
    def params(self) -> tuple[tuple[str, Any], ...]:
        d = self.__dict__
        if "_params" not in d:
            d["_params"] = self.func(*self.args)
        params: tuple[tuple[str, Any], ...] = d["_params"]
        return params

    def __repr__(self) -> str:
        return f"Verdict(code={self.code!r}, params={self.params!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (and copied) as the plain verdict it is
        return (Verdict, (self.code, self.params))
