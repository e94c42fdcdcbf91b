"""What the tests share, one module per concern; test modules import these, never each other.

- ``pages``: Streamlit AppTest runs of a page and readers of its output (figures, tables, text, the URL).
- ``appserver``: a real ``streamlit run`` on a free port, stopped even when a test fails.
- ``browser``: Playwright helpers for the tests in ``tests/browser/`` (open a page, wait for a run, read plots).
- ``markup``: what a page writes as live markdown (for the literal-text checks).
- ``qkcheckpoints``: small QK-norm checkpoints written for the checkpoint tests.
- ``processguard``: no process a test starts outlives the session (registered in ``tests/conftest.py``).
- ``figures``: a figure dict's validity (``assert_valid``) and its freedom from plotly objects.
"""
