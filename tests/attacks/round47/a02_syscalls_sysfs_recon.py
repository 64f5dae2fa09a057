"""a02: from a kernel: system calls beside the filter's list (fanotify, add_key, request_key, memfd_secret,
name_to_handle_at, futex_waitv, NUMA calls, ioprio RT...), and a timed read of every file of /sys and /proc it sees
(host-wide work at no cost of its own, as es_shrinker_info in round 44). Controls aaron, zoe."""
from harness import *
payload = open("tests/attacks/round47/a02_payload.py").read()
d, r, sc_ = run_class("a02", "ps1_memory", {"mallory": with_payload("ps1_memory", "quiz_q1", payload)})
o = outputs(d, "mallory", "ps1_memory")
i = o.find("RECON")
print(o[i:i+20000])
print("canary in outputs:", "AKIASECRET" in o or "ta:secret" in o)
shutil.rmtree(d)
