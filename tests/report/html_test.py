"""`report --format html`: one self-contained page of a 2-rank sim run (no network reference, no script,
every figure an embedded PNG that decodes), with the devices, the summary per kernel x device model, a
section per kernel and the stability table; the consensus knee of every kernel x model first; edge flags
shown where the file has them (a copy given knee_status); opened in headless Chromium it renders (the screenshot is
not blank) without console errors. A damaged file is a usage error with one line. The Chromium part fails when Chromium is missing (scripts/install-deps.sh --tests installs it)."""
import base64
import io
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import BINARY, SCRATCH, campaigns, copy_results, run  # noqa: E402

import h5py  # noqa: E402  (report_runs has checked it is there)

import matplotlib.image as mpimg  # noqa: E402  (tests/requirements.txt: missing is a failure, not a skip)

shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
problems = []

# Two ranks, so that the page shows two devices (one model: the sim backend's default device).
out = subprocess.run(["mpirun", "-n", "2", "--oversubscribe", BINARY, "--backend", "sim", "--suite", "quick",
                      "--repeats", "2", "--output", os.path.join(SCRATCH, "run"), "-q"],
                     capture_output=True, text=True, check=True).stdout
h5 = out.strip().splitlines()[-1]
page_text, _ = run("report", h5, "--format", "html")
page = os.path.join(SCRATCH, "page.html")
with open(page, "w") as f:
    f.write(page_text)

# Self-contained: no reference outside the page but the manual's files (docs/*.md), no script; every image an
# embedded PNG that decodes.
manual = "file://" + os.path.join(os.path.realpath(os.environ["AUTOBENCH_SOURCE_DIR"]), "docs") + "/"
for ref in re.findall(r'(?:src|href)="([^"]*)"', page_text):
    if not (ref.startswith("data:image/png;base64,") or ref.startswith("#") or
            (ref.startswith(manual) and ref.endswith(".md"))):
        problems.append(f"the page refers to {ref[:80]!r}")
if re.search(r"<script|<link|@import|url\(", page_text, re.IGNORECASE):
    problems.append("the page has a script, link or CSS import")
images = re.findall(r'src="data:image/png;base64,([^"]*)"', page_text)
cs = campaigns(h5)
kernels = sorted({c["kernel"] for c in cs})
# The overview, and per kernel its figure and its power figure (the sim backend measures power).
if len(images) != 1 + 2 * len(kernels):
    problems.append(f"{len(images)} figure(s), expected {1 + 2 * len(kernels)} for kernels {kernels}")
for i, data in enumerate(images):
    pixels = mpimg.imread(io.BytesIO(base64.b64decode(data)), format="png")
    if pixels.shape[1] < 600 or pixels[..., :3].std() < 0.05:
        problems.append(f"figure {i}: {pixels.shape} pixels, standard deviation {pixels[..., :3].std():.3f}")

# The content: devices of both ranks, the summary per kernel x model with knees found, a section per
# kernel with the detectors compared, the stability table, the sim warning.
text = re.sub(r"<[^>]+>", " ", re.sub(r'src="[^"]*"', "", page_text))
models = sorted({c["device"]["model"] for c in cs})
for needle in ["Devices", "Summary", "Stability", "not GPU measurements", "knees found", *kernels, *models,
               *sorted({c["detector"] for c in cs})]:
    if needle not in text:
        problems.append(f"the page does not say {needle!r}")
# GPU health first (docs/health.md): a verdict per GPU before the answer.
if not 0 <= text.find("GPU health") < text.find("Answer") or text.count("unknown") < 2:
    problems.append("the page does not show both GPUs' health before the answer")
for rank in (0, 1):
    if not re.search(rf"<tr><td class=t>{rank}</td>", page_text):
        problems.append(f"no device row for rank {rank}")
for kernel in kernels:
    if f'id="k-{kernel}"' not in page_text:
        problems.append(f"no section for {kernel}")
    for model in models:
        n = sum(1 for c in cs if c["kernel"] == kernel and c["device"]["model"] == model)
        found = sum(1 for c in cs if c["kernel"] == kernel and c["device"]["model"] == model and
                    c.get("knee_status", "found" if int(c["knee_detected"]) else "none") == "found")
        row = rf"<tr><td class=t>{kernel}</td><td class=t>{re.escape(model)}</td><td>{found} of {n}</td>"
        if not re.search(row, page_text):
            problems.append(f"no summary row '{kernel} | {model} | {found} of {n}'")

# Headless Chromium: a screenshot that is not blank, and no console message (checked to be seen on a page
# that logs one, so that a change in Chromium's log format cannot hide them).
def chromium_shot(chromium, page_path, shot):
    """Renders the page into the PNG `shot`; returns Chromium's console lines and its stderr."""
    p = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={os.path.join(SCRATCH, 'chromium')}", "--enable-logging=stderr", "--v=0",
                        f"--screenshot={shot}", "--window-size=1366,2400", "file://" + page_path],
                       capture_output=True, text=True, timeout=120)
    return [line for line in p.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line], p.stderr


chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if not chromium:
    problems.append("chromium is not installed (scripts/install-deps.sh --tests installs it)")
else:
    noisy = os.path.join(SCRATCH, "noisy.html")
    with open(noisy, "w") as f:
        f.write('<!DOCTYPE html><p>x</p><script>console.error("noisy page")</script>')
    console, _ = chromium_shot(chromium, noisy, os.path.join(SCRATCH, "noisy.png"))
    if not any("noisy page" in line for line in console):
        problems.append(f"a console error is not seen in Chromium's log: {console}")
    shot = os.path.join(SCRATCH, "page.png")
    console, stderr = chromium_shot(chromium, page, shot)
    if console:
        problems.append("console messages:\n" + "\n".join(console))
    if not os.path.isfile(shot):
        problems.append(f"chromium wrote no screenshot:\n{stderr[-2000:]}")
    else:
        pixels = mpimg.imread(shot)[..., :3]
        # Not blank: the figures and tables make the page vary; a white or error page would not.
        dark = (pixels.mean(axis=2) < 0.5).mean()
        if pixels.shape[:2] != (2400, 1366) or pixels.std() < 0.05 or dark < 0.005:
            problems.append(f"the screenshot looks blank: {pixels.shape}, std {pixels.std():.3f}, dark {dark:.4f}")
        print(f"screenshot {pixels.shape[1]}x{pixels.shape[0]}, std {pixels.std():.3f}, dark pixels {dark:.3%}")

# Edge flags and consensus knees (docs/knees.md), where a file has them: a copy with every kneedle knee
# flagged `edge` and a /consensus group; the page counts the edge knees apart and shows the consensus.
flagged = os.path.join(SCRATCH, "flagged.h5")
copy_results(h5, flagged)
with h5py.File(flagged, "r+") as f:
    for kernel, k in f["campaigns"].items():
        for detector, d in k.items():
            for rank in d.values():
                for g in rank.values():
                    g.attrs["knee_status"] = "edge" if detector == "kneedle" else \
                        ("detected" if g.attrs["knee_detected"] else "none")
flagged_page, _ = run("report", flagged, "--format", "html")
if "does not flag edge knees" in flagged_page or "does not flag edge knees" in page_text:
    problems.append("the note on missing edge flags is shown for a file that has knee_status")

# The answer first: the consensus knee of every kernel x model row of /consensus, before the devices and
# every detector's knees; each kernel's section has its per-sweep consensus.
answer, devices, summary = (page_text.find(t) for t in ("Answer: the consensus knee", ">Devices</h2>", ">Summary: "))
if not 0 <= answer < devices < summary:
    problems.append(f"the consensus knee is not first: answer at {answer}, devices at {devices}, summary at {summary}")
with h5py.File(h5, "r") as f:
    for kernel, g in f["consensus"].items():
        scope = g["scope"].asstr()[:]
        model = g["model"].asstr()[:]
        regime, timing = g["regime"].asstr()[:], g["timing"].asstr()[:]
        for i in range(len(scope)):
            if scope[i] != "model":
                continue
            knee = f"{int(g['knee_size'][i]):,}" if g["found"][i] else "none"
            label = regime[i] + (f"/{timing[i]}" if timing[i] else "")
            row = f"<tr><td class=t>{kernel}</td><td class=t>{model[i]}</td><td class=t>{label}</td><td>{knee}</td>"
            if row not in page_text:
                problems.append(f"no consensus row '{kernel} | {model[i]} | {knee}'")
        if "Consensus per sweep" not in page_text[page_text.find(f'id="k-{kernel}"'):]:
            problems.append(f"{kernel}: no consensus per sweep in its section")
for kernel in kernels:
    for model in models:
        n = sum(1 for c in cs if c["kernel"] == kernel and c["device"]["model"] == model)
        edge = sum(1 for c in cs if c["kernel"] == kernel and c["device"]["model"] == model and c["detector"] == "kneedle")
        found = sum(1 for c in cs if c["kernel"] == kernel and c["device"]["model"] == model and
                    c["detector"] != "kneedle" and int(c["knee_detected"]))
        if f"<td>{found} of {n} ({edge} edge)</td>" not in flagged_page:
            problems.append(f"{kernel} | {model}: no '{found} of {n} ({edge} edge)' with edge flags")

# A damaged file: exit 2, one line, no page.
bad = os.path.join(SCRATCH, "bad.h5")
with open(bad, "w") as f:
    f.write("not hdf5\n")
p = subprocess.run([BINARY, "report", bad, "--format", "html"], capture_output=True, text=True)
if p.returncode != 2 or len(p.stderr.strip().splitlines()) != 1 or p.stdout:
    problems.append(f"report --format html of a damaged file: exit {p.returncode}, stderr {p.stderr!r}, "
                    f"{len(p.stdout)} characters on stdout")

for problem in problems:
    print("FAIL:", problem)
sys.exit(1 if problems else 0)
