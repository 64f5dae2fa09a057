"""What nbgrader's Formgrader may do in the TA's Jupyter server, for this course.

Formgrader runs inside the TA's Jupyter server (`make lab`), as the TA, and reads the course's
nbgrader_config.py, which calls `install()`. Two of its routes are closed there:

- its "autograde" button (`POST /formgrader/api/submission/<assignment>/<student>/autograde`) ran
  `nbgrader autograde` in the server itself: the hand-in in the notebook's own kernel, as the TA, with the
  TA's environment, past every check and cap of `make grade` (round 37). It answers that grading is done with
  `make grade` now (grader/execute.py refuses such a run too);
- its files of a submission (`/formgrader/submissions/<id>/<path>`) were served from the course folder, the
  path joined unresolved: `..%2f` climbed out of the graded folder to any file of the course (the solutions,
  the gradebook, a hand-in's HTML file), served as a page of the TA's own origin, without the sandbox Jupyter
  puts on its own file routes; one click on a link in a written answer rewrote the class's grades (round 37).
  The graded folder holds the graded notebook only (grader/grade.py), which Formgrader shows through its own
  page, so the route answers 404 for every path.

Nothing here runs unless Formgrader's handlers are loaded (the TA's server); nbgrader's command-line tools,
which read the same configuration, are left as they are.
"""

from __future__ import annotations

import json
import sys

HANDLERS = "nbgrader.server_extensions.formgrader.handlers"
API = "nbgrader.server_extensions.formgrader.apihandlers"
#: What Formgrader's autograde button answers (its page shows `error`).
AUTOGRADE_REFUSED = ("Formgrader does not autograde in this course: submissions are graded with `make grade` "
                     "(python -m grader.grade), which runs each one in the grader's sandbox. Run it, then reload.")


def _no_submission_files(self, *args, **kwargs):
    from tornado import web

    raise web.HTTPError(404, "a graded folder holds its graded notebook only; nothing else of it is served")


def _no_autograde(self, *args, **kwargs):
    self.set_header("Content-Type", "application/json")
    self.write(json.dumps({"success": False, "error": AUTOGRADE_REFUSED, "log": AUTOGRADE_REFUSED}))


def install() -> bool:
    """Close the two routes in this process if Formgrader's handlers are loaded; True if they were."""
    handlers, api = sys.modules.get(HANDLERS), sys.modules.get(API)
    if handlers is not None:
        handlers.SubmissionFilesHandler.get = _no_submission_files
        handlers.SubmissionFilesHandler.head = _no_submission_files
    if api is not None:
        api.AutogradeHandler.post = _no_autograde
    return handlers is not None or api is not None
