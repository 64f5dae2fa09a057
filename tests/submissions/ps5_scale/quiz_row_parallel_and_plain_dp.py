"""Quiz: believes a Megatron MLP block needs no all-reduce in the forward pass, and that ZeRO stage 1 keeps every
state on every GPU."""

CELLS = {
    "quiz_q2": 'q2 = "a"',
    "quiz_q3": 'q3 = "b"',
}
LOSES = {
    "quiz_q2_correct": "partial sum of the output",
    "quiz_q3_correct": "plain data parallelism",
}
