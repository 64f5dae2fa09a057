"""Quiz: takes ZeRO stage 1 for stage 2 (the gradients partitioned too)."""

CELLS = {
    "quiz_q3": 'q3 = "c"',
}
LOSES = {
    "quiz_q3_correct": "which is stage 2",
}
