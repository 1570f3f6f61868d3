"""``python -m generator``: the same as the ``gen-models`` command."""

from .cli import entry_point

entry_point()
