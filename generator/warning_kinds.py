"""What gen-models warns about, as data: every kind of warning with what the generated code
does about it, and ``report``, which groups warnings by kind for the command line (one line a
kind with its count and one place; every place with ``--verbose``).

A ``SpecWarning`` is a ``Kind``, a place (a file and JSON pointer, a merge plan's chunk path,
or an event union and tag) and a detail. The stages make them (``Interpreter.warn``,
``roots``, ``pipeline``, ``merge_plan``, ``chunk_maps``, ``event_plan``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import place_text

#: The start of the effect of every kind whose generated code is what the spec says.
NO_EFFECT = "no effect on the models"
#: The effect of a keyword the generated models accept more than.
NOT_ENFORCED = "not enforced by the generated models"


@dataclass(frozen=True)
class Kind:
    """A kind of warning: what the spec (or a map, an override) does (``summary``), and what the
    generated code does about it (``effect``: starts with ``NO_EFFECT`` iff it is what the spec says)."""

    summary: str
    effect: str


@dataclass(frozen=True)
class SpecWarning:
    """One warning: its kind, where (``specs/x.yaml #/components/schemas/A``, ``ChatChunk
    choices[].delta``) and what is particular to that place (``detail``, may be empty)."""

    kind: Kind
    place: str
    detail: str = ""

    @property
    def where(self) -> str:
        """The place with its detail: ``specs/x.yaml #/components/schemas/A/required ('id')``."""
        return self.place + (f" ({self.detail})" if self.detail else "")

    def __str__(self) -> str:
        """The warning alone, as ``--verbose`` prints it (without ``warning:``)."""
        return f"{self.where}: {self.kind.summary}; {self.kind.effect}"


def at(kind: Kind, file: Path | None, pointer: str | None, detail: str = "") -> SpecWarning:
    """A warning of ``kind`` at a place of a document (shown as errors show places)."""
    return SpecWarning(kind, place_text(file, pointer), detail)


def not_enforced(keywords: str) -> Kind:
    """The kind of a group of keywords the generated models do not enforce (``keywords.UNENFORCED``)."""
    return Kind(keywords, NOT_ENFORCED)


# -- read by interpret ---------------------------------------------------------------------------

EMPTY_UNION = Kind(
    "an empty oneOf/anyOf beside a discriminator mapping", f"{NO_EFFECT}: read as the objects the mapping names"
)
BOTH_UNIONS = Kind("both oneOf and anyOf given", "anyOf is ignored: the models read oneOf only")
SELF_MEMBER = Kind("a oneOf/anyOf lists the schema itself", f"{NO_EFFECT}: the member adds nothing and is left out")
LOOSE_DISCRIMINATOR = Kind(
    "discriminator over a union with non-object members",
    f"{NO_EFFECT}: they dispatch by trying each member instead of by the tag",
)
REQUIRED_NOT_LIST = Kind("required is not a list", "ignored: the models require none of the fields it names")
REQUIRED_UNDEFINED = Kind(
    "required names a field the schema does not define", f"{NOT_ENFORCED} (the key, when sent, is kept as an extra)"
)
ADDITIONAL_STRING = Kind("additionalProperties written as a string", f"{NO_EFFECT}: read as the boolean it spells")
DEFAULT_MISFIT = Kind("a default that fits no type of its schema", "ignored: the models document no default there")
DEFAULT_STRING = Kind("a number or boolean default written as a string", f"{NO_EFFECT}: read as the value it spells")

# -- roots and the pipeline ----------------------------------------------------------------------

VARIANT_STREAM = Kind(
    "an event union streamed by a variant of a folded operation (its path with a query)",
    "left out of the default roots: no types or fold for it",
)
STREAM_NOT_OBJECTS = Kind(
    "a stream whose events are not objects (nor a union of them)", f"{NO_EFFECT}: nothing to merge, so no accumulator"
)
UNION_NOT_FOLDED = Kind(
    "an event union no map folds whose events build no object the spec names",
    "types and parse function only, no accumulator: --merge-map FILE gives one (docs/events.md)",
)
EVENT_NOT_FOLDED = Kind(
    "an event type no map entry or schema rule folds",
    "its events are kept as unknown events, not folded: map it with --merge-map FILE (docs/events.md)",
)
CONTENT_NOT_FOLDED = Kind(
    "an event's content field that no action of its fold reads",
    "what the stream sends there is left out of the answer: map it with --merge-map FILE (docs/events.md)",
)

# -- merge plans ---------------------------------------------------------------------------------

MAP_MISFIT = Kind("a shipped map does not fit the spec's schema", "the merge plan or fold is made without the map")
UNION_FIELD_TYPES = Kind(
    "a field the variants of a union type differently", "the accumulator merges it as the first variant types it"
)
RESPONSE_UNSENT = Kind(
    "a field the non-stream response requires that the stream's chunks do not declare",
    "to_response() cannot fill it: left out, reported as schema_drift (drift, not a cut stream), never invented",
)
RESPONSE_UNNAMED = Kind(
    "a chunk stream (its chunks hold a delta) with no named answer schema to convert it to",
    "to_response() returns the merged chunk, of the chunk's type: give the answer a component the operation answers",
)
TAKEN_WHOLE = Kind(
    "a list or object of a chunk, a choice or a delta taken whole from the last chunk that sends it",
    "the accumulator can lose what earlier chunks sent there (a --merge-policy override changes it)",
)
OVERRIDE_UNDECLARED = Kind(
    "a --merge-policy override of a field the schema does not define, named like one it does",
    "merged by the override as a field of its own (a typo?)",
)


def grouped(warnings: Iterable[SpecWarning]) -> list[tuple[Kind, list[SpecWarning]]]:
    """``warnings`` by kind, kinds in the order their first warning came, each warning once."""
    groups: dict[Kind, list[SpecWarning]] = {}
    for warning in dict.fromkeys(warnings):
        groups.setdefault(warning.kind, []).append(warning)
    return list(groups.items())


def report(warnings: Iterable[SpecWarning], verbose: bool = False) -> list[str]:
    """The lines the CLI prints after ``warning: ``: per kind, its summary, how many places and the
    first (``5 places, e.g. specs/x.yaml #/...``), its effect; with ``verbose``, each warning."""
    lines: list[str] = []
    for kind, group in grouped(warnings):
        if verbose:
            lines.extend(str(w) for w in group)
            continue
        count, more = (f"{len(group)} places, e.g. ", " (--verbose for all)") if len(group) > 1 else ("", "")
        lines.append(f"{kind.summary}: {count}{group[0].where}; {kind.effect}{more}")
    return lines
