"""What every ``python -m normviz`` command shares: one-line errors and a quiet closed pipe.

Bad arguments give a one-line error on stderr and exit status 2. A reader that
closes the pipe early (``| head -1``) ends the program quietly with status 141
(128 + SIGPIPE), as a shell tool killed by SIGPIPE reports it.
"""

from __future__ import annotations

import argparse
import os
import sys

EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error (``prog: error: message``, status 2), not usage + message."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def emit(text: str) -> int:
    """Print ``text``; 0, or 141 when the reader has closed the pipe (no traceback)."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader is gone: send what Python still flushes at exit to /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    return 0
