"""Generated modules (gen-models): a package, so that they import their runtime beside them."""
