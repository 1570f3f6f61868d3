"""Merge policies: the one definition of what a field's policy may be and how one is
written (``x-merge`` in a spec, ``--merge-policy PATH=POLICY``, ``merge-policies`` in the
configuration), parsed once into a ``WrittenPolicy``.

What each policy does is documented in ``merge_plan`` (which chooses the defaults) and
carried out by the generated merge states and ``runtime/merge.py``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import SpecError


class Policy(str, enum.Enum):
    """How a field of a chunk merges into the snapshot (a ``str``, so it compares equal to
    its name in templates)."""

    CONCAT = "concat"  # text fragments gathered, joined once
    SET = "set"  # identity: the first non-empty value; another one is a conflict
    LAST = "last"  # the last non-null value (never summed)
    APPEND = "append"  # list items of every chunk, in order
    BY_KEY = "by_key"  # list entries merged by a key field
    MERGE = "merge"  # an object merged field by field
    KEY = "key"  # the key of a by_key entry: set by the keying rules only, never written

    def __str__(self) -> str:
        return self.value


#: The policies a spec or a user may write (``key`` belongs to ``by_key``).
WRITABLE = tuple(p for p in Policy if p is not Policy.KEY)
#: How they are listed in messages.
CHOICES = ", ".join(p.value for p in WRITABLE)


@dataclass(frozen=True, slots=True)
class WrittenPolicy:
    """A policy as written: ``by_key`` may name its key (``by_key:id``; default ``index``)."""

    policy: Policy
    key: str | None = None

    def __str__(self) -> str:
        return f"{self.policy.value}:{self.key}" if self.key else self.policy.value


def parse_policy(text: object, where: str) -> WrittenPolicy:
    """Parse ``concat``, ``by_key``, ``by_key:id``, ...

    Args:
        where: how the place is named in an error (``--merge-policy 'choices'``).
    Raises:
        SpecError: not a policy a spec or user may write, or a key on another policy.
    """
    name, colon, key = text.partition(":") if isinstance(text, str) else ("", "", "")
    try:
        policy = Policy(name)
    except ValueError:
        policy = Policy.KEY
    if policy is Policy.KEY:
        raise SpecError(f"{where}: merge policy {text!r} is not one of {CHOICES} (by_key may name its key: by_key:id)")
    if colon and (policy is not Policy.BY_KEY or not key):
        raise SpecError(f"{where}: only by_key names a key (by_key:id), not {text!r}")
    return WrittenPolicy(policy, key or None)
