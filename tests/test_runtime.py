"""The runtime as real Python (``generator/runtime``): imported and exercised directly,
without rendering, plus the inlining that puts it into generated modules."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import CHAT_SPEC, RECORDED, ROOT, STYLES, generate_modules, recorded_chunks

from generator import runtime_files as runtime
from generator.runtime.anomalies import StreamMergeError
from generator.runtime.keyed import _Entries, _KeyedList
from generator.runtime.merge import _ChunkAccumulator, _EntryState, _Merger, _State
from generator.runtime.response import _convert, _ResponseRule
from generator.runtime.sse import StreamError, _Reader
from generator.runtime.typed import _as_json, _model_data


class _Call(_EntryState):
    """A hand-written merge state, as render would generate it: ``{index, id, name, args}``."""

    __slots__ = ("args", "id", "index", "name")
    _known = frozenset({"index", "id", "name", "args"})

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.index = 0
        self.id: str | None = None
        self.name: str | None = None
        self.args: list[str] = []

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        if (value := data.get("id")) is not None and value != self.id:
            self.id = acc.set_value(self, "id", self.id, value, str)
        if (value := data.get("name")) is not None and value != self.name:
            self.name = acc.set_value(self, "name", self.name, value, str)
        if (value := data.get("args")) is not None:
            self.args.append(value)

    def _build(self) -> dict[str, Any]:
        return self._finish({"index": self.index, "id": self.id, "name": self.name, "args": "".join(self.args)})


_CALLS = _KeyedList(
    wire="calls",
    key="index",
    key_attr="index",
    make=_Call,
    id_wire="id",
    id_attr="id",
    name_wire=("name",),
    name_attr=("name",),
)


class _Root(_State):
    __slots__ = ("calls",)
    _known = frozenset({"calls"})

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.calls = _Entries()

    def _add(self, data: dict[str, Any], acc: _Merger) -> None:
        for item in data.get("calls") or ():  # as the generated code does it
            key = item.get("index") if type(item) is dict else None
            entry = self.calls.by_key.get(key) if type(key) is int else None
            if entry is None or _CALLS.may_split(entry, item):
                entry = acc.pick_entry(self, _CALLS, self.calls, item, key)
                if entry is None:
                    continue
            entry._add(item, acc)
        if not self._known.issuperset(data):
            acc.unknown(self, data, "root")

    def _build(self) -> dict[str, Any]:
        return self._finish({"calls": self.calls.built()})


def _fold(chunks: list[Any], strict: bool = False) -> tuple[dict[str, Any], _ChunkAccumulator]:
    acc = _ChunkAccumulator(_Root(""), strict)
    for chunk in chunks:
        acc.add(chunk)
    return acc.snapshot_dict(), acc


def _put(data: dict[str, Any], key: str, value: Any) -> None:
    """Put a checked value back under ``key`` (a field that holds a tuple), when there is one:
    an absent key stays absent (what a ``_Key`` with ``put`` does)."""
    if key in data:
        data[key] = value


def test_keyed_entries_merge_by_key_and_sort_by_key() -> None:
    chunks = [
        {"calls": [{"index": 1, "id": "b", "name": "g", "args": "{"}]},
        {"calls": [{"index": 0, "id": "a", "name": "f", "args": "["}]},
        {"calls": [{"index": 1, "args": "}"}, {"index": 0, "args": "]"}]},
    ]
    data, acc = _fold(chunks)
    assert data["calls"] == [
        {"index": 0, "id": "a", "name": "f", "args": "[]"},
        {"index": 1, "id": "b", "name": "g", "args": "{}"},
    ]
    assert acc.anomalies == []


def test_a_new_id_and_name_at_a_taken_key_starts_an_entry_and_is_reported() -> None:
    data, acc = _fold(
        [{"calls": [{"index": 0, "id": "a", "name": "f"}]}, {"calls": [{"index": 0, "id": "b", "name": "g"}]}]
    )
    assert [c["id"] for c in data["calls"]] == ["a", "b"]
    assert [a.kind for a in acc.anomalies] == ["reused_key"]


def test_keyless_fragments_continue_the_newest_entry_reported_once() -> None:
    data, acc = _fold(
        [{"calls": [{"id": "a", "name": "f", "args": "x"}]}, {"calls": [{"args": "y"}]}, {"calls": [{"args": "z"}]}]
    )
    assert data["calls"] == [{"index": 0, "id": "a", "name": "f", "args": "xyz"}]
    assert [a.kind for a in acc.anomalies] == ["missing_key"]  # once per entry, not per fragment


def test_unknown_fields_are_kept_and_strict_raises() -> None:
    data, _ = _fold([{"calls": [], "extra": {"a": 1}}, {"extra": {"b": 2}}])
    assert data["extra"] == {"a": 1, "b": 2}
    with pytest.raises(StreamMergeError, match="not an object"):
        _fold([{"calls": ["x"]}], strict=True)


def test_a_chunk_as_text_bytes_or_model_is_decoded() -> None:
    @dataclasses.dataclass
    class Chunk:
        def to_dict(self) -> dict[str, Any]:
            return {"calls": [{"index": 0, "args": "c"}]}

    data, acc = _fold(
        ['{"calls": [{"index": 0, "args": "a"}]}', b'{"calls": [{"index": 0, "args": "b"}]}', Chunk(), "{"]
    )
    assert data["calls"][0]["args"] == "abc"
    assert [a.kind for a in acc.anomalies] == ["invalid_json"]
    assert acc.chunks == 4


def test_model_data_prefers_model_dump_of_set_fields() -> None:
    class Model:
        def model_dump(self, *, by_alias: bool, exclude_unset: bool) -> dict[str, Any]:
            assert by_alias and exclude_unset
            return {"a": 1}

        def to_dict(self) -> dict[str, Any]:  # pragma: no cover - not called
            raise AssertionError

    assert _model_data(Model()) == {"a": 1}
    assert _model_data(3) == 3


def test_as_json_reads_models_inside_lists_and_keeps_json_as_it_is() -> None:
    @dataclasses.dataclass
    class Part:
        text: str
        note: str | None = None

        def to_dict(self) -> dict[str, Any]:
            return {"text": self.text} if self.note is None else {"text": self.text, "note": self.note}

    payload = {"k": [1]}
    assert _as_json(payload) is payload  # decoded JSON is not copied
    assert _as_json([Part("a"), {"b": 1}, (Part("c", "n"),)]) == [{"text": "a"}, {"b": 1}, [{"text": "c", "note": "n"}]]
    assert _as_json(None) is None and _as_json("x") == "x" and _as_json(2.5) == 2.5


def test_may_split_model_reads_the_identity_by_attribute() -> None:
    @dataclasses.dataclass
    class Item:
        id: str | None = None
        name: str | None = None

    entry = _Call("calls[]")
    entry.id = "a"
    assert not _CALLS.may_split_model(entry, Item())
    assert not _CALLS.may_split_model(entry, Item(id="a"))
    assert not _CALLS.may_split_model(entry, Item(id=""))
    assert _CALLS.may_split_model(entry, Item(id="b"))
    assert _CALLS.may_split_model(entry, Item(name="f"))  # a name may start another call
    assert _CALLS.may_split_model(entry, object()) is False  # nothing to read: no split


_RULES = {
    "": _ResponseRule(consts={"object": "done"}, required=("id", "items")),
    "items": _ResponseRule(
        renames={"delta": "message"}, drop=frozenset({"index"}), required=("finish",), blank=("finish",)
    ),
}


def test_convert_renames_drops_and_never_guesses_a_required_field() -> None:
    acc = _ChunkAccumulator(_Root(""), False)  # a stream that has not said it finished
    data = {
        "id": "x",
        "items": [
            {"index": 0, "delta": {"calls": [1]}},
            {"index": 1, "delta": {}, "finish": "len"},
            {"index": 2, "delta": {}, "finish": ""},
        ],
    }
    out = _convert(data, _RULES, acc)
    assert out == {
        "id": "x",
        "object": "done",
        "items": [{"message": {"calls": [1]}}, {"message": {}, "finish": "len"}, {"message": {}}],
    }
    assert [(a.path, a.kind, a.kept) for a in acc.anomalies] == [
        ("items[0].finish", "incomplete", None),
        ("items[2].finish", "incomplete", None),  # "" where the field is blank: none was sent
    ]


def test_convert_leaves_out_a_required_field_and_strict_raises() -> None:
    acc = _ChunkAccumulator(_Root(""), False)
    assert _convert({"id": "x"}, _RULES, acc) == {"id": "x", "object": "done"}
    assert [(a.path, a.kind) for a in acc.anomalies] == [("items", "incomplete")]
    with pytest.raises(StreamMergeError, match="items: missing"):
        _convert({"id": "x"}, _RULES, _ChunkAccumulator(_Root(""), True))
    assert _convert({"id": "", "items": []}, _RULES, acc)["id"] == ""  # "" is a value unless blank


def test_sse_chunk_dicts_stop_at_done_and_raise_on_error_events() -> None:
    lines = ['data: {"a": 1}', "", "event: ping", "data: {}", "", "data: [DONE]", "", 'data: {"b": 2}', ""]
    assert list(_Reader((), ()).iter_chunk_dicts(lines)) == [{"a": 1}]
    with pytest.raises(StreamError):
        list(_Reader((), ()).iter_chunk_dicts(["event: error", 'data: {"message": "x"}', ""]))


@pytest.mark.parametrize("name", runtime.MODULES)
def test_inlined_source_drops_docstring_and_imports_only(name: str) -> None:
    tree = ast.parse(runtime.inlined(name))
    assert not any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in tree.body)
    assert not (isinstance(tree.body[0], ast.Expr) and isinstance(tree.body[0].value, ast.Constant))
    assert runtime.defined_names(name)


@pytest.mark.parametrize("name", runtime.MODULES)
def test_defined_names_read_from_lines_are_the_module_asts(name: str) -> None:
    """``defined_names`` reads top-level statements from the lines (no parse in a run): it
    must name exactly what the module's AST binds at top level."""
    bound: set[str] = set()
    for node in ast.parse(runtime.module_source(name)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound.update(
                e.id for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t]) if isinstance(e, ast.Name)
            )
    assert runtime.defined_names(name) == bound


@pytest.mark.parametrize("name", runtime.MODULES)
def test_runtime_binds_no_name_a_generated_module_would_import(name: str) -> None:
    """A generated module imports every name its code loads that render knows a source
    for (``render._SOURCES``): a local variable or argument of the runtime named so
    (``fields``) would add an unused import to every module that inlines it (ruff F401)."""
    from generator.imports import SOURCES as _SOURCES

    tree = ast.parse(runtime.inlined(name))
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    bound |= {
        a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in (*n.posonlyargs, *n.args, *n.kwonlyargs)
    }
    assert not bound & set(_SOURCES), f"rename these in generator/runtime/{name}.py"


TOOL_CALL_WITHOUT_ARGUMENTS = {
    "id": "a",
    "object": "chat.completion.chunk",
    "created": 1,
    "model": "m",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "delta": {"tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {"name": "f"}}]},
        }
    ],
}


def _tool_call(response: Any) -> Any:
    """The first tool call of a response of any style, as plain data."""
    call = response["choices"][0]["message"]["tool_calls"][0] if isinstance(response, dict) else None
    if call is None:
        call = response.choices[0].message.tool_calls[0]
        if hasattr(call, "model_dump"):
            return call.model_dump(exclude_unset=True)
        return call.to_dict() if hasattr(call, "to_dict") else call  # a union's item built leniently stays data
    return call


@pytest.mark.slow
def test_self_contained_modules_merge_as_the_modules_importing_the_runtime(
    tmp_path: Path, openai_modules: dict[str, Any]
) -> None:
    """``--runtime inline``: each module holds the runtime it needs (it imports nothing of
    gen-models') and merges as the default modules, which import the runtime package."""
    inline_modules = generate_modules(CHAT_SPEC, tmp_path, runtime_package=False)
    assert not (tmp_path / runtime.PACKAGE).exists()
    chunks = recorded_chunks(next(p for p in RECORDED if p.name == "openai-python-parallel_tools.sse"))
    for style in STYLES:
        text = (tmp_path / f"openai_{style}.py").read_text(encoding="utf-8")
        assert "class _Merger" in text and runtime.PACKAGE not in text.split('"""', 2)[2]
        inline, shared = (
            inline_modules[style].CreateChatCompletionStreamResponseAccumulator(),
            openai_modules[style].CreateChatCompletionStreamResponseAccumulator(),
        )
        for chunk in chunks:
            shared.add(chunk)
            inline.add(chunk)
        assert shared.snapshot_dict() == inline.snapshot_dict()
        # a response built despite drift (a tool call without arguments): the lenient
        # build reads annotations that name the module's aliases
        drifted = [
            m.CreateChatCompletionStreamResponseAccumulator() for m in (inline_modules[style], openai_modules[style])
        ]
        for acc in drifted:
            acc.add({**TOOL_CALL_WITHOUT_ARGUMENTS})
        results = [acc.to_response() for acc in drifted]
        assert [a.kind for a in drifted[0].anomalies] == [a.kind for a in drifted[1].anomalies] == ["schema_drift"]
        inline_call, shared_call = (_tool_call(r) for r in results)
        assert shared_call == inline_call and shared_call["function"]["name"] == "f", style


def test_lenient_pydantic_builds_what_does_not_validate() -> None:
    pydantic = pytest.importorskip("pydantic")
    from generator.runtime.pydantic_results import _construct

    class Usage(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(extra="allow", strict=True)
        input_tokens: int
        cached: int  # required; servers omit it

    class Answer(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(extra="allow", strict=True)
        id: str
        usage: Usage | None = None
        parts: list[Usage] = pydantic.Field(default_factory=list)

    data = {
        "id": "a",
        "usage": {"input_tokens": 3},
        "parts": [{"input_tokens": 1, "cached": 0}, {"input_tokens": "x"}],
        "more": 1,
    }
    with pytest.raises(pydantic.ValidationError):
        Answer.model_validate(data)
    problems: list[tuple[tuple[str | int, ...], str]] = []
    built = _construct(Answer, data, (), problems)
    # every place that does not fit, with its path: missing, or left out of the typed result
    assert problems == [
        (("usage", "cached"), "missing"),
        (("parts", 1, "input_tokens"), "left"),
        (("parts", 1, "cached"), "missing"),
    ]
    assert built.id == "a" and built.usage.input_tokens == 3 and built.model_extra == {"more": 1}
    assert isinstance(built.usage, Usage) and built.usage.cached is None  # missing reads as None,
    assert "cached" not in built.usage.model_fields_set  # but was never set
    # a value its annotation denies is never smuggled into the typed field: left out (None)
    assert built.parts[0] == Usage(input_tokens=1, cached=0) and built.parts[1].input_tokens is None


def test_another_librarys_dataclass_chunk_is_read_by_its_fields_that_are_set() -> None:
    @dataclasses.dataclass
    class Call:
        index: int
        args: str | None = None
        name: str | None = None

    @dataclasses.dataclass
    class Chunk:
        calls: list[Call]
        extra: str | None = None

    data, acc = _fold([Chunk([Call(0, "{", "f")]), Chunk([Call(0, "}")])])
    assert data == {"calls": [{"index": 0, "id": None, "name": "f", "args": "{}"}]}  # no "extra": None
    assert acc.anomalies == []


def test_model_data_reads_pydantic_models_by_their_set_fields_with_wire_names() -> None:
    from pydantic import BaseModel, ConfigDict, Field

    class Inner(BaseModel):
        model_config = ConfigDict(extra="allow")
        text: str | None = None

    class Outer(BaseModel):
        model_config = ConfigDict(extra="allow", populate_by_name=True)
        kind: str | None = Field(default=None, alias="type")
        inner: Inner | None = None
        items: list[Inner] = []
        unset: int | None = None

    model = Outer.model_validate({"type": "t", "inner": {"text": "a", "x": 1}, "items": [{}], "extra": [1]})
    expected = model.model_dump(by_alias=True, exclude_unset=True)
    assert expected == {"type": "t", "inner": {"text": "a", "x": 1}, "items": [{}], "extra": [1]}
    assert _model_data(model) == expected  # by pydantic-core's serializer, decided once for the class
    assert _model_data(Outer(inner=None)) == {"inner": None}  # set to null: read as sent

    class Custom(Outer):
        def model_dump(self, **kwargs: Any) -> dict[str, Any]:  # type: ignore[override]
            return {"custom": kwargs == {"by_alias": True, "exclude_unset": True}}

    assert _model_data(Custom()) == {"custom": True}  # a class's own model_dump is respected


def test_model_data_reads_another_librarys_dataclass_by_fields_without_copying_leaves() -> None:
    import threading

    @dataclasses.dataclass
    class Function:
        name: str | None = None
        arguments: str | None = None

    @dataclasses.dataclass
    class Call:
        index: int
        function: Function
        id: str | None = None
        pair: tuple[int, int] = (1, 2)
        handle: Any = None

    lock = threading.Lock()  # asdict would try to deep-copy it (and fail)
    data = _model_data(Call(index=0, function=Function(arguments="{"), handle=lock))
    assert data == {"index": 0, "function": {"arguments": "{"}, "pair": [1, 2], "handle": lock}
    assert data["handle"] is lock


def test_add_reads_typed_chunks_as_their_dicts() -> None:
    """A class read once is read the same way by ``add`` afterwards (the per-class reader),
    and a reader that gives no object falls back to ``decode``, which reports it."""

    class Chunk:
        def __init__(self, data: Any) -> None:
            self.data = data

        def to_dict(self) -> Any:
            return self.data

    acc = _ChunkAccumulator(_Root(""), strict=False)
    acc.add(Chunk({"calls": [{"index": 0, "args": "a"}]}))
    acc.add(Chunk({"calls": [{"index": 0, "args": "b"}]}))
    acc.add(Chunk([1]))
    assert acc.snapshot_dict()["calls"][0]["args"] == "ab"
    assert [a.kind for a in acc.anomalies] == ["not_object"]


def test_modules_of_several_specs_share_one_runtime_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runtime package holds the same files whatever spec a run reads (every runtime
    module, a header that names no spec): a chat module and a models-only module written
    into one directory both import, and neither run makes the other's outputs stale
    (``--check`` stays 0). An ``__init__.py`` the directory has is kept as it is."""
    from generator.cli import main

    monkeypatch.chdir(tmp_path)
    package = tmp_path / "pk"
    package.mkdir()
    (package / "__init__.py").write_text("# mine\n", encoding="utf-8")
    runs = [
        [str(CHAT_SPEC), "--module", "chat"],
        [str(ROOT / "tests" / "specs" / "nullable_31.json"), "--module", "other", "--style", "pydantic"],
    ]
    for run in runs:
        assert main([*run, "-o", "pk", "-q"]) == 0
    shared = package / runtime.PACKAGE
    files = {p.name: p.read_text(encoding="utf-8") for p in shared.iterdir() if p.suffix == ".py"}
    assert {"events.py", "merge.py", "pydantic_results.py"} <= set(files)
    assert not any("Source:" in text for text in files.values())
    for run in runs:
        assert main([*run, "-o", "pk", "-q", "--check"]) == 0
    assert {p.name: p.read_text(encoding="utf-8") for p in shared.iterdir() if p.suffix == ".py"} == files
    assert (package / "__init__.py").read_text(encoding="utf-8") == "# mine\n"
    sys.path.insert(0, str(tmp_path))
    try:
        for name in ("pk.chat_pydantic", "pk.chat_dataclass", "pk.other_pydantic"):
            importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "pk" or n.startswith("pk.")]:
            del sys.modules[name]


@pytest.mark.slow
def test_a_directory_without_init_becomes_a_package_and_an_edited_runtime_file_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run writes ``__init__.py`` where the output directory has none (the modules import
    their runtime relatively); a runtime file edited by hand makes ``--check`` fail and the
    next run puts it back."""
    from generator.cli import main

    monkeypatch.chdir(tmp_path)
    assert main([str(CHAT_SPEC), "-o", "out", "--style", "typeddict", "-q"]) == 0
    assert (tmp_path / "out" / "__init__.py").is_file()
    merge = tmp_path / "out" / runtime.PACKAGE / "merge.py"
    original = merge.read_text(encoding="utf-8")
    merge.write_text(original + "# edited\n", encoding="utf-8")
    assert main([str(CHAT_SPEC), "-o", "out", "--style", "typeddict", "-q", "--check"]) == 1
    assert main([str(CHAT_SPEC), "-o", "out", "--style", "typeddict", "-q"]) == 0
    assert merge.read_text(encoding="utf-8") == original


def test_needed_lays_out_the_parsers_of_the_style_and_only_what_the_module_uses() -> None:
    """``needed``: a style whose parsers are functions gets ``parsing`` and its own variant;
    lenient results only where the module has an accumulator."""
    bare = runtime.needed(chunks=False, events=False, pydantic=False, parsing="typeddict")
    assert bare == ("parsing", "parsing_typeddict", "sse")
    full = runtime.needed(chunks=True, events=True, pydantic=False, parsing="dataclass")
    assert {"parsing_dataclass", "lenient", "typed", "keyed", "response", "event_ops"} <= set(full)
    assert "parsing_typeddict" not in full
    assert list(full) == [name for name in runtime.MODULES if name in full]  # layout order
    assert "sse" not in runtime.needed(chunks=False, events=False, pydantic=True, streams=False)


def test_runtime_modules_import_only_modules_laid_out_before_them_for_their_bases() -> None:
    """A class's bases are defined before it in a generated module: a base from another
    runtime module comes from one laid out earlier."""
    order = {name: i for i, name in enumerate(runtime.MODULES)}
    for name in runtime.MODULES:
        tree = ast.parse((ROOT / "generator" / "runtime" / f"{name}.py").read_text(encoding="utf-8"))
        imported = {
            alias.name: node.module
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.level == 1
            for alias in node.names
        }
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            for base in (b.id for b in cls.bases if isinstance(b, ast.Name) and b.id in imported):
                assert order[imported[base]] < order[name], f"{name}.{cls.name}: base {base}"


def test_pep695_inlining_gives_generic_functions_type_parameters() -> None:
    """For a 3.12+ target the parsers' generics are PEP 695 (ruff's UP047 asks for them);
    the runtime itself, written for 3.10, keeps its ``TypeVar``."""
    text = runtime.inlined("parsing", target=(3, 12))
    assert "TypeVar" not in text and "_T" not in text
    assert "def _nullable[T](parse: Callable[[Any], T]) -> Callable[[Any], T | None]:" in text
    assert "return cast(T, None)" in text
    assert "def _list_of[T](" in runtime.inlined("parsing_typeddict", target=(3, 12))
    assert "class _Checks[T]:" in runtime.inlined("parsing_typeddict", target=(3, 12))
    assert "def _built_anyway[T](" in runtime.inlined("lenient", target=(3, 12))
    assert runtime.inlined("merge", target=(3, 12)) == runtime.inlined("merge")
    ast.parse(runtime.inlined("parsing"))  # the 3.10 form as it is


def test_parsers_build_values_in_the_dataclass_style_and_return_their_input_in_typeddict() -> None:
    from generator.runtime import parsing, parsing_dataclass, parsing_typeddict

    items = [{"a": 1}]
    assert parsing_typeddict._list_of(parsing._object)(items) is items
    built = parsing_dataclass._list_of(parsing._object)(items)
    assert built == items and built is not items
    assert parsing_dataclass._float(1) == 1.0 and type(parsing_dataclass._float(1)) is float
    assert type(parsing_typeddict._float(1)) is int
    pair = [1, "x"]
    assert parsing_dataclass._tuple_of((parsing._int, parsing._str), None, 2)(pair) == (1, "x")
    # a list read by position is a tuple in TypedDict too (issue 27): a list of them gets it
    # in place, a tuple (an earlier parse's) reads again
    parse_pair = parsing_typeddict._tuple_of((parsing._int, parsing._str), None, 2)
    assert parse_pair(pair) == (1, "x") and parse_pair((1, "x")) == (1, "x")
    pairs = [pair, [2, "y"]]
    assert parsing_typeddict._list_of(parse_pair)(pairs) is pairs and pairs == [(1, "x"), (2, "y")]
    with pytest.raises(parsing.ParseError) as caught:
        parsing_typeddict._list_of(parsing._map_of(parsing._int))([{"a": 1}, {"b": "x"}])
    assert caught.value.where == "[1].b"


def test_dataclass_tables_read_each_kind_of_field_and_write_it_back() -> None:
    """``_from_dict`` and ``_Dataclass.to_dict`` by a ``_Fields`` table, as a generated
    dataclass uses them: a required field (its fast type as it is, else its parser), a
    required nullable one (``null`` without the parser, absent refused), an optional one
    (absent and ``null`` as None, left out again), a model written back through ``_dump``, a
    ``null``-only field written back when sent, typed and untyped unknown fields, in the
    order they came; a misfit names its field."""
    from generator.runtime import parsing
    from generator.runtime import parsing_dataclass as pd
    from generator.runtime.dataclass_models import _Dataclass

    @dataclasses.dataclass(kw_only=True, slots=True)
    class Inner(_Dataclass):
        n: float
        extra_fields: dict[str, Any] = dataclasses.field(default_factory=dict)

        @classmethod
        def from_dict(cls, data: Any) -> Inner:
            return pd._from_dict(cls, cls._fields, data)

    @dataclasses.dataclass(kw_only=True, slots=True)
    class Outer(_Dataclass):
        id: str
        reason: str | None
        inner: Inner | None = None
        gone: None = None
        extra_fields: dict[str, Any] = dataclasses.field(default_factory=dict)
        null_fields: frozenset[str] = frozenset()

    Inner._fields = pd._Fields(
        _extra_fields=lambda d: pd._extras(d, frozenset({"n"}), parsing._int),
        n=pd._Field("n", pd._float, fast=float),
    )
    Outer._fields = pd._Fields(
        id=pd._Field("id", parsing._str, fast=str),
        reason=pd._Field("reason", parsing._nullable(parsing._str), fast=str, nullable=True),
        inner=pd._Field("inner", Inner.from_dict, optional=True, dump=True),
        gone=pd._Field("gone", parsing._null, optional=True, null_only=True),
    )
    assert not hasattr(Outer(id="a", reason=None), "__dict__")  # still slotted
    data = {"id": "a", "reason": None, "inner": {"n": 1, "k": 2}, "gone": None, "new": [1]}
    built = pd._from_dict(Outer, Outer._fields, data)
    assert built == Outer(
        id="a",
        reason=None,
        inner=Inner(n=1.0, extra_fields={"k": 2}),
        extra_fields={"new": [1]},
        null_fields=frozenset({"gone"}),
    )
    assert built.inner is not None and type(built.inner.n) is float
    assert built.to_dict() == data
    assert list(built.to_dict()) == ["id", "reason", "inner", "gone", "new"]
    sparse = pd._from_dict(Outer, Outer._fields, {"id": "b", "reason": "r", "inner": None})
    assert (sparse.inner, sparse.null_fields) == (None, frozenset())
    assert sparse.to_dict() == {"id": "b", "reason": "r"}
    for bad, where, message in (
        ({"reason": None}, "id", "required field is missing"),
        ({"id": "a"}, "reason", "required field is missing"),
        ({"id": 1, "reason": None}, "id", "expected a string, got an integer"),
        ({"id": "a", "reason": None, "inner": {"n": "x"}}, "inner.n", "expected a number, got a string"),
        ({"id": "a", "reason": None, "inner": {"n": 1, "k": "x"}}, "inner.k", "expected an integer, got a string"),
        ({"id": "a", "reason": None, "gone": 0}, "gone", "expected null, got an integer"),
    ):
        with pytest.raises(parsing.ParseError) as caught:
            pd._from_dict(Outer, Outer._fields, bad)
        assert (caught.value.where, caught.value.message) == (where, message)


def test_typeddict_tables_compile_to_the_checks_of_their_keys_called_one_by_one() -> None:
    """A TypedDict's ``_Checks`` table, compiled (``_checking``), does what calling each key's
    parser through ``_req``/``_opt`` does, key by key (``_put`` for a tuple, the typed
    extras last): the same object back, the same errors with the same paths, the same
    tuples put in place, and in a lenient build the same places kept; with a model and a
    list of models checked by their own tables, which may be named before they are set."""
    import copy

    from generator.runtime import lenient, parsing, parsing_typeddict
    from generator.runtime import parsing_typeddict as pt

    class Inner(dict[str, Any]):  # stands for a TypedDict class: only its name is read
        pass

    class Outer(dict[str, Any]):
        pass

    inner, outer = pt._Checks(Inner), pt._Checks(Outer)
    pair = parsing_typeddict._tuple_of((parsing._str, parsing._int), None, 2)
    keys = (
        pt._Key("id", parsing._str, fast=str),
        pt._Key("reason", parsing._nullable(parsing._str), fast=str, nullable=True),
        pt._Key("n", parsing._int, fast=int, optional=True),
        pt._Key("tags", pt._list_of(parsing._str), items=str),
        pt._Key("ids", parsing._nullable(pt._list_of(parsing._int)), items=int, nullable=True),
        pt._Key("inner", inner),
        pt._Key("maybe", parsing._nullable(inner), optional=True),
        pt._Key("inners", pt._list_of(inner), optional=True),
        pt._Key("pair", pair, optional=True, put=True),
        pt._Key("any", parsing._map_of(parsing._int), optional=True),
    )
    outer.keys, outer.extras = keys, lambda d: parsing._map_of(parsing._bool)(
        {k: v for k, v in d.items() if k not in {key.wire for key in keys}}
    )
    inner.keys = (pt._Key("k", parsing._int, fast=int),)

    def reference(d: Any) -> Any:
        d = parsing._object(d)
        for key in keys:
            call = parsing._opt if key.optional else parsing._req
            value = call(d, key.wire, inner if key.parse is inner else key.parse)
            if key.put:
                _put(d, key.wire, value)
        assert outer.extras is not None
        outer.extras(d)
        return d

    def leniently(parse: Any, data: Any) -> Any:  # the result and the paths of the places kept
        state = parsing._Leniency()
        token = parsing._LENIENT.set(state)
        try:
            return parse(data), lenient._place_paths(data, state.places)
        except parsing.ParseError as exc:
            return (exc.where, exc.message)
        finally:
            parsing._LENIENT.reset(token)

    good = {"id": "a", "reason": None, "tags": ["x"], "ids": None, "inner": {"k": 1}}
    cases: list[Any] = [
        good,
        {**good, "n": None, "ids": [1, 2], "maybe": None, "inners": [{"k": 1}, {"k": 2}], "pair": ["p", 1]},
        {**good, "maybe": {"k": 3}, "pair": None, "any": {"a": 1}, "flag": True},
        {**good, "id": 1},
        {**good, "reason": 2},
        {k: v for k, v in good.items() if k != "reason"},
        {k: v for k, v in good.items() if k != "inner"},
        {**good, "inner": None},
        {**good, "inner": {"k": "x"}},
        {**good, "maybe": {"k": None}},
        {**good, "inners": [{"k": 1}, {"k": "x"}]},
        {**good, "inners": {"k": 1}},
        {**good, "tags": ["x", 1]},
        {**good, "tags": None},
        {**good, "ids": [1, "2"]},
        {**good, "n": True},
        {**good, "pair": ["p", "q"]},
        {**good, "flag": 1},
        {**good, "inner": {"k": "x"}, "inners": [3], "id": None, "pair": ["p", "q"], "any": {"a": "b"}},
        [good],
    ]
    for case in cases:
        expected, got = copy.deepcopy(case), copy.deepcopy(case)
        try:
            want: Any = reference(expected)
        except parsing.ParseError as exc:
            want = (exc.where, exc.message)
        try:
            result: Any = outer(got)
            assert result is got
        except parsing.ParseError as exc:
            result = (exc.where, exc.message)
        assert (result, got) == (want if isinstance(want, tuple) else got, expected), case
        expected, got = copy.deepcopy(case), copy.deepcopy(case)
        assert leniently(outer, got) == leniently(reference, expected), case
        assert got == expected
    assert outer.parse.__code__.co_filename == "<checks of Outer>"  # compiled once, on first use
    assert pt._Checks(Outer).parse.__func__ is pt._Checks._first  # type: ignore[attr-defined]


def test_built_anyway_reports_drift_once_and_reads_missing_required_fields_as_absent() -> None:
    from generator.runtime import lenient, parsing

    def parse(data: Any) -> dict[str, Any]:
        return {"id": parsing._req(data, "id", parsing._str), "n": parsing._opt(data, "n", parsing._int)}

    class Acc:
        def __init__(self) -> None:
            self.strict = False
            self.drifts: list[tuple[str, str]] = []

        def drift(self, path: str, message: str) -> None:
            self.drifts.append((path, message))

    acc = Acc()
    assert lenient._built_anyway(parse, {"n": 2}, acc) == {"id": None, "n": 2}
    assert acc.drifts == [("id", "a required field is missing: built without it")]
    acc.drifts.clear()  # a value of another type: left out, reported with its path (every place)
    assert lenient._built_anyway(parse, {"id": 5, "n": "x"}, acc) == {"id": None, "n": None}
    left = "does not fit its schema: left out of the typed result (snapshot_dict() has it)"
    assert acc.drifts == [("id", left), ("n", left)]
    acc.strict = True
    with pytest.raises(parsing.ParseError):
        lenient._built_anyway(parse, {}, acc)


def test_no_two_runtime_modules_define_one_name() -> None:
    """Inlined together (``--runtime inline``), a name two runtime modules define would
    silently be the later one (the chunk merge's ``_JsonText`` and the event fold's JSON
    buffer once were); the modules of different styles never meet."""
    import ast

    from generator import runtime_files as runtime

    seen: dict[str, str] = {}
    clashes = []
    # each style's own modules never meet another style's: they may share names among them
    styles = {*runtime.BLOCKS["parsing"], *(m for names in runtime.STYLE_MODULES.values() for m in names)}
    for module in runtime.MODULES:
        tree = ast.parse(runtime.module_source(module))
        for node in tree.body:
            names = (
                [node.name]
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                else [
                    t.id for t in getattr(node, "targets", [getattr(node, "target", None)]) if isinstance(t, ast.Name)
                ]
            )
            for name in names:
                other = seen.get(name)
                if other is not None and other != module and not (other in styles and module in styles):
                    clashes.append(f"{name}: {other} and {module}")
                seen.setdefault(name, module)
    assert not clashes


def test_pattern_extras_check_each_key_by_every_pattern_it_matches() -> None:
    """``patterns`` (issue 27): a key by every pattern it matches, else by the rest, else
    refused when closed; the error names the key."""
    from generator.runtime.parsing import ParseError
    from generator.runtime.patterns import _pattern_extras

    def integer(value: Any) -> Any:
        if type(value) is not int:
            raise ParseError("expected an integer")
        return value * 10  # a parser builds: the first matching pattern's value is kept

    def text(value: Any) -> Any:
        if type(value) is not str:
            raise ParseError("expected a string")
        return value

    known = frozenset({"name"})
    patterns = (("^n_", integer), ("count$", integer), ("^x-", text))
    data = {"name": 1, "n_count": 2, "x-a": "s", "other": [1]}
    assert _pattern_extras(data, known, patterns, None, False) == {"n_count": 20, "x-a": "s", "other": [1]}
    with pytest.raises(ParseError, match="other"):
        _pattern_extras(data, known, patterns, text, False)
    with pytest.raises(ParseError, match="^other: not allowed"):
        _pattern_extras(data, known, patterns, None, True)
    with pytest.raises(ParseError, match="^x-count: expected"):  # ^x- and count$ both apply
        _pattern_extras({"x-count": "s"}, known, patterns, None, False)


def test_pydantic_by_pattern_validates_extras_again_by_key() -> None:
    from pydantic import BaseModel, ConfigDict

    from generator.runtime.pydantic_patterns import _by_pattern

    class Open(BaseModel):
        model_config = ConfigDict(extra="allow", strict=True)

    rules = (("^x-", str), ("^n_", int)), bool, False
    model = Open.model_validate({"x-a": "s", "n_b": 1, "flag": True})
    _by_pattern(model, {"x-a": "s", "n_b": 1, "flag": True}, lambda: rules)
    for bad in ({"x-a": 1}, {"n_b": True}, {"flag": 1}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            _by_pattern(Open.model_validate(bad), bad, lambda: rules)


def test_msgspec_by_key_checks_each_extra_key() -> None:
    import msgspec

    from generator.runtime.msgspec_models import _ByKey

    check = _ByKey((("^x-", str), ("^n_", int)), None, True)
    assert check.checked("x-a", "s", "$.x-a") == "s"
    assert check.checked("n_b", 3, "$.n_b") == 3
    with pytest.raises(msgspec.ValidationError, match="n_b"):
        check.checked("n_b", "3", "$.n_b")
    with pytest.raises(msgspec.ValidationError, match="not allowed"):
        check.checked("other", 1, "$.other")
    assert _ByKey((), bool, False).checked("any", True, "$.any") is True


def test_a_typeddict_result_built_anyway_has_its_tuples_and_each_place_that_does_not_fit_left_out() -> None:
    """Issue 27: a TypedDict's lenient result is the data with the tuples its parsers put in
    place (``prefixItems``); issue 41: each place that does not fit left out (a key out of its
    object, an item out of its list: no value its annotation denies, no marker left), a
    missing required field left out."""
    from generator.runtime import lenient, parsing, parsing_typeddict

    pair = parsing_typeddict._tuple_of((parsing._str, parsing._int), None, 2)

    def leaf(data: Any) -> Any:
        d = parsing._object(data)
        parsing._req(d, "n", parsing._int)
        return d

    def parse(data: Any) -> Any:
        d = parsing._object(data)
        _put(d, "bad", parsing._opt(d, "bad", pair))
        _put(d, "good", parsing._opt(d, "good", pair))
        parsing._opt(d, "leaves", parsing_typeddict._list_of(leaf))
        _put(d, "pairs", parsing._opt(d, "pairs", parsing_typeddict._list_of(pair)))
        return d

    class Acc:
        strict = False

        def __init__(self) -> None:
            self.drifts: list[str] = []

        def drift(self, path: str, message: str) -> None:
            self.drifts.append(path)

    acc = Acc()
    data = {"bad": ["a", "b"], "good": ["a", 1], "leaves": [{"n": 1}, {}], "pairs": [["x", 1], ["y", "z"]]}
    built = lenient._built_anyway(parse, data, acc)
    assert built == {"good": ("a", 1), "leaves": [{"n": 1}, {}], "pairs": [("x", 1)]}
    assert type(built["good"]) is tuple and type(built["pairs"][0]) is tuple
    assert acc.drifts == ["bad", "leaves[1].n", "pairs[1]"]


def _record_pair() -> tuple[type, type]:
    """One model as ``@dataclass`` writes it and as a generated dataclass-style module does
    (on ``_Dataclass``, ``repr=False, eq=False``): the same name, fields and defaults."""
    from generator.runtime.dataclass_models import _Dataclass

    def make(base: tuple[type, ...], **flags: bool) -> type:
        namespace: dict[str, Any] = {
            "__annotations__": {"text": "str", "size": "float | None", "items": "list[Any]", "hidden": "int"},
            "size": None,
            "items": dataclasses.field(default_factory=list),
            "hidden": dataclasses.field(default=0, repr=False, compare=False),
        }
        cls = type("Delta", base, namespace)
        cls.__qualname__ = "Outer.Delta"
        return dataclasses.dataclass(kw_only=True, slots=True, **flags)(cls)

    return make(()), make((_Dataclass,), repr=False, eq=False)


def test_record_base_reprs_and_compares_as_dataclass_does() -> None:
    """``_Dataclass`` (the dataclass style's model base) gives ``__repr__``, ``__eq__`` and
    ``__hash__`` equal to those ``@dataclass`` writes per class: the qualified name and the
    fields shown (``repr=False`` left out), ``...`` for a model inside itself, equality by
    the compared fields of the same class only (NaN as a tuple compares it), unhashable."""
    stdlib, record = _record_pair()
    nan = float("nan")
    cases = [
        {"text": "a"},
        {"text": "a", "size": 1.5, "items": [1, {"k": "v"}], "hidden": 3},
        {"text": "", "size": nan, "items": [nan]},
    ]
    for kwargs in cases:
        assert repr(record(**kwargs)) == repr(stdlib(**kwargs))
        for other in cases:
            assert (record(**kwargs) == record(**other)) == (stdlib(**kwargs) == stdlib(**other))
        same, stdlib_same = record(**kwargs), stdlib(**kwargs)
        assert same.__eq__(same) == stdlib_same.__eq__(stdlib_same)  # NaN fields too
    assert record(text="a", hidden=1) == record(text="a", hidden=2)  # compare=False is not compared
    assert record(text="a").__eq__(stdlib(text="a")) is NotImplemented
    assert record(text="a") != stdlib(text="a")
    looped, looped_stdlib = record(text="x"), stdlib(text="x")
    looped.items.append(looped)
    looped_stdlib.items.append(looped_stdlib)
    assert repr(looped) == repr(looped_stdlib) == "Outer.Delta(text='x', size=None, items=[...])"
    for cls in (record, stdlib):
        with pytest.raises(TypeError, match="unhashable"):
            hash(cls(text="a"))
    assert [f.name for f in dataclasses.fields(record)] == [f.name for f in dataclasses.fields(stdlib)]


@pytest.mark.parametrize("name", runtime.MODULES)
def test_every_name_a_runtime_module_imports_is_one_an_inlined_module_can_import(name: str) -> None:
    """``--runtime inline`` drops each runtime module's imports and imports what the module loads by
    ``imports.import_lines``: a name it does not know (``functools`` once) left the inlined module with
    an undefined name, caught only by the slow mypy and ruff tests of generated modules."""
    from generator.imports import import_lines

    tree = ast.parse(runtime.module_source(name))
    imports = [n for n in tree.body if isinstance(n, ast.Import) or (isinstance(n, ast.ImportFrom) and n.level == 0)]
    used = {a.asname or a.name for n in imports if getattr(n, "module", "") != "__future__" for a in n.names}
    bound: dict[str, Any] = {}
    exec("\n".join(import_lines((3, 10), used)), bound)  # noqa: S102 - import lines gen-models wrote
    assert sorted(used - bound.keys()) == []
