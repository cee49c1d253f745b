"""FS mission DRMs (11.5): five groups, the armour limits on combining them,
and the +-10 clamp (11.5.0). The defending player chooses among the terrain
DRMs and, with armour in the hex, among the allowed combinations (11.5.1,
11.5.3): `combinations` lists them; a value the missing Fire Support DRM
Table lacks is an unknown cell, asked for only if the defender picks it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from adjudicator.rules.lucky_forward import terrain
from adjudicator.rules.lucky_forward.model import EXPLOIT, PA, STRAT, Model, U
from umpire.v1 import common_pb2

WORK_DRM = {"IP": -1, "ET-2": -2, "ET-3": -3}  # 17.3.3: the number on the marker
WEST_WALL_DRM = -7  # LF 17.5.0


@dataclass
class Choice:
    """One combination of group A-C DRMs the defender may pick."""

    key: str  # e.g. "A:woods+B:IP"
    parts: list[tuple[str, int | None, str]]  # (what, value or None if unknown, case)
    needs: list[common_pb2.NeededCell] = field(default_factory=list)

    @property
    def known(self) -> bool:
        return all(v is not None for _, v, _ in self.parts)

    @property
    def total(self) -> int:
        return sum(v or 0 for _, v, _ in self.parts)


def density(m: Model, h: int) -> tuple[int, int]:
    """11.5.4: all steps in the hex (Z-steps half a step, rounded up on the
    total or per unit: option lf.a11-z-density), and its DRM."""
    units = [u for u in m.stack(h) if not u.is_leader]
    full = sum(u.steps_left for u in units if not u.is_z)
    zs = sum(1 for u in units if u.is_z)
    steps = full + (math.ceil(zs / 2) if m.opts.z_density == "total" else zs)
    drm = -1 if steps <= 2 else 0 if steps <= 4 else 1 if steps <= 6 else 2
    return steps, drm


def targets(m: Model, h: int, firing_side: str) -> tuple[list[U], list[U]]:
    """11.2.2: (the units that suffer the results, the units that count for
    density only): with attack-designated units in the hex, non-designated units
    in CT or a DW are out of it."""
    units = [u for u in m.stack(h) if u.side != firing_side and not u.is_leader]
    designated = [u for u in units if u.attack_designated]
    if designated and (terrain.covering(m, h) or m.works.get(h)):
        others = [u for u in units if not u.attack_designated]
        return designated, others
    return units, []


def armour(m: Model, units: list[U]) -> str:
    """11.5.3: "pure" when every target unit is pure armour, "mixed" when at
    least one has the armour symbol (dismounted arm-Inf do not, 7.12.1a;
    Kangaroo-mounted units do, 4.6.5 d), else ""; units that retreated into the
    hex this phase do not count (11.6.3c b)."""
    counted = [u for u in units if not u.st.retreated]
    if counted and all(u.pure_afv for u in counted):
        return "pure"
    if any((u.pure_afv or u.c.armor_class == 2) and not u.st.dismounted for u in counted):
        return "mixed"
    return ""


def group_a(m: Model, h: int, units: list[U]) -> list[tuple[str, int | None, list[common_pb2.NeededCell]]]:
    """11.5.1: one terrain DRM (population features count), none when a target
    unit is attack designated or in Strat (or PA: 5.2.4), none for units in
    Forts, StP or Ft Areas (11.5.2)."""
    if any(u.attack_designated or u.st.mode in (STRAT, PA) for u in units):
        return []
    kinds = set(terrain.works(m, h))
    if "fort" in kinds or terrain.ft_area(m, h) or ("StP" in kinds and m.opts.stp == "strongpoint"):
        return []
    t = m.table("lucky-forward/fs-terrain")
    out: list[tuple[str, int | None, list[common_pb2.NeededCell]]] = []
    for row in terrain.terrains(m, h):
        if row not in t._row_index:
            continue
        cell = t.cell(row, "DRM")
        if cell is None:
            out.append((row, None, [t.needed(row, "DRM", f"FS terrain DRM of {row} at {m.label(h)}")]))
        else:
            out.append((row, int(cell.value), []))
    return out


def group_b(m: Model, h: int, units: list[U]) -> tuple[str, int | None, str] | None:
    """11.5.2: one DW DRM; not for attack designated, Strat, Exploit or
    bridge-building units."""
    if any(u.attack_designated or u.st.mode in (STRAT, EXPLOIT) for u in units):
        return None
    best: tuple[str, int | None, str] | None = None
    for w in m.works.get(h, ()):
        if w.side and units and w.side != units[0].side:
            continue
        if w.kind in WORK_DRM:
            v: int | None = WORK_DRM[w.kind]
            case = "17.3.3"
        elif w.kind == "fort" or (w.kind == "StP" and m.opts.stp == "strongpoint"):
            v = -w.value if w.HasField("value") else None
            case = "11.5.2"
        else:
            continue
        if best is None or (v is not None and (best[1] is None or v < best[1])):
            best = (w.kind, v, case)
    if terrain.ft_area(m, h) and (best is None or (best[1] or 0) > WEST_WALL_DRM):
        best = ("West Wall Ft Area", WEST_WALL_DRM, "LF 17.5.0")
    return best


def combinations(m: Model, h: int, units: list[U]) -> list[Choice]:
    """The legal combinations of groups A-C (11.5.3)."""
    a = group_a(m, h, units)
    b = group_b(m, h, units)
    arm = armour(m, units)
    out: list[Choice] = []

    def add(key: str, parts: list[tuple[str, int | None, str]], needs: list[common_pb2.NeededCell]) -> None:
        out.append(Choice(key, parts, list(needs)))

    a_opts = [(f"A:{name}", (f"{name} (terrain)", v, "11.5.1"), needs) for name, v, needs in a]
    b_opt: tuple[str, tuple[str, int | None, str], list[common_pb2.NeededCell]] | None = (
        (f"B:{b[0]}", (f"{b[0]} (DW)", b[1], b[2]), []) if b is not None else None)
    c_part = {"pure": ("pure armour", -3, "11.5.3"), "mixed": ("mixed armour", -2, "11.5.3")}.get(arm)
    if arm == "pure":
        assert c_part is not None
        add("C", [c_part], [])
        for k, part, needs in a_opts:
            add(f"C+{k}", [c_part, part], needs)
        if b_opt is not None:
            add(f"C+{b_opt[0]}", [c_part, b_opt[1]], [])
    elif arm == "mixed":
        assert c_part is not None
        pool = [*a_opts, *([b_opt] if b_opt else []), ("C", c_part, [])]
        for i, x in enumerate(pool):
            add(x[0], [x[1]], x[2])
            for y in pool[i + 1:]:
                if x[0].startswith("A:") and y[0].startswith("A:"):
                    continue  # only one terrain DRM (11.5.1)
                add(f"{x[0]}+{y[0]}", [x[1], y[1]], x[2] + y[2])
    else:
        bp = [b_opt[1]] if b_opt else []
        bk = f"+{b_opt[0]}" if b_opt else ""
        for k, part, needs in a_opts:
            add(k + bk, [part, *bp], needs)
        if not a_opts:
            add(bk.lstrip("+") or "none", bp, [])
    if not out:
        add("none", [], [])
    out.sort(key=lambda c: (not c.known, c.total, c.key))
    return out


def group_e(m: Model, spotter: U | None, h: int, units: list[U], observed: bool, nw_only: bool, any_nw: bool,
            no_abc: bool) -> list[tuple[str, int, str, bool]]:
    """11.5.5, (what, DRM, case, first volley only)."""
    out: list[tuple[str, int, str, bool]] = []
    if spotter is not None and ((terrain.vp(m, spotter.hex) and not terrain.vp(m, h))
                                or (terrain.hvp(m, spotter.hex) and not terrain.hvp(m, h))):
        out.append(("spotter on a VP", 1, "11.5.5", False))
    if m.night:
        out.append(("night / ENA", -1, "11.5.5", False))
    if not observed:
        out.append(("unobserved target", -4, "11.5.5", False))
    if any(u.st.mode == STRAT for u in units):
        out.append(("target in Strat mode", 4, "11.5.5", False))
    if any_nw and no_abc:
        if nw_only:
            out.append(("Nebelwerfer mass shock", 1, "11.5.5", False))
        else:
            out.append(("Nebelwerfer bonus", 1, "11.5.5", True))
    return out


def clamp(total: int) -> int:
    """11.5.0: the net DRM of a volley is at most +-10."""
    return max(-10, min(10, total))
