"""Benchmark (not a test): the median wall time of the bundled demo battles.

    python -m tactical.benchmark [COUNT]

plays COUNT seeded battles of each demo (default 20) and prints the median, fastest and slowest times.
"""

from __future__ import annotations

import statistics
import sys
import time

from scenarios.loader import load_data
from tactical.battle import resolve
from tactical.demos import DEMOS, demo_spec


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    count = int(args[0]) if args else 20
    data = load_data()
    for name in DEMOS:
        times = []
        events = []
        for seed in range(count):
            spec = demo_spec(name, seed, data)
            start = time.perf_counter()
            report = resolve(spec)
            times.append(time.perf_counter() - start)
            events.append(len(report.events))
        print(
            f"{name:<16} {count} battles: median {statistics.median(times) * 1000:.0f} ms "
            f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}); "
            f"median {statistics.median(events):.0f} events"
        )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
