"""SYNTHETIC test-only rulesets for `umpire check-log` tests (not real games).

synthetic-hex: the active side moves its units; each step of a path must
enter an adjacent hex (SYN 1.2); a unit spends 1 MP per hex and has 3 MP per
turn (SYN 1.3); no unit may enter a hex holding an enemy unit (SYN 1.4); only
the active side acts (SYN 1.1); ending the phase passes play to the other
side, and after both sides the turn advances and MP reset (SYN 2.1).

synthetic-graph: the same on towns joined by roads (adjacency = a road).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.citations import Rulebook
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import NotFound
from adjudicator.core.numbering import LabelError, from_proto
from adjudicator.core.ruleset import Ruleset, StateLike, state_of
from adjudicator.core.verdicts import VerdictBuilder
from umpire.v1 import action_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2

MP = 3


class _Synthetic(Ruleset):
    version = "0"
    rulebook = "none (SYNTHETIC)"

    def __init__(self, rid: str) -> None:
        self.id = rid
        self.title = f"SYNTHETIC {rid}"
        self.book = Rulebook(rid, "SYN")

    def scenario_ids(self) -> list[str]:
        return []

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        raise NotFound(f"no shipped scenario {scenario_id!r}")

    def new_game(self, scenario: definition_pb2.Scenario, *, game_id: str, options: Mapping[str, str],
                 tables: tables_pb2.TableSet | None, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        st = state_pb2.GameState(game_id=game_id, turn=scenario.first_turn or 1, phase="move")
        st.scenario.CopyFrom(scenario)
        st.active_side = scenario.definition.sides[0].id
        placed = {p.unit_id: p.location for p in scenario.setup}
        for u in scenario.definition.units:
            us = st.units.add(unit_id=u.id, side=u.side)
            if u.id in placed:
                us.location = placed[u.id]
            else:
                us.status = state_pb2.UnitState.OFF_MAP
        return st, []

    def adjacent(self, state: state_pb2.GameState, a: str, b: str) -> bool:
        m = state.scenario.definition.map
        if m.WhichOneof("layout") == "graph":
            return any({r.a, r.b} == {a, b} for r in m.graph.roads)
        n = from_proto(m.hex.grid)
        try:
            (c1, r1), (c2, r2) = n.parse(a), n.parse(b)
        except LabelError:
            return False
        if c1 == c2:
            return abs(r1 - r2) == 1
        if abs(c1 - c2) != 1:
            return False
        # odd raw columns are half a hex lower (VASSAL HexGrid)
        return r2 - r1 in ((-1, 0) if c1 % 2 == 0 else (0, 1))

    def validate(self, subject: StateLike, action: action_pb2.Action) -> action_pb2.Verdict:
        state = state_of(subject)
        kind = action.WhichOneof("kind")
        b = VerdictBuilder(kind or "")
        if action.side != state.active_side:
            b.violation("NOT_YOUR_TURN", f"{action.side} is not the active side ({state.active_side})", self.book.cite("1.1"))
            return b.build()
        if kind == "move":
            units = {u.unit_id: u for u in state.units}
            enemy = {u.location for u in state.units if u.side != action.side and u.status == state_pb2.UnitState.ON_MAP}
            for uid in action.move.unit_ids:
                u = units.get(uid)
                if u is None or u.side != action.side:
                    b.violation("NOT_YOUR_UNIT", f"{uid} is not a unit of {action.side}", self.book.cite("1.1"), uid)
                    continue
                here = u.location
                cost = u.mp_spent
                for loc in action.move.path:
                    if loc == here:
                        continue
                    if not self.adjacent(state, here, loc):
                        b.violation("NOT_ADJACENT", f"{uid}: {loc} is not adjacent to {here}", self.book.cite("1.2"), uid)
                        break
                    if loc in enemy:
                        b.violation("ENEMY_OCCUPIED", f"{uid} may not enter {loc}: enemy unit there", self.book.cite("1.4"), uid)
                        break
                    cost += 1
                    if cost > MP:
                        b.violation("NO_MP", f"{uid} has no MP left to enter {loc} ({MP} per turn)", self.book.cite("1.3"), uid)
                        break
                    here = loc
        return b.build()

    def apply(self, subject: StateLike, action: action_pb2.Action,
              dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        st = state_pb2.GameState()
        st.CopyFrom(state_of(subject))
        events = []
        kind = action.WhichOneof("kind")
        if kind == "move":
            for u in st.units:
                if u.unit_id in action.move.unit_ids:
                    start = u.location
                    for loc in action.move.path:
                        if loc != u.location:
                            u.location = loc
                            u.mp_spent += 1
                    events.append(state_pb2.Event(kind="UNITS_MOVED", units=[u.unit_id], from_location=start,
                                                  to_location=u.location, text=f"{u.unit_id} moved"))
        elif kind == "place":
            for u in st.units:
                if u.unit_id in action.place.unit_ids:
                    u.status = state_pb2.UnitState.ON_MAP
                    u.location = action.place.location
        elif kind == "end_phase":
            sides = [s.id for s in st.scenario.definition.sides]
            i = sides.index(st.active_side)
            st.active_side = sides[(i + 1) % len(sides)]
            if i + 1 == len(sides):
                st.turn += 1
                for u in st.units:
                    u.mp_spent = 0
        return st, events

    def legal_actions(self, subject: StateLike, side: str) -> list[service_pb2.LegalAction]:
        return []


HEX = _Synthetic("synthetic-hex")
GRAPH = _Synthetic("synthetic-graph")


def register_all() -> None:
    from adjudicator.core.ruleset import register

    register("synthetic-hex", "tests.support.vassal_ruleset:HEX")
    register("synthetic-graph", "tests.support.vassal_ruleset:GRAPH")
