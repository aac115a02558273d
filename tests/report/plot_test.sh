#!/usr/bin/env bash
# `plot`: a sim run's figure set (overview, per kernel, power per kernel with power) as PNG and PDF by
# default, the per kernel x rank x repeat figures only with --campaigns, each non-trivial and saying
# "sim (simulated)"; progress "figure k of N"; --kernel/--detector select, --format png,pdf writes both; an unknown kernel or format is a usage error;
# without h5py the command says how to install it and exits 1; an interpreter that is not there is named
# with every place looked at; a missing file is a usage error. Python: $AUTOBENCH_PYTHON (the tests'
# venv), which plot runs too.
set -u
bin=${AUTOBENCH_BINARY:?}
python=${AUTOBENCH_PYTHON:-python3}
scratch=${AUTOBENCH_SCRATCH:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
if ! "$python" -c "import h5py, matplotlib, numpy"; then
  echo "FAIL: $python has no h5py/matplotlib/numpy (scripts/install-deps.sh --tests installs them)"
  exit 1
fi
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

h5=$("$bin" --backend sim --suite quick --repeats 2 --output "$scratch/results" -q) || { echo "FAIL: the run failed"; exit 1; }
[[ -f $h5 ]] || { echo "FAIL: the run printed '$h5', which is not a file"; exit 1; }

if ! "$bin" plot "$h5" --output "$scratch/plots" >"$scratch/out" 2>&1; then
  fail "plot exited with an error"; cat "$scratch/out"
fi
grep -q "^plot: figure [0-9]* of [0-9]* (" "$scratch/out" || fail "no progress lines: $(cat "$scratch/out")"
"$bin" plot "$h5" --output "$scratch/vecadd" --kernel vecadd --detector kneedle --format png,pdf --campaigns \
  >"$scratch/out-f" 2>&1 ||
  fail "plot --kernel vecadd --detector kneedle --format png,pdf --campaigns exited with an error: $(cat "$scratch/out-f")"
for bad in "--kernel nosuch" "--detector nosuch" "--format jpg" "--format png,gif"; do
  # shellcheck disable=SC2086
  "$bin" plot "$h5" --output "$scratch/bad" $bad >"$scratch/out" 2>"$scratch/err"
  code=$?
  [[ $code -eq 2 ]] || fail "plot $bad exited $code, expected 2"
  [[ $(wc -l <"$scratch/err") -eq 1 ]] || fail "plot $bad: expected one error line: $(cat "$scratch/err")"
  [[ ! -e $scratch/bad ]] || fail "plot $bad created $scratch/bad"
done

# The expected figures, worked out from the file with h5py; each checked for size, format and title.
"$python" - "$h5" "$scratch/plots" "$scratch/vecadd" <<'PY' || failures=$((failures + 1))
import os, re, struct, sys
import h5py
import numpy as np

h5, out, filtered = sys.argv[1:]


def figure_set(f, kernels=None, detectors=None):
    """The stems plot draws for the campaigns of these kernels and detectors (None: all)."""
    stems = {"overview"}
    for kernel, k in f["campaigns"].items():
        if kernels and kernel not in kernels:
            continue
        for detector, d in k.items():
            if detectors and detector not in detectors:
                continue
            for rank, r in d.items():
                for repeat, g in r.items():
                    stems.add(f"kernel_{kernel}")
                    stems.add(f"campaign_{kernel}_{rank}_{repeat}")
                    s = f[g.attrs["sweep"]] if "sweep" in g.attrs else g  # schema 2: the points are the sweep's
                    if np.isfinite(s["power_w"][:]).any() or np.isfinite(s["energy_j"][:]).any():
                        stems.add(f"power_{kernel}")
    return stems


with h5py.File(h5, "r") as f:
    assert f.attrs["backend"] == "sim", f.attrs["backend"]
    expected = figure_set(f)
    expected_filtered = figure_set(f, {"vecadd"}, {"kneedle"})


def png_title(data):
    pos = 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"tEXt" and body.startswith(b"Title\x00"):
            return body[6:].decode("latin-1")
        pos += 12 + length
    return ""


def pdf_title(data):
    m = re.search(rb"/Title \((.*?)\)\n", data)
    return m.group(1).decode("latin-1").replace("\\(", "(").replace("\\)", ")") if m else ""


problems = []
# The quick suite (vecadd and gemm, triangle and kneedle) with 2 repeats on one rank: the overview, two
# kernel figures, two power figures and 2 x 2 campaign figures (the detectors of a repeat in one).
if len([s for s in expected if s.startswith("campaign_")]) != 4 or len(expected) != 9:
    problems.append(f"the quick suite with 2 repeats should give 9 figures: {sorted(expected)}")
if expected_filtered != {"overview", "kernel_vecadd", "power_vecadd", "campaign_vecadd_rank0_repeat0",
                         "campaign_vecadd_rank0_repeat1"}:
    problems.append(f"unexpected filtered set {sorted(expected_filtered)}")
checks = [(out, {f"{s}.{e}" for s in expected if not s.startswith("campaign_") for e in ("png", "pdf")}),
          (filtered, {f"{s}.{e}" for s in expected_filtered for e in ("png", "pdf")})]
for where, wanted in checks:
    found = set(os.listdir(where))
    if found != wanted:
        problems.append(f"{where}: missing {sorted(wanted - found)}, unexpected {sorted(found - wanted)}")
    for name in sorted(wanted & found):
        data = open(os.path.join(where, name), "rb").read()
        if name.endswith(".png"):
            if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
                problems.append(f"{name}: not a PNG")
                continue
            width, height = struct.unpack(">II", data[16:24])
            if not (600 <= width <= 4000 and 400 <= height <= 4000):
                problems.append(f"{name}: {width}x{height} pixels")
            if len(data) < 20000:
                problems.append(f"{name}: only {len(data)} bytes")
        else:
            if not data.startswith(b"%PDF-"):
                problems.append(f"{name}: not a PDF")
            if len(data) < 8000:
                problems.append(f"{name}: only {len(data)} bytes")
        # The title is kept as metadata: a PNG tEXt chunk "Title", a PDF /Title string (parentheses escaped).
        title = png_title(data) if name.endswith(".png") else pdf_title(data)
        if "sim (simulated)" not in title:
            problems.append(f"{name}: the title '{title}' does not say 'sim (simulated)'")
        if name.startswith("campaign_") and not re.search(r"sim: [A-Za-z0-9 ]+ \| backend sim \(simulated\) \| 20\d\d-\d\d-\d\d ", title):
            problems.append(f"{name}: the title '{title}' does not name the device and date")
for p in problems:
    print("FAIL:", p)
print(f"checked {len(os.listdir(out)) + len(os.listdir(filtered))} figure files")
sys.exit(1 if problems else 0)
PY

# Without h5py: exit 1, how to install it, no figures.
real_python=$("$python" -c "import sys; print(sys.executable)")
mkdir -p "$scratch/no-h5py"
cat >"$scratch/no-h5py/python3" <<SH
#!/usr/bin/env bash
exec "$real_python" -c 'import runpy, sys; sys.modules["h5py"] = None; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name="__main__")' "\$@"
SH
chmod +x "$scratch/no-h5py/python3"
AUTOBENCH_PYTHON="$scratch/no-h5py/python3" "$bin" plot "$h5" --output "$scratch/no-plots" >"$scratch/out" 2>"$scratch/err"
code=$?
[[ $code -eq 1 ]] || fail "plot without h5py exited $code, expected 1"
grep -q "apt-get install python3-h5py python3-matplotlib" "$scratch/err" || fail "no apt-get hint: $(cat "$scratch/err")"
grep -q -- "-m pip install -r $AUTOBENCH_SOURCE_DIR/scripts/requirements.txt" "$scratch/err" ||
  fail "no pip hint: $(cat "$scratch/err")"
[[ -z $(ls "$scratch/no-plots" 2>/dev/null) ]] || fail "figures were written without h5py"

AUTOBENCH_PYTHON="$scratch/nowhere/python3" "$bin" plot "$h5" --output "$scratch/no-plots" >"$scratch/out" 2>"$scratch/err"
code=$?
[[ $code -eq 1 ]] || fail "plot with a missing \$AUTOBENCH_PYTHON exited $code, expected 1"
grep -q "cannot run $scratch/nowhere/python3 .*tried \$AUTOBENCH_PYTHON=$scratch/nowhere/python3" "$scratch/err" ||
  fail "the error does not name the missing interpreter: $(cat "$scratch/err")"
if ! env -u AUTOBENCH_PYTHON PATH=/nonexistent "$bin" plot "$h5" --output "$scratch/no-plots" >"$scratch/out" 2>"$scratch/err"; then
  grep -q 'tried $AUTOBENCH_PYTHON (unset), .*share/autobench-mpi/venv/bin/python3 (absent), .*python3 on PATH' "$scratch/err" ||
    fail "the error does not list the places looked at: $(cat "$scratch/err")"
fi

"$bin" plot "$scratch/none.h5" >"$scratch/out" 2>"$scratch/err"
code=$?
[[ $code -eq 2 ]] || fail "plot of a missing file exited $code, expected 2"
[[ $(wc -l <"$scratch/err") -eq 1 ]] && grep -q "none.h5" "$scratch/err" || fail "expected one line naming the file: $(cat "$scratch/err")"

if [[ $failures -ne 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "ok"
