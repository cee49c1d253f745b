"""Writing VASSAL extensions (.vmdx): components attached to a module's
components, as VASSAL's extension editor saves them (research notes §1.17).

`build_extension` wraps each component in an `ExtensionElement` whose target
names where it goes (importers.vassal.extensions.target_of); `units_extension`
adds units of a canonical definition to a module as an extension: a palette
panel under the module's first palette, with one slot per unit made like the
slots of modules Umpire writes (exporters.vassal.module_build), gpids
`<extension id>:<n>` as VASSAL numbers an extension's slots, and the
prototypes of sides and unit types the module lacks.
"""

from __future__ import annotations

from lxml import etree

from adjudicator.core.errors import MalformedInput
from exporters.vassal.archive import save_metadata, zip_bytes
from exporters.vassal.module_build import P, VASSAL_VERSION, _el, _indent, _safe, _slot_text
from exporters.vassal.pngimage import colour, counter_png
from importers.vassal.chains import add_piece_text, join_chain
from importers.vassal.extensions import EXTENSION_ELEMENT, target_of
from importers.vassal.module import Module
from importers.vassal.seqenc import encode_str
from umpire.v1 import definition_pb2

EXTENSION = P + "ModuleExtension"


def build_extension(module: Module, elements: list[tuple[str, etree._Element]], *, version: str = "1.0",
                    extension_id: str = "umx", description: str = "", universal: bool = False,
                    next_gpid: int = 1, files: list[tuple[str, bytes]] | None = None,
                    module_name: str | None = None) -> bytes:
    """The bytes of a .vmdx attaching each (target, component) to `module`
    (made for the module called `module_name`, default the module's name)."""
    root = _el(None, EXTENSION, {"anyModule": "true" if universal else "false", "description": description,
                                 "extensionId": extension_id,
                                 "module": module.views.name if module_name is None else module_name,
                                 "moduleVersion": module.views.version, "nextPieceSlotId": str(next_gpid),
                                 "vassalVersion": VASSAL_VERSION, "version": version})
    for target, component in elements:
        holder = _el(root, EXTENSION_ELEMENT, {"target": target})
        holder.append(component)
    _indent(root)
    build = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + etree.tostring(root, encoding="UTF-8") + b"\n"
    extdata = save_metadata(version, VASSAL_VERSION, description).replace(
        b"</data>", f"  <universal>{'true' if universal else 'false'}</universal>\n</data>".encode())
    entries = [("buildFile.xml", build), ("extensiondata", extdata)]
    if module.archive.has("moduledata"):
        entries.append(("moduledata", module.archive.read("moduledata")))
    return zip_bytes(entries + list(files or []))


def _path_to(root: etree._Element, el: etree._Element) -> list[etree._Element]:
    path = []
    cur: etree._Element | None = el
    while cur is not None and cur is not root:
        path.append(cur)
        cur = cur.getparent()
    return list(reversed(path))


def units_extension(module: Module, definition: definition_pb2.GameDefinition, unit_ids: list[str], *,
                    panel: str = "Extension units", version: str = "1.0", extension_id: str = "umx") -> bytes:
    """An extension adding palette slots for these units of `definition` to `module`."""
    root = module.buildfile.root
    window = next(iter(root.iter(P + "PieceWindow")), None)
    if window is None:
        raise MalformedInput("the module has no piece palette (PieceWindow) to extend", module.name)
    inner = next((c for c in window if c.tag == "VASSAL.build.widget.TabWidget"), window)
    units = {u.id: u for u in definition.units}
    missing = [u for u in unit_ids if u not in units]
    if missing:
        raise MalformedInput(f"units not in the definition: {', '.join(missing)}")
    elements: list[tuple[str, etree._Element]] = []
    files: list[tuple[str, bytes]] = []
    protos = next(iter(root.iter(P + "PrototypesContainer")), None)
    have = set(module.views.prototypes)
    wanted_sides = {units[u].side for u in unit_ids}
    wanted_types = {units[u].type for u in unit_ids if units[u].type}
    for s in definition.sides:
        if s.id in wanted_sides and f"Side {s.id}" not in have:
            el = _el(None, P + "PrototypeDefinition", {"description": f"side {s.id}", "name": f"Side {s.id}"},
                     text=add_piece_text(None, join_chain(["delete;Delete;68,130", "clone;Clone;67,130", "piece;;;;"]),
                                         join_chain(["", "", "null;0;0;;0"])))
            elements.append((target_of(_path_to(root, protos)) if protos is not None else "", el))
    for t in definition.unit_types:
        if t.id in wanted_types and f"Type {t.id}" not in have:
            el = _el(None, P + "PrototypeDefinition", {"description": t.name, "name": f"Type {t.id}"},
                     text=add_piece_text(None, join_chain(["mark;" + encode_str(["MovementClass", "Tags"], ","),
                                                           "piece;;;;"]),
                                         join_chain([encode_str([t.movement_class, " ".join(t.tags)], ","),
                                                     "null;0;0;;0"])))
            elements.append((target_of(_path_to(root, protos)) if protos is not None else "", el))
    tag = "VASSAL.build.widget.PanelWidget"
    box = _el(None, tag, {"entryName": panel, "fixed": "false", "nColumns": "8", "scale": "1.0", "vert": "false"})
    side_index = {s.id: i for i, s in enumerate(definition.sides)}
    for n, uid in enumerate(unit_ids, start=1):
        u = units[uid]
        steps = max(1, u.steps or len(u.faces) or 1)
        rgb = colour(next((s.color for s in definition.sides if s.id == u.side), ""), side_index.get(u.side, 0))
        names = []
        for k in range(steps):
            img = f"umx-{_safe(extension_id)}-{_safe(u.side)}-{k + 1}of{steps}.png"
            if f"images/{img}" not in [f for f, _ in files]:
                files.append((f"images/{img}", counter_png(rgb, step=k, steps=steps)))
            names.append(img)
        types = {t.id for t in definition.unit_types} | {p[len("Type "):] for p in have if p.startswith("Type ")}
        type_text, state_text = _slot_text(u, f"Side {u.side}", f"Type {u.type}" if u.type in types else "", names)
        gpid = f"{extension_id}:{n}"
        state_text = state_text.replace("null;0;0;;0", f"null;0;0;{gpid};0")
        _el(box, "VASSAL.build.widget.PieceSlot", {"entryName": u.name or u.id, "gpid": gpid, "height": "60",
                                                    "width": "60"}, text=add_piece_text(None, type_text, state_text))
    elements.append((target_of(_path_to(root, inner)), box))
    return build_extension(module, elements, version=version, extension_id=extension_id,
                           next_gpid=len(unit_ids) + 1, files=files,
                           description=f"{len(unit_ids)} unit(s) of {definition.name or definition.id}")
