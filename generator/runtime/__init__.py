"""The fixed runtime of generated modules, as real Python (inlined verbatim into each module)."""
