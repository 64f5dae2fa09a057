# A8: a raw iopub frame whose JSON holds a lone surrogate escape (ipykernel's serializer would refuse it)
ip = get_ipython(); k = ip.kernel
parent = k.get_parent("shell") if hasattr(k, "get_parent") else k._parent_header
k.run.send(k.iopub_socket, "stream", content=b'{"name": "stdout", "text": "A\\ud800B\\n"}',
               parent=parent, ident=b"stream.stdout")
k.run.send(k.iopub_socket, "display_data",
               content=b'{"data": {"text/plain": "D\\udfffE"}, "metadata": {}, "transient": {}}',
               parent=parent, ident=b"display_data")
import time; time.sleep(1)
print("sent")
