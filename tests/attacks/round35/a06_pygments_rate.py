"""How fast Pygments' IPython lexer (what Formgrader's highlight_code runs) highlights text a student chooses."""
import time
from nbconvert.filters.highlight import Highlight2HTML
h = Highlight2HTML(pygments_lexer="ipython3")
for n in (10_000, 100_000):
    for pat in (" .a", "a\n", "!a ", "?a\n", "x=f'{"):
        s = pat * (n // len(pat))
        t = time.time(); out = h(s, language="ipython3"); dt = time.time() - t
        print(n, repr(pat), f"{dt:.2f} s, {dt / n * 1e6:.1f} us/char, HTML {len(out) / n:.1f}x")
