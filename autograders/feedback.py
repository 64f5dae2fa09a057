"""Feedback that tells students what failed, never how the hidden tests are written.

nbgrader's feedback shows each graded cell with its hidden tests restored and full tracebacks,
which quote the grader's own source lines (nbgrader issue #978). `HideHiddenTests` runs before
nbgrader's own feedback preprocessors: it replaces each hidden-test region with one comment line and
cuts every error down to its type and message, the words the check wrote for the student.
"""

from __future__ import annotations

import re

from nbgrader.preprocessors import NbGraderPreprocessor

HIDDEN = re.compile(r"[ \t]*### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS[ \t]*", re.S)
PLACEHOLDER = "# (hidden tests ran here; what they found is shown below)"


class HideHiddenTests(NbGraderPreprocessor):
    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code":
            cell.source = HIDDEN.sub(PLACEHOLDER, cell.source)
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources
