"""The Traces of Victory ruleset: the `Ruleset` interface wired to the modules
that hold the rules (chits, activation, moves, combat, results, supply,
arrivals, weather, victory, phases)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.secrecy import SideFilter
from adjudicator.core.tables import merge_tables
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces import (
    activation, arrivals, chits, combat, legal, moves, phases, relocation, results, scenarios, views,
)
from adjudicator.rules.traces import options as opts
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.losses import fits
from adjudicator.rules.traces.model import OFF_MAP, ON_MAP, Game
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2, traces_pb2

PLAYERS = {
    "2": [("allied", "allied", ["third", "seventh"]), ("german", "german", ["19th", "1st"])],
    "3": [("third-army", "allied", ["third"]), ("seventh-army", "allied", ["seventh"]),
          ("german", "german", ["19th", "1st"])],
    "4": [("third-army", "allied", ["third"]), ("seventh-army", "allied", ["seventh"]),
          ("german-19th", "german", ["19th"]), ("german-1st", "german", ["1st"])],
}
NAMES = {"allied": "Allied", "german": "German", "third-army": "US Third Army", "seventh-army": "US Seventh Army",
         "german-19th": "German 19th Army", "german-1st": "German 1st Army"}


class TracesFilter(SideFilter):
    """What one player may know (views.py: the cup, the chit-draw dice, secret selections)."""

    def state(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        return views.view(state, side)

    # The non-interference test's twins (views.py).
    perturb = staticmethod(views.perturb)
    perturb_action = staticmethod(views.perturb_action)

    def rolls(self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll],
              side: str) -> list[common_pb2.DieRoll]:
        return views.view_rolls(state, rolls, side)

    def action(self, state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
        return views.view_action(state, action, side)


class TracesOfVictory(Ruleset):
    id = "traces-of-victory"
    side_filter = TracesFilter()
    version = scenarios.RULESET_VERSION
    title = "Traces of Victory"
    rulebook = "traces-of-victory.txt"

    def authoring(self) -> "Vocabulary":
        from adjudicator.rules.traces.authoring import VOCABULARY

        return VOCABULARY

    def scenario_ids(self) -> list[str]:
        return list(scenarios.SHIPPED)

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        return scenarios.load(scenario_id)

    def options(self) -> list[definition_pb2.RuleOption]:
        return opts.rule_options()

    # -- lifecycle
    def new_game(
        self,
        scenario: definition_pb2.Scenario,
        *,
        game_id: str,
        options: Mapping[str, str],
        tables: tables_pb2.TableSet | None,
        dice: DiceSource,
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = scenarios.complete(scenario)
        if tables is not None and tables.tables:
            merged = merge_tables(list(sc.definition.tables), tables, "tables")
            del sc.definition.tables[:]
            sc.definition.tables.extend(merged)
        effective = opts.effective(sc.options, options)
        players = _players(sc, opts.Opts(effective)["tov.15.1-players"])
        state = state_pb2.GameState(scenario=sc, options=effective)
        state.traces.players.extend(players)
        placed = {p.unit_id: p.location for p in sc.setup}
        for u in sc.definition.units:
            loc = placed.get(u.id, "")
            state.units.add(unit_id=u.id, side=u.side, status=ON_MAP if loc else OFF_MAP, location=loc)
        g = Game(state)
        _check_setup(g)
        _initial_control(g)
        phases.start_game(g, dice)
        return g.state, g.events

    def validate(self, state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        g = Game(state)
        kind = action.WhichOneof("kind") or ""
        b = VerdictBuilder(kind)
        _validate(g, action, b)
        return b.build()

    def apply(
        self, state: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        g = Game.copy_of(state)
        kind = action.WhichOneof("kind")
        supplied = list(action.supplied_cells)
        if kind == "move":
            moves.apply_move(g, action)
        elif kind == "attack":
            results.apply_attack(g, action, dice)
        elif kind == "place":
            arrivals.apply_place(g, action)
        elif kind == "end_phase":
            phases.apply_end(g, action, dice)
        elif kind == "answer":
            _apply_answer(g, action.answer, dice, supplied)
        else:
            sub = action.traces.WhichOneof("kind")
            if sub == "select_chits":
                chits.apply_select(g, action)
                phases.after_selection(g, dice, supplied)
            elif sub == "activate":
                activation.apply_activate(g, action)
            else:
                phases.apply_interdict(g, action)
        return g.state, g.events

    def legal_actions(self, state: state_pb2.GameState, side: str) -> list[service_pb2.LegalAction]:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        def valid(g: Game, action: action_pb2.Action) -> bool:
            b = VerdictBuilder()
            _validate(g, action, b)
            return b.ok

        return legal.legal_actions(Game(state), side, valid)

    def reach(self, state: state_pb2.GameState, unit_id: str) -> list[service_pb2.ReachableLocation]:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        g = Game(state)
        if unit_id not in g.defs:
            raise MalformedInput(f"unknown unit {unit_id!r}", "unit_id")
        return moves.reach(g, unit_id)

    def supply(self, state: state_pb2.GameState, side: str) -> "SupplyAnswer":
        """8.1: where a supply line of `side` reaches, and its units in supply."""
        from adjudicator.core.ruleset import SupplyAnswer
        from adjudicator.rules.traces import supply as sup

        g = Game(state)
        if side not in ("allied", "german"):
            raise MalformedInput(f"unknown side {side!r} (allied, german)", "side")
        reached = sup.reach(g, side)
        mine = sorted(u for u in g.defs if g.belligerent(u) == side and g.hex_of(u) >= 0)
        ok = [u for u in mine if sup.in_supply(g, u, reached)]
        return SupplyAnswer(side, [g.label(h) for h in range(g.hm.n) if reached[h]], ok,
                            [u for u in mine if u not in ok])


def _validate(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    kind = action.WhichOneof("kind") or ""
    if kind == "move":
        moves.validate_move(g, action, b)
    elif kind == "attack":
        combat.validate_attack(g, action, b)
    elif kind == "place":
        arrivals.validate_place(g, action, b)
    elif kind == "end_phase":
        phases.validate_end(g, action, b)
    elif kind == "answer":
        if g.state.pending.kind == relocation.KIND:
            relocation.validate_answer(g, action.answer, b)
        else:
            results.validate_answer(g, action.answer, b)
    elif kind == "traces":
        sub = action.traces.WhichOneof("kind")
        if sub == "select_chits":
            chits.validate_select(g, action, b)
        elif sub == "activate":
            activation.validate_activate(g, action, b)
        elif sub == "interdict":
            phases.validate_interdict(g, action, b)
        else:
            raise MalformedInput("empty Traces of Victory action (select_chits, activate or interdict)",
                                 "action.traces")
    else:
        raise MalformedInput(f"Traces of Victory has no {kind!r} action", "action")


def _apply_answer(g: Game, answer: action_pb2.AnswerDecision, dice: DiceSource,
                  supplied: list[common_pb2.SuppliedCell]) -> None:
    if g.state.pending.kind == relocation.KIND:
        relocation.apply_answer(g, answer)
        if relocation.next_decision(g):
            return
        resume = g.tv.resume
        g.tv.resume = ""
        if resume == "draw":
            phases.next_chit(g, dice, supplied)
        return
    results.apply_answer(g, answer, dice, supplied)


def _players(sc: definition_pb2.Scenario, mode: str) -> list[traces_pb2.TracesPlayer]:
    """15.1: who commands what; units and sides are given to their players."""
    in_play = {a.id for a in sc.traces.armies}
    out: list[traces_pb2.TracesPlayer] = []
    for side, bel, armies in PLAYERS[mode]:
        mine = [a for a in armies if a in in_play]
        if not mine and any(p.belligerent == bel for p in out):
            continue
        out.append(traces_pb2.TracesPlayer(side=side, belligerent=bel, armies=mine or armies,
                                           lead=not any(p.belligerent == bel for p in out)))
    if mode != "2":
        del sc.definition.sides[:]
        for p in out:
            sc.definition.sides.add(id=p.side, name=NAMES.get(p.side, p.side))
        for u in sc.definition.units:
            bel = u.props.get("belligerent", u.side)
            owner = next((p.side for p in out if p.belligerent == bel and u.props.get("army", "") in p.armies),
                         next(p.side for p in out if p.belligerent == bel and p.lead))
            u.side = owner
    return out


def _check_setup(g: Game) -> None:
    by_hex: dict[int, list[str]] = {}
    for i, p in enumerate(g.sc.setup):
        h = g.hm.hex_id(p.location, f"scenario.setup[{i}].location")
        if not g.in_play[h]:
            raise MalformedInput(f"{p.location} is outside the scenario's map", f"scenario.setup[{i}]")
        by_hex.setdefault(h, []).append(p.unit_id)
    for h, ids in by_hex.items():
        if len({g.belligerent(u) for u in ids}) > 1:
            raise MalformedInput(f"{g.label(h)} holds units of both sides (5.0)", "scenario.setup")
        if not fits(g, h, ids):
            raise MalformedInput(f"{g.label(h)} holds {len(ids)} units: at most two combat units and one HQ (5.0)",
                                 "scenario.setup")


def _initial_control(g: Game) -> None:
    """6.1: cities and towns east and north of the start line are German, the
    others Allied (given per hex in the map data); supply sources by colour."""
    given = dict(g.ext.control)
    for h in range(g.hm.n):
        if not g.board.controllable(h):
            continue
        label = g.label(h)
        tags = [t.split(":", 1)[1] for t in g.hm.tags[h] if t.startswith("control:")]
        owner = given.get(label) or (tags[0] if tags else g.board.source_colour(h))
        if owner not in ("allied", "german"):
            raise MalformedInput(f"{label} ({g.hm.terrain[h]}) has no initial control: tag it 'control:allied' or "
                                 "'control:german' (6.1) or list it in scenario.traces.control", "scenario.definition.map")
        g.tv.control[label] = owner
    g.emit("SETUP", f"{len(g.tv.control)} City, Town and Supply Source hexes under control; every unit on the map is "
           "in supply (12.1)", [TV.cite("6.1"), TV.cite("12.1")])


RULESET = TracesOfVictory()


if TYPE_CHECKING:
    from adjudicator.core.authoring import Vocabulary
    from adjudicator.core.ruleset import SupplyAnswer
