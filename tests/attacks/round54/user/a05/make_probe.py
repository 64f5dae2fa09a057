"""a05: a ps1 hand-in (release + one probing cell at the top) that looks, from a graded kernel, at the new launch
network code, the rank output relay, and the host: can it make a namespace, reach the host's abstract sockets,
or flood through ranks' relays? Written by the student (any uid); graded by the TA's make grade."""
import json, sys
nb = json.load(open("CLONE/release/ps1_memory/ps1_memory.ipynb"))
probe = r'''
import os, sys, socket, json, subprocess
out = {}
sys.path.insert(0, "CLONE") if os.path.isdir("CLONE") else None
try:
    import helpers._private_network as pn
    out["create"] = repr(pn._create())
except Exception as e:
    out["create"] = repr(e)
out["tmp"] = sorted(os.listdir("/tmp"))[:20]
out["proc_pids"] = sorted(p for p in os.listdir("/proc") if p.isdigit())
try:
    out["net_unix"] = open("/proc/net/unix").read()[:600]
except Exception as e:
    out["net_unix"] = repr(e)
for path in ["NOTES/home/secret.txt", "CLONE/gradebook.db", "/tmp/torchinductor_ta54"]:
    out[path] = os.path.exists(path)
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    s.connect("\0listener-x"); out["abstract"] = "connected"
except Exception as e:
    out["abstract"] = repr(e)
print(json.dumps(out, indent=1)[:4000])
import helpers
def flood():
    import os
    for i in range(200000):
        print("x" * 100)
    return os.getpid()
try:
    r = helpers.launch(flood, 2, timeout=60)
    print("launch returned", r)
except Exception as e:
    print("launch raised", repr(e)[:300])
'''
nb["cells"].insert(0, {"cell_type": "code", "execution_count": None, "id": "a54probe", "metadata": {}, "outputs": [],
                       "source": probe})
json.dump(nb, open(sys.argv[1], "w"), indent=1)
