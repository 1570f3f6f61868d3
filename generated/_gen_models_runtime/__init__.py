# gen-models 0.1.0: generator/runtime/__init__.py, copied verbatim. Do not edit; regenerate instead.
"""The runtime of gen-models' generated modules: the code that is the same for every spec.

The generated modules beside this package import what they use from it: the models' bases and
parsers, the chunk merge and the event fold their accumulators run on, and the reader of
server-sent events and JSON lines. A module per job:

* ``anomalies``: what every accumulator reports; ``bookkeeping``: the triage of its kinds
  (``_ANOMALY_KINDS``) and the chunk merge's anomaly log; ``parts``: lists of content parts
  that arrive a part at a time (both the chunk merge and the event fold join them);
* the chunk merge: ``typed`` (typed models read as JSON), ``loose`` (fields the schema does
  not know), ``text`` (text fields off the fast path), ``keyed`` (keyed lists), ``merge``
  (the merger and the accumulator base), ``response`` (the non-stream response);
* the event fold: ``event_slots`` (state and addressing), ``event_ops`` (operations on one
  slot), ``events`` (the fold's entry point and lifecycle), ``event_paths`` (a slot's path);
* parsing for the dataclass and TypedDict styles: ``dataclass_models`` (the dataclass
  style's base class), ``parsing`` (shared), ``parsing_dataclass`` / ``parsing_typeddict``,
  ``tuples_dataclass`` / ``tuples_typeddict`` (``prefixItems``), ``patterns``
  (``patternProperties``), ``lenient`` (results built anyway);
* ``pydantic_models``, ``pydantic_patterns``, ``pydantic_results``: the pydantic style's
  (they import pydantic); ``msgspec_models``: the msgspec style's (it imports msgspec);
* ``sse``: the event-stream reader.

Rules, so that the package can be copied verbatim beside any generated module and also
inlined into a self-contained one (``--runtime inline``): standard library only (the style
modules aside); imports only at the top; a runtime module imports another only as
``from .other import name``, and what it uses at import time (a base class) only from one
laid out before it (``generator/runtime_files.py``, ``MODULES``); names that are not public
API start with ``_``; nothing refers to a generated name (what varies per schema is passed in
as data or as classes). Written for Python 3.10.
"""
