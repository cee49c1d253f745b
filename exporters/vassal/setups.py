"""Scenarios as predefined setups: a canonical scenario -> a setup save, and a
module with that save added as a `PredefinedSetup` (research notes §1.13).

The module keeps every entry's bytes; only the build file gains one element
(appended at the end of the root, indented as VASSAL writes it) and the
archive gains the save entry.
"""

from __future__ import annotations

from lxml import etree

from adjudicator.core.errors import MalformedInput
from exporters.vassal.archive import save_entries, save_metadata, zip_bytes
from exporters.vassal.build import build_save, scenario_state
from importers.vassal.module import Module
from importers.vassal.obfuscation import Encoding
from umpire.v1 import definition_pb2, vassal_pb2

PREDEFINED = "VASSAL.build.module.PredefinedSetup"


def scenario_save_bytes(module: Module, binding: vassal_pb2.VassalBinding, scenario: definition_pb2.Scenario,
                        comment: str = "") -> bytes:
    """A .vsav showing the scenario's setup, for this module."""
    text, report = build_save(module, binding, scenario_state(scenario))
    if report.diagnostics and not report.created:
        raise MalformedInput("; ".join(report.diagnostics[:3]), f"scenario {scenario.id or scenario.name}")
    extra = {"savedata": save_metadata(module.views.version, module.views.vassal_version or "3.7.9",
                                       comment or scenario.description or scenario.name)}
    src = module.archive
    if src.has("moduledata"):
        extra["moduledata"] = src.read("moduledata")
    return zip_bytes(save_entries(text, Encoding(), extra))


def add_predefined_setup(module: Module, name: str, vsav: bytes, file_name: str, replace: bool = False) -> bytes:
    """The module's archive with `vsav` stored as `file_name` and listed as a
    predefined setup called `name`."""
    if module.archive.has(file_name) and not replace:
        raise MalformedInput(f"the module already has an entry {file_name!r}", module.name)
    bf = module.buildfile
    root = bf.root
    for el in root.iter(PREDEFINED):
        if el.get("file") == file_name and not replace:
            raise MalformedInput(f"a predefined setup already uses {file_name!r}", module.name)
    el = etree.SubElement(root, PREDEFINED)
    for k, v in sorted({"description": name, "file": file_name, "isMenu": "false", "name": name,
                        "useFile": "true"}.items()):
        el.set(k, v)
    kids = list(root)
    if len(kids) > 1:
        prev = kids[-2]
        el.tail = prev.tail
        prev.tail = (root.text or "\n    ")
    else:
        root.text = "\n    "
        el.tail = "\n"
    bf.modified = True
    entries: list[tuple[str, bytes]] = []
    for n in module.archive.names():
        if n == bf.entry:
            entries.append((n, bf.to_bytes()))
        elif n == file_name:
            continue
        else:
            entries.append((n, module.archive.read(n)))
    entries.append((file_name, vsav))
    return zip_bytes(entries)
