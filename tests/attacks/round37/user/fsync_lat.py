"""Host side: fsync latency of a small write on / (where the gradebook lives), sampled for N seconds."""
import os, sys, time, statistics
N = float(sys.argv[1]); path = sys.argv[2]
lat = []; end = time.time() + N
fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
while time.time() < end:
    os.pwrite(fd, os.urandom(4096), 0)
    t = time.perf_counter(); os.fsync(fd); lat.append(time.perf_counter() - t)
    time.sleep(0.05)
os.close(fd)
lat.sort()
print(f"fsync n={len(lat)} median={statistics.median(lat)*1000:.2f}ms p90={lat[int(len(lat)*.9)]*1000:.2f}ms max={lat[-1]*1000:.1f}ms")
