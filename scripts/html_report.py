#!/usr/bin/env python3
"""One self-contained HTML page of an autobench-mpi result file, on stdout.

    html_report.py RESULTS.h5 [--report-json REPORT.json] > page.html   (what `autobench-mpi report --format html` runs)

The page (docs/html.md) answers in its first screen: provenance in one line, the GPU health lines (the
`gpu_health` list of `report --format json`, given with --report-json, when it holds one), the answer
(the consensus knee per kernel x device model from the file's /consensus group) and links down; then
the devices, the summary of every detector's knees (per kernel x device
model: knee with its 95% interval, knees found, spread over detectors and repeats, plateau, power and
work per joule at the knee), the overview figure, per kernel its figure (all ranks and repeats overlaid
with their intervals, device models in colour, throttled points as red crosses and listed), power and
energy over size, a detector x device-model comparison and the consensus per sweep, then the stability
tables. Figures are embedded as PNG (no network, no scripts). Exit codes: 0 done, 1 missing Python
modules or a failure, 2 bad input.
"""
import base64
import html
import io
import json
import os
import pathlib
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot_results as pr  # noqa: E402  (reads the file and draws the figures; exits 1 without h5py)

np = pr.np

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px;
       padding: 0 1.2em 3em; color: #222; line-height: 1.35; }
h1 { font-size: 1.35em; margin: 0.6em 0 0.2em; } h2 { border-bottom: 1px solid #ccc; margin: 1.1em 0 0.3em; font-size: 1.25em; }
p { margin: 0.35em 0; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.4em 0; }
th, td { padding: 0.1em 0.6em; border-bottom: 1px solid #e4e4e4; text-align: right; white-space: nowrap; }
th { background: #f2f2f2; white-space: normal; vertical-align: bottom; } td.t, th.t { text-align: left; }
tr:nth-child(even) td { background: #fafafa; } table.short th { white-space: nowrap; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
.note { background: #fff6d6; border: 1px solid #e8d48a; padding: 0.25em 0.8em; border-radius: 4px; }
.meta { color: #555; font-size: 0.9em; } .wide { overflow-x: auto; }
nav a { margin-right: 0.8em; }
details { margin: 0.4em 0; } summary { cursor: pointer; font-weight: 600; }
details.kernel > summary { font-size: 1.25em; border-bottom: 1px solid #ccc; padding: 0.2em 0; }
ul.health { list-style: none; padding: 0; margin: 0.4em 0; } ul.health li { margin: 0.15em 0; }
.verdict { display: inline-block; min-width: 6.5em; padding: 0 0.4em; border-radius: 3px; font-weight: 600;
           text-align: center; margin-right: 0.5em; }
.healthy { background: #dff0d8; } .slow, .unknown { background: #fcf8e3; } .throttling, .faulty { background: #f2dede; }
"""


def docs_dir():
    """The manual next to this script: <prefix>/share/doc/autobench-mpi when installed, else the source tree's docs/."""
    here = pathlib.Path(__file__).resolve().parent
    for candidate in (here.parent / "doc" / "autobench-mpi", here.parent / "docs"):
        if (candidate / "index.md").is_file():
            return candidate
    return None


def link_docs(text):
    """Every "docs/NAME.md" of the page as a link to that file of the manual (plain text when it is absent)."""
    docs = docs_dir()
    if docs is None:
        return text
    return re.sub(r"(?<![\w/])docs/([a-z_]+\.md)",
                  lambda m: f'<a href="{esc((docs / m.group(1)).as_uri())}">{m.group(0)}</a>', text)


def esc(value):
    return html.escape(str(value))


def table(header, rows, text_columns=1, one_line_header=False):
    """An HTML table; the first `text_columns` columns left-aligned (names), the rest right (numbers); the
    header in one line with `one_line_header` (short headers)."""
    def cells(tag, values):
        return "".join(f'<{tag}{" class=t" if i < text_columns else ""}>{esc(v)}</{tag}>' for i, v in enumerate(values))
    body = "".join(f"<tr>{cells('td', r)}</tr>" for r in rows)
    style = ' class="short"' if one_line_header else ""
    return f'<div class="wide"><table{style}><tr>{cells("th", header)}</tr>{body}</table></div>'


def figure(draw, alt):
    """A figure from plot_results' drawing functions as an embedded PNG of 256 colours (line figures lose
    nothing visible; the page gets about half as heavy)."""
    from PIL import Image  # matplotlib's own dependency

    fig, title = draw()
    fig.suptitle(title, fontsize=12)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    pr.plt.close(fig)
    small = io.BytesIO()
    Image.open(buffer).convert("RGB").quantize(colors=256).save(small, format="png", optimize=True)
    data = base64.b64encode(small.getvalue()).decode()
    return f'<p><img alt="{esc(alt)}" src="data:image/png;base64,{data}"></p>'


def fmt(value, spec="{:.3g}"):
    return spec.format(value) if value is not None and np.isfinite(value) else "-"


def size(value):
    return pr.size_label(value) if value is not None and np.isfinite(value) else "-"


def median(values):
    values = [v for v in values if np.isfinite(v)]
    return float(np.median(values)) if values else float("nan")


def cv(values):
    values = np.asarray([v for v in values if np.isfinite(v)], dtype=float)
    return float(values.std() / values.mean()) if len(values) > 1 and values.mean() > 0 else float("nan")


def at_knee(c, field):
    return float(getattr(c, field)[c.knee_index]) if c.status() != "none" else float("nan")


def found(cs):
    return [c for c in cs if c.status() == "detected"]


def knee_counts(cs):
    """'found of all' with edge knees, where the file tells them, named."""
    edge = sum(c.status() == "edge" for c in cs)
    return f"{len(found(cs))} of {len(cs)}" + (f" ({edge} edge)" if edge else "")


def summary_rows(run):
    """Per kernel x device model, over the campaigns with a detected knee (all detectors)."""
    rows = []
    for (kernel, model), cs in sorted(pr.group_by(run.campaigns, lambda c: (c.kernel, c.model)).items()):
        ok = found(cs)
        per_detector = [median([c.knee_size for c in dcs]) for dcs in pr.group_by(ok, lambda c: c.detector).values()]
        spread = max(per_detector) / min(per_detector) if per_detector and min(per_detector) > 0 else float("nan")
        repeat_cv = median([cv([c.knee_size for c in dcs]) for dcs in pr.group_by(ok, lambda c: c.detector).values()])
        ceiling = max(float(np.nanmax(c.throughput)) for c in cs)
        plateau = median([c.plateau for c in cs])
        rows.append([kernel, model, knee_counts(cs), size(median([c.knee_size for c in ok])),
                     f"{size(median([c.knee_interval[0] for c in ok]))} - {size(median([c.knee_interval[1] for c in ok]))}",
                     fmt(spread, "{:.2f}"), fmt(repeat_cv, "{:.3f}"), f"{fmt(plateau)} {cs[0].unit}",
                     fmt(100 * plateau / ceiling if ceiling > 0 else float("nan"), "{:.0f} %"),
                     fmt(median([at_knee(c, "power_w") for c in ok])),
                     fmt(median([at_knee(c, "efficiency") for c in ok]))])
    return rows


SUMMARY_HEADER = ["kernel", "device model", "knees found", "knee (median)", "95% interval (median)",
                  "detector spread", "repeat CV", "plateau", "of ceiling", "power at knee (W)", "work per J at knee"]


def comparison_rows(run, kernel):
    """Per detector x device model of one kernel."""
    rows = []
    cs = [c for c in run.campaigns if c.kernel == kernel]
    for (detector, model), dcs in sorted(pr.group_by(cs, lambda c: (c.detector, c.model)).items()):
        ok = found(dcs)
        rows.append([detector, model, knee_counts(dcs), size(median([c.knee_size for c in ok])),
                     f"{size(min([c.knee_size for c in ok], default=float('nan')))} - "
                     f"{size(max([c.knee_size for c in ok], default=float('nan')))}",
                     f"{size(median([c.knee_interval[0] for c in ok]))} - {size(median([c.knee_interval[1] for c in ok]))}",
                     fmt(cv([c.knee_size for c in ok]), "{:.3f}"), fmt(median([c.plateau for c in dcs]))])
    return rows


COMPARISON_HEADER = ["detector", "device model", "knees found", "knee (median)", "knee range", "95% interval (median)",
                     "knee CV", "plateau"]


def consensus_tables(run):
    """From the file's /consensus/<kernel> rows (docs/knees.md): per kernel x device model and per sweep,
    each row as a dict, in file order."""
    models, sweeps = [], []
    for path, _, columns in run.consensus:
        parts = path.strip("/").split("/")
        if len(parts) != 2 or "scope" not in columns:
            continue
        for i in range(min(len(v) for v in columns.values())):
            row = {k: v[i] for k, v in columns.items()}
            row["kernel"] = parts[1]
            (models if row["scope"] == "model" else sweeps).append(row)
    return models, sweeps


def consensus_interval(r):
    return f"{size(r['knee_low_size'])} - {size(r['knee_high_size'])}" if int(r["found"]) else "-"


def regime(r):
    """The L2 regime and timing of a consensus row (docs/knees.md "Regimes"); single in files from before."""
    timing = r.get("timing", "")
    return r.get("regime", "single") + (f"/{timing}" if timing else "")


def consensus_model_rows(rows):
    return [[r["kernel"], r["model"], regime(r), size(r["knee_size"]) if int(r["found"]) else "none", consensus_interval(r),
             f"{r['knees_found']} of {r['voters']}", f"{fmt(r['plateau'])} {r['metric_unit']}",
             fmt(100 * r["throughput"] / r["ceiling"] if r["ceiling"] > 0 else float("nan"), "{:.0f} %"),
             fmt(r["power_w"]), fmt(r["efficiency"]), fmt(r["repeat_cv"], "{:.3f}"), fmt(r["device_cv"], "{:.3f}")]
            for r in rows]


CONSENSUS_HEADER = ["kernel", "device model", "regime", "knee", "95% interval", "sweeps agreeing", "plateau",
                    "of ceiling", "power (W)", "work/J", "repeat CV", "device CV"]


def consensus_sweep_rows(rows, kernel):
    return [[r["rank"], r["repeat"], regime(r), size(r["knee_size"]) if int(r["found"]) else "none", consensus_interval(r),
             f"{r['knees_found']} of {r['voters']}", r["agreeing"], r["members"] or "-"]
            for r in rows if r["kernel"] == kernel]


SWEEP_HEADER = ["rank", "repeat", "regime", "consensus knee", "95% interval", "detectors with a knee", "agreeing",
                "agreeing detectors"]


def cell(value):
    return fmt(value, "{:.4g}") if isinstance(value, float) else value


def stability_table(run):
    """The /stability rows of every kernel x detector as one table (kernel and detector first)."""
    rows, header = [], None
    for path, _, columns in run.stability:
        parts = path.strip("/").split("/")
        if len(parts) != 3 or not columns:
            continue
        names = list(columns)
        header = header or ["kernel", "detector", *names]
        n = min(len(v) for v in columns.values())
        rows += [[parts[1], parts[2], *[cell(columns[k][i]) for k in names]] for i in range(n)]
    return table(header, rows, text_columns=4) if header else "<p>The file has no stability tables.</p>"


def throttled_note(run, kernel):
    """Which points of the kernel's sweeps were throttled (each sweep's point once), or nothing."""
    points = sorted({(c.rank, c.repeat, int(n)) for c in run.campaigns if c.kernel == kernel for n in c.size[c.throttled]})
    if not points:
        return ""
    listed = ", ".join(f"rank {r} repeat {k} size {size(n)}" for r, k, n in points)
    return (f"<details class=note><summary>{len(points)} throttled point(s)</summary>red crosses in the figures "
            f"(a thermal or power clock-event reason, or an SM clock below 90% of its sweep's median; never a knee "
            f"unless --knee-allow-throttled): {esc(listed)}</details>")


def devices_table(run):
    rows = []
    for name, d in sorted(run.devices.items(), key=lambda item: int(item[1].get("rank", 0))):
        memory = d.get("memory_total_bytes")
        rows.append([d.get("rank", name), d.get("hostname", "-"), d.get("name", "-"), d.get("model", "-"),
                     d.get("backend", "-"), f"{d.get('cc_major', '?')}.{d.get('cc_minor', '?')}",
                     d.get("sm_count", "-"), fmt(memory / 2**30, "{:.1f}") if isinstance(memory, (int, float)) else "-",
                     d.get("error") or d.get("start_error") or ""])
    return table(["rank", "host", "device", "model", "backend", "compute capability", "SMs", "memory (GiB)", "error"],
                 rows, text_columns=5)


def health_section(report):
    """The GPU health lines of the report JSON's `gpu_health` (worst first, as given), or "" without it."""
    gpus = (report or {}).get("gpu_health")
    if not gpus:
        return ""

    def badge(verdict):
        return f'<span class="verdict {esc(verdict)}">{esc(verdict)}</span> '

    items = "".join(
        f'<li>{badge(g.get("verdict", "unknown"))}rank {esc(g.get("rank", "?"))} | {esc(g.get("host") or "-")} | '
        f'{esc(g.get("pci_bus") or "-")} | {esc(g.get("model") or "-")}: {esc(g.get("summary") or "")}</li>'
        for g in gpus if g.get("verdict") != "healthy")
    healthy = [g for g in gpus if g.get("verdict") == "healthy"]
    if healthy:  # one line however many: the first screen stays for the answer
        items += (f'<li>{badge("healthy")}{len(healthy)} GPU(s): rank(s) '
                  f'{esc(", ".join(str(g.get("rank", "?")) for g in healthy))}</li>')
    return f'<h2 id="health">GPU health</h2><ul class="health">{items}</ul>'


def page(run, report=None):
    pr.load_matplotlib()
    colors = pr.model_colors(run)
    a = run.attrs
    title = f"autobench-mpi results: {os.path.basename(run.path)}"
    parts = [f"<h1>{esc(title)}</h1>",
             f"<p class=meta>{esc(run.path)} | suite {esc(a.get('suite', '-'))} | backend {esc(run.backend_label())} | "
             f"{esc(run.date())} to {esc(a.get('end_time', '-'))} | {len(run.devices)} rank(s) | "
             f"{len(run.campaigns)} campaign(s) | status {esc(a.get('status', '-'))} | autobench-mpi "
             f"{esc(a.get('autobench_version', '-'))} ({esc(a.get('git_commit', '-'))})</p>"]
    if run.backend == "sim":
        parts.append("<p class=note>Simulated results (sim backend): these are not GPU measurements.</p>")
    if not run.edge_flags:
        parts.append("<p class=note>This file does not flag edge knees (no <code>knee_status</code>): a knee at the "
                     "first or last measured size counts as found here.</p>")
    kernels = run.kernels()
    parts.append(health_section(report))
    consensus, sweeps = consensus_tables(run)
    if consensus:
        parts.append("<h2>Answer: the consensus knee</h2><p class=meta>Per kernel and device model, the knee the "
                     "detectors agree on, with its 95% interval (docs/knees.md); every detector's knees below.</p>" +
                     table(CONSENSUS_HEADER, consensus_model_rows(consensus), text_columns=3, one_line_header=True))
    else:
        parts.append("<p class=note>This file has no consensus knees (no <code>/consensus</code> group: written "
                     "before them); <code>autobench-mpi report</code> computes them. Every detector's knees "
                     "follow.</p>")
    parts.append("<nav>Below: " + '<a href="#devices">devices</a><a href="#summary">every detector\'s knees</a>' +
                 "".join(f'<a href="#k-{esc(k)}">{esc(k)}</a>' for k in kernels) +
                 '<a href="#stability">stability</a></nav>')
    parts.append('<h2 id="devices">Devices</h2>' + devices_table(run))
    parts.append("<h2 id=summary>Summary: every detector's knees</h2><p class=meta>Per kernel and device model, over the "
                 "campaigns whose knee was "
                 "found (all detectors): the median knee and the median of their 95% intervals; detector spread: "
                 "the largest over the smallest detector's median knee; repeat CV: the median over detectors of the "
                 "knee sizes' coefficient of variation over ranks and repeats.</p>" +
                 table(SUMMARY_HEADER, summary_rows(run), text_columns=2))
    if run.campaigns:
        parts.append(figure(lambda: pr.overview_figure(run, colors), "overview of every campaign"))
    for kernel in kernels:  # each folded: a click away from the links above
        parts.append(f'<details class=kernel id="k-{esc(kernel)}"><summary>{esc(kernel)}</summary>')
        parts.append(figure(lambda k=kernel: pr.kernel_figure(run, colors, k), f"{kernel}: repeats and models"))
        parts.append(throttled_note(run, kernel))
        if any(c.has_power() for c in run.campaigns if c.kernel == kernel):
            parts.append(figure(lambda k=kernel: pr.power_figure(run, colors, k), f"{kernel}: power and energy"))
        else:
            parts.append("<p class=meta>No power measurements for this kernel.</p>")
        parts.append(table(COMPARISON_HEADER, comparison_rows(run, kernel), text_columns=2))
        sweep_rows = consensus_sweep_rows(sweeps, kernel)
        if sweep_rows:
            parts.append("<p class=meta>Consensus per sweep (over the detectors that ran on it):</p>" +
                         table(SWEEP_HEADER, sweep_rows, text_columns=0))
        parts.append("</details>")
    parts.append('<details class=kernel id="stability"><summary>Stability</summary>' + stability_table(run) +
                 "</details>")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{esc(title)}</title>'
            f"<style>{STYLE}</style></head><body>\n" + link_docs("\n".join(parts)) + "\n</body></html>\n")


def main():
    args = sys.argv[1:]
    report_path = None
    if len(args) == 3 and args[1] == "--report-json":
        report_path = args.pop(2)
        args.pop(1)
    if len(args) != 1 or args[0].startswith("-"):
        sys.stderr.write("usage: html_report.py RESULTS.h5 [--report-json REPORT.json] > page.html\n")
        return 2
    path = args[0]
    try:
        report = json.load(open(report_path)) if report_path else None
    except (OSError, ValueError) as e:
        sys.stderr.write(f"html_report.py: error: cannot read '{report_path}': {pr.one_line(e)}\n")
        return 2
    if not os.path.isfile(path):
        sys.stderr.write(f"html_report.py: error: '{path}' does not exist or is not a file\n")
        return 2
    try:
        run = pr.Run(path)
    except Exception as e:  # h5py raises OSError, KeyError, TypeError, ... on damaged files: all are bad input
        sys.stderr.write(f"html_report.py: error: cannot read '{path}': {pr.one_line(e)}\n")
        return 2
    try:
        text = page(run, report)
    except Exception as e:
        sys.stderr.write(f"html_report.py: error: cannot draw the page of '{path}': {pr.one_line(e)}\n")
        return 1
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
