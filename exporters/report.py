"""A dispute report: one self-contained HTML file a player sends the opponent.

`umpire report STATE ACTION -o dispute.html` puts together the picture of the
position with the move or attack drawn on it, the engine's verdict (violations,
path costs, combat arithmetic and outcome probabilities, data the verdict
needs) and every rule the verdict cites, quoted from the rulebook text. No
scripts, no external files: it opens anywhere. `verdict_html` is also what
Umpire Studio shows for a verdict, so both say the same thing the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path

from google.protobuf import text_format

from adjudicator.core.citations import label
from exporters.picture import Overlay, render_svg
from exporters.rulebook import quote
from umpire.v1 import action_pb2, common_pb2, state_pb2

CSS = """
body{font-family:DejaVu Sans,Arial,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px} h2{font-size:17px;margin-top:26px;border-bottom:1px solid #ccc}
.legal{color:#0a7d20;font-weight:bold;font-size:20px} .illegal{color:#c00000;font-weight:bold;font-size:20px}
table{border-collapse:collapse;margin:6px 0} td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;font-size:13px}
.cite{color:#555;font-size:12px;white-space:nowrap} .needs{color:#8a5a00}
blockquote{margin:8px 0 14px 0;padding:6px 12px;border-left:4px solid #9bb;background:#f6f9f9;white-space:pre-wrap;
font-size:13px} .pic{overflow:auto;border:1px solid #ddd} .pic svg{max-width:100%;height:auto}
.small{color:#666;font-size:12px}
"""


def _c(c: common_pb2.Citation) -> str:
    text = label(c)
    return f' <span class="cite">[{escape(text)}]</span>' if text else ""


def citations(v: action_pb2.Verdict) -> Iterator[common_pb2.Citation]:
    """Every citation of a verdict, in reading order."""
    for x in v.violations:
        yield x.citation
    for s in v.path:
        for n in s.notes:
            yield n.citation
    if v.HasField("combat"):
        for sh in v.combat.shifts:
            yield sh.citation
        for n in v.combat.notes:
            yield n.citation
    for n in v.notes:
        yield n.citation


def verdict_html(v: action_pb2.Verdict) -> str:
    out = [f'<p class="{"legal" if v.legal else "illegal"}">{"LEGAL" if v.legal else "ILLEGAL"}'
           + (f' <span class="small">({escape(v.action_kind)})</span>' if v.action_kind else "") + "</p>"]
    if v.violations:
        out.append("<ul>" + "".join(f"<li><b>{escape(x.code)}</b>: {escape(x.message)}{_c(x.citation)}</li>"
                                   for x in v.violations) + "</ul>")
    if v.path:
        rows = "".join(
            f"<tr><td>{i}</td><td>{escape(s.location)}</td><td>{s.cost:g}</td><td>{s.total:g}</td><td>"
            + "; ".join(f"{escape(n.text)}{_c(n.citation)}" for n in s.notes) + "</td></tr>"
            for i, s in enumerate(v.path, 1))
        out.append(f"<table><tr><th>step</th><th>hex / town</th><th>cost</th><th>total</th><th>why</th></tr>{rows}</table>")
        out.append(f"<p>movement points: {v.mp_total:g}" + (f" (remaining {v.mp_remaining:g})" if v.mp_remaining else "")
                   + "</p>")
    if v.HasField("combat"):
        out.append(combat_html(v.combat))
    if v.notes:
        out.append("<ul>" + "".join(f"<li>{escape(n.text)}{_c(n.citation)}</li>" for n in v.notes) + "</ul>")
    if v.needs:
        out.append('<p class="needs">Data the verdict needs (unknown cells):</p><ul class="needs">' + "".join(
            f"<li>{escape(c.table_title or c.table_id)}: column {escape(c.column)!r}, row {escape(c.row)!r}"
            + (f" ({escape(c.reason)})" if c.reason else "")
            + f" — <code>--cell {escape(c.table_id)}:{escape(c.column)}:{escape(c.row)}=VALUE</code></li>"
            for c in v.needs) + "</ul>")
    return "\n".join(out)


def combat_html(c: action_pb2.CombatDetails) -> str:
    out = [f"<p><b>Combat</b> at {escape(c.target)}: {escape(', '.join(c.attackers))} against "
           f"{escape(', '.join(c.defenders) or '-')}</p><table>"]
    if c.attack_strength or c.defense_strength:
        out.append(f"<tr><td>strengths</td><td>{c.attack_strength:g} : {c.defense_strength:g}</td></tr>")
    if c.attacker_dice or c.defender_dice:
        out.append(f"<tr><td>dice</td><td>attacker {c.attacker_dice}, defender {c.defender_dice}</td></tr>")
    if c.base_column:
        out.append(f"<tr><td>odds column</td><td>{escape(c.base_column)}</td></tr>")
    for s in c.shifts:
        out.append(f"<tr><td>shift {s.columns:+d} {escape(s.kind)}</td><td>{escape(s.reason)}"
                   f"{' (cancelled)' if s.cancelled else ''}{_c(s.citation)}</td></tr>")
    if c.final_column:
        out.append(f"<tr><td>final column</td><td><b>{escape(c.final_column)}</b></td></tr>")
    out.append("</table>")
    for n in c.notes:
        out.append(f"<p>{escape(n.text)}{_c(n.citation)}</p>")
    if c.outcomes:
        out.append("<table><tr><th>result</th><th>probability</th><th>when</th></tr>" + "".join(
            f"<tr><td>{escape(o.result)}</td><td>{o.probability:.1%}</td><td>{escape(', '.join(o.when))}</td></tr>"
            for o in c.outcomes) + "</table>")
    return "\n".join(out)


def action_overlay(state: state_pb2.GameState, action: action_pb2.Action, v: action_pb2.Verdict) -> Overlay:
    """What to draw of an action: a move's path from where its units stand, an
    attack's arrows, a placement's hex; the units it names highlighted."""
    where = {u.unit_id: u.location for u in state.units}
    ov = Overlay(path_ok=v.legal)
    kind = action.WhichOneof("kind")
    if kind == "move":
        m = action.move
        ov.selected = set(m.unit_ids)
        start = where.get(m.unit_ids[0], "") if m.unit_ids else ""
        ov.path = ([start] if start else []) + list(m.path)
    elif kind == "attack":
        ov.selected = set(action.attack.attackers)
        ov.target = action.attack.target
        ov.attackers = sorted({where[u] for u in action.attack.attackers if where.get(u)})
    elif kind == "place":
        ov.selected = set(action.place.unit_ids)
        ov.marks = {action.place.location: "placed here"}
    return ov


def _big(state: state_pb2.GameState) -> bool:
    m = state.scenario.definition.map
    return m.WhichOneof("layout") == "hex" and m.hex.grid.columns * m.hex.grid.rows * max(1, len(m.hex.grid.sheets)) > 400


def report_html(state: state_pb2.GameState, action: action_pb2.Action, v: action_pb2.Verdict,
                rules: Path | None = None, title: str = "") -> str:
    sc = state.scenario
    head = title or f"Dispute: {sc.name or sc.id}, turn {state.turn}, {state.phase or '-'}"
    ov = action_overlay(state, action, v)
    focus = ov.path + ov.attackers + ([ov.target] if ov.target else []) + list(ov.marks)
    svg = render_svg(state, ov, focus=focus if len(state.units) > 0 and _big(state) else None)
    seen: set[str] = set()
    quoted = []
    for c in citations(v):
        key = label(c)
        if not key or key in seen:
            continue
        seen.add(key)
        where, text = quote(c, rules)
        quoted.append(f"<h3>{escape(key)} <span class=\"small\">({escape(where)})</span></h3>"
                      f"<blockquote>{escape(text)}</blockquote>")
    act = text_format.MessageToString(action, as_utf8=True, as_one_line=True)
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{escape(head)}</title>",
        f"<style>{CSS}</style></head><body>", f"<h1>{escape(head)}</h1>",
        f'<p class="small">ruleset {escape(state.ruleset)} {escape(state.ruleset_version)} · game '
        f'{escape(state.game_id or "-")} version {state.version} · active side {escape(state.active_side or "-")}'
        f"{' · map: ' + escape(sc.definition.map.source) if sc.definition.map.source else ''}</p>",
        f"<h2>The action</h2><p><code>{escape(act)}</code></p>",
        f'<h2>The position</h2><div class="pic">{svg}</div>',
        "<h2>Verdict</h2>", verdict_html(v),
        "<h2>The rules cited</h2>", "\n".join(quoted) or "<p>The verdict cites no rule.</p>",
        '<p class="small">Made by Umpire (umpire report). The verdict is the one `umpire adjudicate STATE '
        "ACTION` gives for the same files.</p></body></html>",
    ]
    return "\n".join(parts)
