"""a08: a02's primitive on another assignment (ps3_batch), to show it is the launcher's, not ps1's: an untouched
ps3 notebook whose quiz_q1 cell appends a marker to /proc/2/fd/2 (the grader's nbgrader log); a watcher on the
host looks for it in /tmp/grade-kernel-*/nbgrader.log."""
from u7 import *
import threading, glob, time
W = r'''
import os
fd = os.open('/proc/2/fd/2', os.O_WRONLY | os.O_APPEND)
os.write(fd, b'\nR7U-PS3-MARKER unlabelled line from the ps3 kernel\n')
print('written to', os.readlink('/proc/2/fd/2'))
q1 = 'a'
'''
nb = notebook(overrides={"quiz_q1": W}, assignment="ps3_batch")
found = []
stop = []
def watch():
    while not stop:
        for f in glob.glob('/tmp/grade-kernel-*/nbgrader.log'):
            try:
                if b'R7U-PS3-MARKER' in open(f, 'rb').read() and f not in found:
                    found.append(f)
            except OSError:
                pass
        time.sleep(0.3)
threading.Thread(target=watch, daemon=True).start()
final, p = ugrade("a08", {"ps3writer": nb}, assignment="ps3_batch")
stop.append(1)
print('marker found in host logs:', found)
# RESULT (BROKEN, same as a02): the ps3 kernel's unlabelled line reached /tmp/grade-kernel-*/nbgrader.log on the host.
