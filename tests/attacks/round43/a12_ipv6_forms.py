"""a12: IPv6 literals a browser reads as loopback or unspecified: does the filter keep any?"""
import json, re, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import safe_markdown
forms = ["[::1]", "[0:0:0:0:0:0:0:1]", "[::0:1]", "[0::1]", "[::ffff:7f00:1]", "[::FFFF:127.0.0.1]", "[::]", "[::ffff:0:0]",
         "[::%31]", "[%3A%3A1]", "[::1%25lo]", "[0:0:0:0:0:ffff:127.0.0.1]", "[::127.0.0.1]", "[64:ff9b::127.0.0.1]", "[::1\t]", "[:\t:1]"]
rows = [(f, re.findall(r'href="([^"]*)"', safe_markdown(f'<a href="http://{f.replace(chr(9), "&#9;")}:8888/x">y</a>'))) for f in forms]
js = "const rows=JSON.parse(require('fs').readFileSync(0,'utf8'));for(const [h,hs] of rows){const out=hs.map(x=>{try{return new URL(x.replace(/&amp;/g,'&')).host}catch(e){return 'ERR'}});console.log(JSON.stringify(h).padEnd(32),'kept',hs.length,'-> browser host:',out.join(' | '))}"
print(subprocess.run(["node", "-e", js], input=json.dumps(rows), capture_output=True, text=True).stdout)
