"""a13: the scheme or separators spelled with character references (`http&colon;//`, `&#104;ttp://`, `http:&sol;&sol;`),
and a tab in the scheme (`h&#9;ttp://localhost`): does any link to this machine survive?"""
import json, re, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import safe_markdown
forms = ["http&colon;//localhost:8888/x", "&#104;ttp://localhost:8888/x", "http:&sol;&sol;localhost:8888/x", "h&#9;ttp://localhost:8888/x",
         "http:&#9;//localhost:8888/x", "http:/&#10;/localhost:8888/x", "&#32;http://localhost:8888/x", "http://localhost&#9;:8888/x",
         "http://localhost:8888&#9;/x", "http://local&#x9;host:8888/x", "http://local&Tab;host:8888/x", "http://local&NewLine;host:8888/x"]
rows = [(f, re.findall(r'href="([^"]*)"', safe_markdown(f'<a href="{f}">y</a>'))) for f in forms]
js = "const rows=JSON.parse(require('fs').readFileSync(0,'utf8'));for(const [h,hs] of rows){const out=hs.map(x=>{try{return new URL(x.replace(/&amp;/g,'&').replace(/&#10;/g,'\\n')).host}catch(e){return 'ERR'}});console.log(JSON.stringify(h).padEnd(40),'kept',hs.length,'-> browser host:',out.join(' | '))}"
print(subprocess.run(["node", "-e", js], input=json.dumps(rows), capture_output=True, text=True).stdout)
