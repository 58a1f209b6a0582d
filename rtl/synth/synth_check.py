#!/usr/bin/env python3
"""Synthesis check of one RTL top: yosys 0.23 onto a liberty, then three checks.

1. yosys synthesizes the top (with the given parameters) onto the cell library
   (PPA_NOTES recipe: synth -flatten; dfflibmap; abc; opt_clean -purge; stat).
2. Every port of the synthesized netlist has the width Verilator sees for the
   same top and parameters (`verilator --xml-only`): yosys 0.23 silently cuts
   some port declarations that Verilator accepts.
3. The gate netlist, simulated in iverilog with cell models from
   `read_liberty -ignore_miss_func` + `write_verilog`, matches the RTL
   (also simulated in iverilog) on every output, before and after every clock
   edge, for random stimulus.

Exit status 0 only if all three pass. Prints the cell area (um^2 for NanGate45).
Only the Python standard library is used.
"""
import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def run(cmd, cwd, log_name):
    """Runs cmd in cwd, keeps its output in cwd/log_name; raises on failure."""
    result = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(cwd, log_name), "w") as f:
        f.write(result.stdout)
    if result.returncode != 0:
        tail = "\n".join(result.stdout.splitlines()[-30:])
        raise RuntimeError(f"{cmd[0]} failed (exit {result.returncode}), see {log_name}:\n{tail}")
    return result.stdout


def atomic_write(path, write):
    """Creates path via a temporary file, so parallel tests never see a partial file."""
    if os.path.exists(path):
        return
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
    os.close(fd)
    write(tmp)
    os.replace(tmp, path)


def prepare_library(liberty_gz, cache_dir, yosys):
    """The decompressed liberty and the iverilog cell models, cached."""
    os.makedirs(cache_dir, exist_ok=True)
    stem = os.path.basename(liberty_gz).removesuffix(".gz").removesuffix(".lib")
    lib = os.path.join(cache_dir, stem + ".lib")
    cells = os.path.join(cache_dir, stem + "_cells_sim.v")

    def decompress(tmp):
        with gzip.open(liberty_gz, "rb") as src, open(tmp, "wb") as dst:
            shutil.copyfileobj(src, dst)

    def cell_models(tmp):
        run([yosys, "-q", "-p", f"read_liberty -ignore_miss_func {lib}; write_verilog -noattr {tmp}"],
            cache_dir, stem + "_cells_sim.log")

    atomic_write(lib, decompress)
    atomic_write(cells, cell_models)
    return lib, cells


def synthesize(args, lib, work):
    chparams = " ".join(f"-chparam {k} {v}" for k, v in args.params)
    script = "\n".join([
        f"read_verilog -sv {' '.join(args.sources)}",
        f"hierarchy -check -top {args.top} {chparams}",
        f"synth -top {args.top} -flatten",
        f"dfflibmap -liberty {lib}",
        f"abc -liberty {lib}",
        "opt_clean -purge",
        f"tee -o stat.txt stat -liberty {lib}",
        # Scalar internal nets: iverilog re-evaluates every reader of a vector
        # net when any one bit changes, which made gate simulation ~100x slower.
        "splitnets",
        f"rename -top {args.top}_gate",
        "write_verilog -noattr netlist.v",
        "write_json netlist.json",
    ])
    with open(os.path.join(work, "synth.ys"), "w") as f:
        f.write(script + "\n")
    run([args.yosys, "-q", "-s", "synth.ys"], work, "yosys.log")
    with open(os.path.join(work, "netlist.json")) as f:
        module = json.load(f)["modules"][f"{args.top}_gate"]
    ports = {name: (p["direction"], len(p["bits"])) for name, p in module["ports"].items()}
    with open(os.path.join(work, "stat.txt")) as f:
        m = re.search(r"Chip area for (?:top )?module .*?:\s*([0-9.]+)", f.read())
    area = float(m.group(1)) if m else float("nan")
    return ports, area


def verilator_ports(args, work):
    cmd = [args.verilator, "--xml-only", "--xml-output", "ports.xml", "--top-module", args.top]
    cmd += [f"-G{k}={v}" for k, v in args.params] + args.sources
    run(cmd, work, "verilator_xml.log")
    root = ET.parse(os.path.join(work, "ports.xml")).getroot()
    widths = {}
    for dtype in root.iter("basicdtype"):
        left, right = dtype.get("left"), dtype.get("right")
        widths[dtype.get("id")] = abs(int(left) - int(right)) + 1 if left is not None else 1
    for module in root.iter("module"):
        if module.get("topModule") == "1":
            return {v.get("name"): ({"input": "input", "output": "output"}[v.get("dir")],
                                    widths[v.get("dtype_id")])
                    for v in module.iter("var") if v.get("dir") in ("input", "output")}
    raise RuntimeError("no top module in Verilator's XML")


def testbench(args, ports):
    """An iverilog bench: RTL and netlist side by side on random stimulus."""
    inputs = {n: w for n, (d, w) in ports.items() if d == "input"}
    outputs = {n: w for n, (d, w) in ports.items() if d == "output"}
    clocked = "clk" in inputs
    params = ", ".join(f".{k}({v})" for k, v in args.params)
    lines = ["`timescale 1ns/1ps", "module synth_check_tb;"]
    for n, w in inputs.items():
        lines.append(f"  reg [{w - 1}:0] {n};")
    for n, w in outputs.items():
        lines += [f"  wire [{w - 1}:0] rtl_{n};", f"  wire [{w - 1}:0] gate_{n};"]
    conn = lambda prefix: ", ".join([f".{n}({n})" for n in inputs] + [f".{n}({prefix}{n})" for n in outputs])
    lines.append(f"  {args.top} {'#(' + params + ') ' if params else ''}u_rtl ({conn('rtl_')});")
    lines.append(f"  {args.top}_gate u_gate ({conn('gate_')});")
    lines += ["  integer errors = 0;", "  integer i;", f"  integer seed = {args.seed};", "  task automatic compare(input integer step);", "  begin"]
    for n in outputs:
        lines += [f"    if (rtl_{n} !== gate_{n}) begin",
                  "      errors = errors + 1;",
                  f"      if (errors <= 10) $display(\"MISMATCH step %0d {n}: rtl %h gate %h\", step, rtl_{n}, gate_{n});",
                  "    end"]
    lines += ["  end", "  endtask", "  task automatic randomize_inputs(input integer step);", "  begin"]
    for n, w in inputs.items():
        if n == "clk":
            continue
        if n == "rst":
            lines.append("    rst = (step < 2) || ($random(seed) % 64 == 0);")
        elif n == "tbl_wr_en":  # tables have no reset: load them all first
            lines.append(f"    tbl_wr_en = (step < 2) ? {{{w}{{1'b1}}}} : {{{', '.join(['$random(seed)'] * ((w + 31) // 32))}}};")
        else:
            lines.append(f"    {n} = {{{', '.join(['$random(seed)'] * ((w + 31) // 32))}}};")
    lines += ["  end", "  endtask", "  initial begin"]
    if clocked:
        lines += ["    clk = 0;",
                  f"    for (i = 0; i < {args.vectors}; i = i + 1) begin",
                  "      randomize_inputs(i);",
                  "      #1; if (i >= 2) compare(i);",
                  "      clk = 1; #1; if (i >= 2) compare(i);",
                  "      clk = 0; #1;",
                  "    end"]
    else:
        lines += [f"    for (i = 0; i < {args.vectors}; i = i + 1) begin",
                  "      randomize_inputs(i);",
                  "      #1; compare(i);",
                  "    end"]
    lines += [f"    if (errors == 0) $display(\"GATE_SIM PASS %0d vectors\", {args.vectors});",
              "    else $display(\"GATE_SIM FAIL %0d mismatches\", errors);",
              "    $finish;", "  end", "endmodule"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", required=True)
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--sources", nargs="+", required=True)
    ap.add_argument("--liberty", required=True, help="liberty file, .lib.gz")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--cache-dir", required=True, help="decompressed liberty and cell models")
    ap.add_argument("--vectors", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--verilator", default="verilator")
    ap.add_argument("--iverilog", default="iverilog")
    ap.add_argument("--vvp", default="vvp")
    args = ap.parse_args()
    args.params = [tuple(p.split("=", 1)) for p in args.param]
    args.sources = [os.path.abspath(s) for s in args.sources]
    name = args.top + "".join(f" {k}={v}" for k, v in args.params)

    shutil.rmtree(args.workdir, ignore_errors=True)
    os.makedirs(args.workdir)
    work = args.workdir
    try:
        lib, cells = prepare_library(os.path.abspath(args.liberty), os.path.abspath(args.cache_dir), args.yosys)
        gate_ports, area = synthesize(args, lib, work)
        rtl_ports = verilator_ports(args, work)
        if gate_ports != rtl_ports:
            for n in sorted(set(gate_ports) | set(rtl_ports)):
                if gate_ports.get(n) != rtl_ports.get(n):
                    print(f"PORT MISMATCH {n}: yosys {gate_ports.get(n)} verilator {rtl_ports.get(n)}")
            print(f"FAIL {name}: synthesized ports differ from Verilator's")
            return 1
        print(f"{name}: {len(gate_ports)} ports match Verilator "
              f"({sum(w for _, w in gate_ports.values())} bits); cell area {area:.1f} um^2")
        with open(os.path.join(work, "tb.v"), "w") as f:
            f.write(testbench(args, rtl_ports))
        run([args.iverilog, "-g2012", "-o", "sim.vvp", "tb.v", "netlist.v", cells] + args.sources,
            work, "iverilog.log")
        out = run([args.vvp, "-n", "sim.vvp"], work, "vvp.log")
        if "ERROR" in out:
            raise RuntimeError("vvp: " + next(l for l in out.splitlines() if "ERROR" in l))
        verdict = [l for l in out.splitlines() if l.startswith(("GATE_SIM", "MISMATCH"))]
        print("\n".join(verdict))
        if not any(l.startswith("GATE_SIM PASS") for l in verdict):
            print(f"FAIL {name}: gate netlist differs from the RTL")
            return 1
    except RuntimeError as e:
        print(f"FAIL {name}: {e}")
        return 1
    print(f"PASS {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
