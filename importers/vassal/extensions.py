"""Extensions (.vmdx) merged into their module, as VASSAL loads them
(research notes §1.17; VASSAL's ModuleExtension, ExtensionElement and
ComponentPathBuilder).

An extension's build file has a `ModuleExtension` root whose
`ExtensionElement` children each carry one component and a `target`: a path
from the module's root, `/`-separated steps `className[:name]` (both
SequenceEncoder lists). VASSAL appends the component to the target's children
(the module itself when the target is empty); components of the extension
that are not inside an ExtensionElement attach to nothing in the module.

A step matches a child of that class whose configure name (mapName for maps,
entryName for palette widgets and slots, else name) equals the step's name,
or has none when the step names none. When no child matches exactly but some
have the class, the last step takes the first of them, and an inner step
tries them in order — VASSAL's fallback, kept because module editors rename
things and extensions still load.

An extension made for another module (its `module` attribute, unless
`anyModule` is true) is refused, as VASSAL refuses to load it.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from lxml import etree

from adjudicator.core.errors import MalformedInput
from importers.vassal import seqenc
from importers.vassal.buildfile import short
from importers.vassal.views import MAP_TAGS, SLOT_TAGS, WIDGETS, ModuleViews, read_views

if TYPE_CHECKING:
    from importers.vassal.module import Module

EXTENSION_ELEMENT = "VASSAL.build.module.ExtensionElement"
_ENTRY_NAMED = set(SLOT_TAGS) | set(WIDGETS) | {"VASSAL.build.widget.PieceSlot"}


class PathError(ValueError):
    pass


def configure_name(el: etree._Element) -> str | None:
    """The component's configure name as VASSAL's getConfigureName gives it
    (None when the attribute is absent)."""
    tag = el.tag if isinstance(el.tag, str) else ""
    attr = "mapName" if tag in MAP_TAGS else "entryName" if tag in _ENTRY_NAMED else "name"
    v = el.get(attr)
    return None if v is None else str(v)


def parse_target(target: str) -> list[tuple[str, str | None]]:
    """`class[:name]/class[:name]...` -> steps (name None when the step has none)."""
    if not target:
        return []
    steps: list[tuple[str, str | None]] = []
    for step in seqenc.decode(target, "/"):
        parts = seqenc.decode(step, ":")
        steps.append((parts[0], parts[1] if len(parts) > 1 else None))
    return steps


def resolve(parent: etree._Element, steps: list[tuple[str, str | None]]) -> list[etree._Element]:
    """The elements a target path names, from `parent` down (ComponentPathBuilder.getPath)."""
    if not steps:
        return []
    cls, name = steps[0]
    partial: list[etree._Element] = []
    for child in parent:
        if child.tag != cls:
            continue
        partial.append(child)
        if configure_name(child) == name:
            return [child] + resolve(child, steps[1:])
    if partial:
        if len(steps) == 1:
            return [partial[0]]
        for cand in partial:
            try:
                return [cand] + resolve(cand, steps[1:])
            except PathError:
                continue
    raise PathError(f"could not find {name if name is not None else short(cls)} in {short(parent.tag)}")


def check_extension(ext: "Module", module: "Module") -> None:
    root = ext.buildfile.root
    if not ext.buildfile.is_extension:
        raise MalformedInput("not a VASSAL extension (the build file's root is not ModuleExtension)", ext.name)
    universal = str(root.get("anyModule", "false")).lower() == "true"
    made_for = str(root.get("module", ""))
    if not universal and made_for and made_for != module.views.name:
        raise MalformedInput(f"the extension is for module {made_for!r}, not {module.views.name!r} "
                             "(VASSAL refuses to load it)", ext.name)


def merge(module_root: etree._Element, ext: "Module") -> etree._Element:
    """Attach the extension's components to a (copied) module tree, in order."""
    for i, el in enumerate(ext.buildfile.root):
        if el.tag != EXTENSION_ELEMENT:
            continue
        target = str(el.get("target", ""))
        component = next((c for c in el if isinstance(c.tag, str)), None)
        where = f"{ext.name}: ExtensionElement {i + 1}"
        if component is None:
            continue  # VASSAL builds nothing from an empty element
        try:
            path = resolve(module_root, parse_target(target))
        except PathError as e:
            raise MalformedInput(f"target {target!r}: {e} (VASSAL refuses to load the extension)", where) from None
        (path[-1] if path else module_root).append(copy.deepcopy(component))
    return module_root


def merged_views(module: "Module", extensions: list["Module"]) -> ModuleViews:
    """The views of the module with every extension merged, in load order."""
    root = copy.deepcopy(module.buildfile.root)
    for ext in extensions:
        check_extension(ext, module)
        merge(root, ext)
    return read_views(root)


def target_of(path: list[etree._Element]) -> str:
    """The target text naming a component (its elements from the module's root
    down, root excluded), as ComponentPathBuilder.getId writes it."""
    steps = []
    for el in path:
        name = configure_name(el)
        steps.append(seqenc.encode_str([str(el.tag)] + ([name] if name is not None else []), ":"))
    return seqenc.encode_str(steps, "/")
