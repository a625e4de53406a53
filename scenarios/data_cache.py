"""A cache of the loaded campaign data (issue 18): every ``vas`` command starts by loading the YAML, so the data
last loaded is kept, pickled, in the user's cache folder and used again while nothing it came from has changed.

The key is a SHA-256 hash of everything the load reads and does: the version of this cache's format, the Python
and pydantic versions, the source of the ``scenarios`` package (the loader, the models and the checks), the
folders given (bundled data, then each ``--data`` override folder, as named) and the name and bytes of every data
file in them.  A changed, added or removed file, in the bundled data or an override folder, gives another key, so
the cache is never stale.  Only data that loaded without problems is kept: a load with errors is read afresh and
reported, naming file and field, as always.

The folder is ``$VAS_CACHE_DIR``, else ``$XDG_CACHE_HOME/victory-at-sea``, else ``~/.cache/victory-at-sea``;
``VAS_NO_CACHE=1`` turns the cache off.  A cache that cannot be read or written is passed over silently.  The
cache is a pickle: it is read only from that folder, which is the user's own.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

FORMAT = 1  # bump when what is pickled changes shape without a change in the scenarios package
KEPT = 4  # cache files kept (the newest); older ones are removed when one is written

T = TypeVar("T")


def cache_dir() -> Path | None:
    """The cache folder, or ``None`` when the cache is off (``VAS_NO_CACHE``)."""
    if os.environ.get("VAS_NO_CACHE", "") not in ("", "0"):
        return None
    chosen = os.environ.get("VAS_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "victory-at-sea"


def key(folders: Iterable[Path], files_of: Callable[[Path], list[Path]]) -> str:
    """The hash of the data files in ``folders`` (listed by ``files_of``, as the loader lists them), their names and
    bytes, and of the code that loads them."""
    import pydantic
    import yaml

    digest = hashlib.sha256()

    def part(label: str, value: bytes) -> None:
        digest.update(f"{label}:{len(value)}:".encode())
        digest.update(value)

    part("format", str(FORMAT).encode())
    part("python", sys.version.encode())
    part("pydantic", pydantic.VERSION.encode())
    part("pyyaml", f"{yaml.__version__} {yaml.__with_libyaml__}".encode())
    package = Path(__file__).parent
    for source in sorted(package.glob("*.py")):
        part(f"code {source.name}", source.read_bytes())
    for folder in folders:
        part("folder", str(folder).encode())
        for path in files_of(folder):
            part("file", str(path.relative_to(folder)).encode())
            part("bytes", path.read_bytes())
    return digest.hexdigest()


def cached(folders: list[Path], files_of: Callable[[Path], list[Path]], load: Callable[[], T]) -> T:
    """The data of ``folders`` from the cache when it holds them, else ``load()`` (kept in the cache)."""
    where = cache_dir()
    if where is None:
        return load()
    try:
        name = key(folders, files_of)
    except OSError:  # a file that cannot be read: the loader reports it
        return load()
    path = where / f"data-{name}.pickle"
    try:
        with path.open("rb") as stream:
            return pickle.load(stream)  # type: ignore[no-any-return]
    except Exception:  # missing, unreadable or broken: loaded afresh
        pass
    data = load()
    try:
        unchanged = key(folders, files_of) == name  # a file changed while it was loaded: not kept
    except OSError:
        unchanged = False
    if unchanged:
        _store(where, path, data)
    return data


def _store(where: Path, path: Path, data: object) -> None:
    """Write ``data`` to ``path`` atomically (a reader never sees half a file); old cache files are removed."""
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=where, prefix=".data-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as stream:
                pickle.dump(data, stream, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        old = sorted(where.glob("data-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)[KEPT:]
        for stale in old:
            stale.unlink(missing_ok=True)
    except Exception:  # a cache that cannot be written is passed over: the data is loaded
        pass


__all__ = ["cache_dir", "cached", "key"]
