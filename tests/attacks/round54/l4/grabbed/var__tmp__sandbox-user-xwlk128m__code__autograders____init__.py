"""The course's secrets: one judge module per assignment, and the helpers only judges use. Never released,
never visible in a student's kernel or observer (the grading sandbox hides the checkout they live in).

One judge module per assignment (`ps1_memory`, `ps2_ddp`, ...), whose `judge_<check>` functions decide
from what the public probes (`probes/`) observed the student's code do, and raise AssertionError with a
message naming the mistake in the student's words; answer keys (`_QUIZ`) and references live there too.
`common` holds what several judges share (`observed`, tensor and number comparisons, rank errors, quiz
judging). `selftest` is the judge of `ps0`, the tiny assignment the tests grade (not part of the course).

This package imports only `probes` (the public case builders and the wire format), torch and the
standard library, never the grading machinery (`grader/`), which finds a report's judge here by name.
"""
