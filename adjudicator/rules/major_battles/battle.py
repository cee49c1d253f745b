"""Battles: declaring one (`Attack`), throwing the dice, casualties, comparing
totals, ties (MB "Battles", "Casualties", "Retreating" ¶1-¶3).

A battle runs as a small pipeline stored in `MajorBattlesState.battle`
(stage by stage), so it can stop for a player's decision and resume when
the answer comes: casualties to choose, a tie to retreat from or refight, a
defender's retreat (retreat.py)."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles import timing
from adjudicator.rules.major_battles import retreat
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.casualties import casualties_inflicted, dice_for, removal, totals_odds
from adjudicator.rules.major_battles.decisions import CASUALTIES, TIE, ask, check_choices, option
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY, Battle, Game, Unit
from umpire.v1 import action_pb2, common_pb2


Stage = Callable[[Game, Battle, DiceSource], None]


def force_dice(units: list[Unit], bonus: int = 0) -> int:
    armor = sum(1 for u in units if u.kind == ARMOR)
    return dice_for(armor, len(units) - armor, bonus)


def attack_stacks(g: Game, target: str) -> list[str]:
    return [uid for a in g.approaches_at(target) for uid in a.unit_ids]


def validate_attack(g: Game, attack: action_pb2.Attack, side: str, b: VerdictBuilder) -> None:
    if not timing.in_turn(g, side, "fight a battle (battles are fought in the moving player's turn)", b,
                          C.BATTLE_ORDER):
        return
    if g.segment == "card":
        b.violation("TURN_CARD_FIRST", "turn your movement card first", C.DECK)
        return
    if attack.target not in g.board.towns:
        raise MalformedInput(f"unknown town {attack.target!r}", "action.attack.target")
    ids = attack_stacks(g, attack.target)
    if not ids:
        b.violation("NO_BATTLE_THERE", f"no units of {side} stand outside {g.board.name(attack.target)}: move units "
                    "toward an enemy-occupied town to fight for it", C.BATTLE_STOP, subject=attack.target)
        return
    if attack.attackers and sorted(attack.attackers) != sorted(ids):
        b.violation("ATTACKERS_MISMATCH", "every stack outside the town fights as a single attack force: "
                    f"{', '.join(ids)}", C.BATTLE_STOP)
        return
    defenders = [u for u in g.town_units(attack.target) if u.side != side]
    att = [g.units[i] for i in ids]
    fight = [u for u in defenders if "retreated-in" not in u.markers]
    ad, dd = force_dice(att), force_dice(fight)
    cd = b.verdict.combat
    cd.target = attack.target
    cd.attackers.extend(ids)
    cd.defenders.extend(u.id for u in fight)
    cd.attacker_dice = ad
    cd.defender_dice = dd
    hi, tie, lo = totals_odds(ad, dd)
    cd.outcomes.add(result="attacker total higher", probability=hi)
    cd.outcomes.add(result="tie", probability=tie)
    cd.outcomes.add(result="defender total higher", probability=lo)
    cd.notes.add(text="odds of the first round's dice totals only (before casualties and the elimination exception)",
                 citation=C.RETREAT_TOTALS)
    cd.notes.add(text=f"{len(att)} units on {len({g.outside[i].road or g.outside[i].area for i in ids})} road(s) "
                 f"fight as one force: {ad} dice", citation=C.BATTLE_STOP)
    if len(fight) == 1 and fight[0].kind == INFANTRY:
        cd.notes.add(text="the defender has only 1 Infantry Unit and throws no dice", citation=C.SINGLE_INFANTRY)
    if not g.mb.battles_started:
        b.note("the first battle ends this turn's movement", C.BATTLE_ORDER)


def apply_attack(g: Game, attack: action_pb2.Attack, dice: DiceSource) -> None:
    g.mb.battles_started = True  # MB "Battles" ¶4: all moves come before the first battle
    g.segment = "battle"
    start_battle(g, attack.target)
    run(g, dice)


def start_battle(g: Game, target: str) -> None:
    stacks = g.approaches_at(target)
    ids = [uid for a in stacks for uid in a.unit_ids]
    attacker = g.units[ids[0]].side
    defender = g.other(attacker)
    fight = [u.id for u in g.town_units(target) if u.side == defender and "retreated-in" not in u.markers]
    kind = "advanced-retreat" if any(a.retreating for a in stacks) else "landing" if any(a.area for a in stacks) else "road"
    g.mb.battle = Battle(target, kind, attacker, defender, ids, fight,
                         defender_bonus_dice=2 if kind == "advanced-retreat" else 0, stage="roll")
    g.emit("BATTLE_STARTED", f"battle for {g.board.name(target)}: {attacker} ({len(ids)} units) against "
           f"{defender} ({len(fight)} units)" + (" -- landing" if kind == "landing" else "")
           + (" -- advanced retreat, the enemy adds 2 dice" if kind == "advanced-retreat" else ""),
           C.BATTLE_STOP, units=ids + fight, to=target)


def run(g: Game, dice: DiceSource) -> None:
    """Advance the current battle (then queued ones) until a decision is needed or all are done."""
    while not g.finished and g.pending is None:
        b = g.mb.battle
        if b is None:
            if not g.mb.battle_queue:
                return
            target = g.mb.battle_queue.pop(0)
            if g.approaches_at(target):
                start_battle(g, target)
            continue
        STAGES[b.stage](g, b, dice)


def _roll(g: Game, b: Battle, dice: DiceSource) -> None:
    att = [g.units[i] for i in b.attacker_units]
    de = [g.units[i] for i in b.defender_units]
    b.attacker_dice = force_dice(att)  # MB "Battles" ¶2
    b.defender_dice = force_dice(de, b.defender_bonus_dice) if de else 0  # ¶3: a single Infantry Unit throws none
    where = g.board.name(b.target)
    b.attacker_faces = [dice.roll(6, f"battle at {where} round {b.round}: attacker die {i + 1}/{b.attacker_dice}")
                        for i in range(b.attacker_dice)]
    b.defender_faces = [dice.roll(6, f"battle at {where} round {b.round}: defender die {i + 1}/{b.defender_dice}")
                        for i in range(b.defender_dice)]
    b.attacker_total = sum(b.attacker_faces)
    b.defender_total = sum(b.defender_faces)
    b.defender_casualties = casualties_inflicted(b.attacker_faces)  # MB "Casualties" ¶1
    b.attacker_casualties = casualties_inflicted(b.defender_faces)
    rolls = [common_pb2.DieRoll(sides=6, value=v, purpose=f"attacker die {i + 1}") for i, v in enumerate(b.attacker_faces)]
    rolls += [common_pb2.DieRoll(sides=6, value=v, purpose=f"defender die {i + 1}") for i, v in enumerate(b.defender_faces)]
    cites = [C.BATTLE_DICE, C.CASUALTY_DICE]
    if len(de) == 1 and de[0].kind == INFANTRY and not b.defender_bonus_dice:
        cites.append(C.SINGLE_INFANTRY)
    g.emit(
        "BATTLE_ROUND",
        f"battle for {where}, round {b.round}: {b.attacker} throws {_faces(b.attacker_faces)} = {b.attacker_total}, "
        f"{b.defender} throws {_faces(b.defender_faces)} = {b.defender_total}; casualties: {b.attacker} "
        f"{b.attacker_casualties}, {b.defender} {b.defender_casualties}",
        *cites, dice=rolls, to=b.target,
    )
    b.stage = "attacker-casualties"


def _faces(faces: list[int]) -> str:
    return "-".join(map(str, faces)) if faces else "no dice"


def casualty_plan(g: Game, b: Battle, role: str) -> tuple[list[str], list[str], int]:
    """(forced removals, candidates to choose from, how many to choose) for `role`."""
    ids = b.attacker_units if role == "attacker" else b.defender_units
    n = b.attacker_casualties if role == "attacker" else b.defender_casualties
    inf = [i for i in ids if g.units[i].kind == INFANTRY]
    arm = [i for i in ids if g.units[i].kind == ARMOR]
    r = removal(n, len(inf), len(arm))  # MB "Casualties" ¶2
    forced: list[str] = []
    pick: list[str] = []
    k = 0
    for group, count in ((inf, r.infantry), (arm, r.armor)):
        if count == len(group):
            forced += group
        elif count:
            pick, k = group, count
    return forced, pick, k


def _group(g: Game, uid: str) -> str:
    a = g.outside.get(uid)
    return f"{a.road}|{a.area}|{a.frm}" if a else g.units[uid].loc


def _casualties(role: str) -> Stage:
    def stage(g: Game, b: Battle, dice: DiceSource) -> None:
        forced, pick, k = casualty_plan(g, b, role)
        side = b.attacker if role == "attacker" else b.defender
        if k and len({_group(g, i) for i in pick}) > 1:
            kind = g.units[pick[0]].kind
            ask(g, side, CASUALTIES, f"battle for {g.board.name(b.target)}: choose {k} {kind} unit(s) to remove as "
                "casualties" + (f" (besides {', '.join(forced)})" if forced else ""), C.CASUALTY_REMOVAL,
                [option(i, f"{i} ({kind}, from {g.board.name(g.outside[i].frm) if i in g.outside else g.board.name(g.units[i].loc)})",
                        units=[i]) for i in pick],
                k, k, context={"role": role, "casualties": str(k + len(forced))})
            return
        _remove(g, b, role, forced + pick[len(pick) - k:] if k else forced)

    return stage


def _remove(g: Game, b: Battle, role: str, ids: list[str]) -> None:
    side = b.attacker if role == "attacker" else b.defender
    if ids:
        g.eliminate(ids)
        g.emit("CASUALTIES", f"{side} removes {len(ids)} unit(s) as casualties: {', '.join(ids)}",
               C.CASUALTY_REMOVAL, units=ids, frm=b.target, side=side)
    gone = set(ids)
    if role == "attacker":
        b.attacker_units = [i for i in b.attacker_units if i not in gone]
        b.stage = "defender-casualties"
    else:
        b.defender_units = [i for i in b.defender_units if i not in gone]
        b.stage = "outcome"


def validate_casualties(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    assert g.pending is not None
    check_choices(g.pending, answer, b)


def apply_casualties(g: Game, answer: action_pb2.AnswerDecision, dice: DiceSource) -> None:
    assert g.pending is not None and g.mb.battle is not None
    role = g.pending.context["role"]
    g.pending = None
    forced, _pick, _k = casualty_plan(g, g.mb.battle, role)
    _remove(g, g.mb.battle, role, forced + list(answer.choices))


def _outcome(g: Game, b: Battle, dice: DiceSource) -> None:
    where = g.board.name(b.target)
    staying = [u.id for u in g.town_units(b.target) if u.side == b.defender]
    if not b.attacker_units and not b.defender_units:
        g.emit("BATTLE_RESULT", f"battle for {where}: both forces are eliminated", C.RETREAT_ELIMINATED, to=b.target)
        finish(g)
        return
    if not b.defender_units:
        # MB "Retreating" ¶2: the opponent does not have to retreat even if his total is smaller.
        g.emit("BATTLE_RESULT", f"battle for {where}: the defending units are eliminated; {b.attacker} enters "
               "whatever the totals", C.RETREAT_ELIMINATED, to=b.target)
        if staying and g.opts.retreated_in_left == "must-retreat":
            retreat.start_defender_retreat(g, b, staying)
            return
        retreat.attacker_enters(g, b)
        finish(g)
        return
    if not b.attacker_units:
        g.emit("BATTLE_RESULT", f"battle for {where}: the attacking units are eliminated; {b.defender} holds",
               C.RETREAT_ELIMINATED, to=b.target)
        finish(g)
        return
    if b.attacker_total > b.defender_total:  # MB "Retreating" ¶1: the lower total retreats
        g.emit("BATTLE_RESULT", f"battle for {where}: {b.attacker} {b.attacker_total} beats {b.defender} "
               f"{b.defender_total}: the defender must retreat", C.RETREAT_TOTALS, to=b.target)
        retreat.start_defender_retreat(g, b, staying)
        return
    if b.attacker_total < b.defender_total:
        g.emit("BATTLE_RESULT", f"battle for {where}: {b.defender} {b.defender_total} beats {b.attacker} "
               f"{b.attacker_total}: the attacker must retreat", C.RETREAT_TOTALS, to=b.target)
        retreat.attacker_retreats(g, b, voluntary=False)
        finish(g)
        return
    att = [g.units[i] for i in b.attacker_units]
    de = [g.units[i] for i in b.defender_units]
    if force_dice(att) == 0 and force_dice(de, b.defender_bonus_dice) == 0 and g.opts.zero_dice_tie == "attacker-retreats":
        g.emit("BATTLE_RESULT", f"battle for {where}: tie 0-0 and no die would be thrown in a refight; the attacker "
               "goes back (option mb.zero-dice-tie)", C.RETREAT_TOTALS, to=b.target)
        retreat.attacker_retreats(g, b, voluntary=True)
        finish(g)
        return
    g.emit("BATTLE_RESULT", f"battle for {where}: tie at {b.attacker_total}", C.RETREAT_TOTALS, to=b.target)
    b.stage = "tie-attacker"


def _tie(role: str) -> Stage:
    def stage(g: Game, b: Battle, dice: DiceSource) -> None:
        side = b.attacker if role == "attacker" else b.defender
        ask(g, side, TIE, f"battle for {g.board.name(b.target)} tied at {b.attacker_total}: retreat voluntarily, "
            "or refight?", C.RETREAT_TOTALS,
            [option("retreat", "retreat voluntarily"), option("refight", "refuse: refight if neither retreats")],
            1, 1, context={"role": role, "total": str(b.attacker_total)})

    return stage


def validate_tie(g: Game, answer: action_pb2.AnswerDecision, b: VerdictBuilder) -> None:
    assert g.pending is not None
    check_choices(g.pending, answer, b)


def apply_tie(g: Game, answer: action_pb2.AnswerDecision, dice: DiceSource) -> None:
    assert g.pending is not None and g.mb.battle is not None
    role = g.pending.context["role"]
    b = g.mb.battle
    g.pending = None
    choice = answer.choices[0]
    side = b.attacker if role == "attacker" else b.defender
    if choice == "retreat":
        g.emit("TIE_RETREAT", f"{side} retreats voluntarily after the tie", C.RETREAT_TOTALS, side=side)
        if role == "attacker":
            retreat.attacker_retreats(g, b, voluntary=True)
            finish(g)
        else:
            retreat.start_defender_retreat(g, b, [u.id for u in g.town_units(b.target) if u.side == b.defender],
                                           voluntary=True)
        return
    if role == "attacker":
        b.stage = "tie-defender"
        return
    # MB "Retreating" ¶1: neither retreats: refight, dice adjusted for casualties.
    g.emit("REFIGHT", f"neither player retreats: the battle for {g.board.name(b.target)} is refought", C.RETREAT_TOTALS)
    b.round += 1
    b.stage = "roll"


def finish(g: Game) -> None:
    b = g.mb.battle
    g.mb.battle = None
    if b is not None:
        g.mb.approaches = [a for a in g.mb.approaches if a.target != b.target]
        g.touch()
    campaign_of(g.campaign).after_action(g)


STAGES: dict[str, Stage] = {
    "roll": _roll,
    "attacker-casualties": _casualties("attacker"),
    "defender-casualties": _casualties("defender"),
    "outcome": _outcome,
    "tie-attacker": _tie("attacker"),
    "tie-defender": _tie("defender"),
    "defender-retreat": lambda g, b, dice: retreat.defender_retreat_stage(g, b),
}
