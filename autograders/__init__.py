"""The grading side: judges, answer keys and nbgrader plug-ins. Never released, never in a student's kernel.

One judge module per assignment (`ps1_memory`, `ps2_ddp`, ...), whose `judge_<check>` functions
decide from what the public probes (`probes/`) observed the student's code do, and raise
AssertionError with a message naming the mistake in the student's words. `judge` reads the
observations from a cell's outputs and applies the verdicts; `execute`, `feedback` and `sandbox`
are what nbgrader_config.py and tools/grade.py plug into nbgrader.
"""
