"""a16: other ways a sandbox reaches code that, on a modular host kernel, loads modules or is attack surface the filter
does not name: execve of a file whose first bytes are not printable (search_binary_handler: request_module("binfmt-%04x")
on a CONFIG_MODULES kernel), modify_ldt and uselib (blocked by Docker's default profile), migrate_pages/move_pages on
another process of the sandbox, personality. Records what each answers in the sandbox (this kernel has no modules)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
PROBE = r'''
import os, ctypes, errno, subprocess, struct
libc = ctypes.CDLL(None, use_errno=True)
def sc(nr, *a):
    r = libc.syscall(nr, *[ctypes.c_long(x) for x in a])
    return "ok %d" % r if r >= 0 else errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))
open("/tmp/odd.bin", "wb").write(b"\x7f\x01\xfe\xca" + b"\0" * 124); os.chmod("/tmp/odd.bin", 0o755)
try:
    subprocess.run(["/tmp/odd.bin"]); print("exec odd magic: ran?")
except OSError as e:
    print("exec odd magic (binfmt-cafe lookup on a modular kernel):", errno.errorcode[e.errno])
buf = ctypes.create_string_buffer(16)
print("modify_ldt(0 read):", sc(154, 0, ctypes.addressof(buf), 16))
desc = struct.pack("IIII", 1, 0, 0xfffff, 0x51)  # entry 1, 32-bit data segment
b2 = ctypes.create_string_buffer(desc)
print("modify_ldt(1 write):", sc(154, 1, ctypes.addressof(b2), 16))
print("uselib(/tmp/odd.bin):", sc(134, ctypes.addressof(ctypes.create_string_buffer(b"/tmp/odd.bin"))))
print("personality(query):", sc(135, 0xffffffff))
print("migrate_pages(pid 1, ...):", sc(256, 1, 64, 0, 0))
'''
root = make_course("a16")
hand_in(root, "aaron", honest()); hand_in(root, "mallory", hostile(PROBE)); hand_in(root, "zoe", honest())
grade(root)
summary(root)
print(outputs(root, "mallory"))
