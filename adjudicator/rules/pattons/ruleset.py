"""Patton's 3rd Army: The Lorraine Campaign (`pattons-3rd-army`) on the ruleset
template (adjudicator/core/template.py) and the hex kernel.

Docs: docs/rules/pattons-3rd-army.md. Rulebook:
../shared/rules/pattons-3rd-army-lorraine.txt, cited as `P3A <case>`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pathlib import Path

from adjudicator.core.datapack import DataPack
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.template import Actions, RulesetBase
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.core.ruleset import SupplyAnswer
from adjudicator.rules.pattons import advance, chits, legal, moves, phases, resolve, results, strength, supply, terrain
from adjudicator.rules.pattons.cite import CRT, P3, RULESET_ID, TEC, US, WEATHER
from adjudicator.rules.pattons.model import OFF_MAP, Game
from adjudicator.rules.pattons.options import PattonsOptions
from adjudicator.rules.pattons.secrecy import PattonsFilter
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2

DATA = Path(__file__).parent / "data"
ILLUSTRATIVE_MAP = "pattons-3rd-army/illustrative"
SCENARIOS = {"pattons-3rd-army/metz": "scenario-illustrative.textproto",
             "pattons-3rd-army/metz-extended": "scenario-illustrative.textproto"}


def _own_turn(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> bool:
    if action.side != g.state.active_side:
        b.violation("NOT_YOUR_TURN", f"it is {g.state.active_side}'s {g.phase}", P3.cite("4.2"))
        return False
    return True


def validate_move(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if _own_turn(g, action, b):
        moves.validate_move(g, action, b)


def apply_move(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    moves.apply_move(g, action)


def validate_attack(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if _own_turn(g, action, b):
        resolve.validate_attack(g, action, b)


def validate_bombers(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if _own_turn(g, action, b):
        phases.validate_bombers(g, action, b)


def validate_cadre_size(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    """10.D (optional), 10.E: the owner's choice, outside Combat Phases."""
    cs = action.pattons.cadre_size
    if g.opts.cadre_size != "owner":
        b.violation("OPTION_OFF", "optional rule 10.D is not in play (option p3.10d-cadre-size)", P3.cite("10.D"))
        return
    if not _own_turn(g, action, b):
        return
    if g.phase.endswith("-combat"):
        b.violation("NOT_IN_COMBAT", "a cadre's status may not change during a Combat Phase", P3.cite("10.E"))
        return
    c = g.counters.get(cs.unit_id)
    if c is None or c.side != action.side or not g.cadre(cs.unit_id) or not c.large:
        b.violation("NOT_A_CADRE", f"{cs.unit_id!r} is not one of your cadres of a regiment or brigade",
                    P3.cite("10.D"), cs.unit_id)


def apply_cadre_size(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    cs = action.pattons.cadre_size
    (g.mark if cs.original else g.unmark)(cs.unit_id, "cadre-original")
    g.event("CADRE_SIZE", f"{cs.unit_id} counts as {'its original size' if cs.original else 'a battalion'} for "
            "stacking and divisional integrity", ["10.D"], [cs.unit_id])


def validate_end(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    phases.validate_end(g, action, b)


def apply_end(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    if g.phase.endswith("-combat"):
        for u in g.units:
            g.unmark(u, "no-zoc")  # 9.9.7.B-2: for the rest of the Combat Phase only
            g.unmark(u, "retreated-in")
        g.invalidate()
    phases.apply_end(g, action, dice)


class PattonsRuleset(RulesetBase[Game]):
    id = RULESET_ID
    version = "1.0.0"
    title = "Patton's 3rd Army: The Lorraine Campaign"
    rulebook = "pattons-3rd-army-lorraine.txt"
    book = P3
    pack = DataPack(DATA, SCENARIOS)
    options_class = PattonsOptions
    extension = "pattons"
    value_checks = {CRT: strength.check_result, TEC: terrain.check_value, WEATHER: phases.check_weather}
    # What a needed cell accepts, printed with it (Ruleset.accepted).
    value_hints = {CRT: "a result as printed, parts like A1, D2(2) or A(1); a trailing ! marks a breakthrough",
                   TEC: "an MP cost as printed, e.g. 1, 1/2 or 2",
                   WEATHER: "clear, light overcast or heavy overcast, with + rain when it rains"}
    side_filter = PattonsFilter()

    def actions(self) -> Actions[Game]:
        return (Actions[Game](self.title)
                .on("move", validate_move, apply_move)
                .on("attack", validate_attack, resolve.apply_attack)
                .on("pattons.attack", validate_attack, resolve.apply_attack)
                .on("pattons.heavy_bombers", validate_bombers, phases.apply_bombers)
                .on("pattons.cadre_size", validate_cadre_size, apply_cadre_size)
                .on("end_phase", validate_end, apply_end)
                .answer("ALLOCATE_SUPPORT", phases.validate_allocate_support, phases.apply_allocate_support)
                .answer("DEFEND", resolve.validate_defend, resolve.apply_defend)
                .answer("ROLL", resolve.validate_roll, resolve.apply_roll)
                .answer("CHOOSE_LOSSES", results.validate_losses, results.apply_losses_answer)
                .answer("RESULT_ALLOCATION", results.validate_allocation, results.apply_allocation)
                .answer("RETREAT", results.validate_retreat, results.apply_retreat)
                .answer("ADVANCE", advance.validate_advance, advance.apply_advance)
                .answer("ELIMINATE_OVERSTACKED", phases.validate_overstack, phases.apply_overstack)
                .answer("BOMBER_EFFECT", phases.validate_bomber_effect, phases.apply_bomber_effect))

    def compile(self, state: state_pb2.GameState) -> Game:
        return Game(state)

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        sc = self.pack.scenario(scenario_id)
        if scenario_id.endswith("-extended"):  # 25.2: the same game carried on to Turn 24
            sc.id = sc.definition.id = scenario_id
            sc.name = sc.name.replace("(25.1", "(25.2").replace("Battle for Metz", "Battle for Metz (Extended)")
            sc.last_turn = 24
            sc.pattons.extended = True
        return sc

    def complete(self, scenario: definition_pb2.Scenario, options: Mapping[str, str]) -> definition_pb2.Scenario:
        d = scenario.definition
        if not d.sides:
            d.sides.add(id="us", name="United States (Allied)", color="olive")
            d.sides.add(id="german", name="German", color="gray")
        if d.map.id == ILLUSTRATIVE_MAP and not d.map.HasField("hex"):
            d.map.CopyFrom(self.pack.map("map-illustrative.toml"))
        if not d.map.HasField("hex"):
            raise MalformedInput("the scenario has no map: the published map is not in the text (give a hex map, "
                                 "docs/maps.md)", "scenario.definition.map")
        shipped = self.pack.tables("tables.textproto")
        have = {t.id for t in d.tables}
        for t in shipped:
            if t.id not in have:
                d.tables.append(t)
        if not scenario.pattons.chits:
            raise MalformedInput("the scenario lists no strength chits: the counter mix is not in the text "
                                 "(8.3.2; give scenario.pattons.chits)", "scenario.pattons.chits")
        if not scenario.last_turn:
            scenario.last_turn = 24 if scenario.pattons.extended else 12
        return scenario

    def start(self, state: state_pb2.GameState, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = state.scenario
        placed = {p.unit_id: p.location for p in sc.setup}
        for u in sc.definition.units:
            us = state.units.add(unit_id=u.id, side=u.side, status=OFF_MAP)
            if placed.get(u.id):
                us.status = state_pb2.UnitState.ON_MAP
                us.location = placed[u.id]
        chits.init_pools(state)
        state.turn = 1
        g = Game(state)
        terrain.check_terrain(g)
        strength.check_crt(g)
        for p in sc.setup:
            if p.location:
                g.hex(p.location, f"scenario.setup[{p.unit_id}]")
        phases.start_turn_one(g)
        if sc.pattons.support:
            for corps, sp in sc.pattons.support.items():
                g.ext.support[corps] = sp
        elif sc.pattons.us_corps:
            state.phase, state.active_side = "setup", US
            phases.ask_support(g)
            return state, g.events
        phases.begin_us(g, dice)
        return state, g.events

    def legal(self, model: Game, side: str) -> list[service_pb2.LegalAction]:
        return legal.legal(model, side)

    reach_modes = moves.MODES  # 5.1.C: tactical or strategic

    def reachable(self, model: Game, unit_id: str, mode: str) -> tuple[list[service_pb2.ReachableLocation],
                                                                        list[common_pb2.RuleNote]]:
        if unit_id not in model.counters:
            raise MalformedInput(f"no unit {unit_id!r}", "unit_id")
        return moves.reachable(model, unit_id, mode)

    def supply(self, state: state_pb2.GameState, side: str) -> SupplyAnswer:
        """The hexes from which `side` traces supply now (11.2.1), and its units'
        states as a determination would set them now (11.0.C)."""
        g = Game(state)
        to_linked, _ = supply.fields(g, side)
        limit = 6 if g.opts.supply_length == "entered" else 5
        reached = [g.label(h) for h in range(g.hm.n) if 0 <= to_linked[h] <= limit]
        states = {u: supply.status(g, u) for u in sorted(g.on_map(side))}
        return SupplyAnswer(side, reached, [u for u, (st, _) in states.items() if st == supply.IN],
                            [u for u, (st, _) in states.items() if st != supply.IN],
                            [common_pb2.RuleNote(text=f"{u}: {st}", citation=P3.cite(case))
                             for u, (st, case) in states.items() if st != supply.IN])

    def describe(self, state: state_pb2.GameState) -> list[str]:
        p = state.pattons
        mud = any(r <= state.turn <= r + 3 for r in p.rain_turns)
        lines = [f"weather {p.weather or '-'}" + (" with rain" if p.rain else "") + (f", mud until turn {p.mud_until}"
                 if mud else ""),
                 "air points: " + ", ".join(f"{k} {v}" for k, v in sorted(p.air_points.items())),
                 "support points: " + ", ".join(f"{k} Corps {v}" for k, v in sorted(p.support.items())),
                 "pools: " + ", ".join(f"morale {x.morale}: {x.count} chits" for x in p.pools)]
        if p.held:
            lines.append("chits: " + ", ".join(f"{h.unit_id} {h.chit}" for h in p.held))
        if p.HasField("combat"):
            c = p.combat
            lines.append(f"combat at {', '.join(c.targets)}: {c.stage}" + (f" {c.attack}:{c.defense} -> {c.column}"
                                                                           if c.stage == "revealed" else "")
                         + (f" result {c.result}" if c.result else ""))
        return lines


RULESET = PattonsRuleset()
