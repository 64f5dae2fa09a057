import time, sys
t = time.time(); x = 0
for i in range(30_000_000): x += i
print(f"victim loop {time.time()-t:.2f}s")
