#!/usr/bin/env python3
"""The tidy tables as Parquet: each CSV written by `autobench-mpi export --tidy` (points.csv, campaigns.csv,
tidy.csv) to its Parquet file.

    tidy_parquet.py TABLE.csv TABLE.parquet [TABLE.csv TABLE.parquet ...]   (what `export --tidy --parquet` runs)

Needs pyarrow (an optional module: `python3 -m pip install pyarrow`). Text columns stay strings, numbers
become int64 or float64 columns, an empty field a null. Each file appears whole or not at all (written
beside it, then renamed). Exit codes: 0 done, 1 pyarrow missing or a failure, 2 bad input.
"""
import csv
import os
import sys
import tempfile

# The columns that hold text in any of the tables (docs/tidy.md); every other column is numeric.
TEXT = ["host", "pci_bus", "uuid", "device", "model", "backend", "kernel", "detector", "sweep", "unit", "knee_status",
        "throttle_reason", "throttle_reasons", "stop_reason", "error", "regime"]


def write(pa, source, target):
    """One CSV to its Parquet file; 0, or the exit code after an error message."""
    try:
        with open(source, newline="") as f:
            header = next(csv.reader(f), [])
        table = pa.csv.read_csv(source, convert_options=pa.csv.ConvertOptions(
            column_types={name: pa.string() for name in TEXT if name in header}, strings_can_be_null=False))
    except (OSError, pa.ArrowInvalid) as e:
        sys.stderr.write(f"tidy_parquet.py: error: cannot read '{source}': {' '.join(str(e).split())}\n")
        return 2
    directory = os.path.dirname(os.path.abspath(target))
    fd, partial = tempfile.mkstemp(prefix=".tidy-", suffix=".parquet", dir=directory)
    os.close(fd)
    try:
        pa.parquet.write_table(table, partial)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(partial, 0o666 & ~umask)  # as a CSV beside it (mkstemp made it private)
        os.replace(partial, target)
    except OSError as e:
        os.unlink(partial)
        sys.stderr.write(f"tidy_parquet.py: error: cannot write '{target}': {e}\n")
        return 1
    print(f"{table.num_rows} row(s) in {target}")
    return 0


def main():
    if len(sys.argv) < 3 or len(sys.argv) % 2 == 0:
        sys.stderr.write("usage: tidy_parquet.py TABLE.csv TABLE.parquet [TABLE.csv TABLE.parquet ...]\n")
        return 2
    try:
        import pyarrow as pa
        import pyarrow.csv
        import pyarrow.parquet  # noqa: F401  (pa.parquet)
    except ImportError as e:
        sys.stderr.write(f"tidy_parquet.py: error: {e} -- Parquet needs pyarrow for {sys.executable}; install it with\n"
                         f"  {sys.executable} -m pip install pyarrow\n"
                         "(the CSV tables are written; pandas reads them as they are)\n")
        return 1
    pairs = list(zip(sys.argv[1::2], sys.argv[2::2]))
    for source, target in pairs:
        code = write(pa, source, target)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
