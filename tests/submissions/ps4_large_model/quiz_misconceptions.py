"""The quiz answered with the seeds' misconceptions (DDP splits the model, rank 1 holds only part2, ...)."""

CELLS = {
    "quiz_q1": 'q1 = "a"',
    "quiz_q2": 'q2 = "a"',
    "quiz_q3": 'q3 = "c"',
    "quiz_q4": 'q4 = "a"',
    "quiz_q5": 'q5 = "a"',
}
LOSES = {
    "quiz_q1_correct": "divides by the number of micro-batches alone",
    "quiz_q2_correct": "DDP divides something else",
    "quiz_q3_correct": "not a speedup",
    "quiz_q4_correct": "algorithm bandwidth",
    "quiz_q5_correct": "only decides which rank prints",
}
