"""Fix check for break 4: the same %%perl s< cell and round 35's " .a" under the plain python3 lexer."""
import time
from nbconvert.filters.highlight import Highlight2HTML
for lexer in ("ipython3", "python3"):
    h = Highlight2HTML(pygments_lexer=lexer)
    for k, src in (("%%perl s<", "%%perl\n" + "s<" * 9_990), ("' .a'", " .a" * 6_666), ("!s<", "!" + "s<" * 9_990)):
        t = time.process_time(); h(src); print(f"{lexer:9s} {k:10s} {time.process_time() - t:6.2f} CPU-s")
