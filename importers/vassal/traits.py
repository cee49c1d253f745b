"""The trait registry: type prefixes, their VASSAL classes, and typed views.

A trait is known by the prefix of its type text (up to and including the first
`;`, research notes §2.3). The views below read the fields adjudication needs
(names, layers, properties, owners); every trait, known or not, keeps its raw
type and state text, so an unknown or custom trait is carried through
unchanged and never dropped (VASSAL itself replaces unknown traits by a Marker).

Field layouts were read from the traits' `mySetType` / `mySetState` in
VASSAL's source; readers are lenient like VASSAL's decoder (missing trailing
fields take VASSAL's defaults).
"""

from __future__ import annotations

from dataclasses import dataclass

from importers.vassal.seqenc import Decoder, decode

# prefix -> (VASSAL class, what players call it)
REGISTRY: dict[str, tuple[str, str]] = {
    "piece;": ("BasicPiece", "basic piece"),
    "emb2;": ("Embellishment", "layer"),
    "emb;": ("Embellishment (old format)", "layer"),
    "mark;": ("Marker", "marker (static property)"),
    "prototype;": ("UsePrototype", "prototype"),
    "immob;": ("Immobilized", "does not stack / cannot move"),
    "obs;": ("Obscurable", "mask"),
    "hide;": ("Hideable", "invisible"),
    "report;": ("ReportState", "report action"),
    "label;": ("Labeler", "text label"),
    "macro;": ("TriggerAction", "trigger action"),
    "PROP;": ("DynamicProperty", "dynamic property"),
    "calcProp;": ("CalculatedProperty", "calculated property"),
    "restrict;": ("Restricted", "restricted access"),
    "hideCmd;": ("RestrictCommands", "restrict commands"),
    "rotate;": ("FreeRotator", "can rotate"),
    "pivot;": ("Pivot", "pivot"),
    "sendto;": ("SendToLocation", "send to location"),
    "return;": ("ReturnToDeck", "return to deck"),
    "markmoved;": ("MovementMarkable", "mark when moved"),
    "footprint;": ("Footprint", "movement trail"),
    "propertysheet;": ("PropertySheet", "property sheet"),
    "table;": ("TableInfo", "spreadsheet"),
    "placemark;": ("PlaceMarker", "place marker"),
    "replace;": ("Replace", "replace with other"),
    "clone;": ("Clone", "clone"),
    "delete;": ("Delete", "delete"),
    "submenu;": ("SubMenu", "sub-menu"),
    "translate;": ("Translate", "move fixed distance"),
    "AreaOfEffect;": ("AreaOfEffect", "area of effect"),
    "globalkey;": ("CounterGlobalKeyCommand", "global key command"),
    "globalhotkey;": ("GlobalHotKey", "global hotkey"),
    "setprop;": ("SetGlobalProperty", "set global property"),
    "playSound;": ("PlaySound", "play sound"),
    "button;": ("ActionButton", "action button"),
    "nonRect;": ("NonRectangular", "non-rectangular (old)"),
    "menuSeparator;": ("MenuSeparator", "menu separator"),
    "deselect;": ("Deselect", "deselect"),
    "nonRect2;": ("NonRectangular", "non-rectangular"),
    "basicName;": ("BasicName", "basic name"),
    "locmsg;": ("TranslatableMessage", "translatable message"),
    "mat;": ("Mat", "mat"),
    "matPiece;": ("MatCargo", "mat cargo"),
    "attach;": ("Attachment", "attachment"),
    "border;": ("BorderOutline", "border outline"),
    "locCommand;": ("MultiLocationCommand", "multi-location command"),
    "setpieceprop;": ("SetPieceProperty", "set piece property"),
    "cmt;": ("Comment", "comment"),
}
# Not traits but pieces with their own type: `stack`, `deck;`.
PIECE_TYPES = {"stack": "Stack", "deck;": "Deck"}


def prefix_of(type_text: str) -> str:
    """The trait id: the text up to and including the first `;` (or all of it)."""
    i = type_text.find(";")
    return type_text if i < 0 else type_text[: i + 1]


def is_known(prefix: str) -> bool:
    return prefix in REGISTRY


def class_of(prefix: str) -> str:
    entry = REGISTRY.get(prefix)
    return entry[0] if entry else "unknown"


@dataclass(frozen=True)
class Trait:
    """One level of a piece: its decoded type and state texts and position."""

    index: int
    type: str
    state: str

    @property
    def prefix(self) -> str:
        return prefix_of(self.type)

    @property
    def known(self) -> bool:
        return self.prefix in REGISTRY

    def fields(self) -> list[str]:
        """The `;` fields of the type after the prefix."""
        return decode(self.type[len(self.prefix) :], ";") if ";" in self.prefix else []


# -- typed views ------------------------------------------------------------------------


@dataclass(frozen=True)
class BasicPieceView:
    name: str
    image: str
    map: str | None
    x: int
    y: int
    gpid: str
    props: dict[str, str]

    @classmethod
    def read(cls, type_text: str, state: str) -> "BasicPieceView":
        t = Decoder(type_text[len("piece;") :] if type_text.startswith("piece;") else "", ";")
        t.next("")  # clone key
        t.next("")  # delete key
        image = t.next("")
        name = t.next("")
        s = Decoder(state, ";")
        mapid = s.next("null")
        x = s.next_int(0)
        y = s.next_int(0)
        gpid = s.next("")
        props: dict[str, str] = {}
        if s.has_more():
            n = s.next_int(0)
            for _ in range(max(0, n)):
                if not s.has_more():
                    break
                k = s.next("")
                props[k] = s.next("")
        return cls(name, image, None if mapid == "null" else mapid, x, y, gpid, props)


def basic_state_with_position(state: str, mapid: str | None, x: int, y: int) -> str:
    """A BasicPiece state moved to (map, x, y); the other fields' bytes kept."""
    from importers.vassal.chains import split_spans
    from importers.vassal.seqenc import encode_token

    spans = split_spans(state, ";")
    new = [encode_token(mapid if mapid is not None else "null", ";"), str(x), str(y)]
    if len(spans) <= 3:
        return ";".join(new)
    return ";".join(new) + state[spans[2][1] :]


@dataclass(frozen=True)
class LayerView:
    """Embellishment (Layer): `value` is the 1-based level, negative when inactive."""

    name: str
    images: list[str]
    level_names: list[str]
    value: int
    always_active: bool

    @property
    def active(self) -> bool:
        return self.value > 0

    @property
    def level(self) -> int:
        """1-based level shown (or kept while inactive)."""
        return abs(self.value) if self.value else 1

    @classmethod
    def read(cls, trait: Trait) -> "LayerView":
        f = trait.fields()
        images = decode(f[15], ",") if len(f) > 15 and f[15] else [""]
        names = decode(f[16], ",") if len(f) > 16 and f[16] else []
        name = f[18] if len(f) > 18 else ""
        always = (f[25] == "true") if len(f) > 25 else False
        s = Decoder(trait.state, ";")
        value = s.next_int(-1)
        n = max(1, len(images))
        value = max(-n, min(n, value))
        return cls(name, images, names, value, always)


def layer_state(old_state: str, value: int) -> str:
    """Layer state with a new value; any legacy trailing fields kept."""
    i = old_state.find(";")
    return str(value) if i < 0 else str(value) + old_state[i:]


@dataclass(frozen=True)
class MarkerView:
    values: dict[str, str]

    @classmethod
    def read(cls, trait: Trait) -> "MarkerView":
        keys = decode(trait.type[len("mark;") :], ",") if trait.type != "mark;" else []
        vals = decode(trait.state, ",")
        return cls({k: (vals[i] if i < len(vals) else "") for i, k in enumerate(keys) if k})


def read_properties(traits: list[Trait], basic: BasicPieceView) -> dict[str, str]:
    """The piece's own properties as VASSAL resolves them (outer traits win):
    Marker, DynamicProperty, text labels, layer levels, basic name."""
    props: dict[str, str] = dict(basic.props)
    props["BasicName"] = basic.name
    props["PieceName"] = basic.name
    for t in reversed(traits):
        p = t.prefix
        if p == "mark;":
            props.update(MarkerView.read(t).values)
        elif p == "PROP;":
            f = t.fields()
            props[f[0] if f and f[0] else "name"] = t.state
        elif p == "label;":
            f = t.fields()
            props[f[15] if len(f) > 15 and f[15] else "TextLabel"] = t.state
        elif p == "emb2;":
            lay = LayerView.read(t)
            if lay.name:
                props[f"{lay.name}_Level"] = str(lay.level)
                props[f"{lay.name}_Active"] = "true" if lay.active else "false"
                if lay.level_names and 0 < lay.level <= len(lay.level_names):
                    props[f"{lay.name}_Name"] = lay.level_names[lay.level - 1]
        elif p == "basicName;":
            f = t.fields()
            if f:
                props["BasicName"] = f[0]
        elif p == "restrict;":
            f = t.fields()
            if f and f[0]:
                props.setdefault("RestrictedSides", f[0])
    return props


def prototype_ref(trait: Trait) -> tuple[str, dict[str, str]]:
    """Name and parameters of a `prototype;Name;k=v,...` trait."""
    f = trait.fields()
    name = f[0] if f else ""
    params: dict[str, str] = {}
    if len(f) > 1:
        for kv in decode(f[1], ","):
            parts = decode(kv, "=")
            if len(parts) >= 2:
                params[parts[0]] = parts[1]
    return name, params


def restricted_sides(trait: Trait) -> list[str]:
    f = trait.fields()
    return [s for s in decode(f[0], ",") if s] if f and f[0] else []


def owner_of(trait: Trait) -> str | None:
    """The player id a mask / invisible / restricted trait holds (a secret)."""
    if trait.prefix in ("obs;", "hide;"):
        v = decode(trait.state, ";")[0] if trait.state else ""
        return None if v in ("", "null") else v
    if trait.prefix == "restrict;":
        return trait.state or None
    return None
