"""Adapters: suites read from a user's own copy of an external benchmark, at run time.

chipbench ships none of their problems. An adapter converts the user's folder into ordinary
task folders in chipbench's cache, so loading, evaluation and `tasks check` work unchanged.
"""
