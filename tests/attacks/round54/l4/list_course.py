"""uid 4242: list what of /var/tmp/sandbox-user-*/course it can read while the TA's test runs."""
import glob, os, sys, time
end, seen = time.time() + float(sys.argv[1]), set()
while time.time() < end:
    for base in glob.glob("/var/tmp/sandbox-user-*/course"):
        for folder, dirs, files in os.walk(base):
            for f in files:
                p = os.path.join(folder, f)
                if p in seen:
                    continue
                seen.add(p)
                try:
                    n = len(open(p, "rb").read()); print("readable", p, n, flush=True)
                except OSError as e:
                    print("refused", p, e.strerror, flush=True)
    time.sleep(0.01)
