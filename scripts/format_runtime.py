"""Write ``generator/runtime/formatted.json``: black's output for the fixed runtime's blocks,
shipped so that a first run on a machine formats only what the spec generated
(``generator/format.py``). Run it after changing ``generator/runtime/`` or black's pin;
``tests/test_format.py`` fails until it is current.

    .venv/bin/python scripts/format_runtime.py
"""

from __future__ import annotations

import json

from generator import format as fmt


def main() -> None:
    data = fmt.runtime_formatting()
    fmt.SHIPPED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {fmt.SHIPPED} ({len(data['blocks'])} blocks)")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
