"""The odds advisor's runs, fought in this process or by worker processes on this machine (issue #18).

The runs are cut into chunks of consecutive run numbers and handed out to a :class:`ProcessPoolExecutor` as the
workers get free; the results are put back in run order before they are tallied, so the report does not depend
on the worker count (R-PERF-01).  The workers are forked, so each inherits the job (the copy of the game and its
data) without pickling it; where processes cannot be forked the runs are fought in this process.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

RunResult = Any
"""A run's result (:class:`strategic.odds.RunResult`): whatever the job's runs give, kept in run order."""

Progress = Callable[[int, int], None]
"""Told ``(runs done, runs in all)`` as the runs come in."""


class OddsJob(Protocol):
    """Runs to fight by number (:class:`strategic.odds.OddsJob`)."""

    def fight(self, run: int) -> RunResult: ...

    def fight_all(self, runs: range) -> list[RunResult]: ...

CHUNKS_PER_WORKER = 8
"""How finely the runs are cut for the workers: enough chunks to share uneven battles out evenly, few enough that
handing them out costs little."""


class OddsCancelled(Exception):
    """The caller's ``cancelled`` said stop (the player left the odds): no report.  Not an error."""


_JOB: OddsJob | None = None
"""The job of the forked workers (set in the parent just before the fork, inherited by the children)."""


def _fight_chunk(first: int, count: int) -> list[RunResult]:
    assert _JOB is not None, "the odds workers are forked with the job"
    return _JOB.fight_all(range(first, first + count))


def chunks(runs: int, workers: int) -> list[tuple[int, int]]:
    """``(first run, count)`` of each chunk, in run order."""
    size = max(1, runs // (workers * CHUNKS_PER_WORKER))
    return [(first, min(size, runs - first)) for first in range(0, runs, size)]


def _worker_signals() -> None:
    """A worker process: Ctrl-C (sent to the whole terminal group) is its parent's to handle, and SIGTERM (the
    parent ending the runs, or anyone) ends it at once, whatever handler it inherited (as strategic.selfplay's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def run_all(job: OddsJob, runs: int, workers: int, progress: Progress | None = None,
            cancelled: Callable[[], bool] | None = None) -> list[RunResult]:
    """The results of runs ``0 .. runs-1`` of ``job``, in run order (module docstring)."""
    if workers == 1 or runs == 1 or not can_fork():
        return _serial(job, runs, progress, cancelled)
    return _parallel(job, runs, workers, progress, cancelled)


def _serial(job: OddsJob, runs: int, progress: Progress | None,
            cancelled: Callable[[], bool] | None) -> list[RunResult]:
    results: list[RunResult] = []
    for run in range(runs):
        if cancelled is not None and cancelled():
            raise OddsCancelled
        results.append(job.fight(run))
        if progress is not None:
            progress(run + 1, runs)
    return results


def _parallel(job: OddsJob, runs: int, workers: int, progress: Progress | None,
              cancelled: Callable[[], bool] | None) -> list[RunResult]:
    global _JOB
    _JOB = job
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_worker_signals)
    done: dict[int, list[RunResult]] = {}
    stopped = False
    try:
        pending: dict[Future[list[RunResult]], int] = {
            pool.submit(_fight_chunk, first, count): first for first, count in chunks(runs, workers)}
        while pending:
            finished, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            if cancelled is not None and cancelled():
                stopped = True
                raise OddsCancelled
            for future in finished:
                done[pending.pop(future)] = future.result()
            if finished and progress is not None:
                progress(sum(len(r) for r in done.values()), runs)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM, SIGHUP (tui.signals): the workers end with the command (R-UI-83)
        stopped = True
        for process in list(pool._processes.values()):  # an executor has no public way to stop a running chunk
            process.terminate()
        raise
    finally:
        pool.shutdown(wait=not stopped, cancel_futures=True)  # a chunk under way when cancelled runs out alone
        _JOB = None
    return [result for first in sorted(done) for result in done[first]]
