"""The dataclass style's model decorator (``_model``, runtime ``dataclass_models``): the
models ``@dataclass(kw_only=True, slots=True, repr=False, eq=False)`` makes, with the
decorator run on each model's first use instead of at import (issue #28, import time)."""

from __future__ import annotations

import dataclasses
import inspect
import threading
from pathlib import Path
from types import MemberDescriptorType, ModuleType
from typing import Any

import pytest
from conftest import load_module

from generator.runtime.dataclass_models import _DECLARED, _Dataclass, _model

#: What ``@_model`` stands for, spelled out.
STDLIB = "@dataclass(kw_only=True, slots=True, repr=False, eq=False)"


def _fresh() -> type:
    """A model as a generated module declares one (required, optional and factory fields)."""

    @_model
    class Delta(_Dataclass):
        text: str
        size: float | None = None
        extra_fields: dict[str, Any] = dataclasses.field(default_factory=dict)

    return Delta


def test_a_model_is_slotted_at_import_and_a_dataclass_on_first_use() -> None:
    """At import a model has its slots and no ``__init__`` of its own; making an instance,
    reading its fields or signature, or deriving a dataclass from it finishes it, once."""
    made = _fresh()
    assert made in _DECLARED and "__init__" not in vars(made)
    assert made.__slots__ == ("text", "size", "extra_fields")
    assert isinstance(vars(made)["size"], MemberDescriptorType)  # the slot, not its default
    one = made(text="a")
    assert made not in _DECLARED and "__init__" in vars(made)
    assert (one.text, one.size, one.extra_fields) == ("a", None, {})
    assert made(text="a", size=2.0) != one and made(text="a") == one
    assert not hasattr(one, "__dict__")
    with pytest.raises(AttributeError):
        one.other = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        made("a")  # type: ignore[misc]  # keyword-only, as declared
    with pytest.raises(TypeError, match="text"):
        made()  # type: ignore[call-arg]
    assert made(text="b").extra_fields is not one.extra_fields  # a fresh dict each

    for first_use in (
        lambda cls: [f.name for f in dataclasses.fields(cls)],
        lambda cls: dataclasses.is_dataclass(cls) and [f.name for f in dataclasses.fields(cls)],
        lambda cls: str(inspect.signature(cls)),
        lambda cls: [cls.__match_args__],
    ):
        fresh = _fresh()
        assert fresh in _DECLARED
        assert first_use(fresh)
        assert fresh not in _DECLARED and fresh.__match_args__ == ()
    assert (
        str(inspect.signature(_fresh()))
        == "(*, text: 'str', size: 'float | None' = None, extra_fields: 'dict[str, Any]' = <factory>) -> None"
    )

    base = _fresh()

    class Plain(base):  # type: ignore[valid-type,misc]  # a subclass that is no dataclass
        __slots__ = ()

    assert Plain(text="p").text == "p" and base not in _DECLARED
    base = _fresh()

    @dataclasses.dataclass(kw_only=True)
    class Derived(base):  # type: ignore[valid-type,misc]
        more: int = 0

    assert [f.name for f in dataclasses.fields(Derived)] == ["text", "size", "extra_fields", "more"]
    assert Derived(text="d", more=1).more == 1
    assert _Dataclass() is not None and not dataclasses.is_dataclass(_Dataclass)


def _append_made(built: list[Any], made: type) -> None:
    built.append(made(text="t"))


def test_threads_finish_a_model_at_once() -> None:
    """Threads that make the first instances of a model together all get a finished one."""
    for _ in range(20):
        made = _fresh()
        built: list[Any] = []
        threads = [threading.Thread(target=_append_made, args=(built, made)) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(built) == 8 and all(b == made(text="t") for b in built)
        assert [f.name for f in dataclasses.fields(made)] == ["text", "size", "extra_fields"]


def _models_finish_as_dataclass_makes_them(module: ModuleType, tmp_path: Path) -> None:
    """Every model of a generated dataclass-style module (loaded afresh) is unfinished after
    its import and, once finished, has what ``@dataclass`` gives the same class: the same
    attributes, ``__slots__``, signature, fields (their defaults and flags), parameters and
    docstring."""
    path = Path(module.__file__ or "")
    source = path.read_text(encoding="utf-8")
    count = source.count("\n@_model\nclass ")
    assert count > 0 and f"\n{STDLIB}\n" not in source
    twin = tmp_path / f"stdlib_{path.name}"
    twin.write_text(source.replace("\n@_model\nclass ", f"\n{STDLIB}\nclass "), encoding="utf-8")
    lazy, stdlib = load_module(path), load_module(twin)
    models = [name for name, value in vars(lazy).items() if isinstance(value, type) and value in lazy._DECLARED]
    assert len(models) == count  # none finished by the import
    for name in models:
        made, made_by_stdlib = getattr(lazy, name), getattr(stdlib, name)
        assert "__init__" not in vars(made)
        assert inspect.signature(made) == inspect.signature(made_by_stdlib)
        assert made not in lazy._DECLARED
        assert vars(made).keys() == vars(made_by_stdlib).keys()
        for attribute in ("__slots__", "__match_args__", "__doc__", "__qualname__"):
            assert getattr(made, attribute) == getattr(made_by_stdlib, attribute), (name, attribute)
        assert repr(made.__dataclass_params__) == repr(made_by_stdlib.__dataclass_params__)
        flags = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "kw_only")
        assert [[getattr(f, k) for k in flags] for f in dataclasses.fields(made)] == [
            [getattr(f, k) for k in flags] for f in dataclasses.fields(made_by_stdlib)
        ]
    assert not lazy._DECLARED


def test_chat_models_finish_as_dataclass_makes_them(openai_modules: dict[str, ModuleType], tmp_path: Path) -> None:
    _models_finish_as_dataclass_makes_them(openai_modules["dataclass"], tmp_path)


def test_responses_models_finish_as_dataclass_makes_them(
    responses_modules: dict[str, ModuleType], tmp_path: Path
) -> None:
    _models_finish_as_dataclass_makes_them(responses_modules["dataclass"], tmp_path)
