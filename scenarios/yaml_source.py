"""Read YAML with line numbers and without YAML 1.1 coercion surprises.

PyYAML follows YAML 1.1, where ``NO``, ``yes``, ``on`` and ``off`` are booleans, ``1941-12-07`` is a
date, ``010`` is 8 and ``1:30`` is 90.  Campaign data is full of short codes, so this reader follows YAML 1.2's core
schema instead: only ``true`` and ``false`` are booleans, integers are plain decimal digits, dates stay strings.
Duplicate keys, which PyYAML silently overwrites, are errors.

Every value read gets a line number keyed by its path (``("units", 3, "arrival", "turn")``) so that a
validation error can name ``file:line``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

Path_ = tuple[str | int, ...]


class StrictSafeLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 booleans (``true``/``false`` only) and no implicit timestamps."""


_REPLACED = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:int")
StrictSafeLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in _REPLACED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
StrictSafeLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))
# YAML 1.2 core integers: no octal "010" = 8, no sexagesimal "1:30" = 90, no "1_000"
StrictSafeLoader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))


class YamlSyntaxError(ValueError):
    """A file that is not well-formed YAML (or repeats a key); the message names ``file:line``."""


@dataclass
class YamlDocument:
    """A parsed file: the plain Python value and the line of every path in it (1-based)."""

    path: Path
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, loc: Path_) -> int:
        """Line of the deepest known prefix of ``loc`` (pydantic locations may go deeper than the data)."""
        for end in range(len(loc), -1, -1):
            line = self.lines.get(tuple(loc[:end]))
            if line is not None:
                return line
        return 1


def read_yaml(path: Path) -> YamlDocument:
    """Parse ``path``; raises :class:`YamlSyntaxError` naming ``file:line`` on bad syntax or duplicate keys."""
    text = path.read_text(encoding="utf-8")
    loader = StrictSafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        raise YamlSyntaxError(f"{path}:{line}: YAML syntax: {exc.problem or exc}") from exc
    finally:
        loader.dispose()
    doc = YamlDocument(path=path, data=None)
    if node is None:
        return doc
    doc.data = _build(node, (), doc, StrictSafeLoader(""))
    return doc


def _build(node: yaml.Node, path: Path_, doc: YamlDocument, loader: StrictSafeLoader) -> Any:
    doc.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)):
                raise YamlSyntaxError(f"{doc.path}:{key_node.start_mark.line + 1}: a key must be a string")
            if key in out:
                raise YamlSyntaxError(
                    f"{doc.path}:{key_node.start_mark.line + 1}: duplicate key {key!r} "
                    f"(first at line {doc.lines[(*path, key)]})"
                )
            doc.lines[(*path, key)] = key_node.start_mark.line + 1
            out[key] = _build(value_node, (*path, key), doc, loader)
            # the key's own line is the most useful place to point at for this field
            doc.lines[(*path, key)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*path, i), doc, loader) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def _construct_decimal_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    return int(loader.construct_scalar(node), 10)


StrictSafeLoader.add_constructor("tag:yaml.org,2002:int", _construct_decimal_int)
