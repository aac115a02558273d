"""The HTML page answers in its first screen: a 4-rank sim run with a slow GPU (AUTOBENCH_SIM_FAULT=3:slow)
and its report JSON with a `gpu_health` list as issue 41's contract gives it (rank 3 slow, rank 1
throttling: worst first; ranks 0 and 2 healthy) is rendered by headless Chromium at 1,400 x 900; a script
added to a copy of the page (the page itself has none) reports where things are. Within the first 900 px:
a line per GPU that is not healthy (in the given order, with its verdict, rank and PCI bus), one line for
the healthy ones, and every row of the consensus answer, then the links down;
the per-kernel sections and the stability table are folded (closed <details>), and the page's height with
them folded is at most a few screens. The docs/*.md the page cites link to the manual next to the script."""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_runs import BINARY, SCRATCH, run  # noqa: E402

shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
problems = []
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if not chromium:
    sys.exit("FAIL: chromium is not installed (scripts/install-deps.sh --tests installs it)")

env = dict(os.environ, AUTOBENCH_SIM_FAULT="3:slow:0.5")
out = subprocess.run(["mpirun", "-n", "4", "--oversubscribe", BINARY, "--backend", "sim", "--suite", "quick",
                      "--repeats", "2", "--output", os.path.join(SCRATCH, "run"), "-q"],
                     capture_output=True, text=True, check=True, env=env).stdout
h5 = out.strip().splitlines()[-1]
report = json.loads(run("report", h5, "--format", "json")[0])
devices = {d["rank"]: d for d in report["devices"]}


def verdict(rank, name, summary):
    d = devices[rank]
    return {"rank": rank, "host": d["hostname"], "pci_bus": d["pci_bus_id"], "uuid": d["uuid"], "serial": None,
            "model": d["model"], "verdict": name, "summary": summary, "evidence": {}}


report["gpu_health"] = [verdict(1, "throttling", "SW thermal slowdown on 98% of points, 87-94 C"),
                        verdict(3, "slow", "50% below the median of 3 same-model GPUs in gemm and vecadd"),
                        verdict(0, "healthy", "within 2% of the reference"),
                        verdict(2, "healthy", "within 2% of the reference")]
report_path = os.path.join(SCRATCH, "report.json")
with open(report_path, "w") as f:
    json.dump(report, f)
script = os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "scripts", "html_report.py")
page_text = subprocess.run([os.environ.get("AUTOBENCH_PYTHON", sys.executable), script, h5, "--report-json",
                            report_path], capture_output=True, text=True, check=True).stdout

# Where things are, as Chromium lays the page out at 1,400 x 900 (document coordinates, CSS px).
probe = """<script>
const box = e => { const r = e.getBoundingClientRect(); return [Math.round(r.top + scrollY), Math.round(r.bottom + scrollY)]; };
const out = {health: [...document.querySelectorAll('ul.health li')].map(e => [e.textContent, ...box(e)]),
  answer: [...document.querySelectorAll('h2')].filter(e => e.textContent.startsWith('Answer')).map(e => {
    const t = e.nextElementSibling.nextElementSibling.querySelector('table'); return [t.rows.length, ...box(t)]; }),
  nav: [...document.querySelectorAll('nav')].map(box),
  folded: [...document.querySelectorAll('details.kernel')].map(e => [e.id, e.open]),
  height: document.documentElement.scrollHeight, width: innerWidth};
document.body.insertAdjacentHTML('beforeend', '<pre id=probe>' + JSON.stringify(out) + '</pre>');
</script>"""
probed = os.path.join(SCRATCH, "probed.html")
with open(probed, "w") as f:
    f.write(page_text.replace("</body>", probe + "</body>"))
p = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--user-data-dir={os.path.join(SCRATCH, 'chromium')}", "--window-size=1400,900",
                    "--virtual-time-budget=5000", "--dump-dom", "file://" + probed],
                   capture_output=True, text=True, timeout=120)
m = re.search(r"<pre id=\"probe\">(.*?)</pre>", p.stdout, re.DOTALL)
if not m:
    sys.exit(f"FAIL: Chromium did not run the probe:\n{p.stdout[-1000:]}\n{p.stderr[-2000:]}")
where = json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
print(f"laid out at width {where['width']}: health {[(t[:30], b) for t, _, b in where['health']]}, "
      f"answer {where['answer']}, nav {where['nav']}, height {where['height']} px")

SCREEN = 900
health = where["health"]
if [t.split()[0] for t, _, _ in health] != ["throttling", "slow", "healthy"]:
    problems.append(f"the health lines are not the report's, worst first, healthy in one: {[t for t, _, _ in health]}")
if not health or max(b for _, _, b in health) > SCREEN:
    problems.append(f"the GPU health lines do not fit the first screen: {health}")
for line, rank in zip((t for t, _, _ in health), (1, 3)):
    if f"rank {rank} " not in line or devices[rank]["pci_bus_id"] not in line:
        problems.append(f"health line {line!r} does not name rank {rank} and its PCI bus")
if health and "2 GPU(s): rank(s) 0, 2" not in health[-1][0]:
    problems.append(f"the healthy GPUs are not one line naming ranks 0 and 2: {health[-1][0]!r}")
models = {(c["kernel"], c["device_model"]) for c in report["campaigns"]}
if len(where["answer"]) != 1 or where["answer"][0][0] != 1 + len(models) or where["answer"][0][2] > SCREEN:
    problems.append(f"the consensus answer ({len(models)} kernel x model rows) is not whole in the first screen: "
                    f"{where['answer']}")
if not where["nav"] or where["nav"][0][1] > SCREEN or (where["answer"] and where["nav"][0][0] < where["answer"][0][2]):
    problems.append(f"the links down do not follow the answer within the first screen: {where['nav']}")
kernels = sorted({c["kernel"] for c in report["campaigns"]})
if sorted(i for i, _ in where["folded"]) != sorted([f"k-{k}" for k in kernels] + ["stability"]) or \
        any(is_open for _, is_open in where["folded"]):
    problems.append(f"the kernel sections and the stability table are not all folded: {where['folded']}")
if where["height"] > 3 * SCREEN:
    problems.append(f"the page is {where['height']} px tall with its sections folded (2 kernels: at most 3 screens)")

# The manual: docs/knees.md links to the docs/ folder next to scripts/ (installed: share/doc/autobench-mpi).
manual = "file://" + os.path.join(os.path.realpath(os.environ["AUTOBENCH_SOURCE_DIR"]), "docs", "knees.md")
if f'href="{manual}"' not in page_text:
    problems.append(f"docs/knees.md does not link to {manual}: {re.findall(r'href=.file:[^ ]*', page_text)[:3]}")

for problem in problems:
    print("FAIL:", problem)
sys.exit(1 if problems else 0)
