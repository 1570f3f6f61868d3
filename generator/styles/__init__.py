"""Styles: the kinds of module gen-models emits, by name (``ALL_STYLES``; this module imports
nothing of gen-models: options and naming read the names). Each style's ``Emitter``
(``base``; one module per style, ``emitters.emitter(style)``) answers everything rendering
asks per style; its layout lives in ``templates/<style>.py.jinja``. Adding a style is a
module here, its name in ``ALL_STYLES`` and its line in ``emitters.EMITTERS``, its template and its goldens.
"""

from __future__ import annotations

#: Every style (``--style msgspec`` is opt-in: its modules need msgspec installed).
ALL_STYLES: tuple[str, ...] = ("dataclass", "pydantic", "typeddict", "msgspec")
#: The styles generated when none is asked for, in the order modules are generated and listed.
STYLES: tuple[str, ...] = ("dataclass", "pydantic", "typeddict")
#: The styles whose modules need a runtime part of their own (it imports their library), by
#: the part's name: with ``--runtime package`` it is its own file (``_runtime_<part>.py``).
RUNTIME_PARTS: dict[str, str] = {"pydantic": "pydantic", "msgspec": "msgspec"}


def runtime_parts(styles: tuple[str, ...]) -> frozenset[str]:
    """The style-owned runtime parts that modules of ``styles`` need (``{"pydantic"}``)."""
    return frozenset(RUNTIME_PARTS[s] for s in styles if s in RUNTIME_PARTS)
