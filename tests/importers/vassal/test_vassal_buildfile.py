"""The build file: safe XML (XXE, billion laughs refused), lossless tree, typed views."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput
from importers.vassal.buildfile import BuildFile
from importers.vassal.views import read_views

HEAD = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'


def test_xxe_is_refused(tmp_path: object) -> None:
    data = HEAD + (
        b'<!DOCTYPE m [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
        b'<VASSAL.build.GameModule name="&xxe;"/>'
    )
    with pytest.raises(MalformedInput, match="declares entities") as e:
        BuildFile(data, "buildFile.xml", "m.vmod: buildFile.xml")
    assert e.value.one_line().startswith("m.vmod: buildFile.xml: ")


def test_billion_laughs_is_refused() -> None:
    ents = b"".join(b'<!ENTITY l%d "&l%d;&l%d;&l%d;&l%d;">' % (i, i - 1, i - 1, i - 1, i - 1) for i in range(1, 10))
    data = HEAD + b'<!DOCTYPE m [<!ENTITY l0 "lol">' + ents + b']><VASSAL.build.GameModule name="&l9;"/>'
    with pytest.raises(MalformedInput, match="entities"):
        BuildFile(data, "buildFile.xml", "bomb.vmod: buildFile.xml")


def test_undeclared_entity_and_malformed_xml_give_line_and_column() -> None:
    with pytest.raises(MalformedInput, match=r"line 2, column \d+"):
        BuildFile(HEAD + b'<VASSAL.build.GameModule name="&x;"/>', "buildFile.xml", "w")
    with pytest.raises(MalformedInput, match=r"malformed XML at line 4"):
        BuildFile(HEAD + b"<VASSAL.build.GameModule>\n<a>\n</b>", "buildFile.xml", "w")


def test_bad_encoding_is_a_typed_error() -> None:
    with pytest.raises(MalformedInput, match="malformed XML"):
        BuildFile(HEAD + b'<VASSAL.build.GameModule name="\xff\xfe"/>', "buildFile.xml", "w")


def test_root_must_be_a_module() -> None:
    with pytest.raises(MalformedInput, match="not a VASSAL module"):
        BuildFile(HEAD + b"<html/>", "buildFile.xml", "w")


def test_unknown_elements_and_attributes_survive_a_rewrite() -> None:
    src = (HEAD + b'<VASSAL.build.GameModule zeta="1" name="M" alpha="2">\n'
           b'    <custom.Thing weird="x">keep <b>me</b> too</custom.Thing>\n'
           b'    <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>\n'
           b'    <VASSAL.build.module.folder.ModuleSubFolder name="f">\n'
           b'        <VASSAL.build.module.PrototypesContainer>\n'
           b'            <VASSAL.build.module.PrototypeDefinition name="P">+/null/mark;Side\tpiece;;;;/Red\tnull;0;0</VASSAL.build.module.PrototypeDefinition>\n'
           b'        </VASSAL.build.module.PrototypesContainer>\n'
           b'    </VASSAL.build.module.folder.ModuleSubFolder>\n'
           b'</VASSAL.build.GameModule>')
    bf = BuildFile(src, "buildFile.xml", "m")
    assert bf.to_bytes() == src
    v = read_views(bf)
    assert v.sides == ["Red", "Blue"]
    assert v.prototypes["P"].text == "+/null/mark;Side\tpiece;;;;/Red\tnull;0;0"
    assert v.unknown_tags == {"custom.Thing": 1}
    bf.modified = True
    out = bf.to_bytes()
    assert b'zeta="1" name="M" alpha="2"' in out and b"keep <b>me</b> too" in out


def test_extensions_read_like_modules() -> None:
    import io
    import zipfile

    from importers.vassal.archive import Archive
    from importers.vassal.module import Module

    build = (HEAD + b'<VASSAL.build.module.ModuleExtension anyModule="false" module="Base" version="1.1">\n'
             b'    <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Units">\n'
             b'        <VASSAL.build.widget.PieceSlot entryName="Extra" gpid="7">'
             b'+/null/mark;UnitId\tpiece;;;x.png;Extra/extra-1\tnull;0;0;7;0</VASSAL.build.widget.PieceSlot>\n'
             b'    </VASSAL.build.module.ExtensionElement>\n'
             b'</VASSAL.build.module.ModuleExtension>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("buildFile.xml", build)
        z.writestr("extensiondata", b'<?xml version="1.0"?><data version="1"><version>1.1</version></data>')
    archive = Archive(buf.getvalue(), "extra.vmdx")
    assert archive.kind() == "extension"
    ext = Module(archive)
    assert ext.buildfile.is_extension and ext.metadata is not None and ext.metadata.version == "1.1"
    assert [(s.entry_name, s.gpid) for s in ext.views.slots] == [("Extra", "7")]
