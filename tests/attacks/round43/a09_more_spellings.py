"""a09: more spellings of this machine that the filter keeps: fullwidth decimal/hex IPv4 numbers, mixed scripts,
a soft hyphen (IDNA drops it), zero-width joiner-like ignorables, combining with a tab in the port. Checked with
safe_markdown (kept?) and node's URL parser (host as Chromium reads it)."""
import json, re, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import safe_markdown
fw = lambda s: "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)
hosts = [fw("2130706433"), fw("0x7f000001"), fw("0x7f.1"), fw("127.1"), "loc\u00adalhost", "local\u200bhost",
         "localhost\u3002", "127.0.0.1\uff0e", "l\u200docalhost", "LOCALHOST\u00ad", "[::1]", fw("[::1]"),
         "localhost:88\t88", "\u2488\u2488.0.0.1"]
rows = []
for h in hosts:
    html = safe_markdown(f'<a href="http://{h}:8888/nbconvert/html/x.ipynb">y</a>'.replace(":8888", "" if ":" in h and not h.startswith("[") else ":8888"))
    rows.append((h, re.findall(r'href="([^"]*)"', html)))
js = "const rows=JSON.parse(require('fs').readFileSync(0,'utf8'));for(const [h,hs] of rows){const out=hs.map(x=>{try{return new URL(x.replace(/&amp;/g,'&')).host}catch(e){return 'ERR'}});console.log(JSON.stringify(h).padEnd(40),'kept',hs.length,'browser host:',out.join(' | '))}"
print(subprocess.run(["node", "-e", js], input=json.dumps(rows), capture_output=True, text=True).stdout)
