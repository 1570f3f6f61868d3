"""Resolve: ``$ref`` strings in, the referenced node and its location out.

Follows JSON Reference as OpenAPI uses it (OpenAPI 3.1 section 4.8.23, Reference Object;
RFC 3986 relative references; RFC 6901 JSON pointers with ``~0``/``~1`` and, in a URI
fragment, percent-escapes). Other files are loaded on first use and cached. By default a
reference may not leave the spec's directory tree or fetch a URL.
"""

from __future__ import annotations

import os
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SpecError, did_you_mean, display_path, escape_pointer_token
from .load import Document, load_document, parse_document


@dataclass(frozen=True, slots=True)
class Location:
    """A node's place: a document and a JSON pointer into it (``""`` is the whole file)."""

    doc: Document
    pointer: str

    def child(self, *tokens: object) -> Location:
        """The location of a child node (tokens are escaped for the pointer)."""
        pointer = self.pointer
        for token in tokens:
            text = token if type(token) is str else str(token)
            # most tokens need no escape: skip the two replaces (a large spec builds ~100k pointers)
            pointer += "/" + (escape_pointer_token(text) if "~" in text or "/" in text else text)
        return Location(self.doc, pointer)

    def error(self, message: str) -> SpecError:
        """A ``SpecError`` at this location, with the line number when it can be found."""
        return self.doc.error(self.pointer, message)

    @property
    def tokens(self) -> list[str]:
        """The pointer's unescaped tokens."""
        return [t.replace("~1", "/").replace("~0", "~") for t in self.pointer[1:].split("/")] if self.pointer else []


class RefResolver:
    """Finds what a ``$ref`` points at.

    Args:
        root: the spec document; its directory bounds file references.
        allow_remote: permit ``http:``/``https:`` references (fetched with urllib).
        allow_outside: permit file references outside the root's directory tree.
    """

    def __init__(self, root: Document, *, allow_remote: bool = False, allow_outside: bool = False) -> None:
        self.root = root
        self.allow_remote = allow_remote
        self.allow_outside = allow_outside
        self._tree = root.path.resolve().parent
        self._docs: dict[str, Document] = {str(root.path.resolve()): root}
        self._urls: dict[int, str] = {}  # id(document) -> the URL it was fetched from
        self._reached: dict[Path, str] = {}  # each path a local $ref named (absolute, links kept) -> its _docs key

    def files(self) -> dict[Path, bytes]:
        """Every local file loaded besides the root, with the bytes read, by each path a ``$ref``
        reached it by (absolute, symbolic links not followed): for the output's fingerprint."""
        return {path: self._docs[key].raw for path, key in self._reached.items() if self._docs[key] is not self.root}

    def resolve(self, ref: Any, at: Location) -> Location:
        """The location ``ref`` (found at ``at``) points to.

        Raises:
            SpecError: at ``at``, when the reference is not a string, names a missing file
                or pointer (suggesting close names), or is refused (remote, outside).
        """
        if not isinstance(ref, str):
            raise at.error(f"$ref must be a string, not {type(ref).__name__}")
        address, _, fragment = ref.partition("#")
        doc = at.doc if not address else self._document(address, at)
        pointer = urllib.parse.unquote(fragment)
        if pointer and not pointer.startswith("/"):
            raise at.error(f"$ref {ref!r}: only JSON-pointer fragments ('#/...') are supported, not anchors")
        self._walk(doc, pointer, ref, at)
        return Location(doc, pointer)

    def node(self, loc: Location) -> Any:
        """The node at a location already resolved (or built by ``Location.child``)."""
        node = loc.doc.data
        for token in loc.tokens:
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node

    def _walk(self, doc: Document, pointer: str, ref: str, at: Location) -> None:
        """Check that ``pointer`` exists in ``doc``, else raise naming the first missing token."""
        node = doc.data
        walked = ""
        for token in Location(doc, pointer).tokens:
            if isinstance(node, dict) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                hint = did_you_mean(token, node) if isinstance(node, dict) else ""
                where = "" if doc is at.doc else f" in {doc.path.name}"
                raise at.error(f"$ref {ref!r} does not exist{where} (no {token!r} under '#{walked}'){hint}")
            walked += "/" + escape_pointer_token(token)

    def _document(self, address: str, at: Location) -> Document:
        scheme = urllib.parse.urlsplit(address).scheme
        base = self._urls.get(id(at.doc))
        if scheme in ("http", "https") or base is not None:
            return self._remote(urllib.parse.urljoin(base or "", address), at)
        if scheme not in ("", "file"):
            raise at.error(f"$ref {address!r}: unsupported URI scheme {scheme!r}")
        relative = urllib.parse.unquote(urllib.parse.urlsplit(address).path)
        named = Path(os.path.abspath(at.doc.path.parent / relative))
        target = named.resolve()
        if not self.allow_outside and not target.is_relative_to(self._tree):
            raise at.error(
                f"$ref {address!r} points outside the spec's directory tree; pass --allow-outside-refs if you trust it"
            )
        key = str(target)
        if key not in self._docs:
            try:
                self._docs[key] = load_document(target)
            except SpecError as exc:
                if exc.line is None and "not found" in exc.message:
                    raise at.error(f"$ref {address!r}: file {display_path(target)} not found") from None
                raise
        self._reached.setdefault(named, key)
        return self._docs[key]

    def _remote(self, url: str, at: Location) -> Document:
        if not self.allow_remote:
            raise at.error(f"$ref {url!r} is remote; refusing to fetch it (pass --allow-remote-refs to allow)")
        if url not in self._docs:
            try:
                import urllib.request  # here: ~20 ms of imports (http, ssl, email) only remote $refs need

                with urllib.request.urlopen(url, timeout=30) as response:
                    raw = response.read()
            except OSError as exc:
                raise at.error(f"$ref {url!r}: cannot fetch ({exc})") from None
            name = Path(urllib.parse.urlsplit(url).path).name or "remote.yaml"
            doc = self._docs[url] = parse_document(raw, Path(name))
            self._urls[id(doc)] = url
        return self._docs[url]
