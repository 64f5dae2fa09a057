"""Variants of the %%perl cell (a07): CPU-s of Pygments per 20,000-character cell."""
import time
from nbconvert.filters.highlight import Highlight2HTML
h = Highlight2HTML(pygments_lexer="ipython3")
N = 20_000
for unit in ("s{", "m{", "q{", "s(", "s[", "s<", "tr{", "y{", "qw{", "s{}{", "${", "@{", "s{a"):
    src = "%%perl\n" + unit * (N // len(unit))
    t = time.process_time(); h(src); dt = time.process_time() - t
    print(f"{unit!r:8s} {dt:7.2f} CPU-s")
