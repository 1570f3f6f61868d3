# gen-models 0.1.0: generator/runtime/__init__.py, copied verbatim. Do not edit; regenerate instead.
"""The runtime of gen-models' generated modules: the code that is the same for every spec.

The modules beside this package import from it: ``anomalies``, ``bookkeeping`` (the triage,
the merge's log) and ``parts`` for every accumulator; the chunk merge (``typed``, ``loose``,
``text``, ``keyed``, ``merge``, ``response``); the event fold (``event_slots``, ``event_ops``,
``events``, ``event_paths``); the dataclass and TypedDict styles' parsing (``dataclass_models``,
``parsing``, ``parsing_dataclass``/``_typeddict``, ``tuples_*``, ``patterns``, ``lenient``); the
pydantic and msgspec styles' own (``pydantic_*``, ``msgspec_models``); the stream reader (``sse``).

Rules, so that it can be copied verbatim beside a module or inlined into one (``--runtime
inline``, without docstrings and imports): standard library only (style modules aside);
imports only at the top, another runtime module's only as ``from .other import name``, and
what is used at import time (a base class) only from one laid out before
(``generator/runtime_files.py``, ``MODULES``); private names start with ``_``; nothing refers
to a generated name. Written for Python 3.10.
"""
