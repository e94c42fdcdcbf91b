"""normviz._cpu: the CPU threads numpy's norms may use (OMP_NUM_THREADS, affinity, cgroup quota)."""

from __future__ import annotations

import pytest

from normviz import _cpu


@pytest.mark.parametrize(
    ("setting", "want"), [("1", 1), ("3", 3), (" 2 ", 2), ("0", None), ("-2", None), ("two", None), ("", None)]
)
def test_cpu_threads_follow_omp_num_threads(monkeypatch, setting, want):
    monkeypatch.setenv("OMP_NUM_THREADS", setting)
    monkeypatch.setattr(_cpu.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3, 4, 5}, raising=False)
    monkeypatch.setattr(_cpu, "_cgroup_cpu_quota", lambda: None)
    assert _cpu.cpu_threads() == (want or 6)


@pytest.mark.parametrize(("quota", "want"), [(None, 6), (2, 2), (1, 1), (16, 6)])
def test_cpu_threads_without_a_setting_are_the_cpus_within_the_quota(monkeypatch, quota, want):
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    monkeypatch.setattr(_cpu.os, "sched_getaffinity", lambda pid: set(range(6)), raising=False)
    monkeypatch.setattr(_cpu, "_cgroup_cpu_quota", lambda: quota)
    assert _cpu.cpu_threads() == want


@pytest.mark.parametrize(("files", "want"), [
    ({"cpu.max": "200000 100000\n"}, 2), ({"cpu.max": "150000 100000\n"}, 2), ({"cpu.max": "max 100000\n"}, None),
    ({"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}, None),
    ({"cpu/cpu.cfs_quota_us": "400000\n", "cpu/cpu.cfs_period_us": "100000\n"}, 4), ({}, None),
])  # fmt: skip
def test_cgroup_cpu_quota_is_read_from_v2_or_v1_files(monkeypatch, tmp_path, files, want):
    real_open = open

    def fake_open(path, *args, **kwargs):
        name = str(path).removeprefix("/sys/fs/cgroup/")
        if name not in files:
            raise FileNotFoundError(path)
        target = tmp_path / name.replace("/", "_")
        target.write_text(files[name])
        return real_open(target, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    assert _cpu._cgroup_cpu_quota() == want
