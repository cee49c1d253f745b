"""Game states reconstructing the rulebook's worked examples on the illustrative map.

ILLUSTRATIVE/SYNTHETIC: the examples give hexes and some values; where a test
needs a value the text does not give (e.g. the strength of a unit whose ZoC the
example relies on), it is set here and marked SYNTHETIC in the unit's props.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.position import Position
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.nordwind import data
from umpire.v1 import action_pb2, definition_pb2, state_pb2, tables_pb2


@dataclass
class U:
    id: str
    side: str
    hex: str
    type: str = "infantry"
    size: str = "III"
    strength: int | None = None
    reduced: int | None = None
    quality: str | None = None
    tags: Sequence[str] = ()
    formation: str = ""
    nationality: str = ""
    asterisk: str | None = None  # "yes"/"no"
    steps: int = 2
    note: str = ""
    props: dict[str, str] = field(default_factory=dict)


def scenario(units: Sequence[U], last_turn: int = 12, red_line: Sequence[str] = ()) -> definition_pb2.Scenario:
    s = definition_pb2.Scenario(id="test/illustrative", name="SYNTHETIC test scenario", ruleset="nordwind-1945",
                                first_turn=1, last_turn=last_turn)
    d = s.definition
    if red_line:  # SYNTHETIC: the illustrative map with these hexes beyond the red dotted line (10.1.1)
        d.map.CopyFrom(data.game_map())
        s.nordwind.red_line = True
        entries = {h.id: h for h in d.map.hex.hexes}
        for label in red_line:
            entry = entries.get(label) or d.map.hex.hexes.add(id=label)
            entry.tags.append("red-line:german")
    d.sides.extend(data.roster().sides)
    d.unit_types.extend(data.roster().unit_types)
    for u in units:
        face = definition_pb2.UnitFace()
        if u.strength is not None:
            face.attack = face.defense = u.strength
        if u.quality is not None:
            face.quality = u.quality
        faces = [face]
        reduced = definition_pb2.UnitFace()
        if u.reduced is not None:
            reduced.attack = reduced.defense = u.reduced
        if u.quality is not None:
            reduced.quality = u.quality
        faces.append(reduced)
        nat = u.nationality or ("DE" if u.side == "german" else "US")
        unit = d.units.add(id=u.id, side=u.side, name=u.id, formation=u.formation, size=u.size, type=u.type,
                           faces=faces, steps=u.steps, tags=list(u.tags), nationality=nat)
        if u.asterisk:
            unit.props["armored_bonus"] = u.asterisk
        if u.note:
            unit.props["note"] = u.note
        unit.props.update(u.props)
        if u.hex:
            s.setup.add(unit_id=u.id, location=u.hex)
    return s


def new_state(units: Sequence[U], *, phase: str = "", weather: str = "", air: dict[str, int] | None = None,
              options: dict[str, str] | None = None, tables: tables_pb2.TableSet | None = None,
              last_turn: int = 12, red_line: Sequence[str] = ()) -> state_pb2.GameState:
    r = get_ruleset("nordwind-1945")
    st, _ = engine.new_game(r, scenario(units, last_turn, red_line), game_id="test", options=options or {}, tables=tables,
                            dice=dice_mod.ScriptedDice([]))
    if phase:
        st.phase = phase
        st.active_side = phase.split("-")[0]
    if weather:
        st.nordwind.weather = weather
    for side, n in (air or {}).items():
        st.nordwind.air_missions[side] = n
    return st


def act(side: str, **kind: object) -> action_pb2.Action:
    return action_pb2.Action(side=side, **kind)  # type: ignore[arg-type]


def move(side: str, units: Sequence[str], path: Sequence[str]) -> action_pb2.Action:
    return action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=list(units), path=list(path)))


def attack(side: str, target: str, attackers: Sequence[str], supports: Sequence[str] = ()) -> action_pb2.Action:
    return action_pb2.Action(side=side, attack=action_pb2.Attack(target=target, attackers=list(attackers),
                                                               supports=list(supports)))


def answer(state: state_pb2.GameState, choices: Sequence[str] = (),
           assignments: Sequence[tuple[str, Sequence[str]]] = ()) -> action_pb2.Action:
    return action_pb2.Action(
        side=state.pending.side,
        answer=action_pb2.AnswerDecision(
            decision_id=state.pending.id, choices=list(choices),
            assignments=[action_pb2.Assignment(unit_id=u, path=list(p)) for u, p in assignments]),
    )


def play(state: state_pb2.GameState | Position, action: action_pb2.Action, rolls: Sequence[int] = ()) -> engine.Applied:
    def factory(start: int, version: int) -> dice_mod.ScriptedDice:
        return dice_mod.ScriptedDice(rolls, start, version)

    return engine.apply_action(state, action, factory)


def edited(state: state_pb2.GameState) -> state_pb2.GameState:
    """A copy of `state` to change by hand. States are values: a `Position` keeps
    each state's board, so a test that moves a unit by editing a state that may
    be wrapped in a position must edit a copy (as `apply` does)."""
    out = state_pb2.GameState()
    out.CopyFrom(state)
    return out


def unit_state(state: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in state.units if u.unit_id == uid)


# -- the examples' casts -----------------------------------------------------------

SYN = "SYNTHETIC: value not in the text, chosen so the example's situation holds"


def movement_example() -> list[U]:
    """3.2 'Example of movement': CCA/12 leaves 59/19's ZoC and drives 1008 -> 1510."""
    return [
        U("CCA/12", "allied", "0908", type="armored", size="X", tags=["infantry-armor-bonus"], formation="12 DB"),
        U("CCB/12", "allied", "1209", type="armored", size="X", formation="12 DB"),  # "another armored unit"
        U("45DI-1", "allied", "1409", type="infantry"),  # "the infantry unit"
        U("59/19", "german", "0807", strength=3, note=SYN + " (59/19 exerts a ZoC into 0908)"),
    ]


def infiltration_example(unit: str = "12/6.SS", tags: Sequence[str] = ("infiltration",)) -> list[U]:
    """4.4: a 6.SS infantry unit from 1207 through 1308 (both in US ZoC) across a river to 1408."""
    return [
        U(unit, "german", "1207", type="infantry", tags=list(tags), formation="6.SS"),
        U("45DI-2", "allied", "1307", strength=3, note=SYN + " (its ZoC covers 1207 and 1308)"),
    ]


def combat_example_one() -> list[U]:
    """Examples of Combat, Example 1: three 21.Pz units and 653sPJ (12) against CCB/12 (6), clear, 2/1."""
    return [
        U("21Pz-1", "german", "1005", type="mech-infantry", strength=1, quality="C", formation="21.Pz",
          tags=["armored-division"]),
        U("21Pz-2", "german", "1005", type="armored", strength=4, quality="C", formation="21.Pz",
          tags=["armored-division"]),
        U("21Pz-3", "german", "1005", type="armored", strength=4, quality="C", formation="21.Pz",
          tags=["armored-division"]),
        U("21Pz-4", "german", "0502", type="mech-infantry", size="II", strength=1, quality="C", formation="21.Pz",
          tags=["armored-division"], note="SYNTHETIC: the 21.Pz battalion, not in the attack"),
        U("653sPJ", "german", "1005", type="armored", size="II", strength=3, quality="B", asterisk="yes",
          formation="653sPJ"),
        U("VolksW", "german", "1004", type="rocket-launcher", size="II", strength=1, quality="C", tags=["artillery"],
          formation="VolksW"),
        U("CCB/12", "allied", "1006", type="armored", size="X", strength=6, reduced=3, quality="D", asterisk="no",
          tags=["infantry-armor-bonus", "armored-division"], formation="12 DB"),
    ]


def synthetic_crt(result: str, bold: bool = False, quality: str = "0") -> tables_pb2.TableSet:
    """SYNTHETIC: a table file filling every unknown CRT cell with `result` and the
    Quality Table's die-6 row with `quality`, so a test controls the outcome."""
    ts = tables_pb2.TableSet()
    crt = ts.tables.add(id="nordwind-1945/crt")
    for r in range(1, 7):
        for c in ["1/4", "1/3", "1/2", "1/1", "2/1", "3/1", "4/1", "5/1", "6/1", "7/1", "8/1"]:
            cell = crt.cells.add(row=str(r), column=c, value=result, source="SYNTHETIC test table")
            if bold:
                cell.marks["bold"] = "true"
    q = ts.tables.add(id="nordwind-1945/quality")
    for c in "ABCD":
        q.cells.add(row="6", column=c, value=quality, source="SYNTHETIC test table")
    return ts
