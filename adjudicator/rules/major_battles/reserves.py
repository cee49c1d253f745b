"""Reserves entering at the end of a turn, as each campaign's "Reserves"
paragraphs say. The campaign describes the entry (`ReserveSpec`); this module
runs it: the optional "may wait" question, the 3 dice, the choice of town.

Progress is kept in `MajorBattlesState.end_step` as
`reserves:<side index>:<stage>` so a pending decision can resume it."""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.campaigns.base import Entry, ReserveSpec
from adjudicator.rules.major_battles.decisions import RESERVE_THROW, RESERVE_TOWN, ask, check_choices, option
from adjudicator.rules.major_battles.model import ARMOR, OFF_MAP, Game, Unit
from umpire.v1 import action_pb2, common_pb2, definition_pb2

THROW_DICE = 3


def reserve_sides(g: Game) -> list[str]:
    if g.opts.reserve_timing == "every-turn":
        return [g.active, g.other(g.active)]
    return [g.active]


def step(g: Game, dice: DiceSource) -> bool:
    """Run the reserves step; False when it waits for a decision."""
    parts = g.mb.end_step.split(":")
    i = int(parts[1]) if len(parts) > 1 else 0
    stage = parts[2] if len(parts) > 2 else "start"
    sides = reserve_sides(g)
    while i < len(sides):
        wait = _run(g, sides[i], stage, dice)
        if wait:
            g.mb.end_step = f"reserves:{i}:{wait}"
            return False
        i += 1
        stage = "start"
    return True


def _spec(g: Game, side: str) -> ReserveSpec | None:
    return campaign_of(g.campaign).reserve_spec(g, side)


def _run(g: Game, side: str, stage: str, dice: DiceSource) -> str:
    spec = _spec(g, side)
    if spec is None:
        return ""
    towns = spec.towns(g)
    if not towns:
        g.emit("RESERVES_BLOCKED", f"no town is open for {side}'s reserves: they cannot enter this turn",
               spec.citation, side=side)
        if spec.on_blocked:
            spec.on_blocked(g)
        return ""
    if stage == "start" and spec.may_wait:
        ask(g, side, RESERVE_THROW, "throw 3 dice for your reserves now, or wait?", spec.citation,
            [option("throw", "throw the dice"), option("wait", "wait (throw in a later turn)")], 1, 1)
        return "throw"
    if spec.fixed is not None:
        entry: Entry | None = spec.fixed
    else:
        assert spec.outcome is not None
        faces = [dice.roll(6, f"reserves {side}: die {k + 1}/{THROW_DICE}") for k in range(THROW_DICE)]
        entry = spec.outcome(faces)
        g.emit("RESERVE_THROW", f"{side} throws {'-'.join(map(str, faces))} for reserves: "
               + (f"{entry.count} {entry.kind} unit(s) enter" if entry else "no reserves this turn"),
               spec.citation, side=side,
               dice=[common_pb2.DieRoll(sides=6, value=v, purpose=f"reserve die {k + 1}") for k, v in enumerate(faces)])
    if entry is None:
        return ""
    if len(towns) == 1:
        enter(g, side, entry, towns[0], spec)
        return ""
    ask(g, side, RESERVE_TOWN, f"choose the town where {entry.count} {entry.kind} reserve unit(s) enter",
        spec.citation, [option(t, g.board.name(t)) for t in towns], 1, 1,
        context={"kind": entry.kind, "count": str(entry.count)})
    return "town"


def enter(g: Game, side: str, entry: Entry, town: str, spec: ReserveSpec) -> None:
    ids: list[str] = []
    if spec.create:
        for _ in range(entry.count):
            g.mb.reserve_serial += 1
            uid = f"{side}-res-{entry.kind[:3]}-{g.mb.reserve_serial:03d}"
            g.units[uid] = Unit(uid, side, entry.kind, OFF_MAP, "", [], reserve=True)
            g.new_defs.append(definition_pb2.Unit(
                id=uid, side=side, type=entry.kind, name=f"{side} {entry.kind} (reserve {g.mb.reserve_serial})",
                props={"reserve": "true"},
            ))
            ids.append(uid)
    else:
        pool = [u.id for u in g.units.values() if u.side == side and u.reserve and u.status == OFF_MAP and u.kind == entry.kind]
        ids = pool[: entry.count]
    g.place(ids, town)
    if spec.on_entry:
        spec.on_entry(g)
    g.emit("RESERVES_ENTERED", f"{len(ids)} {entry.kind} reserve unit(s) of {side} enter at {g.board.name(town)}",
           spec.citation, units=ids, to=town, side=side)


def validate_answer(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    assert g.pending is not None
    check_choices(g.pending, answer, b)


def apply_answer(g: Game, answer: action_pb2.AnswerDecision, dice: DiceSource) -> None:
    assert g.pending is not None
    d = g.pending
    g.pending = None
    parts = g.mb.end_step.split(":")
    i = int(parts[1])
    side = reserve_sides(g)[i]
    choice = answer.choices[0]
    if d.kind == RESERVE_THROW:
        if choice == "wait":
            g.emit("RESERVES_WAIT", f"{side} waits before throwing for reserves", d.citation, side=side)
            g.mb.end_step = f"reserves:{i + 1}:start"
        else:
            g.mb.end_step = f"reserves:{i}:throw"
        return
    assert d.kind == RESERVE_TOWN
    spec = _spec(g, side)
    assert spec is not None
    kind = d.context["kind"]
    enter(g, side, Entry(ARMOR if kind == ARMOR else kind, int(d.context["count"])), choice, spec)
    g.mb.end_step = f"reserves:{i + 1}:start"
