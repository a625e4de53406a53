"""Read YAML with line numbers and without YAML 1.1 coercion surprises.

PyYAML follows YAML 1.1, where ``NO``, ``yes``, ``on`` and ``off`` are booleans, ``1941-12-07`` is a
date, ``010`` is 8 and ``1:30`` is 90.  Campaign data is full of short codes, so this reader follows YAML 1.2's core
schema instead: only ``true`` and ``false`` are booleans, integers are plain decimal digits, dates stay strings.
Duplicate keys, which PyYAML silently overwrites, are errors.

Every value read gets a line number keyed by its path (``("units", 3, "arrival", "turn")``) so that a
validation error can name ``file:line``.

Override folders (``--data DIR``) are the user's files, so reading them is bounded: a file larger than
:data:`MAX_FILE_BYTES` is refused before it is read, aliases (merge keys ``<<: *name`` included) may copy at most
:data:`MAX_ALIAS_NODES` nodes (a "billion laughs" document stops there while it is parsed, not after a billion),
and lists and mappings may nest :data:`MAX_DEPTH` deep.  Each is a :class:`YamlLimitError` naming ``file:line``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent
from yaml.reader import ReaderError
from yaml.resolver import Resolver

from scenarios.errors import InputError

try:  # libyaml's parser, when PyYAML was built with it
    from yaml.cyaml import CParser  # type: ignore[attr-defined]

    _C_PARSER: tuple[type, ...] = (CParser,)
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    _C_PARSER = ()

Path_ = tuple[str | int, ...]

MAX_FILE_BYTES = 1024 * 1024
"""Largest data file read: 1 MiB, checked before reading.

The largest bundled file (``cards/usn.yaml``) is under 90 kB, so this is a dozen times the real need.  PyYAML's
pure-Python parser takes seconds and over 100 MB per MB of YAML (a 25 MB file ran 134 s in 2.3 GB with no
output), so anything much larger cannot be campaign data and is refused at once instead of parsed.
"""

MAX_ALIAS_NODES = 10_000
"""Most nodes that aliases (``*name``, also as merge keys ``<<: *name``) may copy into one file.

An alias names a node written once; reading it makes a copy, so nine levels of nine aliases (the "billion
laughs" document) expand to 10**9 nodes from 1 kB of text.  Each alias counts the nodes of what it names with
that node's own aliases expanded (a mapping counts itself, its keys and its values).  The bundled data copies 38
(``setups.yaml`` re-uses its 19-node VITP control map twice); 10,000 leaves room for override files that share a
block across hundreds of records, while a refused file stops within 10,000 aliases of text.
"""

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings in a file.

The bundled data nests 9 deep at most (``cards/asw.yaml``).  PyYAML composes nested collections recursively, so
100,000 ``[`` ended in ``RecursionError``; this limit stops well inside Python's recursion limit (including
nesting built up by aliases of nested aliases).
"""


class _LimitsComposer(Composer):
    """PyYAML's composer, keeping the limits while it composes (see :class:`StrictSafeLoader`)."""

    depth: int
    copies: int
    shapes: dict[int, tuple[int, int]]
    check_event: Callable[..., bool]  # the parser's (PyYAML's or libyaml's)
    peek_event: Callable[[], Any]

    def _start_limits(self) -> None:
        self.depth = 0
        self.copies = 0
        self.shapes = {}

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(AliasEvent):
            event = self.peek_event()
            node = super().compose_node(parent, index)  # PyYAML refuses an undefined alias
            line = event.start_mark.line + 1
            shape = self.shapes.get(id(node))
            if shape is None:  # named but not composed yet: the alias is inside its own anchor
                raise _Refused(line, f"alias: *{event.anchor} is inside the node it names")
            size, height = shape
            self.copies += size
            if self.copies > MAX_ALIAS_NODES:
                raise _Refused(line, _EXPANSION)
            if self.depth + height > MAX_DEPTH:
                raise _Refused(line, _NESTING)
            return node
        if self.depth >= MAX_DEPTH:
            raise _Refused(self.peek_event().start_mark.line + 1, _NESTING)
        self.depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        if node is not None:
            self.shapes[id(node)] = self._shape(node)
        return node

    def _shape(self, node: yaml.Node) -> tuple[int, int]:
        """(nodes, height) of a node just composed, aliases expanded; its children's shapes are known."""
        if isinstance(node, yaml.SequenceNode):
            children = [self.shapes[id(item)] for item in node.value]
        elif isinstance(node, yaml.MappingNode):
            children = [self.shapes[id(part)] for pair in node.value for part in pair]
        else:
            return 1, 1
        return 1 + sum(size for size, _ in children), 1 + max((height for _, height in children), default=0)


class StrictSafeLoader(_LimitsComposer, yaml.SafeLoader):
    """SafeLoader with YAML 1.2 booleans (``true``/``false`` only) and no implicit timestamps.

    While composing it also keeps the limits: PyYAML composes an alias as the very node it names, so the node
    graph stays as small as the text, but reading it copies that node.  Each node's size and height with its
    aliases expanded (``shapes``) are known once it is composed, so every alias adds its target's size to
    ``copies`` and is refused, at its own line, once that passes :data:`MAX_ALIAS_NODES` or the copy would
    reach deeper than :data:`MAX_DEPTH`; an alias inside the node it names is refused too.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._start_limits()


_REPLACED = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:int")
StrictSafeLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in _REPLACED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
StrictSafeLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))
# YAML 1.2 core integers: no octal "010" = 8, no sexagesimal "1:30" = 90, no "1_000"
StrictSafeLoader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))


class StrictCLoader(_LimitsComposer, *_C_PARSER, SafeConstructor, Resolver):  # type: ignore[misc]
    """:class:`StrictSafeLoader` reading its events with libyaml's parser (PyYAML's ``CParser``, as
    ``yaml.CSafeLoader`` does) when PyYAML was built with it: the same resolvers and the same limits, since the
    nodes are still composed here, many times faster (issue 18).  Only a well-formed file is read this way; any
    problem is read again by :class:`StrictSafeLoader`, so errors are worded as always."""

    def __init__(self, stream: str) -> None:
        _C_PARSER[0].__init__(self, stream)  # type: ignore[misc]
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self._start_limits()


StrictCLoader.yaml_implicit_resolvers = StrictSafeLoader.yaml_implicit_resolvers
FAST_LOADER: type[StrictSafeLoader] | type[StrictCLoader] | None = StrictCLoader if _C_PARSER else None
"""The loader tried first (``None``: PyYAML without libyaml, every file read by :class:`StrictSafeLoader`)."""


class YamlSyntaxError(InputError):
    """A file that is not well-formed YAML (or repeats a key); the message names ``file:line``."""


class YamlLimitError(YamlSyntaxError):
    """A file beyond a safety limit (:data:`MAX_FILE_BYTES`, :data:`MAX_ALIAS_NODES`, :data:`MAX_DEPTH`)."""


_EXPANSION = (
    f"alias expansion: aliases (*name) up to here copy more than {MAX_ALIAS_NODES:,} nodes (limit MAX_ALIAS_NODES)"
)

_NESTING = f"nesting: lists and mappings nested more than {MAX_DEPTH} deep (limit MAX_DEPTH)"


class _Refused(Exception):
    """Raised while composing a document beyond a limit; :func:`read_yaml` adds the file name."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


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
    """Parse ``path``; raises :class:`YamlSyntaxError` naming ``file:line`` on bad syntax or duplicate keys.

    Raises :class:`YamlLimitError` (a :class:`YamlSyntaxError`) for a file over :data:`MAX_FILE_BYTES`, aliases
    expanding beyond :data:`MAX_ALIAS_NODES` or nesting beyond :data:`MAX_DEPTH`, and ``OSError`` if the file
    cannot be read.
    """
    text = _read_text(path)
    if FAST_LOADER is not None:
        try:
            return _parse(path, text, FAST_LOADER)
        except Exception:  # any problem: read again below, for the message as always
            pass
    return _parse(path, text, StrictSafeLoader)


def _parse(path: Path, text: str, kind: type[StrictSafeLoader] | type[StrictCLoader]) -> YamlDocument:
    """:func:`read_yaml` of the ``text`` of ``path`` with a loader of type ``kind``."""
    try:
        loader = kind(text)
    except ReaderError as exc:  # a character YAML does not allow (NUL, most control characters)
        line = text.count("\n", 0, exc.position) + 1
        raise YamlSyntaxError(
            f"{path}:{line}: YAML syntax: character U+{exc.character:04X} is not allowed in YAML"
        ) from exc
    try:
        node = loader.get_single_node()
        doc = YamlDocument(path=path, data=None)
        if node is not None:
            doc.data = _build(node, (), doc, StrictSafeLoader(""))
    except _Refused as exc:
        raise YamlLimitError(f"{path}:{exc.line}: {exc.message}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        raise YamlSyntaxError(f"{path}:{line}: YAML syntax: {exc.problem or exc.context or exc}") from exc
    except yaml.YAMLError as exc:  # unmarked PyYAML errors: still the file's fault, never a traceback
        raise YamlSyntaxError(f"{path}:1: YAML syntax: {exc}") from exc
    except RecursionError:  # MAX_DEPTH should prevent this; never let it escape as a traceback
        raise YamlLimitError(f"{path}:1: nested too deeply to read (limit MAX_DEPTH {MAX_DEPTH})") from None
    finally:
        loader.dispose()
    return doc


def _read_text(path: Path) -> str:
    """The file's text, refusing before reading a file larger than :data:`MAX_FILE_BYTES` or not in UTF-8."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise YamlLimitError(
            f"{path}:1: file size: {size:,} bytes is over the limit of {MAX_FILE_BYTES:,} bytes per data file "
            "(MAX_FILE_BYTES)"
        )
    with path.open("rb") as stream:
        raw = stream.read(MAX_FILE_BYTES + 1)  # the file may have grown since stat()
    if len(raw) > MAX_FILE_BYTES:
        raise YamlLimitError(
            f"{path}:1: file size: over the limit of {MAX_FILE_BYTES:,} bytes per data file (MAX_FILE_BYTES)"
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise YamlSyntaxError(
            f"{path}:{line}: encoding: not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
            "save the file as UTF-8"
        ) from exc


def _build(node: yaml.Node, path: Path_, doc: YamlDocument, loader: StrictSafeLoader) -> Any:
    doc.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node) if isinstance(key_node, yaml.ScalarNode) else None
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
    value = loader.construct_scalar(node)
    try:
        return int(value, 10)
    except ValueError:  # an explicit tag on a non-number: `!!int abc`
        raise ConstructorError(None, None, f"not an integer: {value!r}", node.start_mark) from None


StrictSafeLoader.add_constructor("tag:yaml.org,2002:int", _construct_decimal_int)
