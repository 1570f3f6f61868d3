"""The dataclass style's model decorator (``_model``, runtime ``dataclass_models``): the
models ``@dataclass(kw_only=True, slots=True, repr=False, eq=False)`` makes, with the
decorator run on each model's first use instead of at import (issue #28, import time)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import threading
from pathlib import Path
from types import MemberDescriptorType, ModuleType
from typing import Any

import pytest
from conftest import load_module, runtime_module

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
    twin_source = source.replace("\n@_model\nclass ", f"\n{STDLIB}\nclass ")
    future = "\nfrom __future__ import annotations\n"
    twin.write_text(twin_source.replace(future, future + "from dataclasses import dataclass\n", 1), encoding="utf-8")
    lazy, stdlib = load_module(path), load_module(twin)
    declared = runtime_module(lazy, "dataclass_models")._DECLARED
    models = [name for name, value in vars(lazy).items() if isinstance(value, type) and value in declared]
    assert len(models) == count  # none finished by the import
    for name in models:
        made, made_by_stdlib = getattr(lazy, name), getattr(stdlib, name)
        assert "__init__" not in vars(made)
        assert inspect.signature(made) == inspect.signature(made_by_stdlib)
        assert made not in declared
        assert vars(made).keys() == vars(made_by_stdlib).keys()
        for attribute in ("__slots__", "__match_args__", "__doc__", "__qualname__"):
            assert getattr(made, attribute) == getattr(made_by_stdlib, attribute), (name, attribute)
        assert repr(made.__dataclass_params__) == repr(made_by_stdlib.__dataclass_params__)
        flags = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "kw_only")
        assert [[getattr(f, k) for k in flags] for f in dataclasses.fields(made)] == [
            [getattr(f, k) for k in flags] for f in dataclasses.fields(made_by_stdlib)
        ]
    assert not declared


def test_chat_models_finish_as_dataclass_makes_them(openai_modules: dict[str, ModuleType], tmp_path: Path) -> None:
    _models_finish_as_dataclass_makes_them(openai_modules["dataclass"], tmp_path)


@pytest.mark.slow
def test_responses_models_finish_as_dataclass_makes_them(
    responses_modules: dict[str, ModuleType], tmp_path: Path
) -> None:
    _models_finish_as_dataclass_makes_them(responses_modules["dataclass"], tmp_path)


#: Chat chunks that reach every kind of field the compiled parsers read: required and
#: optional scalars, null, models, lists of models, lists of integers, unknown fields.
_CHUNKS: list[dict[str, Any]] = [
    {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "service_tier": "default",
        "system_fingerprint": None,
        "choices": [
            {"index": 0, "delta": {"role": "assistant", "content": "Hi"}, "logprobs": None, "finish_reason": None}
        ],
        "usage": None,
        "obfuscation": "x",
    },
    {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "delta": {
                    "tool_calls": [
                        {"index": 0, "id": "t", "type": "function", "function": {"name": "f", "arguments": "{"}},
                        {"index": 1, "function": {"arguments": "}"}, "new": 1},
                    ]
                },
                "logprobs": {
                    "content": [
                        {
                            "token": "a",
                            "logprob": -1,
                            "bytes": [97],
                            "top_logprobs": [{"token": "a", "logprob": -1.5, "bytes": None}],
                        }
                    ],
                    "refusal": None,
                },
                "finish_reason": "tool_calls",
            }
        ],
        "usage": {
            "completion_tokens": 1,
            "prompt_tokens": 2,
            "total_tokens": 3,
            "prompt_tokens_details": {"cached_tokens": 0},
        },
        "extra": {"kept": True},
    },
]
#: What a place is bent to: each of these in turn, and the key removed.
_BENT: list[Any] = [None, 1, 1.5, True, "s", [], {}, [1, "a"], {"x": 1}]


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and list position inside ``value``, outermost first."""
    inner = value.items() if type(value) is dict else enumerate(value) if type(value) is list else ()
    return [p for key, item in inner for p in ((*path, key), *_places(item, (*path, key)))]


def _bent(data: Any, path: tuple[Any, ...], how: Any) -> Any:
    """A deep copy of ``data`` with the place ``path`` removed (``how`` is ``_places``) or set to ``how``."""
    copy = json.loads(json.dumps(data))
    here = copy
    for step in path[:-1]:
        here = here[step]
    if how is _places:
        del here[path[-1]]
    else:
        here[path[-1]] = how(here[path[-1]]) if callable(how) else how
    return copy


def _outcome(module: ModuleType, data: Any, lenient: bool = False) -> Any:
    """What ``module`` parses ``data`` into: the instance as JSON and its repr, or the error;
    with ``lenient``, in a lenient build, with the paths of the places it kept."""
    parsing = runtime_module(module, "parsing")
    state = parsing._Leniency() if lenient else None
    token = parsing._LENIENT.set(state)
    try:
        made = module.parse_create_chat_completion_stream_response(data)
    except ValueError as exc:  # the module's ParseError
        return ("error", type(exc).__name__, exc.args, getattr(exc, "path", None))
    finally:
        parsing._LENIENT.reset(token)
    shown = (type(made).__qualname__, json.dumps(made.to_dict()), repr(made))
    places = runtime_module(module, "lenient")._place_paths
    return (*shown, places(data, state.places)) if state is not None else shown


def test_compiled_parsers_read_as_the_table_loop(openai_modules: dict[str, ModuleType]) -> None:
    """Each model's parser compiled on first use (``_compiled``) gives what the loop over its
    table (``_from_table``, which was the only way) gives, at every depth: the same values or
    the same ``ParseError`` (message and path), on chunks with each place removed or set to
    a value of every JSON type, or not a dict at all; in a lenient build, the same values
    and the same places kept (issue 42: no marker, one pass)."""
    compiled = openai_modules["dataclass"]
    looped = load_module(Path(compiled.__file__ or ""))
    parsing = runtime_module(looped, "parsing_dataclass")
    parsing._compiled = lambda table: lambda data: parsing._from_table(table.owner, table, data)
    payloads: list[Any] = [None, [], "chunk", {}]
    for chunk in _CHUNKS:
        payloads.append(chunk)
        for path in _places(chunk):
            payloads += [_bent(chunk, path, _places)] + [_bent(chunk, path, how) for how in _BENT]
    checked = kept = 0
    for data in payloads:
        mine = _outcome(compiled, data)
        assert mine == _outcome(looped, data), data
        checked += mine[0] != "error"
        lenient = _outcome(compiled, data, lenient=True)
        assert lenient == _outcome(looped, data, lenient=True), data
        kept += lenient[0] != "error" and bool(lenient[-1])
    assert checked > 100  # most bends still parse (an unknown field, null where it fits...)
    assert kept > 100  # and most that do not are built leniently, the place kept


def test_a_subclass_is_built_by_the_table_loop(openai_modules: dict[str, ModuleType]) -> None:
    """A subclass of a model (which inherits its table) is built as itself, through its
    ``__init__``; the model's own parser is not taken over by it."""
    module = load_module(Path(openai_modules["dataclass"].__file__ or ""))  # its models not used yet
    base = module.ChatCompletionStreamResponseDeltaFunctionCall
    made: list[Any] = []  # Sub's __init__ runs once, also when its super().__init__() finishes the model

    class Sub(base):  # type: ignore[misc,valid-type]
        __slots__ = ()

        def __init__(self, **values: Any) -> None:
            made.append(values)
            super().__init__(**values)

    sub = Sub.from_dict({"name": "f", "other": 1})
    assert type(sub) is Sub and made == [{"arguments": None, "name": "f", "extra_fields": {"other": 1}}]
    one = base.from_dict({"name": "f"})
    assert type(one) is base and len(made) == 1
    assert base._fields.owner is base


def test_every_responses_model_compiles_its_parser(responses_modules: dict[str, ModuleType]) -> None:
    """Every model of the Responses module gets a compiled parser (its slots are its
    table's fields), which reads a payload missing every field, an empty list where each
    field is, and an unknown field as the table loop does."""
    module = responses_modules["dataclass"]
    looped = load_module(Path(module.__file__ or ""))
    parsing = runtime_module(looped, "parsing_dataclass")
    parsing._compiled = lambda table: lambda data: parsing._from_table(table.owner, table, data)
    models = [name for name, value in vars(module).items() if isinstance(value, type) and "_fields" in vars(value)]
    assert len(models) > 200
    for name in models:
        cls = getattr(module, name)
        table = cls._fields
        table.owner = table.owner or cls
        assert runtime_module(module, "parsing_dataclass")._compiled(table).__name__ == "parse", name
        wires = [wire for _, wire, *_ in table.reads]
        for data in ({}, {"unknown": 1}, {key: [] for key in wires}, dict.fromkeys(wires)):
            mine, theirs = (_outcome_of(m, name, data) for m in (module, looped))
            assert mine == theirs, (name, data)


def _outcome_of(module: ModuleType, name: str, data: Any) -> Any:
    try:
        made = getattr(module, name).from_dict(data)
    except ValueError as exc:  # the module's ParseError
        return ("error", exc.args, getattr(exc, "path", None))
    return json.dumps(made.to_dict(), sort_keys=True)
