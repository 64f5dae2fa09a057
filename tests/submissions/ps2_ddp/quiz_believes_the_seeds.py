"""Quiz answered with the common misconceptions (no prefix, no broadcast, uneven batches crash, ...)."""

CELLS = {
    "quiz_q1": 'q1 = "b"',
    "quiz_q2": 'q2 = "a"',
    "quiz_q3": 'q3 = "a"',
    "quiz_q4": 'q4 = "b"',
    "quiz_q5": 'q5 = "c"',
}
LOSES = {
    "quiz_q1_correct": "not right",
    "quiz_q2_correct": "not right",
    "quiz_q3_correct": "not right",
    "quiz_q4_correct": "not right",
    "quiz_q5_correct": "not right",
}
