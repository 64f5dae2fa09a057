"""a18b: make grade on a18's course (source/ps1_memory replaced by mallory's empty notebook through zip_collect --force)."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = "/tmp/attack39-root-zipdot"
grade(d); scores(d)
