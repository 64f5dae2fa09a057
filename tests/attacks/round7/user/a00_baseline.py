"""a00: baseline as the ordinary user: honest (from source/, comparison only) and untouched release of ps1."""
from u7 import *
ugrade("a00", {"honest": honest(), "untouched": notebook()})
# RESULT (09:12 UTC, ordinary user, --workers 1): honest 24/24 autograded (+6 written = 30 max), untouched 0/30; 98 s.
