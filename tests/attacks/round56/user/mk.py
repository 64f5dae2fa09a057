"""mk.py OUT ASSIGNMENT grade_id=FILE ... : a hand-in made from the release, with those answer cells replaced."""
import json, sys
out, a, *subs = sys.argv[1:]
nb = json.load(open(f"CLONE/release/{a}/{a}.ipynb"))
for s in subs:
    gid, path = s.split("=", 1)
    code = open(path).read()
    hit = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == gid]
    assert hit, gid
    hit[0]["source"] = code
json.dump(nb, open(out, "w"), indent=1)
