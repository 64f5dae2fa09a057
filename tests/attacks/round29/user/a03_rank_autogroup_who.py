"""A03: A02 again, with a root-side monitor that names every process of the autogroup that went to nice 19: its
host pid, NSpid, parent's cmdline, session id, and whether its parent chain holds the observer's launcher
(`grader.sandbox --observer`) or the kernel's (`grader.sandbox -f`). Also times each of mallory's cells from
the grader's log. mallet = spinners only."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *
exec(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a02_rank_autogroup.py")).read().split("root = build")[0].split("from harness import *")[1])

def chain(pid):
    out = []
    for _ in range(12):
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")[:70].decode(errors="replace")
            st = {l.split(":")[0]: l.split(":", 1)[1].strip() for l in open(f"/proc/{pid}/status")}
            stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            break
        out.append(f"{pid}[ns {st.get('NSpid')} sid {stat[3]} uid {st['Uid'].split()[0]} dump? ] {cmd}")
        pid = st["PPid"]
        if pid in ("0", "1"):
            break
    return out

class Who(Monitor):
    def run(self):
        while not self.stop:
            for f in glob.glob("/proc/[0-9]*/autogroup"):
                try:
                    ag = open(f).read().strip()
                    pid = f.split("/")[2]
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
                    if "attack29-user" not in cmd or ag.endswith("nice 0"):
                        continue
                    if (pid, ag) in self.seen:
                        continue
                    self.seen.add((pid, ag))
                    self.log.append(f"{time.strftime('%H:%M:%S')} {ag}\n    " + "\n    ".join(chain(pid)))
                except OSError:
                    pass
            time.sleep(0.1)
import glob
root = build("a03", {
    "mallet": {"training_memory": solution("training_memory") + "\n" + SPIN},
    "mallory": {"training_memory": solution("training_memory") + "\n" + SPIN,
                "two_stage_step": solution("two_stage_step") + "\n" + NICE},
})
with Who() as m:
    grade(root)
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
print("processes of this clone whose autogroup went non-zero:")
print("\n".join(m.log))
