"""Words from facts: a sentence for people kept as its phrase key and typed facts.

A producer (the table's "what you could do instead", a validation report's summary, a
replay's status line) returns a :class:`Words` instead of a finished sentence.  Its English is
written here from :data:`PHRASES_EN`; :mod:`uno_web.i18n.phrases` writes every other language
from the same key and facts.  Nothing reads the English back.

The facts are typed by their name, as a verdict's are (:mod:`uno_web.core.wording`):

- ``card``: one card (a card number, or a puzzle's number card such as ``G12``);
  ``cards``: several, listed with commas (``red 1, red 2``); ``pcards``: a puzzle's cards as
  (colour index, number) pairs, the colour any index;
- ``color``: a colour number;
- ``who``, ``target``, ``winner``: a seat's name as the table shows it (``You`` is the reader);
- ``n``, ``m``: whole numbers;
- ``options``: several :class:`Words`, listed with "or" (``play red 1, or draw a card``);
  ``lines``: several, one sentence after another; ``parts``: several, listed with commas;
- ``level``: an AI level (``easy``, ``normal``, ``hard``);
- ``rank``: a card whose rank is meant ("a 7", "a Skip", "a wild card");
- ``direction``: the direction of play (1 clockwise, -1 counter-clockwise); ``penalty``: what a
  penalty is for (``PenaltyApplied.reason``); ``by``: a seat's name (``you`` is the reader);
- ``place``, ``then``: one :class:`Words` inside another;
- ``preset``: a rule preset's key (``official``); ``notation``: code a player may type
  (``uno_call=False``), the same in every language;
- ``pcard``: a puzzle's card (colour index, number); ``pcolor``: a puzzle's colour index (a
  colour beyond the four is named by its index);
- ``field``: a form field's or a link parameter's name (``cards``), by its name in another
  language where it has one;
- ``big``: a whole number written with thousands separators (``1,200,000``);
- ``why``: English from a module that writes its own English (a solver's explanation); other
  languages look it up in the page's catalogue (:func:`uno_web.i18n.ui.tr`); or a
  :class:`Words` (a reason that has its facts: an exception's ``words``);
- ``text``: words already written in the language wanted (a room's verification, worded
  from its own facts by :func:`uno_web.room.describe`);
- ``message``: a :class:`~uno_web.core.reasons.Verdict` as ``CODE: detail`` (or a report's
  ``failure``: its ``code``, ``params`` and English ``message``); ``sentence``: a
  verdict as the sentence a player reads first (no code, a capital, a full stop).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Mapping

from .cards import IS_WILD, RANK_OF, Rank, card_str, color_name
from .wording import card_words

__all__ = [
    "Words", "PHRASES_EN", "english", "verdict_sentence", "param_base", "words_json",
    "words_from_json", "DRAW_REASONS_EN", "PENALTIES_EN", "rank_words", "RANK_WORDS_EN", "puzzle_card_words",
]


@dataclass(frozen=True, slots=True)
class Words:
    """A phrase's key and its facts (see the module's docstring for their types)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> "Words":
        if key not in PHRASES_EN:
            raise KeyError(f"no phrase {key!r}")
        return cls(key, tuple(params.items()))

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self.params)

    def __str__(self) -> str:
        return english(self)


#: every phrase's English; a key ending ``/1`` is the form for one
PHRASES_EN: dict[str, str] = {
    # what you could do instead of a refused move (the table)
    "could.over": "The game is over: start a new game.",
    "could.round_over": "The round is over: deal the next round.",
    "could.wait": "Wait: it is {who}'s turn.",
    "could.wait_you": "Wait: it is your turn.",
    "could": "You could {options}.",
    "could.not_your_turn": "It is {who}'s turn. You could {options}.",
    "could.choose_start_color": "choose the colour for the starting Wild",
    "could.play": "play {cards}",
    "could.draw": "draw a card (the draw pile, or press D)",
    "could.keep": "keep the drawn card (Keep, or press K)",
    "could.challenge": "challenge the Wild Draw Four (press C)",
    "could.take": "take the {n} cards (the draw pile, or press A)",
    "could.jump_in": "jump in with {cards}",
    "could.uno": "call UNO (press U)",
    "could.catch": "catch {who}, who forgot to call UNO",
    # what you could do instead (the puzzles)
    "puzzle.could": "You could play {pcards}.",
    "solitaire.stuck": "No card left matches: undo a card, or start again.",
    "duel.stuck": "No card of yours matches: you lose.",
    # the puzzles: a search under way, where the cards came from
    "puzzle.job.failed": "Failed: {why}",
    "puzzle.job.deals": "Searching: {n}% (deal {m} of at most {n2})",
    "puzzle.job.positions": "Searching: {big} positions so far (at most {big2})",
    "puzzle.job.solitaire": "Dealing a solitaire of {n} cards",
    "puzzle.job.solitaire_level": "Dealing a solitaire of {n} cards, {level}",
    "puzzle.job.duel": "Dealing a duel of {n} cards each ({why} rule)",
    "puzzle.source.link": "{n} cards from the link",
    "puzzle.source.generated": "{n} generated cards, {level} (score {m}), seed {n2}",
    "puzzle.source.closest": ("{n} generated cards, {level} (score {m}); no {level2} deal found "
                              "quickly, this is the closest, seed {n2}"),
    "duel.source.link": "{n} v {m} cards from the link",
    "duel.source.generated": "generated: {n} v {m} cards, {level}, seed {n2}",
    # a form's number field (the start screen's rules; the editor's, with larger numbers)
    "field.whole_typed": "{why} must be a whole number from {n} to {m}; you typed {notation}.",
    "field.whole_needed": "{why} needs a whole number from {n} to {m}.",
    # the position editor
    "editor.whole_typed": "{why} must be a whole number from {big} to {big2}; you typed {notation}.",
    "editor.whole_needed": "{why} needs a whole number from {big} to {big2}.",
    "editor.uncalled": ("seat {n} forgot to call UNO, so their hand must have exactly one card, "
                        "not {m}"),
    "editor.take_back": "{card}: take it back",
    "editor.left": "{card}, {n} left",
    "editor.hand_of": "hand of {who}",
    "editor.cards_go_to": "Cards go to: {why}",
    "editor.invalid": "Not a valid position: {why}",
    "editor.seat": "seat {n}",
    # a position, a card or a field that cannot be read (the exception's ``words``)
    "problem.in": "{field}: {why}",
    "card.unknown": ("unknown card {notation}: write a colour letter R/Y/G/B then 0-9, S (skip), "
                     "R (reverse) or +2 (R7, GS, BR, Y+2), or W / W+4 for wilds; playing cards "
                     "as rank then suit (7H, QS, JK)"),
    "card.too_long": ("unknown card {notation}: a card is written in at most {n} characters "
                      "(R7, W+4, QS, red 7)"),
    "position.hand": "hand {n}: {why}",
    "position.hand_count": ("a position needs {n} to {m} hands, one for each player; this one has "
                            "{big}"),
    "position.one_top": "write exactly one card, like R9, not {notation}",
    "position.copies": "more copies than the deck has, or cards of another deck: {notation}",
    "field.min_items/1": "List should have at least 1 item, not {big}",
    "field.min_items": "List should have at least {n} items, not {big}",
    "field.max_items": "List should have at most {big} items, not {big2}",
    # a puzzle the table cannot show or deal
    "puzzle.bad_card.expected": "{field}: card #{n}: bad card {notation2}: expected a colour letter R/Y/G/B followed by a number (e.g. 'R7', 'G12') or the generic form C<colour>:<number> (e.g. 'C4:7')",
    "puzzle.bad_card.too_long": "{field}: card #{n}: bad card {notation2}: too long for a card (e.g. 'R7', 'G12', 'C4:7')",
    "puzzle.bad_card.colour_index": '{field}: card #{n}: bad card {notation2}: colour index {m} > {n2}',
    "puzzle.bad_card.number": '{field}: card #{n}: bad card {notation2}: number {m} > {n2}',
    "pcard.playable": "{pcard}, playable",
    "pcard.not_playable": "{pcard}, not playable",
    "puzzle.too_long": ("too long: {field}={notation2} has {big} characters; a puzzle takes at "
                        "most {n} cards"),
    "puzzle.fifth_colour": ("{field}: {notation2} has a fifth colour; the table shows R, Y, G "
                            "and B only"),
    "puzzle.too_many": "too many cards: {field} has {n}; at most {m}",
    "duel.too_many": ("too many cards: {field} has {n}; each hand of a duel under the {why} "
                      "rule holds 1 to {m} cards"),
    "puzzle.out_of_range": "out of range: {notation}={notation2} ({then})",
    "solitaire.deal_range": "a dealt solitaire has {n} to {m} cards",
    "duel.deal_range": "a dealt duel has {n} to {m} cards in each hand",
    "puzzle.unknown_level": "unknown level: difficulty={notation} (use easy, medium or hard)",
    "duel.unknown_rule": "unknown rule: rule={notation} (use geography or uno)",
    # the solitaire: its status line, its list of moves, the solver's answers
    "solitaire.status.solved": "Solved! You played all {n} cards.",
    "solitaire.status.stuck": "Stuck: no card left matches {pcard}. Undo, or start again.",
    "solitaire.status.first": ("Play all {n} cards: the first card is free, then each must match "
                               "the one before."),
    "solitaire.status.play": "Play a card matching {pcolor} or {m} ({n} left).",
    "solitaire.move": "{n}. {pcard}",
    "solitaire.move.solved": "Solved: all {n} cards played.",
    "solitaire.move.undo": "Undo: {pcard} back to the hand.",
    "solitaire.gave_up": "The solver gave up: the search needed more than {big} steps.",
    "solitaire.yes_start/1": "Yes: the {n} card left can all still be played from the start.",
    "solitaire.yes_start": "Yes: the {n} cards left can all still be played from the start.",
    "solitaire.yes_on/1": "Yes: the {n} card left can all still be played on {pcard}.",
    "solitaire.yes_on": "Yes: the {n} cards left can all still be played on {pcard}.",
    "solitaire.no": "No: {then}. Undo, or start again.",
    "solitaire.solution": "A solution: {pcards}.",
    "solitaire.solution_here": "A solution from here: {pcards}.",
    "solitaire.solution.none": "A solution: nothing left to play.",
    "solitaire.solution_here.none": "A solution from here: nothing left to play.",
    "solitaire.from_start": "Not possible from here any more. A solution from the start: {pcards}.",
    "solitaire.no_solution": "This puzzle has no solution at all: {then}.",
    # the solver's explanations (cards in notation)
    "solver.text": "{why}",
    "solver.gave_up": "the search gave up",
    "solver.stuck": "no card left matches {notation2} (neither its colour nor its number)",
    "solver.no_order_from": ("no order of the {n} cards left can start on {notation2} (exhaustive "
                             "search with pruning)"),
    "solver.disconnected": ("the cards split into {n} groups sharing no colour or number with each "
                            "other ({notation}); no card of one group can follow a card of another"),
    "solver.dead_ends": ("{n} cards ({notation}) each match only one other card, so each must be "
                         "played first or last; at most two can be"),
    "solver.bridge_branches": ("the cards {notation} each separate the hand into two parts that "
                               "must be played on either side of them; {n} such separators meet "
                               "at one place, which no single playing order can accommodate"),
    # the duel's status line
    "duel.you_won": "You won: {then}.",
    "duel.computer_won": "The computer won: {then}.",
    "duel.why.computer_cannot": "the computer cannot play on {pcard}",
    "duel.why.you_cannot": "you cannot play on {pcard}",
    "duel.why.you_out": "you played your last card",
    "duel.why.computer_out": "the computer played its last card",
    "duel.why.none": "",
    "duel.status.play": "Your turn: play a card matching {pcolor} or {m}.",
    "duel.line": "{n}. {who}: {pcard}",
    "duel.losing": "; losing: {pcards}.",
    "duel.review.kept": "{pcard}: kept the win",
    "duel.review.gave": "{pcard}: gave the win away",
    "duel.review.lost": "{pcard}: already lost",
    "puzzle.played_count": "Played ({n} / {m})",
    "solitaire.all_played": "All {n} cards played, each matching the one before.",
    # where an action is in a log, counted as ``validate`` counts it
    "place.deal": "the deal of round {n}",
    "place.action": "action {n} (counted from 1 over the whole log) in round {m}",
    # a validation report's summary
    "summary.invalid": "Invalid: {place} is refused. {message}",
    "summary.won/1": "Valid: {n} actions in 1 round; {winner} won the game.",
    "summary.won": "Valid: {n} actions in {m} rounds; {winner} won the game.",
    "summary.unfinished/1": "Valid: {n} actions in 1 round; the game is not finished.",
    "summary.unfinished": "Valid: {n} actions in {m} rounds; the game is not finished.",
    # a room log's report
    "room.verified": "{text}",
    "room.invalid": "Invalid: {place}: {text}",
    "callout": "{lines}",
    "callout.your_turn": "Your turn.",
    "callout.next": "{who} is next.",
    # an address's values refused, storage that could not be read
    "link.not_whole": "{notation}={notation2} is not a whole number from {n} to {m}, so {n2} is used.",
    "link.not_whole_ignored": ("{notation}={notation2} is not a whole number from {n} to {m}, so "
                               "it is ignored."),
    "link.not_one_of": "{notation}={notation2} is not one of {notation3}, so {notation4} is used.",
    "link.not_one_of_ignored": "{notation}={notation2} is not one of {notation3}, so it is ignored.",
    "link.speed": "speed={notation} is not one of {notation2}, so the remembered speed is used.",
    "link.lang": "lang={notation} is not one of {notation2}, so the browser's language is used.",
    "link.goal_long": "goal={notation} is longer than 200 characters, so it is cut.",
    "link.position": "The position in this link cannot be shown: {why}",
    "link.bad": "This link cannot be shown: {why}",
    "stored.game": "Your saved game could not be restored and was discarded: {why}.",
    "stored.settings": ("Your saved settings could not be read and were discarded; the defaults "
                        "are shown instead: {why}."),
    "stored.prefs": "Some saved preferences could not be read and were discarded: {why}.",
    "stored.too_large": "they are larger than {big} characters",
    "stored.not_one_of": "{notation} {notation2} is not one of {notation3}",
    "stored.not_bool": "{notation} {notation2} is not true or false",
    "stored.unknown": "{notation} is not a preference",
    "stored.not_opened": "it could not be opened ({notation})",
    # settings and saves that cannot be used (a form, storage, a save)
    "settings.players": "players: must be a whole number from 2 to 10, not {notation}",
    "settings.name_text": "name: must be text, not {notation}",
    "settings.name_length": "name: must be 1 to 40 characters, not {notation}",
    "settings.levels": "levels: must be a list of up to 9 levels, not {notation}",
    "settings.level": "levels: seat {n} has no level {notation}; choose one of {notation2}",
    "settings.preset": "preset: unknown preset {notation}; known: {notation2}",
    "settings.overrides": "overrides: must be an object, not {notation}",
    "settings.object": "settings: must be an object, not {notation}",
    "settings.unknown": "settings: unknown field {notation}",
    "save.version": "a saved table of another version ({notation})",
    # the coach's review, the table's and the start screen's labels, notices
    "coach.replaying": "Replaying your decisions… {n}%",
    "coach.clean": ("No clear mistakes: in each of your {n} decisions no other move had a clearly "
                    "better chance."),
    "coach.marks": "{n} of your {m} decisions had a clearly better move:",
    "table.others": "other players, in the order of play ({direction})",
    "replay.step": "step {n} / {m}",
    "start.seed": "Seed {n} (from the address).",
    "rules.every": "Every rule ({n} changed from {why})",
    "puzzle.solver_stopped": "The solver stopped: {why}",
    "replay.not_a_log": "{notation} is not a game log this table can replay: {notation2}",
    "notice.bug": "Something went wrong: {notation}",
    "embed.title": "UNO: {why}",
    "puzzle.job.working": "{why}…",
    # the scores' caption: the rule preset (its key) and the rules changed from it
    "scores.round": "round {n}",
    "scores.rules": "Scores · {preset}",
    "scores.rules_changed": "Scores · {preset} + {notation}",
    # the table's labels and counts
    "action.take": "Take {n} cards",
    "action.owed": "Draw a penalty card ({n} left)",
    "card.playable": "{card}, playable",
    "card.not_playable": "{card}, not playable",
    "card.playable_drawn": "{card}, playable, just drawn",
    "card.not_playable_drawn": "{card}, not playable, just drawn",
    "seat.ai": "{who}, {level} AI, {parts}",
    "seat.person": "{who}, person, {parts}",
    "seat.still": "{who}, {parts}",
    "seat.cards/1": "{n} card",
    "seat.cards": "{n} cards",
    "seat.score": "score {n}",
    "seat.to_play": "to play",
    "seat.called_uno": "called UNO",
    "seat.last_played": "last played: {card}",
    "seat.catch": "Catch {who}!",
    "seat.forgot": "{who} forgot to call UNO",
    "seat.points_in_hand": "{n} pts in hand",
    "count.cards/1": "{n} card",
    "count.cards": "{n} cards",
    "count.points": "{n} pts",
    "hand.head/1": "{n} card · {m} pts",
    "hand.head": "{n} cards · {m} pts",
    "hand.label": "Your hand, {n} cards",
    "pile.draw_count": "(draw pile, {n} cards)",
    "pile.count/1": ", {n} card",
    "pile.count": ", {n} cards",
    "pile.pending": "+{n} pending",
    "table.color": "current colour: {color}",
    "table.round": "Round {n}",
    # the round's end
    "over.game_won": "{who} won the game",
    "over.round_won": "{who} won round {n}",
    "over.you_score": "You score {n} points.",
    "over.scores": "{who} scores {n} points.",
    "over.points_against": "Points left in hands count against their holders (out above {n}).",
    "over.first_to": "First to {n} points wins the game.",
    # the table's status line
    "status.you_won_game": "You won the game!",
    "status.won_game": "{who} won the game.",
    "status.round_won": "{who} won round {n}. Deal the next round when you are ready.",
    "status.out": "You are out of the game; {who} is playing.",
    "status.jump": "Jump in now with your {card}, or let {who} play.",
    "status.thinking": "{who} is thinking…",
    "status.playing": "{who} is playing…",
    "status.turn": "{who}'s turn.",
    "status.first_wild": "The first card is a Wild: choose the colour to play.",
    "status.face": "Your turn: you face {n} cards — {parts}.",
    "status.face.stack": "stack a draw card",
    "status.face.challenge": "challenge",
    "status.face.take": "take {n} cards (draw pile)",
    "status.drew": "You drew the {cards}: play it or keep it.",
    "status.owed": "Your turn: draw a penalty card ({n} left).",
    "status.drew_stays": "You drew the {cards}: nothing you may play — end your turn.",
    "status.lead": "Your turn: lead any card.",
    "status.play": "Your turn: play a card matching {color} or {rank}, or draw.",
    "status.nothing": "Your turn: nothing matches {color} or {rank} — draw a card.",
    # play with friends on this device: the privacy screen, the moves out of turn
    "pp.round_won": "{who} won round {n}. Deal the next round when everybody is ready.",
    "pp.wants_jump": "{who} wants to jump in.",
    "pp.turn": "It is {who}'s turn.",
    "pp.unnamed": "Seat {n} is a person: give them a name.",
    "pp.seat_kind": "Seat {n}: person or bot",
    "pp.seat_name": "Name of seat {n}",
    "pp.pass_to": "Pass to {who}",
    "pp.hidden": "Every hand is hidden. Tap when {who} holds the device.",
    "pp.ready": "I am {who}: show my hand",
    "pp.catch": "{who} catches {target}!",
    "pp.uno": "{who}: UNO!",
    "pp.jump": "{who}: jump in",
    "pp.no_identical": "You hold no card identical to the {card}: go back.",
    # the challenge of a Wild Draw Four, the colour picker
    "challenge.either_way": ("Challenge {who}: if {who} could have played another card, {who} "
                             "draws {n} and you play on; if not, you draw {m} and miss your "
                             "turn."),
    "challenge.accept": "Take the {n} cards and miss your turn.",
    "reveal": "{who} shows you their hand, as the rules say. {then}",
    "reveal.held": "{who} held a {color} card, so the Wild Draw Four was a bluff.",
    "reveal.held_no": "{who} held no {color} card, so the Wild Draw Four was allowed.",
    "reveal.held_in_play": ("{who} held a card of the colour in play, so the Wild Draw Four "
                            "was a bluff."),
    "reveal.held_no_in_play": ("{who} held no card of the colour in play, so the Wild Draw "
                               "Four was allowed."),
    "picker.color_for": "Choose the colour for your {card}",
    # the game log and the callout: one line an event
    "log.round_started": "Round {n}: {who} dealt.",
    "log.first_card": "First card turned: {card}.",
    "log.card_returned": "{card} goes back under the draw pile; another card is turned.",
    "log.played": "{who} played {card}.",
    "log.played_jump": "{who} played {card} (jump-in!).",
    "log.played_chose": "{who} played {card} and chose {color}.",
    "log.played_jump_chose": "{who} played {card} (jump-in!) and chose {color}.",
    "log.skipped": "{who} is skipped.",
    "log.skipped_you": "{who} are skipped.",
    "log.reversed": "Direction reversed: play goes {direction}.",
    "log.chose": "{who} chose {color}.",
    "log.reshuffled": "The draw pile ran out: the discard pile was shuffled into a new draw pile.",
    "log.turned_over": "The draw pile ran out: the playing pile was turned over.",
    "log.uno": "{who} called UNO!",
    "log.takes/1": "{who} takes the {n} card.",
    "log.takes": "{who} takes the {n} cards.",
    "log.take_you/1": "{who} take the {n} card.",
    "log.take_you": "{who} take the {n} cards.",
    "log.takes_stack": "{who} takes the whole stack: {n} cards.",
    "log.take_stack_you": "{who} take the whole stack: {n} cards.",
    "log.must_draw": "{who} must draw {n}: {penalty}.",
    "log.must_draw_by": "{who} must draw {n}: {penalty} (by {by}).",
    "log.challenged_bluff": "{who} challenged {target}'s Wild Draw Four: it was a bluff!",
    "log.challenged_legal": "{who} challenged {target}'s Wild Draw Four: it was legal.",
    "log.challenged_you_bluff": "{who} challenged your Wild Draw Four: it was a bluff!",
    "log.challenged_you_legal": "{who} challenged your Wild Draw Four: it was legal.",
    "log.swapped": "{who} swapped hands with {target}.",
    "log.rotated": "Every hand passed {direction}.",
    "log.kept": "{who} kept the card; turn over.",
    "log.round_won": "{who} won the round ({n} points).",
    "log.blocked_repeated": ("The same position came back a third time with the draw pile "
                             "empty: the round is blocked."),
    "log.blocked": "Nobody can play or draw: the round is blocked.",
    "log.out": "{who} is out with {n} points.",
    "log.out_you": "{who} are out with {n} points.",
    "log.game_won": "{who} won the game!",
    # the replay of a log (the table's replay screen)
    "replay.first": "Replay: the first deal. Step forward with Next (→).",
    "replay.deal": "Replay: the deal of round {n}.",
    "replay.action": "Replay, {place}: {sentence}",
    "replay.action_plain": "Replay, {place}: ",
    "replay.invalid": ("This log is not valid: {place} is refused. {sentence} The replay stops "
                       "there (python -m uno_web validate reports the same action)."),
}

#: why cards were drawn (``CardsDrawn.reason``): the words after "drew N cards"
DRAW_REASONS_EN: dict[str, str] = {
    "draw": "", "penalty": " as a penalty", "uno": " for not calling UNO",
    "challenge": " after the challenge", "joker": " for the Joker",
    "misplay": " for a card that did not fit", "finish": " for trying to go out on that card",
    "false_catch": " for a false catch", "false_uno": " for an UNO call at the wrong time",
}
for _reason, _tail in DRAW_REASONS_EN.items():
    for _one in ("/1", ""):
        for _listed in ("", ".cards"):
            PHRASES_EN[f"log.drew.{_reason}{_one}{_listed}"] = (
                "{who} drew {n} card" + ("" if _one else "s") + _tail
                + (": {cards}" if _listed else "") + ".")
#: what a penalty is for (``PenaltyApplied.reason``)
PENALTIES_EN: dict[str, str] = {
    "draw_two": "Draw Two", "draw_four": "draw four", "stack": "the stack",
    "uno": "missed UNO call", "challenge": "challenge", "wild": "Wild",
    "first_card": "first card", "joker": "Joker", "misplay": "a card that did not fit",
    "finish": "no going out on that card", "false_catch": "false catch",
    "false_uno": "UNO call at the wrong time",
}


def rank_words(card: int) -> str:
    """What a card asks for besides its colour: ``a 7``, ``an 8``, ``a Skip``, ``a wild card``."""
    rank = RANK_OF[card]
    if IS_WILD[card]:
        return "a wild card"
    if rank <= 10:
        return f"an {rank}" if rank == 8 else f"a {rank}"
    return RANK_WORDS_EN.get(Rank(rank), card_str(card))


#: the words of a rank above the numbers
RANK_WORDS_EN: dict[Rank, str] = {
    Rank.SKIP: "a Skip", Rank.REVERSE: "a Reverse", Rank.DRAW_TWO: "a Draw Two",
    Rank.JACK: "a Jack", Rank.QUEEN: "a Queen", Rank.KING: "a King", Rank.ACE: "an Ace",
    Rank.JOKER: "a Joker",
}


def puzzle_card_words(card: "tuple[int, int]") -> str:
    """A puzzle's card (colour index, number) for people: ``green 12``; a colour beyond the
    four is named by its index (``colour 5 7``)."""
    color, number = card
    return f"{color_name(color) if 0 <= color < 4 else f'colour {color}'} {number}"


def param_base(name: str) -> str:
    """A fact's type from its name: ``card2`` is a ``card``."""
    return name.rstrip("0123456789")


def verdict_sentence(text: str) -> str:
    """A verdict's detail as the sentence a player reads first: a capital letter, a full stop."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")


def _english_value(name: str, value: Any) -> str:
    base = param_base(name)
    if isinstance(value, Words):
        return english(value)
    if base == "card":
        return card_words(value)
    if base == "cards":
        return ", ".join(card_words(c) for c in value)
    if base == "pcards":
        return ", ".join(puzzle_card_words(c) for c in value)
    if base == "pcard":
        return puzzle_card_words(value)
    if base == "pcolor":
        return color_name(value) if 0 <= value < 4 else f"colour {value}"
    if base == "big":
        return f"{value:,}"
    if base == "color":
        return color_name(value) if value >= 0 else ""
    if base == "options":
        return ", or ".join(english(w) for w in value)
    if base == "lines":
        return " ".join(english(w) for w in value)
    if base == "parts":
        return ", ".join(english(w) for w in value)
    if base == "rank":
        return rank_words(value)
    if base == "level":
        return str(value)
    if base == "direction":
        return "clockwise" if value > 0 else "counter-clockwise"
    if base == "penalty":
        return PENALTIES_EN.get(value, str(value))
    if base == "message":  # a verdict, or a report's failure (its English ``message``)
        return str(value["message"] if isinstance(value, Mapping) else value.message)
    if base == "sentence":
        return verdict_sentence(str(value.detail))
    return str(value)


def english(words: Words) -> str:
    """The English of ``words``."""
    return PHRASES_EN[words.key].format_map({k: _english_value(k, v) for k, v in words.params})


def words_json(words: Words) -> dict[str, Any]:
    """``words`` as JSON (``{"key": …, "params": {…}}``, nested phrases the same way), for a
    message to another browser; :func:`words_from_json` reads it back."""
    def value(v: Any) -> Any:
        if isinstance(v, Words):
            return words_json(v)
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        return v

    return {"key": words.key, "params": {k: value(v) for k, v in words.params}}


_MAX_ITEMS = 120  # cards or options a phrase from outside may list
_MAX_TEXT = 40  # characters of a name or a card's notation


def _placeholders(key: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(PHRASES_EN[key]) if name}


def words_from_json(data: Any, depth: int = 0) -> Words:
    """A phrase sent as :func:`words_json` (from another browser: outside input). Raises
    ``ValueError`` saying what is wrong: an unknown key, a missing or unknown fact, a fact of
    the wrong type (a verdict's facts are not sent this way)."""
    if depth > 3 or not isinstance(data, dict) or set(data) != {"key", "params"}:
        raise ValueError("a phrase is an object with a key and params")
    key, params = data["key"], data["params"]
    if not isinstance(key, str) or key not in PHRASES_EN:
        raise ValueError(f"unknown phrase {str(key)[:_MAX_TEXT]!r}")
    if not isinstance(params, dict) or set(params) != _placeholders(key):
        raise ValueError(f"phrase {key!r} needs the facts {sorted(_placeholders(key))}")
    out: list[tuple[str, Any]] = []
    for name, v in params.items():
        out.append((name, _fact_from_json(key, name, v, depth)))
    return Words(key, tuple(out))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -10**6 < v < 10**6


def _fact_from_json(key: str, name: str, v: Any, depth: int) -> Any:
    base = param_base(name)
    if base == "pcards":
        if not isinstance(v, list) or len(v) > _MAX_ITEMS or not all(
                isinstance(c, list) and len(c) == 2 and all(_is_int(x) for x in c) for c in v):
            raise ValueError(f"phrase {key!r}: {name} is not a list of puzzle cards")
        return tuple((int(c[0]), int(c[1])) for c in v)
    if base in ("card", "cards"):
        items = v if base == "cards" else [v]
        if not isinstance(items, list) or len(items) > _MAX_ITEMS or not all(
                _is_int(c) or (isinstance(c, str) and len(c) <= _MAX_TEXT) for c in items):
            raise ValueError(f"phrase {key!r}: {name} is not a card or a list of cards")
        return tuple(items) if base == "cards" else v
    if base == "options":
        if not isinstance(v, list) or len(v) > _MAX_ITEMS:
            raise ValueError(f"phrase {key!r}: {name} is not a list of phrases")
        return tuple(words_from_json(x, depth + 1) for x in v)
    if base in ("place", "then"):
        return words_from_json(v, depth + 1)
    if base in ("n", "m", "color"):
        if not _is_int(v):
            raise ValueError(f"phrase {key!r}: {name} is not a whole number")
        return v
    if base in ("who", "target", "winner"):
        if not isinstance(v, str) or len(v) > _MAX_TEXT:
            raise ValueError(f"phrase {key!r}: {name} is not a name")
        return v
    raise ValueError(f"phrase {key!r}: {name} cannot be sent")
