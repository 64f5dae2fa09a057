"""a03: a test cell's only failure signal that nbgrader sees is an error *output*, which the kernel itself sends.
The untouched release (no exercise solved) plus, in its first answer cell, code that (1) makes IPython send no
error output at all (showtraceback/showsyntaxerror replaced by no-ops), (2) registers an AST transformer that
deletes every `assert` of later cells, and (3) wraps every later cell in try/except so nothing raises. If scores
came from "the test cell raised nothing" this would be full marks; the grader claims scores come from the
observer's verdicts only. Expected: 0 for mallory. Through `python -m grader.grade --course-dir DIR --workers 1`,
mallory + an honest student (control)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common24 import *  # noqa
from common24 import ROOT  # noqa

A = os.environ.get("A", "ps1_memory")
HIDE = r'''
import ast as __ast
__ip = get_ipython()
__ip.showtraceback = lambda *a, **k: None
__ip.showsyntaxerror = lambda *a, **k: None
class __NoAsserts(__ast.NodeTransformer):
    def visit_Assert(self, node):
        return __ast.Pass()
    def visit_Module(self, node):
        self.generic_visit(node)
        body = node.body or [__ast.Pass()]
        node.body = [__ast.Try(body=body, handlers=[__ast.ExceptHandler(type=__ast.Name("BaseException", __ast.Load()), name=None, body=[__ast.Pass()])], orelse=[], finalbody=[])]
        return __ast.fix_missing_locations(node)
__ip.ast_transformers.append(__NoAsserts())
'''


def hostile():
    from tools.submissions import source_and_release
    s, r = source_and_release(A)
    import copy
    nb = copy.deepcopy(r)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source = HIDE + "\n" + c.source
            break
    return nb


def main():
    dest = "/tmp/attack24-a03"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    rc = grade(dest)
    sc = scores(dest)
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
