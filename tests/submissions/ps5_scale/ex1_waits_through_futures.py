"""OverlapDDP waiting on its all-reduces through their futures instead of the handles: right when the futures are
waited on after backward() returns (one by one, or all at once with torch.futures.wait_all, also on a future
chained with then() whose callback reads its value as a comm hook does), wrong when the hook itself waits on
the future (a blocking all-reduce by another name). Before the probe followed futures, the correct ones lost
the method cell ("never waited on")."""

_HEAD = '''
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        self.world = dist.get_world_size()
        self.futures = []
        for p in module.parameters():
            dist.broadcast(p.data, src=0)
            p.register_post_accumulate_grad_hook(self._hook)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
'''


def _cell(hook: str, finish: str) -> str:
    return _HEAD + "\n" + hook + "\n" + finish


SUBMISSIONS = {
    "one_by_one": {
        "doc": "Each future waited on after backward, one by one.",
        "CELLS": {"overlap_ddp": _cell('''
    def _hook(self, p):
        self.futures.append((p, dist.all_reduce(p.grad, async_op=True).get_future()))
''', '''
    def finish_gradient_synchronization(self):
        for p, future in self.futures:
            future.wait()
            p.grad /= self.world
        self.futures.clear()
''')},
        "LOSES": {},
    },
    "wait_all_on_chained": {
        "doc": "The gradient divided in a callback chained on each future (reading fut.value(), and fut.wait() in "
               "another callback), all of them waited on at once with torch.futures.wait_all.",
        "CELLS": {"overlap_ddp": _cell('''
    def _hook(self, p):
        world = self.world
        future = dist.all_reduce(p.grad, async_op=True).get_future()
        future.add_done_callback(lambda fut: fut.wait())
        self.futures.append(future.then(lambda fut: fut.value()[0].div_(world)))
''', '''
    def finish_gradient_synchronization(self):
        torch.futures.wait_all(self.futures)
        self.futures.clear()
''')},
        "LOSES": {},
    },
    "waits_in_the_hook": {
        "doc": "The hook waits on the future at once: each all-reduce ends before the next gradient is computed.",
        "CELLS": {"overlap_ddp": _cell('''
    def _hook(self, p):
        dist.all_reduce(p.grad, async_op=True).get_future().wait()
        self.futures.append(p)
''', '''
    def finish_gradient_synchronization(self):
        for p in self.futures:
            p.grad /= self.world
        self.futures.clear()
''')},
        "LOSES": {"overlap_ddp_overlaps": "waited on inside the backward pass"},
    },
}
