"""Names of generated code: parse functions, accumulators, merge-state classes, the hoisted
parsers' constants, and an event union's handlers, slots and locals."""

from __future__ import annotations

import keyword
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ..model import Schemas
from .words import _joined, _words, snake_name


def accumulator_name(root: str) -> str:
    """The accumulator class of a root model."""
    return f"{root}Accumulator"


#: The readers every streaming module has, which a root's own reader must not shadow.
MODULE_READERS = frozenset(("iter_chunks", "iter_chunk_dicts"))


def chunk_reader(root: str, parse_fn: str) -> str:
    """Chunk root ``root``'s typed reader: its parse function's name with ``iter_``, or ``iter_<Root>``
    where that is a reader the module has anyway (a root named ``Chunks``)."""
    name = "iter_" + parse_fn.removeprefix("parse_")
    return f"iter_{root}" if name in MODULE_READERS else name


def parse_functions(names: Iterable[str]) -> dict[str, str]:
    """The public parse function of each class or alias in ``names`` (decided by ``name_schemas``):
    ``parse_<snake_case>``, or ``parse_<ClassName>`` when two would share a snake-case name
    (``HTTPServer`` and ``HttpServer``)."""
    snakes = {name: snake_name(name) for name in dict.fromkeys(names)}
    counts = Counter(snakes.values())
    return {name: f"parse_{name}" if counts[snake] > 1 else f"parse_{snake}" for name, snake in snakes.items()}


def parse_function(schemas: Schemas, name: str) -> str:
    """``name``'s public parse function: ``Schemas.parsers``, else ``parse_functions`` among the roots."""
    return (
        schemas.parsers.get(name)
        or parse_functions([*schemas.roots, *schemas.responses.values(), *schemas.union_roots, name])[name]
    )


class EventNames:
    """The names of one event union's fold: handlers (``_on_<event type>``), slot constants
    (``_<UNION>_<FIELDS>``), dispatch table and accumulator; unique in NFKC form (as Python compares
    identifiers) among ``taken``, which a module's unions share."""

    def __init__(self, union: str, taken: set[str] | None = None) -> None:
        self.prefix = "_" + snake_name(union).upper()
        self.table = f"{self.prefix}_HANDLERS"
        self.accumulator = accumulator_name(union)
        self._union = snake_name(union)
        self._taken: set[str] = set() if taken is None else taken

    def handler(self, tag: str) -> str:
        """``_on_response_output_text_delta`` for ``response.output_text.delta``; with the union's name
        where another union of the module has that event (``_on_messages_stream_events_error``)."""
        name = "_on_" + _event_words(tag).lower()
        if unicodedata.normalize("NFKC", name) in self._taken:
            name = f"_on_{self._union}_{_event_words(tag).lower()}"
        return self._unique(name)

    def slot(self, fields: Sequence[str], item: bool = False, starts_as: str | None = None) -> str:
        """``_<UNION>_OUTPUT_CONTENT_TEXT`` for a slot at ``output[..].content[..].text``; ``..._ITEM`` for
        an ``item`` of a list; ``..._AS_OUTPUT_TEXT`` for one that ``starts_as`` an ``output_text`` part."""
        words = [_event_words(f) for f in fields] + ["item"] * item
        words += ["as", _event_words(starts_as)] if starts_as else []
        return self._unique(f"{self.prefix}_{'_'.join(words).upper()}")

    def _unique(self, name: str) -> str:
        candidate, n = name, 2
        while unicodedata.normalize("NFKC", candidate) in self._taken:
            candidate, n = f"{name}_{n}", n + 1
        self._taken.add(unicodedata.normalize("NFKC", candidate))
        return candidate


def local_name(field: str, taken: Iterable[str]) -> str:
    """A handler's local for the object at ``field``, never ``f``, ``e`` (its parameters) or ``taken``."""
    base = _event_words(field).lower()
    base = f"{base}_" if base in ("f", "e") else base
    candidate, n, used = base, 2, set(taken)
    while candidate in used:
        candidate, n = f"{base}_{n}", n + 1
    return candidate


def _event_words(text: str) -> str:
    """An event type or field as identifier words (``response_output_text_delta``), else ``t_`` first."""
    name = re.sub(r"\W+", "_", unicodedata.normalize("NFKC", text)).strip("_") or "event"
    return name if name.isidentifier() and not keyword.iskeyword(name.lower()) else f"t_{name}"


def response_plan_constant(response: str, root: str | None = None) -> str:
    """The constant holding a root's conversion into ``response``; named for ``root`` if one is given."""
    prefix = f"_{snake_name(root).upper()}" if root else ""
    return f"{prefix}_TO_{snake_name(response).upper()}"


def keys_constant(model: str) -> str:
    """The module constant holding a model's wire names (``_KEYS_ChatMessage``)."""
    return f"_KEYS_{model}"


def model_parser(model: str) -> str:
    """The module-private parser of a model (``_parse_ChatMessage``)."""
    return f"_parse_{model}"


def checker_constant(alias: str) -> str:
    """The msgspec style's named checker of an alias (``_C_Content``)."""
    return f"_C_{alias}"


def keyed_list_names(state_class: str, attr: str) -> tuple[str, str]:
    """The keyed list constant at ``attr`` of ``state_class``: short (``_TOOL_CALLS``), module-level."""
    short = f"_{attr.strip('_').upper()}"
    owner = snake_name(state_class.strip("_").removesuffix("Merge")).upper()
    return short, f"_{owner}{short}"


def state_class_names(nodes: Iterable[Any]) -> dict[int, str]:
    """A class name for each merge-state node (by ``id(node)``, in rendering order): ``_<Model>Merge``,
    else ``_<Model><Context>Merge``, then ``_`` appended until unique."""
    names: dict[int, str] = {}
    for node in nodes:
        name = f"_{node.model.name}Merge"
        if name in names.values():
            name = f"_{node.model.name}{node.context.title()}Merge"
        while name in names.values():
            name += "_"
        names[id(node)] = name
    return names


class ParserNames:
    """Names of one module's hoisted composite parsers, after the kind and each member (``_P_list_of_int``);
    one longer than ``LONGEST`` keeps its first member (``_P_first_of_A_and_12_more``); expressions
    that read alike (tags ``a-b`` and ``a.b``) take ``_2``, ``_3``... in first-use order."""

    LONGEST = 60

    def __init__(self) -> None:
        self.definitions: dict[str, str] = {}  # constant name -> expression, in first-use order
        self._by_expression: dict[str, str] = {}

    def name(self, expression: str, head: Sequence[str], members: Sequence[Sequence[str]]) -> str:
        """The constant for ``expression``: the same expression always gets the same name."""
        if expression in self._by_expression:
            return self._by_expression[expression]
        words = [_words(w) for w in head]
        name = _joined([*words, *(_words(w) for m in members for w in m)])
        if len(name) > self.LONGEST and len(members) > 1:
            name = _joined([*words, *(_words(w) for w in members[0]), f"and_{len(members) - 1}_more"])
        base, n = name, 2
        while name in self.definitions:
            name, n = f"{base}_{n}", n + 1
        self.definitions[name] = expression
        self._by_expression[expression] = name
        return name
