#!/usr/bin/env python3
"""Writes the shape lists that lutsim_cublas_bench times with --shapes.

  unaligned.csv  aligned GEMMs next to the same GEMMs with K, N or M moved off
                 a multiple of 8/16 elements (leading dimensions cuBLASLt cannot
                 run with its fastest kernels), to measure that penalty
  tiny.csv       the smallest GEMMs (M 1-64, N and K 256-1024), whose time is
                 the fixed cost of a library GEMM kernel more than its work
  random.csv     GEMMs drawn at random (fixed seed), log-uniform sizes, N and K
                 multiples of 64: a held-out set no lutsim parameter is fitted to

Deterministic: running it again writes the same files.
Usage: validation/cublas/make_shape_sets.py [OUT_DIR]   (default: shapes/ beside it)
"""
import math
import pathlib
import random
import sys

UNALIGNED_BASES = [(4096, 4096), (11008, 4096), (8192, 8192)]  # (N, K)
UNALIGNED_MS = [16, 512, 4096]
# (label, dM, dN, dK): offsets from the aligned shape
UNALIGNED_VARIANTS = [
    ("aligned", 0, 0, 0),
    ("K+1", 0, 0, 1),
    ("K+2", 0, 0, 2),
    ("K+4", 0, 0, 4),
    ("K+8", 0, 0, 8),
    ("N+1", 0, 1, 0),
    ("N+2", 0, 2, 0),
    ("N+4", 0, 4, 0),
    ("M+1", 1, 0, 0),
    ("N+1 K+1", 0, 1, 1),
]
TINY_MS = [1, 8, 64]
TINY_NKS = [256, 1024]
RANDOM_SEED = 20261126
RANDOM_COUNT = 96
RANDOM_M = (1, 8192)
RANDOM_NK = (256, 32768)
RANDOM_NK_MULTIPLE = 64


def log_uniform_int(rng, lo, hi):
    return int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def unaligned_rows():
    for n, k in UNALIGNED_BASES:
        for m in UNALIGNED_MS:
            for label, dm, dn, dk in UNALIGNED_VARIANTS:
                yield m + dm, n + dn, k + dk, f"unaligned {label}"


def tiny_rows():
    for m in TINY_MS:
        for n in TINY_NKS:
            for k in TINY_NKS:
                yield m, n, k, "tiny"


def random_rows():
    rng = random.Random(RANDOM_SEED)
    for _ in range(RANDOM_COUNT):
        m = log_uniform_int(rng, *RANDOM_M)
        n, k = (
            max(RANDOM_NK_MULTIPLE,
                log_uniform_int(rng, *RANDOM_NK) // RANDOM_NK_MULTIPLE * RANDOM_NK_MULTIPLE)
            for _ in range(2))
        yield m, n, k, "random"


def write(path, comment, rows):
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {comment}\n# written by validation/cublas/make_shape_sets.py\n")
        f.write("m,n,k,label\n")
        for m, n, k, label in rows:
            f.write(f"{m},{n},{k},{label}\n")


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).parent / "shapes"
    out.mkdir(parents=True, exist_ok=True)
    write(out / "unaligned.csv",
          "aligned GEMMs and the same GEMMs with M, N or K off a multiple of 8/16 elements",
          unaligned_rows())
    write(out / "tiny.csv",
          "the smallest GEMMs: their time is the fixed cost of a library GEMM kernel", tiny_rows())
    write(out / "random.csv",
          f"random GEMMs: seed {RANDOM_SEED}, M log-uniform in {RANDOM_M}, N and K log-uniform in "
          f"{RANDOM_NK} rounded down to multiples of {RANDOM_NK_MULTIPLE}",
          random_rows())


if __name__ == "__main__":
    main()
