"""a01 (offline): texts that neither fold_marks (marks only) nor script_changes (its _SCRIPTS/_COMMON tables) charge,
but that a browser lays out expensively: long grapheme clusters of non-mark extenders (ZWJ / ZWNJ, Cf, in _COMMON),
emoji ZWJ chains, Hangul leading-jamo runs (one cluster, 'cjk'), fullwidth Latin / Hangul / kana inside 'cjk'
(different Unicode scripts to a browser), Hebrew/Arabic + digits (bidi runs at every character, digits common).
Each text: N characters in one <p>, chromium headless screenshot; the grader's own page_cost and fold_marks shown."""
import sys, time, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader.feedback import page_cost, fold_marks, script_changes
N = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
PATS = {
  "plain aa": "a",
  "cjk alone": "\u4e00",
  "a+ZWJ x100": "a" + "\u200d" * 100,
  "a+ZWNJ x100": "a" + "\u200c" * 100,
  "a+ZWJ x1000": "a" + "\u200d" * 1000,
  "emoji ZWJ chain": "\U0001F600\u200d",
  "hangul L jamo": "\u1100",
  "han+fullwidth A": "\u4e00\uff21",
  "han+hangul": "\u4e00\uac00",
  "hira+kata+han+hangul": "\u3042\u30a2\u4e00\uac00",
  "hebrew+digit": "\u05d01",
  "arabic+digit": "\u06281",
  "a+han (charged, round 45)": "a\u4e00",
  "han+fwA+hangul+halfkata": "\u4e00\uff21\uac00\uff71",
  "fwA+hangul": "\uff21\uac00",
  "hangul+halfkata": "\uac00\uff71",
  "han+bopomofo": "\u4e00\u3105",
  "han+hexagram": "\u4e00\u4dc0",
  "armenian+hebrew (block 11)": "\u0561\u05d0",
  "syriac+arabic supp (block 14)": "\u0710\u0750",
  "thaana+nko (block 15)": "\u0780\u07ca",
  "myanmar+georgian (block 33)": "\u1090\u10d0",
  "greek+coptic (greek)": "\u03b1\u03e2",
  "RLO a PDF LRO b PDF": "\u202ea\u202c\u202db\u202c",
  "RLI a PDI LRI b PDI": "\u2067a\u2069\u2066b\u2069",
  "RLM between latin": "a\u200fb\u200e",
  "han+hiragana (Japanese-like)": "\u4e00\u3042",
  "han+katakana": "\u4e00\u30a2",
  "hangul alone": "\uac00",
  "fullwidth A alone": "\uff21",
  "emoji+digit": "\U0001F600" + "1",
  "emoji+punct": "\U0001F600" + "!",
  "han+digit": "\u4e001",
  "hangul+digit+halfkata": "\uac001\uff71",
  "latin a + mixed-script marks? a+U+0301": "a\u0301",
}
which = sys.argv[2:] or list(PATS)
for name in which:
    pat = PATS[name]
    t = (pat * (N // len(pat) + 1))[:N]
    cost = page_cost(t); folded = fold_marks(t)
    open("/tmp/attack46-user-a01.html", "w").write("<html><meta charset=utf-8><body><p>" + t + "</p></body></html>")
    s = time.time()
    r = subprocess.run(["timeout", "300", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=/tmp/attack46-user-a01.png",
                    "--window-size=1200,800", "file:///tmp/attack46-user-a01.html"], capture_output=True)
    print(f"{name:28s} N={N:,} page_cost={cost:,} script_changes={len(script_changes(t))} folded_same={folded==t} paint={time.time()-s:.1f}s rc={r.returncode}", flush=True)
