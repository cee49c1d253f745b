"""Typer's parameter coercion without pydantic, for the plain types the CLI uses.

Why: typer (from 0.2x) converts every option value through a pydantic
TypeAdapter; importing pydantic and building the adapters is about 0.2 s of
CPU on every command that takes an option or an argument, more than the rest
of an offline `umpire adjudicate`. Our parameters are all str, int, float,
bool, Path and lists of them, which need no pydantic: each such parameter gets
a converter that handles the unambiguous values directly and hands
anything else (a value it is not sure about, and so every error) to typer's
own coercion, built only then. So a value converts as typer would convert it,
and an error message is typer's own (tests/cli/test_startup.py compares the
two on a corpus of values). `enable` puts the converter in typer's way (it
replaces typer.core.build_runtime_param, which typer calls for each parameter
the first time it converts a value).

With a typer that has no such coercion (older versions use click's types),
`enable` does nothing.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

_INT = re.compile(r"[+-]?[0-9]+\Z")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")


class _Unsure(Exception):
    """The fast converter is not sure of this value: typer's coercion decides."""


Convert = Callable[[Any, Any, Any], Any]  # (value, param, ctx) -> converted value


def _str(value: Any, param: Any, ctx: Any) -> Any:
    if type(value) is str:
        try:
            value.encode("utf-8")  # a lone surrogate (undecodable argv) is pydantic's to judge
        except UnicodeEncodeError:
            raise _Unsure from None
        return value
    raise _Unsure


def _bool(value: Any, param: Any, ctx: Any) -> Any:
    if type(value) is bool:  # a flag's value (a string, from an environment variable, is typer's)
        return value
    raise _Unsure


def _int(value: Any, param: Any, ctx: Any) -> Any:
    if type(value) is int:
        return value
    if type(value) is str and _INT.match(value):
        return int(value)
    raise _Unsure


def _float(value: Any, param: Any, ctx: Any) -> Any:
    if type(value) in (int, float):
        return float(value)
    if type(value) is str and _FLOAT.match(value):
        return float(value)
    raise _Unsure


def _path_converter(parameter_info: Any) -> Convert | None:
    try:
        coerce_cli_path = getattr(importlib.import_module("typer._param_types"), "coerce_cli_path")
    except (ImportError, AttributeError):
        return None

    def convert(value: Any, param: Any, ctx: Any) -> Any:
        if type(value) is str:
            value = Path(value)
        elif not isinstance(value, Path):
            raise _Unsure
        # typer's own checks (exists, file_okay, ...) on a value that is already a
        # Path: no pydantic is involved there.
        return coerce_cli_path(value, parameter_info, path_type=Path, param=param, ctx=ctx)

    return convert


def _leaf(annotation: Any, parameter_info: Any) -> Convert | None:
    if getattr(parameter_info, "parser", None) is not None:
        return None
    if annotation is str:
        return _str
    if annotation is bool:
        return _bool
    if annotation in (int, float):
        if any(getattr(parameter_info, k, None) is not None for k in ("min", "max")) or getattr(
                parameter_info, "clamp", False):
            return None
        return _int if annotation is int else _float
    if annotation is Path and getattr(parameter_info, "path_type", None) is None:
        return _path_converter(parameter_info)
    return None


def converter(annotation: Any, parameter_info: Any) -> Convert | None:
    """The fast converter of one parameter (None: leave it to typer)."""
    if getattr(annotation, "__origin__", None) is list:
        args: tuple[Any, ...] = getattr(annotation, "__args__", ())
        leaf = _leaf(args[0], parameter_info) if len(args) == 1 else None
        if leaf is None:
            return None
        item = leaf

        def convert_list(value: Any, param: Any, ctx: Any) -> Any:
            items = value if isinstance(value, (list, tuple)) else [value]
            return [item(v, param, ctx) for v in items]

        return convert_list
    return _leaf(annotation, parameter_info)


def enable() -> bool:
    """Make typer build the fast runtime parameter for every plain parameter it
    converts from now on (typer asks `typer.core.build_runtime_param` the first
    time a parameter gets a value: options, arguments, the help and completion
    options alike). True when typer has such a builder; idempotent."""
    try:
        core = importlib.import_module("typer.core")
        base = getattr(importlib.import_module("typer._coercion"), "RuntimeParam")
    except (ImportError, AttributeError):
        return False
    original = getattr(core, "build_runtime_param", None)
    parameter = getattr(core, "_TyperParameter", None)
    if original is None or parameter is None or not hasattr(parameter, "get_runtime_param"):
        return False
    if getattr(original, "umpire_fast", False):
        return True
    typers: Callable[[Any], Any] = original

    class FastRuntimeParam(base):  # type: ignore[misc, valid-type]
        """typer's RuntimeParam (its `coerce` handles None and multiple values)
        converting with ours, and with typer's own when ours is unsure. A plain
        subclass of typer's frozen dataclass: `@dataclass` here would exec() its
        generated methods at every start of the CLI (adjudicator/core/record.py)."""

        convert: Convert
        descriptor: Any
        fallback: list[Any]

        def __init__(self, parameter_info: Any, annotation: Any, convert: Convert = _str, descriptor: Any = None,
                     fallback: list[Any] | None = None) -> None:
            super().__init__(parameter_info=parameter_info, annotation=annotation)
            object.__setattr__(self, "convert", convert)
            object.__setattr__(self, "descriptor", descriptor)
            object.__setattr__(self, "fallback", [] if fallback is None else fallback)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return self.convert(value, param, ctx)
            except _Unsure:
                if not self.fallback:
                    self.fallback.append(typers(self.descriptor))
                return self.fallback[0]._coerce_value(value, param=param, ctx=ctx)

    def build(descriptor: Any) -> Any:
        conv = None if getattr(descriptor, "file_annotation", None) is not None else converter(
            descriptor.annotation, descriptor.parameter_info)
        if conv is None:
            return typers(descriptor)
        return FastRuntimeParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation,
                                convert=conv, descriptor=descriptor)

    setattr(build, "umpire_fast", True)
    setattr(build, "typer_original", original)
    setattr(core, "build_runtime_param", build)
    return True
