"""Combat results (6.5, 6.6) as a sequence of the owners' choices.

A result "A/D" gives each side a part: "-", "N" (N requirements, each a step
loss or a hex of retreat), "R" (a mandatory retreat) or "RN". The defender
applies its part first, then the attacker (6.5). Every choice the rules leave to
a player becomes a pending decision, answered by the next action:

  RESULT_ALLOCATION  how many losses / hexes of retreat (A/B may turn R into a loss)
  BOLD_LAST          the attacker picks the last requirement of a bold result
  RETREAT            the path of every retreating unit (6.6.1 priorities)
  CHOOSE_LOSSES      which units lose the steps (armor first, 6.5; ZoC losses, 4.3)
  ELIMINATE_OVERSTACKED  which units a retreat's over-stacking eliminates (5, 6.6.1)
  ADVANCE            which victorious units advance, and where (6.6.2)

`run` carries the result forward until a decision is needed; `answer` applies
one answer and runs on. Forced choices (one option) are applied at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.combat import steps_left, take_step_losses
from adjudicator.core.decisions import decision, option
from adjudicator.core.retreat import OFF_MAP, RetreatRules, advance_paths, away_from, best, fewest_ezoc, retreat_paths, toward
from adjudicator.core.unknowns import Branch, decide
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.core.zoc import negated
from adjudicator.rules.nordwind.options import NordwindOptions
from adjudicator.rules.nordwind.board import Board
from adjudicator.rules.nordwind.cite import GERMAN, NW, other
from adjudicator.rules.nordwind.moves import red_line_hexes
from adjudicator.rules.nordwind.result_text import Part, parse_result
from umpire.v1 import action_pb2, definition_pb2, state_pb2

FRIENDLY_EDGES: dict[str, tuple[str, ...]] = {GERMAN: ("north", "east"), "allied": ("west", "south")}  # 7.2


def edge_field(board: Board, side: str) -> list[int]:
    edges = FRIENDLY_EDGES[side]
    if side == GERMAN and board.opts.german_edge == "north":
        edges = ("north",)
    hexes: list[int] = []
    for e in edges:
        hexes.extend(board.map.edge_hexes(e))
    return board.map.distance_field(hexes)


class Resolution:
    """Applies the pending combat of `ns` (a state being built by `apply`)."""

    def __init__(self, ns: state_pb2.GameState, events: list[state_pb2.Event]) -> None:
        self.ns = ns
        self.c = ns.nordwind.combat
        self.events = events

    # -- small helpers
    def board(self) -> Board:
        return Board(self.ns)

    def us(self, uid: str) -> state_pb2.UnitState:
        return next(u for u in self.ns.units if u.unit_id == uid)

    def unit(self, uid: str) -> definition_pb2.Unit:
        return next(u for u in self.ns.scenario.definition.units if u.id == uid)

    def alive(self, units: Sequence[str]) -> list[str]:
        return [u for u in units if self.us(u).status == state_pb2.UnitState.ON_MAP]

    def side_of_part(self) -> str:
        return self.c.defender_side if self.c.part == "defender" else self.c.attacker_side

    def units_of_part(self) -> list[str]:
        return list(self.c.defenders if self.c.part == "defender" else self.c.attackers)

    def event(self, kind: str, text: str, case: str, units: Sequence[str] = (), side: str = "") -> None:
        self.events.append(state_pb2.Event(kind=kind, text=text, citations=[NW.cite(case)], units=list(units),
                                           side=side))

    def ask(self, d: state_pb2.Decision) -> None:
        self.ns.nordwind.decision_counter += 1
        d.id = f"d{self.ns.nordwind.decision_counter}"
        self.ns.pending.CopyFrom(d)

    def lose_steps(self, uid: str, n: int, why: str, case: str) -> int:
        us = self.us(uid)
        taken = take_step_losses(self.unit(uid), us, n)
        side = self.unit(uid).side
        self.ns.nordwind.steps_lost[side] = self.ns.nordwind.steps_lost[side] + taken
        if taken:
            gone = us.status == state_pb2.UnitState.ELIMINATED
            self.event("UNIT_ELIMINATED" if gone else "STEP_LOST",
                       f"{uid} loses {taken} step{'s' if taken > 1 else ''} ({why})" + (": eliminated" if gone else ""),
                       case, [uid])
        return taken

    def eliminate(self, uid: str, why: str, case: str) -> None:
        us = self.us(uid)
        left = steps_left(self.unit(uid), us)
        self.lose_steps(uid, left, why, case)
        us.status = state_pb2.UnitState.ELIMINATED

    # -- the machine
    def run(self) -> None:
        while not self.ns.HasField("pending"):
            stage = self.c.stage
            step = getattr(self, "_" + stage.replace("-", "_"), None)
            if step is None:
                raise AssertionError(f"unknown combat stage {stage!r}")
            if stage == "done":
                step()
                return
            step()

    def part(self) -> Part:
        att, dfn = parse_result(self.c.result)
        return dfn if self.c.part == "defender" else att

    def allocations(self) -> list[tuple[int, int]]:
        """(losses, hexes of retreat) the owner of the current part may choose."""
        p = self.part()
        units = self.alive(self.units_of_part())
        board = self.board()
        n = p.n
        if self.c.part == "defender" and self.c.bold and n >= 1:
            n -= 1  # 6.5 bold: the attacker chooses the last requirement
        if self.c.part == "attacker" and self.c.defender_held:
            return [(n + (1 if p.mandatory else 0), 0)]  # 6.5: all as step losses, no retreat
        best_q = "D"
        if p.mandatory:  # AMB-24: the stack's best quality (as in 6.3) decides the conversion
            best_q = min(board.counters.quality(u, self.us(u), "may R become a loss (6.5)?") for u in units)
        out = []
        for k in range(n + 1):
            out.append((k, (1 if p.mandatory else 0) + n - k))
            if p.mandatory and best_q in ("A", "B"):
                out.append((k + 1, n - k))  # 6.5: quality A/B may take a loss instead of R
        return sorted(set(out))

    def _defender_allocation(self) -> None:
        self.c.part = "defender"
        if self.part().empty or not self.alive(self.c.defenders):
            self.c.part = "attacker"
            self.c.stage = "attacker-allocation"
            return
        self._allocate()

    def _attacker_allocation(self) -> None:
        self.c.part = "attacker"
        if self.part().empty or not self.alive(self.c.attackers):
            self.c.stage = "advance"
            return
        self._allocate()

    def _allocate(self) -> None:
        options = self.allocations()
        if len(options) == 1:
            self.c.losses, self.c.retreat = options[0]
            self.c.stage = f"{self.c.part}-bold" if self.c.part == "defender" else f"{self.c.part}-route"
            return
        side = self.side_of_part()
        p = self.part()
        self.ask(decision(
            "", side, "RESULT_ALLOCATION",
            f"{self.c.part} part {'R' if p.mandatory else ''}{p.n or ''} of {self.c.result} at {self.c.target}: "
            "choose step losses and hexes of retreat (mandatory retreat first, then losses, then retreats)",
            NW.cite("6.5"),
            [option(f"loss{k}-retreat{r}", f"lose {k} step(s), retreat {r} hex(es)") for k, r in options],
            context={"result": self.c.result, "part": self.c.part},
        ))

    def _defender_bold(self) -> None:
        p = self.part()
        if self.c.bold and p.n >= 1 and not self.c.bold_pending:
            self.c.bold_pending = True
            self.ask(decision(
                "", self.c.attacker_side, "BOLD_LAST",
                f"bold result {self.c.result}: choose the defender's last requirement (the defender picks the unit/hex)",
                NW.cite("6.5"), [option("loss", "a step loss"), option("retreat", "a hex of retreat")]))
            return
        self.c.stage = "defender-route"

    # -- routes
    def route_rules(self, board: Board, movers: Sequence[str], side: str, b: Branch, start: int,
                    length: int, red_line: bool = True) -> RetreatRules:
        enemy = board.occupied(self.c.attacker_side if side == self.c.defender_side else self.c.defender_side)
        enterable = bytearray(0 if enemy[h] else 1 for h in range(board.map.n))
        if red_line:  # 10.1.1: American units never cross the red dotted line, retreating either
            for h in {h for u in movers for h in red_line_hexes(board, u)}:
                enterable[h] = 0
        friendly = bytearray(board.map.n)
        for h, units in board.at.items():
            if any(board.side_of(u) == side and u not in movers for u in units):
                friendly[h] = 1
        edge_hexes = set()
        for e in FRIENDLY_EDGES[side]:
            edge_hexes.update(board.map.edge_hexes(e))
        off = bytearray(1 if h in edge_hexes else 0 for h in range(board.map.n))
        zoc = board.zoc_near(b, other(side), start, length)  # only the hexes a route can reach
        return RetreatRules(enterable=enterable, side_open=bytearray(1 - x for x in board.rhine), zoc=zoc,
                            negates=friendly, off_map_from=off)

    def best_routes(self, start: int, movers: Sequence[str], side: str, length: int,
                    red_line: bool = True) -> list[tuple[int, ...]]:
        board = self.board()
        enemy_units = [board.hex_of[u] for u in board.hex_of if board.side_of(u) != side]

        def question(b: Branch) -> frozenset[tuple[int, ...]]:
            rules = self.route_rules(board, movers, side, b, start, length, red_line)
            paths = retreat_paths(board.map, start, length, rules)
            prio = [fewest_ezoc(), toward(edge_field(board, side)), away_from(board.map.distance_field(enemy_units))]
            return frozenset(p.hexes for p in best(paths, prio))  # 6.6.1 priorities, in order

        return sorted(decide(question))

    def _defender_route(self) -> None:
        self._route(self.c.defender_side, list(self.c.defenders), "defender-losses")

    def _attacker_route(self) -> None:
        self._route(self.c.attacker_side, list(self.c.attackers), "attacker-losses")

    def _route(self, side: str, units: list[str], next_stage: str) -> None:
        self.c.stage = next_stage
        del self.c.planned[:]
        if self.c.retreat <= 0:
            return
        board = self.board()
        movers = self.alive(units)
        # A stack splits by who the red dotted line binds (10.1.1: American units
        # only, AMB-33): the others may retreat where it cannot (6.6.1 allows splits
        # of equal length).
        by_start: dict[tuple[int, bool], list[str]] = {}
        for u in movers:
            by_start.setdefault((board.hex_of[u], bool(red_line_hexes(board, u))), []).append(u)
        opts_out = []
        auto = {}
        for (start, bound), group in by_start.items():
            routes = self.best_routes(start, group, side, self.c.retreat)
            if not routes:
                line = bound and bool(self.best_routes(start, group, side, self.c.retreat, red_line=False))
                for u in group:  # 6.6.1: no hex it may retreat into: eliminated
                    if line:
                        self.eliminate(u, f"no retreat of {self.c.retreat} hex(es) that does not cross the red "
                                       "dotted line", "10.1.1")
                    else:
                        self.eliminate(u, f"no legal retreat of {self.c.retreat} hex(es)", "6.6.1")
                continue
            labels = [[board.label(h) if h != OFF_MAP else "off-map" for h in r] for r in routes]
            tag = f"{board.label(start)}{'/red-line' if bound and len(by_start) > 1 else ''}"
            for i, lab in enumerate(labels):
                opts_out.append(option(f"{tag}:{i + 1}", " -> ".join(lab), units=group, path=lab,
                                       citation=NW.cite("6.6.1")))
            if len(routes) == 1:
                for u in group:
                    auto[u] = labels[0]
        pending = [u for u in self.alive(units) if u not in auto]
        for u, path in auto.items():
            self.c.planned.add(unit_id=u, path=path)
        if pending:
            self.c.stage = next_stage.replace("losses", "route-chosen")
            self.ask(decision(
                "", side, "RETREAT",
                f"retreat {self.c.retreat} hex(es): give each unit a path (units may split, all retreat the same "
                "number of hexes; the paths offered follow the 6.6.1 priorities"
                + ("; American units never cross the red dotted line, 10.1.1" if any(k[1] for k in by_start) else "")
                + ")",
                NW.cite("6.6.1"), opts_out, min_choices=0, max_choices=0, wants_assignments=True,
                assign_units=pending))

    def _defender_route_chosen(self) -> None:
        self.c.stage = "defender-losses"

    def _attacker_route_chosen(self) -> None:
        self.c.stage = "attacker-losses"

    # -- losses
    def _defender_losses(self) -> None:
        self._losses("defender-execute")

    def _attacker_losses(self) -> None:
        self._losses("attacker-execute")

    def armor_first(self) -> bool:
        """6.5: armored units on both sides: the first loss must be an armored participant."""
        board = self.board()
        c = board.counters

        def question(b: Branch) -> bool:
            return any(c.is_type(b, u, "armored") for u in self.c.attackers) and any(
                c.is_type(b, u, "armored") for u in self.c.defenders)

        return bool(decide(question))

    def _losses(self, next_stage: str) -> None:
        self.c.stage = next_stage
        del self.c.loss_units[:]
        if self.c.losses <= 0:
            return
        units = self.alive(self.units_of_part())
        if not units:
            return
        if len(units) == 1 or sum(steps_left(self.unit(u), self.us(u)) for u in units) <= self.c.losses:
            for u in units:
                self.c.loss_units.extend([u] * steps_left(self.unit(u), self.us(u)))
            del self.c.loss_units[self.c.losses:]
            return
        self.c.stage = next_stage.replace("execute", "losses-chosen")
        first = " (armored units on both sides: the first loss must be an armored unit, 6.5)" if self.armor_first() else ""
        self.ask(decision(
            "", self.side_of_part(), "CHOOSE_LOSSES",
            f"choose the unit losing each of {self.c.losses} step(s){first}", NW.cite("6.5"),
            [option(u, u, units=[u]) for u in units], min_choices=self.c.losses, max_choices=self.c.losses,
            allow_repeats=True, context={"purpose": "result"}))

    def _defender_losses_chosen(self) -> None:
        self.c.stage = "defender-execute"

    def _attacker_losses_chosen(self) -> None:
        self.c.stage = "attacker-execute"

    # -- carrying the part out: mandatory retreat, losses, optional retreats (6.5)
    def _defender_execute(self) -> None:
        self._execute(self.c.defender_side, "defender-zoc")

    def _attacker_execute(self) -> None:
        self._execute(self.c.attacker_side, "attacker-zoc")

    def _execute(self, side: str, next_stage: str) -> None:
        p = self.part()
        board = self.board()
        routes = {r.unit_id: list(r.path) for r in self.c.planned}
        movers = [u for u in routes if self.us(u).status == state_pb2.UnitState.ON_MAP]

        def zoc_flags(b: Branch) -> tuple[tuple[str, tuple[int, ...]], ...]:
            out = []
            for u in movers:
                start = board.hex_of[u]
                rules = self.route_rules(board, movers, side, b, start, len(routes[u]))
                assert rules.zoc is not None and rules.negates is not None
                field = negated(bytes(rules.zoc), bytes(rules.negates))  # 4.3: a friendly unit negates it
                out.append((u, tuple(field[board.hex(x)] for x in routes[u] if x != "off-map")))
            return tuple(sorted(out))

        flags = dict(decide(zoc_flags))
        moved = {u: 0 for u in movers}
        on_map_moved = {u: 0 for u in movers}

        def walk(upto: int) -> None:
            for u in movers:
                us = self.us(u)
                path = routes[u]
                while us.status == state_pb2.UnitState.ON_MAP and moved[u] < min(upto, len(path)):
                    hx = path[moved[u]]
                    moved[u] += 1
                    if hx == "off-map":
                        us.status = state_pb2.UnitState.EXITED
                        self.ns.nordwind.returns.add(unit_id=u, exit_hex=us.location, turn=self.ns.turn + 1)
                        self.event("RETREAT", f"{u} retreats off the map from {us.location}: it returns next turn",
                                   "6.6.1", [u])
                        break
                    us.location = hx
                    on_map_moved[u] += 1

        walk(1 if (p.mandatory and self.c.retreat > 0) else 0)  # 6.5: the mandatory retreat first,
        counts: dict[str, int] = {}
        for u in self.c.loss_units:  # then the losses,
            counts[u] = counts.get(u, 0) + 1
        lost = 0
        for u, n in counts.items():
            if self.us(u).status == state_pb2.UnitState.ON_MAP:
                lost += self.lose_steps(u, n, f"combat result {self.c.result}", "6.5")
        walk(self.c.retreat)  # then the optional retreats
        done_hexes = max(moved.values(), default=0)
        if self.c.part == "defender":
            self.c.retreated = max(on_map_moved.values(), default=0)
            self.c.defender_retreated = done_hexes > 0
            self.c.defender_held = self.c.retreat == 0
            if not self.alive(self.c.defenders):
                # 6.6.2: requirements left when the last defender is gone become advance hexes.
                self.c.unfulfilled = max(0, self.c.losses + self.c.retreat - min(lost, self.c.losses) - done_hexes)
            del self.c.routes[:]
            for u in movers:
                self.c.routes.add(unit_id=u, path=routes[u][: moved[u]])
        else:
            self.c.attacker_retreated = done_hexes > 0
        for u in movers:
            if on_map_moved[u]:
                self.event("RETREAT", f"{u} retreats to {self.us(u).location} "
                           f"({' -> '.join(routes[u][: on_map_moved[u]])})", "6.6.1", [u])
        # 4.3 / 6.6.1: one step per enemy-ZoC hex entered, for the whole stack (units on one path).
        groups: dict[tuple[str, ...], list[str]] = {}
        for u in movers:
            groups.setdefault(tuple(routes[u][: moved[u]]), []).append(u)
        self.c.stage = next_stage
        del self.c.zoc_units[:]
        self.c.zoc_losses = 0
        for group in groups.values():
            n = sum(flags[group[0]][: on_map_moved[group[0]]])
            alive = self.alive(group)
            if not n or not alive:
                continue
            if len(alive) == 1:
                self.lose_steps(alive[0], n, "retreat through enemy ZoC", "4.3")
            else:
                self.c.zoc_units.extend(alive)
                self.c.zoc_losses += n
        if self.c.zoc_losses:
            self.ask(decision(
                "", side, "CHOOSE_LOSSES",
                f"the retreating stack loses {self.c.zoc_losses} step(s) for enemy ZoC hexes entered: choose the units",
                NW.cite("4.3"), [option(u, u, units=[u]) for u in self.c.zoc_units],
                min_choices=self.c.zoc_losses, max_choices=self.c.zoc_losses, allow_repeats=True,
                context={"purpose": "zoc"}))

    def _defender_zoc(self) -> None:
        self.c.stage = "defender-stacking"

    def _attacker_zoc(self) -> None:
        self.c.stage = "advance"

    def _defender_stacking(self) -> None:
        from adjudicator.rules.nordwind.phases import overstack_decision

        self.c.stage = "attacker-allocation"
        ends = {r.path[-1] for r in self.c.routes if r.path and r.path[-1] != "off-map"}
        d = overstack_decision(self.ns, self.c.defender_side, ends, "6.6.1")
        if d is not None:
            self.ask(d)

    # -- advance after combat (6.6.2)
    def advance_options(self) -> dict[str, set[tuple[int, ...]]]:
        board = self.board()
        target = board.hex(self.c.target)
        if board.stack(target, self.c.defender_side) or self.c.attacker_retreated:
            return {}
        length = max(1, self.c.retreated + self.c.unfulfilled)
        routes = [[board.hex(x) for x in r.path if x != "off-map"] for r in self.c.routes]
        enemy = board.occupied(self.c.defender_side)
        enterable = bytearray(0 if enemy[h] else 1 for h in range(board.map.n))
        side_open = bytearray(1 - x for x in board.rhine)
        zoc = decide(lambda b: bytes(board.zoc_near(b, self.c.defender_side, target, length)))
        stop = NordwindOptions(self.ns.options).advance_zoc == "stop"
        out: dict[str, set[tuple[int, ...]]] = {}
        for u in self.alive(self.c.attackers):
            mech = board.counters.movement_class(u) == "mech"
            paths = advance_paths(board.map, target, routes, length, free_after_first=mech,
                                  enterable=enterable, side_open=side_open)
            forbidden = set(red_line_hexes(board, u))
            keep = set()
            for p in paths:
                if forbidden & set(p):
                    continue  # 10.1.1: American units stop on the red dotted line
                if stop and not mech and any(zoc[h] for h in p[:-1]):
                    continue  # a non-mechanized advance ends on entering an enemy ZoC
                keep.add(p)
            out[u] = keep
        return out

    def _advance(self) -> None:
        self.c.stage = "done"
        options = self.advance_options()
        if not any(options.values()):
            return
        board = self.board()
        length = max(1, self.c.retreated + self.c.unfulfilled)
        self.ask(decision(
            "", self.c.attacker_side, "ADVANCE",
            f"advance after combat into {self.c.target}: up to {length} hex(es) along the retreat path "
            "(armored/mechanized units may leave it after the first hex); assign a path to each advancing unit",
            NW.cite("6.6.2"),
            [option("advance", "advance the assigned units"), option("stay", "no advance")],
            wants_assignments=True,
            context={"max_hexes": str(length), "units": ",".join(u for u, p in options.items() if p),
                     "target": board.label(board.hex(self.c.target))},
        ))

    def _done(self) -> None:
        from adjudicator.rules.nordwind.phases import check_ferry

        self.ns.nordwind.ClearField("combat")
        check_ferry(self.ns, self.events)

    # -- answers
    def check(self, d: state_pb2.Decision, ans: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
        """Rules checks of an answer beyond decisions.check_answer."""
        board = self.board()
        if d.kind == "CHOOSE_LOSSES":
            if d.context.get("purpose") == "result" and self.armor_first() and ans.choices:
                first = ans.choices[0]
                armored = [u for u in self.alive(self.units_of_part()) if self._armored(board, u)]
                if armored and first not in armored:
                    b.violation("ARMOR_FIRST", f"the first loss must be taken by an armored unit ({', '.join(armored)})",
                                NW.cite("6.5"))
            chosen = list(ans.choices)
            for u in set(chosen):
                if chosen.count(u) > steps_left(self.unit(u), self.us(u)):
                    b.violation("TOO_MANY_STEPS", f"{u} has only {steps_left(self.unit(u), self.us(u))} step(s)",
                                NW.cite("6.5"), u)
        elif d.kind == "RETREAT":
            allowed: dict[str, set[tuple[str, ...]]] = {}
            for o in d.options:
                for u in o.units:
                    allowed.setdefault(u, set()).add(tuple(o.path))
            for a in ans.assignments:
                if tuple(a.path) not in allowed.get(a.unit_id, set()):
                    b.violation("RETREAT_PATH", f"{a.unit_id}: {' -> '.join(a.path) or '(empty)'} is not one of the "
                                "retreat paths the 6.6.1 priorities allow", NW.cite("6.6.1"), a.unit_id)
        elif d.kind == "ADVANCE":
            if ans.choices and ans.choices[0] == "stay":
                if ans.assignments:
                    b.violation("UNEXPECTED_ASSIGNMENT", "'stay' takes no assignments", NW.cite("6.6.2"))
                return
            if not ans.assignments:
                b.violation("MISSING_ASSIGNMENT", "assign a path to each advancing unit (or choose 'stay')",
                            NW.cite("6.6.2"))
            options = self.advance_options()
            for a in ans.assignments:
                if a.unit_id not in options:
                    b.violation("NOT_A_VICTOR", f"{a.unit_id} did not take part in this combat (or cannot advance)",
                                NW.cite("6.6.2"), a.unit_id)
                    continue
                path = list(a.path)
                hexes = tuple(board.hex(x, f"assignments[{a.unit_id}].path") for x in path)
                if hexes not in options[a.unit_id]:
                    b.violation("ADVANCE_PATH", f"{a.unit_id}: {' -> '.join(path)} is not an allowed advance "
                                f"(it starts in {self.c.target} and follows the retreat path, up to "
                                f"{d.context.get('max_hexes')} hex(es))", NW.cite("6.6.2"), a.unit_id)

    @staticmethod
    def _armored(board: Board, uid: str) -> bool:
        def question(b: Branch) -> bool:
            return board.counters.is_type(b, uid, "armored")

        return bool(decide(question))

    def answer(self, ans: action_pb2.AnswerDecision) -> None:
        d = self.ns.pending
        kind = d.kind
        self.ns.ClearField("pending")
        if kind == "DEFENDER_AIR":
            return  # handled by the caller before the dice
        if kind == "RESULT_ALLOCATION":
            k, r = ans.choices[0].removeprefix("loss").split("-retreat")
            self.c.losses, self.c.retreat = int(k), int(r)
            self.c.stage = f"{self.c.part}-bold" if self.c.part == "defender" else f"{self.c.part}-route"
        elif kind == "BOLD_LAST":
            if ans.choices[0] == "loss":
                self.c.losses += 1
            else:
                self.c.retreat += 1
            self.event("BOLD_CHOICE", f"the attacker chooses a {ans.choices[0]} as the last requirement", "6.5")
            self.c.stage = "defender-route"
        elif kind == "RETREAT":
            for a in ans.assignments:
                self.c.planned.add(unit_id=a.unit_id, path=list(a.path))
        elif kind == "CHOOSE_LOSSES" and d.context.get("purpose") == "zoc":
            counts: dict[str, int] = {}
            for u in ans.choices:
                counts[u] = counts.get(u, 0) + 1
            for u, n in counts.items():
                self.lose_steps(u, n, "retreat through enemy ZoC", "4.3")
            self.c.zoc_losses = 0
            del self.c.zoc_units[:]
        elif kind == "CHOOSE_LOSSES":
            self.c.loss_units.extend(ans.choices)
        elif kind == "ELIMINATE_OVERSTACKED":
            for u in ans.choices:
                self.eliminate(u, "over-stacked after a retreat", "5")
        elif kind == "ADVANCE":
            if ans.choices and ans.choices[0] == "advance":
                for a in ans.assignments:
                    self.us(a.unit_id).location = a.path[-1]
                    self.event("ADVANCE", f"{a.unit_id} advances to {a.path[-1]} ({' -> '.join(a.path)})", "6.6.2",
                               [a.unit_id])
        self.run()

