# A6: the sandbox's /proc: which host-wide entries have content?
import os
for name in sorted(os.listdir('/proc')):
    if name.isdigit() or name in ('self', 'thread-self'): continue
    p = '/proc/' + name
    try:
        if os.path.isdir(p):
            print(name, 'dir', os.listdir(p)[:8]); continue
        with open(p, 'rb') as fh: data = fh.read(200000)
        print(name, len(data), data[:80])
    except Exception as e:
        print(name, 'ERR', type(e).__name__, e)
