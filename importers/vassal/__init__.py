"""Readers for VASSAL files: modules (.vmod/.vmdx), saves (.vsav) and logs (.vlog).

Layers, bottom up: `archive` (safe ZIP), `obfuscation` (savedGame encodings),
`seqenc` (SequenceEncoder), `cmdtree` (ESC command tree), `chains` / `traits` /
`pieces` (trait chains), `buildfile` / `views` (module XML), `gridmath` /
`geometry` (pixel <-> location), `module` / `game` (whole files), then the
canonical conversion (`binding`, `to_canonical`) and `checklog`.
"""
