"""a05: a candidate fix for a01, checked against a01's spellings and a few honest links: read the link as the WHATWG
parser does before judging its host - drop ASCII tab/LF/CR anywhere and C0/space at both ends, percent-decode the
host, map it with UTS #46 (IDNA: fullwidth, circled, ideographic dots), then judge the address, and count as local
any name this machine resolves (getaddrinfo: /etc/hosts' `vm`, `runsc`, `localhost.localdomain`) to a loopback or
unspecified address. Compared with node's URL parser (Chromium's) on every case."""
import ipaddress, json, re, socket, subprocess, sys, urllib.parse
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import idna
from grader.feedback import _local_link

def fixed_local(value: str) -> bool:
    value = re.sub(r"[\t\n\r]", "", value).strip("".join(map(chr, range(0x21))))
    m = re.match(r"(?:https?:)?//([^/?#\\]*)", value, re.IGNORECASE)
    if not m:
        return False
    host = urllib.parse.unquote(m.group(1)).rsplit("@", 1)[-1]
    if host.startswith("["):
        try:
            a = ipaddress.ip_address(host[1:host.index("]")])
        except ValueError:
            return True
        return any(x is not None and (x.is_loopback or x.is_unspecified) for x in (a, getattr(a, "ipv4_mapped", None)))
    host = host.rsplit(":", 1)[0]
    try:
        host = idna.encode(host, uts46=True, transitional=False).decode() if host else host
    except idna.IDNAError:
        try:
            host = idna.uts46_remap(host, std3_rules=False, transitional=False)
        except Exception:
            return True  # cannot be read: count as local
    host = host.rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        packed = socket.inet_aton(host)
        return packed[0] == 127 or packed == bytes(4)
    except (OSError, ValueError):
        pass
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return False  # another site (or none)
    return any(ipaddress.ip_address(i[4][0].split("%")[0]).is_loopback or ipaddress.ip_address(i[4][0].split("%")[0]).is_unspecified for i in infos)

cases = ["http://localhost:8888/", "http://local\thost:8888/", "http://local\nhost:8888/", "http://127\r.0.0.1:8888/",
         "http://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54:8888/", "http://%EF%BD%8Clocalhost:8888/",
         "http://\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11:8888/", "http://127\u30020\u30020\u30021:8888/",
         "http://\u24dbocalhost:8888/", "http://vm:8888/", "http://runsc:8888/", "http://localhost.localdomain:8888/",
         "https://pytorch.org/docs/stable/distributed.html", "https://en.wikipedia.org/wiki/Adam_(optimizer)",
         "https://例え.jp/", "mailto:ta@example.org"]
js = "const c=JSON.parse(require('fs').readFileSync(0,'utf8'));for(const x of c){try{console.log(new URL(x).hostname)}catch(e){console.log('ERR')}}"
hosts = subprocess.run(["node", "-e", js], input=json.dumps(cases), capture_output=True, text=True).stdout.split("\n")
for c, h in zip(cases, hosts):
    print(f"{c!r:75s} browser host {h:22s} current _local_link {_local_link(c)!s:5s} fixed {fixed_local(c)}")
