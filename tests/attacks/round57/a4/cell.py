# A4: does the student's code run at normal priority in a kernel warmed up early (low-priority warm-up thread)?
import os, threading, time
def threads():
    out = []
    for tid in sorted(os.listdir('/proc/self/task'), key=int):
        st = open(f'/proc/self/task/{tid}/stat').read()
        f = st[st.rfind(')') + 2:].split()
        name = open(f'/proc/self/task/{tid}/comm').read().strip()
        out.append(f"{tid}:{name}:nice={f[16]}:policy={f[38]}")
    return out
print("before torch op:", threads())
import torch
print("torch threads", torch.get_num_threads(), torch.get_num_interop_threads())
t0 = time.time(); a = torch.randn(1500, 1500)
for _ in range(20): a @ a
print("matmul s", round(time.time() - t0, 2))
print("after torch op:", threads())
print("main nice", os.getpriority(os.PRIO_PROCESS, 0))
