"""Pending decisions: typed choices the rules leave to a player, and checking answers.

When a result needs an owner's choice (loss or retreat, which unit, which path,
the attacker's pick on a bold result, advance or not), the ruleset stores a
`umpire.v1.Decision` in the state: who must answer, what kind, the options. The
engine makes the answer the only legal action (engine.validate); this module
builds decisions and checks an answer against its decision, so every ruleset
words the same mistakes the same way.

Conventions (in `Decision.context`, since the proto keeps it small):
* ``allow_repeats = "true"``: an option may be chosen several times (e.g. two
  step losses on one unit).
* ``assign_units`` = comma-separated unit ids that must each get exactly one
  assignment when ``wants_assignments`` is set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from adjudicator.core.verdicts import VerdictBuilder
from umpire.v1 import action_pb2, common_pb2, state_pb2


def option(
    id: str,
    label: str,
    *,
    units: Iterable[str] = (),
    path: Iterable[str] = (),
    citation: common_pb2.Citation | None = None,
) -> state_pb2.DecisionOption:
    o = state_pb2.DecisionOption(id=id, label=label, units=list(units), path=list(path))
    if citation is not None:
        o.citation.CopyFrom(citation)
    return o


def decision(
    id: str,
    side: str,
    kind: str,
    prompt: str,
    citation: common_pb2.Citation,
    options: Sequence[state_pb2.DecisionOption] = (),
    *,
    min_choices: int = 1,
    max_choices: int = 1,
    wants_assignments: bool = False,
    context: Mapping[str, str] | None = None,
    allow_repeats: bool = False,
    assign_units: Iterable[str] = (),
) -> state_pb2.Decision:
    d = state_pb2.Decision(
        id=id,
        side=side,
        kind=kind,
        prompt=prompt,
        options=list(options),
        min_choices=min_choices,
        max_choices=max_choices,
        wants_assignments=wants_assignments,
    )
    d.citation.CopyFrom(citation)
    for k, v in (context or {}).items():
        d.context[k] = v
    if allow_repeats:
        d.context["allow_repeats"] = "true"
    units = list(assign_units)
    if units:
        d.context["assign_units"] = ",".join(units)
    return d


def next_id(counter: int) -> str:
    return f"d{counter}"


def check_answer(
    d: state_pb2.Decision, answer: action_pb2.AnswerDecision, b: VerdictBuilder
) -> None:
    """Add a violation to `b` for everything wrong with `answer` as an answer to `d`.

    Checks the option ids, the number of choices, repeats, and (when the decision
    wants them) one assignment per named unit. Rules-specific checks (is that
    path legal?) are the ruleset's.
    """
    cite = d.citation
    ids = {o.id for o in d.options}
    choices = list(answer.choices)
    for c in choices:
        if c not in ids:
            known = ", ".join(sorted(ids)) or "(none)"
            b.violation("UNKNOWN_CHOICE", f"{c!r} is not an option of this decision (options: {known})", cite, c)
    repeats = d.context.get("allow_repeats") == "true"
    if not repeats and len(set(choices)) != len(choices):
        b.violation("REPEATED_CHOICE", "an option is chosen twice", cite)
    lo = d.min_choices
    hi = d.max_choices or (len(choices) if repeats else len(d.options))
    if not lo <= len(choices) <= hi:
        want = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
        b.violation("CHOICE_COUNT", f"choose {want} option(s), not {len(choices)}", cite)
    if d.wants_assignments:
        named = [u for u in d.context.get("assign_units", "").split(",") if u]
        given = [a.unit_id for a in answer.assignments]
        if len(set(given)) != len(given):
            b.violation("REPEATED_ASSIGNMENT", "a unit is assigned twice", cite)
        if named:
            missing = [u for u in named if u not in given]
            extra = [u for u in given if u not in named]
            if missing:
                b.violation("MISSING_ASSIGNMENT", f"no assignment for {', '.join(missing)}", cite)
            if extra:
                b.violation("UNEXPECTED_ASSIGNMENT", f"{', '.join(extra)} need no assignment here", cite)
    elif answer.assignments:
        b.violation("UNEXPECTED_ASSIGNMENT", "this decision takes no unit assignments", cite)
