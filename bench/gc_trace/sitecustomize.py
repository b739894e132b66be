"""Loaded by Python at start-up when bench/capacity.py runs the server with `--gc-trace`
(this folder on PYTHONPATH): every garbage collection of every worker over 5 ms, and every
full one, is appended to the file GC_TRACE names as `pid time generation milliseconds
cpu-milliseconds` (the thread's CPU during it: a pause much longer than its CPU is the worker
waiting for a core, not collecting).
The workers inherit the hook from gunicorn's master when they are forked."""

import gc
import os
import time

_path = os.environ.get("GC_TRACE")
_began = [0.0, 0.0]


def _trace(phase: str, info: dict) -> None:
    if phase == "start":
        _began[:] = [time.perf_counter(), time.thread_time()]
        return
    ms = (time.perf_counter() - _began[0]) * 1000
    cpu_ms = (time.thread_time() - _began[1]) * 1000
    if ms > 5 or info["generation"] == 2:
        with open(_path, "a") as out:
            out.write(
                f"{os.getpid()} {time.time():.3f} {info['generation']} {ms:.1f} {cpu_ms:.1f}\n"
            )


if _path:
    gc.callbacks.append(_trace)
