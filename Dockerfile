# normviz app image: docker build -t normviz:0.1.0 . && docker run --rm -p 8501:8501 normviz:0.1.0
# One Streamlit process per container (about one core); many containers behind a balancer
# with session affinity: deploy/k8s/ (Kubernetes + ingress-nginx) or `make serve` (one machine).
#
# The base is pinned to an exact Python patch release and Debian release.
FROM python:3.11.14-slim-bookworm

# One BLAS thread: one Streamlit process uses about one core (see the Makefile's SERVE_ENV).
ENV OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    STREAMLIT_BROWSER_GATHER_USAGE_STATS=false

WORKDIR /app

# Dependencies first, so code changes reuse this layer. torch comes from its CPU index alone
# (--index-url, no merging of indexes: a package can only come from the index meant for it);
# its 2.13.0+cpu build then satisfies requirements.txt's torch==2.13.0, and the rest comes from
# PyPI, as `make` installs it (pip install -r requirements.txt). No CUDA libraries.
COPY requirements.txt ./
RUN pip install --index-url https://download.pytorch.org/whl/cpu "$(grep -E '^torch==' requirements.txt)" \
 && pip install -r requirements.txt

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
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://localhost:8501/_stcore/health', timeout=4).status != 200)"]
CMD ["streamlit", "run", "app.py", "--server.address=0.0.0.0", "--server.port=8501", "--server.headless=true"]
