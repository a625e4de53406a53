"""Benchmark (not a test): the median wall time of the bundled demo battles, and one battle timed by where its
time goes (:func:`time_battle`, for ``vas bench``).

    python -m tactical.benchmark [COUNT]

plays COUNT seeded battles of each demo (default 20) and prints the median, fastest and slowest times.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from scenarios.loader import load_data
from tactical.battle import BattleSpec, fight, resolve, set_up
from tactical.demos import DEMOS, demo_spec
from tactical.dice import Dice

MOVE_QUESTIONS = ("choose_order", "plan_move")
"""The questions a captain answers for one ship's move (000 Movement Phase: its Order, then its move)."""
GUNNERY_RULE = "000 Gunnery Phase"


class TimedCaptain:
    """A captain passed through unchanged (every answer is the inner captain's), with the wall time spent in each
    of its questions (:attr:`seconds`) and how often each was asked (:attr:`calls`)."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        answer = getattr(self._inner, name)
        if not callable(answer):
            return answer

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return answer(*args, **kwargs)
            finally:
                self.seconds[name] += time.perf_counter() - start
                self.calls[name] += 1

        return timed


@dataclasses.dataclass(frozen=True)
class BattleTiming:
    """One battle timed: the whole (set-up, turns, report; as :func:`~tactical.battle.resolve`), the time in its
    captains' answers (the AI), the ships' move decisions (an Order and a move each) and the time they took, and
    the Attack Dice the ships' gunnery rolled; ``events``: the battle's event log as JSON."""

    seconds: float
    captain_seconds: float
    move_decisions: int
    move_seconds: float
    attack_dice: int
    events: tuple[dict[str, Any], ...]

    @property
    def rules_seconds(self) -> float:
        """The battle's time outside its captains: the rules."""
        return self.seconds - self.captain_seconds


def time_battle(spec: BattleSpec, dice: Dice | None = None) -> BattleTiming:
    """Fight ``spec`` as :func:`~tactical.battle.resolve` does (same dice, same captains, same battle), with each
    side's captain in a :class:`TimedCaptain` from the first turn (the answers of the set-up, deployment and
    scouting, count as the rules' time)."""
    start = time.perf_counter()
    ready = set_up(spec, dice=dice)
    the_dice = ready.battle.dice
    timed = (TimedCaptain(ready.captains[0]), TimedCaptain(ready.captains[1]))
    report = fight(spec, dataclasses.replace(ready, captains=timed))  # type: ignore[arg-type]
    seconds = time.perf_counter() - start

    def total(pick: Callable[[TimedCaptain], float]) -> float:
        return sum(pick(c) for c in timed)

    return BattleTiming(
        seconds=seconds,
        captain_seconds=total(lambda c: sum(c.seconds.values())),
        move_decisions=int(total(lambda c: c.calls["plan_move"])),
        move_seconds=total(lambda c: sum(c.seconds[q] for q in MOVE_QUESTIONS)),
        attack_dice=sum(len(r.faces) for r in the_dice.log if r.rule.startswith(GUNNERY_RULE)),
        events=tuple(e.to_json() for e in report.events),
    )


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
