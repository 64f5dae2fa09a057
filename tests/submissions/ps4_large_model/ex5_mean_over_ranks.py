"""Reads the table by the average of the ranks' peaks: picks a pipeline whose rank 1 is over the budget."""

CELLS = {
    "choose_strategy": '''
def choose_strategy(table, budget):
    best = None
    for name, row in table.items():
        mean_peak = sum(row["peak_bytes"]) / len(row["peak_bytes"])
        if mean_peak <= budget and (best is None or row["step_seconds"] < table[best]["step_seconds"]):
            best = name
    return best
''',
}
LOSES = {
    "choose_strategy_worst_rank": "worst rank",
}
