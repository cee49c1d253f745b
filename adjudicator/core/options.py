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
