"""Each style's emitter, by name: what ``render`` asks (see ``base.Emitter``)."""

from __future__ import annotations

from .base import Emitter
from .dataclass import DataclassEmitter
from .msgspec import MsgspecEmitter
from .pydantic import PydanticEmitter
from .typeddict import TypedDictEmitter

#: Each style's emitter, by name (the names of ``styles.ALL_STYLES``).
EMITTERS: dict[str, Emitter] = {
    e.name: e for e in (DataclassEmitter(), PydanticEmitter(), TypedDictEmitter(), MsgspecEmitter())
}


def emitter(style: str) -> Emitter:
    """The emitter of ``style`` (a name of ``styles.ALL_STYLES``); KeyError for no such style."""
    return EMITTERS[style]
