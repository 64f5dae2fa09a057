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
    "quiz_q1_correct": "compare with the global batch you want",
    "quiz_q2_correct": "square root",
    "quiz_q3_correct": "no_sync() would change nothing",
    "quiz_q4_correct": "nothing is compared when a backward starts",
    "quiz_q5_correct": "weight each rank by its number of samples",
    "quiz_q6_correct": "did not double the memory",
}
