"""Recon: what a kernel sees (fds of every process in its sandbox, mounts, cgroup, caps, env)."""
from harness import *
payload = open("tests/attacks/round46/recon_payload.py").read()
d, r, sc = run_class("a01", "ps1_memory", {"mallory": with_payload("ps1_memory", "quiz_q1", payload)})
o = outputs(d, "mallory", "ps1_memory")
i = o.find("RECON")
print(o[i:i+60000])
print("canary in outputs:", "AKIASECRET" in o or "ta:secret" in o)
shutil.rmtree(d)
