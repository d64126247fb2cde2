"""Every event class is built by a quicker ``__init__`` than the dataclass's own (see
``events._quick_init``): it must take the same arguments, positional and by name, with the same
defaults, fill every field with the same value and leave the event frozen."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from uno_web.core import events as ev


def _sample(f: dataclasses.Field[Any], i: int) -> Any:
    """A value for field ``f`` (the i-th), distinct per field, of a plausible type."""
    t = str(f.type)
    if "tuple" in t:
        return (i, i + 1)
    if "bool" in t:
        return i % 2 == 0
    if "str" in t:
        return f"reason{i}"
    return 10 + i


CLASSES = sorted(ev.DATACLASS_INITS, key=lambda c: c.__name__)


def test_every_event_class_has_the_quick_init() -> None:
    subclasses = {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)}
    assert subclasses == set(ev.DATACLASS_INITS)
    for cls in subclasses:
        assert cls.__init__ is not ev.DATACLASS_INITS[cls]  # type: ignore[misc]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_the_quick_init_matches_the_dataclass_init(cls: type) -> None:
    fs = dataclasses.fields(cls)
    quick = inspect.signature(cls.__init__)  # type: ignore[misc]
    own = inspect.signature(ev.DATACLASS_INITS[cls])
    assert [(p.name, p.default) for p in quick.parameters.values()] == [
        (p.name, p.default) for p in own.parameters.values()]
    values = [_sample(f, i) for i, f in enumerate(fs)]
    a = cls(*values)
    b = object.__new__(cls)
    ev.DATACLASS_INITS[cls](b, *values)
    assert a == b and repr(a) == repr(b) and hash(a) == hash(b)
    assert [getattr(a, f.name) for f in fs] == values
    by_name = cls(**{f.name: v for f, v in zip(fs, values)})
    assert by_name == a
    # the defaults, left out
    required = [v for f, v in zip(fs, values) if f.default is dataclasses.MISSING]
    c = cls(*required)
    d = object.__new__(cls)
    ev.DATACLASS_INITS[cls](d, *required)
    assert c == d
    if fs:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(a, fs[0].name, values[0])
    if required:
        with pytest.raises(TypeError):
            cls(*required[:-1])  # a missing argument is refused as before
    with pytest.raises(TypeError):
        cls(*values, 99)  # and one too many
