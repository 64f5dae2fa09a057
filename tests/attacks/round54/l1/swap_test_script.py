"""Run as the local student (uid 65534): when the TA's suite hands a folder in /var/tmp to uid 65534
(tests/test_launch.py's distcourse-user-home-*), replace the TA's as_user.py before python reads it."""
import ctypes, os, struct, sys, time
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(0)
wd = libc.inotify_add_watch(fd, b"/var/tmp", 0x4 | 0x100)  # IN_ATTRIB | IN_CREATE
FORGED = r'''import json, sys
print("FORGED by uid 65534: no launch ran", file=sys.stderr)
print(json.dumps({"fork": [1, False, [65534]], "forkserver": [1, False, [65534]],
                  "required": "this launch cannot have a network of its own: start ranks by fork (forged)"}))
'''
end = time.time() + float(sys.argv[1])
print("swapper uid", os.getuid(), flush=True)
done = set()
while time.time() < end:
    data = os.read(fd, 4096)
    i = 0
    while i < len(data):
        _, mask, _, ln = struct.unpack_from("iIII", data, i)
        name = data[i + 16:i + 16 + ln].rstrip(b"\0").decode()
        i += 16 + ln
        if not name.startswith("distcourse-user-home-") or name in done:
            continue
        home = "/var/tmp/" + name
        try:
            if os.stat(home).st_uid != os.getuid():
                continue
            os.rename(home + "/as_user.py", home + "/.ta_original")
            with open(home + "/as_user.py", "w") as fh:
                fh.write(FORGED)
            done.add(name)
            print(time.strftime("%H:%M:%S"), "replaced", home + "/as_user.py", flush=True)
        except OSError as exc:
            print("miss", home, exc, flush=True)
