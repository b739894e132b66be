"""What a capacity run measures of the machine (bench/capacity.py): the CPU each kind of
process used, from /proc, and the workers' garbage collections (bench/gc_trace)."""

from __future__ import annotations

import os
from pathlib import Path


def cpu_seconds(pids: list[int]) -> list[float]:
    """Each process's CPU time so far (user + system), from /proc, with that of its children
    that ended (a worker gunicorn replaced counts in its master's)."""
    ticks = os.sysconf("SC_CLK_TCK")
    seconds = []
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            seconds.append(sum(int(field) for field in fields[11:15]) / ticks)
        except (OSError, IndexError, ValueError):
            seconds.append(0.0)
    return seconds


def cpu_by_kind(server: int) -> dict[str, float]:
    """The server's CPU time so far, by kind of process (nginx, the app)."""
    spent: dict[str, float] = {}
    pids = descendants_of(server)
    for pid, seconds in zip(pids, cpu_seconds(pids), strict=True):
        spent[kind_of(pid)] = spent.get(kind_of(pid), 0.0) + seconds
    return spent


def machine_seconds() -> tuple[float, float]:
    """The machine's busy and idle CPU time so far, every core together (/proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK"), idle / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    """A process's children (gunicorn's workers, locust's load processes)."""
    try:
        return [
            int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        ]
    except OSError:
        return []


def descendants_of(pid: int) -> list[int]:
    """Every process under `pid` (nginx's and gunicorn's masters and workers)."""
    found = []
    for child in children_of(pid):
        found += [child, *descendants_of(child)]
    return found


def kind_of(pid: int) -> str:
    """What a server process is, as the CPU report groups them."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "gone"
    return "nginx" if command.startswith(b"nginx") else "app"


def collections_in(trace: Path, window: tuple[float, float]) -> dict[str, float]:
    """The workers' garbage collections within the window (bench/gc_trace): how many full
    ones and the longest pauses, full and young (young ones under 5 ms are not noted), and the
    CPU the longest full one used (less than its pause: the worker waited for a core)."""
    full: list[tuple[float, float]] = []  # (pause, CPU) in ms
    young: list[float] = []
    lines = trace.read_text().splitlines() if trace.exists() else []
    for line in lines:
        _pid, at, generation, ms, cpu_ms = line.split()
        if window[0] <= float(at) <= window[1]:
            if generation == "2":
                full.append((float(ms), float(cpu_ms)))
            else:
                young.append(float(ms))
    longest = max(full, default=(0.0, 0.0))
    return {
        "full collections": len(full),
        "longest full ms": longest[0],
        "longest full cpu ms": longest[1],
        "longest young ms": max(young, default=0.0),
    }
