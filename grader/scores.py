"""Scores decided by the grader, not by what the student's kernel printed.

nbgrader's SaveAutoGrades scores a test cell from its outputs (`nbgrader.utils.determine_grade`): no
error means full marks, and the first execute_result is taken as the score itself. Every output is
made by the kernel, which the student controls: one `get_ipython().displayhook("x")` in a
`pre_run_cell` hook gave full marks on every test cell. `SaveVerifiedGrades` replaces that rule for
test cells (graded code cells that are not answers):

- full marks only if the grader's own verdict for the cell (`grader.judge.Verdict`, reached by
  `grader.execute.ResilientExecute` and kept in nbconvert's resources, never in the notebook)
  says that every probe call of the cell's trusted source reported, bound to its call, and was judged
  right;
- and the cell raised nothing: an error output (a visible assert that failed, an exception, the
  grader's own verdict written as an error) can only lower a score to 0. Text on stderr costs nothing
  (nbgrader's rule zeroes a cell for it): a warning from torch, `logging` or a progress bar printed by
  correct code is not a mistake, and the judges decide;
- a test cell with no verdict (never executed, or no probe call to judge) scores 0, with the reason in
  the log. The course's tests require a probe call in every graded test cell of `source/`;
- a test cell deleted from the submission scores 0 (nbgrader leaves it with no score at all, which
  reads as "to grade by hand").

Answer cells (written answers, graded by hand) keep nbgrader's rule, which looks at their checksum, not
at outputs.
"""

from __future__ import annotations

from nbgrader import utils
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import SaveAutoGrades

from grader.execute import VERDICTS
from grader.judge import is_test_cell


def verified_score(cell, verdicts: dict, log=None) -> float:
    """The score of one test cell: its points if the grader's verdict passed and the cell raised nothing."""
    meta = cell.metadata["nbgrader"]
    points = float(meta["points"])
    verdict = verdicts.get(meta["grade_id"])
    if verdict is None:
        if log is not None:
            log.warning("test cell %s has no verdict from the grader: scored 0", meta["grade_id"])
        return 0.0
    if not verdict.passed:
        return 0.0
    if any(output.get("output_type") == "error" for output in cell.get("outputs", [])):
        return 0.0
    return points


class SaveVerifiedGrades(SaveAutoGrades):
    """nbgrader's SaveAutoGrades, with test cells scored from the grader's verdicts only."""

    def preprocess(self, nb, resources):
        # SaveAutoGrades.preprocess, with the deleted test cells scored in the same gradebook session
        self.notebook_id = resources["nbgrader"]["notebook"]
        self.assignment_id = resources["nbgrader"]["assignment"]
        self.student_id = resources["nbgrader"]["student"]
        self.db_url = resources["nbgrader"]["db_url"]
        self._verdicts = resources.get(VERDICTS)
        if self._verdicts is None:
            self.log.error("no verdicts from ResilientExecute: every test cell scores 0 "
                           "(is grader.execute.ResilientExecute in Autograde.autograde_preprocessors?)")
            self._verdicts = {}
        self._present = {cell.metadata["nbgrader"].get("grade_id") for cell in nb.cells if utils.is_grade(cell)}
        self.gradebook = Gradebook(self.db_url)
        with self.gradebook:
            nb, resources = super(SaveAutoGrades, self).preprocess(nb, resources)
            self._score_deleted_test_cells()
        return nb, resources

    def preprocess_cell(self, cell, resources, cell_index):
        if utils.is_grade(cell) and not isinstance(cell.metadata["nbgrader"].get("grade_id"), str):
            return cell, resources  # a graded cell the course does not have (nbgrader dropped its id): no score
        return super().preprocess_cell(cell, resources, cell_index)

    def _add_score(self, cell, resources) -> None:
        if not is_test_cell(cell):
            return super()._add_score(cell, resources)
        grade = self.gradebook.find_grade(cell.metadata["nbgrader"]["grade_id"], self.notebook_id,
                                          self.assignment_id, self.student_id)
        grade.auto_score = verified_score(cell, self._verdicts, self.log)
        grade.needs_manual_grade = grade.manual_score is not None
        self.gradebook.db.commit()

    def _score_deleted_test_cells(self) -> None:
        """A test cell missing from the submission was not passed: 0, not "to grade by hand"."""
        try:
            submitted = self.gradebook.find_submission_notebook(self.notebook_id, self.assignment_id, self.student_id)
        except MissingEntry:
            return
        answers = {c.name for c in submitted.notebook.solution_cells}
        for grade in submitted.grades:
            if grade.name in self._present or grade.name in answers or grade.cell.cell_type != "code":
                continue
            grade.auto_score = 0.0
            grade.needs_manual_grade = grade.manual_score is not None
        self.gradebook.db.commit()
