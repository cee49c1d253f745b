"""What each side may know (core/secrecy.py): in stage 1 the one secret is the
Axis rest GT designation (3.5.2: noted secretly on paper), kept in the Axis
side's private data as "rest:<group>" = "<time>@<GD>" until a unit's action
reveals it (LuckyForwardState.rest_revealed). The designating action and its
event reach the Axis side only. Fog of war (8.4) is stage 5."""

from __future__ import annotations

import random

from adjudicator.core.secrecy import SideFilter
from adjudicator.rules.lucky_forward.cite import AXIS
from umpire.v1 import action_pb2, state_pb2

TIMES = ("AM", "PM", "night")


class LfSideFilter(SideFilter):
    def action(self, state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
        if side != action.side and action.WhichOneof("kind") == "lucky_forward" and \
                action.lucky_forward.WhichOneof("kind") == "designate_rest":
            out = action_pb2.Action()
            out.CopyFrom(action)
            out.lucky_forward.designate_rest.time = ""
            out.lucky_forward.designate_rest.group = ""
            out.comment = ""
            return out
        return action

    def perturb(self, state: state_pb2.GameState, side: str, rng: random.Random) -> state_pb2.GameState | None:
        """Another plausible Axis rest designation for every group the Axis
        designated (the Allies may not know which GT it is)."""
        if side == AXIS:
            return None
        out = state_pb2.GameState()
        out.CopyFrom(state)
        changed = False
        for p in out.private_data:
            if p.side != AXIS:
                continue
            for k in [k for k in p.values if k.startswith("rest:")]:
                time, _, day = p.values[k].partition("@")
                p.values[k] = f"{rng.choice([t for t in TIMES if t != time] or list(TIMES))}@{day}"
                changed = True
        return out if changed else None
