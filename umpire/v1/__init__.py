"""Generated protobuf modules (see scripts/genproto.py)."""
