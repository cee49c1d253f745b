"""Stacking (6.0): limits by hex type, special (free) stacking, Mech road and
Strat stacking, overstack effects.

* 6.1.0: non-constricted hexes hold 2 Bn. + 1 Co. + 2 Z-steps (a Co. may
  replace a Bn.), constricted ones 1 Bn. + 1 Co. + 1 Z-step; never more than
  two (one) Z-steps; a Bn. is a Bn. whatever its steps.
* 6.2: free Co.s on top (one-step Co.s, or two-step Co.s reduced to one):
  German AFV Co.s with a Mech personnel/Recon Co. or Bn. of the same
  formation (at most 3 / 2 per hex, 6.2.1); Eng or AT Co.s (TD/PzJ for towed
  AT) with a Bn.-sized personnel/Recon unit or a two-step hybrid (at most 2 /
  1, 6.2.2); a US M5 Co. with a US Arm Cav Bn. in place of that (6.2.3).
  Which host carries which free Co. is a matching; the rules ask only that
  one exists. A special stack is one unit for stacking, movement and Max
  step loss (6.2.0).
* Mech road (7.10.3) and Strat (5.5.5) stacking count Mech units, ignoring
  the units of 6.5.0 and counting a special stack (or two one-step Mech Co.s
  starting together) as one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from adjudicator.core.stacking import minimal_removals_by
from adjudicator.rules.lucky_forward import terrain
from adjudicator.rules.lucky_forward.cite import AXIS
from adjudicator.rules.lucky_forward.model import BN, CO, STRAT, Z, Model, U


def _one_step_co(u: U) -> bool:
    return u.size == CO and u.steps_left == 1


def _afv_co(u: U) -> bool:
    return u.side == AXIS and _one_step_co(u) and u.pure_afv


def _engat_co(u: U) -> bool:
    return _one_step_co(u) and (u.has("engineer") or u.has("anti-tank") or u.has("tank-destroyer"))


def _m5_co(u: U) -> bool:
    return _one_step_co(u) and u.has("m5")


def _afv_host(a: U, h: U) -> bool:
    """6.2.1: a Mech class personnel/Recon Co. or Bn. of the same formation, not a BU Co."""
    return (h.mech and (h.c.personnel or h.has("recon")) and h.size in (BN, CO) and not h.c.breakdown_unit
            and h.hq == a.hq and h is not a and not h.pure_afv)


def _engat_host(h: U) -> bool:
    """6.2.2: a Bn.-sized personnel/Recon unit or a two-step hybrid."""
    return (h.size == BN and (h.c.personnel or h.has("recon"))) or (h.has("hybrid") and h.steps == 2)


def _match(free: list[U], hosts: list[U], ok: Callable[[U, U], bool], cap: int) -> dict[str, str]:
    """A maximum matching of free Co.s to hosts (one each), at most `cap`."""
    assign: dict[str, str] = {}  # host id -> free id

    def augment(f: U, seen: set[str]) -> bool:
        for h in hosts:
            if h.id in seen or not ok(f, h):
                continue
            seen.add(h.id)
            cur = assign.get(h.id)
            if cur is None or augment(next(x for x in free if x.id == cur), seen):
                assign[h.id] = f.id
                return True
        return False

    n = 0
    for f in free:
        if n >= cap:
            break
        if augment(f, set()):
            n += 1
    return {fid: hid for hid, fid in assign.items()}


def special_stacks(m: Model, units: Sequence[U], constricted: bool) -> dict[str, str]:
    """Free Co. id -> its host's id, as many as 6.2 allows in the hex. A free
    Co. is no host (6.3.0 example: a Leg Bn.'s hex takes no third AFV Co. on
    an Eng Co. that is itself free): the Eng/AT Co.s either host AFV Co.s or
    ride free, whichever frees more units."""
    units = list(units)
    engat_ids = {u.id for u in units if _engat_co(u) or _m5_co(u)}
    a = _solve(units, constricted, engat_ids)
    b = _solve(units, constricted, set())
    return a if len(a) >= len(b) else b


def _solve(units: list[U], constricted: bool, not_hosts: set[str]) -> dict[str, str]:
    afv = [u for u in units if _afv_co(u)]
    out = _match(afv, [u for u in units if u.id not in not_hosts], _afv_host, 2 if constricted else 3)
    hosting = set(out.values())
    rest = [u for u in units if u.id not in out]
    engat = [u for u in rest if u.id not in hosting and (_engat_co(u) or _m5_co(u))]

    def engat_ok(f: U, h: U) -> bool:
        if h is f or h.id in out:
            return False
        if _m5_co(f) and not _engat_co(f):
            return h.has("cavalry") and h.size == BN  # 6.2.3: an M5 Co. with a US Arm Cav Bn.
        return _engat_host(h)

    out.update(_match(engat, rest, engat_ok, 1 if constricted else 2))
    return out


def groups(m: Model, units: Sequence[U], constricted: bool) -> dict[str, str]:
    """Unit id -> the id standing for its special stack (the host's), for
    Max step loss (6.2.0)."""
    free = special_stacks(m, units, constricted)
    return {u.id: free.get(u.id, u.id) for u in units}


def fits(m: Model, units: Sequence[U], constricted: bool) -> bool:
    """Whether a hex's units meet the stacking limit (6.1.0-6.4.0)."""
    units = [u for u in units if not u.is_leader]  # 23.0: leaders are no units for stacking
    free = special_stacks(m, units, constricted)
    z = sum(1 for u in units if u.size == Z)
    if z > (1 if constricted else 2):
        return False
    bn = sum(1 for u in units if u.size == BN and u.id not in free)
    co = sum(1 for u in units if u.size == CO and u.id not in free)
    max_bn, max_total = (1, 2) if constricted else (2, 3)
    return bn <= max_bn and bn + co <= max_total


def hex_fits(m: Model, h: int, extra: Sequence[U] = (), without: Sequence[str] = ()) -> bool:
    units = [u for u in m.stack(h) if u.id not in without] + list(extra)
    by_side: dict[str, list[U]] = {}
    for u in units:
        by_side.setdefault(u.side, []).append(u)
    con = terrain.stacking_constricted(m, h)
    return all(fits(m, us, con) for us in by_side.values())


def overstacked(m: Model, h: int, side: str) -> bool:
    units = [u for u in m.stack(h) if u.side == side]
    return bool(units) and not fits(m, units, terrain.stacking_constricted(m, h))


def removals(m: Model, h: int, side: str) -> list[tuple[str, ...]]:
    """The smallest sets of units whose elimination brings the stack within
    the limit (6.7.0: the phasing player eliminates enough units)."""
    units = [u for u in m.stack(h) if u.side == side and not u.is_leader]
    con = terrain.stacking_constricted(m, h)
    by_id = {u.id: u for u in units}
    return minimal_removals_by([u.id for u in units], lambda rest: fits(m, [by_id[x] for x in rest], con))


# -- Mech road and Strat stacking (7.10.3, 5.5.5, 6.5.0)
def ignored_for_mech_stacking(m: Model, u: U) -> bool:
    """6.5.0: IB SPA and IB Art, dismounted Mech personnel, Mech Eng
    constructing (stage 4: none), HQs, Luftwaffe Flak (4.6.2: unless static
    and trucked or in Strat)."""
    if not u.mech or u.is_hq or u.is_leader:
        return True
    if u.is_art and u.in_battery:
        return True
    if u.st.dismounted:
        return True
    if u.has("flak") and u.has("luftwaffe") and not (u.st.mode == STRAT or (u.st.motorized and u.c.movement_class == 3)):
        return True
    return False


def mech_count(m: Model, h: int, side: str, moving: Sequence[str] = ()) -> int:
    """Mech units in a hex for Mech road stacking: a special stack counts as
    one (7.10.3 exception), the units of 6.5.0 not at all."""
    units = [u for u in m.stack(h) if u.side == side and u.id not in moving]
    con = terrain.stacking_constricted(m, h)
    free = special_stacks(m, units, con)
    return sum(1 for u in units if not ignored_for_mech_stacking(m, u) and u.id not in free)


def strat_in(m: Model, h: int, side: str, moving: Sequence[str] = ()) -> bool:
    return any(u.st.mode == STRAT for u in m.stack(h) if u.side == side and u.id not in moving)
