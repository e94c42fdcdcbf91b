"""Chromium tests; a package, so their module names (test_dof, ...) never clash with the unit tests beside normviz
modules."""
