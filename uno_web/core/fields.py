"""Declared fields: frozen dataclasses whose fields carry their texts and limits, checked without
pydantic.

A model is a frozen standard-library dataclass that subclasses :class:`Declared` and is passed
through :func:`declare`. Each field is declared once, with :func:`declared`: its default, its
``title`` and ``description`` (the start screen's labels, ``docs/rules.md``, the JSON Schema)
and its limits (``ge``/``le`` for whole numbers, ``min_length``/``max_length`` for lists, texts
and objects, an optional ``check`` that normalises or refuses a value). Limits inside a list are
written with ``Annotated[int, Ge(0), Le(9)]``; a union of models told apart by a ``kind`` field
is ``Annotated[A | B, Tagged("kind")]``.

Construction checks every field (``__post_init__``) strictly, with JSON's types: a bool is not a
number, ``"7"`` is not 7, a list is not an object. A problem raises :class:`FieldProblem` (a
``ValueError``) saying where (``rounds.0.actions.3.seat``) and what, in pydantic's words, quoting
at most a short excerpt of the value; the first problem stops the check, so refusing a huge
input costs no more than reading up to its first problem.

pydantic is not imported here: the table deals and checks moves without it. It stays the schema
layer at the edges: :mod:`uno_web.core.schemas` builds pydantic models from these declarations
(imported on first use) for the JSON Schemas.
"""

from __future__ import annotations

import dataclasses
import reprlib
import types
import typing
from typing import Annotated, Any, Callable, ClassVar, Literal, Mapping, TypeVar, Union

__all__ = [
    "Declared", "FieldProblem", "FieldSpec", "Ge", "Le", "MinLen", "MaxLen", "Normalised",
    "Tagged", "declare", "declared", "excerpt", "EXCERPT_CHARS", "MAX_CARD_CHARS", "read_card",
    "read_cards", "load_json", "MAX_JSON_DEPTH",
]

EXCERPT_CHARS = 40
"""The most of a value any message quotes (longer values are cut with an ellipsis)."""

_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxlong = _REPR.maxother = EXCERPT_CHARS
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxlevel = 2


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to ``limit`` characters with an ellipsis. The work is bounded too:
    a huge list or text is never turned into text whole."""
    try:
        # a text's beginning, cut with "…" below (reprlib would keep its two ends)
        text = repr(value[:limit]) if isinstance(value, str) else _REPR.repr(value)
    except Exception:  # e.g. an int past the interpreter's digit limit
        text = f"<{type(value).__name__}>"
    if isinstance(value, str) and len(value) > limit:
        return text[: limit - 1] + "…"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class FieldProblem(ValueError):
    """A value that does not fit its declaration. ``loc`` is the path to it (field names and
    list indexes, outermost first), ``msg`` what is wrong; ``str()`` is ``"loc: msg"``."""

    def __init__(self, loc: tuple[str | int, ...], msg: str, facts: Any = None) -> None:
        self.loc = loc
        self.msg = msg
        self.facts = facts  # ``msg`` as a Words (its phrase's key and facts), where known
        super().__init__(f"{self.where}: {msg}" if loc else msg)

    @property
    def where(self) -> str:
        return ".".join(str(p) for p in self.loc)

    @property
    def words(self) -> Any:
        """The whole message (``str()``) as a :class:`~uno_web.core.words.Words`, for a page in
        another language; None when ``msg`` has no facts."""
        if self.facts is None or not self.loc:
            return self.facts
        from .words import Words

        return Words.of("problem.in", field=self.where, why=self.facts)

    def inside(self, *outer: str | int) -> "FieldProblem":
        """The same problem seen from an enclosing value."""
        return FieldProblem(outer + self.loc, self.msg, self.facts)


# --- limits inside a type (``Annotated[int, Ge(0)]``); also what ``FieldSpec.metadata`` holds ---


@dataclasses.dataclass(frozen=True, slots=True)
class Ge:
    ge: int


@dataclasses.dataclass(frozen=True, slots=True)
class Le:
    le: int


@dataclasses.dataclass(frozen=True, slots=True)
class MinLen:
    min_length: int


@dataclasses.dataclass(frozen=True, slots=True)
class MaxLen:
    max_length: int


@dataclasses.dataclass(frozen=True, slots=True)
class Normalised:
    """``Annotated[str, Normalised(fn)]``: after the type and limits, ``fn`` returns the value
    in its normal form or raises ``ValueError`` with what is wrong (the JSON Schema ignores it)."""

    fn: Callable[[Any], Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Tagged:
    """Marks a union of models that a field of theirs (a ``Literal``) tells apart."""

    key: str


_MISSING: Any = dataclasses.MISSING


@dataclasses.dataclass(frozen=True, slots=True)
class FieldSpec:
    """One declared field: what :func:`declared` said plus its name, type and default.

    The attributes read like pydantic's ``FieldInfo`` (``annotation``, ``title``,
    ``description``, ``default``, ``metadata``), so ``Model.model_fields`` keeps working."""

    name: str
    annotation: Any
    default: Any = _MISSING
    default_factory: Any = _MISSING
    title: str | None = None
    description: str | None = None
    ge: int | None = None
    le: int | None = None
    min_length: int | None = None
    max_length: int | None = None
    check: Callable[[Any], Any] | None = None

    @property
    def metadata(self) -> tuple[Ge | Le | MinLen | MaxLen, ...]:
        out: list[Ge | Le | MinLen | MaxLen] = []
        if self.ge is not None:
            out.append(Ge(self.ge))
        if self.le is not None:
            out.append(Le(self.le))
        if self.min_length is not None:
            out.append(MinLen(self.min_length))
        if self.max_length is not None:
            out.append(MaxLen(self.max_length))
        return tuple(out)

    def is_required(self) -> bool:
        return self.default is _MISSING and self.default_factory is _MISSING

    def get_default(self) -> Any:
        return self.default_factory() if self.default_factory is not _MISSING else self.default


_SPEC_KEY = "uno_web.declared"


def declared(
    default: Any = _MISSING,
    *,
    default_factory: Callable[[], Any] | None = None,
    title: str | None = None,
    description: str | None = None,
    ge: int | None = None,
    le: int | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    check: Callable[[Any], Any] | None = None,
) -> Any:
    """A field with its texts and limits (the whole declaration; nothing repeats it).

    ``check`` runs after the type and limits: it returns the value (normalised) or raises
    ``ValueError`` with what is wrong."""
    meta = {_SPEC_KEY: dict(title=title, description=description, ge=ge, le=le,
                            min_length=min_length, max_length=max_length, check=check)}
    if default_factory is not None:
        return dataclasses.field(default_factory=default_factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


class Declared:
    """Base of the declared models: checking, dumping, copying, and the JSON Schema.

    The method names are pydantic's (``model_validate``, ``model_dump``, ``model_copy``,
    ``model_json_schema``, ``model_fields``) so callers need not know which is underneath."""

    __slots__ = ()
    model_fields: ClassVar[dict[str, FieldSpec]]
    _checks: ClassVar[tuple[tuple[str, Callable[[Any], Any]], ...]]

    def __post_init__(self) -> None:
        for name, check in self._checks:
            value = getattr(self, name)
            try:
                new = check(value)
            except FieldProblem as exc:
                raise exc.inside(name) from None
            if new is not value:
                object.__setattr__(self, name, new)

    @classmethod
    def model_validate(cls: type[_M], data: Any) -> _M:
        """A model from JSON-like data (an object of its fields); raises :class:`FieldProblem`."""
        if isinstance(data, cls):
            return data
        if not isinstance(data, Mapping):
            raise FieldProblem((), f"Input should be an object, got {excerpt(data)}")
        fields = cls.model_fields
        for key in data:
            if key not in fields:
                raise FieldProblem((_key(key),), "Extra inputs are not permitted")
        for name, spec in fields.items():
            if name not in data and spec.is_required():
                raise FieldProblem((name,), "Field required")
        return cls(**data)

    def model_dump(self, *, exclude_defaults: bool = False) -> dict[str, Any]:
        """The fields as plain data (nested models as dicts, lists copied)."""
        out: dict[str, Any] = {}
        for name, spec in self.model_fields.items():
            value = getattr(self, name)
            if exclude_defaults and not spec.is_required() and value == spec.get_default():
                continue
            out[name] = _dump(value, exclude_defaults)
        return out

    def model_dump_json(self, *, indent: int | None = None, exclude_defaults: bool = False) -> str:
        """JSON text as pydantic writes it (UTF-8 kept, ``indent`` spaces per level)."""
        import json

        return json.dumps(self.model_dump(exclude_defaults=exclude_defaults), indent=indent,
                          ensure_ascii=False, separators=None if indent else (",", ":"))

    def model_copy(self: _M, *, update: Mapping[str, Any] | None = None) -> _M:
        """A copy with some fields changed; the new values are checked."""
        if not update:
            return self
        return dataclasses.replace(self, **update)  # type: ignore[type-var]

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema (through pydantic, imported on first use)."""
        from .schemas import json_schema

        return json_schema(cls)


_M = TypeVar("_M", bound=Declared)


def _key(key: object) -> str:
    """An outside object's key as a message names it: short keys as they are, others cut."""
    return key if isinstance(key, str) and len(key) <= EXCERPT_CHARS else excerpt(key)


def _dump(value: Any, exclude_defaults: bool) -> Any:
    if isinstance(value, Declared):
        return value.model_dump(exclude_defaults=exclude_defaults)
    if isinstance(value, (list, tuple)):
        return [_dump(v, exclude_defaults) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, exclude_defaults) for k, v in value.items()}
    return value


def declare(cls: type[_M]) -> type[_M]:
    """Finish a declared model (apply after ``@dataclass(frozen=True, kw_only=True)``): read the
    declarations into ``model_fields``, build the checks, refuse unknown and missing fields the
    way pydantic does (``FieldProblem``, not ``TypeError``)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    specs: dict[str, FieldSpec] = {}
    checks: list[tuple[str, Callable[[Any], Any]]] = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        kw = dict(f.metadata.get(_SPEC_KEY, {}))
        spec = FieldSpec(name=f.name, annotation=hints[f.name], default=f.default,
                         default_factory=f.default_factory, **kw)
        specs[f.name] = spec
        checks.append((f.name, _field_check(spec)))
    cls.model_fields = specs
    cls._checks = tuple(checks)
    init = cls.__init__
    known = frozenset(specs)
    required = tuple(n for n, s in specs.items() if s.is_required())

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            raise TypeError(f"{cls.__name__} takes keyword arguments only")
        if not known.issuperset(kwargs):
            extra = next(k for k in kwargs if k not in known)
            raise FieldProblem((extra,), "Extra inputs are not permitted")
        for name in required:
            if name not in kwargs:
                raise FieldProblem((name,), "Field required")
        init(self, **kwargs)

    __init__.__doc__ = init.__doc__
    __init__.__wrapped__ = init  # type: ignore[attr-defined]
    cls.__init__ = __init__  # type: ignore[method-assign]
    return cls


# ------------------------------------------------------------------------------------------
# the checks: one function per declared type, built once per field
# ------------------------------------------------------------------------------------------

Check = Callable[[Any], Any]


def _field_check(spec: FieldSpec) -> Check:
    inner = _type_check(spec.annotation, spec.ge, spec.le, spec.min_length, spec.max_length)
    return inner if spec.check is None else _then(inner, spec.check)


def _then(inner: Check, user: Callable[[Any], Any]) -> Check:
    """``inner``, then ``user`` on what it accepted (not on None)."""

    def check(value: Any) -> Any:
        value = inner(value)
        if value is None:
            return None
        try:
            return user(value)
        except FieldProblem:
            raise
        except ValueError as exc:
            raise FieldProblem((), str(exc), getattr(exc, "words", None)) from None

    return check


def _type_check(tp: Any, ge: int | None = None, le: int | None = None,
                min_length: int | None = None, max_length: int | None = None) -> Check:
    origin = typing.get_origin(tp)
    if tp is Any:
        return _identity
    if origin is Annotated:
        base, *extras = typing.get_args(tp)
        normalise: Callable[[Any], Any] | None = None
        for m in extras:
            if isinstance(m, Tagged):
                return _tagged_check(typing.get_args(base), m.key)
            if isinstance(m, Normalised):
                normalise = m.fn
            ge = getattr(m, "ge", ge)
            le = getattr(m, "le", le)
            min_length = getattr(m, "min_length", min_length)
            max_length = getattr(m, "max_length", max_length)
        plain = _type_check(base, ge, le, min_length, max_length)
        return plain if normalise is None else _then(plain, normalise)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) != 1:
            raise TypeError(f"only X | None unions (or Tagged ones) are declared: {tp!r}")
        some = _type_check(args[0], ge, le, min_length, max_length)
        return lambda v: None if v is None else some(v)
    if origin is Literal:
        return _literal_check(typing.get_args(tp))
    if tp is bool:
        return _bool_check
    if tp is int:
        return _int_check(ge, le)
    if tp is str:
        return _str_check(min_length, max_length)
    if origin is list:
        (item,) = typing.get_args(tp)
        return _list_check(_type_check(item), min_length, max_length)
    if origin is dict:
        key, val = typing.get_args(tp)
        if key is not str or val is not Any:
            raise TypeError(f"only dict[str, Any] is declared: {tp!r}")
        return _dict_check(max_length)
    if isinstance(tp, type) and issubclass(tp, Declared):
        return _model_check(tp)
    raise TypeError(f"no check for the type {tp!r}")


def _identity(v: Any) -> Any:
    return v


def _bool_check(v: Any) -> Any:
    if v is True or v is False:
        return v
    raise FieldProblem((), f"Input should be a valid boolean, got {excerpt(v)}")


def _int_check(ge: int | None, le: int | None) -> Check:
    def check(v: Any) -> Any:
        if type(v) is not int:
            if isinstance(v, int) and not isinstance(v, bool):  # an IntEnum, say
                v = int(v)
            else:
                raise FieldProblem((), f"Input should be a valid integer, got {excerpt(v)}")
        if ge is not None and v < ge:
            raise FieldProblem((), f"Input should be greater than or equal to {ge}, "
                                   f"got {excerpt(v)}")
        if le is not None and v > le:
            raise FieldProblem((), f"Input should be less than or equal to {le}, got {excerpt(v)}")
        return v

    return check


def _str_check(min_length: int | None, max_length: int | None) -> Check:
    def check(v: Any) -> Any:
        if not isinstance(v, str):
            raise FieldProblem((), f"Input should be a valid string, got {excerpt(v)}")
        if max_length is not None and len(v) > max_length:
            raise FieldProblem((), f"String should have at most {max_length} characters, "
                                   f"got {len(v):,}: {excerpt(v)}")
        if min_length is not None and len(v) < min_length:
            raise FieldProblem((), f"String should have at least {min_length} characters")
        return v

    return check


def _literal_check(values: tuple[Any, ...]) -> Check:
    allowed = {(type(a), a) for a in values}
    words = [repr(a) for a in values]
    said = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

    def check(v: Any) -> Any:
        try:
            if (type(v), v) in allowed:
                return v
        except TypeError:  # unhashable
            pass
        raise FieldProblem((), f"Input should be {said}, got {excerpt(v)}")

    return check


def _length_problem(n: int, min_length: int | None, max_length: int | None) -> Any:
    """A list's length out of bounds, as a :class:`~uno_web.core.words.Words`; None if in."""
    from .words import Words

    if min_length is not None and n < min_length:
        key = "field.min_items/1" if min_length == 1 else "field.min_items"
        return Words.of(key, n=min_length, big=n)
    if max_length is not None and n > max_length:
        return Words.of("field.max_items", big=max_length, big2=n)
    return None


def _list_check(item: Check, min_length: int | None, max_length: int | None) -> Check:
    def check(v: Any) -> Any:
        if not isinstance(v, (list, tuple)):
            raise FieldProblem((), f"Input should be a valid list, got {excerpt(v)}")
        problem = _length_problem(len(v), min_length, max_length)
        if problem:
            from .words import english

            raise FieldProblem((), english(problem), problem)
        out = []
        for i, x in enumerate(v):  # the first problem stops the check
            try:
                out.append(item(x))
            except FieldProblem as exc:
                raise exc.inside(i) from None
        return out

    return check


def _dict_check(max_length: int | None) -> Check:
    def check(v: Any) -> Any:
        if not isinstance(v, dict):
            raise FieldProblem((), f"Input should be an object, got {excerpt(v)}")
        if max_length is not None and len(v) > max_length:
            raise FieldProblem((), f"Object should have at most {max_length} keys, not {len(v):,}")
        for k in v:
            if not isinstance(k, str):
                raise FieldProblem((_key(k),), "Keys should be strings")
        return dict(v)

    return check


def _model_check(cls: type[Declared]) -> Check:
    def check(v: Any) -> Any:
        if isinstance(v, cls):
            return v  # checked when it was made (models are frozen)
        return cls.model_validate(v)

    return check


def _tagged_check(members: tuple[type[Declared], ...], key: str) -> Check:
    by_tag: dict[Any, type[Declared]] = {}
    for m in members:
        (tag,) = typing.get_args(m.model_fields[key].annotation)
        by_tag[tag] = m
    tags = ", ".join(repr(t) for t in by_tag)

    def check(v: Any) -> Any:
        if isinstance(v, members):
            return v
        if not isinstance(v, Mapping):
            raise FieldProblem((), f"Input should be an object, got {excerpt(v)}")
        if key not in v:
            raise FieldProblem((), f"Unable to extract tag using discriminator {key!r}")
        tag = v[key]
        try:
            cls = by_tag.get(tag) if isinstance(tag, str) else None
        except TypeError:
            cls = None
        if cls is None:
            raise FieldProblem((key,), f"Input tag {excerpt(tag)} found using {key!r} does not "
                                       f"match any of the expected tags: {tags}")
        return cls.model_validate(v)

    return check


# ------------------------------------------------------------------------------------------
# card text: the one domain type the models share (positions and logs write cards as text)
# ------------------------------------------------------------------------------------------

MAX_CARD_CHARS = 32
"""The longest card text read (``"queen of diamonds"`` is 17): longer words are refused before
they are looked up, so an error never quotes more than an excerpt of them."""


def read_card(text: str) -> int:
    """:func:`~uno_web.core.cards.parse_card` for outside text: raises ``CardError``, quoting
    at most an excerpt."""
    from .cards import CardError, parse_card

    if isinstance(text, str) and len(text) > MAX_CARD_CHARS:
        raise _too_long(CardError, text)
    return parse_card(text)


def read_cards(text: str) -> list[int]:
    """:func:`~uno_web.core.cards.parse_cards` for outside text (cards separated by spaces or
    commas); raises ``CardError``, quoting at most an excerpt."""
    from .cards import CardError, parse_cards

    if isinstance(text, str):
        for word in text.replace(",", " ").split():
            if len(word) > MAX_CARD_CHARS:
                raise _too_long(CardError, word)
    return parse_cards(text)


def _too_long(error: Any, word: str) -> Any:
    from .words import Words, english

    words = Words.of("card.too_long", notation=excerpt(word), n=MAX_CARD_CHARS)
    return error(english(words), words)


# ------------------------------------------------------------------------------------------
# JSON from outside
# ------------------------------------------------------------------------------------------

MAX_JSON_DEPTH = 64
"""The deepest nesting of arrays and objects :func:`load_json` parses (a game log needs 8)."""

_JSON_PATTERNS: list[Any] = []  # compiled on first use: strings, non-brackets, deep runs


def load_json(data: "str | bytes | bytearray") -> Any:
    """``json.loads`` for text from outside: nesting deeper than :data:`MAX_JSON_DEPTH` is
    refused before parsing (under Pyodide a deeply nested document overflows the JavaScript
    stack, a fatal error no ``except`` catches), and so are ``NaN`` and ``Infinity``. Raises
    ``ValueError`` with one short line for anything that is not such JSON."""
    import json
    import re

    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode(json.detect_encoding(data), "strict")
        except UnicodeDecodeError:
            raise ValueError("invalid JSON: not UTF-8 text") from None
    if not _JSON_PATTERNS:
        _JSON_PATTERNS.extend([
            re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S),
            re.compile(r"[^\[\]{}]+"),
            re.compile(r"[\[{]{%d}" % (MAX_JSON_DEPTH + 1)),
        ])
    strings, others, deep_run = _JSON_PATTERNS
    brackets = others.sub("", strings.sub("", data))
    # Each pass takes out the innermost pairs: the openers of a document nested d deep that
    # are still there after p passes number at least d - p. So few openers left means shallow
    # enough; a run of openers, or nothing left to take out, means too deep.
    for passes in range(MAX_JSON_DEPTH + 1):
        if brackets.count("[") + brackets.count("{") + passes <= MAX_JSON_DEPTH:
            break
        shorter = brackets.replace("[]", "").replace("{}", "")
        if len(shorter) == len(brackets) or deep_run.search(shorter):
            raise ValueError("invalid JSON: nested too deeply")
        brackets = shorter
    else:
        raise ValueError("invalid JSON: nested too deeply")

    def constant(name: str) -> Any:
        raise ValueError(f"invalid JSON: {name} is not a JSON number")

    try:
        return json.loads(data, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ValueError("invalid JSON: nested too deeply") from None
    except ValueError as exc:  # a number past the interpreter's digit limit, NaN, Infinity
        text = str(exc)
        if text.startswith("invalid JSON: "):
            raise
        raise ValueError("invalid JSON: a number has too many digits" if "digits" in text
                         else f"invalid JSON: {text[:80]}") from None
