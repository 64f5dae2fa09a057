"""Binary search on the answer, but the stage builder drops the layer where it starts a new stage."""

CELLS = {
    "partition_layers": '''
def partition_layers(costs, k):
    n = len(costs)
    if k < 1 or k > n:
        raise ValueError("need 1 <= k <= number of layers")

    def stages_for(limit):
        stages, current, load = [], [], 0
        for i, c in enumerate(costs):
            if current and load + c > limit:
                stages.append(current)
                current, load = [], 0
                continue  # BUG: layer i never joins the new stage
            current.append(i)
            load += c
        stages.append(current)
        return stages

    lo, hi = max(costs), sum(costs)
    while lo < hi:
        mid = (lo + hi) / 2 if isinstance(lo, float) or isinstance(hi, float) else (lo + hi) // 2
        if len(stages_for(mid)) <= k:
            hi = mid
        else:
            lo = mid + 1
    stages = stages_for(lo)
    while len(stages) < k:  # split the longest stage to get exactly k
        j = max(range(len(stages)), key=lambda s: len(stages[s]))
        stages[j:j + 1] = [stages[j][:1], stages[j][1:]]
    return stages
''',
}
LOSES = {
    "partition_layers_optimal": "lost layer",
}
