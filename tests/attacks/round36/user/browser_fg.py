"""Open a submission in the real Formgrader (jupyter server + nbgrader's extension, as the TA) with Debian's
chromium through Playwright; run `actions(page)` and report. Usage: import and call open_formgrader(course, student, fn)."""
import os, secrets, socket, sqlite3, subprocess, sys, time, urllib.request
PY = "CLONE/.venv/bin/python"

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def submission_id(course, student, nb="ps1_memory"):
    db = sqlite3.connect(f"{course}/gradebook.db")
    return db.execute("""select sn.id from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id
                         join notebook n on sn.notebook_id=n.id where sa.student_id=? and n.name=?""", (student, nb)).fetchone()[0]

def open_formgrader(course, student, fn, shot=None, index=None):
    port, token = free_port(), secrets.token_hex(8)
    log = open(f"/tmp/attack36-user-jlog-{port}.txt", "w")
    proc = subprocess.Popen([PY, "-m", "jupyter_server", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={course}", "--allow-root"],
                            cwd=course, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2); break
            except OSError:
                time.sleep(0.3)
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = b.new_page(viewport={"width": 1280, "height": 800})
            # no internet here: MathJax's CDN script is answered by a stub that typesets nothing and signals "End"
            # (what Formgrader waits for before it focuses the input named by ?index= and binds its keys)
            page.route("**/cdnjs.cloudflare.com/**", lambda route: route.fulfill(status=200, content_type="application/javascript",
                body="window.MathJax={Hub:{Config:function(){},Queue:function(){},Startup:{signal:{Interest:function(f){setTimeout(function(){f('End')},300)}}}}};"))
            errs = []
            page.on("console", lambda m: errs.append(m.text))
            page.goto(f"{url}/formgrader?token={token}")
            sid = submission_id(course, student)
            page.goto(f"{url}/formgrader/submissions/{sid}/" + (f"?index={index}" if index is not None else ""))
            page.wait_for_function("window.formgrader && formgrader.grades && formgrader.grades.loaded", timeout=30000)
            time.sleep(1)
            out = fn(page, url)
            if shot:
                page.screenshot(path=shot)
            b.close()
            return out
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)
