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

from itertools import compress, repeat

from adjudicator.core.record import FrozenRecord
from importers.vassal.seqenc import Decoder, decode, java_parse_int

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


class Trait:
    """One level of a piece: its decoded type and state texts and position."""

    __slots__ = ("index", "type", "state", "_prefix")

    def __init__(self, index: int, type: str, state: str) -> None:  # noqa: A002 - VASSAL's word
        self.index = index
        self.type = type
        self.state = state
        self._prefix: str | None = None

    @property
    def prefix(self) -> str:
        if self._prefix is None:
            self._prefix = prefix_of(self.type)
        return self._prefix

    def __repr__(self) -> str:
        return f"Trait({self.index}, {self.type[:30]!r}, {self.state[:20]!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trait) and (self.index, self.type, self.state) == (other.index, other.type, other.state)

    def __hash__(self) -> int:
        return hash((self.index, self.type, self.state))

    @property
    def known(self) -> bool:
        return self.prefix in REGISTRY

    def fields(self) -> list[str]:
        """The `;` fields of the type after the prefix."""
        return decode(self.type[len(self.prefix) :], ";") if ";" in self.prefix else []


# -- typed views ------------------------------------------------------------------------


class BasicPieceView(FrozenRecord):
    __slots__ = ("name", "image", "map", "x", "y", "gpid", "props")

    name: str
    image: str
    map: str | None
    x: int
    y: int
    gpid: str
    props: dict[str, str]

    def __init__(
        self,
        name: str,
        image: str,
        map: str | None,
        x: int,
        y: int,
        gpid: str,
        props: dict[str, str],
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "image", image)
        object.__setattr__(self, "map", map)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)
        object.__setattr__(self, "gpid", gpid)
        object.__setattr__(self, "props", props)

    @classmethod
    def read(cls, type_text: str, state: str) -> "BasicPieceView":
        body = type_text[len("piece;") :] if type_text.startswith("piece;") else ""
        if "\\" in body or "'" in body:
            t = decode(body, ";")
        else:
            t = body.split(";")
        image = t[2] if len(t) > 2 else ""
        name = t[3] if len(t) > 3 else ""
        s = decode(state, ";") if ("\\" in state or "'" in state) else state.split(";")
        mapid = s[0]
        x = _int0(s[1]) if len(s) > 1 else 0
        y = _int0(s[2]) if len(s) > 2 else 0
        gpid = s[3] if len(s) > 3 else ""
        props: dict[str, str] = {}
        if len(s) > 4:
            n = _int0(s[4])
            i = 5
            for _ in range(max(0, n)):
                if i >= len(s):
                    break
                props[s[i]] = s[i + 1] if i + 1 < len(s) else ""
                i += 2
        return cls(name, image, None if mapid == "null" else mapid, x, y, gpid, props)


def _int0(text: str) -> int:
    """VASSAL's nextInt(0): 0 for anything that is not an int."""
    try:
        return java_parse_int(text)
    except ValueError:
        return 0


def basic_state_with_position(state: str, mapid: str | None, x: int, y: int) -> str:
    """A BasicPiece state moved to (map, x, y); the other fields' bytes kept."""
    from importers.vassal.chains import split_spans
    from importers.vassal.seqenc import encode_token

    spans = split_spans(state, ";")
    new = [encode_token(mapid if mapid is not None else "null", ";"), str(x), str(y)]
    if len(spans) <= 3:
        return ";".join(new)
    return ";".join(new) + state[spans[2][1] :]


class TraitInfo(FrozenRecord):
    """What a trait's type text says, decoded once per distinct text (a monster
    save repeats the same trait types thousands of times)."""

    __slots__ = ("prefix", "name", "keys", "images", "level_names", "always_active", "sides")

    prefix: str
    name: str  # property / layer / prototype / basic name
    keys: tuple[str, ...]  # Marker keys
    images: tuple[str, ...]  # layer images
    level_names: tuple[str, ...]
    always_active: bool
    sides: tuple[str, ...]  # Restricted sides

    def __init__(
        self,
        prefix: str,
        name: str = "",
        keys: tuple[str, ...] = (),
        images: tuple[str, ...] = (),
        level_names: tuple[str, ...] = (),
        always_active: bool = False,
        sides: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "prefix", prefix)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "keys", keys)
        object.__setattr__(self, "images", images)
        object.__setattr__(self, "level_names", level_names)
        object.__setattr__(self, "always_active", always_active)
        object.__setattr__(self, "sides", sides)


_INFO: dict[str, TraitInfo] = {}


def info(type_text: str) -> TraitInfo:
    got = _INFO.get(type_text)
    if got is not None:
        return got
    prefix = prefix_of(type_text)
    f = decode(type_text[len(prefix):], ";") if ";" in prefix else []
    if prefix == "mark;":
        inf = TraitInfo(prefix, keys=tuple(decode(type_text[5:], ",")) if type_text != "mark;" else ())
    elif prefix == "PROP;":
        inf = TraitInfo(prefix, name=f[0] if f and f[0] else "name")
    elif prefix == "label;":
        inf = TraitInfo(prefix, name=f[15] if len(f) > 15 and f[15] else "TextLabel")
    elif prefix == "emb2;":
        images = tuple(decode(f[15], ",")) if len(f) > 15 and f[15] else ("",)
        names = tuple(decode(f[16], ",")) if len(f) > 16 and f[16] else ()
        inf = TraitInfo(prefix, name=f[18] if len(f) > 18 else "", images=images, level_names=names,
                        always_active=(f[25] == "true") if len(f) > 25 else False)
    elif prefix in ("basicName;", "prototype;"):
        inf = TraitInfo(prefix, name=f[0] if f else "")
    elif prefix == "restrict;":
        inf = TraitInfo(prefix, sides=tuple(x for x in decode(f[0], ",") if x) if f and f[0] else ())
    else:
        inf = TraitInfo(prefix)
    if len(_INFO) > 200_000:
        _INFO.clear()
    _INFO[type_text] = inf
    return inf


class LayerView(FrozenRecord):
    """Embellishment (Layer): `value` is the 1-based level, negative when inactive."""

    __slots__ = ("name", "images", "level_names", "value", "always_active")

    name: str
    images: tuple[str, ...]
    level_names: tuple[str, ...]
    value: int
    always_active: bool

    def __init__(
        self,
        name: str,
        images: tuple[str, ...],
        level_names: tuple[str, ...],
        value: int,
        always_active: bool,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "images", images)
        object.__setattr__(self, "level_names", level_names)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "always_active", always_active)

    @property
    def active(self) -> bool:
        return self.value > 0

    @property
    def level(self) -> int:
        """1-based level shown (or kept while inactive)."""
        return abs(self.value) if self.value else 1

    @classmethod
    def read(cls, trait: Trait) -> "LayerView":
        inf = info(trait.type)
        st = trait.state
        i = st.find(";")
        tok = st if i < 0 else st[:i]
        try:
            value = java_parse_int(tok)
        except ValueError:
            value = -1
        n = max(1, len(inf.images))
        value = max(-n, min(n, value))
        return cls(inf.name, inf.images, inf.level_names, value, inf.always_active)


def layer_state(old_state: str, value: int) -> str:
    """Layer state with a new value; any legacy trailing fields kept."""
    i = old_state.find(";")
    return str(value) if i < 0 else str(value) + old_state[i:]


PROPERTY_TRAITS = ("mark;", "PROP;", "label;", "emb2;", "basicName;", "restrict;")
_PLANS: dict[tuple[str, ...], list[int]] = {}


def _property_plan(types: list[str]) -> list[int]:
    """Indices of the property traits, innermost first; cached per trait list
    (pieces of one kind share their decorators, only the BasicPiece differs)."""
    key = tuple(types)
    plan = _PLANS.get(key)
    if plan is None:
        plan = list(compress(range(len(types)), map(str.startswith, types, repeat(PROPERTY_TRAITS))))
        plan.reverse()
        if len(_PLANS) > 50_000:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def read_properties(traits: list[Trait], basic: BasicPieceView) -> dict[str, str]:
    return read_properties_levels([t.type for t in traits], [t.state for t in traits], basic)


def read_properties_levels(types: list[str], states: list[str], basic: BasicPieceView,
                           plan: list[int] | None = None) -> dict[str, str]:
    """The piece's own properties as VASSAL resolves them (outer traits win):
    Marker, DynamicProperty, text labels, layer levels, basic name. `plan`:
    the property traits' indices, innermost first, when the caller knows them
    (`property_levels` of a shared type chain), else found here."""
    props: dict[str, str] = dict(basic.props)
    props["BasicName"] = basic.name
    props["PieceName"] = basic.name
    for i in _property_plan(types) if plan is None else plan:
        ty = types[i]
        state = states[i]
        inf = info(ty)
        p = inf.prefix
        if p == "mark;":
            keys = inf.keys
            vals = decode(state, ",") if "," in state or "\\" in state or "'" in state else [state]
            for j, k in enumerate(keys):
                if k:
                    props[k] = vals[j] if j < len(vals) else ""
        elif p == "PROP;" or p == "label;":
            props[inf.name] = state
        elif p == "emb2;":
            lay = LayerView.read(Trait(i, ty, state))
            if lay.name:
                props[f"{lay.name}_Level"] = str(lay.level)
                props[f"{lay.name}_Active"] = "true" if lay.active else "false"
                if lay.level_names and 0 < lay.level <= len(lay.level_names):
                    props[f"{lay.name}_Name"] = lay.level_names[lay.level - 1]
        elif p == "basicName;":
            nm = inf.name
            if nm:
                props["BasicName"] = nm
        elif p == "restrict;":
            sides = inf.sides
            if sides:
                props.setdefault("RestrictedSides", ",".join(sides))
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
