"""Lecture sentences that state what a cell prints: run the cell, read the numbers, check the sentence.

nbval runs every lecture but compares no output, so a sentence such as "bucket 0 holds layers 2 to 5"
could drift away from what its cell prints without any test noticing. Each test here runs the few
code cells a claim needs (the imports and the cell itself, in one namespace, as the notebook would)
and checks the markdown next to it against the printed numbers.
"""

import contextlib
import io
import json
import pathlib
import re

import pytest
import torch

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def _cells(lecture: str) -> dict:
    nb = json.loads((NOTEBOOKS / lecture).read_text())
    return {cell["id"]: "".join(cell["source"]) for cell in nb["cells"]}


def text(lecture: str, cell_id: str) -> str:
    """A cell's source with line breaks folded into spaces, so a phrase may span lines."""
    return " ".join(_cells(lecture)[cell_id].split())


def run(lecture: str, *cell_ids: str) -> str:
    """Execute the code cells `cell_ids` of `lecture` in one fresh namespace; return what they printed."""
    cells = _cells(lecture)
    namespace = {"__name__": "__lecture__"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for cell_id in cell_ids:
            exec(compile(cells[cell_id], f"{lecture}:{cell_id}", "exec"), namespace)  # noqa: S102 - our own notebooks
    return printed.getvalue()


def test_ddp_buckets_are_one_gradient_copy_in_the_gradients_dtype_and_none_as_views():
    out = run("01_memory.ipynb", "cell-001", "cell-005", "cell-007", "cell-020")
    rank0 = re.search(r"DDP rank 0: \{.*'gradients': '([^']+)'.*'DDP buckets': '([^']+)'\}", out)
    assert rank0 and rank0.group(1) == rank0.group(2), f"default DDP: buckets should equal the gradients:\n{out}"
    assert re.search(r"gradient_as_bucket_view=True: gradients [\d.]+ MiB, buckets 0 B", out), out
    assert re.search(r"bf16 model, default: gradients 2 MiB, buckets 2 MiB \(2 bytes per parameter\)", out), out
    claim = text("01_memory.ipynb", "cell-021")
    for phrase in ("4 bytes per parameter for fp32 gradients", "2 for 16-bit gradients",
                   "`gradient_as_bucket_view=True`", "the copy disappears"):
        assert phrase in claim, f"lecture 01, section 1.5 no longer says {phrase!r}"
    assert "exactly the models" not in claim
    overhead = re.search(r"fp32 Adam: DDP rank 0 holds ([\d.]+) bytes per parameter, one device ([\d.]+): \+(\d+)%", out)
    assert overhead, f"lecture 01 should print DDP's overhead for fp32 Adam:\n{out}"
    ddp_bytes, one_bytes, percent = round(float(overhead.group(1))), round(float(overhead.group(2))), overhead.group(3)
    assert f"{ddp_bytes} bytes per parameter instead of {one_bytes}" in claim and f"measured +{percent}%" in claim, (
        f"section 1.5 should give the printed {ddp_bytes} vs {one_bytes} bytes per parameter (+{percent}%)")
    assert "slightly" not in claim and "a little" not in claim, "a quarter more memory is not 'slightly' more"


def test_bucket_demo_text_names_the_buckets_it_prints():
    out = run("02_ddp.ipynb", "cell-001", "cell-024")
    second = out.split("backward 2:")[1]
    buckets = re.findall(r"bucket (\d): all-reduce ([\d.]+) MiB \(layers ([\d, ]+)\)", second)
    assert [b[0] for b in buckets] == ["0", "1"], out
    (_, size0, layers0), (_, size1, layers1) = buckets
    claim = text("02_ddp.ipynb", "cell-025")
    assert f"{size0} MiB" in claim, f"the text should give bucket 0's printed size {size0} MiB"
    first, last = layers0.split(", ")[0], layers0.split(", ")[-1]
    assert f"closes with layer {first}'s gradient" in claim
    assert f"layers {' and '.join(reversed(layers1.split(', ')))} exist" in claim
    assert float(size1) == pytest.approx(0.5, abs=0.01) and "remaining 0.5 MiB" in claim
    assert last == "5"
    assert "1 MiB" in text("02_ddp.ipynb", "cell-023") and "0.6 MiB" not in text("02_ddp.ipynb", "cell-023")


def test_unscaled_run_is_placed_between_the_epochs_the_losses_show():
    out = run("03_batch_size.ipynb", "cell-001", "cell-007", "cell-009")
    line = re.search(r"batch 64, epochs 1 to 5: ([\d., ]+); the unscaled run ends at ([\d.]+) = ([\d.]+)x", out)
    assert line, out
    small = [float(v) for v in line.group(1).split(", ")]
    final, ratio = float(line.group(2)), float(line.group(3))
    epoch = next(e for e in range(1, 5) if small[e - 1] > final >= small[e])  # passed during epoch e + 1
    claim = text("03_batch_size.ipynb", "cell-011")
    assert f"between its {ORDINAL.get(epoch, f'{epoch}th')} and {ORDINAL.get(epoch + 1, f'{epoch + 1}th')} epoch" in claim
    assert 3.5 <= ratio < 4 and "almost 4x" in claim
    final_64 = re.search(r"1 device, batch 64, LR 0.02 +loss after epoch 5: [\d.]+ +after epoch 15: ([\d.]+)", out).group(1)
    final_linear = re.search(r"LR 0.08 \(linear rule\) +loss after epoch 5: [\d.]+ +after epoch 15: ([\d.]+)", out).group(1)
    assert f"({final_linear} against {final_64} after 15 epochs)" in claim


def test_lambdalr_factor_schedule_is_the_hand_written_warmup():
    out = run("03_batch_size.ipynb", "cell-001", "cell-007", "cell-009", "cell-012b")
    assert "the same schedule: True" in out, out
    assert "gives LR 0.0016 at step 0" in out, out
    assert "returns a **factor** that multiplies the optimizer's base learning rate" in text("03_batch_size.ipynb", "cell-012a")


def test_timeout_defaults_in_the_text_are_torchs():
    from torch.distributed import constants

    out = run("03_batch_size.ipynb", "cell-001", "cell-023b")
    assert str(constants.default_pg_timeout) == "0:30:00" and "gloo and other backends: 0:30:00" in out
    assert "10 minutes for NCCL and 30 minutes for other backends" in out, out
    claim = text("03_batch_size.ipynb", "cell-022")
    assert "**30 minutes for gloo and 10 minutes for NCCL**" in claim


def test_a_short_process_group_timeout_turns_the_hang_into_an_error():
    out = run("03_batch_size.ipynb", "cell-001", "cell-023b", "cell-023d")
    assert re.search(r"rank 0: RuntimeError after 2\.\d s: .*[Tt]imed out", out), out
    assert "rank 1: returned" in out


def test_batchnorm_breaks_the_n_times_b_equality_and_syncbatchnorm_needs_a_gpu():
    out = run("02_ddp.ipynb", "cell-001", "cell-044b")
    grad_gap = float(re.search(r"largest gradient difference ([\d.e+-]+)", out).group(1))
    stats_gap = float(re.search(r"all-reduced sums / count vs the global batch's mean: +([\d.e+-]+)", out).group(1))
    broadcast = float(re.search(r"rank 1 vs rank 0's after the step: ([\d.e+-]+)", out).group(1))
    assert grad_gap > 1e-3 and stats_gap < 1e-5 and broadcast == 0.0, out
    if not torch.cuda.is_available():
        assert "SyncBatchNorm on these ranks -> ValueError" in out, out


def test_adams_step_counters_are_printed_where_the_tables_round_them_away():
    out = run("01_memory.ipynb", "cell-001", "cell-005", "cell-007", "cell-010")
    totals = re.findall(r"^Adam +[\d.]+ +[\d.]+ +[\d.]+ +([\d.]+)$", out, re.M)
    assert totals == ["16.00", "16.00"], out
    extras = re.findall(r"Adam, (?:float32|mixed): 16 bytes x [\d,]+ parameters \+ (\d+) bytes \((\d+) `step` counters of 4 bytes", out)
    assert len(extras) == 2 and all(int(b) == 4 * int(n) > 0 for b, n in extras), out
    claim = text("01_memory.ipynb", "cell-011")
    assert "0.00-something" not in claim and "The tables round to two decimals" in claim


@pytest.mark.parametrize("lecture", ["02_ddp.ipynb", "03_batch_size.ipynb", "04_large_model.ipynb", "05_scale.ipynb"])
def test_an_introductions_numbered_list_has_one_item_per_numbered_section(lecture):
    """Problem sets cite lecture sections by number, so the introduction's list must number them the same way."""
    cells = _cells(lecture)
    intro = re.findall(r"^(\d+)\. ", cells["cell-000"], re.M)
    headings = [int(n) for source in cells.values() for n in re.findall(r"^## (\d+)\. ", source, re.M)]
    assert headings == list(range(1, len(headings) + 1)), f"{lecture}: sections numbered {headings}"
    assert [int(n) for n in intro] == headings, (
        f"{lecture}: the introduction lists items {intro}, the notebook has sections {headings}")


def test_lecture_05_zero1_and_tensor_parallel_print_what_the_text_says():
    """Lecture 5: ZeRO-1 halves the Adam state per rank on 2 ranks (8 -> 4 bytes per parameter, K/N_d), the ZeRO
    paper's Figure 1 numbers, and the hand-written Megatron block equals the unsplit one on every rank."""
    out = run("05_scale.ipynb", "cell-001", "cell-010", "cell-012", "cell-015")
    assert out.count("= 8 B/param; ZeRO-1") == 2 and out.count("= 4.00 B/param") == 2, out
    for number in ("120 GB", "31.4 GB", "16.6 GB", "1.88 GB"):
        assert number in out, out
    assert "120 GB, 31.4 GB, 16.6 GB and 1.88 GB" in text("05_scale.ipynb", "cell-013")
    assert out.count("output equal True, input gradient equal True, holds 528 of 1056") == 2, out


def test_lecture_05_attention_split_by_heads_prints_what_the_text_says():
    """Lecture 5, section 3: self-attention with its heads split over 2 ranks (Megatron-LM section 3) holds half the
    split weights, communicates only through g and f (all-reduces counted at the c10d operators), and equals torch's
    unsplit `nn.MultiheadAttention` in output, input gradient and every weight-gradient shard."""
    out = run("05_scale.ipynb", "cell-001", "cell-015", "cell-016b")
    for rank, heads in enumerate(("[0, 1]", "[2, 3]")):
        line = (f"rank {rank}: heads {heads} of 4, holds 536 of 1072 split weights; "
                "all-reduces: 0 before g, 1 in forward, 1 in backward")
        assert line in out, f"expected {line!r}:\n{out}"
    rows = re.findall(r"largest difference from the unsplit block: output (\S+), input gradient (\S+); "
                      r"gradient shards: (.+)$", out, re.M)
    assert len(rows) == 2, out
    for output, input_grad, shards in rows:
        named = dict(part.split() for part in shards.split(", "))
        assert sorted(named) == sorted(["Wq", "Wk", "Wv", "bq", "bk", "bv", "Wo", "bo"]), shards
        assert max(float(v) for v in (output, input_grad, *named.values())) < 1e-5, out
    claim = text("05_scale.ipynb", "cell-016a")
    for phrase in ("column-parallel **by heads**", "with no communication", "row-parallel",
                   "added once, after g", "one all-reduce forward and one backward", "its heads (0 and 1, then 2 and 3)",
                   "536 of the 1072 split weights", "0 all-reduces before g, 1 in forward and 1 in backward",
                   "all below 1e-5", "d_model 16, 4 heads, causal mask, batch 3 x sequence 6"):
        assert phrase in claim, f"section 3's attention block no longer says {phrase!r}"
    assert "self-attention with its heads split across ranks" in text("05_scale.ipynb", "cell-000")


def _layout_rows(block: str) -> dict:
    """`choose_layout`'s printed lines of one case: layout -> (GB per device, GB sent, ms, bubble ms or None)."""
    rows = re.findall(r"^ +(\S+): +([\d.]+) GB per device, +(?:fits|does not fit); sends +([\d.]+) GB per step; +([\d.]+) ms"
                      r"(?: \(bubble ([\d.]+)\))?", block, re.M)
    return {name: (mem, sent, ms, bubble or None) for name, mem, sent, ms, bubble in rows}


def test_lecture_05_layout_payloads_and_choices_print_what_the_text_says():
    """Lecture 5, section 4: the payloads torch's DDP, ZeroRedundancyOptimizer, fully_shard, the Megatron block and
    a two-stage pipeline hand to their collectives, and the three layout choices, are what the text states."""
    out = run("05_scale.ipynb", "cell-001", "cell-010", "cell-015", "cell-017", "cell-022", "cell-024", "cell-026")
    for line in ("DP: DDP: allreduce x1 1,052,672 B = 1.00 x 4Ψ, broadcast x2 40 B",
                 "allreduce x1 1,052,672 B = 1.00 x 4Ψ, broadcast x8 1,052,672 B = 1.00 x 4Ψ",
                 "allgather_base x8 2,105,344 B = 2.00 x 4Ψ, reduce_scatter_base x4 1,052,672 B = 1.00 x 4Ψ",
                 "Megatron MLP: allreduce x2 512 B", "PP: 2 stages: send x1 8,192 B"):
        assert out.count(line) == 2, f"both ranks should print {line!r}:\n{out}"
    measured = text("05_scale.ipynb", "cell-023")
    for phrase in ("8 all-gathers, 2.00 x 4Ψ", "(1.00 x 4Ψ): ZeRO-3's 3Ψ", "8 broadcasts, 1.00 x 4Ψ",
                   "twice, 256 bytes each", "8,192-byte tensor", "two broadcasts of 40 bytes in all"):
        assert phrase in measured, f"section 4 no longer says {phrase!r}"
    assert re.findall(r"^chosen: (\S+)", out, re.M) == ["DP", "TP", "PP"], out
    small, in_node, across = (_layout_rows(block) for block in out.split("chosen:")[-4:-1])
    claim = text("05_scale.ipynb", "cell-025")
    assert f"the same {small['DP'][1]} GB per step" in claim and small["DP"][1] == small["ZeRO-2"][1]
    assert f"TP would send {small['TP'][1]} GB" in claim and f"only {small['PP'][1]} GB" in claim
    assert f"bubble of {small['PP'][3]} ms it costs {small['PP'][2]} ms against DP's {small['DP'][2]} ms" in claim
    claim = text("05_scale.ipynb", "cell-027")
    for phrase in (f"needs {in_node['DP'][0]} GB per device with DP", f"ZeRO-1 ({in_node['ZeRO-1'][0]} GB)",
                   f"ZeRO-2 ({in_node['ZeRO-2'][0]} GB)", f"({in_node['ZeRO-3'][0]} GB each)",
                   f"send {in_node['TP'][1]} GB per step, {in_node['TP'][2]} ms",
                   f"ZeRO-3's {in_node['ZeRO-3'][1]} GB ({in_node['ZeRO-3'][2]} ms)",
                   f"bubble ({in_node['PP'][3]} ms)", f"traffic takes {across['TP'][2]} ms",
                   f"sends only {across['PP'][1]} GB", f"chosen at {across['PP'][2]} ms"):
        assert phrase in claim, f"section 4's large case should say {phrase!r}:\n{out}"


def test_lecture_05_mixed_precision_prints_what_the_text_says():
    """Lecture 5, section 5: the fp16 underflow and its rescue by loss scaling, clipping before and after unscale_,
    the 16 bytes per parameter of mixed-precision Adam, and bf16's range, as the text states them."""
    out = run("05_scale.ipynb", "cell-001", "cell-029", "cell-031", "cell-033", "cell-035")
    assert re.search(r"torch.float16, loss x +1: w.grad = 0.0000e\+00", out), out
    assert re.search(r"torch.float16, loss x 1024: w.grad = 3.0518e-05, divided by the scale in fp32: 2.9802e-08", out), out
    assert re.search(r"torch.bfloat16, loss x +1: w.grad = 2.9802e-08", out), out
    assert "2**-15 = 3.0518e-05" in text("05_scale.ipynb", "cell-030") and "true 2.9802e-08" in text("05_scale.ipynb", "cell-030")
    norms = dict(re.findall(r"^ *(.+?): norm the clip saw +([\d.e+-]+);", out, re.M))
    used = dict(re.findall(r"^ *(.+?): norm the clip saw .*norm of the gradient SGD used ([\d.e+-]+);", out, re.M))
    gaps = dict(re.findall(r"^ *(.+?): norm the clip saw .*weights differ from fp32's by ([\d.e+-]+)$", out, re.M))
    claim = text("05_scale.ipynb", "cell-032")
    assert f"true norm ({norms['unscale_, then clip']} against fp32's {norms['fp32']})" in claim, out
    assert f"within {gaps['unscale_, then clip']} of the fp32 step" in claim, out
    assert f"the clip sees {norms['clip, never unscale_']}" in claim and f"norm {used['clip, never unscale_']}, 65,536" in claim, out
    assert float(used["clip, never unscale_"]) == pytest.approx(0.1 / 2**16, rel=1e-3)
    assert "weights changed False; scale after update() 2**39" in out and "halves the scale to 2**39" in claim
    assert "init_scale 2**16, backoff_factor 0.5, growth_factor 2.0, growth_interval 2000" in out, out
    assert re.search(r"total: +[\d,]+ B = 16 B/param", out) and "**16 bytes per parameter**" in text("05_scale.ipynb", "cell-034")
    bf16 = re.search(r"bf16 autocast: .*loss ([\d.]+) \(fp32: ([\d.]+)\).*fp32's gradients ([\d.e+-]+)", out)
    claim = text("05_scale.ipynb", "cell-036")
    assert bf16 and f"loss of {bf16.group(1)} against fp32's {bf16.group(2)}" in claim and f"within {bf16.group(3)}" in claim, out
    for dtype in (torch.float16, torch.bfloat16):
        info = torch.finfo(dtype)
        assert f"{info.eps:.3e}" in claim and f"{info.tiny:.3e}" in claim
