"""Quiz answers a reader of the seed pages would give: the model is split between ranks, Adam costs
4 bytes per parameter (the weights only), ZeRO-2 equals ZeRO-1."""

CELLS = {
    "quiz_q2": 'q2 = "d"',
    "quiz_q4": 'q4 = "a"',
    "quiz_q5": 'q5 = "b"',
}
LOSES = {
    "quiz_q2_correct": "nothing in the program splits the model",
    "quiz_q4_correct": "one fp32 copy of the weights only",
    "quiz_q5_correct": "shards only the optimizer state",
}
