"""What each side may know (8.4.2, 24.2): the per-side filter of this game.

Secret while the game runs: the chit under every unit and the pools' contents.
A side's view keeps its own units' chits (8.4.2.A) and, while a combat shows
its chits (stage "revealed", from the defender's announcements to the roll:
8.4.1, 8.4.2.B), those of the units committed to it; pools show their counts.
The die that picks a chit from a pool is blanked for everybody (it would tell
which chit came out). Events that show an enemy chit or the odds of a combat
(CHIT_SHOWN, COMBAT_ODDS) reach the opponent only while that combat's chits
are shown: a later view, WatchGame from version 0, or an export never carries
them (8.4.2.D). Once the game is over or the seed revealed everything is open.

`perturb` (the non-interference test) swaps the other side's hidden chits
among themselves and with the pools, keeping every public fact: counts, which
units are tried, three-step units staying three-step when visibly reduced.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from adjudicator.core.secrecy import SideFilter, open_game
from adjudicator.core.views import blank_rolls, generic_view
from adjudicator.rules.pattons.chits import DRAW_PURPOSE, IMAGINARY_CHIT
from umpire.v1 import common_pb2, state_pb2

WINDOW_EVENTS = ("CHIT_SHOWN", "COMBAT_ODDS")


def shown_units(state: state_pb2.GameState) -> set[str]:
    p = state.pattons
    if not p.HasField("combat") or p.combat.stage != "revealed":
        return set()
    return set(p.combat.attackers) | set(p.combat.defenders)


def _owners(state: state_pb2.GameState) -> dict[str, str]:
    return {u.id: u.side for u in state.scenario.definition.units}


class PattonsFilter(SideFilter):
    def state(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        v = generic_view(state, side)
        if open_game(state):
            return v
        owners = _owners(state)
        shown = shown_units(state)
        keep = [h for h in v.pattons.held if owners.get(h.unit_id) == side or h.unit_id in shown]
        del v.pattons.held[:]
        v.pattons.held.extend(keep)
        for p in v.pattons.pools:
            del p.chits[:]
        for r in v.dice_log:
            if r.purpose.startswith(DRAW_PURPOSE):
                r.value = 0
        if v.HasField("pending") and v.pending.side != side and v.pending.kind == "RESULT_ALLOCATION":
            # How many splits of the flexible number are open depends on the steps the
            # owner's chits give: the other side is told the number the result allows.
            v.pending.context["options_hidden"] = str(state.pattons.combat.flexible + 1)
        return v

    def rolls(self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll],
              side: str) -> list[common_pb2.DieRoll]:
        if open_game(state):
            return list(rolls)
        return blank_rolls(super().rolls(state, rolls, side), lambda r: r.purpose.startswith(DRAW_PURPOSE))

    def event(self, state: state_pb2.GameState, event: state_pb2.Event, side: str) -> state_pb2.Event | None:
        if event.visible_to and side not in event.visible_to:
            return None
        if event.kind in WINDOW_EVENTS and not open_game(state):
            p = state.pattons
            window = p.HasField("combat") and p.combat.stage == "revealed" and event.version >= p.combat.revealed_version
            if not window:
                return None
        return event

    def perturb(self, state: state_pb2.GameState, side: str, rng: random.Random) -> state_pb2.GameState | None:
        out = state_pb2.GameState()
        out.CopyFrom(state)
        if open_game(state):
            return None
        owners = _owners(state)
        shown = shown_units(state)
        defs = {c.id: c for c in state.scenario.pattons.chits}
        units = {u.id: u for u in state.scenario.definition.units}
        lost = {u.unit_id: u.steps_lost for u in state.units}
        changed = False
        for m in (1, 2, 3):
            hidden = [h for h in out.pattons.held if h.morale == m and owners.get(h.unit_id) != side
                      and h.unit_id not in shown and h.chit != IMAGINARY_CHIT]
            pool = next((p for p in out.pattons.pools if p.morale == m), None)
            if pool is None:
                continue
            bag = [h.chit for h in hidden] + list(pool.chits)
            rng.shuffle(bag)
            for h in hidden:  # each hidden chit: any chit of the bag a unit like it could hold
                cls = units[h.unit_id].props.get("class", "C").strip("()").lower()
                need3 = lost.get(h.unit_id, 0) >= 1
                pick = next((c for c in bag if not need3 or getattr(defs[c], f"front_{cls}") >= 3), None)
                if pick is None:
                    continue
                bag.remove(pick)
                changed |= pick != h.chit
                h.chit = pick
            changed |= sorted(bag) != list(pool.chits)
            del pool.chits[:]
            pool.chits.extend(sorted(bag))
        for r in out.dice_log:
            if r.purpose.startswith(DRAW_PURPOSE) and r.sides > 1:
                r.value = rng.randint(1, r.sides)
                changed = True
        return out if changed else None
