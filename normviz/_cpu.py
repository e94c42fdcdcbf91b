"""How many CPU threads numpy's norms may use.

``OMP_NUM_THREADS``, else the CPUs this process may run on, capped by a cgroup CPU quota.
"""

from __future__ import annotations

import os


def cpu_threads() -> int:
    """The threads numpy's norms may use on a large input (``_numpy_rows`` cuts its rows into parts).

    ``OMP_NUM_THREADS`` when it is a positive integer (``make run`` / ``make serve`` set 1:
    one process per core), else the CPUs this process may run on, capped by a cgroup CPU
    quota (a container given 2 of 64 cores gets 2 threads, not 64).
    """
    setting = os.environ.get("OMP_NUM_THREADS", "").strip()
    if setting.isdigit() and int(setting) > 0:
        return int(setting)
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cpus = os.cpu_count() or 1
    quota = _cgroup_cpu_quota()
    return max(1, min(cpus, quota) if quota else cpus)


def _cgroup_cpu_quota() -> int | None:
    """CPUs allowed by the cgroup's quota, rounded up (v2 cpu.max, v1 cfs files); None: no quota."""
    try:
        with open("/sys/fs/cgroup/cpu.max") as f:
            quota, period = f.read().split()[:2]
    except (OSError, ValueError):
        try:
            with open("/sys/fs/cgroup/cpu/cpu.cfs_quota_us") as f:
                quota = f.read().strip()
            with open("/sys/fs/cgroup/cpu/cpu.cfs_period_us") as f:
                period = f.read().strip()
        except OSError:
            return None
    try:
        quota_us, period_us = int(quota), int(period)
    except ValueError:  # "max": no quota
        return None
    if quota_us <= 0 or period_us <= 0:  # v1 writes -1 for no quota
        return None
    return -(-quota_us // period_us)
