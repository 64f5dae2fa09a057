"""a01: from the kernel (quiz_q1 cell), scan every process visible in the sandbox for 20 s: uid, its root and
cwd links (a process of the same uid whose root is the host's is an escape), every fd link (a host directory fd
reachable through /proc/<pid>/fd is an escape), environ (canaries); also list own fds and mountinfo."""
from common import *
PROBE = r'''
q1 = "b"
import os, time, json
seen = {}
found = []
def scan():
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        d = f'/proc/{p}'
        try:
            st = os.stat(d)
        except OSError: continue
        info = seen.setdefault(p, {'uid': st.st_uid})
        for what in ('root', 'cwd', 'exe'):
            try: info[what] = os.readlink(f'{d}/{what}')
            except OSError as e: info.setdefault(what, 'E' + str(e.errno))
        try: info['cmd'] = open(f'{d}/cmdline','rb').read()[:200].replace(b'\0', b' ').decode('latin1')
        except OSError as e: pass
        try:
            env = open(f'{d}/environ','rb').read()
            info['env_len'] = len(env)
            if b'AKIA' in env or b'secret' in env: found.append(('ENV', p, env[:300]))
        except OSError as e: info.setdefault('env', 'E' + str(e.errno))
        try:
            fds = {}
            for fd in os.listdir(f'{d}/fd'):
                try: fds[fd] = os.readlink(f'{d}/fd/{fd}')
                except OSError as e: fds[fd] = 'E' + str(e.errno)
            info.setdefault('fds', {}).update(fds)
        except OSError as e: info.setdefault('fdlist', 'E' + str(e.errno))
        # try to list a host dir via root link
        try:
            info['root_ls'] = sorted(os.listdir(f'{d}/root/'))[:30]
        except OSError as e: info['root_ls'] = 'E' + str(e.errno)
t = time.time()
while time.time() - t < 20:
    scan(); time.sleep(0.05)
# try to open every dir fd of others
for p, info in seen.items():
    for fd, tgt in info.get('fds', {}).items():
        if tgt.startswith('/') and not tgt.startswith('/dev'):
            try:
                x = os.listdir(f'/proc/{p}/fd/{fd}')
                found.append(('DIRFD', p, fd, tgt, x[:20]))
            except Exception as e:
                pass
print('SELF uid', os.getuid(), os.getgid(), 'pid', os.getpid())
print(json.dumps(seen, indent=0)[:30000])
print('FOUND', found)
print(open('/proc/self/mountinfo').read()[:6000])
print(open('/proc/self/status').read())
'''
c = make_course("a01")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
grade(c)
print(open(c + "/grades.csv").read())
nb = nbformat.read(c + "/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
for cell in nb.cells:
    if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in cell.outputs:
            print(o.get("text", o)[:40000] if isinstance(o.get("text"), str) else o)
