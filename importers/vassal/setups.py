"""A module's predefined setups -> canonical scenarios (research notes §1.13).

A predefined setup with `useFile` names a save stored inside the module; it is
read like any save (under the same archive limits) and its bound units'
positions become the scenario's placements.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.core.errors import MalformedInput
from importers.vassal.archive import Archive
from importers.vassal.game import read_game_archive
from importers.vassal.module import Module
from importers.vassal.to_canonical import import_game
from importers.vassal.views import PredefinedSetupView
from umpire.v1 import definition_pb2, vassal_pb2


@dataclass
class SetupImport:
    view: PredefinedSetupView
    scenario: definition_pb2.Scenario
    diagnostics: list[str]


def setup_files(module: Module) -> list[PredefinedSetupView]:
    return [s for s in module.views.predefined if s.use_file and not s.is_menu and s.file]


def import_setup(module: Module, binding: vassal_pb2.VassalBinding, view: PredefinedSetupView,
                 strict: bool = False,
                 complete: Callable[[definition_pb2.GameDefinition], None] | None = None) -> SetupImport:
    """`complete`: what the module lacks (map file, counter values), as for a
    save (`import_game`)."""
    holder = module.find_entry(view.file)  # the module's, or an extension's
    if holder is None:
        raise MalformedInput(f"predefined setup {view.name!r} names {view.file!r}, which is not in the module", module.name)
    nested = Archive(holder.read(view.file), f"{holder.name}: {view.file}", holder.limits)
    game = read_game_archive(nested, strict)
    res = import_game(game, module, binding, use_engine=False, complete=complete)
    scen = definition_pb2.Scenario()
    scen.CopyFrom(res.state.scenario)
    base = scen.id or scen.definition.id or "vassal"
    scen.id = f"{base}/{view.path}"
    scen.name = view.name
    scen.description = view.element.get("description", "") or ""
    scen.source = f"predefined setup {view.path!r} of {module.name}"
    return SetupImport(view, scen, res.diagnostics)


def import_setups(module: Module, binding: vassal_pb2.VassalBinding, strict: bool = False) -> list[SetupImport]:
    return [import_setup(module, binding, v, strict) for v in setup_files(module)]
