# gen-models 0.1.0: generator/runtime/dataclass_models.py, copied verbatim. Do not edit; regenerate instead.
"""The base of the dataclass style's classes (``_Dataclass``) and their decorator
(``_model``): ``to_dict`` by the class's table of fields, and one ``__repr__`` and one
``__eq__`` for every model, the same as those ``@dataclass`` writes per class. Laid out
before the classes (the rest of the style's parsing, ``_Fields`` and ``_from_dict`` among it,
comes after them: ``parsing_dataclass``).

``@dataclass`` compiles each method it adds (``exec`` of its source) when the class is
made: for a module of hundreds of models (the Responses API's) that is most of its import
time. The models are ``@dataclass(kw_only=True, slots=True, repr=False, eq=False)`` on this
base, so that only ``__init__`` is compiled per class; ``__repr__`` and ``__eq__`` read the
fields (``dataclasses.fields``) and behave as ``@dataclass``'s: the class's ``__qualname__``
and each field's ``repr``, ``...`` for a model inside itself; equal when of the same class
with equal field values (compared as tuples), ``NotImplemented`` for another class;
unhashable, as a mutable dataclass with ``eq`` is.

And that decorator runs when a model is first used, not at import (``_model``): a module
imports in a fraction of the time (the Responses API's 236 models: ``@dataclass`` on each
was ~3/4 of its own import; a stream uses a few dozen of them). At import ``_model`` makes
the slotted class ``@dataclass(slots=True)`` would make (the fields' names as
``__slots__``, their defaults left out of the class); what ``@dataclass`` adds besides
(``__init__``, ``__dataclass_fields__``, ``__dataclass_params__``, ``__match_args__``) the
class takes from the decorator's own result on its first use: an instance made, or any of
those read (``dataclasses.fields``, ``is_dataclass``, ``inspect.signature``...), through
``_OnFirstUse`` on the base. Type checkers see the decorator as ``@dataclass`` with
``kw_only=True`` (``dataclass_transform``).

Real Python, imported and tested as it is; inlined into generated modules without this
docstring and the import lines (see the package docstring).
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
        """The run time's ``dataclass_transform`` (which only tells type checkers that
        ``_model`` is a dataclass decorator; Python 3.10 has none): the function as it is."""
        return lambda function: function


#: Each model class's fields that ``__repr__`` shows or ``__eq__`` compares, by the class
#: and the field's flag (``repr``, ``compare``): found on first use.
_FLAGGED: dict[tuple[type, str], tuple[str, ...]] = {}
#: The models ``@dataclass`` has not run on yet: each class made at import, and the class
#: as its module declares it (``_model``).
_DECLARED: dict[type, type] = {}


@_dataclass_transform(kw_only_default=True, field_specifiers=(field,))
def _model(cls: type[_T]) -> type[_T]:
    """``@dataclass(kw_only=True, slots=True, repr=False, eq=False)`` on a model of the
    module, run on the model's first use (see the module docstring): now, the class it makes
    (``slots=True`` makes the class again, with its fields' names as ``__slots__`` and their
    defaults left out, since a slot cannot have one); the rest from ``_finish``. A model
    annotates only its fields (the ``ClassVar`` of its table is on the base)."""
    names = tuple(cls.__annotations__)
    made = _again(cls, names, {"__slots__": names})
    _DECLARED[made] = cls
    return made


def _again(cls: type[_T], leave_out: tuple[str, ...], add: dict[str, Any]) -> type[_T]:
    """``cls`` made again (as ``@dataclass(slots=True)`` does): its namespace without the
    names ``leave_out`` (and the ``__dict__`` and ``__weakref__`` it would not have), with
    ``add``."""
    kept = (*leave_out, "__dict__", "__weakref__")
    namespace = {k: v for k, v in cls.__dict__.items() if k not in kept}
    again = type(cls.__name__, cls.__bases__, namespace | add)
    again.__qualname__ = cls.__qualname__
    return cast("type[_T]", again)


def _finish(made: type) -> None:
    """Run ``@dataclass(kw_only=True, slots=True, repr=False, eq=False)`` on a copy of the
    class ``made`` was made from (the decorator changes the class it is given, and two
    threads may finish the same model at once), and set on ``made`` what the decorator
    added (``made`` has its ``__slots__`` and their descriptors already)."""
    declared = _DECLARED.get(made)
    if declared is None:
        return
    done: type = dataclass(kw_only=True, slots=True, repr=False, eq=False)(_again(declared, (), {}))
    for name, value in done.__dict__.items():
        if name not in made.__dict__ or name == "__doc__":
            setattr(made, name, value)
    _DECLARED.pop(made, None)


class _OnFirstUse:
    """An attribute ``@dataclass`` adds to a class, on the models' base: read from a model
    ``_finish`` has not finished (the model's own comes first once it has), it finishes
    the model (and the models it derives from) and reads the attribute again, as Python
    would have; from any other class, the attribute as it would be without the base
    (``object.__init__``, else none)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        # a class as the instance: Python 3.13's inspect.signature binds __init__ to the class
        cls = instance if isinstance(instance, type) else owner
        for unfinished in [c for c in cls.__mro__ if c in _DECLARED]:
            _finish(unfinished)
        # from the first model on: a lookup that got here passed over the classes before it
        # (a user's subclass whose __init__ calls super().__init__() has its own, and that
        # call must reach the model's, not come back to the subclass's)
        mro = cls.__mro__
        first = next((i for i, c in enumerate(mro) if "__dataclass_fields__" in c.__dict__), 0)
        for c in mro[first:]:
            value = c.__dict__.get(self.name, self)
            if not isinstance(value, _OnFirstUse):
                get = getattr(type(value), "__get__", None)
                return value if get is None else get(value, instance, owner)
        raise AttributeError(self.name)


class _Table:
    """A model's ``_fields``, written in its class body as a function that makes its
    ``_Fields`` table (whose parsers name classes and functions defined further down the
    module), made on first use and then set on the class in its place."""

    __slots__ = ("make", "name")

    def __init__(self, make: Callable[[], _Fields]) -> None:
        self.make = make
        self.name = "_fields"

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type) -> _Fields:
        table = self.make()
        for cls in owner.__mro__:  # the class that declares it (two threads: either table does)
            if cls.__dict__.get(self.name) is self:
                setattr(cls, self.name, table)
                break
        return table


class _Dataclass:
    """The base of the module's dataclasses: ``from_dict`` and ``to_dict`` by the class's
    ``_Fields`` table (``_fields``, made on first use: ``_Table``), and
    ``__repr__``, ``__eq__`` and ``__hash__`` as ``@dataclass(eq=True)`` makes them,
    written once (see the module docstring)."""

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
        # a null-only field is written back when the payload sent it, models and tuples
        # through _dump, the unknown fields after the others
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
