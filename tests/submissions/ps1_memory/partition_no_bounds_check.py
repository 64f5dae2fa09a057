"""A correct dynamic programme that never checks k: k = 0 returns [] and k > len(costs) returns garbage."""

CELLS = {
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    prefix = [0]
    for c in costs:
        prefix.append(prefix[-1] + c)
    # best[(j, i)]: (largest stage, start of last stage) for the first i layers in j stages
    best = {(0, 0): (0, None)}
    for j in range(1, k + 1):
        for i in range(j, n + 1):
            options = [(max(best[(j - 1, m)][0], prefix[i] - prefix[m]), m) for m in range(j - 1, i) if (j - 1, m) in best]
            if options:
                best[(j, i)] = min(options)
    stages, end = [], n
    for j in range(k, 0, -1):
        start = best.get((j, end), (0, 0))[1]
        stages.insert(0, list(range(start, end)))
        end = start
    return stages
''',
}
LOSES = {
    "partition_layers_bad_input": "returned instead of raising",
}
