# normviz app image: docker build -t normviz . && docker run --rm -p 8501:8501 normviz
FROM python:3.11-slim

# One BLAS thread: one Streamlit process uses about one core (see the Makefile's SERVE_ENV).
ENV OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so code changes reuse this layer. The extra index makes
# pip take torch's CPU wheel (2.13.0+cpu sorts above PyPI's CUDA 2.13.0 and
# still satisfies torch==2.13.0): no CUDA libraries, a fraction of the size.
# The container computes on CPU (NORMVIZ_BACKEND picks numpy or torch).
COPY requirements.txt .
RUN pip install --extra-index-url https://download.pytorch.org/whl/cpu -r requirements.txt

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin normviz
COPY . .
# normviz as an installed package (editable, so /app stays the code): Streamlit
# serves the live chart's files from the asset_dir its pyproject.toml declares,
# and reads that manifest only from installed packages. Then plotly.min.js is
# copied from the installed plotly into that folder (it is not in git).
RUN pip install --no-deps -e . && python normviz/ui/live/vendor.py
USER normviz

EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://localhost:8501/_stcore/health', timeout=4).status != 200)"]
CMD ["streamlit", "run", "app.py", "--server.address=0.0.0.0", "--server.port=8501"]
