"""nbgrader configuration of the course (the repository root is the course directory)."""

import os

from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import AssignLatePenalties, CheckCellMetadata, GetGrades, IgnorePattern, LimitOutput

from grader import formgrader_guard
from grader.exchange import FACTORY as EXCHANGE
from grader.execute import ResilientExecute
from grader.feedback import HideHiddenTests, InertForTheBrowser
from grader.scores import SaveVerifiedGrades

# In the TA's Jupyter server (Formgrader reads this file there): no autograde button, no submission files served;
# and wherever this file is read, nbgrader's Validator refuses a hand-in of this course (it would run it as whoever
# asks). grader/formgrader_guard.py says why.
formgrader_guard.install(os.path.dirname(os.path.abspath(__file__)))

c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file

c.CourseDirectory.course_id = "distcourse"
c.CourseDirectory.root = "."
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.submitted_directory = "submitted"
c.CourseDirectory.autograded_directory = "autograded"
c.CourseDirectory.feedback_directory = "feedback"
# Several graders write at once (grader/grade.py --workers): wait for SQLite's lock, don't fail.
c.CourseDirectory.db_url = "sqlite:///gradebook.db?timeout=120"
# A shared gradebook (make grade with $DISTCOURSE_DB_URL) reaches nbgrader's commands through their environment, never
# their command line, which every local user reads in /proc/<pid>/cmdline (round 47: a student on the grading machine
# read the URL and its password from `nbgrader generate_assignment --CourseDirectory.db_url=...`).
if os.environ.get("DISTCOURSE_DB_URL"):
    from grader.course import guarded_db_url

    c.CourseDirectory.db_url = guarded_db_url(os.environ["DISTCOURSE_DB_URL"])
# Only the notebook travels with an assignment; data is synthetic or ships inside a package.
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__", "*.pt", "*.pth", "checkpoints", ".graded"]

# nbgrader's exchange, every command (grader/exchange.py): each checks, before it touches anything, that the
# exchange's root is sticky and that the course's folders in it are the TA's (round 46: with nbgrader's own commands,
# a student who replaced the course's folder made the TA delete and write outside the course, read other students'
# hand-ins, and served her own release). Collecting (nbgrader collect, Formgrader's Collect button) takes each
# student's notebooks only, never what a link points at, and no folder named for another student; `nbgrader list
# --inbound` lists the user's own hand-ins only (grader/collect.py).
for _command, _class in EXCHANGE.items():
    setattr(c.ExchangeFactory, _command, _class)

# The assignments are part of the course, not of one semester's gradebook: create them on demand.
c.GenerateAssignment.create_assignment = True

# Executing a submission. One cell that never returns costs that cell only: nbgrader interrupts
# the kernel after `timeout` seconds, records a CellTimeoutError for the cell and goes on.
# Hidden tests that launch ranks use helpers.launch timeouts well below this.
c.Execute.timeout = 120
c.Execute.interrupt_on_timeout = True
c.Execute.execute_retries = 0
# The kernel's sandbox (its folder, /tmp, its processes) is thrown away after the notebook: nothing
# is lost by killing it at once instead of asking it to shut down and waiting.
c.Execute.shutdown_kernel = "immediate"
# nbgrader's preprocessor list with two swaps. ResilientExecute: a cell that kills its kernel
# (os._exit, segfault, OOM killer) or will not stop loses that cell, not the notebook; output is
# capped while it is received; each test cell's probe reports are judged here, in the grader's
# process (grader/judge.py), and the verdict kept in the grader's memory. SaveVerifiedGrades
# scores test cells from those verdicts only: nothing the kernel prints or displays raises a score
# (grader/scores.py).
c.Autograde.autograde_preprocessors = [
    ResilientExecute, IgnorePattern, ClearMetadataPreprocessor, LimitOutput, SaveVerifiedGrades,
    AssignLatePenalties, CheckCellMetadata, InertForTheBrowser,
]
# The graded notebook holds nothing a browser runs (markdown sanitised, outputs plain text and images):
# nbgrader's Formgrader, where the TA reads it, renders markdown unsanitised (grader/feedback.py).
# Output kept from a submission, as it is received (the rest is cut, with a note in the cell).
c.ResilientExecute.max_message_bytes = 1_000_000
c.ResilientExecute.max_cell_bytes = 2_000_000
c.ResilientExecute.max_notebook_bytes = 10_000_000
# And after execution, in lines (nbgrader's own limit).
c.LimitOutput.max_lines = 400
c.LimitOutput.max_traceback = 60

# Students see each failing check's message in their feedback, never the hidden tests' code
# (nor the grader's source lines that a full traceback would quote).
c.GenerateFeedback.preprocessors = [HideHiddenTests, GetGrades, CSSHTMLHeaderPreprocessor]
# What a kernel displays (text/html, JavaScript) is the student's: shown escaped, never run, in the
# feedback page. Markdown cells are sanitised by HideHiddenTests.
c.HTMLExporter.sanitize_html = True

c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"

# Written answers carry their rubric for the TA between "### BEGIN MARK SCHEME" and
# "### END MARK SCHEME" in the answer cell itself; the release step removes it.
c.ClearMarkScheme.enforce_metadata = False
