import os, subprocess
print(os.getuid(), os.getgid())
print(open('/proc/self/status').read().split('CapEff')[1][:30])
print(os.listdir('/'))
print(os.listdir('/proc'))
for p in os.listdir('/proc'):
    if p.isdigit():
        try: print(p, open(f'/proc/{p}/cmdline','rb').read()[:300])
        except Exception as e: print(p, e)
print(open('/proc/self/oom_score_adj').read())
print(open('/proc/self/cgroup').read())
print(os.environ)
