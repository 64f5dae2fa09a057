"""The grading machinery: not secret, but never in a student's kernel (the sandbox hides this checkout).

nbgrader's plug-ins (configured in nbgrader_config.py): `execute` runs the notebook (kernel warm-up,
output caps, kernel deaths, hand-overs to the observer through `observe`), `judge` binds each probe
report to its call in the cell's trusted source and calls the assignment's judge in `autograders/`,
`scores` turns the verdicts, never the kernel's outputs, into the cell's score, `feedback` hides the
hidden tests and makes the feedback page inert.

Its processes: `sandbox` (bubblewrap, seccomp, cgroups and rlimits around every kernel and observer; the
kernelspec's launcher; the kernel template's handle), `zygote` (the warm kernel template each sandboxed
kernel is forked from: it imports no module of this package), `forkserver` (the warm grader each
submission's grading is forked from), `lowpriority` (work that may wait, in a thread of low priority).

Grading a class (`make grade`): `grade` (submissions, workers, refusals, feedback, the report),
`admission` (how many submissions run at once, by CPU), `class_report` (the class summary). `course`
is the course's layout (paths, assignments, nbgrader, this checkout's packages), shared with `tools/`.
"""
