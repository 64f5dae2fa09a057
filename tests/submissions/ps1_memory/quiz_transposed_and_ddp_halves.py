"""Quiz: read nn.Linear(in, out).weight as (in, out) and believed DDP halves each GPU's parameters."""

CELLS = {
    "quiz_q1": 'q1 = "a"',
    "quiz_q3": 'q3 = "a"',
}
LOSES = {
    "quiz_q1_correct": "in the order of the constructor",
    "quiz_q3_correct": "model parallelism or sharding",
}
