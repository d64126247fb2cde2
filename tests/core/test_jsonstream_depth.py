"""The stream's quick depth check (``JsonStream._shallow``) must agree with the exact one
(``_check_depth_exactly``, strings found by a regular expression) on every text it accepts, and
leave the rest to it: the same depth and checked end, on texts made to break it (brackets and
escaped quotes inside strings, a string open at the chunk's end, deep nesting, closing brackets
without openings, text that is not ASCII, lone surrogates)."""

from __future__ import annotations

import json
import random

import pytest

from uno_web.core.jsonstream import JsonFault, JsonStream

#: what the quick check takes (a log's usual text), and what it must leave to the exact one
PLAIN = ['{', '}', '[', ']', ',', ':', ' ', '1', 'true', '"a"', '"é"', '"\ud800"', '"a', '"', 'x']
HARD = PLAIN + ['"[x"', '"{"', '"]}"', '"\\""', '"\\\\"', '"\\"["', '\\']


def _stream(buf: str, depth: int, max_depth: int) -> JsonStream:
    js = JsonStream("", 1 << 20, "too large", depth=max_depth)
    js.buf = buf
    js._depth = depth
    return js


def _after_exact(buf: str, start: int, depth: int, max_depth: int) -> tuple[object, ...]:
    js = _stream(buf, depth, max_depth)
    js._check_depth_exactly(start)
    return js._depth, js._scanned, js.buf, str(js._fault)


@pytest.mark.parametrize("seed", range(40))
def test_the_quick_check_agrees_with_the_exact_one(seed: int) -> None:
    rng = random.Random(seed)
    quick_taken = 0
    for _ in range(250):
        pieces = rng.choice([PLAIN, HARD])
        weights = [rng.random() for _ in pieces]
        text = "".join(rng.choices(pieces, weights, k=rng.randrange(0, 120)))
        start = rng.randrange(0, len(text) + 1)
        depth = rng.randrange(0, 6)
        max_depth = rng.choice([2, 4, 8, 64])
        js = _stream(text, depth, max_depth)
        if js._shallow(start):
            quick_taken += 1
            assert (js._depth, js._scanned, js.buf, str(js._fault)) == _after_exact(
                text, start, depth, max_depth), (text, start, depth, max_depth)
        else:  # declined: nothing changed, the exact check decides
            assert (js._depth, js._scanned, js.buf, js._fault) == (depth, 0, text, None)
    assert quick_taken > 25


def test_a_game_log_takes_the_quick_way_and_deep_text_is_still_refused() -> None:
    log = json.dumps({"rounds": [{"deck": ["R1", "G2"], "actions": [
        {"kind": "play", "seat": 0, "card": "R1"}] * 500}], "seats": [{"name": "Ann [bot]"}]})
    js = _stream(log, 0, 64)
    assert js._shallow(0) is False  # "Ann [bot]": a bracket inside a string
    plain = log.replace("Ann [bot]", "Ann")
    js = _stream(plain, 0, 64)
    assert js._shallow(0) and js._depth == 0 and js._scanned == len(plain)
    deep = "[" * 65 + "]" * 65
    with pytest.raises(JsonFault, match="nested too deeply"):
        JsonStream(deep, 1 << 20, "too large").value()
