// Which build of autobench-mpi this is: version and git commit, for the provenance of every result.
#pragma once

namespace autobench {

const char* build_version();     // the project version, e.g. "0.1.0"
const char* build_git_commit();  // 12-digit commit the binary was built from, or "unknown" outside git

}  // namespace autobench
