"""Round 42's fix: links to this machine dropped 'however spelled'. Which spellings does the filter keep that a
browser (WHATWG URL parser, node's = Chromium's for these) resolves to this machine?"""
import json, re, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import safe_markdown, _local_link

PORT = 8888
hosts = [
    "localhost", "127.0.0.1",                      # control: dropped
    "vm", "runsc",                                # this machine's own names (/etc/hosts -> 127.0.0.1)
    "local&#9;host", "127.0&#9;.0.1", "local&#10;host", "127&#13;.0.0.1",  # tab/LF/CR: browsers strip them from URLs
    "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54",  # fullwidth 'localhost' (IDNA maps to localhost)
    "\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11",  # fullwidth 127.0.0.1
    "127\u30020\u30020\u30021",                  # ideographic full stops
    "LOCALHOST\u3002",                           # ideographic trailing dot
    "\u24dbocalhost",                            # circled l
    "localhos%74", "127.0.0.%31",                # percent (control: unquote handles)
    "local%09host",                              # percent-escaped tab
    "[::1]", "[::ffff:127.0.0.1]", "0x7f.1",     # controls
    "127.0.0.1%00", "localhost%2E%2E",
    "a.b.localhost", "localhost.localdomain", "ip6-localhost",
]
rows = []
for h in hosts:
    md = f"[x](http://{h}:{PORT}/nbconvert/html/x.ipynb) <a href=\"http://{h}:{PORT}/api/contents\">y</a>"
    html = safe_markdown(md)
    hrefs = re.findall(r'href="([^"]*)"', html)
    rows.append((h, hrefs))
js = "const rows=JSON.parse(require('fs').readFileSync(0,'utf8'));for(const [h,hs] of rows){const out=hs.map(x=>{const t=x.replace(/&#9;/g,'\\t').replace(/&#10;/g,'\\n').replace(/&#13;/g,'\\r').replace(/&amp;/g,'&');try{return new URL(t).host}catch(e){return 'ERR '+e.message}});console.log(JSON.stringify(h).padEnd(60),'kept',hs.length,'browser host:',out.join(' | '))}"
print(subprocess.run(["node", "-e", js], input=json.dumps(rows), capture_output=True, text=True).stdout)
for h, hs in rows:
    print(repr(h), hs)
