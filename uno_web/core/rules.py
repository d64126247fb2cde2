"""Rule sets: one frozen pydantic model, every toggle documented, named presets.

``docs/rules.md`` is generated from this module (``python -m uno_web rules-doc``), so the field
descriptions below *are* the rules reference. Presets are plain ``RuleSet`` instances; a game
log stores ``preset`` + ``overrides`` and :func:`resolve_rules` turns them back into a RuleSet.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

__all__ = ["RuleSet", "PRESETS", "PRESET_DESCRIPTIONS", "resolve_rules", "RulesError"]


class RulesError(ValueError):
    """An unknown preset or a bad override."""


def validation_problem(exc: ValidationError, what: str, first_only: bool = True) -> str:
    """A pydantic error as one readable line: ``where: what is wrong`` (no "Value error, ")."""
    errs = exc.errors()
    parts = []
    for e in errs[:1] if first_only else errs:
        loc = ".".join(str(p) for p in e["loc"]) or what
        msg = str(e["msg"]).removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}")
    text = "; ".join(parts)
    if first_only and len(errs) > 1:
        text += f" (and {len(errs) - 1} more problems)"
    return text


def _f(default: Any, description: str, **kw: Any) -> Any:
    return Field(default, description=description, **kw)


class RuleSet(BaseModel):
    """Every rule of a game. Defaults are the official rules (the complexity paper's appendix)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    deck: Literal["uno", "playing-cards"] = _f(
        "uno",
        "The cards. `uno`: the 108-card deck (per colour one 0, two each of 1-9, Skip, Reverse, "
        "Draw Two; four Wild, four Wild Draw Four). `playing-cards`: 52 cards plus two Jokers; "
        "suits are the colours, 2-10 the numbers, Jack reverses, Queen skips, King makes the next "
        "player draw 2, Ace makes the next player draw 4, a Joker counts as a spade and makes "
        "whoever plays it draw 2.",
    )
    hand_size: int = _f(7, "Cards dealt to each player at the start of a round.", ge=1, le=30)

    # --- first card -------------------------------------------------------------------------
    first_card: Literal["official", "redraw-until-number", "redraw-wild", "lead-any"] = _f(
        "official",
        "The card turned up to start the discard pile. `official`: Wild Draw Four goes back to the "
        "bottom of the draw pile and another is turned; Wild: the first player chooses the colour; "
        "Draw Two: the first player draws 2 and is skipped; Skip: the first player is skipped; "
        "Reverse: the dealer starts and play goes the other way. `redraw-until-number`: any card "
        "that is not a number goes to the bottom and another is turned (the programmer's notes). "
        "`redraw-wild`: a Wild or Wild Draw Four goes to the bottom and another is turned, other "
        "action cards act as official (the other engine). `lead-any`: no card is turned; the first "
        "player leads any card and its effect applies (the playing-card variant).",
    )

    # --- action cards -----------------------------------------------------------------------
    two_player_reverse: Literal["skip", "none"] = _f(
        "skip",
        "Reverse with two players. `skip`: acts as a Skip, so the player who played it goes "
        "again (official). `none`: it only flips the direction, which changes nothing with two "
        "players (the programmer's notes).",
    )
    wild_draw_four: Literal["challenge", "strict", "anytime"] = _f(
        "challenge",
        "When a Wild Draw Four may be played. `challenge` (official): only without a card of the "
        "current colour, but a player may bluff; the next player may challenge: a caught bluffer "
        "draws 4 instead, a wrong challenger draws 6. `strict`: the validator refuses a Wild Draw "
        "Four while the player holds a card of the current colour (E_PLUS4_NOT_ALLOWED), and "
        "there is no challenge. `anytime`: no restriction and no challenge (the other engine).",
    )
    wild_last_resort: bool = _f(
        False,
        "Wild cards (both kinds) may only be played when the player has no other playable card "
        "(the programmer's notes).",
    )
    wild_draws_one: bool = _f(
        False,
        "A plain Wild also makes the next player draw one card and miss the turn "
        "(the programmer's notes).",
    )
    no_action_card_last: bool = _f(
        False,
        "A player may not go out on a Skip, Reverse, Draw Two or wild card "
        "(the programmer's notes).",
    )

    # --- stacking ---------------------------------------------------------------------------
    stack_draw_two_on_draw_two: bool = _f(
        False, "A player facing a Draw Two may play another Draw Two; the penalty sums and falls "
        "on the first player who cannot or will not stack."
    )
    stack_draw_four_on_draw_four: bool = _f(
        False, "A player facing a Wild Draw Four may play another Wild Draw Four (naming a colour); "
        "the penalty sums."
    )
    stack_draw_two_on_draw_four: bool = _f(
        False, "A player facing a Wild Draw Four may answer with a Draw Two of the named colour."
    )
    stack_draw_four_on_draw_two: bool = _f(
        False, "A player facing a Draw Two may answer with a Wild Draw Four."
    )
    escalating_stack: bool = _f(
        False,
        "The programmer's notes' variant: Draw Two, Wild (with `wild_draws_one`: +1) and Wild "
        "Draw Four all stack and sum, but a Draw Two may not follow a wild card and a Wild may not "
        "follow a Wild Draw Four.",
    )

    # --- out of turn and special plays --------------------------------------------------------
    jump_in: bool = _f(
        False,
        "A player holding a card identical to the top of the discard pile (same colour and value; "
        "coloured cards only) may play it out of turn, right after it was played and before the "
        "next player acts; play continues from the jumper.",
    )
    seven_zero: bool = _f(
        False,
        "Playing a 7 swaps hands with a chosen player; playing a 0 passes every hand to the next "
        "player in the direction of play.",
    )

    # --- drawing ----------------------------------------------------------------------------
    may_draw_when_playable: bool = _f(
        True,
        "A player may draw instead of playing a playable card (official). When off, drawing is "
        "only allowed with no playable card (the playing-card variant).",
    )
    draw_to_match: bool = _f(
        False, "A player who draws keeps drawing until a playable card comes."
    )
    forced_play: bool = _f(
        False, "A playable card just drawn must be played (no keeping it)."
    )
    drawn_joker_penalty: int = _f(
        2, "Playing-card deck: drawing a Joker costs this many extra cards.", ge=0, le=10
    )
    reshuffle: Literal["shuffle", "turn-over"] = _f(
        "shuffle",
        "When the draw pile runs out. `shuffle`: the discard pile minus its top card is shuffled "
        "into a new draw pile (official). `turn-over`: the whole playing pile is turned face down "
        "without shuffling and the top card of the new draw pile starts a new playing pile (the "
        "playing-card variant).",
    )

    # --- UNO call ---------------------------------------------------------------------------
    uno_call: bool = _f(
        True,
        "A player must call UNO when playing the second-to-last card; another player who catches "
        "a missed call makes them draw `uno_penalty` cards.",
    )
    uno_penalty: int = _f(2, "Cards drawn by a player caught not calling UNO.", ge=0, le=10)
    uno_catch_window: Literal["next-action", "next-turn-end", "until-next-play"] = _f(
        "next-action",
        "How long others may catch a missed UNO call. `next-action` (official): until the next "
        "player acts. `next-turn-end`: until the next player's turn is over. `until-next-play`: "
        "as long as the player still holds one card and has not played again.",
    )

    # --- scoring ----------------------------------------------------------------------------
    scoring: Literal["target", "elimination", "single-round"] = _f(
        "target",
        "`target` (official): the round winner scores the points left in the other hands; the "
        "first to `target_score` wins the game. `elimination`: the points left in your hand count "
        "against you; a player past `elimination_threshold` is out; the last player standing "
        "wins (the programmer's notes). `single-round`: the game is one round.",
    )
    target_score: int = _f(500, "Points that win the game with `target` scoring.", ge=1)
    elimination_threshold: int = _f(
        250, "Points against that eliminate a player with `elimination` scoring.", ge=1
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

    def changed_fields(self) -> dict[str, Any]:
        """The fields that differ from the official defaults."""
        base = RuleSet()
        return {
            k: v for k, v in self.model_dump().items() if getattr(base, k) != v
        }


_OFFICIAL = RuleSet()

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
        seven_zero=True,
        draw_to_match=True,
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

PRESET_DESCRIPTIONS: dict[str, str] = {
    "official": "The published rules (the complexity paper's appendix): +4 challenge, UNO call, "
    "play to 500.",
    "duo-uno-subset": "The other engine's UNO subset: no challenge and no UNO call, +4 any time, "
    "another card turned if the first is a wild.",
    "duo-default": "The other engine's default: its UNO subset plus stacking of the same symbol "
    "(+2 on +2, +4 on +4).",
    "classic-notes": "The programmer's notes: first card redrawn until a number, a Wild makes the "
    "next player draw one and only when nothing else can be played, no action card last, "
    "two-player Reverse does nothing, elimination at 250.",
    "house-party": "Popular house rules: all stacking, jump-in, 7-0 and draw to match.",
    "playing-cards": "The pseudo-code variant with 52 playing cards and two Jokers, 10 cards "
    "dealt, the first player leads any card, the pile is turned over without shuffling.",
}


def resolve_rules(preset: str = "official", overrides: "dict[str, Any] | None" = None) -> RuleSet:
    """A preset by name with field overrides; raises :class:`RulesError` with a clear message."""
    base = PRESETS.get(preset)
    if base is None:
        raise RulesError(f"unknown rule preset {preset!r}; known: {', '.join(PRESETS)}")
    if not overrides:
        return base
    try:
        return RuleSet.model_validate({**base.model_dump(), **overrides})
    except ValidationError as exc:
        raise RulesError(f"bad rule override: {validation_problem(exc, 'rules', False)}") from None


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
     "player nearest in turn order). This guarantees every round ends."),
    ("UNO call with a play", "A play may carry the UNO call (`P0:R5!`), or the player calls UNO "
     "first with two cards on their turn; a call that does not leave one card is refused."),
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
    ("Seat order", "Seat numbers increase clockwise; the first dealer is the last seat so seat 0 "
     "starts; the deal moves one seat clockwise each round."),
]
