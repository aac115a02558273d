#!/usr/bin/env python3
"""Generates tests/detect/data/kneed_reference.json: curves and the knees Python kneed finds on them.

The C++ test kneed_agreement_test.cpp runs our `kneedle` on every case and must find the same knee index
and the same set of all knees; kneed_agreement_test.py re-runs the installed kneed on the checked-in cases
and checks that this generator still produces them. Regenerate (with kneed 0.9.0 installed) by running
    python3 tests/detect/kneed_reference.py
Noise comes from Python's own seeded Mersenne Twister so the curves do not depend on the numpy version.
"""
import json
import math
import pathlib
import random
import warnings

OUTPUT = pathlib.Path(__file__).resolve().parent / "data" / "kneed_reference.json"


def geometric_sizes(n, start=4096.0, factor=1.1):
    """Problem sizes as the autoscaler makes them: start * factor^k, rounded to whole elements."""
    return [float(round(start * factor**k)) for k in range(n)]


def linear_sizes(n, step=1.0):
    return [step * (k + 1) for k in range(n)]


def saturating(peak, half):
    return lambda x: peak * x / (x + half)


def log_sigmoid(peak, centre, width):
    return lambda x: peak / (1.0 + math.exp(-(math.log10(x) - centre) / width))


def soft_roofline(peak, ridge, sharpness):
    """peak * min(x / ridge, 1) with the corner rounded: a p-norm soft minimum."""
    return lambda x: peak * (x / ridge) / (1.0 + (x / ridge) ** sharpness) ** (1.0 / sharpness)


def noisy(values, sigma, seed):
    rng = random.Random(seed)
    return [v * (1.0 + sigma * rng.gauss(0.0, 1.0)) for v in values]


def round10(values):
    return [float(f"{v:.10g}") for v in values]


def case(name, x, f, sigma=0.0, seed=0, x_scale="log", S=1.0, online=True, curve="concave",
         direction="increasing", interp="interp1d"):
    y = round10(noisy([f(v) for v in x], sigma, seed))
    return {"name": name, "x": x, "y": y, "x_scale": x_scale, "S": S, "online": online, "curve": curve,
            "direction": direction, "interp": interp}


def build_cases():
    cases = []
    throughput = {
        "saturating_h1e5": saturating(900.0, 1e5),
        "saturating_h3e6": saturating(1500.0, 3e6),
        "sigmoid_c5.5": log_sigmoid(800.0, 5.5, 0.3),
        "sigmoid_c7": log_sigmoid(20000.0, 7.0, 0.15),
        "roofline_soft": soft_roofline(2000.0, 1e6, 4.0),
        "roofline_sharp": soft_roofline(350.0, 2e5, 40.0),
    }
    sensitivities = [1.0, 0.5, 2.0, 5.0]
    k = 0
    for fname, f in throughput.items():
        for n in (131, 60, 25):
            for sigma in (0.0, 0.01, 0.03):
                S, online = sensitivities[k % 4], k % 2 == 0
                k += 1
                x = geometric_sizes(n)
                tag = f"{fname}_n{n}_noise{sigma}"
                cases.append(case(f"{tag}_log", x, f, sigma, k, "log", S, online))
                if sigma == 0.01:
                    cases.append(case(f"{tag}_linear", x, f, sigma, k, "linear", S, not online))
                if n == 60 and sigma < 0.03:
                    cases.append(case(f"{tag}_log_poly", x, f, sigma, k, "log", S, online, interp="polynomial"))

    # The textbook shapes on evenly spaced x, in both x-spaces.
    shapes = {
        "decay": (lambda x: math.exp(-x / 8.0), "convex", "decreasing"),
        "inverse": (lambda x: 1.0 / x, "convex", "decreasing"),
        "quadratic_rise": (lambda x: x * x, "convex", "increasing"),
        "quadratic_fall": (lambda x: 2500.0 - x * x, "concave", "decreasing"),
        "sqrt_rise": (lambda x: math.sqrt(x), "concave", "increasing"),
    }
    for fname, (f, curve, direction) in shapes.items():
        for sigma in (0.0, 0.02):
            for online in (False, True):
                k += 1
                for x_scale in ("linear", "log"):
                    cases.append(case(f"{fname}_noise{sigma}_{'online' if online else 'offline'}_{x_scale}",
                                      linear_sizes(50), f, sigma, k, x_scale, 1.0, online, curve, direction))
    cases.append(case("decay_poly_linear", linear_sizes(30), shapes["decay"][0], x_scale="linear",
                      curve="convex", direction="decreasing", interp="polynomial"))

    # Small step curves on a grid of values: plateaus make points both maxima and minima of the difference
    # curve, and ties decide which points are extrema.
    rng = random.Random(2024)
    for i in range(16):
        n = rng.randint(6, 30)
        y = [0.0]
        for _ in range(n - 1):
            y.append(y[-1] + rng.choice([0.0, 0.0, 1.0, 1.0, 2.0, -1.0]))
        k += 1
        cases.append({"name": f"steps{i}", "x": linear_sizes(n), "y": y, "x_scale": rng.choice(["linear", "log"]),
                      "S": rng.choice([0.5, 1.0, 2.0]), "online": i % 2 == 0,
                      "curve": rng.choice(["concave", "convex"]), "direction": rng.choice(["increasing", "decreasing"]),
                      "interp": "interp1d"})
    # Found by fuzzing (kneed 0.8.5): a plain left-to-right mean of diff(x) rounds differently from numpy's
    # pairwise sum, which moved kneed 0.8.5's knee here from index 2 to 4.
    cases.append({"name": "pairwise_mean_tie", "x": linear_sizes(33, 0.1),
                  "y": [1.0, 1.0, 1.0, 3.0, 2.0, 4.0, 4.0, 5.0, 6.0, 6.0, 4.0, 5.0, 5.0, 7.0, 5.0, 5.0, 7.0, 7.0, 7.0,
                        6.0, 7.0, 7.0, 7.0, 7.0, 6.0, 7.0, 6.0, 6.0, 6.0, 7.0, 7.0, 7.0, 7.0],
                  "x_scale": "linear", "S": 2.0, "online": True, "curve": "convex", "direction": "increasing",
                  "interp": "interp1d"})

    # kneed 0.8.6 changed offline mode: a local minimum of the difference curve disarms detection until the
    # next maximum. Here 0.8.5 put the knee at the flat start (index 0), 0.9.0 at the corner (index 19).
    cases.append(case("offline_after_local_minimum", geometric_sizes(30), soft_roofline(1000.0, 2e4, 4.0),
                      online=False))

    # Curves with no knee or too few points to have one.
    cases.append(case("flat", geometric_sizes(20), lambda x: 42.0))
    cases.append(case("straight_log", geometric_sizes(30), lambda x: 3.0 * math.log10(x)))
    cases.append(case("straight_linear", linear_sizes(30), lambda x: 2.0 * x + 1.0, x_scale="linear"))
    cases.append(case("two_points", geometric_sizes(2), saturating(10.0, 5000.0)))
    cases.append(case("three_points", geometric_sizes(3), saturating(10.0, 5000.0)))
    cases.append(case("convex_as_concave", linear_sizes(40), lambda x: x * x, x_scale="linear"))
    return cases


def kneed_answer(c):
    """Runs kneed on case c: the knee's index (None: no knee) and the sorted indices of all knees."""
    import kneed  # only the answer needs kneed; the cases do not

    x = [math.log10(v) for v in c["x"]] if c["x_scale"] == "log" else list(c["x"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # flat curves divide by zero inside kneed, as intended
        kl = kneed.KneeLocator(x, c["y"], S=c["S"], curve=c["curve"], direction=c["direction"],
                               interp_method=c["interp"], online=c["online"])
    knee = None if kl.knee is None else x.index(kl.knee)
    return knee, sorted(x.index(v) for v in kl.all_knees)


def build():
    import kneed

    cases = build_cases()
    for c in cases:
        c["knee"], c["all_knees"] = kneed_answer(c)
    return {"kneed_version": kneed.__version__, "cases": cases}


def dump(doc):
    """One case per line, so a diff of the file shows which cases changed."""
    lines = [json.dumps(c, separators=(",", ":")) for c in doc["cases"]]
    return '{"kneed_version":' + json.dumps(doc["kneed_version"]) + ',"cases":[\n' + ",\n".join(lines) + "\n]}\n"


if __name__ == "__main__":
    doc = build()
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(dump(doc))
    found = sum(c["knee"] is not None for c in doc["cases"])
    print(f"wrote {OUTPUT}: {len(doc['cases'])} cases, {found} with a knee (kneed {doc['kneed_version']})")
