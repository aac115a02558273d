"""A TOML suite file drives a 2-rank sim run: its matrix and [options] are used, [kernel.NAME] applies to
that kernel's sweeps only (a detector's own knobs too: detector-param, numbers and choices, and offline, which
is kneedle.online=false), options typed on the command line
beat the file, and the HDF5 file records the suite name, the file and every per-kernel setting. Skips (77) on a build without TOML support."""
import glob
import json
import os
import subprocess
import sys

import h5py

sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "tests", "support"))
from script_checks import BIN, Checks, scratch  # noqa: E402
sys.path.insert(0, os.path.join(os.environ["AUTOBENCH_SOURCE_DIR"], "scripts"))
from autobench_h5 import campaign_column  # noqa: E402

SCRATCH = scratch("/tmp/suite_file_test")
check = Checks()



suite = os.path.join(SCRATCH, "study.toml")
with open(suite, "w") as f:
    f.write("""description = "vecadd and fp32 with their own start sizes"
kernels = ["vecadd", "fp32"]
detectors = ["triangle", "kneedle"]
repeats = 3

[options]
start-size = 4096
scale-factor = 1.5
iterations = 9

[kernel.fp32]
start-size = 2048
scale-factor = 1.25
detector-param = ["kneedle.polynomial_degree=5", "multiknee.min_bend=0.02", "kneedle.interp=polynomial"]
offline = true
""")

out = os.path.join(SCRATCH, "results")
run = subprocess.run(["mpirun", "-n", "2", BIN, "--suite", suite, "--backend", "sim", "--repeats", "2",
                      "--output", out, "-q"], capture_output=True, text=True)
if run.returncode != 0 and "lacks TOML support" in run.stderr:
    print("skip: this build has no TOML support (libtomlplusplus-dev)")
    sys.exit(77)
if run.returncode != 0:
    sys.exit(f"run failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")

(h5,) = glob.glob(os.path.join(out, "*", "autobench.h5"))
with h5py.File(h5, "r") as f:
    check(f.attrs["suite"] == "study", f"suite attribute {f.attrs['suite']!r}, expected the file's stem 'study'")
    settings = json.loads(f.attrs["settings"])
    check(os.path.samefile(settings["suite_file"], suite), f"settings.suite_file is {settings['suite_file']!r}")
    check(settings["repeats"] == 2, f"--repeats 2 on the command line beats the file's 3: got {settings['repeats']}")
    check(settings["iterations"] == 8, f"[options] iterations = 9 (8 timed): got {settings['iterations']}")
    check(set(settings["kernel_autoscale"]) == {"fp32"}, f"kernel_autoscale keys {list(settings['kernel_autoscale'])}")
    fp32 = settings["kernel_autoscale"]["fp32"]
    check(fp32["start_size"] == 2048 and fp32["scale_factor"] == 1.25, f"fp32 settings {fp32}")
    check(fp32["iterations"] == 8, "a kernel table inherits [options] it does not set")
    check(fp32["detector_params"] == {"kneedle.polynomial_degree": 5, "multiknee.min_bend": 0.02,
                                      "kneedle.interp": "polynomial", "kneedle.online": "false"},
          f"fp32's --detector-param knobs: {fp32['detector_params']}")
    check("online" not in fp32 and "online" not in settings, "offline is stored as kneedle.online")
    check(settings["detector_params"] == {}, f"vecadd sets no detector knob: {settings['detector_params']}")
    recorded = f["campaigns"]["fp32"]["kneedle"]["rank0"]["repeat0"].attrs["detector_params"]
    recorded = recorded.decode() if isinstance(recorded, bytes) else str(recorded)
    check(",kneedle.polynomial_degree=5," in recorded and ",kneedle.interp=polynomial" in recorded
          and ",online=0," in recorded, f"fp32's campaign records its knobs: {recorded}")
    recorded = f["campaigns"]["vecadd"]["kneedle"]["rank0"]["repeat0"].attrs["detector_params"]
    recorded = recorded.decode() if isinstance(recorded, bytes) else str(recorded)
    check(",online=1," in recorded and "kneedle." not in recorded, f"vecadd's campaign: {recorded}")

    expected = {"vecadd": (4096, 1.5), "fp32": (2048, 1.25)}
    seen = set()
    for kernel, (start, factor) in expected.items():
        for detector in ("triangle", "kneedle"):
            for rank in (0, 1):
                group = f["campaigns"][kernel][detector][f"rank{rank}"]
                check(sorted(group) == ["repeat0", "repeat1"], f"{kernel}/{detector}/rank{rank}: {sorted(group)}")
                for repeat in group.values():
                    sizes = campaign_column(repeat, "size")
                    name = f"{kernel}/{detector}/rank{rank}"
                    check(sizes[0] == start, f"{name}: first size {sizes[0]}, expected {start}")
                    # Sizes grow by the kernel's factor (rounded to whole elements).
                    ratio = sizes[1] / sizes[0]
                    check(abs(ratio - factor) < 0.01, f"{name}: second/first size {ratio:.3f}, expected {factor}")
                    seen.add(kernel)
    check(seen == set(expected), f"kernels in the file: {sorted(seen)}")

check.finish(f"ok: {h5}")
