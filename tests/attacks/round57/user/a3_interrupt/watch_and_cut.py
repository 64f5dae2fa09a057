"""Run as root beside the TA's `--regrade` (stands for a power cut or `kill -9` at an unlucky moment): polls the
course's gradebook for xena's quiz_q1_correct score, and once the regrade's attempt has written its own (the hand-in
reads the clock: odd minute wrong, even minute right), SIGKILLs the TA's grading process group."""
import os, signal, sqlite3, sys, time
db, pgid = sys.argv[1], int(sys.argv[2])
sig = getattr(signal, sys.argv[3]) if len(sys.argv) > 3 else signal.SIGKILL
cell = sys.argv[4] if len(sys.argv) > 4 else 'quiz_q1_correct'
q = ("select g.auto_score from grade g join base_cell c on g.cell_id = c.id where c.name = ?")
t0 = time.time()
first = None
while time.time() - t0 < 120:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.05)
        rows = con.execute(q, (cell,)).fetchall(); con.close()
    except sqlite3.Error as e:
        rows = None
    if rows and first is None:
        first = rows[0][0]
    if rows and rows[0][0] != first:
        os.killpg(pgid, sig)
        print(time.strftime("%T"), "gradebook shows the attempt's quiz_q1_correct changed (was %s, now %s)" % (first, rows[0][0]), ": signal", sig.name, "to group", pgid, cell, flush=True)
        break
    time.sleep(0.01)
else:
    print("no change seen")
