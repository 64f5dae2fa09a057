"""A15: with bob's cache of the course 0700 (round 48), what eve still learns from its metadata in his 0755 home:
`stat` needs no permission on the folder itself, only on the folders above (0755). A folder's link count is 2 plus its
subfolders: one subfolder per hand-in, so how many times bob submitted, and its change time when he last did."""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(__file__))
from exch import as_user, PY
code = r'''
import os, time
p = "/home/bob49/.local/share/jupyter/nbgrader_cache/distcourse"
s = os.stat(p)
print(f"eve: mode {oct(s.st_mode & 0o777)}, bob's hand-ins in the cache: {s.st_nlink - 2}, last at {time.strftime('%H:%M:%S', time.gmtime(s.st_mtime))} UTC")
try: os.listdir(p)
except OSError as e: print("eve's listing:", e.strerror)
'''
as_user(2491, [PY, "-c", code], "/home/eve49")
print("as root, the truth:", subprocess.run("ls /home/bob49/.local/share/jupyter/nbgrader_cache/distcourse | wc -l", shell=True, capture_output=True, text=True).stdout.strip())
