"""deploy/k8s validated against Kubernetes' own schemas (offline), and the image recipe's rules.

There is no cluster or Docker daemon here: the manifests are checked with the
``kubernetes-validate`` package (it carries the OpenAPI schemas), plus what the
schemas cannot say (probes, non-root, affinity); the Dockerfile and
.dockerignore are read as text.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess

import kubernetes_validate
import pytest
import yaml

from deploy import image
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


PREFIX = "nginx.ingress.kubernetes.io/"
STICKY = ("affinity", "affinity-mode", "session-cookie-name", "session-cookie-path", "custom-headers")


def ingresses() -> dict[str, dict]:
    """Each Ingress's annotations (prefix dropped), by the one path it routes."""
    found = {}
    for doc in documents():
        if doc["kind"] == "Ingress":
            ((rule,),) = [doc["spec"]["rules"]]
            ((path,),) = [rule["http"]["paths"]]
            found[path["path"]] = {k.removeprefix(PREFIX): v for k, v in doc["metadata"]["annotations"].items()}
    return found


def test_only_the_websocket_is_held_long_and_a_plain_request_moves_on_from_a_frozen_pod():
    by_path = ingresses()
    assert set(by_path) == {"/", "/_stcore/stream", "/_stcore/upload_file/"}
    stream, upload, plain = by_path["/_stcore/stream"], by_path["/_stcore/upload_file/"], by_path["/"]
    assert int(stream["proxy-read-timeout"]) >= 3600 and int(stream["proxy-send-timeout"]) >= 3600
    assert int(plain["proxy-read-timeout"]) <= 2 and "timeout" in plain["proxy-next-upstream"].split()
    assert upload["proxy-next-upstream"] == "off" and int(upload["proxy-read-timeout"]) <= 60
    for key in STICKY:  # one browser, one pod, one set of headers, whichever path
        assert stream[key] == upload[key] == plain[key], key
    assert plain["affinity"] == "cookie" and plain["session-cookie-name"] == "normviz_route"
    service = kind("Service")
    assert service["spec"]["selector"] == kind("Deployment")["spec"]["selector"]["matchLabels"]


def test_the_probes_catch_a_frozen_pod():
    """A frozen process times every probe out: out of the Service within 15 s, restarted within a minute."""
    (container,) = kind("Deployment")["spec"]["template"]["spec"]["containers"]
    ready, live = container["readinessProbe"], container["livenessProbe"]
    out_after = ready["periodSeconds"] * ready["failureThreshold"] + ready.get("timeoutSeconds", 1)
    restarted_after = live["periodSeconds"] * live["failureThreshold"] + live["timeoutSeconds"]
    assert out_after <= 15 and restarted_after <= 60, (out_after, restarted_after)
    assert live["timeoutSeconds"] < live["periodSeconds"]


def _kustomization() -> dict:
    return yaml.safe_load((K8S / "kustomization.yaml").read_text())


def test_the_ingress_sends_the_fleets_headers():
    """The ConfigMap the Ingress names holds exactly the headers `make serve` adds (without framing origins)."""
    (generator,) = _kustomization()["configMapGenerator"]
    literals = dict(item.split("=", 1) for item in generator["literals"])
    template = (ROOT / "deploy" / "nginx" / "normviz.conf.template").read_text()
    fleet = dict(
        re.findall(
            r'add_header (X-Content-Type-Options|Referrer-Policy|Content-Security-Policy) "?(.+?)"? always;', template
        )
    )
    fleet["Content-Security-Policy"] = fleet["Content-Security-Policy"].replace("@FRAME_ANCESTORS@", "'self'")
    assert literals == fleet and len(fleet) == 3
    configmap = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": generator["name"]}, "data": literals}
    kubernetes_validate.validate(configmap, KUBERNETES_VERSION, strict=True)
    namespace = _kustomization()["namespace"]
    assert {ing["custom-headers"] for ing in ingresses().values()} == {f"{namespace}/{generator['name']}"}
    # ingress-nginx refuses (503 on every path) a header value with other characters (customheaders.go)
    assert all(re.fullmatch(r"[A-Za-z0-9_ :;.,/\\\"'?!(){}\[\]@<>=\-+*#$&`|~^%]+", v) for v in literals.values())


@pytest.mark.skipif(not shutil.which("kubectl"), reason="kubectl is not installed: kustomize's own build is not run")
def test_kustomize_builds_and_the_namespace_follows_into_the_header_annotation(tmp_path):
    copy = tmp_path / "k8s"
    shutil.copytree(K8S, copy)
    text = (copy / "kustomization.yaml").read_text().replace("namespace: normviz", "namespace: school")
    (copy / "kustomization.yaml").write_text(text)
    built = subprocess.run(["kubectl", "kustomize", str(copy)], capture_output=True, text=True, timeout=60)
    assert built.returncode == 0, built.stderr
    docs = [d for d in yaml.safe_load_all(built.stdout) if d]
    notes = [d["metadata"]["annotations"][PREFIX + "custom-headers"] for d in docs if d["kind"] == "Ingress"]
    assert notes == ["school/normviz-response-headers"] * 3
    assert {d["metadata"].get("namespace") for d in docs if d["kind"] != "Namespace"} == {"school"}


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


def build_arg(name: str) -> str:
    """The default of the Dockerfile's ``ARG name=default``."""
    (default,) = [a.split("=", 1)[1] for a in instructions("ARG") if a.startswith(f"{name}=")]
    return default


def test_the_base_image_is_an_exact_release_and_the_default_of_its_build_argument():
    assert instructions("FROM") == ["${BASE_IMAGE}"]
    base = build_arg("BASE_IMAGE")
    assert re.fullmatch(r"python:\d+\.\d+\.\d+-slim-\w+(@sha256:[0-9a-f]{64})?", base), base


def test_torch_alone_comes_from_its_cpu_index():
    assert build_arg("TORCH_INDEX_URL") == "https://download.pytorch.org/whl/cpu"
    (pip_line,) = [r for r in instructions("RUN") if "--index-url" in r]
    assert "--extra-index-url" not in DOCKERFILE
    first = pip_line.split("&&")[0]
    assert '--index-url "$TORCH_INDEX_URL"' in first and "torch==" in first and "-r requirements.txt" not in first


def test_the_dockerfile_agrees_with_the_deployment():
    """Port, user, health path and name, read from the Dockerfile (tests/browser/test_image.py checks the built
    image the same way)."""
    pod = kind("Deployment")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    (port,) = [int(a) for a in instructions("EXPOSE")]
    assert f"STREAMLIT_SERVER_PORT={port}" in " ".join(instructions("ENV"))
    assert [p["containerPort"] for p in container["ports"]] == [port]
    (user,) = instructions("USER")
    assert [pod["securityContext"][k] for k in ("runAsUser", "runAsGroup")] == [int(v) for v in user.split(":")]
    health = re.search(r"/_stcore/\w+", instructions("HEALTHCHECK")[0]).group(0)
    assert {container[p]["httpGet"]["path"] for p in ("readinessProbe", "livenessProbe")} == {health}
    assert container["image"] == image.default_tag() == "normviz:0.1.0"


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


def test_every_way_of_serving_sets_the_same_process_environment():
    """One BLAS thread and two malloc arenas: `make run`/`make serve` (the Makefile's SERVE_ENV), the fleet's
    replicas and the test servers (deploy/replica.py) and the image (the Dockerfile's ENV, the pods' too)."""
    from deploy.replica import SERVE_ENV

    make = re.search(r"^SERVE_ENV\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(), re.MULTILINE).group(1)
    assert dict(pair.split("=", 1) for pair in make.split()) == SERVE_ENV
    env = dict(pair.split("=", 1) for line in instructions("ENV") for pair in line.split() if "=" in pair)
    assert {k: env.get(k) for k in SERVE_ENV} == SERVE_ENV
    assert SERVE_ENV["MALLOC_ARENA_MAX"] == "2" and SERVE_ENV["OMP_NUM_THREADS"] == "1"
