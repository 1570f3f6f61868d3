"""Changes: two spec versions in, what the bump changes for consumers out.

``gen-models changes OLD NEW`` reads both specs as ``gen-models`` would (same roots), compares
the models and marks each change **breaking** or **compatible** for code that reads chunks
with OLD's models:

* a model or field removed: breaking; added: compatible (old models keep it as an extra);
* a type changed: breaking unless a narrowing (``str | int`` to ``str``); an enum and its
  named alias are one type; an enum value added or removed, deprecated set or cleared: compatible;
* optional -> required, nullable -> not: compatible; the reverse breaking when the old model
  would reject the new values;
* a union root (``--schema ResponseStreamEvent``) removed, or a member or tag added to one, or
  a tag moved to another member: breaking (the old parse function rejects or misreads those
  events); a union added, or a member, tag or the discriminator removed: compatible.

Exit status: 0 no change; 1 compatible changes only; 3 at least one breaking change;
2 bad input; 123 an internal error (never 1: a bug must not pass a CI gate).
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from . import errors, pytypes
from .errors import SpecError
from .model import ANY, AliasRef, Array, Enum, Field, Map, Model, ModelRef, Prim, Schemas, Type, UnionType
from .options import Options
from .pipeline import read_spec

EXIT_SAME, EXIT_COMPATIBLE, EXIT_BREAKING = 0, 1, 3  # and errors.EXIT_BAD_INPUT, errors.EXIT_INTERNAL


@dataclass(frozen=True)
class Change:
    """One difference: ``where`` is ``Model`` or ``Model.field`` (wire name)."""

    kind: str
    where: str
    detail: str
    breaking: bool


def compare(old: Schemas, new: Schemas) -> list[Change]:
    """Every change between two readings, in model order (old models first, then new ones)."""
    changes: list[Change] = []
    for kind, before, after in (("model", old.models, new.models), ("union", old.union_roots, new.union_roots)):
        for name in before:
            if name not in after:
                changes.append(Change(f"{kind} removed", name, "", True))
            elif kind == "model":
                changes.extend(_compare_models(old.models[name], new.models[name], old, new))
            else:
                changes.extend(_compare_unions(name, old, new))
        changes += [Change(f"{kind} added", name, "", False) for name in after if name not in before]
    return changes


def _compare_unions(name: str, old: Schemas, new: Schemas) -> list[Change]:
    """A union root's members and tags: a member or tag added is breaking (the old parse
    function rejects such events); removed, compatible."""
    old_members, old_tags = _members(AliasRef(name), old, frozenset())
    new_members, new_tags = _members(AliasRef(name), new, frozenset())
    changes = [Change("union member added", name, m, True) for m in sorted(new_members - old_members)]
    changes += [Change("union member removed", name, m, False) for m in sorted(old_members - new_members)]
    if old_tags and not new_tags:  # dispatch by trying each member now: every tag still parses
        changes.append(Change("union discriminator removed", name, "", False))
        return changes
    for tag, member in sorted(new_tags.items(), key=repr):
        if tag in old_tags and old_tags[tag] != member:  # yesterday's parse picks the other member
            changes.append(Change("union tag moved", name, f"{tag!r}: {old_tags[tag]} -> {member}", True))
        elif tag not in old_tags and member in old_members and old_tags:
            changes.append(Change("union tag added", name, f"{tag!r} -> {member}", True))
    for tag, member in sorted(old_tags.items(), key=repr):
        if tag not in new_tags and member in new_members:
            changes.append(Change("union tag removed", name, f"{tag!r} -> {member}", False))
    return changes


def _members(t: Type, schemas: Schemas, seen: frozenset[str]) -> tuple[set[str], dict[object, str]]:
    """The models (by name) and other shapes a union admits, and its discriminator tags (tag
    -> model name; an outer union's first), through nested unions."""
    if isinstance(t, AliasRef) and t.name in schemas.aliases and t.name not in seen:
        return _members(schemas.aliases[t.name].type, schemas, seen | {t.name})
    if not isinstance(t, UnionType):
        return {t.name if isinstance(t, ModelRef) else _shape(t, schemas)}, {}
    members: set[str] = set()
    tags: dict[object, str] = dict(t.discriminator.mapping) if t.discriminator else {}
    for option in t.options:
        more, nested = _members(option, schemas, seen)
        members |= more
        tags.update((k, v) for k, v in nested.items() if k not in tags)
    return members, tags


def _compare_models(old: Model, new: Model, old_s: Schemas, new_s: Schemas) -> list[Change]:
    changes = _deprecation(old.name, old.deprecated, new.deprecated)
    new_fields = {f.wire_name: f for f in new.fields}
    old_fields = {f.wire_name: f for f in old.fields}
    for f in old.fields:
        where = f"{old.name}.{f.wire_name}"
        if f.wire_name not in new_fields:
            changes.append(Change("field removed", where, _describe(f), True))
        else:
            changes.extend(_compare_fields(where, f, new_fields[f.wire_name], old_s, new_s))
    added = [f for f in new.fields if f.wire_name not in old_fields]
    return changes + [Change("field added", f"{new.name}.{f.wire_name}", _describe(f), False) for f in added]


def _deprecation(where: str, old: bool, new: bool) -> list[Change]:
    return [Change("deprecated " + ("set" if new else "cleared"), where, "", False)] if old != new else []


def _compare_fields(where: str, old: Field, new: Field, old_s: Schemas, new_s: Schemas) -> list[Change]:
    changes = []
    old_shape, new_shape = _shape(old.type, old_s), _shape(new.type, new_s)
    if old_shape != new_shape:
        before, after = pytypes.annotation(old.type, "dataclass"), pytypes.annotation(new.type, "dataclass")
        shown = f"{before} -> {after}" if before != after else f"{before}: {old_shape} -> {new_shape}"
        changes.append(Change("type changed", where, shown, not _fits(new.type, old.type, new_s, old_s)))
    if isinstance(old.type, Enum) and isinstance(new.type, Enum):
        was, now = old.type.values, new.type.values
        changes += [Change("enum value added", where, repr(v), False) for v in now if v not in was]
        changes += [Change("enum value removed", where, repr(v), False) for v in was if v not in now]
    if old.required != new.required:
        detail = "now required" if new.required else "now optional"
        changes.append(Change("required changed", where, detail, old.required and not new.required))
    if old.nullable != new.nullable:
        detail = "now nullable" if new.nullable else "no longer nullable"
        changes.append(Change("nullable changed", where, detail, new.nullable and old.required and new.required))
    return changes + _deprecation(where, old.deprecated, new.deprecated)


def _shape(t: Type, schemas: Schemas) -> str:
    """What a type accepts, for comparison: an enum is its open base types (its values are
    compared apart), an alias what it names."""
    if isinstance(t, Enum):
        return "enum[" + ",".join(t.bases) + "]"
    if isinstance(t, AliasRef) and t.name in schemas.aliases:
        return _shape(schemas.aliases[t.name].type, schemas)
    if isinstance(t, Array):
        return f"list[{_shape(t.item, schemas)}{'|null' if t.item_nullable else ''}]"
    if isinstance(t, Map):
        return f"dict[{_shape(t.value, schemas)}{'|null' if t.value_nullable else ''}]"
    if isinstance(t, UnionType):
        return "|".join(sorted(_shape(o, schemas) for o in t.options))
    return pytypes.annotation(t, "dataclass")


def _fits(new: Type, old: Type, new_s: Schemas, old_s: Schemas) -> bool:
    """True when ``old`` accepts every value of ``new`` (a narrowing), aliases read in their
    own spec's schemas; an enum by its open base types; an integer fits a number."""
    if isinstance(new, AliasRef) and new.name in new_s.aliases:
        return _fits(new_s.aliases[new.name].type, old, new_s, old_s)
    if isinstance(old, AliasRef) and old.name in old_s.aliases:
        return _fits(new, old_s.aliases[old.name].type, new_s, old_s)
    if old == ANY:
        return True
    if isinstance(new, UnionType):
        return all(_fits(o, old, new_s, old_s) for o in new.options)
    if isinstance(old, UnionType):
        return any(_fits(new, o, new_s, old_s) for o in old.options)
    new_kinds, old_kinds = _kinds(new), _kinds(old)
    if new_kinds is not None and old_kinds is not None:
        widened = old_kinds | ({"int"} if "float" in old_kinds else set())
        return new_kinds <= widened
    if isinstance(new, Array) and isinstance(old, Array):
        return (old.item_nullable or not new.item_nullable) and _fits(new.item, old.item, new_s, old_s)
    if isinstance(new, Map) and isinstance(old, Map):
        return (old.value_nullable or not new.value_nullable) and _fits(new.value, old.value, new_s, old_s)
    # a model itself is compared field by field
    return isinstance(new, ModelRef) and isinstance(old, ModelRef) and new.name == old.name


def _kinds(t: Type) -> set[str] | None:
    """The JSON scalar kinds a scalar type accepts (an open enum: its base types)."""
    if isinstance(t, Prim):
        return {t.kind} if t.kind != "any" else None
    return set(t.bases) if isinstance(t, Enum) else None


def _describe(f: Field) -> str:
    kind = "required" if f.required else "optional"
    nullable = ", nullable" if f.nullable else ""
    return f"{kind}{nullable}: {pytypes.annotation(f.type, 'dataclass')}"


def render_text(changes: list[Change]) -> str:
    """One line per change, then a summary line."""
    lines = [
        f"{'BREAKING  ' if c.breaking else 'compatible'}  {c.where}: {c.kind}{f' ({c.detail})' if c.detail else ''}"
        for c in changes
    ]
    breaking = sum(c.breaking for c in changes)
    lines.append(f"{len(changes)} change(s): {breaking} breaking, {len(changes) - breaking} compatible")
    return "\n".join(lines) + "\n"


def exit_status(changes: list[Change]) -> int:
    """0 none, 1 compatible only, 3 at least one breaking."""
    return EXIT_BREAKING if any(c.breaking for c in changes) else EXIT_COMPATIBLE if changes else EXIT_SAME


def main(argv: Sequence[str]) -> int:
    """``gen-models changes OLD NEW [--format text|json] [--schema NAME]...``."""
    parser = argparse.ArgumentParser(
        prog="gen-models changes",
        description="Compare the stream models two versions of a spec produce, and mark each change "
        "breaking or compatible for code that reads chunks with the OLD models.",
        epilog="exit status: 0 no change; 1 compatible changes only; 3 at least one breaking change; "
        "2 bad input; 123 internal error.",
    )
    parser.add_argument("old", type=Path, help="the spec the vendored models were generated from")
    parser.add_argument("new", type=Path, help="the new version of the spec")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--schema", action="append", metavar="NAME", help="root schema (default: the stream chunks)")
    parser.add_argument("--all-schemas", action="store_true", help="compare every component schema")
    args = parser.parse_args(list(argv))
    try:
        return _report(args)
    except BrokenPipeError:
        from .cli import closed_pipe

        return closed_pipe()
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return errors.exit_status(exc)
    except Exception as exc:  # noqa: BLE001 - a bug must not read as "compatible" (exit 1)
        traceback.print_exc()
        print("internal error in gen-models changes; please report the traceback above", file=sys.stderr)
        return errors.exit_status(exc)


def _report(args: argparse.Namespace) -> int:
    """Read both specs, print the changes and return the exit status (SpecError on bad input)."""
    readings = [
        read_spec(Options(spec=spec, schemas=tuple(args.schema or ()), all_schemas=args.all_schemas)).schemas
        for spec in (args.old, args.new)
    ]
    changes = compare(*readings)
    if args.format == "json":
        payload = {
            "old": str(args.old),
            "new": str(args.new),
            "breaking": any(c.breaking for c in changes),
            "changes": [asdict(c) for c in changes],
        }
        print(json.dumps(payload, indent=2))
    else:
        sys.stdout.write(render_text(changes))
    return exit_status(changes)
