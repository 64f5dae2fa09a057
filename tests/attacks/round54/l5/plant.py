"""Any local account (uid 4242): when the TA's suite makes /var/tmp/sandbox-user-*/work (mode 0777) for
test_unprivileged_user_gets_the_same_sandbox, plant a `grader` package there: the test runs
`python -m grader.sandbox` with that folder as its working directory, and `python -m` imports from it first."""
import glob, os, sys, time
end, done = time.time() + float(sys.argv[1]), set()
CODE = ('import os, sys\nopen("/tmp/r54-planted-ran", "w").write(f"uid={os.getuid()} argv={sys.argv!r}\\n")\n'
        'print("PLANTED grader ran as uid", os.getuid(), file=sys.stderr)\n')
print("planter uid", os.getuid(), flush=True)
while time.time() < end:
    for work in glob.glob("/var/tmp/sandbox-user-*/work"):
        if work in done:
            continue
        try:
            os.makedirs(work + "/grader", exist_ok=True)
            open(work + "/grader/__init__.py", "w").write("")
            open(work + "/grader/sandbox.py", "w").write(CODE)
            done.add(work)
            print(time.strftime("%H:%M:%S"), "planted", work + "/grader", flush=True)
        except OSError as exc:
            pass  # not 0777 yet: try again
    time.sleep(0.002)
