"""Human-readable rendering of verdicts, states and events (rich).

The CLI's offline commands and its client commands print through these, so a
verdict looks the same whether it came from a file or from a server.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from google.protobuf import text_format
from rich.console import Console
from rich.table import Table
from rich.text import Text

from adjudicator.core.citations import label
from adjudicator.core.tables import WHOLE_TABLE_COLUMN, cell_option
from umpire.v1 import action_pb2, common_pb2, state_pb2


MAX_RULESET_LINES = 60


def _cite(c: common_pb2.Citation) -> str:
    text = label(c)
    return f"[{text}]" if text else ""


def verdict(console: Console, v: action_pb2.Verdict, head: Text | None = None) -> None:
    """The verdict; `head` replaces the LEGAL/ILLEGAL headline (e.g. a legal
    action that could not be applied for want of dice or data)."""
    if head is None:
        head = Text("LEGAL", style="bold green") if v.legal else Text("ILLEGAL", style="bold red")
    if v.action_kind:
        head.append(f"  ({v.action_kind})", style="dim")
    console.print(head)
    for viol in v.violations:
        console.print(f"  ✗ {viol.code}: {viol.message} {_cite(viol.citation)}", highlight=False, markup=False)
    if v.path:
        t = Table("step", "location", "cost", "total", "why", box=None, pad_edge=False)
        for i, s in enumerate(v.path, 1):
            why = "; ".join(f"{n.text} {_cite(n.citation)}" for n in s.notes)
            t.add_row(str(i), s.location, _num(s.cost), _num(s.total), why)
        console.print(t)
    if v.mp_total or v.path:
        line = f"  movement points: {_num(v.mp_total)}"
        if v.mp_remaining:
            line += f" (remaining {_num(v.mp_remaining)})"
        console.print(line, highlight=False, markup=False)
    if v.HasField("combat"):
        combat(console, v.combat)
    for n in v.notes:
        console.print(f"  • {n.text} {_cite(n.citation)}", highlight=False, markup=False)
    for cell in v.needs:
        console.print(
            f"  ? needs {cell.table_title or cell.table_id}: column {cell.column!r}, row {cell.row!r}"
            + (f" ({cell.reason})" if cell.reason else "")
            + ("" if cell.column == WHOLE_TABLE_COLUMN else f"  {cell_option(cell)}"
               + (f"  (VALUE: {cell.accepted})" if cell.accepted else "")),
            style="yellow",
            highlight=False, markup=False,
        )
    if v.needs:
        console.print(f"    {v.needs[0].how_to_supply}", style="yellow", highlight=False, markup=False)


def combat(console: Console, c: action_pb2.CombatDetails) -> None:
    who = f"  combat at {c.target}" if c.target else "  combat"
    if c.attackers:
        who += f": {', '.join(c.attackers)} vs {', '.join(c.defenders) or '-'}"
    console.print(who, highlight=False, markup=False)
    if c.attack_strength or c.defense_strength:
        console.print(f"    strength {_num(c.attack_strength)} : {_num(c.defense_strength)}", highlight=False, markup=False)
    if c.attacker_dice or c.defender_dice:
        console.print(f"    dice: attacker {c.attacker_dice}, defender {c.defender_dice}", highlight=False, markup=False)
    if c.base_column:
        console.print(f"    odds column {c.base_column}", highlight=False, markup=False)
    for s in c.shifts:
        mark = " (cancelled)" if s.cancelled else ""
        console.print(f"    shift {s.columns:+d} {s.kind}: {s.reason}{mark} {_cite(s.citation)}", highlight=False, markup=False)
    if c.final_column:
        console.print(f"    final column {c.final_column}", highlight=False, markup=False)
    for n in c.notes:
        console.print(f"    • {n.text} {_cite(n.citation)}", highlight=False, markup=False)
    if c.outcomes:
        t = Table("result", "probability", "when", box=None, pad_edge=False)
        for o in c.outcomes:
            t.add_row(o.result, f"{o.probability:.1%}", ", ".join(o.when))
        console.print(t)


def events(console: Console, evs: Iterable[state_pb2.Event]) -> None:
    for e in evs:
        cites = " ".join(_cite(c) for c in e.citations)
        dice = ""
        if e.dice:
            dice = " dice " + " ".join(str(d.value) for d in e.dice)
        console.print(f"  v{e.version} {e.kind}: {e.text}{dice} {cites}".rstrip(), highlight=False, markup=False)


def state(console: Console, s: state_pb2.GameState) -> None:
    sc = s.scenario
    console.print(Text(f"{sc.name or sc.id}", style="bold"), f"({s.ruleset} {s.ruleset_version})", highlight=False, markup=False)
    if sc.definition.map.source:
        console.print(f"  map: {sc.definition.map.name or sc.definition.map.id} — {sc.definition.map.source}",
                      highlight=False, markup=False)
    console.print(
        f"  game {s.game_id or '-'}  version {s.version}  turn {s.turn}  phase {s.phase or '-'}"
        + (f"/{s.segment}" if s.segment else "")
        + f"  active {s.active_side or '-'}"
        + (f"  view of {s.viewer}" if s.viewer else ""),
        highlight=False, markup=False,
    )
    if s.finished:
        console.print(
            f"  GAME OVER: winner {s.result.winner or 'none'} {s.result.level} — {s.result.reason} "
            f"{_cite(s.result.citation)}",
            style="bold",
            highlight=False, markup=False,
        )
    units = {u.id: u for u in sc.definition.units}
    by_loc: dict[str, list[str]] = defaultdict(list)
    sides_at: dict[str, set[str]] = defaultdict(set)
    off: dict[str, list[str]] = defaultdict(list)
    for u in s.units:
        ud = units.get(u.unit_id)
        tag = f"{u.unit_id}" + (f"({ud.type})" if ud is not None and ud.type else "")
        if u.steps_lost:
            tag += f"-{u.steps_lost}"
        if u.markers:
            tag += "[" + ",".join(u.markers) + "]"
        if u.status == state_pb2.UnitState.ON_MAP:
            by_loc[u.location].append(tag)
            sides_at[u.location].add(u.side)
        else:
            off[state_pb2.UnitState.Status.Name(u.status)].append(tag)
    t = Table("location", "side", "units", box=None, pad_edge=False)
    for loc in sorted(by_loc):
        t.add_row(loc, ",".join(sorted(sides_at[loc])), f"{len(by_loc[loc])}: " + " ".join(by_loc[loc]))
    console.print(t)
    for status, us in sorted(off.items()):
        console.print(f"  {status}: {len(us)} — {' '.join(us)}", highlight=False, markup=False)
    for m in s.markers:
        console.print(f"  marker {m.kind} at {m.location}" + (f" ({m.side})" if m.side else ""), highlight=False, markup=False)
    for p in s.private_data:
        console.print(f"  private[{p.side}]: {dict(p.values)}", highlight=False, markup=False)
    if s.HasField("pending"):
        d = s.pending
        console.print(f"  PENDING {d.kind} for {d.side} (decision {d.id}): {d.prompt} {_cite(d.citation)}",
                      style="yellow", highlight=False, markup=False)
        for o in d.options:
            console.print(f"    - {o.id}: {o.label}", highlight=False, markup=False)
    which = s.WhichOneof("ruleset_state")
    described = _describe(s)
    for line in described:
        console.print(f"  {line}", highlight=False, markup=False)
    if which and not described:
        lines = text_format.MessageToString(getattr(s, which), as_utf8=True).splitlines()
        console.print(f"  {which}:", highlight=False, markup=False)
        for line in lines[:MAX_RULESET_LINES]:
            console.print(f"    {line}", highlight=False, markup=False)
        if len(lines) > MAX_RULESET_LINES:
            console.print(f"    … {len(lines) - MAX_RULESET_LINES} more lines (write the state as .textproto to see all)",
                          highlight=False, markup=False)
    if s.dice_log:
        last = s.dice_log[-5:]
        console.print("  last dice: " + "; ".join(f"#{d.index} d{d.sides}={d.value} ({d.purpose})" for d in last),
                      highlight=False, markup=False)
    if s.seed_commitment:
        console.print(f"  dice commitment sha256: {s.seed_commitment}", highlight=False, markup=False)


def _num(x: float) -> str:
    return f"{x:g}"


def _describe(s: state_pb2.GameState) -> list[str]:
    from adjudicator.core.errors import NotFound
    from adjudicator.core.ruleset import get_ruleset

    try:
        return get_ruleset(s.ruleset).describe(s)
    except NotFound:
        return []
