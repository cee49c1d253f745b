"""The edge of the service: raw request bytes in, a proper status code out.

grpc's generated registration decodes requests before the handler runs, and a
body that does not decode (random bytes, a truncated message, invalid UTF-8 in
a string, groups nested past the parser's limit) then surfaces as
`UNKNOWN: Unexpected <class 'DecodeError'>`. Here each method is registered
with raw bytes instead, and the handler:

1. refuses a body over the method's size limit (INVALID_ARGUMENT);
2. decodes it (DecodeError -> INVALID_ARGUMENT "not a valid <message>");
3. checks every field against its limit (service/limits.py);
4. calls the servicer; typed errors go through `errors.to_status`, and
   anything unexpected is logged and answered INTERNAL with a plain message
   (no exception class names or tracebacks reach a client).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
from google.protobuf.message import DecodeError, Message
from google.protobuf.message_factory import GetMessageClass

from adjudicator.core.errors import MalformedInput, UmpireError
from adjudicator.service import limits
from adjudicator.service.errors import to_grpc_status
from adjudicator.service.servicer import internal
from umpire.v1 import service_pb2

SERVICE = service_pb2.DESCRIPTOR.services_by_name["Adjudicator"]


def decode(method: str, cls: type[Message], raw: bytes) -> Message:
    """The checked request, or MalformedInput naming what is wrong with it."""
    cap = limits.max_request_bytes(method)
    if len(raw) > cap:
        raise MalformedInput(f"the request is {len(raw):,} bytes; {method} takes at most {cap:,}", "request")
    try:
        request = cls.FromString(raw)
    except DecodeError:
        raise MalformedInput(
            f"the request bytes are not a valid {cls.DESCRIPTOR.full_name} message", "request"
        ) from None
    limits.check_request(request)
    return request


async def _fail(context: grpc.aio.ServicerContext, err: BaseException, method: str) -> None:
    """Called in the `except` block: a typed error's status, or INTERNAL with a
    fixed text (the exception is logged, never sent: servicer.internal)."""
    if isinstance(err, UmpireError):
        await context.abort_with_status(to_grpc_status(err))
    await context.abort(grpc.StatusCode.INTERNAL, internal(method))


def _unary(method: str, cls: type[Message], impl: Callable[[Any, Any], Awaitable[Any]]) -> Any:
    async def handler(raw: bytes, context: grpc.aio.ServicerContext) -> Any:
        try:
            request = decode(method, cls, raw)
            return await impl(request, context)
        except grpc.aio.AbortError:
            raise
        except Exception as e:  # noqa: BLE001 - mapped to a status, never leaked
            await _fail(context, e, method)

    return handler


def _stream(method: str, cls: type[Message], impl: Callable[[Any, Any], AsyncIterator[Any]]) -> Any:
    async def handler(raw: bytes, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
        try:
            request = decode(method, cls, raw)
            async for item in impl(request, context):
                yield item
        except grpc.aio.AbortError:
            raise
        except Exception as e:  # noqa: BLE001 - mapped to a status, never leaked
            await _fail(context, e, method)

    return handler


def generic_handler(servicer: Any) -> grpc.GenericRpcHandler:
    """Every Adjudicator method of `servicer`, taking raw bytes."""
    handlers = {}
    for m in SERVICE.methods:
        req_cls = GetMessageClass(m.input_type)
        resp_cls = GetMessageClass(m.output_type)
        impl = getattr(servicer, m.name)
        if m.server_streaming:
            handlers[m.name] = grpc.unary_stream_rpc_method_handler(
                _stream(m.name, req_cls, impl), request_deserializer=None,
                response_serializer=resp_cls.SerializeToString,
            )
        else:
            handlers[m.name] = grpc.unary_unary_rpc_method_handler(
                _unary(m.name, req_cls, impl), request_deserializer=None,
                response_serializer=resp_cls.SerializeToString,
            )
    return grpc.method_handlers_generic_handler(SERVICE.full_name, handlers)
