"""`--json`: machine-readable output, one schema for the CLI and the service.

Why: a script that settles disputes must not scrape the human rendering. Each
`--json` output is the proto3 JSON form (google.protobuf.json_format, field
names in lowerCamelCase, as the state files) of the message the service
answers the same question with (docs/cli-json.md):

* `umpire rulesets --json`   -> umpire.v1.ListRulesetsResponse
* `umpire show --json`       -> umpire.v1.GetStateResponse (the side's view with --side)
* `umpire legal --json`      -> umpire.v1.QueryResponse (legal_actions, notes, version)
* `umpire adjudicate --json` -> umpire.v1.SubmitActionResponse (the verdict; version,
  events and dice once the action is applied)

So `json_format.Parse(stdout, service_pb2.QueryResponse())` reads what the CLI
printed, and a client of the server reads the same shape.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from google.protobuf.message import Message

    from adjudicator.core.errors import NeedsData
    from umpire.v1 import action_pb2, state_pb2

JSON_HELP = "print the answer as proto JSON (docs/cli-json.md) instead of text"


def emit(message: Message) -> None:
    """Print `message` as proto JSON on stdout (one document)."""
    from google.protobuf import json_format

    sys.stdout.write(json_format.MessageToJson(message, indent=2) + "\n")
    sys.stdout.flush()


def rulesets_response() -> Message:
    """ListRulesetsResponse as the service's ListRulesets builds it
    (service/games.py `GameManager.rulesets`): broken rulesets listed with why."""
    from adjudicator.core.ruleset import load_all
    from umpire.v1 import service_pb2

    ok, broken = load_all()
    infos: list[service_pb2.RulesetInfo] = [service_pb2.RulesetInfo(id=rs.id, version=rs.version, title=rs.title, scenarios=rs.scenario_ids(),
                                     options=rs.options(), rulebook=rs.rulebook) for rs in ok]
    infos += [service_pb2.RulesetInfo(id=rid, unavailable=why) for rid, why in broken.items()]
    infos.sort(key=lambda r: r.id)
    return service_pb2.ListRulesetsResponse(rulesets=infos)


def with_needed(verdict: action_pb2.Verdict, e: NeedsData) -> action_pb2.Verdict:
    """The verdict with the cells the outcome landed on added to its needs
    (each once): what `adjudicate` reports when applying stopped for data."""
    from umpire.v1 import action_pb2

    v = action_pb2.Verdict()
    v.CopyFrom(verdict)
    known = {(c.table_id, c.column, c.row) for c in v.needs}
    v.needs.extend(c for c in e.cells if (c.table_id, c.column, c.row) not in known)
    return v


def adjudicate_json(state: state_pb2.GameState, action: action_pb2.Action, verdict: action_pb2.Verdict,
                    rolls: list[int] | None, output: Path | None) -> int:
    """`adjudicate --json`: the SubmitActionResponse of the action (verdict
    only when it is illegal or was not applied for want of dice or data), the
    same exit codes as the text output (3: legal, more input needed)."""
    from adjudicator.core import dice as dice_mod
    from adjudicator.core import engine
    from adjudicator.core.errors import MalformedInput, NeedsData
    from cli.errors import EXIT_ILLEGAL, EXIT_NEEDS_INPUT
    from exporters.canonical import write_message
    from umpire.v1 import service_pb2

    if not verdict.legal:
        emit(service_pb2.SubmitActionResponse(verdict=verdict))
        return EXIT_ILLEGAL
    dice = dice_mod.ScriptedDice(rolls or [], start_index=len(state.dice_log), version=state.version)
    try:
        applied = engine.apply_action(state, action, lambda _start, _v: dice)
    except dice_mod.NeedsRoll:
        if rolls:
            raise
        emit(service_pb2.SubmitActionResponse(verdict=verdict))  # not applied: no version, no events
        return EXIT_NEEDS_INPUT
    except NeedsData as e:
        emit(service_pb2.SubmitActionResponse(verdict=with_needed(verdict, e)))
        return EXIT_NEEDS_INPUT
    if dice.unused:
        raise MalformedInput(f"{dice.unused} of the {len(dice.values)} rolls given were not used", "--roll")
    if output is not None:
        write_message(output, applied.state)
    emit(service_pb2.SubmitActionResponse(verdict=applied.verdict, version=applied.state.version,
                                          events=applied.events, dice=applied.rolls))
    return 0
