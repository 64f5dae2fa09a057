# A5: lone surrogates in what the kernel sends (stream, display, error): can the graded notebook still be written?
import sys
from IPython.display import display
print("lone surrogate: \ud800 end")
sys.stderr.write("stderr surrogate \udfff\n")
display({"text/plain": "display \ud83d"}, raw=True)
