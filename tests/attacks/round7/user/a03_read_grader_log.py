"""a03: what the kernel reads from the grader's own nbgrader log (reopened via /proc/2/fd/2, see a02) while its
notebook is graded: read in the last answer cell (quiz_q5), after every earlier test cell was judged; plus
bwrap init's environment (/proc/1/environ: the grader's PATH).  An honest student is graded after it."""
from u7 import *
READ = r'''
import os
data = open('/proc/2/fd/2', 'rb').read()
print('LOG BYTES', len(data))
print(data[-6000:].decode('utf-8', 'replace'))
print('PID1 ENV', open('/proc/1/environ','rb').read())
q5 = 'a'
'''
nb = notebook(overrides={"quiz_q5": READ})
final, p = ugrade("a03", {"logreader": nb, "zz_honest": honest()})
outputs(final, "logreader")
# RESULT: the kernel reads the grader's own log of its submission while it is graded (4.5 kB here: nbgrader's
# warnings, incl. each test cell's stored checksum "should be: <md5>", the sandbox's labelled lines, the connection
# file's host path) and /proc/1/environ (the grader's PATH).  Nothing secret seen in it at WARN level.
# zz_honest, graded right after, 24/24 (unaffected).
