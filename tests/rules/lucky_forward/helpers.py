"""Helpers for the Lucky Forward tests: small SYNTHETIC positions.

`Scen` builds a scenario on a SYNTHETIC map (one 12x10 sheet unless told
otherwise, printed columns 10-21 and rows 01-10, odd printed columns lower as
on GOSS sheets). Unit values are SYNTHETIC unless a test says they are the
worked example's. `synthetic_tables()` fills every cell the text lacks with
SYNTHETIC values (the text's own cells are never overridden); a test that
asserts a rule never depends on a SYNTHETIC value unless it says so.
`jump()` puts a state in a given segment of the sequence of play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.ruleset import get_ruleset
from adjudicator.core.tables import TableView
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import data, sop
from adjudicator.rules.lucky_forward.model import Model
from umpire.v1 import action_pb2, definition_pb2, lucky_forward_pb2 as lf, map_pb2, state_pb2, tables_pb2

RS = get_ruleset("lucky-forward")
SYN = "SYNTHETIC test value"

SIZE = {"bn": lf.LF_SIZE_BATTALION, "co": lf.LF_SIZE_COMPANY, "z": lf.LF_SIZE_Z_STEP}
CLASS = {"leg": lf.LF_CLASS_LEG, "mech": lf.LF_CLASS_MECH, "static": lf.LF_CLASS_STATIC}
ARMOR = {"": lf.LF_ARMOR_NONE, "pure": lf.LF_ARMOR_PURE, "mixed": lf.LF_ARMOR_MIXED}
MODES = {"tac": lf.LF_MODE_TACTICAL, "pa": lf.LF_MODE_PREPARED_ASSAULT, "exploit": lf.LF_MODE_EXPLOIT,
         "mr": lf.LF_MODE_MANEUVER_RESERVE, "strat": lf.LF_MODE_STRATEGIC}


def hex_map(columns: int = 12, rows: int = 10, *, terrain: Mapping[str, str] | None = None,
            features: Mapping[str, Sequence[str]] | None = None, sides: Iterable[tuple[str, str, Sequence[str]]] = (),
            roads: Iterable[tuple[str, str, str]] = (), sheets: Sequence[map_pb2.MapSheet] = ()) -> map_pb2.GameMap:
    gm = map_pb2.GameMap(id="lf-test", name="SYNTHETIC test map", source="SYNTHETIC")
    g = gm.hex.grid
    g.columns, g.rows = columns, rows
    g.numbering.column_leading = g.numbering.row_leading = 1
    g.numbering.column_offset = 10
    g.numbering.row_offset = 1
    if sheets:
        g.sheet_separator = "-"
        g.sheets.extend(sheets)
    gm.hex.default_terrain = "clear"
    for h, t in (terrain or {}).items():
        gm.hex.hexes.add(id=h, terrain=t, features=list((features or {}).get(h, ())))
    for h, f in (features or {}).items():
        if h not in (terrain or {}):
            gm.hex.hexes.add(id=h, features=list(f))
    for a, b, f in sides:
        gm.hex.hexsides.add(a=a, b=b, features=list(f))
    for a, b, k in roads:
        gm.hex.roads.add(a=a, b=b, kind=k)
    return gm


class Scen:
    """A SYNTHETIC scenario under construction."""

    def __init__(self, gm: map_pb2.GameMap | None = None) -> None:
        self.sc = definition_pb2.Scenario(id="lf-test", ruleset="lucky-forward", name="SYNTHETIC test")
        d = self.sc.definition
        d.sides.add(id="allied")
        d.sides.add(id="axis")
        d.map.CopyFrom(gm or hex_map())
        x = self.sc.lucky_forward
        x.first_game_day = 1
        x.last_game_day = 3
        x.weather.add(game_day=1, time="AM", atmosphere="clear", ground="dry")
        self.hq("a-army", "allied", "1010", lf.LF_HQ_ARMY)
        self.hq("a-corps", "allied", "1009", lf.LF_HQ_CORPS, parent="a-army", adv=3)
        self.hq("a-div", "allied", "1008", lf.LF_HQ_DIVISION, parent="a-corps")
        self.hq("x-army", "axis", "2110", lf.LF_HQ_ARMY)
        self.hq("x-corps", "axis", "2109", lf.LF_HQ_CORPS, parent="x-army", adv=3)
        self.hq("x-div", "axis", "2108", lf.LF_HQ_DIVISION, parent="x-corps")
        self.army_amp("a-army", 4)
        self.army_amp("x-army", 4)

    def army_amp(self, hq: str, n: int) -> None:
        for st in self.sc.lucky_forward.hq_status:
            if st.unit_id == hq:
                st.amp = n
                return
        self.sc.lucky_forward.hq_status.add(unit_id=hq, amp=n)

    def hq(self, uid: str, side: str, hex_: str, level: int, *, parent: str = "", mech: bool = True,
           adv: int = 0, fuel: str = "") -> Scen:
        self.unit(uid, side, hex_, types=["hq"], cls="mech", steps=1, defense=1, dpr=5, ma=12,
                  hq=parent if parent else "")
        self.sc.lucky_forward.hqs.add(unit_id=uid, level=level, parent=parent, mech_formation=mech)
        if adv or fuel:
            self.sc.lucky_forward.hq_status.add(unit_id=uid, adv=adv, fuel=fuel)
        return self

    def unit(self, uid: str, side: str, hex_: str | None, *, size: str = "bn", steps: int = 3, cls: str = "leg",
             types: Sequence[str] = ("infantry",), attack: float | None = 6, defense: float | None = 6,
             reduced: tuple[float, float] | None = (4, 4), opr: int | None = 6, dpr: int | None = 6,
             ma: int | None = 6, hq: str | None = None, rgt: str = "", armor: str = "", personnel: bool | None = None,
             nat: str = "", status: Mapping[str, Any] | None = None, arm: int | None = None, **counter: Any) -> Scen:
        """A unit: `armor` is its armour class ("pure", "mixed"), `arm` its
        Arm factor (the counter's `armor` field)."""
        d = self.sc.definition
        d.units.add(id=uid, side=side, name=uid, nationality=nat or ("US" if side == "allied" else "DE"))
        c = self.sc.lucky_forward.counters.add(unit_id=uid, size=SIZE[size], steps=steps, movement_class=CLASS[cls],
                                               types=list(types), armor_class=ARMOR[armor])
        c.personnel = personnel if personnel is not None else (bool({"infantry", "engineer"} & set(types)))
        for name, v in (("attack", attack), ("defense", defense), ("offensive_pr", opr), ("defensive_pr", dpr),
                        ("movement", ma)):
            if v is not None:
                setattr(c, name, v)
        if reduced is not None and steps > 1:
            c.reduced_attack, c.reduced_defense = reduced
        for k, v in counter.items():
            setattr(c, k, v)
        if arm is not None:
            c.armor = arm
        if hex_:
            self.sc.setup.add(unit_id=uid, location=hex_)
        if hq is None:
            hq = "a-div" if side == "allied" else "x-div"
        if hq:
            self.sc.lucky_forward.assignments.add(unit_id=uid, hq=hq, regiment=rgt)
        if status:
            st = self.sc.lucky_forward.initial.add(unit_id=uid)
            for k, v in status.items():
                setattr(st, k, MODES[v] if k == "mode" else v)
        return self

    def work(self, hex_: str, kind: str, side: str = "axis", value: int | None = None) -> Scen:
        w = self.sc.lucky_forward.works.add(hex=hex_, kind=kind, side=side)
        if value is not None:
            w.value = value
        return self


def synthetic_tables(**over: Mapping[tuple[str, str], str]) -> tables_pb2.TableSet:
    """SYNTHETIC values for every cell the text lacks; `over` maps a table id
    (with '/' as '_': lucky_forward_tec) to {(row, column): value}."""
    out = tables_pb2.TableSet()
    tec = {"clear": "1", "rough": "2", "rough-2": "2", "woods": "2", "marsh": "2", "soft ground": "2",
           "swamp": "3", "bocage": "2", "hedgerow": "2", "RR embankment": "2", "location": "1", "village": "1",
           "town": "1", "city": "1", "stream": "1", "river": "2", "major river": "P", "great river": "P", "ford": "1"}
    for t in data.PACK.shipped_tables():
        tv = TableView(t)
        ut = out.tables.add(id=t.id)
        extra = over.get(t.id.replace("/", "_").replace("-", "_"), {})
        for r in t.rows:
            for col in t.columns:
                if (r, col) in extra:
                    ut.cells.add(row=r, column=col, value=extra[(r, col)], source=SYN)
                    continue
                if tv.cell(r, col) is not None:
                    continue
                v = _fill(t.id, r, col, tec)
                if v is not None:
                    ut.cells.add(row=r, column=col, value=v, source=SYN)
    return out


def _fill(tid: str, row: str, col: str, tec: Mapping[str, str]) -> str | None:
    if tid == "lucky-forward/tec":
        v = tec.get(row, "1")
        return ("P" if v == "P" else v) if col == "Leg" else ("P" if row in ("swamp", "river", "major river",
                                                                             "great river") else
                                                             str(int(float(v)) + 1) if row not in (
                                                                 "clear", "village", "town", "city", "location",
                                                                 "ford") else "1")
    if tid == "lucky-forward/entry":
        return "yes"
    if tid == "lucky-forward/fs-terrain":
        return "0" if row in ("clear", "rough", "location") else "-1"
    if tid == "lucky-forward/armor-terrain":
        return ("0" if row == "clear" else "-1") if col == "modifier" else ("-" if row == "clear" else "3")
    if tid == "lucky-forward/fs-resolution":
        return {"8": "-", "9": "AS"}.get(row, "2" if row.isdigit() and int(row) < 18 else "3")
    if tid == "lucky-forward/gat-columns":
        order = ["1:5", "1:4", "1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1"]
        return order[ord(col) - ord("A")]
    if tid in ("lucky-forward/gat-defender-results", "lucky-forward/gat-attacker-results"):
        return "-"
    if tid == "lucky-forward/fuel-level":
        return "6" if col == "low" else "2"
    if tid == "lucky-forward/mr-bonus":
        return "2"
    return None


def new(s: Scen, *, options: Mapping[str, str] | None = None, tables: tables_pb2.TableSet | None = None,
        rolls: Sequence[int] = ()) -> state_pb2.GameState:
    st, _ = engine.new_game(RS, s.sc, game_id="t", options=dict(options or {}), tables=tables,
                            dice=dice_mod.ScriptedDice(list(rolls) + [5] * 20))
    return st


def jump(state: state_pb2.GameState, owner: str, phase: str, segment: str = "", *, time: str | None = None,
         day: int | None = None, hook: bool = True) -> state_pb2.GameState:
    """A copy of `state` in the given segment (of `owner`'s player turn, or
    "joint"/"ena-1"...), with the segment's start-of-segment rules run."""
    s = state_pb2.GameState()
    s.CopyFrom(state)
    s.ClearField("pending")
    m = Model(s)
    if time is not None:
        m.lf.time = time
    if day is not None:
        m.lf.game_day = day
    prog = sop.program(m)
    idx = next(i for i, st in enumerate(prog) if st.turn == owner and st.phase == phase and st.segment == segment)
    m.lf.step = idx
    step = prog[idx]
    s.phase, s.segment = step.phase, step.segment
    m.lf.phasing = sop.phasing_of(m, step)
    s.active_side = sop.actor_of(m, step)
    if hook and (step.phase, step.segment) in sop.ENTER:
        sop.ENTER[(step.phase, step.segment)](m, dice_mod.ScriptedDice([5] * 10), step)
    return m.state


def edit(state: state_pb2.GameState) -> Model:
    """A model over a copy of the state, to set statuses in a test."""
    s = state_pb2.GameState()
    s.CopyFrom(state)
    return Model(s)


def act(state: state_pb2.GameState, action: action_pb2.Action, rolls: Sequence[int] = ()) -> engine.Applied:
    return engine.apply_action(state, action, lambda start, v: dice_mod.ScriptedDice(list(rolls), start, v))


def verdict(state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:
    return engine.validate(state, action)


def codes(v: action_pb2.Verdict) -> list[str]:
    return [x.code for x in v.violations]


def cases(v: action_pb2.Verdict) -> list[str]:
    return [x.citation.rule_case for x in v.violations]


def lfa(side: str, **kw: Any) -> action_pb2.Action:
    a = action_pb2.Action(side=side)
    for k, v in kw.items():
        getattr(a.lucky_forward, k).CopyFrom(v)
    return a


def move(side: str, units: Sequence[str], path: Sequence[str], mode: str = "") -> action_pb2.Action:
    return action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=list(units), path=list(path), mode=mode))


def answer(state: state_pb2.GameState, *choices: str) -> action_pb2.Action:
    d = state.pending
    return action_pb2.Action(side=d.side, answer=action_pb2.AnswerDecision(decision_id=d.id, choices=list(choices)))


def end(side: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, end_phase=action_pb2.EndPhase())


def model(state: state_pb2.GameState) -> Model:
    return Model(state)


def validate_in(m: Model, fn: Any, action: action_pb2.Action) -> VerdictBuilder:
    b = VerdictBuilder()
    fn(m, action, b)
    return b


def d10(*faces: int) -> list[int]:
    """Scripted d10 faces: 0 is thrown as 10 (26.0: a 0 is a zero)."""
    return [10 if f == 0 else f for f in faces]
