"""a24: mallory hands in `timestamp.txt` as a folder (collect copies folders; its link check is for a link only);
nbgrader reads timestamp.txt of each hand-in when it grades. Does it cost anyone but her? Controls aaron, zoe."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("tsdir"); good = solution_nb()
put(d, "aaron", good); p = put(d, "mallory", good); put(d, "zoe", good)
os.makedirs(f"{p}/timestamp.txt/x")
grade(d); scores(d)
