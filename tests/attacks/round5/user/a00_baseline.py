"""a00: baseline as the ordinary user: honest (built from source/) and untouched release notebook."""
from u import *
if __name__ == "__main__":
    dest, p = ugrade("00", {"honest": honest_nb(), "untouched": notebook()})

# RESULT (ORDINARY USER, 38 s): honest 24/24 (+6 by hand), untouched 0/30; both "graded" in ~8 s.
