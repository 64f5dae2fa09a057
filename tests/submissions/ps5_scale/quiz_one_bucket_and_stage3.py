"""Quiz: believes the first layer's bucket goes first and that ZeRO stage 1 divides every model state."""

CELLS = {
    "quiz_q1": 'q1 = "a"',
    "quiz_q3": 'q3 = "a"',
}
LOSES = {
    "quiz_q1_correct": "ready only at the very end",
    "quiz_q3_correct": "stage 3",
}
CELLS["quiz_q2"] = 'q2 = "d"'
LOSES["quiz_q2_correct"] = "backward pass needs one too"
