"""Regenerate the Python protobuf/gRPC modules in `umpire/v1/` from `proto/`.

Usage: python scripts/genproto.py [OUT_DIR]

The generated files are committed; `tests/test_generated_proto.py` fails when
they differ from what this script produces (stale after a .proto edit).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTO_DIR = ROOT / "proto"


def proto_files() -> list[Path]:
    return sorted((PROTO_DIR / "umpire" / "v1").glob("*.proto"))


def generate(out_dir: Path) -> None:
    from grpc_tools import protoc  # dev dependency
    import grpc_tools

    include = Path(grpc_tools.__file__).parent / "_proto"
    out_dir.mkdir(parents=True, exist_ok=True)
    files = [str(p.relative_to(PROTO_DIR)) for p in proto_files()]
    args = [
        "protoc",
        f"-I{PROTO_DIR}",
        f"-I{include}",
        f"--python_out={out_dir}",
        f"--pyi_out={out_dir}",
        f"--grpc_python_out={out_dir}",
        *files,
    ]
    rc = protoc.main(args)
    if rc != 0:
        raise SystemExit(f"protoc failed with exit code {rc}")
    for pkg in (out_dir / "umpire", out_dir / "umpire" / "v1"):
        init = pkg / "__init__.py"
        if not init.exists():
            init.write_text('"""Generated protobuf modules (see scripts/genproto.py)."""\n')


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    generate(out)


if __name__ == "__main__":
    main()
