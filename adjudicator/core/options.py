"""Named rule options, the same way for every ruleset.

An option is an optional rule or the reading chosen where the text is
ambiguous, with the case it comes from. A game's effective options are the
ruleset's defaults, overlaid by the scenario's options, then by the creator's
overrides, and are stored in `GameState.options`, so a game never changes
meaning when a default changes later. Unknown names and values are refused
with their position: a typo must not silently fall back to a default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, overload

from adjudicator.core.citations import Rulebook
from adjudicator.core.errors import MalformedInput
from umpire.v1 import common_pb2, definition_pb2


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: str
    # Allowed values; empty = a non-negative whole number.
    values: tuple[str, ...]
    description: str
    citation: common_pb2.Citation


class OptionSet:
    """A ruleset's options: defaults, checked overlays, and reading values back."""

    def __init__(self, ruleset_title: str, specs: Sequence[OptionSpec]) -> None:
        self.title = ruleset_title
        self.specs = tuple(specs)
        self.by_name = {s.name: s for s in self.specs}
        if len(self.by_name) != len(self.specs):
            raise ValueError(f"{ruleset_title}: option names repeat")

    def _proto(self, spec: OptionSpec, value: str) -> definition_pb2.RuleOption:
        return definition_pb2.RuleOption(name=spec.name, value=value, description=spec.description,
                                         citation=spec.citation)

    def defaults(self) -> list[definition_pb2.RuleOption]:
        return [self._proto(s, s.default) for s in self.specs]

    def check(self, name: str, value: str, where: str) -> None:
        spec = self.by_name.get(name)
        if spec is None:
            raise MalformedInput(f"unknown option {name!r} ({self.title} options: {', '.join(self.by_name)})", where)
        if spec.values:
            if value not in spec.values:
                raise MalformedInput(f"option {name} cannot be {value!r} (allowed: {', '.join(spec.values)})", where)
        elif not (value.isdigit() and len(value) <= 6):
            raise MalformedInput(f"option {name} takes a whole number, not {value!r}", where)

    def effective(
        self, scenario_options: Iterable[definition_pb2.RuleOption], overrides: Mapping[str, str]
    ) -> list[definition_pb2.RuleOption]:
        """Defaults, then the scenario's options, then the creation overrides; each checked."""
        values = {s.name: s.default for s in self.specs}
        for i, ro in enumerate(scenario_options):
            self.check(ro.name, ro.value, f"scenario.options[{i}]")
            values[ro.name] = ro.value
        for name, value in overrides.items():
            self.check(name, value, "options")
            values[name] = value
        return [self._proto(s, values[s.name]) for s in self.specs]

    def values(self, options: Iterable[definition_pb2.RuleOption]) -> dict[str, str]:
        """Every option's value in a state (its defaults where the state lacks one)."""
        out = {s.name: s.default for s in self.specs}
        for ro in options:
            if ro.name in out:
                out[ro.name] = ro.value
        return out


class Opt:
    """One named option, declared as a class attribute of a `RuleOptions`
    subclass; reading it on an instance gives the game's value (a string)."""

    def __init__(self, name: str, default: str, values: tuple[str, ...], case: str, description: str) -> None:
        self.name, self.default, self.values = name, default, values
        self.case, self.description = case, description
        self.attr = ""

    def __set_name__(self, owner: type, attr: str) -> None:
        self.attr = attr

    @overload
    def __get__(self, obj: None, owner: type) -> Opt: ...

    @overload
    def __get__(self, obj: RuleOptions, owner: type) -> str: ...

    def __get__(self, obj: RuleOptions | None, owner: type) -> Opt | str:
        if obj is None:
            return self
        return obj[self.name]


class IntOpt(Opt):
    """An option whose value is a non-negative whole number."""

    def __init__(self, name: str, default: int, case: str, description: str) -> None:
        super().__init__(name, str(default), (), case, description)

    @overload  # type: ignore[override]
    def __get__(self, obj: None, owner: type) -> IntOpt: ...

    @overload
    def __get__(self, obj: RuleOptions, owner: type) -> int: ...

    def __get__(self, obj: RuleOptions | None, owner: type) -> IntOpt | int:
        if obj is None:
            return self
        return int(obj[self.name])


class RuleOptions:
    """A ruleset's options as one typed object. Subclass it, set `book` (the
    `Rulebook` the cases cite) and `title`, and declare each option as an
    `Opt`/`IntOpt` attribute; `SET` (the `OptionSet`) is built from them.
    An instance reads a state's effective options once:
    `MyOptions(state.options).national_road`."""

    book: ClassVar[Rulebook]
    title: ClassVar[str]
    SET: ClassVar[OptionSet]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        specs = [OptionSpec(o.name, o.default, o.values, o.description, cls.book.cite(o.case))
                 for o in vars(cls).values() if isinstance(o, Opt)]
        cls.SET = OptionSet(cls.title, specs)

    def __init__(self, options: Iterable[definition_pb2.RuleOption] = ()) -> None:
        self._values = self.SET.values(options)

    def __getitem__(self, name: str) -> str:
        try:
            return self._values[name]
        except KeyError:
            raise KeyError(f"{self.title} has no option {name!r}") from None

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, RuleOptions) and other._values == self._values

    __hash__ = None  # type: ignore[assignment]  # mutable-looking value object: equal by content

    @classmethod
    def defaults(cls) -> list[definition_pb2.RuleOption]:
        return cls.SET.defaults()

    @classmethod
    def effective(
        cls, scenario_options: Iterable[definition_pb2.RuleOption], overrides: Mapping[str, str]
    ) -> list[definition_pb2.RuleOption]:
        return cls.SET.effective(scenario_options, overrides)
