"""Words: how text from a spec becomes a Python name (a class, an attribute, snake case), and
the names a generated module keeps for itself (``MODULE_NAMES``, ``RESERVED_ATTRIBUTES``)."""

from __future__ import annotations

import builtins
import keyword
import re
import unicodedata
from collections.abc import Iterable

from ..imports import SOURCES

#: Names a generated module defines or imports at module level (``imports.SOURCES``, version-dependent
#: ones, the runtime's public names, modules), and builtins: no class name may shadow them.
MODULE_NAMES = (
    frozenset(dir(builtins))
    | frozenset(SOURCES)
    | {"TypedDict", "NotRequired", "TypeAliasType", "Required", "Self", "Sequence", "annotations"}
    | {"Anomaly", "ParseError", "ServerSentEvent", "StreamError", "StreamFormatError", "StreamMergeError"}
    | {"dataclasses", "json", "pydantic", "sys"}
)

#: Attribute names no field may take in any style: names annotations use (a field ``str`` would
#: shadow the type below it), dataclass helpers, and pydantic's ``BaseModel`` namespace.
RESERVED_ATTRIBUTES = frozenset(
    [
        "Any",
        "Annotated",
        "Literal",
        "NotRequired",
        "Required",
        "None",
        "True",
        "False",
        "bool",
        "dict",
        "float",
        "int",
        "list",
        "str",
        "classmethod",
        "staticmethod",
        "property",
        "field",
        "self",
        "Field",
        "Tag",
        "Discriminator",
        "from_dict",
        "to_dict",
        "extra_fields",
        "null_fields",
        "construct",
        "copy",
        "json",
        "parse_file",
        "parse_obj",
        "parse_raw",
        "schema",
        "schema_json",
        "update_forward_refs",
        "validate",
        "from_orm",
        "model_config",
        "model_fields",
        "model_extra",
        "model_fields_set",
        "model_computed_fields",
        "model_construct",
        "model_copy",
        "model_dump",
        "model_dump_json",
        "model_json_schema",
        "model_parametrized_name",
        "model_post_init",
        "model_rebuild",
        "model_validate",
        "model_validate_json",
        "model_validate_strings",
    ]
)

_WORD = re.compile(r"[^\W_]+")  # letters and digits, of any script
_NON_NAME_ASCII = re.compile(r"[^A-Za-z0-9_]")


def name_chars(text: str) -> str:
    """A name's characters: Latin letters lose accents (``Ünï`` → ``Uni``), other scripts' letters and
    digits are kept (PEP 3131), anything else becomes ``_``; in NFKC form, as Python reads names."""
    if text.isascii():  # NFKD and NFKC keep ASCII as it is
        return _NON_NAME_ASCII.sub("_", text)
    out = []
    for c in text:
        base = "".join(d for d in unicodedata.normalize("NFKD", c) if not unicodedata.combining(d))
        if base.isascii():
            out.append("".join(b if (b.isalnum() or b == "_") else "_" for b in base))
        else:
            out.append(c if ("a" + c).isidentifier() else "_")
    return unicodedata.normalize("NFKC", "".join(out))


def class_name(spec_name: str) -> str:
    """PascalCase class name from a schema name (``foo.bar-baz`` → ``FooBarBaz``, ``JSONSchema`` kept);
    a leading digit gets the prefix ``Model``, a name the module uses itself the suffix ``Model``."""
    name = pascal_word(spec_name) or "Model"
    if name[0].isdigit():
        name = "Model" + name
    if not name.isidentifier():
        name = "Model"
    if name in MODULE_NAMES or keyword.iskeyword(name):
        name += "Model"
    return name


def pascal_word(text: str) -> str:
    """One path segment as a PascalCase word (``tool_calls`` → ``ToolCalls``)."""
    words = _WORD.findall(name_chars(text).replace("_", " "))
    word = unicodedata.normalize("NFKC", "".join(w[:1].upper() + w[1:] for w in words))
    return word if ("A" + word).isidentifier() else ""


def singular(word: str) -> str:
    """English singular of a PascalCase plural (``Entries`` → ``Entry``); ``""`` when not a plural."""
    lower = word.lower()
    if lower.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if lower.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if lower.endswith("s") and not lower.endswith(("ss", "us", "is")) and len(word) > 1:
        return word[:-1]
    return ""


def attribute_name(wire_name: str, taken: set[str]) -> str:
    """A Python attribute name for a property, unique within ``taken`` (which it joins): characters
    folded (``name_chars``), a leading digit or underscore replaced by ``field_`` (pydantic treats
    ``_x`` as private), then ``_`` appended while it is a keyword, reserved or taken."""
    name = name_chars(wire_name)
    if not name or name[0].isdigit() or name[0] == "_":
        name = "field_" + name.lstrip("_")
    if name == "field_":
        name = "field"
    while keyword.iskeyword(name) or name in RESERVED_ATTRIBUTES or name in taken:
        name += "_"
    taken.add(name)
    return name


def snake_name(name: str) -> str:
    """snake_case of a PascalCase class name, for function names (``parse_<snake>``)."""
    step = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    step = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", step)
    return step.lower()


def _words(text: str) -> str:
    """A parser expression's words: what it parses, without the call syntax."""
    readable = text.replace(".from_dict", "").replace("_P_", "").replace("_parse_", "")
    return re.sub(r"_+", "_", re.sub(r"[^0-9A-Za-z]+", "_", readable)).strip("_")


def _joined(words: Iterable[str]) -> str:
    return "_P_" + "_".join(w for w in words if w)
