"""a02b: a02's control: the same honest ps2 solution graded alone, by one grading command, with the fork server asked for."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common15 import *  # noqa

dest = course("/tmp/attack15-a02b", {"alice_honest": honest("ps2_ddp")}, "ps2_ddp")
grade(dest, env_extra={"DISTCOURSE_START_METHOD": "forkserver"})
show(dest)
cleanup(dest)
