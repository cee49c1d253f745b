"""VASSAL's SequenceEncoder: the one escaping scheme every VASSAL string uses.

Research notes §2.1 (written from `VASSAL.tools.SequenceEncoder`). The rules,
re-implemented here from their description:

* tokens are joined with a one-character delimiter; inside a token only the
  delimiter is escaped, by a backslash put in front of it (backslashes
  themselves are never escaped);
* a token is wrapped in single quotes when it starts with a backslash or both
  starts and ends with a quote (VASSAL >= 3.4); VASSAL <= 3.3 quoted tokens that
  *end* with a backslash instead;
* decoding splits at every delimiter that is not immediately preceded by a
  backslash, drops exactly that one backslash from escaped delimiters, and
  strips one pair of enclosing quotes from a token longer than one character.

Decoding then re-encoding is not always the identity (a quoted `'x'` comes back
as `x`), which is why readers keep raw strings and re-encode only what changed.

`decode` is written with `str.split` so it runs at C speed on the multi-MB
strings of real saves; the result is the same as scanning character by
character (a piece ending in a backslash means the delimiter after it was
escaped).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# Encoding variants: VASSAL changed the quoting rule in 3.4.0 (commit d53741037).
MODERN = "3.4"
LEGACY = "3.3"


def decode(value: str | None, delim: str) -> list[str]:
    """All tokens of an encoded string, as `SequenceEncoder.Decoder` yields them.

    `None` yields no tokens; "" yields one empty token; a trailing delimiter
    yields a final empty token.
    """
    if value is None:
        return []
    pieces = value.split(delim)
    if len(pieces) == 1:
        return [_unquote(value)]
    out: list[str] = []
    current = pieces[0]
    for piece in pieces[1:]:
        # The delimiter between `current` and `piece` is escaped when the raw
        # text right before it is a backslash (the last raw piece ends with one).
        if current.endswith("\\"):
            current = current[:-1] + delim + piece
        else:
            out.append(_unquote(current))
            current = piece
    out.append(_unquote(current))
    return out


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def encode_token(token: str | None, delim: str, version: str = MODERN) -> str:
    """One token as `SequenceEncoder.append(String)` writes it (without delimiters)."""
    if not token:
        return ""
    body = token.replace(delim, "\\" + delim) if delim in token else token
    if version == LEGACY:
        quote = token.endswith("\\") or (token.startswith("'") and token.endswith("'"))
    else:
        quote = token[0] == "\\" or (token[0] == "'" and token[-1] == "'")
    return f"'{body}'" if quote else body


def encode(tokens: Iterable[str | None], delim: str, version: str = MODERN) -> str | None:
    """Tokens joined as `SequenceEncoder` does; None when there are no tokens
    (VASSAL's `getValue()` of an empty encoder is null)."""
    parts = [encode_token(t, delim, version) for t in tokens]
    if not parts:
        return None
    return delim.join(parts)


def encode_str(tokens: Sequence[str | None], delim: str, version: str = MODERN) -> str:
    """Like `encode` but "" for an empty list (for callers that never pass one)."""
    return encode(tokens, delim, version) or ""


def needs_quotes(token: str, version: str = MODERN) -> bool:
    """Whether `encode_token` would wrap this token in quotes."""
    if not token:
        return False
    if version == LEGACY:
        return token.endswith("\\") or (token.startswith("'") and token.endswith("'"))
    return token[0] == "\\" or (token[0] == "'" and token[-1] == "'")


class Decoder:
    """Sequential access with VASSAL's typed helpers (`nextInt(default)` etc.).

    The defaults apply only when there are no more tokens, exactly as in
    VASSAL: a present but unparsable int yields the default and is consumed.
    """

    __slots__ = ("_tokens", "_i")

    def __init__(self, value: str | None, delim: str) -> None:
        self._tokens = decode(value, delim)
        self._i = 0

    def has_more(self) -> bool:
        return self._i < len(self._tokens)

    def next(self, default: str | None = None) -> str:
        if self._i >= len(self._tokens):
            if default is None:
                raise IndexError("no more tokens")
            return default
        tok = self._tokens[self._i]
        self._i += 1
        return tok

    def next_int(self, default: int) -> int:
        if not self.has_more():
            return default
        tok = self.next()
        try:
            return java_parse_int(tok)
        except ValueError:
            return default

    def next_bool(self, default: bool) -> bool:
        if not self.has_more():
            return default
        return self.next() == "true"

    def remaining(self) -> list[str]:
        out = self._tokens[self._i :]
        self._i = len(self._tokens)
        return out


def java_parse_int(text: str) -> int:
    """`Integer.parseInt`: optional sign and ASCII digits only, 32-bit range."""
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isascii() or not body.isdigit():
        raise ValueError(f"not an int: {text!r}")
    value = int(text)
    if not -(2**31) <= value < 2**31:
        raise ValueError(f"int out of range: {text!r}")
    return value
