"""Compile the shipped .proto files into a private descriptor pool, as a client would.

A client in another language sees only the `.proto` files in `proto/` (and
protobuf's own well-known types), never Umpire's generated Python modules or
the googleapis package. Tests that check what such a client can do compile the
files here with protoc (grpcio-tools, a dev dependency) into a pool of their
own, apart from the process's default pool, so nothing in it comes from the
Python packages the server uses.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import Message

ROOT = Path(__file__).resolve().parent.parent.parent
PROTO_DIR = ROOT / "proto"


def needs_protoc() -> None:
    if importlib.util.find_spec("grpc_tools") is None:
        pytest.skip("grpcio-tools is not installed (dev dependency)")


def descriptor_set(files: Sequence[str], work: Path, proto_dir: Path = PROTO_DIR) -> descriptor_pb2.FileDescriptorSet:
    """The files (relative to `proto_dir`) and everything they import, compiled.

    Only protobuf's own includes are on the path besides `proto_dir`: a file the
    shipped protos import from anywhere else fails to compile here."""
    needs_protoc()
    import grpc_tools  # type: ignore[import-untyped]
    from grpc_tools import protoc

    include = Path(grpc_tools.__file__).parent / "_proto"
    out = work / "shipped.pb"
    rc = protoc.main([
        "protoc", f"-I{proto_dir}", f"-I{include}", "--include_imports",
        f"--descriptor_set_out={out}", *files,
    ])
    if rc != 0:
        raise AssertionError(f"protoc failed ({rc}) on {', '.join(files)} with -I{proto_dir}")
    fds = descriptor_pb2.FileDescriptorSet()
    fds.ParseFromString(out.read_bytes())
    return fds


class Pool:
    """A private pool over a descriptor set: message classes by full name."""

    def __init__(self, fds: descriptor_pb2.FileDescriptorSet) -> None:
        self.files = {f.name: f for f in fds.file}
        self.pool = descriptor_pool.DescriptorPool()
        for f in fds.file:
            self.pool.Add(f)

    def new(self, full_name: str) -> Message:
        cls = message_factory.GetMessageClass(self.pool.FindMessageTypeByName(full_name))
        msg: Message = cls()
        return msg

    def decode(self, full_name: str, data: bytes) -> Message:
        msg = self.new(full_name)
        msg.ParseFromString(data)
        return msg
