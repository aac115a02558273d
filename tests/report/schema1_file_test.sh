#!/usr/bin/env bash
# A results file of schema 1 (every campaign's points in its own group: tests/result_file/data/schema1.h5,
# tests/results/sample_results.hpp's runs written by main 9126241's writer before sweeps were stored
# once) still reads: report, compare and export take it.
set -u
OLD="$AUTOBENCH_SOURCE_DIR/tests/result_file/data/schema1.h5"
S="${AUTOBENCH_SCRATCH:-/tmp/autobench-schema1-test}"
rm -rf "$S" && mkdir -p "$S"
fail=0
problem() { echo "FAIL: $*"; fail=1; }

"$AUTOBENCH_BINARY" report "$OLD" > "$S/report.txt" 2> "$S/report.err" || problem "report: $(cat "$S/report.err")"
grep -q "vecadd" "$S/report.txt" || problem "report shows no vecadd campaign"
"$AUTOBENCH_BINARY" report "$OLD" --format json > "$S/report.json" || problem "report --format json"
campaigns=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["campaigns"]))' "$S/report.json")
[[ $campaigns == 8 ]] || problem "report --format json: $campaigns campaigns, the file has 8"
version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["schema_version"])' "$S/report.json")
[[ $version == 1 ]] || problem "report --format json: schema_version $version, the file's is 1"
cp "$OLD" "$S/copy.h5"  # the same file twice is refused: compare it with a copy
"$AUTOBENCH_BINARY" compare "$OLD" "$S/copy.h5" > "$S/compare.txt" 2> "$S/compare.err" || problem "compare: $(cat "$S/compare.err")"
"$AUTOBENCH_BINARY" export "$OLD" --output "$S/export" > /dev/null 2> "$S/export.err" || problem "export: $(cat "$S/export.err")"
csvs=$(ls "$S/export/csv" 2>/dev/null | wc -l)
[[ $csvs -ge 8 ]] || problem "export wrote $csvs CSV files for 8 campaigns"
[[ $fail == 0 ]] && echo "schema 1 file: report ($campaigns campaigns), compare and export ($csvs CSV files) read it"
exit $fail
