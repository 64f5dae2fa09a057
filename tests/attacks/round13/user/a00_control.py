"""a00: control. Two honest students (solutions copied from source/) for ps1, graded as uid 65534."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
dest = u13.course("a00", {("honest", "ps1_memory"): u13.honest("ps1_memory")})
u13.grade(dest)
u13.scores(dest)
