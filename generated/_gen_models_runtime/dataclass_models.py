# gen-models 0.1.0: generator/runtime/dataclass_models.py, copied verbatim. Do not edit; regenerate instead.
"""The dataclass style's base (``_Dataclass``: ``to_dict`` by the class's table of fields, one
``__repr__`` and ``__eq__`` for every model, as ``@dataclass`` writes them) and decorator
(``_model``). Laid out before the models; ``parsing_dataclass`` comes after them.

``@dataclass`` compiles each method it adds when the class is made: most of the import time
of a module of hundreds of models. So the models are ``@dataclass(kw_only=True, slots=True,
repr=False, eq=False)``, only ``__init__`` compiled per class, and that decorator runs on a
model's first use, not at import (``_model``): at import ``_model`` makes the slotted class;
what ``@dataclass`` adds besides (``__init__``, ``__dataclass_fields__``, ...) the class takes
on first use (an instance made, or one of those read) through ``_OnFirstUse`` on the base.
Type checkers see ``@dataclass(kw_only=True)`` (``dataclass_transform``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from reprlib import recursive_repr
from typing import TYPE_CHECKING, Any, ClassVar, cast

from .parsing import _T
from .parsing_dataclass import _dump, _Fields, _from_dict

if TYPE_CHECKING:
    from typing_extensions import Self
    from typing_extensions import dataclass_transform as _dataclass_transform
else:
    # what ``typing.get_type_hints(Model.from_dict)`` finds at run time (3.10 has no ``Self``)
    Self = Any

    def _dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        """The run time's ``dataclass_transform`` (3.10 has none): the function as it is."""
        return lambda function: function


#: The fields ``__repr__`` shows or ``__eq__`` compares, by class and flag (``repr``, ``compare``).
_FLAGGED: dict[tuple[type, str], tuple[str, ...]] = {}
#: The models ``@dataclass`` has not run on yet: class made at import -> class as declared.
_DECLARED: dict[type, type] = {}


@_dataclass_transform(kw_only_default=True, field_specifiers=(field,))
def _model(cls: type[_T]) -> type[_T]:
    """``@dataclass(kw_only=True, slots=True, repr=False, eq=False)`` on a model, run on its
    first use: now, the slotted class it makes (fields as ``__slots__``, defaults left out);
    the rest from ``_finish``. A model annotates only its fields."""
    names = tuple(cls.__annotations__)
    made = _again(cls, names, {"__slots__": names})
    _DECLARED[made] = cls
    return made


def _again(cls: type[_T], leave_out: tuple[str, ...], add: dict[str, Any]) -> type[_T]:
    """``cls`` made again (as ``@dataclass(slots=True)`` does), without ``leave_out``,
    ``__dict__`` and ``__weakref__``, with ``add``."""
    kept = (*leave_out, "__dict__", "__weakref__")
    namespace = {k: v for k, v in cls.__dict__.items() if k not in kept}
    again = type(cls.__name__, cls.__bases__, namespace | add)
    again.__qualname__ = cls.__qualname__
    return cast("type[_T]", again)


def _finish(made: type) -> None:
    """Run the decorator on a copy of the class ``made`` was made from (it changes the class
    it is given; two threads may finish one model) and set on ``made`` what it added."""
    declared = _DECLARED.get(made)
    if declared is None:
        return
    done: type = dataclass(kw_only=True, slots=True, repr=False, eq=False)(_again(declared, (), {}))
    for name, value in done.__dict__.items():
        if name not in made.__dict__ or name == "__doc__":
            setattr(made, name, value)
    _DECLARED.pop(made, None)


class _OnFirstUse:
    """An attribute ``@dataclass`` adds, on the models' base: read from an unfinished model,
    it finishes the model (and its bases) and reads the attribute again; from any other
    class, the attribute as it would be without the base."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        # a class as the instance: Python 3.13's inspect.signature binds __init__ to the class
        cls = instance if isinstance(instance, type) else owner
        for unfinished in [c for c in cls.__mro__ if c in _DECLARED]:
            _finish(unfinished)
        # from the first model on: a subclass's super().__init__() must reach the model's
        mro = cls.__mro__
        first = next((i for i, c in enumerate(mro) if "__dataclass_fields__" in c.__dict__), 0)
        for c in mro[first:]:
            value = c.__dict__.get(self.name, self)
            if not isinstance(value, _OnFirstUse):
                get = getattr(type(value), "__get__", None)
                return value if get is None else get(value, instance, owner)
        raise AttributeError(self.name)


class _Table:
    """A model's ``_fields``: a function making its ``_Fields`` table (which names later
    definitions), called on first use, its table then set on the class in its place."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], _Fields]) -> None:
        self.make = make

    def __get__(self, instance: Any, owner: type) -> _Fields:
        table = self.make()
        for cls in owner.__mro__:  # the class that declares it (two threads: either table does)
            if cls.__dict__.get("_fields") is self:
                cls._fields = table  # type: ignore[attr-defined]
                break
        return table


class _Dataclass:
    """The base of the module's dataclasses: ``from_dict`` and ``to_dict`` by the class's
    ``_Fields`` table, ``__repr__``, ``__eq__`` and ``__hash__`` as ``@dataclass(eq=True)``
    makes them (unhashable)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable and compared: unhashable
    _fields: ClassVar[_Table]
    extra_fields: dict[str, Any]  # every dataclass of the module declares these two
    null_fields: frozenset[str]  # (this one, those with a null-only field)
    if not TYPE_CHECKING:  # what @dataclass adds to a model, until it has (see _model)
        __init__ = _OnFirstUse("__init__")
        __dataclass_fields__ = _OnFirstUse("__dataclass_fields__")
        __dataclass_params__ = _OnFirstUse("__dataclass_params__")
        __match_args__ = _OnFirstUse("__match_args__")

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Build from decoded JSON (wire names); raises ``ParseError`` naming the field."""
        return _from_dict(cls, cls._fields, data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON data again, with wire names; optional fields that are None are left out."""
        table = self._fields
        d: dict[str, Any] = {}
        for (wire, optional, dump, null_only), value in zip(table.writes, table.values_of(self)):
            if null_only:
                if wire in self.null_fields:
                    d[wire] = None
            elif value is not None or not optional:
                d[wire] = _dump(value) if dump else value
        d.update(_dump(self.extra_fields) if table.extra_fields is not None else self.extra_fields)
        return d

    @recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _flagged(self, "repr"))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = _flagged(self, "compare")
        return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)


def _flagged(record: Any, flag: str) -> tuple[str, ...]:
    """The names of ``record``'s fields whose ``flag`` is set."""
    key = (type(record), flag)
    names = _FLAGGED.get(key)
    if names is None:
        names = _FLAGGED[key] = tuple(f.name for f in fields(record) if getattr(f, flag))
    return names
