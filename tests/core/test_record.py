"""Record and FrozenRecord behave as the dataclasses they replace on the convert
path (adjudicator/core/record.py): eq, repr, hashing, immutability."""

from __future__ import annotations

import copy
import pickle
import sys

import pytest

from adjudicator.core.record import FrozenRecord, FrozenRecordError, Record


class Point(Record):
    __slots__ = ("x", "y")

    x: int
    y: int

    def __init__(self, x: int, y: int = 0) -> None:
        self.x = x
        self.y = y


class Pair(Record):
    """Same slots as Point, another class."""

    __slots__ = ("x", "y")

    x: int
    y: int

    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y


class Labelled(Point):
    __slots__ = ("label",)

    label: str

    def __init__(self, x: int, y: int, label: str) -> None:
        super().__init__(x, y)
        self.label = label


class Cached(Record):
    __slots__ = ("name", "_index", "_hidden")
    _record_skip = ("_index",)
    _record_hidden = ("_hidden",)

    name: str
    _index: dict[str, int] | None
    _hidden: int

    def __init__(self, name: str, _index: dict[str, int] | None = None, _hidden: int = 0) -> None:
        self.name = name
        self._index = _index
        self._hidden = _hidden


class Key(FrozenRecord):
    __slots__ = ("kind", "value", "_cache")
    _record_skip = ("_cache",)

    kind: str
    value: float
    _cache: str | None

    def __init__(self, kind: str, value: float = 1.0) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "_cache", None)


class One(FrozenRecord):
    __slots__ = ("only",)

    only: float

    def __init__(self, only: float) -> None:
        object.__setattr__(self, "only", only)


class Empty(FrozenRecord):
    __slots__ = ()


class Node(Record):
    __slots__ = ("name", "next")

    name: str
    next: Node | None

    def __init__(self, name: str, next: Node | None = None) -> None:
        self.name = name
        self.next = next


def test_equal_values_are_equal_and_different_values_are_not() -> None:
    assert Point(1, 2) == Point(1, 2)
    assert not Point(1, 2) != Point(1, 2)
    assert Point(1, 2) != Point(1, 3)
    assert Point(1, 2) != Point(2, 2)
    assert Key("a", 2.0) == Key("a", 2.0)
    assert Key("a", 2.0) != Key("b", 2.0)


def test_another_class_with_the_same_slots_is_not_equal() -> None:
    assert Point(1, 2) != Pair(1, 2)
    assert Point(1, 2).__eq__(Pair(1, 2)) is NotImplemented
    assert Point(1, 2) != (1, 2)
    assert Labelled(1, 2, "a") != Point(1, 2)  # a subclass neither (a dataclass's eq)


def test_repr_lists_the_slots_in_declaration_order_bases_first() -> None:
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"
    assert repr(Key("a")) == "Key(kind='a', value=1.0)"
    assert repr(Labelled(3, 4, "b")) == "Labelled(x=3, y=4, label='b')"
    assert repr(Empty()) == "Empty()"


def test_repr_of_a_cycle_shows_dots() -> None:
    a = Node("a")
    a.next = Node("b", a)
    assert repr(a) == "Node(name='a', next=Node(name='b', next=...))"


def test_a_subclass_compares_its_own_slots_and_its_bases() -> None:
    assert Labelled(1, 2, "a") == Labelled(1, 2, "a")
    assert Labelled(1, 2, "a") != Labelled(1, 2, "b")
    assert Labelled(1, 2, "a") != Labelled(9, 2, "a")
    assert Labelled._record_fields == ("x", "y", "label")


def test_frozen_records_refuse_assignment_and_deletion() -> None:
    k = Key("a")
    with pytest.raises(FrozenRecordError):
        k.kind = "b"
    with pytest.raises(FrozenRecordError):
        del k.kind
    with pytest.raises(AttributeError):  # as a dataclass's FrozenInstanceError is
        k.other = 1
    assert k.kind == "a"


def test_equal_frozen_records_hash_equal_and_work_as_keys() -> None:
    assert hash(Key("a", 2.0)) == hash(Key("a", 2.0))
    assert hash(One(1.5)) == hash(One(1.5))
    assert hash(Empty()) == hash(Empty())
    assert len({Key("a", 2.0), Key("a", 2.0), Key("a", 3.0)}) == 2
    assert {Key("a"): 1}[Key("a")] == 1


def test_a_single_field_compares_as_a_tuple_would() -> None:
    nan = float("nan")
    assert One(nan) == One(nan)  # (nan,) == (nan,): the same object
    assert One(1.0) != One(2.0)


def test_mutable_records_are_unhashable_and_assignable() -> None:
    p = Point(1)
    with pytest.raises(TypeError):
        hash(p)
    p.y = 5
    assert p == Point(1, 5)
    with pytest.raises(AttributeError):  # slots: no stray attributes
        p.z = 1  # type: ignore[attr-defined]


def test_skipped_slots_are_left_out_of_eq_hash_and_repr() -> None:
    assert Cached("a", {"x": 1}) == Cached("a", None)
    assert Cached("a") != Cached("b")
    assert repr(Cached("a", {"x": 1}, 7)) == "Cached(name='a')"
    k = Key("a")
    object.__setattr__(k, "_cache", "filled")
    assert k == Key("a") and hash(k) == hash(Key("a"))
    assert repr(k) == "Key(kind='a', value=1.0)"


def test_hidden_slots_are_compared_but_not_shown() -> None:
    assert Cached("a", _hidden=1) != Cached("a", _hidden=2)
    assert repr(Cached("a", _hidden=1)) == "Cached(name='a')"


def test_copies_and_pickles_of_frozen_and_mutable_records_are_equal() -> None:
    k = Key("a", 2.0)
    for other in (copy.copy(k), copy.deepcopy(k), pickle.loads(pickle.dumps(k))):
        assert other == k and other is not k
        with pytest.raises(FrozenRecordError):
            other.kind = "b"
    p = Labelled(1, 2, "a")
    assert copy.copy(p) == p and pickle.loads(pickle.dumps(p)) == p


def test_the_record_module_does_not_import_dataclasses() -> None:
    import subprocess

    code = "import sys, adjudicator.core.record; print('dataclasses' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
