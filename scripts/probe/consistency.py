"""Text and --json of one run must give the same figures.

A check, registered by name, reads the headline figures from the text stdout
and from the JSON stdout of the same command line; they must agree to the
text's printed precision (6 significant digits or 3 decimals).
"""
import json
import re

CHECKS = {}


def check(name):
    def register(f):
        CHECKS[name] = f
        return f
    return register


def _close(text_value, json_value):
    return abs(text_value - json_value) <= max(6e-4, 6e-6 * abs(json_value))


def _find(pattern, text):
    m = re.search(pattern, text)
    return float(m.group(1)) if m else None


def _compare(pairs):
    problems = []
    for label, text_value, json_value in pairs:
        if text_value is None or json_value is None:
            problems.append(f"{label}: text {text_value}, JSON {json_value}")
        elif not _close(text_value, json_value):
            problems.append(f"{label}: text says {text_value}, JSON says {json_value}")
    return problems


@check("gemm")
def gemm(text, j):
    row = j["tables"]["gemm"][0]
    return _compare([("time_us", _find(r"\n  time\s+([0-9.eE+-]+) us", text), row["time_us"]),
                     ("compute_time_us", _find(r"\n  compute\s+([0-9.eE+-]+) us", text),
                      row["compute_time_us"]),
                     ("dram_time_us", _find(r"\n  DRAM\s+([0-9.eE+-]+) us", text),
                      row["dram_time_us"])])


@check("model")
def model(text, j):
    totals = j["totals"]
    pairs = [("forward_pass_ms", _find(r"([0-9.eE+-]+) ms per forward pass", text),
              totals["forward_pass_ms"])]
    if "energy_per_token_mJ" in totals:
        pairs.append(("energy_per_token_mJ", _find(r"([0-9.eE+-]+) mJ per token", text),
                      totals["energy_per_token_mJ"]))
    return pairs and _compare(pairs)


@check("lmma")
def lmma(text, j):
    m = re.search(r"^cycles \[cycles\].*\n\s*([0-9]+)\s", text, re.M)
    return _compare([("cycles", float(m.group(1)) if m else None, j["rows"][0]["cycles"])])


def problems(name, text, json_text):
    """Disagreements between the text and JSON stdout under check `name`."""
    try:
        return CHECKS[name](text, json.loads(json_text)) or []
    except (KeyError, IndexError, TypeError, ValueError) as e:
        return [f"consistency {name}: JSON lacks a figure ({type(e).__name__}: {e})"]
