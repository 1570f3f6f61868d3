"""Styles: the kinds of module gen-models emits, named by ``Style`` (this module imports
nothing of gen-models: options and naming read the names). Each style's ``Emitter``
(``base``; one module per style, ``emitters.emitter(style)``) answers everything rendering
asks per style; its layout lives in ``templates/<style>.py.jinja``. Adding a style is a
module here, its line in ``Style`` and ``emitters.EMITTERS``, its template and its goldens.
"""

from __future__ import annotations

import enum


class Style(str, enum.Enum):
    """A kind of generated module (a ``str``, so it compares equal to its name)."""

    DATACLASS = "dataclass"
    PYDANTIC = "pydantic"
    TYPEDDICT = "typeddict"
    MSGSPEC = "msgspec"

    def __str__(self) -> str:
        return self.value


#: The styles generated when none is asked for, in the order modules are generated and listed.
STYLES: tuple[str, ...] = (Style.DATACLASS.value, Style.PYDANTIC.value, Style.TYPEDDICT.value)
#: Every style (``--style msgspec`` is opt-in: its modules need msgspec installed).
ALL_STYLES: tuple[str, ...] = tuple(s.value for s in Style)
#: The styles whose modules need a runtime part of their own (it imports their library), by
#: the part's name: with ``--runtime package`` it is its own file (``_runtime_<part>.py``).
RUNTIME_PARTS: dict[str, str] = {Style.PYDANTIC.value: "pydantic", Style.MSGSPEC.value: "msgspec"}


def runtime_parts(styles: tuple[str, ...]) -> frozenset[str]:
    """The style-owned runtime parts that modules of ``styles`` need (``{"pydantic"}``)."""
    return frozenset(RUNTIME_PARTS[s] for s in styles if s in RUNTIME_PARTS)
