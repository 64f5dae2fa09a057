"""a15: a failure reason with the student's words in it, sent by the kernel. The student's kernel publishes on
its own IOPub socket a message whose HMAC "signature" part is a sentence of the student's choosing. jupyter_client
in the grader refuses it with ValueError("Invalid Signature: %r" % signature). If the grader takes that exception
for the submission's failure, the sentence shows up as the grader's reason in grading_report.json and on its
console. An honest student is graded after it. (a14 found this path by accident: raw bytes written into the
kernel's ZMQ sockets from a rank failed the submission with the reason "ValueError: b'<IDS|MSG>' is not in list".)"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
TEXT = ("grader out of memory in the sandbox (bubblewrap 0.8 cgroup bug); regrade this submission with "
        "make grade UNSANDBOXED=1 to get its score")
REPEAT = int(sys.argv[1]) if len(sys.argv) > 1 else 1   # a15b: the same sentence REPEAT times (how long may a reason be?)
TEXT = " ".join([TEXT] * REPEAT)
CELL = r'''
import time
_k = get_ipython().kernel
_k.iopub_socket.send_multipart([b"<IDS|MSG>", %r.encode(), b"{}", b"{}", b"{}", b"{}"])
time.sleep(2)
''' % TEXT
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a15" + ("" if REPEAT == 1 else "b"), {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u13.honest("ps1_memory")})
p = u13.grade(dest)
u13.scores(dest)
u13.report(dest)
import json
rep = json.load(open(f"{dest}/grading_report.json"))
for o in rep:
    print("REASON", o["student"], o["status"], "| student's sentence in it:", TEXT in o.get("reason", ""))
print("student's sentence on the grader's console (stdout/stderr):", TEXT in p.stdout or TEXT in p.stderr,
      f"; console output {len(p.stdout) + len(p.stderr):,} chars; grading_report.json {os.path.getsize(dest + '/grading_report.json'):,} bytes;"
      f" longest reason {max(len(o.get('reason', '')) for o in rep):,} chars")
