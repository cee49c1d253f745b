"""A combat from its declaration to the roll (9.0, 7.2.2.A, 8.4, 9.6.4.D,
13.2.3, 18.1): the attack, the defender's announcements (DEFEND), the chits
drawn and shown, the roll (ROLL), the CRT result.

The chits are shown in the state between the defender's announcements and the
roll (combat stage "revealed"): that is when the rules let the opponent look
(8.4.1, 8.4.2.B). The roll closes the window (8.4.2.C): the strengths and
columns leave the state, and events that showed them are no longer sent to
the opponent (secrecy.py).
"""

from __future__ import annotations

from adjudicator.core.decisions import check_answer, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import NeedsData
from adjudicator.core.tables import find_table
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import chits, combat, obligation, preview, results, strength
from adjudicator.rules.pattons.cite import CRT, P3, US, other
from adjudicator.rules.pattons.knowledge import known_cs
from adjudicator.rules.pattons.model import Game
from adjudicator.rules.pattons.strength import Setup
from umpire.v1 import action_pb2


def declared(action: action_pb2.Action) -> tuple[list[str], list[str], list[str]]:
    if action.WhichOneof("kind") == "attack":
        a = action.attack
        return [a.target], list(a.attackers), list(a.supports)
    pa = action.pattons.attack
    return list(pa.targets), list(pa.attackers), list(pa.supports)


def _base(g: Game, d: combat.Declaration) -> Setup:
    return Setup(d.side, d.targets, d.attackers, [], list(d.bystanders), d.support, [], d.air, False, "")


def _defender_may(g: Game, d: combat.Declaration) -> list[str]:
    notes = []
    arts = combat.defender_art_options(g, d, [u for h in d.targets for u in d.fixed[h] + d.choices[h]])
    if arts:
        notes.append(f"the defender may still add artillery support (1 column left; eligible: {', '.join(arts)})")
    if combat.air_points(g, d.defender) > 0:
        notes.append("the defender may still allocate an Air Point (1 column left)")
    return notes


def validate_attack(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    targets, attackers, supports = declared(action)
    d = obligation.check_attack(g, action.side, targets, attackers, supports, b)
    if d is None:
        return
    viewer = g.viewer or action.side
    sets = preview.setups(g, _base(g, d), d.choices, d.fixed)
    b.verdict.combat.CopyFrom(preview.details(g, viewer, sets, b, list(action.supplied_cells),
                                              _defender_may(g, d)))


def apply_attack(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    targets, attackers, supports = declared(action)
    b = VerdictBuilder()
    d = obligation.check_attack(g, action.side, targets, attackers, supports, b)
    assert d is not None, b.verdict.violations
    side = d.side
    cb = g.ext.combat
    cb.targets.extend(g.label(h) for h in d.targets)
    cb.attackers.extend(d.attackers)
    cb.attacker_support.extend(d.support)
    cb.attacker_air = d.air
    cb.attacker_side = side
    cb.stage = "declared"
    for u in d.attackers:
        if combat.counts_as_large(g, u):
            label = g.label(g.hex_of[u])
            g.ext.attack_slots.append(label)
            for o in g.stack(g.hex_of[u], side):  # 7.2.2.C: the hex's other regiments sit the phase out
                if o != u and g.large(o) and not g.c(o).artillery and o not in d.attackers:
                    g.mark(o, "sitout")
    for a in d.support:
        g.mark(a, "support-used")
    if d.air:
        g.ext.air_points[side] -= 1
    g.event("ATTACK_DECLARED", f"{side} attacks {', '.join(cb.targets)} with {', '.join(d.attackers)}"
            + (f"; support {', '.join(d.support)}" if d.support else "") + ("; Air Point" if d.air else ""),
            ["9.0", "9.6.4.D", "13.2.3"], d.attackers, to=cb.targets[0])
    _ask_defender(g, d, dice)


def _ask_defender(g: Game, d: combat.Declaration, dice: DiceSource) -> None:
    side = d.defender
    opts = []
    for h in sorted(d.choices):
        if len(d.choices[h]) > 1:
            for u in d.choices[h]:
                opts.append(option(f"defend:{u}", f"{u} defends {g.label(h)}", units=[u], citation=P3.cite("7.2.2.A")))
    everyone = [u for h in d.targets for u in d.fixed[h] + d.choices[h]]
    for a in combat.defender_art_options(g, d, everyone):
        opts.append(option(f"art:{a}", f"{a} supports the defence", units=[a], citation=P3.cite("9.6.2")))
    if combat.air_points(g, side) > 0:
        opts.append(option("air", "allocate an Air Point", citation=P3.cite("13.2.1.C")))
    lines = sorted({g.hm.terrain[h] for h in d.targets})
    if len(lines) > 1:
        for line in lines:
            opts.append(option(f"line:{line}", f"use the {line} line", citation=P3.cite("9.2.6")))
    required = sum(1 for h in d.choices if len(d.choices[h]) > 1) + (1 if len(lines) > 1 else 0)
    if not opts:
        _participants(g, d, [], "")
        reveal(g, dice)
        return
    g.ask(side, "DEFEND", f"{side}: announce the defence of {', '.join(g.label(h) for h in d.targets)} "
          "(participants, artillery, Air Point)", "9.6.4.D", opts, min_choices=required,
          max_choices=required + 2)


def _participants(g: Game, d: combat.Declaration, picked: list[str], line: str) -> None:
    cb = g.ext.combat
    defenders: list[str] = []
    for h in sorted(d.targets):
        defenders += d.fixed[h]
        large = d.choices[h]
        chosen = [u for u in large if u in picked] if len(large) > 1 else large
        defenders += chosen
        for u in large:
            if u not in chosen:
                cb.bystanders.append(u)
                g.mark(u, "sitout")
    cb.bystanders.extend(u for u in d.bystanders if u not in cb.bystanders)
    cb.defenders.extend(sorted(defenders))
    cb.line = line or g.hm.terrain[sorted(d.targets)[0]]
    cb.defender_declared = True


def _declaration(g: Game) -> combat.Declaration:
    cb = g.ext.combat
    hexes = [g.hex(t) for t in cb.targets]
    d = combat.Declaration(cb.attacker_side, hexes, list(cb.attackers), list(cb.attacker_support), cb.attacker_air)
    for h in hexes:
        fixed, large, out = combat.defenders_of(g, h, other(cb.attacker_side))
        d.fixed[h], d.choices[h] = fixed, large
        d.bystanders += out
    return d


def validate_defend(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(g.state.pending, action.answer, b)
    if not b.ok:
        return
    d = _declaration(g)
    picks = list(action.answer.choices)
    cite = P3.cite
    for h in d.choices:
        if len(d.choices[h]) > 1 and sum(1 for u in d.choices[h] if f"defend:{u}" in picks) != 1:
            b.violation("ONE_DEFENDER", f"choose exactly one regiment or brigade to defend {g.label(h)}",
                        cite("7.2.1.A"), g.label(h))
    arts = [p.split(":", 1)[1] for p in picks if p.startswith("art:")]
    if len(arts) > 1:
        b.violation("ONE_DEFENCE_SUPPORT", "at most one support bonus when a friendly stack defends", cite("9.6.4.B"))
    lines = [p.split(":", 1)[1] for p in picks if p.startswith("line:")]
    if len({g.hm.terrain[h] for h in d.targets}) > 1 and len(lines) != 1:
        b.violation("ONE_LINE", "choose the terrain line (the most favourable to the defence)", cite("9.2.6"))
    if arts and b.ok:
        defenders = _chosen(d, picks)
        why = combat.support_eligible(g, arts[0], d.defender, d.targets, defenders)
        if why:
            b.violation("NO_SUPPORT", f"{arts[0]} cannot support: {why}", cite("9.6"), arts[0])


def _chosen(d: combat.Declaration, picks: list[str]) -> list[str]:
    out = []
    for h in d.targets:
        out += d.fixed[h]
        out += [u for u in d.choices[h] if len(d.choices[h]) == 1 or f"defend:{u}" in picks]
    return out


def apply_defend(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    g.state.ClearField("pending")
    d = _declaration(g)
    picks = list(action.answer.choices)
    lines = [p.split(":", 1)[1] for p in picks if p.startswith("line:")]
    _participants(g, d, [p.split(":", 1)[1] for p in picks if p.startswith("defend:")], lines[0] if lines else "")
    cb = g.ext.combat
    for p in picks:
        if p.startswith("art:"):
            cb.defender_support.append(p.split(":", 1)[1])
            g.mark(p.split(":", 1)[1], "support-used")
        if p == "air":
            cb.defender_air = True
            g.ext.air_points[d.defender] -= 1
    g.event("DEFENCE_DECLARED", f"{d.defender} defends with {', '.join(cb.defenders)}"
            + (f"; support {', '.join(cb.defender_support)}" if cb.defender_support else "")
            + ("; Air Point" if cb.defender_air else ""), ["7.2.2.A", "9.6.4.D", "13.2.3"], list(cb.defenders))
    reveal(g, dice)


def setup_of(g: Game) -> Setup:
    cb = g.ext.combat
    return Setup(cb.attacker_side, [g.hex(t) for t in cb.targets], list(cb.attackers), list(cb.defenders),
                 list(cb.bystanders), list(cb.attacker_support), list(cb.defender_support), cb.attacker_air,
                 cb.defender_air, cb.line)


def reveal(g: Game, dice: DiceSource) -> None:
    """8.0.C, 8.4.1: chits for the committed units without one, then shown to
    the opponent with the ratio (8.4.2.B)."""
    cb = g.ext.combat
    for u in list(cb.attackers) + list(cb.defenders):
        c = g.c(u)
        if c.uses_chit and not g.cadre(u) and not g.tried(u):
            chits.draw(g, u, dice)
    s = setup_of(g)
    known, slots = strength.terms(g, s, "")
    assert not slots
    a, d = strength.final_totals(known)
    net, _ = strength.net(g, s)
    cb.attack, cb.defense = a, d
    cb.stage = "revealed"
    cb.revealed_version = g.state.version + 1
    for u in list(cb.attackers) + list(cb.defenders):
        held = g.held(u)
        if held is not None and not g.cadre(u):
            g.event("CHIT_SHOWN", f"{u} shows chit {held.chit}: CS {known_cs(g, u, '')}", ["8.4.2.B"], [u],
                    visible_to=[other(g.side_of(u))])
    try:
        t = strength.crt(g)
        cb.base_column, cb.column = strength.odds_column(g, t, a, d, net)
        col = f"basic {cb.base_column}, final {cb.column} on the {cb.line} line"
    except NeedsData:
        col = "the CRT is not known yet (it is needed for the roll)"
    g.event("COMBAT_ODDS", f"{a} against {d}: {col}", ["9.0.E", "9.0.F", "9.7.A"], list(cb.attackers) +
            list(cb.defenders), to=cb.targets[0], visible_to=[cb.attacker_side, other(cb.attacker_side)])
    g.ask(cb.attacker_side, "ROLL", f"roll for the combat at {', '.join(cb.targets)}: {a} against {d}, {col}",
          "9.0.G", [option("roll", "roll the two dice", citation=P3.cite("9.0.G"))])


def validate_roll(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(g.state.pending, action.answer, b)
    if not b.ok:
        return
    viewer = g.viewer or action.side
    s = setup_of(g)
    b.verdict.combat.CopyFrom(preview.details(g, viewer, [s], b, list(action.supplied_cells), []))


def apply_roll(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    """9.0.G: roll two dice, read the result; the chits are hidden again (8.4.2.C)."""
    g.state.ClearField("pending")
    cb = g.ext.combat
    t = strength.crt(g)
    d1 = dice.roll(6, f"combat at {', '.join(cb.targets)}: die 1")
    d2 = dice.roll(6, f"combat at {', '.join(cb.targets)}: die 2")
    row = strength.roll_row(g, t, cb.line, d1, d2)
    cell = t.lookup(row, cb.column, list(action.supplied_cells), reason=f"combat at {', '.join(cb.targets)}")
    res = strength.parse_result(cell.value, cell.marks.get("bold") == "true")
    cb.roll.extend([d1, d2])
    cb.result = res.text
    cb.bold = res.bold
    for f in ("attack", "defense", "base_column", "column"):
        cb.ClearField(f)
    cb.stage = "results"
    side = cb.attacker_side
    g.event("COMBAT_RESOLVED", f"combat at {', '.join(cb.targets)}: dice {d1} {d2}, result {res.text}"
            + (" (breakthrough)" if res.bold else ""), ["9.0.G", "9.8.4"] + (["9.9.7"] if res.bold else []),
            list(cb.attackers) + list(cb.defenders), to=cb.targets[0])
    for u in cb.attackers:
        g.mark(u, "attacked")
        g.mark(u, "fought")
        div = g.c(u).division
        if div and div not in g.ext.divisions_attacked:
            g.ext.divisions_attacked.append(div)
    for u in cb.defenders:
        g.mark(u, "defended")
        g.mark(u, "fought")
    for u in cb.bystanders:
        g.mark(u, "sitout")
    g.ext.attacked_hexes.extend(cb.targets)
    if side == US and not res.bold:
        _support_cost(g)
    results.start(g, res, dice)


def _support_cost(g: Game) -> None:
    """18.1.1 (AMBIG-25): 1 SP from each US corps that took part; none on a breakthrough (18.1.2)."""
    cb = g.ext.combat
    units = list(cb.attackers) + (list(cb.attacker_support) if g.opts.sp_participation == "with-support" else [])
    for corps in sorted({g.c(u).corps for u in units if g.c(u).corps in g.ext.support}):
        g.ext.support[corps] -= 1
        g.event("SUPPORT_SPENT", f"{corps} Corps spends a Support Point ({g.ext.support[corps]} left)", ["18.1.1"])


def crt_known(g: Game) -> bool:
    return bool(find_table(g.state.scenario.definition.tables, CRT).columns)
