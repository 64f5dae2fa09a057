import os, time, ctypes, errno, json
libc = ctypes.CDLL(None, use_errno=True)
def sc(n, *a):
    r = libc.syscall(ctypes.c_long(n), *[ctypes.c_long(x) for x in a])
    return r, (errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno()) if r < 0 else 0)
res = {}
buf = ctypes.create_string_buffer(4096)
res["fanotify_init"] = sc(300, 0x0, 0)            # FAN_CLASS_NOTIF
res["fanotify_init_fid"] = sc(300, 0x200, 0)      # FAN_REPORT_FID
res["add_key"] = sc(248, ctypes.addressof(ctypes.create_string_buffer(b"user")), ctypes.addressof(ctypes.create_string_buffer(b"k1")), ctypes.addressof(buf), 10, -3)
res["request_key"] = sc(249, ctypes.addressof(ctypes.create_string_buffer(b"user")), ctypes.addressof(ctypes.create_string_buffer(b"k1")), 0, 0)
res["memfd_secret"] = sc(447, 0)
res["name_to_handle_at"] = sc(303, -100, ctypes.addressof(ctypes.create_string_buffer(b"/usr")), ctypes.addressof(buf), ctypes.addressof(ctypes.create_string_buffer(8)), 0)
res["futex_waitv_bad"] = sc(449, 0, 0, 0, 0, 0)
res["set_mempolicy_home_node"] = sc(450, 0, 4096, 0, 0)
res["landlock_create_ruleset"] = sc(444, 0, 0, 1)
res["mount_setattr"] = sc(442, -1, 0, 0, 0, 0)
res["clone3_bad"] = sc(435, 0, 0)
res["io_setup"] = sc(206, 1, ctypes.addressof(ctypes.create_string_buffer(8)))
res["mq_open"] = sc(240, ctypes.addressof(ctypes.create_string_buffer(b"q")), 0o100, 0o600, 0)
res["userfaultfd"] = sc(323, 0)
res["perf_event_open"] = sc(298, 0, 0, -1, -1, 0)
res["mbind"] = sc(237, 0, 4096, 0, 0, 0, 0)
res["migrate_pages"] = sc(256, 0, 1, 0, 0)
res["move_pages"] = sc(279, 0, 0, 0, 0, 0, 0)
res["kcmp"] = sc(312, 1, 1, 0, 0, 0)
res["timer_create_many"] = None
res["vhangup"] = sc(153)
res["acct"] = sc(163, 0)
res["syslog"] = sc(103, 10, 0, 0)
res["lookup_dcookie"] = sc(212, 0, 0, 0)
res["ioprio_set_self"] = sc(251, 1, 0, (1 << 13) | 0)  # IOPRIO_CLASS_RT for self
res["sched_setattr_self_deadline"] = None
res["uid"] = (os.getuid(), os.geteuid())
# /sys and /proc timings
slow = []
n = 0
t0 = time.time()
for top in ("/sys", "/proc/sys", "/proc"):
    for dp, dns, fns in os.walk(top):
        if dp.startswith("/proc/") and dp.split("/")[2].isdigit(): dns[:] = []; continue
        if dp.count("/") > 9: dns[:] = []
        for f in fns:
            p = os.path.join(dp, f)
            if n > 30000 or time.time() - t0 > 60: break
            try:
                t = time.perf_counter()
                with open(p, "rb") as fh: data = fh.read(65536)
                el = time.perf_counter() - t
                n += 1
                slow.append((el, p, len(data)))
            except Exception as e:
                pass
slow.sort(reverse=True)
res["nfiles"] = n
res["slow"] = [(round(a, 4), b, c) for a, b, c in slow[:25]]
res["proc_nonempty"] = sorted(p for el, p, l in slow if p.startswith("/proc/") and l > 0 and not p.startswith("/proc/sys"))[:80]
res["sys_top"] = sorted(os.listdir("/sys")) if os.path.exists("/sys") else None
res["sysdev"] = sorted(os.listdir("/sys/devices")) if os.path.exists("/sys/devices") else None
print("RECON " + json.dumps(res))
