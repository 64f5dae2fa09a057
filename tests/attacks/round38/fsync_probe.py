import os, time, sys, statistics
p = "tests/attacks/round38/.fsync_probe.dat"
fd = os.open(p, os.O_WRONLY | os.O_CREAT, 0o644)
lat = []
t_end = time.time() + float(sys.argv[1])
while time.time() < t_end:
    t = time.perf_counter(); os.write(fd, b"x" * 4096); os.fsync(fd); lat.append(time.perf_counter() - t)
    time.sleep(0.01)
os.close(fd); os.unlink(p)
print(f"fsync n={len(lat)} median={statistics.median(lat)*1000:.2f}ms p90={sorted(lat)[int(len(lat)*.9)]*1000:.2f}ms max={max(lat)*1000:.1f}ms")
