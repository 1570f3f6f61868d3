"""gen-models: typed stream models and a delta-merge helper from an OpenAPI spec.

The pipeline, one module per stage: ``load`` (bytes to data) → ``resolve`` (``$ref``) →
``interpret`` (schemas to the IR of ``model``) → ``roots`` (what to emit) →
``merge_plan`` (how chunks merge) → ``render`` (Jinja templates) → ``format`` (black) →
``write`` (atomic). ``pipeline`` runs them; ``cli`` is the command line.
"""

__version__ = "0.1.0"
