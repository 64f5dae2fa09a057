# a00: baseline as uid 65534: an honest ps1 (built from source/, comparison only) and the untouched release.
from u10 import *
ugrade("a00", {"honest": u7.honest(), "untouched": release_nb()})
