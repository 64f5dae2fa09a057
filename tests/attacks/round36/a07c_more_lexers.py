"""More delegated lexers (a07): CPU-s per 20,000-character cell."""
import time
from nbconvert.filters.highlight import Highlight2HTML
h = Highlight2HTML(pygments_lexer="ipython3")
N = 20_000
cases = {
 "%%html <style>a{": "%%html\n<style>" + "a{" * (N // 2),
 "%%html <script>/": "%%html\n<script>" + "a/" * (N // 2),
 "%%ruby <<A": "%%ruby\n" + "<<A " * (N // 4),
 "%%ruby %r{": "%%ruby\n" + "%r{" * (N // 3),
 "%%ruby #{": "%%ruby\n\"" + "#{" * (N // 2),
 "%%perl s< newline": "%%perl\n" + "s<\n" * (N // 3),
 "%%perl s<a": "%%perl\n" + "s<a" * (N // 3),
 "%%perl s<<": "%%perl\n" + "s<<" * (N // 3),
 "%%perl m<": "%%perl\n" + "m<" * (N // 2),
 "%%perl s< (40k)": "%%perl\n" + "s<" * 20_000,
}
for k, src in cases.items():
    t = time.process_time(); h(src); dt = time.process_time() - t
    print(f"{k:22s} {dt:7.2f} CPU-s for {len(src):,} chars")
