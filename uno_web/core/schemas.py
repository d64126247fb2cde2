"""JSON Schemas of the declared models, through pydantic: the one core module that imports it.

:func:`pydantic_model` builds a frozen, strict pydantic model (``extra="forbid"``) from a
:class:`~uno_web.core.fields.Declared` dataclass's declarations, so a field is still declared
once; :func:`json_schema` is its JSON Schema (``docs/gamelog.schema.json`` comes from here).
Nothing on the table's path imports this module: ``Model.model_json_schema()`` does, on first
use, and so does ``python -m uno_web schema``.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, create_model

from .fields import Declared, FieldSpec, Ge, Le, MaxLen, MinLen, Tagged

__all__ = ["pydantic_model", "json_schema"]

_CONFIG = ConfigDict(frozen=True, extra="forbid", strict=True)


_MODELS: dict[type[Declared], type[BaseModel]] = {}


def pydantic_model(cls: type[Declared]) -> type[BaseModel]:
    """The pydantic twin of a declared model (same name, fields, texts and limits), built once."""
    model = _MODELS.get(cls)
    if model is None:
        fields: dict[str, Any] = {}
        for name, spec in cls.model_fields.items():
            fields[name] = (_translate(spec.annotation), _field(spec))
        model = _MODELS[cls] = create_model(cls.__name__, __config__=_CONFIG, **fields)
    return model


def json_schema(cls: type[Declared]) -> dict[str, Any]:
    return pydantic_model(cls).model_json_schema()


def _field(spec: FieldSpec) -> Any:
    kw: dict[str, Any] = {
        k: v for k, v in (
            ("title", spec.title), ("description", spec.description), ("ge", spec.ge),
            ("le", spec.le), ("min_length", spec.min_length), ("max_length", spec.max_length),
        ) if v is not None
    }
    if spec.default_factory is not dataclasses.MISSING:
        return Field(default_factory=spec.default_factory, **kw)
    if spec.default is not dataclasses.MISSING:
        return Field(spec.default, **kw)
    return Field(**kw)


def _translate(tp: Any) -> Any:
    """A declared type in pydantic's terms: models become their pydantic twins, ``Tagged``
    unions discriminated unions, ``Ge``/``Le``/``MaxLen`` field constraints."""
    origin = typing.get_origin(tp)
    if origin is Annotated:
        base, *extras = typing.get_args(tp)
        for m in extras:
            if isinstance(m, Tagged):
                members = tuple(_translate(a) for a in typing.get_args(base))
                return Annotated[Union[members], Field(discriminator=m.key)]
        kw: dict[str, Any] = {}
        for m in extras:
            if isinstance(m, Ge):
                kw["ge"] = m.ge
            elif isinstance(m, Le):
                kw["le"] = m.le
            elif isinstance(m, MinLen):
                kw["min_length"] = m.min_length
            elif isinstance(m, MaxLen):
                kw["max_length"] = m.max_length
        return Annotated[_translate(base), Field(**kw)]
    if origin is Literal:
        return tp
    if origin is not None:
        args = tuple(_translate(a) for a in typing.get_args(tp))
        if origin is list:
            return list[args[0]]  # type: ignore[valid-type]
        if origin is dict:
            return dict[args[0], args[1]]  # type: ignore[valid-type]
        return Union[args]
    if isinstance(tp, type) and issubclass(tp, Declared):
        return pydantic_model(tp)
    return tp
