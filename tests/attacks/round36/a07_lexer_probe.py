"""Which 20,000-character code cell costs Pygments' IPython3 lexer (what Formgrader's highlight_code uses on every
code cell, capped at 20,000 a cell / 200,000 a notebook) the most? Cell magics hand the cell to other lexers."""
import time
from nbconvert.filters.highlight import Highlight2HTML
h = Highlight2HTML(pygments_lexer="ipython3")
N = 20_000
cases = {
 "plain .a": " .a" * (N // 3),
 "%%html <a": "%%html\n" + "<a " * (N // 3),
 "%%javascript /": "%%javascript\n" + "/" * N,
 "%%javascript a/": "%%javascript\n" + "a/[" * (N // 3),
 "%%latex \\": "%%latex\n" + "\\a{" * (N // 3),
 "%%perl": "%%perl\n" + "s{" * (N // 2),
 "%%ruby": "%%ruby\n" + "%w(" * (N // 3),
 "%%bash $(": "%%bash\n" + "$(" * (N // 2),
 "%%bash ${": "%%bash\n" + "${" * (N // 2),
 "%%svg <": "%%svg\n" + "<a " * (N // 3),
 "%%markdown": "%%markdown\n" + "*_" * (N // 2),
 "%%writefile": "%%writefile x\n" + "'" * N,
 "%%python2": "%%python2\n" + "'''" * (N // 3),
 "quote": "'''" + "\\" * N,
 "f-string": "f'" + "{" * N,
 "!shell": "!" + "$(" * (N // 2),
}
for k, src in cases.items():
    t = time.process_time(); h(src); dt = time.process_time() - t
    print(f"{k:20s} {dt:7.2f} CPU-s for {len(src):,} chars")
