"""Command chits: selection into the one shared cup (4.2) and the random draw
(4.3) through the audited dice.

Each belligerent selects as many chits as the Turn Track gives (per player,
the Supply chit not counted: A-40) from its standard chits and the special
chits the track allows that turn; the Supply chit is always added (4.2, 8.0).
What each side put in the cup is secret (A-40 'hidden'): a player sees how
many chits of each side are in it, and every chit once drawn.

The draw takes two dice so that what a player sees leaks nothing: the first
(1..chits in the cup) picks whose chit comes out: the Supply chit, then the
Allied chits, then the German ones, each group a range of faces as large as
the group; every face within a range is equally likely whatever the chits
are, so the value says no more than the chit drawn. The second die (1..that
side's chits) picks the chit among the side's own, in a fixed order: it is
shown only to that side until the game is over (views.py).
"""

from __future__ import annotations

from collections import Counter

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.tables import TableView
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.data import TURN_TRACK
from adjudicator.rules.traces.model import BELLIGERENTS, Game
from umpire.v1 import action_pb2, common_pb2, traces_pb2

SUPPLY = "supply"
DRAW_PURPOSE = "chit draw:"  # every draw roll's purpose starts with this
OWN_PURPOSE = " chit 1-"  # the second roll: f"chit draw: {owner} chit 1-{k}"


def pool(g: Game, belligerent: str) -> traces_pb2.TracesChitPool | None:
    for p in g.ext.pools:
        if p.belligerent == belligerent:
            return p
    return None


def chits_per_turn(g: Game, belligerent: str, supplied: list[common_pb2.SuppliedCell]) -> int:
    """4.2: "This number is indicated on the Turn Track" (not in the text)."""
    t = g.table(TURN_TRACK)
    cell = t.lookup(str(g.turn), f"{belligerent}-chits", supplied, reason=f"chit selection, turn {g.turn}")
    try:
        return int(cell.value)
    except ValueError:
        raise MalformedInput(f"{cell.value!r} is not a number of chits", f"{t.id} row {g.turn}") from None


def specials_allowed(g: Game, belligerent: str, supplied: list[common_pb2.SuppliedCell]) -> set[str]:
    t: TableView = g.table(TURN_TRACK)
    cell = t.lookup(str(g.turn), f"{belligerent}-specials", supplied,
                    reason=f"special chits on turn {g.turn}")
    return {x.strip() for x in cell.value.replace(";", ",").split(",") if x.strip() and x.strip() != "-"}


def validate_select(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    side = action.side
    bel = g.player_belligerent(side)
    if g.state.phase != "selection":
        b.violation("NOT_SELECTION", f"chits are selected in the Command Chit Selection Phase, not {g.state.phase!r}",
                    TV.cite("4.2"))
        return
    if g.lead(bel) != side:
        b.violation("NOT_LEAD", f"{g.lead(bel)} selects the {bel} chits", TV.cite("15.1"))
        return
    if bel in g.tv.selected:
        b.violation("ALREADY_SELECTED", f"the {bel} chits for turn {g.turn} are already in the cup", TV.cite("4.2"))
        return
    p = pool(g, bel)
    if p is None:
        raise MalformedInput(f"the scenario has no {bel} chit pool", "scenario.traces.pools")
    chosen = list(action.traces.select_chits.chits)
    counts = {c.name: c.count for c in p.chits}
    kinds = {c.name: c.kind for c in p.chits}
    supplied = list(action.supplied_cells)
    for name, k in Counter(chosen).items():
        if name not in counts:
            b.violation("UNKNOWN_CHIT", f"{name!r} is not a {bel} chit in this scenario (chits: "
                        f"{', '.join(counts)})", TV.cite("4.2.1" if bel == "german" else "4.2.2"), name)
        elif k > counts[name]:
            b.violation("TOO_MANY", f"the {bel} pool holds {counts[name]} {name} chit(s), not {k}", TV.cite("4.2"), name)
    if not b.ok:
        return
    specials = [c for c in chosen if kinds[c] == "special"]
    if specials:
        allowed = specials_allowed(g, bel, supplied)
        for c in specials:
            if c not in allowed:
                b.violation("SPECIAL_NOT_ALLOWED", f"the Turn Track does not make {c!r} selectable on turn {g.turn}",
                            TV.cite("4.2"), c)
    n = chits_per_turn(g, bel, supplied)
    if len(chosen) != n:
        available = sum(c.count for c in p.chits if c.kind == "standard")
        if len(chosen) > n or len(chosen) < available:
            b.violation("CHIT_COUNT", f"select {n} chits for turn {g.turn}, not {len(chosen)}", TV.cite("4.2"))


def apply_select(g: Game, action: action_pb2.Action) -> None:
    bel = g.player_belligerent(action.side)
    seen: Counter[str] = Counter()
    for name in sorted(action.traces.select_chits.chits):
        seen[name] += 1
        g.tv.cup.add(id=f"{bel}:{name}#{seen[name]}", name=name, owner=bel)
    g.tv.selected.append(bel)
    hidden = g.opts.selection == "hidden"
    own = [p.side for p in g.tv.players if p.belligerent == bel]
    g.emit("CHITS_SELECTED", f"{bel} selects: {', '.join(sorted(action.traces.select_chits.chits))}",
           [TV.cite("4.2")], visible_to=own if hidden else ())
    if hidden:
        g.emit("CHITS_SELECTED", f"{bel} puts {len(action.traces.select_chits.chits)} chits in the cup",
               [TV.cite("4.2")], visible_to=[p.side for p in g.tv.players if p.belligerent != bel])


def close_cup(g: Game) -> None:
    """4.2: "The Supply Chit ... must be added to the cup each Turn"."""
    g.tv.cup.add(id=SUPPLY, name=SUPPLY, owner="")
    counts = Counter(c.owner for c in g.tv.cup)
    g.emit("CUP_CLOSED", f"turn {g.turn}: the cup holds {len(g.tv.cup)} chits ("
           f"{counts['allied']} Allied, {counts['german']} German, the Supply chit)", [TV.cite("4.2")])


def draw(g: Game, dice: DiceSource) -> traces_pb2.TracesChit:
    """4.3: draw one chit at random from the cup (see the module doc for the two dice)."""
    cup = list(g.tv.cup)
    groups = [sorted((c for c in cup if c.owner == owner), key=lambda c: c.id) for owner in ("",) + BELLIGERENTS]
    n = len(cup)
    k = len(g.tv.drawn) + 1
    first = dice.roll(n, f"{DRAW_PURPOSE} cup of {n}") if n > 1 else 1
    acc = 0
    group: list[traces_pb2.TracesChit] = []
    for grp in groups:
        if first <= acc + len(grp):
            group = grp
            break
        acc += len(grp)
    owner = group[0].owner
    if len(group) > 1:
        second = dice.roll(len(group), f"{DRAW_PURPOSE} {owner}{OWN_PURPOSE}{len(group)}")
        chit = group[second - 1]
    else:
        chit = group[0]
    out = traces_pb2.TracesChit()
    out.CopyFrom(chit)
    out.id = drawn_id(chit, k)
    keep = [c for c in g.tv.cup if c.id != chit.id]
    del g.tv.cup[:]
    g.tv.cup.extend(keep)
    g.tv.drawn.append(out)
    g.emit("CHIT_DRAWN", f"draw {k} of turn {g.turn}: {label(out)} ({len(keep)} left in the cup)",
           [TV.cite("4.3")])
    return out


def drawn_id(chit: traces_pb2.TracesChit, k: int) -> str:
    """The public id of the `k`-th chit drawn this turn (4.2, A-40 'hidden').

    In the cup a chit is `<owner>:<name>#<copy>` (only its owner sees it). Once
    drawn it is public, so its id must not carry the copy number: drawing
    `german:LXIV#2` would tell the Allies that copy 1 is still in the cup. The
    drawn id names the draw instead: `<owner>:<name>@<k>` (the Supply chit
    stays `supply`): unique, and known to both players already."""
    if not chit.owner:
        return chit.id
    return f"{chit.owner}:{chit.name}@{k}"


def label(c: traces_pb2.TracesChit) -> str:
    names = {"supply": "the Supply chit", "shaef": "SHAEF", "ob-west": "OB West", "reserve": "US Reserve",
             "reinforcement": "German Reinforcement"}
    return names.get(c.name, f"{c.name} Corps HQ") + (f" ({c.owner})" if c.owner else "")


def roll_owner(purpose: str) -> str | None:
    """The side whose secret a draw roll touches (the second roll), else None."""
    if purpose.startswith(DRAW_PURPOSE) and OWN_PURPOSE in purpose:
        return purpose[len(DRAW_PURPOSE):].split(OWN_PURPOSE)[0].strip()
    return None
