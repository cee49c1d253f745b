"""The module build file as a lossless XML tree, parsed safely.

The build file of a module is XML whose tags are Java class names (research
notes §1.3). It is parsed with lxml's safe settings (no entity resolution, no
network, no DTD loading, no huge trees) and a DOCTYPE that declares entities
(XXE, billion laughs) is refused before parsing. The original bytes are kept:
a module whose build file was not changed is written back byte for byte, and a
changed one is serialised from the lxml tree, which keeps unknown elements,
unknown attributes, attribute order, text and whitespace as they were.
"""

from __future__ import annotations

import re

from lxml import etree

from adjudicator.core.errors import MalformedInput

BUILD_FILES = ("buildFile.xml", "buildFile")
ROOT_TAGS = (
    "VASSAL.build.GameModule",
    "VASSAL.launch.BasicModule",
    "VASSAL.build.module.ModuleExtension",
)

_ENTITY = re.compile(rb"<!ENTITY", re.IGNORECASE)
_DOCTYPE = re.compile(rb"<!DOCTYPE", re.IGNORECASE)


def safe_parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        dtd_validation=False,
        load_dtd=False,
        huge_tree=False,
        remove_blank_text=False,
        remove_comments=False,
        strip_cdata=False,
    )


def parse_xml(data: bytes, where: str) -> etree._Element:
    """Parse XML bytes safely; every failure is one line with its position."""
    m = _DOCTYPE.search(data)
    if m is not None:
        e = _ENTITY.search(data)
        if e is not None:
            raise MalformedInput(
                f"refused: the DOCTYPE declares entities (XXE / entity expansion) at byte {e.start()}", where
            )
    try:
        root = etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as e:
        line, col = e.position if e.position else (0, 0)
        msg = " ".join(str(e.msg or e).split())
        raise MalformedInput(f"malformed XML at line {line}, column {col}: {msg}", where) from None
    except ValueError as e:
        raise MalformedInput(f"malformed XML: {e}", where) from None
    docinfo = root.getroottree().docinfo
    dtd = docinfo.internalDTD
    if dtd is not None and list(dtd.iterentities()):
        raise MalformedInput("refused: the DOCTYPE declares entities", where)
    return root


class BuildFile:
    """A build file: original bytes, the entry name it came from, the tree."""

    def __init__(self, data: bytes, entry: str, where: str) -> None:
        self.original = data
        self.entry = entry
        self.where = where
        self.root = parse_xml(data, where)
        tag = self.root.tag if isinstance(self.root.tag, str) else ""
        if tag not in ROOT_TAGS:
            raise MalformedInput(f"the root element is <{tag[:60]}>, not a VASSAL module or extension", where)
        self.modified = False

    @property
    def is_extension(self) -> bool:
        return bool(self.root.tag == "VASSAL.build.module.ModuleExtension")

    def to_bytes(self) -> bytes:
        """The original bytes when nothing changed, else the serialised tree in
        VASSAL's header style (UTF-8, standalone="no")."""
        if not self.modified:
            return self.original
        body: bytes = etree.tostring(self.root, encoding="UTF-8", xml_declaration=False)
        return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + b"\n"


def text_of(el: etree._Element) -> str:
    """VASSAL's Builder.getText: the element's own text nodes, trimmed."""
    parts = [el.text or ""]
    for child in el:
        parts.append(child.tail or "")
    return "".join(parts).strip()


def short(tag: object) -> str:
    """Class name without the common VASSAL packages, for messages."""
    if not isinstance(tag, str):
        return ""
    for prefix in ("VASSAL.build.module.map.boardPicker.board.mapgrid.", "VASSAL.build.module.map.boardPicker.board.",
                   "VASSAL.build.module.map.boardPicker.", "VASSAL.build.module.map.", "VASSAL.build.module.",
                   "VASSAL.build.widget.", "VASSAL.build.", "VASSAL."):
        if tag.startswith(prefix):
            return tag[len(prefix):]
    return tag
