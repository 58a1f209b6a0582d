"""validation/cublas/launch_summary.py on the harness fixture with the
`launches` column: kernels, grids, clusters and memsets are read back as
written, rows are grouped by what they launched, and a file from before the
launch capture is refused with the reason.

Run from the repository root: python3 tests/validation/test_launch_summary_py.py
"""
import contextlib
import io
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "validation", "cublas"))

import launch_summary as ls  # noqa: E402

FIXTURE = os.path.join(ROOT, "tests", "validation", "data", "cublas_format_with_launches.csv")
OLD = os.path.join(ROOT, "tests", "validation", "data", "cublas_format_sample.csv")


class LaunchSummary(unittest.TestCase):
    def test_parse(self):
        got = ls.parse_launches(
            "k1 grid=8x1x1 block=128x1x1 smem=98304 cluster=2x1x1 | memset bytes=4096 | "
            "not captured (cudaErrorStreamCaptureUnsupported)")
        self.assertEqual(got[0], ("kernel", "k1", {"grid": "8x1x1", "block": "128x1x1",
                                                   "smem": "98304", "cluster": "2x1x1"}))
        self.assertEqual(got[1], ("memset", "memset", {"bytes": "4096"}))
        self.assertEqual(got[2][0], "other")
        self.assertEqual(ls.describe(got)[:2], (1, 1))

    def test_rows(self):
        rows = ls.read_rows(FIXTURE)
        self.assertEqual(len(rows), 2)
        kernels, memsets, parts = ls.describe(ls.parse_launches(rows[1]["launches"]))
        self.assertEqual((kernels, memsets), (2, 0))
        self.assertEqual(parts[1], "void reduce_kernel<4, float>(args) grid=8x1x1")

    def test_group(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(ls.main([FIXTURE, "--group", "--dtype", "fp16"]), 0)
        self.assertIn("1 rows: gemm_splitk_kernel | void reduce_kernel<4, float>(args)\n"
                      "    fp16 M=16 N=1024 K=8192 9.00 us", out.getvalue())

    def test_old_file_refused(self):
        with self.assertRaises(SystemExit) as e:
            ls.read_rows(OLD)
        self.assertIn("no 'launches' column", str(e.exception))


if __name__ == "__main__":
    unittest.main()
