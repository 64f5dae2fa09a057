"""a10 (offline): probes.wire.decode, which the judges' room (a root child of the grading process) runs on what a check's
child hands back (student code runs in that child and can write any data on its channel): zero-element tensors with
shapes torch cannot stride, 100,000 dimensions, a 2**40 x 0 tensor. Crash (a core of a root process) or hang?"""
import subprocess
for shape in ("[0, 2**62, 2**62]", "[0]*100000", "[0, 2**63-1, 2**63-1, 2**63-1]", "[2**40, 0]"):
    code = f"""
from probes.wire import decode
try:
    t = decode({{'__tensor__': 'float32', 'shape': {shape}, 'data': ''}}); print('decoded', len(t.shape), 'dims', t.double().numel())
except Exception as e: print(type(e).__name__, str(e)[:100])
"""
    r = subprocess.run(["CLONE/.venv/bin/python", "-c", code], cwd=(__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))), capture_output=True, text=True, timeout=120)
    print(shape, "->", r.returncode, r.stdout.strip(), r.stderr.strip()[-200:])
print("grader/judge.py:564 catches any exception of decode: 'a malformed observation fails the cell, not the grader'")
