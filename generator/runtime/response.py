"""The finished answer: a merged snapshot turned into the non-stream response
(``chat.completion.chunk`` into ``chat.completion``) by rules per object path (``_ResponseRule``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .anomalies import _DRIFT, Anomaly, StreamMergeError, _own
from .bookkeeping import _join
from .merge import _ChunkAccumulator


@dataclass(frozen=True, slots=True)
class _ResponseRule:
    """How one snapshot object becomes its response counterpart (``to_response``).

    Attributes:
        renames: stream wire name -> response wire name (``delta`` -> ``message``).
        drop: stream-only fields (stream mechanics such as a tool call's ``index``).
        consts: required single-value response fields and their value.
        fills: fields whose stream schema allows one value, for a stream that never sent
            them (or sent ``""``).
        nulls: required nullable response fields, null when absent.
        required: required non-nullable fields: one never sent (a cut stream's
            ``finish_reason``) is left out, never invented.
        blank: required fields whose ``""`` means none was sent (Ollama's ``finish_reason``).
        suffixes: fields whose value ends in the suffix naming the chunk's type: cut off
            (``chat.completion.chunk`` -> ``chat.completion``).

    Rules map an object's path (wire names without list positions: ``choices.message``;
    ``""``: the top) to its rule; objects without one are kept as they are.
    """

    renames: Mapping[str, str] = field(default_factory=dict)
    drop: frozenset[str] = frozenset()
    consts: Mapping[str, Any] = field(default_factory=dict)
    fills: Mapping[str, Any] = field(default_factory=dict)
    nulls: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    blank: tuple[str, ...] = ()
    suffixes: Mapping[str, str] = field(default_factory=dict)


def _convert(
    data: dict[str, Any], rules: dict[str, _ResponseRule], acc: _ChunkAccumulator, at: str = "", path: str = ""
) -> dict[str, Any]:
    """The snapshot object ``data`` at rule path ``at`` (display ``path``) as its response
    counterpart; a required field that never arrived is left out, reported ``incomplete``
    (with ``strict``: ``StreamMergeError``) while no chunk said the stream ended, else left to
    the build to report as drift (a finished tool call without the ``content`` a spec requires)."""
    rule = rules[at]
    out: dict[str, Any] = {}
    renames = rule.renames
    taken = {new for old, new in renames.items() if old in data}
    for key, value in data.items():
        if key in rule.drop or (key in taken and key not in renames):
            continue  # stream mechanics, or a stray field the renamed one (sent) replaces
        key = renames.get(key, key)
        inner, where = _join(at, key), _join(path, key)
        if inner in rules and type(value) is dict:
            value = _convert(value, rules, acc, inner, where)
        elif inner in rules and type(value) is list:
            value = [
                _convert(v, rules, acc, inner, f"{where}[{i}]") if type(v) is dict else _own(v)
                for i, v in enumerate(value)
            ]
        else:
            value = _own(value)  # the response shares nothing with the chunks or the state
        out[key] = value
    out.update(rule.consts)
    for key, suffix in rule.suffixes.items():
        value = out.get(key)
        if type(value) is str and value.endswith(suffix):
            out[key] = value[: -len(suffix)]
    for key, value in rule.fills.items():
        if out.get(key) in (None, ""):  # never sent, or sent empty (Ollama's `type: ""`)
            out[key] = value
    for key in rule.nulls:
        out.setdefault(key, None)
    for key in rule.required:
        if out.get(key) is not None and not (out[key] == "" and key in rule.blank):
            continue
        what = "missing" if key not in out else "null" if out[key] is None else repr(out[key])
        # left out, never guessed: a cut stream must not look finished; built anyway (``_built_anyway``)
        out.pop(key, None)
        if acc.finished is not None:
            continue
        where = _join(path, key)
        found = Anomaly(acc.chunks, where, "incomplete", f"{what}, but the response requires it")
        if acc.strict:
            raise StreamMergeError(found)
        if found not in acc.anomalies:
            acc.anomalies.append(found)
        # the build's "missing" at this place is the same fact: reported once, as incomplete
        acc._drifted.add((acc.chunks, where, "schema_drift", _DRIFT["missing"]))
    return out
