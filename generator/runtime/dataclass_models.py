"""The dataclass style's base of every model (``_Record``): one ``__repr__`` and one
``__eq__`` for all of them, the same as those ``@dataclass`` writes per class.

``@dataclass`` compiles each method it adds (``exec`` of its source) when the class is
made: for a module of hundreds of models (the Responses API's) that is most of its import
time. The models are declared ``@dataclass(kw_only=True, slots=True, repr=False, eq=False)``
on this base, so that only ``__init__`` is compiled per class; ``__repr__`` and ``__eq__``
read the fields (``dataclasses.fields``) and behave as ``@dataclass``'s: the class's
``__qualname__`` and each field's ``repr``, ``...`` for a model inside itself; equal when
of the same class with equal field values (compared as tuples), ``NotImplemented`` for
another class; unhashable, as a mutable dataclass with ``eq`` is.

Real Python, imported and tested as it is; inlined into dataclass-style modules without
this docstring and the import lines (see the package docstring).
"""

from __future__ import annotations

from dataclasses import fields
from reprlib import recursive_repr
from typing import Any

#: Each model class's fields that ``__repr__`` shows or ``__eq__`` compares, by the class
#: and the field's flag (``repr``, ``compare``): found on first use.
_FLAGGED: dict[tuple[type, str], tuple[str, ...]] = {}


class _Record:
    """Base of every dataclass model: ``__repr__``, ``__eq__`` and ``__hash__`` as
    ``@dataclass(eq=True)`` makes them, written once (see the module docstring)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable and compared: unhashable

    @recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _flagged(self, "repr"))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = _flagged(self, "compare")
        return _values(self, names) == _values(other, names)


def _flagged(record: Any, flag: str) -> tuple[str, ...]:
    """The names of ``record``'s fields whose ``flag`` (``repr``, ``compare``) is set."""
    key = (type(record), flag)
    names = _FLAGGED.get(key)
    if names is None:
        names = _FLAGGED[key] = tuple(f.name for f in fields(record) if getattr(f, flag))
    return names


def _values(record: Any, names: tuple[str, ...]) -> tuple[Any, ...]:
    """The values of ``record``'s fields ``names``, in order."""
    return tuple(getattr(record, name) for name in names)
