"""The grading side: judges, answer keys and nbgrader plug-ins. Never released, never in a student's kernel.

One judge module per assignment (`ps1_memory`, `ps2_ddp`, ...), whose `judge_<check>` functions
decide from what the public probes (`probes/`) observed the student's code do, and raise
AssertionError with a message naming the mistake in the student's words. `judge` binds each
report to its probe call in the cell's trusted source and reaches a verdict; `scores` turns the
verdicts, never the kernel's outputs, into the cell's score; `execute`, `scores`, `feedback` and
`sandbox` are what nbgrader_config.py and tools/grade.py plug into nbgrader; `forkserver` is the warm
process tools/grade.py forks each submission's grading from; `zygote` the kernel template each
sandboxed kernel is forked from (it imports no grader module); `lowpriority` runs the work that may
wait (the next submission's imports) in a thread of low priority.
"""
