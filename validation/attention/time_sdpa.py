#!/usr/bin/env python3
"""Times fused attention, torch.nn.functional.scaled_dot_product_attention, on one GPU.

Causal prefill (q_len = kv_len) and single-token decode against a KV cache
(q_len = 1), MHA and GQA, head dims 64 and 128, for the model geometries and
sizes of the H200 set (validation/data/h200-attention/sdpa_fp16.csv): the same
grid, so that the two GPUs compare row by row. See validation/attention/README.md.

Method (as the H200 set): per-launch CUDA events, the launches queued behind a
GPU-side spin (torch.cuda._sleep) long enough for the host to enqueue all of
them with their events (checked: the spin must outlast the enqueueing, else it
is redone longer), so that host latency is never inside an event pair; inputs
(q, k, v and the output) rotated among as many sets as make >= 4x the L2 size;
median, p10 and p90 of --reps (>= 20) launches after a warm-up. The backend
PyTorch chose is recorded per row (torch._fused_sdp_choice), and the name of
its longest kernel from the profiler, once per backend and kind of problem.

Writes, into OUT_DIR: sdpa_fp16.csv and sdpa_bf16.csv (the H200 grid) and, with
--decode-sweep, sdpa_decode_sweep_fp16.csv (decode at batch 1..256 x kv_len
1024..8192 for four geometries). Columns: those of the H200 file, then backend
and kernel; '#' lines carry the provenance (GPU, driver, torch, CUDA, cuDNN,
clocks). pandas: pd.read_csv(f, comment="#").

Usage: time_sdpa.py [--out-dir DIR] [--dtypes fp16,bf16] [--reps N] [--warmup N]
                    [--decode-sweep] [--list]
Exit status: 0 ok, 1 a failed check or error, 2 bad arguments, 3 no usable GPU
(or no torch).
"""

import argparse
import datetime
import math
import os
import subprocess
import sys
import time

# (name, q_heads, kv_heads, head_dim), in the H200 file's order.
MODELS = [
    ("Llama-2-7B", 32, 32, 128),
    ("Llama-2-13B", 40, 40, 128),
    ("Llama-2-70B", 64, 8, 128),
    ("Llama-3-8B", 32, 8, 128),
    ("OPT-175B", 96, 96, 128),
    ("BLOOM-176B", 112, 112, 128),
    ("small-d64", 32, 32, 64),
]
PREFILL = [(1, 128), (1, 512), (1, 2048), (1, 4096), (4, 2048), (8, 1024), (16, 512)]  # (batch, seq)
DECODE = [(1, 512), (1, 2048), (1, 8192), (8, 2048), (32, 2048), (64, 1024), (128, 512),
          (256, 2048)]  # (batch, kv_len)
SWEEP_MODELS = ["Llama-2-7B", "Llama-3-8B", "Llama-2-70B", "small-d64"]
SWEEP_BATCHES = [1, 4, 16, 64, 256]
SWEEP_KV = [1024, 4096, 8192]

COLUMNS = ("model,phase,batch,q_heads,kv_heads,head_dim,q_len,kv_len,dtype,median_us,p10_us,"
           "p90_us,tflops,kv_bytes,backend,kernel")


def grid():
    rows = []
    for name, hq, hkv, d in MODELS:
        for b, s in PREFILL:
            rows.append((name, "prefill", b, hq, hkv, d, s, s))
        for b, kv in DECODE:
            rows.append((name, "decode", b, hq, hkv, d, 1, kv))
    return rows


def sweep_grid():
    geo = {m[0]: m for m in MODELS}
    rows = []
    for name in SWEEP_MODELS:
        _, hq, hkv, d = geo[name]
        for b in SWEEP_BATCHES:
            for kv in SWEEP_KV:
                rows.append((name, "decode", b, hq, hkv, d, 1, kv))
    return rows


def percentile(values, q):
    """Linear interpolation between order statistics (numpy's default)."""
    v = sorted(values)
    pos = q * (len(v) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (pos - lo) * (v[hi] - v[lo])


def flops(phase, b, hq, d, q_len, kv_len):
    """2 FLOP per multiply-add, QK^T and PV; causal prefill does half the pairs."""
    full = 4.0 * b * hq * q_len * kv_len * d
    return full / 2 if phase == "prefill" else full


def kv_bytes(b, hkv, d, kv_len, elem):
    return 2 * b * hkv * kv_len * d * elem


def smi(query):
    try:
        out = subprocess.run(["nvidia-smi", f"--query-gpu={query}", "--format=csv,noheader", "-i", "0"],
                             capture_output=True, text=True, timeout=20)
        return out.stdout.strip() if out.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        return ""


class Clocks:
    """The SM clock read through NVML (pynvml, read-only), else nvidia-smi."""

    def __init__(self):
        self.nvml = None
        self.seen = []
        try:
            import pynvml  # nvidia-ml-py
            pynvml.nvmlInit()
            self.handle = pynvml.nvmlDeviceGetHandleByIndex(0)
            self.nvml = pynvml
        except Exception:  # noqa: BLE001 - no NVML: fall back to nvidia-smi
            self.nvml = None

    def sm_mhz(self):
        try:
            if self.nvml:
                return int(self.nvml.nvmlDeviceGetClockInfo(self.handle, self.nvml.NVML_CLOCK_SM))
            text = smi("clocks.sm").split()[0]
            return int(text)
        except Exception:  # noqa: BLE001
            return None

    def sample(self):
        v = self.sm_mhz()
        if v is not None:
            self.seen.append(v)
        return v


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out-dir", default=".", help="where the CSV files go (default: .)")
    p.add_argument("--dtypes", default="fp16,bf16", help="comma-separated from fp16, bf16")
    p.add_argument("--reps", type=int, default=20, help="timed launches per row, >= 20")
    p.add_argument("--warmup", type=int, default=5, help="untimed launches first, >= 1")
    p.add_argument("--l2-factor", type=float, default=4.0,
                   help="rotate input sets totalling >= F x L2 (default 4)")
    p.add_argument("--decode-sweep", action="store_true",
                   help="also decode at batch 1..256 x kv_len 1024..8192 (fp16)")
    p.add_argument("--list", action="store_true", help="print the grid as CSV and exit (no GPU)")
    a = p.parse_args()
    dtypes = a.dtypes.split(",")
    for d in dtypes:
        if d not in ("fp16", "bf16"):
            p.error(f"unknown dtype '{d}' (fp16, bf16)")
    if a.reps < 20:
        p.error("--reps must be >= 20")
    if a.warmup < 1:
        p.error("--warmup must be >= 1")
    a.dtypes = dtypes
    return a


class Timer:
    def __init__(self, torch, args, l2_bytes, clocks):
        self.torch = torch
        self.F = torch.nn.functional
        self.args = args
        self.l2 = l2_bytes
        self.clocks = clocks
        self.kernels = {}  # (backend, phase, dtype, gqa, d) -> kernel name
        self.sleep_cycles = 2_000_000
        self.failures = 0

    def backend(self, q, k, v, causal, gqa):
        torch = self.torch
        try:
            try:
                choice = torch._fused_sdp_choice(q, k, v, attn_mask=None, dropout_p=0.0,
                                                 is_causal=causal, scale=None, enable_gqa=gqa)
            except TypeError:  # an older signature
                choice = torch._fused_sdp_choice(q, k, v, None, 0.0, causal)
            try:
                from torch.nn.attention import SDPBackend
                return SDPBackend(choice).name.lower().replace("_attention", "")
            except (ImportError, ValueError):
                return str(choice)
        except Exception:  # noqa: BLE001 - private API: keep going without it
            return "unknown"

    def kernel_name(self, call):
        torch = self.torch
        try:
            from torch.profiler import ProfilerActivity, profile
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                call()
                torch.cuda.synchronize()
            best, best_t = "", -1.0
            for e in prof.key_averages():
                t = getattr(e, "self_device_time_total", None)
                if t is None:
                    t = getattr(e, "self_cuda_time_total", 0.0)
                if t > best_t and t > 0:
                    best, best_t = e.key, t
            best = best.removeprefix("void ").split("(")[0]
            return best.replace(",", ";").replace('"', "'")[:160]
        except Exception as e:  # noqa: BLE001
            return f"profiler failed: {type(e).__name__}"

    def check(self, q, k, v, out, causal, gqa, label):
        """Compares with PyTorch's math backend in float32 (small problems only)."""
        torch = self.torch
        from torch.nn.attention import SDPBackend, sdpa_kernel
        with sdpa_kernel([SDPBackend.MATH]):
            ref = self.F.scaled_dot_product_attention(q.float(), k.float(), v.float(),
                                                      is_causal=causal, enable_gqa=gqa)
        err = ((out.float() - ref).norm() / ref.norm()).item()
        if not err < 2e-2:
            print(f"time_sdpa.py: check failed for {label}: relative error {err:.3g}", file=sys.stderr)
            self.failures += 1
        return err

    def time_row(self, row, dtype_name):
        torch = self.torch
        name, phase, b, hq, hkv, d, q_len, kv_len = row
        dtype = torch.float16 if dtype_name == "fp16" else torch.bfloat16
        elem = 2
        causal = phase == "prefill"
        gqa = hq != hkv
        set_bytes = (2 * b * hq * q_len * d + 2 * b * hkv * kv_len * d) * elem
        free, _ = torch.cuda.mem_get_info()
        sets = max(1, math.ceil(self.args.l2_factor * self.l2 / set_bytes))
        sets = min(sets, 256, int(0.7 * free // set_bytes))
        if sets < 1:
            print(f"time_sdpa.py: note: skipped {name} {phase} b={b} kv={kv_len} {dtype_name}: "
                  f"{set_bytes / 1e9:.1f} GB does not fit", file=sys.stderr)
            return None
        gen = torch.Generator(device="cuda").manual_seed(1234)

        def rand(*shape):
            return torch.randn(*shape, device="cuda", dtype=dtype, generator=gen)

        qs = [rand(b, hq, q_len, d) for _ in range(sets)]
        ks = [rand(b, hkv, kv_len, d) for _ in range(sets)]
        vs = [rand(b, hkv, kv_len, d) for _ in range(sets)]
        sdpa = self.F.scaled_dot_product_attention

        def call(i):
            s = i % sets
            return sdpa(qs[s], ks[s], vs[s], is_causal=causal, enable_gqa=gqa)

        label = f"{name} {phase} b={b} q={q_len} kv={kv_len} {dtype_name}"
        backend = self.backend(qs[0], ks[0], vs[0], causal, gqa)
        out = call(0)
        if kv_bytes(b, hkv, d, kv_len, elem) <= (1 << 30) and b * hq * q_len * kv_len <= (1 << 27):
            self.check(qs[0], ks[0], vs[0], out, causal, gqa, label)
        del out
        key = (backend, phase, dtype_name, gqa, d)
        if key not in self.kernels:
            self.kernels[key] = self.kernel_name(lambda: call(0))

        # Warm-up (also times the host's enqueueing, unqueued).
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for i in range(self.args.warmup):
            call(i)
        host_per_call = (time.perf_counter() - t0) / self.args.warmup
        torch.cuda.synchronize()

        reps = self.args.reps
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
        spin0 = torch.cuda.Event(enable_timing=True)
        spin1 = torch.cuda.Event(enable_timing=True)
        # Spin at least 3x the expected enqueue time (cycles at 2 GHz; a lower
        # clock spins longer), and longer again if it proved too short.
        self.sleep_cycles = max(self.sleep_cycles, int(3 * host_per_call * reps * 2e9))
        for attempt in range(4):
            spin0.record()
            torch.cuda._sleep(self.sleep_cycles)
            spin1.record()
            h0 = time.perf_counter()
            for i in range(reps):
                starts[i].record()
                call(self.args.warmup + i)
                ends[i].record()
            host = time.perf_counter() - h0
            clock = self.clocks.sample()  # while the queue runs (or just after)
            torch.cuda.synchronize()
            spin_s = spin0.elapsed_time(spin1) / 1e3
            if spin_s > host:
                break
            self.sleep_cycles *= 4
        else:
            print(f"time_sdpa.py: the spin never outlasted the enqueueing for {label}", file=sys.stderr)
            self.failures += 1
            return None
        times = [1e3 * s.elapsed_time(e) for s, e in zip(starts, ends)]
        med = percentile(times, 0.5)
        del qs, ks, vs
        torch.cuda.empty_cache()
        return {
            "median_us": med,
            "p10_us": percentile(times, 0.1),
            "p90_us": percentile(times, 0.9),
            "tflops": flops(phase, b, hq, d, q_len, kv_len) / (med * 1e-6) / 1e12,
            "kv_bytes": kv_bytes(b, hkv, d, kv_len, elem),
            "backend": backend,
            "kernel": self.kernels[key],
            "sets": sets,
            "clock": clock,
        }


def provenance(torch, args, l2_bytes):
    p = torch.cuda.get_device_properties(0)
    cudnn = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
    lines = [
        f"gpu: {p.name}, {p.multi_processor_count} SMs, L2 {l2_bytes} B, "
        f"compute capability {p.major}.{p.minor}",
        f"driver: {smi('driver_version') or 'unknown'}",
        f"torch: {torch.__version__}, CUDA {torch.version.cuda}, cuDNN {cudnn}",
        f"clocks at start (nvidia-smi, MHz): {smi('clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem') or 'unknown'}",
        f"date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}",
        "method: torch.nn.functional.scaled_dot_product_attention, backend chosen by PyTorch "
        "(enable_gqa where q_heads != kv_heads; prefill is_causal, decode q_len 1 over the whole "
        f"cache); per-launch CUDA events, {args.reps} launches queued behind torch.cuda._sleep "
        f"(checked to outlast the enqueueing), after {args.warmup} warm-up launches; inputs rotated "
        f"over >= {args.l2_factor:g}x L2 (at most 256 sets); median, p10, p90",
        "tflops: 4 b h q_len kv_len d / time, halved for causal prefill; kv_bytes: "
        "2 b kv_heads kv_len d x 2 B",
    ]
    return ["# " + line for line in lines]


def run_set(timer, rows, dtype_name, path, header):
    clock_seen = []
    with open(path, "w") as f:
        f.write("\n".join(header) + "\n" + COLUMNS + "\n")
        f.flush()
        for row in rows:
            r = timer.time_row(row, dtype_name)
            if r is None:
                continue
            if r["clock"] is not None:
                clock_seen.append(r["clock"])
            name, phase, b, hq, hkv, d, q_len, kv_len = row
            f.write(f"{name},{phase},{b},{hq},{hkv},{d},{q_len},{kv_len},{dtype_name},"
                    f"{r['median_us']:.3f},{r['p10_us']:.3f},{r['p90_us']:.3f},{r['tflops']:.2f},"
                    f"{r['kv_bytes']},{r['backend']},{r['kernel']}\n")
            f.flush()
            print(f"{name:12s} {phase:7s} b={b:<4d} q={q_len:<5d} kv={kv_len:<5d} {dtype_name} "
                  f"{r['median_us']:10.3f} us {r['tflops']:7.2f} TFLOP/s {r['backend']} sets={r['sets']}",
                  flush=True)
        if clock_seen:
            f.write(f"# SM clock read (NVML) while the queued launches ran, MHz: min {min(clock_seen)}, "
                    f"median {percentile(clock_seen, 0.5):.0f}, max {max(clock_seen)} "
                    f"({len(clock_seen)} reads)\n")


def main():
    args = parse_args()
    if args.list:
        print("model,phase,batch,q_heads,kv_heads,head_dim,q_len,kv_len")
        for row in grid() + (sweep_grid() if args.decode_sweep else []):
            print(",".join(str(x) for x in row))
        return 0
    try:
        import torch
    except ImportError:
        print("time_sdpa.py: no usable CUDA GPU: PyTorch is not installed for this python3", file=sys.stderr)
        return 3
    if not torch.cuda.is_available():
        print("time_sdpa.py: no usable CUDA GPU (torch.cuda.is_available() is False)", file=sys.stderr)
        return 3
    os.makedirs(args.out_dir, exist_ok=True)
    props = torch.cuda.get_device_properties(0)
    l2_bytes = getattr(props, "L2_cache_size", 0) or 50 * 2**20
    clocks = Clocks()
    timer = Timer(torch, args, l2_bytes, clocks)
    header = provenance(torch, args, l2_bytes)
    for dt in args.dtypes:
        run_set(timer, grid(), dt, os.path.join(args.out_dir, f"sdpa_{dt}.csv"), header)
    if args.decode_sweep:
        run_set(timer, sweep_grid(), "fp16", os.path.join(args.out_dir, "sdpa_decode_sweep_fp16.csv"),
                header)
    if timer.failures:
        print(f"time_sdpa.py: {timer.failures} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
