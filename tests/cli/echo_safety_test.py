"""Echo safety: every value an error message quotes reaches the terminal escaped (ESC, OSC, NUL, DEL and
C1 controls as \\xNN) and cut to a bounded length ("…(N bytes)"), whether it came from a CSV file, a suite
file or the command line (suite/text/echo.hpp)."""
import os
import shutil
import subprocess
import sys

BIN = os.environ["AUTOBENCH_BINARY"]
SCRATCH = os.environ.get("AUTOBENCH_SCRATCH") or "/tmp/autobench-echo-safety-test"
shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
problems = []
MAX_LINE = 5000  # bytes: the longest error line any input may produce


def write(name, data):
    path = os.path.join(SCRATCH, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def expect(args, what, must_show=b"\\x1B"):
    """Runs the binary; the error must be one line, exit 2, free of control bytes, bounded, showing `must_show`."""
    p = subprocess.run([BIN, *args], capture_output=True)
    err = p.stderr
    where = f"{what}"
    if p.returncode != 2:
        problems.append(f"{where}: exit {p.returncode}, expected 2: {err[:300]!r}")
    controls = sorted({b for b in err if (b < 0x20 and b != 0x0A) or b == 0x7F})
    if controls:
        problems.append(f"{where}: stderr holds control bytes {[hex(b) for b in controls]}: {err[:300]!r}")
    if b"\xc2\x9b" in err or b"\xc2\x9d" in err:
        problems.append(f"{where}: stderr holds a C1 control (CSI/OSC): {err[:300]!r}")
    lines = err.count(b"\n")
    if len(err) > MAX_LINE or lines != 1:
        problems.append(f"{where}: expected one line of at most {MAX_LINE} bytes, got {len(err)} bytes, "
                        f"{lines} lines: {err[:300]!r}")
    if must_show and must_show not in err:
        problems.append(f"{where}: {must_show!r} not in {err[:300]!r}")
    return err


# CSV files read by detect: a header, a cell and a file name holding terminal control sequences.
expect(["detect", "--input", write("clear.csv", b"size,throughput\n1,2\n2,\x1b[2J\n3,4\n")], "ESC[2J in a cell")
expect(["detect", "--input", write("osc.csv", b"size,throughput\n1,\x1b]0;pwned\x07\n")], "OSC title in a cell")
expect(["detect", "--input", write("header.csv", b"size,\x1b[31mred\n1,x\n"), "--y-col", "other"], "ESC in a header")
expect(["detect", "--input", write("nul.csv", b"size,throughput\n1,ab\x00cd\n2,3\n3,4\n")], "NUL in a cell",
       must_show=b"ab\\x00cd")
expect(["detect", "--input", write("c1.csv", "size,throughput\n1,\u009b2J\n2,3\n3,4\n".encode())], "C1 CSI in a cell",
       must_show=b"\\xC2\\x9B")
huge = expect(["detect", "--input", write("huge.csv", b"size,throughput\n1," + b"7" * 10_000_000 + b"x\n")],
              "a 10 MB cell", must_show=b"(10000001 bytes)")
if b"7" * 1000 in huge:
    problems.append("a 10 MB cell: more than 1000 bytes of it were echoed")
expect(["detect", "--input", os.path.join(SCRATCH, "no\x1b[2Jsuch.csv")], "ESC in a missing file's name")

# The command line and a suite file.
expect(["--backend", "sim", "--kernels", "vecadd,\x1b[2Jx", "--output", os.path.join(SCRATCH, "out")],
       "ESC in --kernels")
expect(["--backend", "sim", "--sim-device", "\x1b]0;t\x07", "--output", os.path.join(SCRATCH, "out")],
       "OSC in --sim-device")
expect(["--backend", "sim", "--kernels", "x" * 100_000, "--output", os.path.join(SCRATCH, "out")],
       "a 100 kB kernel name", must_show=b"(100000 bytes)")
suite = write("hostile.toml", b'kernels = ["vecadd", "\\u001b[2Jgemm"]\ndetectors = ["triangle"]\n')
expect(["--suite", suite, "--backend", "sim", "--output", os.path.join(SCRATCH, "out")], "ESC in a suite file")
if os.path.exists(os.path.join(SCRATCH, "out")):
    problems.append("a refused run created its --output directory")

if problems:
    print("\n".join(f"FAIL: {p}" for p in problems))
    sys.exit(1)
print("ok: control sequences from CSV files, suite files and the command line are escaped and bounded")
