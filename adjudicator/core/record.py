"""Plain value classes for the modules `umpire convert` imports (issue 13).

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__` (and, for a
frozen one, `__setattr__`, `__delattr__`, `__hash__`) as source text and
exec()s it when the class is created: about 0.5 ms a class on the reference
machine. The convert path created some 55 such classes at import, 25-40 ms of
the ~60 ms our own modules took, while issue 13 holds the whole process to 3x
a floor process that only starts Python and its libraries. A `Record` costs
nothing to create: its subclasses write their `__init__` by hand and declare
`__slots__`; equality, repr and hashing are shared code here, driven by the
slots (read once per class, when the class is created).

Semantics are a dataclass's: `==` holds between instances of the very same
class whose compared slots are equal (another class gives NotImplemented);
repr is `Name(a=1, b='x')` in slot order, base classes' slots first; a
mutable record is unhashable; a frozen one refuses assignment and deletion
and hashes its compared slots. `_record_skip` names slots left out of eq,
hash and repr (a dataclass's `field(repr=False, compare=False)`: caches, an
index), `_record_hidden` slots left out of repr only (`field(repr=False)`).
This module must not import `dataclasses` (its import is part of the cost).
"""

from __future__ import annotations

from _thread import get_ident
from operator import attrgetter
from typing import Any, Callable, ClassVar


class FrozenRecordError(AttributeError):
    """Assigning to or deleting a field of a frozen record (a dataclass's
    FrozenInstanceError, also an AttributeError)."""


def _one(name: str) -> Callable[[Any], tuple[Any, ...]]:
    def key(obj: Any) -> tuple[Any, ...]:
        return (getattr(obj, name),)

    return key


def _none(obj: Any) -> tuple[Any, ...]:
    return ()


def _names(cls: type, attr: str) -> list[str]:
    """`attr` (a string or a sequence of names) of every class in the MRO, bases first."""
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        value = klass.__dict__.get(attr, ())
        for name in ((value,) if isinstance(value, str) else value):
            if name not in out and name not in ("__dict__", "__weakref__"):
                out.append(name)
    return out


_in_repr: set[tuple[int, int]] = set()  # (id, thread) of records being repr'd: a cycle shows as "..."


class Record:
    """A mutable record: eq and repr from its slots, unhashable."""

    __slots__ = ()
    _record_skip: ClassVar[tuple[str, ...]] = ()
    _record_hidden: ClassVar[tuple[str, ...]] = ()
    # Worked out per class by __init_subclass__:
    _record_fields: ClassVar[tuple[str, ...]] = ()  # compared and hashed
    _record_shown: ClassVar[tuple[str, ...]] = ()  # in the repr
    _record_key: ClassVar[staticmethod[[Any], tuple[Any, ...]]] = staticmethod(_none)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = _names(cls, "__slots__")
        skip = set(_names(cls, "_record_skip"))
        hidden = skip | set(_names(cls, "_record_hidden"))
        fields = tuple(s for s in slots if s not in skip)
        cls._record_fields = fields
        cls._record_shown = tuple(s for s in slots if s not in hidden)
        # attrgetter of two names or more gives a tuple, at C speed
        key = attrgetter(*fields) if len(fields) > 1 else _one(fields[0]) if fields else _none
        cls._record_key = staticmethod(key)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = self._record_key
        return bool(key(self) == key(other))

    __hash__: ClassVar[None] = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        mark = (id(self), get_ident())
        if mark in _in_repr:
            return "..."
        _in_repr.add(mark)
        try:
            body = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._record_shown)
        finally:
            _in_repr.discard(mark)
        return f"{self.__class__.__qualname__}({body})"


class FrozenRecord(Record):
    """An immutable record: its `__init__` sets the fields with
    `object.__setattr__`; hashed by its compared fields."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._record_key(self))

    def __setstate__(self, state: Any) -> None:
        """copy.copy and pickle of a slotted object set its slots with setattr,
        which a frozen record refuses: (None, {slot: value}) set directly."""
        slots = state[1] if isinstance(state, tuple) else state
        for name, value in (slots or {}).items():
            object.__setattr__(self, name, value)
