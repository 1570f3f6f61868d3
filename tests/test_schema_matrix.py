"""The coverage matrix: every schema form real specs use, in all three styles.

Each row is a small spec whose root schema is ``Root``; the row lists payloads the generated
type must accept and payloads it must reject, and each style's model section is kept as a
golden file (tests/__snapshots__/test_schema_matrix/). docs/schema-support.md is the same
table in prose.
"""

from __future__ import annotations

import copy
import json
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import STYLES, generate_modules, load_module, schemas_spec, write_outputs
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from generator.pipeline import Options, generate


@dataclass
class Row:
    name: str
    schemas: str  # YAML under components.schemas
    accept: list[Any] = field(default_factory=list)
    reject: list[Any] = field(default_factory=list)
    yaml_header: str = "openapi: 3.0.3"


ROWS = [
    Row(
        "required_x_nullable",
        """
        Root:
          type: object
          required: [req, req_null]
          properties:
            req: {type: string}
            req_null: {type: string, nullable: true}
            opt: {type: string}
            opt_null: {type: string, nullable: true}
        """,
        accept=[
            {"req": "a", "req_null": None},
            {"req": "a", "req_null": "b", "opt": "c", "opt_null": None},
            {"req": "a", "req_null": None, "opt": None},
        ],
        reject=[{"req_null": None}, {"req": "a"}, {"req": None, "req_null": None}, {"req": "a", "req_null": 1}],
    ),
    Row(
        "nullable_beside_ref",
        """
        Root:
          type: object
          required: [part]
          properties:
            part: {$ref: '#/components/schemas/Part', nullable: true}
        Part: {type: object, required: [text], properties: {text: {type: string}}}
        """,
        accept=[{"part": None}, {"part": {"text": "x"}}],
        reject=[{}, {"part": {"text": 1}}, {"part": "x"}],
    ),
    Row(
        "nullable_array_items",
        """
        Root:
          type: object
          required: [values]
          properties:
            values: {type: array, items: {type: integer, nullable: true}}
        """,
        accept=[{"values": [1, None, 3]}, {"values": []}],
        reject=[{"values": None}, {"values": [1, "2"]}, {"values": [1.5]}],
    ),
    Row(
        "nullable_referenced_schema",
        """
        Root:
          type: object
          required: [maybe]
          properties:
            maybe: {$ref: '#/components/schemas/Maybe'}
        Maybe: {type: object, nullable: true, properties: {note: {type: string}}}
        """,
        accept=[{"maybe": None}, {"maybe": {"note": "n"}}],
        reject=[{}, {"maybe": []}],
    ),
    Row(
        "nullable_allof_override",
        """
        Parent:
          type: object
          required: [name]
          properties:
            name: {type: string}
        Root:
          allOf:
            - $ref: '#/components/schemas/Parent'
            - type: object
              properties:
                name: {nullable: true}
        """,
        accept=[{"name": None}, {"name": "x"}],
        reject=[{}, {"name": 3}],
    ),
    Row(
        "nullable_allof_wrapped_ref",
        """
        Root:
          type: object
          required: [part]
          properties:
            part:
              allOf: [{$ref: '#/components/schemas/Part'}]
              nullable: true
              description: An allOf-wrapped $ref, made nullable.
        Part: {type: object, properties: {text: {type: string}}}
        """,
        accept=[{"part": None}, {"part": {"text": "x"}}],
        reject=[{}, {"part": 5}],
    ),
    Row(
        "type_list_with_null",
        """
        Root:
          type: object
          required: [value]
          properties:
            value: {type: [string, integer, "null"]}
        """,
        accept=[{"value": "a"}, {"value": 1}, {"value": None}],
        reject=[{}, {"value": 1.5}, {"value": True}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "anyof_oneof_null_member",
        """
        Root:
          type: object
          required: [a, b]
          properties:
            a: {anyOf: [{type: string}, {type: 'null'}]}
            b: {oneOf: [{$ref: '#/components/schemas/Part'}, {type: 'null'}]}
        Part: {type: object, required: [text], properties: {text: {type: string}}}
        """,
        accept=[{"a": None, "b": None}, {"a": "x", "b": {"text": "t"}}],
        reject=[{"a": None}, {"a": 1, "b": None}, {"a": None, "b": {}}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "anyof_null_with_default_in_branch",
        """
        Root:
          type: object
          properties:
            tier:
              anyOf:
                - {type: string, enum: [auto, default], default: auto}
                - {type: 'null'}
        """,
        accept=[{}, {"tier": None}, {"tier": "auto"}, {"tier": "flex"}],
        reject=[{"tier": 1}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "enum_with_null_member",
        """
        Root:
          type: object
          required: [mode]
          properties:
            mode: {type: string, enum: [fast, slow, null], nullable: true}
        """,
        accept=[{"mode": None}, {"mode": "fast"}, {"mode": "later"}],
        reject=[{}, {"mode": 2}],
    ),
    Row(
        # an enum whose only value is null is None; a field that references it (nullable or
        # not, in a list or a union) must not write ``OnlyNull | None`` (``None | None``)
        "enum_only_null",
        """
        OnlyNull: {enum: [null]}
        Root:
          type: object
          required: [n]
          properties:
            n: {$ref: '#/components/schemas/OnlyNull', nullable: true}
            o: {$ref: '#/components/schemas/OnlyNull'}
            l: {type: array, items: {$ref: '#/components/schemas/OnlyNull'}}
            u: {anyOf: [{$ref: '#/components/schemas/OnlyNull'}, {type: string}]}
        """,
        accept=[{"n": None}, {"n": None, "o": None, "l": [None], "u": "x"}, {"n": None, "u": None}],
        reject=[{}, {"n": 1}, {"n": None, "l": [1]}, {"n": None, "u": 2}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        # integer and number enums keep their values as Literal (open: any integer still
        # parses); a boolean or 1.0 is not an integer value, in pydantic too
        "integer_and_number_enums",
        """
        Level: {type: integer, enum: [1, 2, 3], x-enum-varnames: [LOW, MID, HIGH]}
        Ratio: {type: number, enum: [1, 2]}
        Root:
          type: object
          required: [lvl, code, ratio, frac]
          properties:
            lvl: {$ref: '#/components/schemas/Level'}
            code: {type: integer, enum: [200, 404], x-enumNames: [Ok, NotFound]}
            ratio: {$ref: '#/components/schemas/Ratio'}
            frac: {type: number, enum: [0.5, 1.5]}
            mixed: {enum: [1, a]}
        """,
        accept=[
            {"lvl": 1, "code": 200, "ratio": 1, "frac": 0.5, "mixed": "a"},
            {"lvl": 7, "code": 500, "ratio": 1.5, "frac": 2, "mixed": 1},
            {"lvl": 3, "code": 404, "ratio": 2.0, "frac": 1.5, "mixed": "b"},
            {"lvl": 1, "code": 200, "ratio": 7, "frac": 0.5},  # an integer the number enum does not list
        ],
        reject=[
            {"lvl": True, "code": 200, "ratio": 1, "frac": 0.5},
            {"lvl": 1.0, "code": 200, "ratio": 1, "frac": 0.5},
            {"lvl": 1, "code": "200", "ratio": 1, "frac": 0.5},
            {"lvl": 1, "code": False, "ratio": 1, "frac": 0.5},
            {"lvl": 1, "code": 200, "ratio": True, "frac": 0.5},
            {"lvl": 1, "code": 200, "ratio": 1, "frac": "0.5"},
            {"lvl": 1, "code": 200, "ratio": 1, "frac": 0.5, "mixed": True},
            {"lvl": 1, "code": 200, "ratio": 1, "frac": 0.5, "mixed": 1.0},
        ],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "single_value_enum_const_stainless",
        """
        Root:
          type: object
          required: [object, kind, tag]
          properties:
            object: {type: string, enum: [root.chunk]}
            kind: {const: thing}
            tag: {type: string, enum: [function], x-stainless-const: true}
        """,
        accept=[
            {"object": "root.chunk", "kind": "thing", "tag": "function"},
            {"object": "", "kind": "other", "tag": "x"},
        ],
        reject=[{"object": 1, "kind": "thing", "tag": "function"}, {"kind": "thing", "tag": "function"}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "enum_values_not_identifiers",
        """
        Root:
          type: object
          required: [v]
          properties:
            v: {type: string, enum: ["a-b", "a b", "a_b", "1st", "class", "ümlaut", "", "it's \\"q\\""]}
        """,
        accept=[{"v": "a-b"}, {"v": ""}, {"v": 'it\'s "q"'}],
        reject=[{"v": None}, {"v": ["a-b"]}],
    ),
    Row(
        "defaults",
        """
        Root:
          type: object
          properties:
            count: {type: integer, default: 3}
            mode: {type: string, enum: [a, b], default: b}
            note: {type: string, nullable: true, default: null}
            flag: {type: boolean, default: false}
        """,
        accept=[{}, {"count": 1, "mode": "a", "note": None, "flag": True}],
        reject=[{"count": "3"}, {"flag": "false"}],
    ),
    Row(
        "oneof_discriminator_mapping",
        """
        Root:
          type: object
          required: [pet]
          properties:
            pet:
              oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
              discriminator:
                propertyName: kind
                mapping: {cat: '#/components/schemas/Cat', dog: Dog, bird: '#/components/schemas/Bird'}
        Cat: {type: object, required: [kind, meows], properties: {kind: {type: string}, meows: {type: boolean}}}
        Dog: {type: object, required: [kind, barks], properties: {kind: {type: string}, barks: {type: boolean}}}
        Bird: {type: object, required: [kind], properties: {kind: {type: string}, sings: {type: boolean}}}
        """,
        accept=[
            {"pet": {"kind": "cat", "meows": True}},
            {"pet": {"kind": "dog", "barks": False}},
            {"pet": {"kind": "bird"}},
        ],
        reject=[{"pet": {"kind": "cat", "barks": True}}, {"pet": {"kind": "fish"}}, {"pet": {"meows": True}}],
    ),
    Row(
        "oneof_discriminator_implied",
        """
        Root:
          type: object
          required: [shape]
          properties:
            shape:
              oneOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Square'}]
              discriminator: {propertyName: type}
        Circle: {type: object, required: [type, r], properties: {type: {type: string, enum: [circle]}, r: {type: number}}}
        Square: {type: object, required: [type, side], properties: {type: {type: string}, side: {type: number}}}
        """,
        accept=[{"shape": {"type": "circle", "r": 1}}, {"shape": {"type": "Square", "side": 2.5}}],
        reject=[{"shape": {"type": "square", "side": 2}}, {"shape": {"type": "circle"}}],
    ),
    Row(
        "oneof_without_discriminator",
        """
        Root:
          type: object
          required: [value]
          properties:
            value:
              oneOf:
                - {type: object, title: Text, required: [text], properties: {text: {type: string}}}
                - {type: object, title: Image, required: [url], properties: {url: {type: string}}}
                - {type: string}
        """,
        accept=[{"value": {"text": "t"}}, {"value": {"url": "u"}}, {"value": "plain"}],
        reject=[{"value": {}}, {"value": 3}],
    ),
    Row(
        "allof_merge_override_several_parents",
        """
        Named: {type: object, required: [name], properties: {name: {type: string}, size: {type: integer}}}
        Timed: {type: object, required: [at], properties: {at: {type: integer, format: unixtime}}}
        Root:
          allOf:
            - $ref: '#/components/schemas/Named'
            - $ref: '#/components/schemas/Timed'
            - type: object
              required: [extra]
              properties:
                size: {type: number, description: Overridden to a number.}
                extra: {type: boolean}
        """,
        accept=[{"name": "n", "at": 1, "extra": True, "size": 1.5}],
        reject=[{"name": "n", "at": 1}, {"at": 1, "extra": True}, {"name": "n", "at": "1", "extra": True}],
    ),
    Row(
        "additional_properties",
        """
        Root:
          type: object
          required: [free, closed, typed, map]
          properties:
            free: {type: object, additionalProperties: true, properties: {a: {type: string}}}
            closed: {type: object, additionalProperties: false, properties: {a: {type: string}}}
            typed: {type: object, additionalProperties: {type: integer}, properties: {a: {type: string}}}
            map: {type: object, additionalProperties: {$ref: '#/components/schemas/Part'}}
        Part: {type: object, properties: {text: {type: string}}}
        """,
        accept=[
            {
                "free": {"a": "x", "b": [1]},
                "closed": {"a": "x", "new": 1},
                "typed": {"a": "x", "n": 1},
                "map": {"k": {"text": "t"}},
            },
        ],
        reject=[
            {"free": {}, "closed": {}, "typed": {"n": "1"}, "map": {}},
            {"free": {}, "closed": {}, "typed": {}, "map": {"k": 1}},
        ],
    ),
    Row(
        "arrays_of_arrays",
        """
        Root:
          type: object
          required: [grid]
          properties:
            grid: {type: array, items: {type: array, items: {type: number}}}
            tagged: {type: array, items: {type: array, items: {type: object, properties: {v: {type: integer}}}}}
        """,
        accept=[{"grid": [[1, 2.5], []], "tagged": [[{"v": 1}]]}],
        reject=[{"grid": [1, 2]}, {"grid": [["1"]]}],
    ),
    Row(
        # prefixItems (2020-12 tuples): tuple[...] by position; items: false closes it, items
        # types the rest (absent: any); JSON Schema lets a shorter array match unless minItems
        # says how many positions must be there; a draft-4 items list reads the same way
        "prefix_items_tuples",
        """
        Root:
          type: object
          required: [pair, more]
          properties:
            pair:
              type: array
              prefixItems: [{type: string}, {type: integer}]
              items: false
              minItems: 2
            short:
              type: array
              prefixItems: [{type: string}, {type: integer}]
              items: false
            more:
              type: array
              prefixItems: [{type: string}]
              items: {type: boolean}
              minItems: 1
            loose:
              type: array
              prefixItems: [{type: integer}, {type: 'null'}]
            parts:
              type: array
              prefixItems: [{$ref: '#/components/schemas/Part'}, {type: string, nullable: true}]
              minItems: 2
              maxItems: 2
            at: {$ref: '#/components/schemas/Point'}
            old:
              type: array
              items: [{type: string}, {type: integer}]
              additionalItems: false
              minItems: 1
        Part: {type: object, required: [text], properties: {text: {type: string}}}
        Point:
          type: [array, 'null']
          prefixItems: [{type: number}, {type: number}]
          items: false
          minItems: 2
        """,
        accept=[
            {"pair": ["a", 1], "more": ["x", True, False]},
            {"pair": ["a", 1], "more": ["x"], "loose": [1, None, "any", {}], "short": []},
            {"pair": ["a", 1], "more": ["x"], "loose": [], "short": ["a"], "at": None, "old": ["s"]},
            {"pair": ["a", 1], "more": ["x"], "parts": [{"text": "t"}, None], "at": [1, 2.5], "old": ["s", 2]},
        ],
        reject=[
            {"pair": ["a", 1.5], "more": ["x"]},
            {"pair": ["a", None], "more": ["x"]},
            {"pair": ["a"], "more": ["x"]},
            {"pair": ["a", 1, 2], "more": ["x"]},
            {"pair": [1, "a"], "more": ["x"]},
            {"pair": "a1", "more": ["x"]},
            {"pair": ["a", 1], "more": ["x", 1]},
            {"pair": ["a", 1], "more": [True]},
            {"pair": ["a", 1], "more": []},
            {"pair": ["a", 1], "more": ["x"], "short": ["a", 1, 2]},
            {"pair": ["a", 1], "more": ["x"], "short": [1]},
            {"pair": ["a", 1], "more": ["x"], "loose": ["s"]},
            {"pair": ["a", 1], "more": ["x"], "loose": [1, 2]},
            {"pair": ["a", 1], "more": ["x"], "parts": [{"text": 1}, None]},
            {"pair": ["a", 1], "more": ["x"], "parts": [{"text": "t"}]},
            {"pair": ["a", 1], "more": ["x"], "at": [1]},
            {"pair": ["a", 1], "more": ["x"], "at": [1, "2"]},
            {"pair": ["a", 1], "more": ["x"], "old": ["s", 2, 3]},
            {"pair": ["a", 1], "more": ["x"], "old": []},
        ],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "recursive_and_mutually_recursive",
        """
        Root:
          type: object
          required: [tree]
          properties:
            tree: {$ref: '#/components/schemas/Node'}
            ping: {$ref: '#/components/schemas/Ping'}
        Node: {type: object, properties: {value: {type: integer}, children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}
        Ping: {type: object, properties: {pong: {$ref: '#/components/schemas/Pong'}}}
        Pong: {type: object, properties: {ping: {$ref: '#/components/schemas/Ping'}}}
        """,
        accept=[{"tree": {"value": 1, "children": [{"value": 2, "children": []}]}, "ping": {"pong": {"ping": {}}}}],
        reject=[{"tree": {"children": [{"value": "x"}]}}, {"tree": {}, "ping": {"pong": {"ping": 1}}}],
    ),
    Row(
        "recursive_alias_through_containers",
        """
        Root:
          type: object
          required: [value]
          properties:
            value: {$ref: '#/components/schemas/Json'}
        Json:
          anyOf:
            - {type: string}
            - {type: number}
            - {type: array, items: {$ref: '#/components/schemas/Json'}}
            - {type: object, additionalProperties: {$ref: '#/components/schemas/Json'}}
        """,
        accept=[{"value": "a"}, {"value": [1, ["x", {"k": [2.5]}]]}, {"value": {}}],
        reject=[{"value": [True]}, {"value": None}, {}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        # fuzz-found: the recursion reaches Ünï by name before Ünï is read, and Ünï is only
        # another named type (a nullable $ref): its name must still be defined
        "nullable_recursive_union_through_a_map",
        """
        Root:
          type: object
          required: [p]
          properties:
            p: {$ref: '#/components/schemas/Ünï'}
        Ünï:
          anyOf: [{$ref: '#/components/schemas/class', nullable: true}, {type: 'null'}]
        class: {type: object, additionalProperties: {$ref: '#/components/schemas/C.c'}}
        C.c:
          anyOf: [{oneOf: [{$ref: '#/components/schemas/Ünï'}, {type: string}]}, {type: 'null'}]
        """,
        accept=[{"p": None}, {"p": {}}, {"p": {"a": "x", "b": None, "c": {"d": {"e": "y"}}}}],
        reject=[{}, {"p": 1}, {"p": {"a": 1}}, {"p": {"a": {"b": [1]}}}],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        # a component that admits null admits it as itself and wherever it is referenced,
        # through recursion too: the JSON-value schema accepts {"a": [null]}
        "component_own_nullability",
        """
        Root:
          type: object
          required: [j, node, maybe, list]
          properties:
            j: {$ref: '#/components/schemas/Json'}
            node: {$ref: '#/components/schemas/Node'}
            maybe: {$ref: '#/components/schemas/MaybeText'}
            list: {type: array, items: {$ref: '#/components/schemas/MaybeText'}}
        Json:
          anyOf:
            - {type: string}
            - {type: number}
            - {type: boolean}
            - {type: 'null'}
            - {type: array, items: {$ref: '#/components/schemas/Json'}}
            - {type: object, additionalProperties: {$ref: '#/components/schemas/Json'}}
        Node:
          type: [object, 'null']
          required: [next]
          properties:
            v: {type: integer}
            next: {$ref: '#/components/schemas/Node'}
        MaybeText: {type: [string, 'null']}
        """,
        accept=[
            {"j": {"a": [None]}, "node": None, "maybe": None, "list": [None, "x"]},
            {"j": None, "node": {"next": {"v": 1, "next": None}}, "maybe": "m", "list": []},
            {"j": [1, "a", True, None, {"k": None, "l": [[None]]}], "node": None, "maybe": None, "list": [None]},
        ],
        reject=[
            {"node": None, "maybe": None, "list": []},
            {"j": None, "node": {"v": 1}, "maybe": None, "list": []},
            {"j": None, "node": {"next": 1}, "maybe": None, "list": []},
            {"j": None, "node": None, "maybe": 1, "list": []},
            {"j": None, "node": None, "maybe": None, "list": [1]},
        ],
        yaml_header="openapi: 3.1.0",
    ),
    Row(
        "named_ref_reached_by_recursion",
        """
        Root:
          type: object
          required: [p]
          properties:
            p: {$ref: '#/components/schemas/Link'}
        Link: {$ref: '#/components/schemas/Node', description: A node, by another name.}
        Node: {type: object, properties: {value: {type: integer}, next: {$ref: '#/components/schemas/Link'}}}
        """,
        accept=[{"p": {}}, {"p": {"value": 1, "next": {"value": 2, "next": {}}}}],
        reject=[{"p": 1}, {"p": {"next": {"value": "x"}}}],
    ),
    Row(
        "odd_property_names",
        """
        Root:
          type: object
          required: ["class", "2nd", "a-b", "a.b", "a b", "café", "a_b", "_id", "from_dict", "str", "model_dump"]
          properties:
            class: {type: string}
            2nd: {type: string}
            a-b: {type: string}
            a.b: {type: string}
            a b: {type: string}
            café: {type: string}
            a_b: {type: string}
            _id: {type: string}
            from_dict: {type: string}
            str: {type: string}
            model_dump: {type: string}
        """,
        accept=[
            {
                k: k
                for k in ["class", "2nd", "a-b", "a.b", "a b", "café", "a_b", "_id", "from_dict", "str", "model_dump"]
            }
        ],
        reject=[{k: k for k in ["class", "2nd", "a-b", "a.b", "a b", "café", "a_b", "_id", "from_dict", "str"]}],
    ),
    Row(
        "hostile_descriptions",
        r"""
        Root:
          type: object
          description: "Ends with a quote \" and has \"\"\" inside, a backslash \\ and {{ 7*7 }} {% include 'x' %}"
          properties:
            a:
              type: string
              description: "Non-ASCII: naïve café — ✓; a line\nthen another; trailing backslash \\"
            b:
              type: string
              description: "\u2028line separator, \u202ebidi, NUL \0 and a tab\tend"
        """,
        accept=[{}, {"a": "{{ 7*7 }}"}],
        reject=[{"a": 1}],
    ),
    Row(
        "formats",
        """
        Root:
          type: object
          required: [created, at, big, ratio, blob, link]
          properties:
            created: {type: integer, format: unixtime}
            at: {type: string, format: date-time}
            big: {type: integer, format: int64}
            ratio: {type: number, format: double}
            blob: {type: string, format: byte}
            link: {type: string, format: uri}
        """,
        accept=[
            {
                "created": 1700000000,
                "at": "2026-01-01T00:00:00Z",
                "big": 2**62,
                "ratio": 1,
                "blob": "AA==",
                "link": "https://x",
            }
        ],
        reject=[{"created": "1700000000", "at": "x", "big": 1, "ratio": 1.0, "blob": "", "link": ""}],
    ),
    Row(
        "read_only_write_only",
        """
        Root:
          type: object
          required: [id, secret]
          properties:
            id: {type: string, readOnly: true}
            secret: {type: string, writeOnly: true}
        """,
        accept=[{"id": "x"}, {"id": "x", "secret": "s"}],
        reject=[{"secret": "s"}],
    ),
    Row(
        "yaml_1_1_scalars_stay_strings",
        """
        Root:
          type: object
          properties:
            switch: {type: string, enum: [on, off, yes, no, 1.10, 2024-01-01], default: on}
            version: {type: string, default: 1.10}
        """,
        accept=[{"switch": "on"}, {"switch": "1.10", "version": "1.10"}],
        reject=[{"switch": True}, {"switch": 1.1}],
    ),
]


class PythonSnapshot(SingleFileSnapshotExtension):
    file_extension = "py"
    _write_mode = WriteMode.TEXT


def spec_text(row: Row) -> str:
    schemas = textwrap.indent(textwrap.dedent(row.schemas).strip(), "    ")
    return f"{row.yaml_header}\ninfo: {{title: {row.name}, version: '1'}}\npaths: {{}}\ncomponents:\n  schemas:\n{schemas}\n"


def model_section(text: str) -> str:
    """The part of a module a reader checks: aliases and models (not the support code)."""
    start = text.index("\n\n\n", text.index("__all__")) + 3
    end = min(m.start() for m in [re.search(r"\n\n\n(def parse_|def _parse_|_T = |# ---)", text[start:])] if m) + start
    return text[start:end].strip() + "\n"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each row generated once: row name -> {"texts": style -> source, "modules": style -> module}."""
    out = tmp_path_factory.mktemp("matrix")
    result = {}
    for row in ROWS:
        spec = out / f"{row.name}.yaml"
        spec.write_text(spec_text(row), encoding="utf-8")
        outputs, _ = generate(Options(spec=spec, output=out, schemas=("Root",), styles=STYLES))
        write_outputs(outputs)
        texts, modules = {}, {}
        for style, output in zip(STYLES, outputs):
            texts[style] = output.text
            modules[style] = load_module(output.path)
        result[row.name] = {"texts": texts, "modules": modules}
    return result


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
@pytest.mark.parametrize("style", STYLES)
def test_matrix_row(row: Row, style: str, generated, snapshot) -> None:  # type: ignore[no-untyped-def]
    entry = generated[row.name]
    assert model_section(entry["texts"][style]) == snapshot.use_extension(PythonSnapshot)
    parse = entry["modules"][style].parse_root
    for payload in row.accept:
        parse(copy.deepcopy(payload))
    for payload in row.reject:
        with pytest.raises(ValueError):  # ParseError and pydantic's ValidationError both are
            parse(copy.deepcopy(payload))


def _wire(style: str, value: Any) -> dict[str, Any]:
    if style == "dataclass":
        return value.to_dict()
    if style == "pydantic":
        return value.model_dump(exclude_unset=True)
    if style == "msgspec":
        return value.to_dict()
    return value


@pytest.mark.parametrize("style", STYLES)
def test_odd_names_round_trip_to_their_wire_names(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    row = next(r for r in ROWS if r.name == "odd_property_names")
    payload = copy.deepcopy(row.accept[0])
    parsed = generated[row.name]["modules"][style].parse_root(copy.deepcopy(payload))
    assert _wire(style, parsed) == payload


@pytest.mark.parametrize("style", STYLES)
def test_extra_fields_are_kept_even_where_additional_properties_is_false(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    row = next(r for r in ROWS if r.name == "additional_properties")
    payload = copy.deepcopy(row.accept[0])
    parsed = generated[row.name]["modules"][style].parse_root(copy.deepcopy(payload))
    assert _wire(style, parsed) == payload


def test_hostile_descriptions_keep_their_text(generated) -> None:  # type: ignore[no-untyped-def]
    import inspect

    module = generated["hostile_descriptions"]["modules"]["pydantic"]
    doc = " ".join(inspect.cleandoc(module.Root.__doc__).split())  # a long line is filled: its words kept
    assert doc == 'Ends with a quote " and has """ inside, a backslash \\ and {{ 7*7 }} {% include \'x\' %}'
    text = generated["hostile_descriptions"]["texts"]["pydantic"]
    assert "\u2028" not in text and "\u202e" not in text and "\x00" not in text  # escaped, not raw


def test_yaml_traps_come_out_as_the_text_written(generated) -> None:  # type: ignore[no-untyped-def]
    text = generated["yaml_1_1_scalars_stay_strings"]["texts"]["pydantic"]
    assert 'Literal["on", "off", "yes", "no", "1.10", "2024-01-01"]' in text
    assert "``version='1.10'``" in text  # the documented default


def test_schema_support_doc_names_every_row() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "schema-support.md").read_text(encoding="utf-8")
    for row in ROWS:
        assert f"`{row.name}`" in doc, row.name


def evaluate_annotations(module: Any) -> int:
    """Evaluate every annotation of a generated module: ``typing.get_type_hints`` on each
    class it defines (with the module's namespace), each alias's value (a string one
    evaluated there), and a pydantic ``TypeAdapter`` on each alias of the pydantic style.
    Returns how many were evaluated; raises what an expression raises (``None | None``)."""
    import inspect
    import typing

    from pydantic import TypeAdapter

    namespace = vars(module)
    count = 0
    for name, value in list(namespace.items()):
        if isinstance(value, type) and value.__module__ == module.__name__:
            # each class of its MRO in its own module's namespace (a runtime base's in the runtime's)
            typing.get_type_hints(value, include_extras=True)
            count += 1
            # its methods too, which frameworks read (``from_dict``'s ``Self`` is Any at run
            # time); not pydantic's, whose recursive models a method's hints can build too early
            for attribute in list(vars(value).values()) if not module.__name__.endswith("pydantic") else ():
                function = getattr(attribute, "__func__", attribute)
                if inspect.isfunction(function) and function.__module__ == module.__name__:
                    typing.get_type_hints(function, include_extras=True)
                    count += 1
    hints = namespace.get("__annotations__", {})
    for name, hint in hints.items():
        if hint != "TypeAlias" and hint is not typing.TypeAlias:
            continue
        value = namespace[name]
        if isinstance(value, str):
            # a recursive alias held as a string (before Python 3.12, the standard-library
            # styles): evaluated as get_type_hints evaluates a class's annotation of it
            holder = type("Holder", (), {"__annotations__": {"value": value}, "__module__": module.__name__})
            typing.get_type_hints(holder, namespace, namespace, include_extras=True)
            count += 1
            continue
        if module.__name__.endswith("pydantic"):
            TypeAdapter(value)
        count += 1
    for name, value in namespace.items():
        if type(value).__name__ == "TypeAliasType":  # pydantic's recursive aliases
            TypeAdapter(value)
            count += 1
    return count


def test_every_annotation_of_every_generated_module_evaluates(generated) -> None:  # type: ignore[no-untyped-def]
    """No generated module holds a type expression that fails when evaluated (issue 12):
    every row's modules, in every style, and the committed modules of specs/openai.yaml."""
    modules = [m for entry in generated.values() for m in entry["modules"].values()]
    root = Path(__file__).resolve().parent.parent
    modules += [load_module(p) for p in sorted((root / "generated").glob("*.py"))]
    for module in modules:
        evaluate_annotations(module)


def test_every_row_module_passes_mypy_strict_and_ruff(generated) -> None:  # type: ignore[no-untyped-def]
    """One mypy run over the 3 x rows modules (as tests/test_typecheck.py does for the real specs)."""
    import subprocess
    import sys

    directory = Path(next(iter(generated.values()))["modules"]["pydantic"].__file__).parent
    assert len([p for p in directory.glob("*.py") if p.name != "__init__.py"]) == len(STYLES) * len(ROWS)
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-version", "3.10", str(directory)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert mypy.returncode == 0, mypy.stdout[-5000:]
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--target-version", "py310", str(directory)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ruff.returncode == 0, ruff.stdout[-5000:]


# --------------------------- types kept and inline checks of the parsers
# (moved from test_regressions.py: faults found by adversarial testing, each kept as a test
# of its whole kind)


def test_enums_keep_their_type_in_every_style(tmp_path: Path) -> None:
    path = schemas_spec(
        tmp_path,
        """
        C:
          type: object
          properties:
            level: {type: integer, enum: [0, 1]}
            ratio: {type: number, enum: [1, 2]}
            mixed: {enum: [1, a, true]}
            nothing: {type: 'null'}
        """,
    )
    for style, module in generate_modules(path, tmp_path / "out", schemas=("C",)).items():
        module.parse_c({"level": 5, "ratio": 1.5, "mixed": True, "nothing": None})
        for bad in ({"level": True}, {"level": 1.0}, {"nothing": 1}):
            with pytest.raises(ValueError):
                module.parse_c(bad)
            assert style  # every style rejects the same payloads


def test_integer_discriminator_tags(tmp_path: Path) -> None:
    path = schemas_spec(
        tmp_path,
        """
        One: {type: object, required: [k], properties: {k: {type: integer, enum: [1]}, a: {type: string}}}
        Two: {type: object, required: [k], properties: {k: {type: integer, enum: [2]}, b: {type: string}}}
        C: {type: object, properties: {v: {oneOf: [{$ref: '#/components/schemas/One'}, {$ref: '#/components/schemas/Two'}], discriminator: {propertyName: k}}}}
        """,
    )
    for module in generate_modules(path, tmp_path / "out", schemas=("C",)).values():
        module.parse_c({"v": {"k": 2, "b": "x"}})


INLINE_CHECKED = """
C:
  type: object
  required: [object, req_list, req_null_list, req_null_str, req_str]
  properties:
    object: {type: string, enum: [c.chunk]}
    req_list: {type: array, items: {type: string}}
    req_null_list: {type: [array, "null"], items: {type: integer}}
    opt_list: {type: array, items: {type: boolean}}
    req_null_str: {type: [string, "null"]}
    req_str: {type: string}
"""


_VALID = {
    "object": "c.chunk",
    "req_list": ["a"],
    "req_null_list": [1, 2],
    "req_null_str": None,
    "req_str": "s",
}


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"req_list": None}, "req_list"),
        ({"req_list": ["a", 1]}, "req_list[1]"),
        ({"req_list": "a"}, "req_list"),
        ({"req_null_list": [1, True]}, "req_null_list[1]"),
        ({"req_null_list": [1, 1.5]}, "req_null_list[1]"),
        ({"opt_list": [True, "no"]}, "opt_list[1]"),
        ({"req_null_str": 1}, "req_null_str"),
        ({"req_str": None}, "req_str"),
    ],
)
def test_inline_checks_reject_what_the_parsers_reject(tmp_path: Path, change: dict[str, Any], where: str) -> None:
    """The fast inline tests of scalars and scalar lists fall back to the parser, whose error names the place."""
    modules = generate_modules(schemas_spec(tmp_path, INLINE_CHECKED), tmp_path / "out")
    for style, module in modules.items():
        assert module.parse_c(dict(_VALID)) is not None
        assert module.parse_c(dict(_VALID, opt_list=None, req_null_list=None)) is not None
        with pytest.raises(
            ValueError,
            match=re.escape(where if style != "pydantic" else where.replace("[", ".").rstrip("]")),
        ):
            module.parse_c(dict(_VALID, **change))
        for missing in ("req_null_list", "req_null_str", "req_list"):
            data = dict(_VALID)
            del data[missing]
            with pytest.raises(ValueError, match=missing):
                module.parse_c(data)
        if style == "typeddict":  # the same object back: TypedDicts are checked, not copied
            data = dict(_VALID)
            assert module.parse_c(data) is data


@pytest.mark.parametrize("style", STYLES)
def test_a_tuple_merges_as_a_whole_and_round_trips(style: str, generated) -> None:  # type: ignore[no-untyped-def]
    """A tuple field in a stream is one value, taken last (never appended item by item), and
    comes back as the JSON list it was (issue 12: prefixItems)."""
    module = generated["prefix_items_tuples"]["modules"][style]
    acc = module.RootAccumulator()
    acc.add({"pair": ["a", 1], "more": ["x", True], "parts": [{"text": "t"}, None]})
    acc.add({"pair": ["b", 2], "more": ["y"]})
    wire = json.loads(json.dumps(_wire(style, acc.snapshot())))  # a tuple is a JSON list
    assert (wire["pair"], wire["more"], wire["parts"]) == (["b", 2], ["y"], [{"text": "t"}, None])
    parsed = module.parse_root({"pair": ["a", 1], "more": ["x", True], "parts": [{"text": "t"}, None]})
    if style == "dataclass":
        assert parsed.pair == ("a", 1) and parsed.to_dict()["parts"] == [{"text": "t"}, None]
    elif style == "msgspec":  # msgspec.to_builtins keeps tuples: the same JSON once encoded
        assert parsed.pair == ("a", 1) and json.loads(json.dumps(parsed.to_dict()))["parts"] == [{"text": "t"}, None]
    elif style == "pydantic":
        assert parsed.pair == ("a", 1) and parsed.model_dump(mode="json")["parts"] == [{"text": "t"}, None]
    else:
        assert parsed["pair"] == ("a", 1)  # the decoded JSON, its tuple in place (issue 27)
