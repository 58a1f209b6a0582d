"""The verdict of one probe: the rules, stated once (README.md lists them).

exit 0      the run printed something (or wrote its --out), every figure in its
            stdout and in the files it wrote is finite and plausible (no nan or
            inf, no |x| >= 1e300 such as DBL_MAX, no 40-digit numbers, no negative
            time, energy, area, power, size or count), its JSON parses, no
            temporary file is left in --out, and nothing was written outside
            --out (the default results/ folder when no --out is given).
exit != 0   stderr holds exactly one line starting 'lutsim: error: ', the last
            (progress lines may precede it); it names the input or option the
            probe varied and quotes no implausible figure (DBL_MAX in 309
            digits); no output holds an uncaught exception's or a sanitizer's
            text.
a signal    the process died of a signal: a crash.
timeout     no exit within the timeout (60 s by default): a hang, unless its
            stderr shows the work advancing (two or more progress lines
            '[done/total]' with done rising): a long run, not a hang.
"""
import json
import math
import re

import runner

OK = "ok"                            # exit 0, every check passed
REFUSED = "refused"                  # exit != 0 with one clear error line
WRONG_OUTPUT = "wrong-output"        # exit 0 with a bad figure, or a refusal expected
WRONGLY_REFUSED = "wrongly-refused"  # a valid baseline run that failed
BARE_EXCEPTION = "bare-exception"    # an uncaught exception's or a sanitizer's text
UNCLEAR_ERROR = "unclear-error"      # not one 'lutsim: error:' line, or it names no input
ESCAPED = "escaped"                  # wrote outside --out
CRASH = "crash"                      # died of a signal
HANG = "hang"                        # ran past the timeout, no progress shown
PROGRESSING = "progressing"          # ran past the timeout, progress advancing

# The verdicts a clean run has none of (the must-show of issue 16).
FAILURES = (WRONG_OUTPUT, WRONGLY_REFUSED, BARE_EXCEPTION, UNCLEAR_ERROR, ESCAPED, CRASH, HANG)
ALL = (OK, REFUSED, PROGRESSING) + FAILURES

BARE_TEXTS = ("[json.exception", "std::", "stoi", "stod", "basic_string", "bad_alloc",
              "terminate called", "what():", "AddressSanitizer", "UndefinedBehaviorSanitizer",
              "LeakSanitizer", "runtime error:", "Segmentation fault", "core dumped", "YAML::",
              "Assertion `", "Traceback (most recent call last)")

_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.])")
_NON_FINITE = re.compile(r"(?i)(?<![\w-])[-+]?(nan|inf|infinity)(?![\w-])")
_NEGATIVE_WITH_UNIT = re.compile(
    r"(?<![\w.])-(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*"
    r"(ns|us|ms|s|nJ|uJ|mJ|pJ|J|W|mW|uW|um\^?2|mm\^?2|cycles|bytes|B|GB/s|TB/s|TFLOPS|TOPS)(?![\w/])")
# JSON keys whose numbers are magnitudes (never negative): times, energies,
# areas, powers, sizes, counts. Signed quantities (errors, slack) are left out.
_MAGNITUDE_KEY = re.compile(
    r"(?i)(time|latency|_us$|_ms$|_ns$|_s$|energy|_pj|_mj|_j$|area|um2|power|_mw$|_w$|bytes|"
    r"cycles|count|flops|tokens_per|speedup|throughput)")
_SIGNED_KEY = re.compile(r"(?i)(error|err_|slack|bias|delta|diff|signed|offset|ratio_log)")
_HUGE = 1e300


def figure_problems(text, where):
    """Problems with the figures of one text output (stdout or a CSV)."""
    problems = []
    m = _NON_FINITE.search(text)
    if m:
        problems.append(f"{where}: non-finite figure '{m.group(0)}'")
    for m in _NUMBER.finditer(text):
        token = m.group(0)
        digits = sum(c.isdigit() for c in token)
        if digits >= 40 or abs(float(token)) >= _HUGE:
            problems.append(f"{where}: implausible figure '{token[:60]}'")
            break
    m = _NEGATIVE_WITH_UNIT.search(text)
    if m:
        problems.append(f"{where}: negative magnitude '{m.group(0)}'")
    return problems


def json_problems(value, where, key=""):
    """Problems with the numbers of a parsed JSON value, by key."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in json_problems(v, where, str(k))]
    if isinstance(value, list):
        return [p for v in value for p in json_problems(v, where, key)]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return []
    if not math.isfinite(value) or abs(value) >= _HUGE:
        return [f"{where}: {key} = {value}"]
    if value < 0 and _MAGNITUDE_KEY.search(key) and not _SIGNED_KEY.search(key):
        return [f"{where}: {key} = {value} is negative"]
    return []


def _reject_constant(name):
    raise ValueError(f"non-standard JSON constant {name}")


def parse_json(text, where):
    """(value, problems): strict JSON (NaN/Infinity are problems)."""
    try:
        return json.loads(text, parse_constant=_reject_constant), []
    except ValueError as e:
        return None, [f"{where}: not JSON ({str(e)[:120]})"]


def output_problems(stdout, files, want_json):
    """Problems with a successful run's stdout and written files {name: text}."""
    problems = []
    if want_json or stdout.lstrip().startswith("{"):  # --json, or lutsim config's JSON
        value, p = parse_json(stdout, "stdout")
        problems += p or json_problems(value, "stdout")
    else:
        problems += figure_problems(stdout, "stdout")
    for name, text in files.items():
        if ".tmp" in name:
            problems.append(f"temporary file left behind: {name}")
        elif name.endswith(".json"):
            value, p = parse_json(text, name)
            problems += p or json_problems(value, name)
        elif name.endswith(".csv"):
            problems += figure_problems(text, name)
    return problems


def error_problems(stderr, names):
    """Problems with a refusal's stderr; `names`: what the error line must name (any one)."""
    # Lines end at '\n' only: a control byte of a mutant echoed in a message is no line end.
    lines = [line for line in stderr.split("\n") if line.strip()]
    errors = [line for line in lines if line.startswith("lutsim: error: ")]
    if len(errors) != 1 or lines[-1] != errors[0]:
        return [f"stderr has {len(errors)} 'lutsim: error:' lines in {len(lines)} lines, "
                "expected one, the last (progress lines may come before it)"]
    if names and not any(n.lower() in errors[0].lower() for n in names):
        return [f"the error names none of {names}"]
    # A value the input gave (1e308) may be quoted back; a number of 40 digits is not one.
    long = [m.group(0) for m in _NUMBER.finditer(errors[0]) if sum(c.isdigit() for c in m.group(0)) >= 40]
    return [f"the error quotes a {len(long[0])}-character number"] if long else []


def bare_text(*outputs):
    for text in outputs:
        for bare in BARE_TEXTS:
            if bare in text:
                return bare
    return None


_PROGRESS = re.compile(r"\[(\d+)/(\d+)\]")


def progress_shown(stderr):
    """The last (done, total) of a run whose progress lines rose, else None."""
    steps = [(int(d), int(t)) for d, t in _PROGRESS.findall(stderr)]
    rising = len(steps) >= 2 and all(b[0] > a[0] and b[1] == a[1] for a, b in zip(steps, steps[1:]))
    return steps[-1] if rising else None


def judge(probe, result):
    """(verdict, reasons) of one probe from its result (runner.Result)."""
    if result.timed_out:
        shown = progress_shown(result.stderr)
        if shown:
            done, total = shown
            return PROGRESSING, [f"{done}/{total} done when stopped after {result.timeout_s} s"]
        return HANG, [f"no exit in {result.timeout_s} s"]
    if result.returncode < 0:
        return CRASH, [f"signal {-result.returncode}"]
    bare = bare_text(result.stdout, result.stderr)
    if bare:
        return BARE_EXCEPTION, [f"output holds '{bare}'"]
    if result.escaped:
        return ESCAPED, [f"wrote outside --out: {', '.join(result.escaped[:5])}"]
    if result.returncode == 0:
        return _judge_success(probe, result)
    if probe.expect == "ok":
        return WRONGLY_REFUSED, [result.stderr.strip()[:300]]
    names = [runner.expand(n, result.subst) for n in probe.names]
    problems = error_problems(result.stderr, names)
    return (UNCLEAR_ERROR, problems) if problems else (REFUSED, [])


def _judge_success(probe, result):
    if probe.expect == "refuse":
        return WRONG_OUTPUT, ["exit 0 where a refusal is expected"]
    if not result.stdout.strip() and not result.files and not probe.quiet:
        return WRONG_OUTPUT, ["exit 0 with no output"]
    problems = output_problems(result.stdout, result.files, "--json" in probe.argv)
    for text in probe.must_contain:
        if text not in result.stdout:
            problems.append(f"stdout lacks '{text}'")
    return (WRONG_OUTPUT, problems) if problems else (OK, [])
