"""Merge policies and how one is written (``x-merge``, ``--merge-policy PATH=POLICY``, ``merge-policies``).
Defaults: ``merge_plan``; carried out by the generated merge states and ``runtime/merge.py``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import SpecError


class Policy(str, enum.Enum):
    """How a field of a chunk merges into the snapshot (a ``str``: equal to its name in templates)."""

    CONCAT = "concat"  # text fragments gathered, joined once
    SET = "set"  # identity: the first non-empty value; another one is a conflict
    LAST = "last"  # the last non-null value (never summed)
    APPEND = "append"  # list items of every chunk, in order
    BY_KEY = "by_key"  # list entries merged by a key field
    MERGE = "merge"  # an object merged field by field
    JOIN = "join"  # list items appended; an item of the same kind as the one before joins its text
    KEY = "key"  # the key of a by_key entry: set by the keying rules only, never written

    def __str__(self) -> str:
        return self.value


#: The policies a spec or a user may write (``key`` belongs to ``by_key``).
WRITABLE = tuple(p for p in Policy if p is not Policy.KEY)
#: How they are listed in messages.
CHOICES = ", ".join(p.value for p in WRITABLE)


@dataclass(frozen=True, slots=True)
class WrittenPolicy:
    """A policy as written: ``by_key`` may name its key (``by_key:id``; default ``index``) and the key of
    an item omitting it (``by_key:index=0``: proto3 JSON omits zeros); ``join`` its text (default ``text``)."""

    policy: Policy
    key: str | None = None
    absent: int | None = None

    def __str__(self) -> str:
        if not self.key:
            return self.policy.value
        return f"{self.policy.value}:{self.key}" + (f"={self.absent}" if self.absent is not None else "")


def parse_policy(text: object, where: str) -> WrittenPolicy:
    """Parse ``concat``, ``by_key``, ``by_key:id``, ``by_key:index=0``, ``join:text``, ...

    Args:
        where: how the place is named in an error (``--merge-policy 'choices'``).
    Raises:
        SpecError: not a policy a spec or user may write, or a key on another policy.
    """
    name, colon, key = text.partition(":") if isinstance(text, str) else ("", "", "")
    policy = next((p for p in WRITABLE if p.value == name), None)
    if policy is None:
        raise SpecError(
            f"{where}: merge policy {text!r} is not one of {CHOICES} (by_key may name its key: by_key:id, "
            "and the key of an item that omits it: by_key:index=0; join the text field it joins: join:text)"
        )
    if colon and (policy not in (Policy.BY_KEY, Policy.JOIN) or not key):
        raise SpecError(f"{where}: only by_key names a key (by_key:id) and join a text field (join:text), not {text!r}")
    key, equals, absent = key.partition("=")
    if equals and (policy is not Policy.BY_KEY or not key or not absent.lstrip("-").isdigit()):
        raise SpecError(
            f"{where}: only by_key gives an omitted key a whole-number value (by_key:index=0), not {text!r}"
        )
    return WrittenPolicy(policy, key or None, int(absent) if equals else None)
