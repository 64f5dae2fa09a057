"""Quiz answered with the popular myths: multiply the batch per GPU, sqrt LR, sync every micro-batch, uneven batches crash."""

CELLS = {
    "quiz_q1": 'q1 = "a"',
    "quiz_q2": 'q2 = "c"',
    "quiz_q3": 'q3 = "d"',
    "quiz_q4": 'q4 = "b"',
    "quiz_q5": 'q5 = "a"',
    "quiz_q6": 'q6 = "a"',
}
LOSES = {
    "quiz_q1_correct": "is not right",
    "quiz_q2_correct": "is not right",
    "quiz_q3_correct": "is not right",
    "quiz_q4_correct": "is not right",
    "quiz_q5_correct": "is not right",
    "quiz_q6_correct": "is not right",
}
