"""a05: bwrap's init (pid 1) and the placeholder (pid 2) are the sandbox's user: can the kernel open their
/proc/<pid>/mem for writing, and do they run under the seccomp filter? (If writable and unfiltered, code written
into them runs without the filter.) Recon only: status fields, /proc/<pid>/syscall, open(mem, O_RDWR)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory") + r'''

import os
_out = []
for _p in (1, 2, 3, os.getpid()):
    try:
        st = {l.split(":")[0]: l.split(":", 1)[1].strip() for l in open(f"/proc/{_p}/status")}
        _out.append(f"{_p}: Seccomp={st.get('Seccomp')} filters={st.get('Seccomp_filters')} NoNewPrivs={st.get('NoNewPrivs')} CapEff={st.get('CapEff')} CapBnd={st.get('CapBnd')} Uid={st.get('Uid')}")
    except Exception as e:
        _out.append(f"{_p}: status {e!r}")
    for f, flags in (("mem", os.O_RDWR), ("mem", os.O_RDONLY), ("syscall", os.O_RDONLY), ("maps", os.O_RDONLY), ("environ", os.O_RDONLY)):
        try:
            fd = os.open(f"/proc/{_p}/{f}", flags)
            try:
                data = os.read(fd, 200) if f != "mem" else b"(opened)"
            except Exception as e:
                data = repr(e).encode()
            os.close(fd)
            _out.append(f"   {f} {'rw' if flags else 'ro'}: OK {data[:120]!r}")
        except Exception as e:
            _out.append(f"   {f} {'rw' if flags else 'ro'}: {e!r}")
print("A05\n" + "\n".join(_out))
'''
d = make_course("a05", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
o = outputs(d, "mallory", A, "training_memory")
print(o[o.find("A05"):][:6000])
