"""a08: a01 by the other route to a kept log: the submission TIMES OUT (--submission-timeout 40; the kernel writes its
escapes, incl. a bidi override U+202E and a C1 CSI U+009B, then sleeps in the cell). Controls beside."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from common import course, scores, report

PAYLOAD = ("import os, time\n"
           "os.write(2, ('\\x1b[2J\\x1b[H\\x1b]0;PWNED\\x07 \\u202egnp.eveil\\u202c \\u009b31m C1-red \\x1b[8m\\n').encode())\n"
           "time.sleep(300)\n")
root, p = course("a08", "ps1_memory", {"mallory": {"training_memory": PAYLOAD + "def training_memory(model, optimizer):\n    return 0\n"}},
                 extra_args=("--submission-timeout", "40"))
print("scores:", scores(root))
print("report:", report(root))
path = f"{root}/grading_logs/ps1_memory/mallory.log"
if os.path.exists(path):
    data = open(path, "rb").read()
    print("kept log", len(data), "bytes; raw ESC:", data.count(b"\x1b"), "BEL:", data.count(b"\x07"),
          "U+202E:", data.count("\u202e".encode()), "U+009B:", data.count("\u009b".encode()))
    i = data.find(b"\x1b")
    print(repr(data[max(0, i - 80): i + 120]))
else:
    print("no kept log")
