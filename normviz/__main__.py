"""``python -m normviz``: dispatches to ``normviz.cli`` (the commands, their arguments and their text)."""

import sys

from normviz.cli import main

if __name__ == "__main__":
    sys.exit(main())
