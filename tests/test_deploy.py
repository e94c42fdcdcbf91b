"""deploy/k8s validated against Kubernetes' own schemas (offline), and the image recipe's rules.

There is no cluster or Docker daemon here: the manifests are checked with the
``kubernetes-validate`` package (it carries the OpenAPI schemas), plus what the
schemas cannot say (probes, non-root, affinity); the Dockerfile and
.dockerignore are read as text.
"""

from __future__ import annotations

import fnmatch
import re
import subprocess

import kubernetes_validate
import pytest
import yaml

from tests.helpers.appserver import ROOT

K8S = ROOT / "deploy" / "k8s"
KUBERNETES_VERSION = "1.33.0"
MANIFESTS = sorted(p for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")


def documents():
    return [doc for path in MANIFESTS for doc in yaml.safe_load_all(path.read_text()) if doc]


def kind(name: str) -> dict:
    (doc,) = [d for d in documents() if d["kind"] == name]
    return doc


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_manifest_is_valid_kubernetes(path):
    for doc in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)  # raises on any error


def test_the_validator_rejects_a_broken_manifest():
    broken = kind("Deployment")
    broken["spec"]["template"]["spec"]["containers"][0]["resources"]["limit"] = {"cpu": "1"}  # a typo'd field
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def test_kustomization_lists_every_manifest():
    listed = yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == [p.name for p in MANIFESTS]


def test_the_deployment_is_probed_limited_and_unprivileged():
    spec = kind("Deployment")["spec"]["template"]["spec"]
    (container,) = spec["containers"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/_stcore/health"
    assert set(container["resources"]) == {"requests", "limits"}
    assert {"cpu", "memory"} <= set(container["resources"]["requests"]) & set(container["resources"]["limits"])
    assert spec["securityContext"]["runAsNonRoot"] is True and spec["securityContext"]["runAsUser"] != 0
    sc = container["securityContext"]
    assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
    assert sc["capabilities"]["drop"] == ["ALL"]
    mounts = {m["mountPath"] for m in container["volumeMounts"]}
    assert "/tmp" in mounts  # the only writable place, and $HOME points there
    assert {"name": "HOME", "value": "/tmp"} in container["env"]


def test_the_ingress_sticks_by_cookie_and_holds_websockets():
    notes = kind("Ingress")["metadata"]["annotations"]
    prefix = "nginx.ingress.kubernetes.io/"
    assert notes[prefix + "affinity"] == "cookie"
    assert int(notes[prefix + "proxy-read-timeout"]) >= 3600 and int(notes[prefix + "proxy-send-timeout"]) >= 3600
    service = kind("Service")
    assert service["spec"]["selector"] == kind("Deployment")["spec"]["selector"]["matchLabels"]


def test_the_autoscaler_scales_the_deployment():
    hpa = kind("HorizontalPodAutoscaler")["spec"]
    assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "normviz"}
    assert 1 <= hpa["minReplicas"] <= hpa["maxReplicas"]


# --- the image -------------------------------------------------------------------

DOCKERFILE = (ROOT / "Dockerfile").read_text()


def instructions(name: str) -> list[str]:
    """The arguments of every ``name`` instruction, continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    return [line.split(None, 1)[1] for line in text.splitlines() if line.upper().startswith(name + " ")]


def test_the_base_image_is_an_exact_release():
    (base,) = instructions("FROM")
    assert re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+(@sha256:[0-9a-f]{64})?", base), base


def test_torch_alone_comes_from_its_cpu_index():
    (pip_line,) = [r for r in instructions("RUN") if "--index-url" in r]
    assert "--extra-index-url" not in DOCKERFILE
    first = pip_line.split("&&")[0]
    assert "download.pytorch.org/whl/cpu" in first and "torch==" in first and "-r requirements.txt" not in first


def test_the_image_runs_unprivileged_with_a_health_check():
    (user,) = instructions("USER")
    assert user.split(":")[0] not in ("root", "0")
    assert "/_stcore/health" in instructions("HEALTHCHECK")[0]


def copied_sources() -> list[str]:
    sources = []
    for args in instructions("COPY"):
        *src, _dest = args.split()
        sources += [s.rstrip("/") for s in src if not s.startswith("--")]
    return sources


def ignored(path: str, patterns: list[str]) -> bool:
    """Docker's rule for a .dockerignore: the last matching pattern wins, ``!`` re-includes."""
    result = False
    for pattern in patterns:
        negate, pat = pattern.startswith("!"), pattern.lstrip("!").rstrip("/")
        candidates = [pat, pat[3:]] if pat.startswith("**/") else [pat]
        parts = path.split("/")
        prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
        suffixes = ["/".join(parts[i:]) for i in range(len(parts))]
        hit = any(fnmatch.fnmatchcase(p, c) for c in candidates for p in prefixes)
        if pat.startswith("**/"):
            hit = hit or any(fnmatch.fnmatchcase(s, candidates[1]) for s in suffixes)
        if hit:
            result = not negate
    return result


def test_dockerignore_agrees_with_the_copy_allow_list(tmp_path):
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    sources = copied_sources()
    assert sources, "no COPY in the Dockerfile"
    for path in tracked:
        wanted = any(path == s or path.startswith(s + "/") for s in sources) and "__pycache__" not in path
        assert ignored(path, patterns) is not wanted, (path, "copied" if wanted else "not copied")
    for secret in (
        ".env",
        "deploy/.env",
        "id_rsa.key",
        "normviz/.env",
        "normviz/server.pem",
        ".streamlit/secrets.toml",
    ):
        assert ignored(secret, patterns), secret
