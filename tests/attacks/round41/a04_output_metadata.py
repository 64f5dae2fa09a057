"""a04: output metadata in the pages: <img> width/height and 'filenames' (an src of the student's) from a
display's metadata, in the feedback page and in the graded notebook Formgrader shows."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
CODE = r'''q1 = "b"
import base64
from IPython.display import display
png = base64.b64encode(bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e5270ddc0000000049454e44ae426082")).decode()
display({"image/png": png, "text/plain": "tiny"}, raw=True,
        metadata={"image/png": {"width": 100000, "height": 100000, "unconfined": True},
                  "filenames": {"image/png": "https://attacker.invalid/track.png?who=ta"}})
'''
d = make_course("a04")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": CODE}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
import re
for where in (f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
    t = open(where).read()
    print(where, "100000:", t.count("100000"), "attacker.invalid:", t.count("attacker.invalid"))
    for m in re.finditer(r"<img[^>]{0,300}", t): print("  IMG", m.group(0)[:300])
