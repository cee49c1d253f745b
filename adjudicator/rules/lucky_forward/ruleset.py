"""The `lucky-forward` ruleset (GOSS / Lucky Forward, stage 1) on the ruleset template.

Stage 1 is the part the text specifies completely (docs/rules/lucky-forward.md
maps every case): the state model, the sequence of play, modes, stacking, the
MA pipeline with the terrain-free movement rules, step losses, fatigue, fire
support missions and ground assaults up to and including their results, with
every missing table an unknown cell the engine asks for.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.dice import DiceSource
from adjudicator.core.template import Actions, Applier, RulesetBase, Validator
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import (
    answers,
    data,
    designations,
    ena,
    fs_declare,
    ga_declare,
    legal,
    modes,
    movement,
    movement_reach,
    rest,
    sop,
    sop_auto,
    stacking_end,
)
from adjudicator.rules.lucky_forward.cite import ALLIED, AXIS, GOSS, RULESET_ID
from adjudicator.rules.lucky_forward.model import Model
from adjudicator.rules.lucky_forward.options import LfOptions
from adjudicator.rules.lucky_forward.results_text import check_fs_result, check_ga_result
from adjudicator.rules.lucky_forward.secrecy import LfSideFilter
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2

sop_auto.register()
stacking_end.register()
designations.register()
ena.register()


def settled(fn: Applier[Model]) -> Applier[Model]:
    """Every action ends with its side's rest-GT fatigue placed (rest.settle:
    only the acting side's own rest GT is read)."""

    def apply(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
        fn(m, action, dice)
        rest.settle(m, action.side)

    return apply


def validate_end(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.check_end_phase(m, action, b):
        return
    step = sop.current(m)
    done = sop.DONE.get((step.phase, step.segment))
    if done is not None:
        done(m, action, b)


def apply_end(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    step = sop.current(m)
    m.emit("SEGMENT_ENDED", f"{step.title} ({step.case}) of {sop.time_label(m)} ends", [step.case],
           side=action.side)
    sop.finish_segment(m, dice)


class LuckyForwardRuleset(RulesetBase[Model]):
    id = RULESET_ID
    version = "1.0-stage1"
    title = "Lucky Forward (GOSS)"
    rulebook = "lucky-forward-goss.txt"
    book = GOSS
    pack = data.PACK
    options_class = LfOptions
    extension = "lucky_forward"
    value_checks = {"lucky-forward/fs-resolution": check_fs_result,
                    "lucky-forward/gat-defender-results": check_ga_result,
                    "lucky-forward/gat-attacker-results": check_ga_result}
    side_filter = LfSideFilter()

    def actions(self) -> Actions[Model]:
        table: list[tuple[str, Validator[Model], Applier[Model]]] = [
            ("end_phase", validate_end, apply_end),
            ("move", movement.validate_move, movement.apply_move),
            ("lucky_forward.set_mode", modes.validate_set_mode, modes.apply_set_mode),
            ("lucky_forward.set_stance", modes.validate_set_stance, modes.apply_set_stance),
            ("lucky_forward.set_reserve", modes.validate_set_reserve, modes.apply_set_reserve),
            ("lucky_forward.enter_exploit", modes.validate_enter_exploit, modes.apply_enter_exploit),
            ("lucky_forward.designate_rest", designations.validate_rest, designations.apply_rest),
            ("lucky_forward.designate_assault", designations.validate_assault, designations.apply_assault),
            ("lucky_forward.remove_designation", designations.validate_remove, designations.apply_remove),
            ("lucky_forward.fire_support", fs_declare.validate_fire_support, fs_declare.apply_fire_support),
            ("lucky_forward.ground_assault", ga_declare.validate_ground_assault, ga_declare.apply_ground_assault),
            ("lucky_forward.activate", ena.validate_activate, ena.apply_activate),
        ]
        a = Actions[Model](self.title)
        for key, v, ap in table:
            a.on(key, v, settled(ap))
        for kind, (v, ap) in answers.HANDLERS.items():
            a.answer(kind, v, settled(ap))
        return a

    def compile(self, state: state_pb2.GameState) -> Model:
        return Model(state)

    def complete(self, scenario: definition_pb2.Scenario, options: Mapping[str, str]) -> definition_pb2.Scenario:
        return data.complete(scenario, options[LfOptions.gat_columns.name])  # A26, 13.9.1

    def start(self, state: state_pb2.GameState, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = state.scenario
        x = sc.lucky_forward
        sides = {u.id: u.side for u in sc.definition.units}
        placed = {p.unit_id: p.location for p in sc.setup}
        for u in sc.definition.units:
            loc = placed.get(u.id, "")
            state.units.add(unit_id=u.id, side=sides[u.id], location=loc,
                            status=state_pb2.UnitState.ON_MAP if loc else state_pb2.UnitState.OFF_MAP)
        lf = state.lucky_forward
        lf.game_day = x.first_game_day or 1
        lf.time = x.first_time or "AM"
        lf.gt = 1
        state.turn = 1
        for st in x.initial:
            lf.units.add().CopyFrom(st)
        for hs in x.hq_status:
            lf.hqs.add().CopyFrom(hs)
        lf.works.extend(x.works)
        lf.delays.extend(x.delays)
        m = Model(state)
        data.mr_data_point(state.scenario.definition, m.opts.mr_example)  # after the creation tables: theirs win
        m = Model(state)
        length = sop.game_length(m)
        if sop.last_day(m) > length or lf.game_day > sop.last_day(m):
            from adjudicator.core.errors import MalformedInput

            raise MalformedInput(f"the scenario runs GD {lf.game_day} to GD {sop.last_day(m)}: Lucky Forward has "
                                 f"{length} GDs (option lf.a1-game-length, LF 3.1.1)",
                                 "scenario.lucky_forward.last_game_day")
        for hx in m.units.values():
            if hx.on_map and hx.is_leader:
                hx.st.leader_active = True  # 23.0: leaders arrive activated
        m.emit("GAME_STARTED", f"{sc.name or sc.id}: {sop.time_label(m)}", ["3.0", "LF 3.1.1"])
        if lf.time == "AM":
            pass
        sop.enter_step(m, dice, 0)
        return m.state, m.events

    def legal(self, model: Model, side: str) -> list[service_pb2.LegalAction]:
        return legal.legal(model, side)

    def reachable(self, model: Model, unit_id: str, mode: str) -> tuple[list[service_pb2.ReachableLocation],
                                                                        list[common_pb2.RuleNote]]:
        """Non-road movement (mode ""); a Mech road move is validated as a move."""
        return movement_reach.reachable(model, unit_id)

    def describe(self, state: state_pb2.GameState) -> list[str]:
        m = Model(state)
        step = sop.current(m)
        lines = [f"{sop.time_label(m)}: {step.title} ({step.case}); acting: {state.active_side or '-'}",
                 f"weather: {m.lf.weather.atmosphere or 'clear'}, ground {m.lf.weather.ground or 'dry'}"]
        for side in (ALLIED, AXIS):
            n = sum(1 for _ in m.side_units(side))
            lines.append(f"{side}: {n} units on the map")
        return lines


RULESET = LuckyForwardRuleset()
