"""BucketedDDP that behaves one way for the check of its results and another for the check of its method.

The first time it all-reduces every gradient after backward (right parameters, no buckets, no overlap); the
second time it issues one all-reduce per bucket from the hooks, in reverse order, waited on at the end, but of
copies: the gradients are never averaged (the right method, wrong parameters). When each check ran its own
training, the results check saw the first behaviour and the method check the second: full marks for buckets
that were never built. Two ways to tell the checks apart, both written against the grading: counting runs in
the observer's /tmp, which its ranks share across checks, and a class attribute flipped by an IPython hook
after the results cell, so that the method check is handed over a different class. Both checks of an exercise
now judge the run of the first (`probes.observer.once`, keyed by the exercise, not by what is handed over)."""

_LOSES = {
    "bucketed_ddp_one_all_reduce_per_bucket": "issued after backward() returned",
}

SUBMISSIONS = {
    "run_count": {
        "doc": "BucketedDDP counting its runs in the observer's /tmp: honest-looking results first, the method after.",
        "CELLS": {"bucketed_ddp": '''
class BucketedDDP(nn.Module):
    def __init__(self, module, bucket_size_bytes):
        super().__init__()
        import os
        self.module = module
        params = [p for p in module.parameters() if p.requires_grad]
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
        # Rank 0 remembers each (world, cap) it has run; every rank learns whether this one is a repeat.
        seen = torch.zeros(1)
        if dist.get_rank() == 0:
            mark = f"/tmp/.bucket-runs-{dist.get_world_size()}-{bucket_size_bytes}"
            seen[0] = float(os.path.exists(mark))
            open(mark, "w").close()
        dist.broadcast(seen, src=0)
        self.show_method = bool(seen.item())
        self.params = params
        self.buckets, current, size = [], [], 0
        for p in reversed(params):
            nbytes = p.numel() * p.element_size()
            if current and size + nbytes > bucket_size_bytes:
                self.buckets.append(current)
                current, size = [], 0
            current.append(p)
            size += nbytes
        if current:
            self.buckets.append(current)
        self.ready = [0] * len(self.buckets)
        self.pending = []

        def make_hook(i):
            def hook(p):
                if not self.show_method:
                    return
                self.ready[i] += 1
                if self.ready[i] == len(self.buckets[i]):
                    copy = torch.cat([q.grad.reshape(-1) for q in self.buckets[i]])
                    self.pending.append(dist.all_reduce(copy, async_op=True))
            return hook

        for i, bucket in enumerate(self.buckets):
            for p in bucket:
                p.register_post_accumulate_grad_hook(make_hook(i))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        if self.show_method:
            for handle in self.pending:
                handle.wait()
            self.pending.clear()
            self.ready = [0] * len(self.buckets)
            return
        for p in self.params:
            dist.all_reduce(p.grad)
            p.grad /= dist.get_world_size()
'''},
        "LOSES": _LOSES,
        "ATTACK": True,
    },
    "handover_flipped": {
        "doc": "BucketedDDP whose class attribute an IPython hook flips after the results check: another hand-over "
               "for the method check.",
        "CELLS": {"bucketed_ddp": '''
class BucketedDDP(nn.Module):
    SHOW_METHOD = False

    def __init__(self, module, bucket_size_bytes):
        super().__init__()
        import os
        self.module = module
        params = [p for p in module.parameters() if p.requires_grad]
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
        import probes.observer
        # set by the hook below once the results check has run; in the kernel's own runs (the visible asserts,
        # which also judge the parameters) it stays honest
        self.show_method = type(self).SHOW_METHOD and probes.observer.ACTIVE
        self.params = params
        self.buckets, current, size = [], [], 0
        for p in reversed(params):
            nbytes = p.numel() * p.element_size()
            if current and size + nbytes > bucket_size_bytes:
                self.buckets.append(current)
                current, size = [], 0
            current.append(p)
            size += nbytes
        if current:
            self.buckets.append(current)
        self.ready = [0] * len(self.buckets)
        self.pending = []

        def make_hook(i):
            def hook(p):
                if not self.show_method:
                    return
                self.ready[i] += 1
                if self.ready[i] == len(self.buckets[i]):
                    copy = torch.cat([q.grad.reshape(-1) for q in self.buckets[i]])
                    self.pending.append(dist.all_reduce(copy, async_op=True))
            return hook

        for i, bucket in enumerate(self.buckets):
            for p in bucket:
                p.register_post_accumulate_grad_hook(make_hook(i))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def finish_gradient_synchronization(self):
        if self.show_method:
            for handle in self.pending:
                handle.wait()
            self.pending.clear()
            self.ready = [0] * len(self.buckets)
            return
        for p in self.params:
            dist.all_reduce(p.grad)
            p.grad /= dist.get_world_size()


def _after_the_results_check(result):
    # The class is handed over by value, its attributes included: the method check gets the other one.
    if "probe.bucketed_ddp_matches" + "_reference(" in (result.info.raw_cell or ""):  # not this cell's own text
        BucketedDDP.SHOW_METHOD = True


get_ipython().events.register("post_run_cell", _after_the_results_check)
'''},
        "LOSES": _LOSES,
        "ATTACK": True,
    },
}
