#!/usr/bin/env python3
"""The tidy table as Parquet: tidy.csv (written by `autobench-mpi export --tidy`) to tidy.parquet.

    tidy_parquet.py TIDY.csv TIDY.parquet          (what `export --tidy --parquet` runs)

Needs pyarrow (an optional module: `python3 -m pip install pyarrow`). Text columns stay strings, numbers
become int64 or float64 columns, an empty field a null. The file appears whole or not at all (written
beside it, then renamed). Exit codes: 0 done, 1 pyarrow missing or a failure, 2 bad input.
"""
import os
import sys
import tempfile

# The columns that hold text (docs/tidy.md); every other column is numeric.
TEXT = ["host", "device", "model", "backend", "kernel", "detector", "unit", "knee_status", "throttle_reason"]


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: tidy_parquet.py TIDY.csv TIDY.parquet\n")
        return 2
    source, target = sys.argv[1:]
    try:
        import pyarrow
        import pyarrow.csv
        import pyarrow.parquet
    except ImportError as e:
        sys.stderr.write(f"tidy_parquet.py: error: {e} -- Parquet needs pyarrow for {sys.executable}; install it with\n"
                         f"  {sys.executable} -m pip install pyarrow\n"
                         "(tidy.csv is written; pandas reads it as it is)\n")
        return 1
    try:
        table = pyarrow.csv.read_csv(source, convert_options=pyarrow.csv.ConvertOptions(
            column_types={name: pyarrow.string() for name in TEXT}, strings_can_be_null=False))
    except (OSError, pyarrow.ArrowInvalid) as e:
        sys.stderr.write(f"tidy_parquet.py: error: cannot read '{source}': {' '.join(str(e).split())}\n")
        return 2
    directory = os.path.dirname(os.path.abspath(target))
    fd, partial = tempfile.mkstemp(prefix=".tidy-", suffix=".parquet", dir=directory)
    os.close(fd)
    try:
        pyarrow.parquet.write_table(table, partial)
        os.replace(partial, target)
    except OSError as e:
        os.unlink(partial)
        sys.stderr.write(f"tidy_parquet.py: error: cannot write '{target}': {e}\n")
        return 1
    print(f"{table.num_rows} row(s) in {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
