"""Quiz answered with the common misconceptions (no prefix, no broadcast, uneven batches crash, ...)."""

CELLS = {
    "quiz_q1": 'q1 = "b"',
    "quiz_q2": 'q2 = "a"',
    "quiz_q3": 'q3 = "a"',
    "quiz_q4": 'q4 = "b"',
    "quiz_q5": 'q5 = "c"',
}
LOSES = {
    "quiz_q1_correct": "holds your model as one of its attributes",
    "quiz_q2_correct": "drift apart",
    "quiz_q3_correct": "whatever the batch size",
    "quiz_q4_correct": "as many as the others",
    "quiz_q5_correct": "does not load one batch per GPU",
}
