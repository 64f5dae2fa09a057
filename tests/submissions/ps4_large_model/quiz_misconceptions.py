"""The quiz answered with the seeds' misconceptions (DDP splits the model, rank 1 holds only part2, ...)."""

CELLS = {
    "quiz_q1": 'q1 = "a"',
    "quiz_q2": 'q2 = "a"',
    "quiz_q3": 'q3 = "c"',
    "quiz_q4": 'q4 = "a"',
    "quiz_q5": 'q5 = "a"',
}
LOSES = {
    "quiz_q1_correct": "not right",
    "quiz_q2_correct": "not right",
    "quiz_q3_correct": "not right",
    "quiz_q4_correct": "not right",
    "quiz_q5_correct": "not right",
}
