"""Control: three honest students only, timing baseline."""
from harness import *
d = course("a00")
for s in ("aaron", "bob", "zoe"):
    handin(d, s, honest())
grade(d); scores(d); report(d)
print(os.listdir(d))
