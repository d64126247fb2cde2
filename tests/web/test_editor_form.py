"""The editor's form reader (no browser): the rule fields, the seats and the phase."""

from __future__ import annotations

from uno_web.core.rules import PRESETS
from uno_web.web.editor import Editor


def test_rule_fields_become_overrides_of_the_preset() -> None:
    ed = Editor()
    base = PRESETS["official"]
    form = {"preset": "official", "rule.jump_in": "on", "rule.uno_penalty": "4",
            "rule.reshuffle": "no-such-choice"}
    ed.read_form(form)
    assert ed.overrides["jump_in"] is True and ed.overrides["uno_penalty"] == 4
    assert "reshuffle" not in ed.overrides  # an unknown choice keeps the preset's
    # a checkbox left out is off; a refused number keeps the draft's value and says why
    ed.read_form({"preset": "official", "rule.uno_penalty": "lots"})
    assert "jump_in" not in ed.overrides and not base.jump_in
    assert ed.overrides["uno_penalty"] == 4 and "rule.uno_penalty" in ed.errors
    # a field the form lacks keeps the draft's value
    ed.read_form({"preset": "official", "rule.jump_in": "on"})
    assert ed.overrides["jump_in"] is True and ed.overrides["uno_penalty"] == 4
    # (the form sends every checkbox that is on: one left out is off)
    assert all(ed.overrides.get(k) is False for k, v in base.model_dump().items() if v is True)
    # another preset starts from its own rules, and forgets the refused fields
    ed.read_form({"preset": "house-party"})
    assert ed.preset == "house-party" and ed.overrides == {} and not ed.errors


def test_seats_turn_and_phase_are_read_after_the_seat_count() -> None:
    ed = Editor()
    ed.read_form({"seats": "4", "turn": "3", "name-2": "  Ann   Lee ", "score-3": "12",
                  "uncalled-1": "on", "phase": "penalty", "plus4_by": "3"})
    assert len(ed.hands) == 4 and ed.turn == 3 and ed.names[2] == "Ann Lee"
    assert ed.scores[3] == 12 and ed.uncalled == {1} and ed.plus4_by == 3
    assert ed.phase == "penalty" and ed.pending == 2  # a penalty needs cards to draw
    ed.read_form({"turn": "9", "phase": "nonsense", "pending": "5"})
    assert ed.turn == 3 and ed.phase == "penalty" and ed.pending == 5
    ed.read_form({"phase": "play", "pending": "0"})
    assert ed.phase == "play" and "pending" not in ed.errors
