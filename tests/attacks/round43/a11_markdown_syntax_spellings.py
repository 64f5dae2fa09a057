"""a11: a01's spellings in markdown's own link syntax ([text](url)) and autolinks (<url>), not raw HTML: mistune
percent-escapes non-ASCII; does the browser still read this machine?"""
import json, re, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import safe_markdown
hosts = ["loc\u00adalhost", "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54", "\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11", "127\u30020\u30020\u30021", "\u24dbocalhost"]
rows = []
for h in hosts:
    for form in ("[x](http://{h}:8888/nbconvert/html/x.ipynb)", "<http://{h}:8888/nbconvert/html/x.ipynb>"):
        html = safe_markdown(form.format(h=h))
        rows.append((form.split("(")[0][:3] + " " + h, re.findall(r'href="([^"]*)"', html)))
js = "const rows=JSON.parse(require('fs').readFileSync(0,'utf8'));for(const [h,hs] of rows){const out=hs.map(x=>{try{return new URL(x.replace(/&amp;/g,'&')).host}catch(e){return 'ERR'}});console.log(JSON.stringify(h).padEnd(30),'kept',hs.length,hs.join(' '),'-> browser host:',out.join(' | '))}"
print(subprocess.run(["node", "-e", js], input=json.dumps(rows), capture_output=True, text=True).stdout)
