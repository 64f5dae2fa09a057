"""Greedy partition: fill each stage up to the average cost. Always valid, not always optimal."""

CELLS = {
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError("need 1 <= k <= number of layers")
    target = sum(costs) / k
    stages, current, load = [], [], 0
    for i, c in enumerate(costs):
        layers_left = n - i
        stages_left = k - len(stages)
        if current and (load + c > target or layers_left < stages_left) and stages_left > 1:
            stages.append(current)
            current, load = [], 0
        current.append(i)
        load += c
    stages.append(current)
    return stages
''',
}
LOSES = {
    "partition_layers_optimal": "greedy",
}
