#!/usr/bin/env python3
"""The checked-in kneed reference is what kneed_reference.py generates and what the installed kneed answers.

kneed_agreement_test.cpp checks our `kneedle` against tests/detect/data/kneed_reference.json; this test
closes the loop: the installed Python kneed, run now on every stored curve, must give the stored knee and
all-knees, and the generator must still produce the stored curves.
"""
import json
import math
import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import kneed_reference  # noqa: E402

import kneed  # tests/requirements.txt (scripts/install-deps.sh --tests): missing is a failure, not a skip

source = pathlib.Path(os.environ.get("AUTOBENCH_SOURCE_DIR", HERE.parent.parent))
stored = json.loads((source / "tests" / "detect" / "data" / "kneed_reference.json").read_text())
failures = []

if kneed.__version__ != stored["kneed_version"]:
    failures.append(f"installed kneed {kneed.__version__}, reference made with {stored['kneed_version']}")

# The stored curves are the generator's (to rounding: libm may differ in the last bit between machines).
fresh = kneed_reference.build_cases()
if [c["name"] for c in fresh] != [c["name"] for c in stored["cases"]]:
    failures.append("case list differs from kneed_reference.py's: regenerate the reference")
else:
    for f, s in zip(fresh, stored["cases"]):
        same_settings = all(f[k] == s[k] for k in ("x_scale", "S", "online", "curve", "direction", "interp"))
        same_points = len(f["y"]) == len(s["y"]) and all(
            math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) for a, b in zip(f["x"] + f["y"], s["x"] + s["y"]))
        if not (same_settings and same_points):
            failures.append(f"{s['name']}: stored curve or settings differ from the generator's")

# Live kneed on the stored curves gives the stored answers.
for c in stored["cases"]:
    knee, all_knees = kneed_reference.kneed_answer(c)
    if knee != c["knee"] or all_knees != c["all_knees"]:
        failures.append(f"{c['name']}: kneed now says knee={knee} all={all_knees}, "
                        f"stored knee={c['knee']} all={c['all_knees']}")

for f in failures:
    print("FAIL", f)
print(f"{len(stored['cases'])} cases, {len(failures)} failures (kneed {kneed.__version__})")
sys.exit(1 if failures else 0)
