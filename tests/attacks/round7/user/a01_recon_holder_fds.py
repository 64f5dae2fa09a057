"""a01: recon from inside an ordinary-user sandbox (forked kernel): every process visible in the kernel's PID
namespace (bwrap's init, the placeholder 'holder'), their fds (readlink) and whether /proc/<pid>/fd is open to
the kernel, environ of each, the runtime folder (writable? what's in it), mounts, rlimits, ucounts-related
per-user limits (sigpending, pipe pages), what the kernel can signal.  No score expected."""
from u7 import *
RECON = r'''
import os, resource, glob, json, stat
out = {}
for pid in sorted(p for p in os.listdir('/proc') if p.isdigit()):
    d = {}
    try: d['cmd'] = open(f'/proc/{pid}/cmdline','rb').read().replace(b'\0',b' ')[:150].decode('latin1')
    except Exception as e: d['cmd'] = repr(e)
    try: d['status'] = [l for l in open(f'/proc/{pid}/status') if l.split(':')[0] in ('Uid','CapEff','NoNewPrivs','Seccomp','PPid')]
    except Exception as e: d['status'] = repr(e)
    fds = {}
    try:
        for fd in os.listdir(f'/proc/{pid}/fd'):
            try: fds[fd] = os.readlink(f'/proc/{pid}/fd/{fd}')
            except Exception as e: fds[fd] = repr(e)
    except Exception as e: fds = repr(e)
    d['fds'] = fds
    try: d['environ'] = open(f'/proc/{pid}/environ','rb').read()[:300].decode('latin1')
    except Exception as e: d['environ'] = repr(e)
    out[pid] = d
for k, v in out.items(): print(k, json.dumps(v)[:1500])
rt = os.environ.get('JUPYTER_RUNTIME_DIR'); print('RUNTIME', rt, os.listdir(rt) if rt else None)
try:
    open(os.path.join(rt, 'x'), 'w'); print('runtime WRITABLE')
except Exception as e: print('runtime write', e)
print(open('/proc/self/mountinfo').read()[:4000])
for n in dir(resource):
    if n.startswith('RLIMIT_'): print(n, resource.getrlimit(getattr(resource, n)))
for f in ['/proc/sys/fs/pipe-user-pages-soft','/proc/sys/fs/pipe-max-size','/proc/sys/kernel/threads-max','/proc/sys/fs/file-nr','/proc/sys/kernel/pid_max','/proc/sys/user/max_user_namespaces']:
    try: print(f, open(f).read().strip())
    except Exception as e: print(f, e)
print(os.listdir('/'), os.listdir('/dev'), os.listdir('/tmp'))
'''
nb = notebook(overrides={"quiz_q1": RECON + "\nq1 = 'a'\n"})
final, p = ugrade("a01", {"recon": nb})
outputs(final, "recon")
# RESULT: held mostly (CapEff 0, NoNewPrivs, seccomp 2, runtime folder EROFS, no course/home in the mounts), BUT:
# the kernel sees bwrap's init (pid 1) and the placeholder (pid 2) in its PID namespace, same uid, dumpable, and
# /proc/1/fd/2 and /proc/2/fd/2 are the grader's /tmp/grade-kernel-*/nbgrader.log (template path: bwrap inherits
# the launcher's stderr, which is nbgrader's log).  /proc/1/environ shows the grader's PATH (<checkout>/.venv/bin,
# <python> ...).  -> a02, a03, a04, a05.
