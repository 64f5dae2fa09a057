"""a19: zip_collect reads each entry of a nested archive whole into memory (setuptools: data = z.read(name)) as
the TA: mallory's 1 MiB zip holding 1 GiB of zeros. Peak memory of the TA's zip_collect (a 1,000-to-1 ratio:
a 6 MB upload is 6 GiB of the TA's memory)."""
import os, sys, subprocess, zipfile, resource, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
d = make_course("zipbomb")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = solution_nb()
for i, s in enumerate(("aaron", "mallory", "zoe")):
    nbformat.write(good, f"{arch}/ps1_memory_{s}_attempt_2024-01-30-15-0{i}-00_ps1_memory.ipynb")
z = f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-09-00_n.zip"
with zipfile.ZipFile(z, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
    with zf.open("zeros.txt", "w", force_zip64=True) as f:
        block = bytes(1 << 20)
        for _ in range(1024): f.write(block)
print("upload size:", os.path.getsize(z), "bytes")
t = time.time()
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, capture_output=True, text=True)
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"zip_collect rc {r.returncode} in {time.time()-t:.1f}s; peak RSS of the TA's zip_collect: {ru.ru_maxrss/1024:.0f} MiB")
print("collected:", sorted(os.listdir(f"{d}/submitted")))
