"""a03 (held): the kernel is a fork of the kernel template (`python -m autograders.zygote`), whose `linecache` has an
entry for <clone>/autograders/zygote.py: does it hold the text? A cell prints what it can read; the feedback page is
searched for the file's lines.
Also looks in the observer's child (same template) via the judge's failure message."""
import os, sys, glob, hashlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
CELL = r'''
import linecache, hashlib
for k, v in list(linecache.cache.items()):
    if "/autograders/" in k or "/tools/" in k or "/source/" in k:
        print("entry", k, "is a", len(v), "-tuple", repr(v)[:300])
        if len(v) == 1:   # a lazy entry: the loader's get_source, called now
            try:
                lines = v[0]()
                print("lazy get_source ->", type(lines).__name__, len(lines or ""))
            except Exception as e:
                print("lazy get_source raised", type(e).__name__, str(e)[:200])
            print("getlines ->", len(linecache.getlines(k)), "lines")
            continue
        text = "".join(v[2])
        print(f"LEAK {k}: {len(v[2])} lines, {len(text)} chars, sha256 {hashlib.sha256(text.encode()).hexdigest()}")
        print(text)
print("all linecache keys:", sorted(linecache.cache))

def training_memory(model, optimizer):
    import sys, linecache
    obs = sys.modules.get("probes.observer")
    if obs is not None and obs.ACTIVE:
        raise RuntimeError("OBSERVER-LINECACHE %r" % sorted(k for k in linecache.cache if "autograders" in k or "tools" in k))
    return 0
'''
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a03", {("mallory", "ps1_memory"): nb, ("honest", "ps1_memory"): u13.honest("ps1_memory")})
u13.grade(dest)
u13.scores(dest)
real = open(os.path.join(u13.CLONE, "autograders", "zygote.py")).read()
print("real <clone>/autograders/zygote.py:", len(real.splitlines()), "lines, sha256", hashlib.sha256(real.encode()).hexdigest())
for f in glob.glob(f"{dest}/feedback/mallory/ps1_memory/*.html"):
    html = open(f).read()
    print("feedback page", f.replace(dest, "<course>"), len(html), "chars; contains 'LEAK' line:", "LEAK /" in html,
          "; contains zygote's lines:", sum(1 for l in real.splitlines() if len(l) > 40 and l.strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;") in html or (len(l) > 40 and l.strip() in html)), "of", sum(1 for l in real.splitlines() if len(l) > 40))
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("training_memory", "training_memory_counts_tensors"):
        for o in c.get("outputs", []):
            t = o.get("text") or str(o.get("evalue"))
            print("OUTPUT (first 3000 chars):", t[:3000])
            print("OUTPUT last lines:", t[-600:])
