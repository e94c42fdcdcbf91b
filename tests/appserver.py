"""The test suite's app server: ``deploy/replica.py`` (one replica of the fleet), re-exported."""

from deploy.replica import ONE_BLAS_THREAD, ROOT, AppServer, ServerError, free_port, healthy

__all__ = ["ONE_BLAS_THREAD", "ROOT", "AppServer", "ServerError", "free_port", "healthy"]
