// Writing a file whole or not at all: every file the program writes goes through here, so a full
// disk or a crash never leaves a half-written file under a name where a complete one is expected.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace autobench::files {

// A write that failed, with one line naming the file and the system's reason:
// "cannot write RUN/autobench.h5: No space left on device".
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Whether a written file is flushed to the disk before it takes its name: `flushed` for what holds results;
// `rewritable` for exports that a command rebuilds from a results file (e.g. a run's csv/, which `export`
// writes again), where one flush per file would cost more than the writing (1600 files in a 4-rank full
// suite): after a crash of the machine such a file may be empty, never half-written under its name by us.
enum class Durability { flushed, rewritable };

// A file written in pieces (a table too large to hold whole) that takes its name only when complete: the
// pieces go to `path.tmp.<pid>` beside it, created as write_file_atomically creates it; commit() flushes it
// (unless `rewritable`) and renames it over `path`. Dropped uncommitted, or after a failure, it removes the
// temporary file and `path` keeps what it held. append() and commit() throw WriteError naming `path`.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path, Durability durability = Durability::flushed);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void append(std::string_view contents);
  void commit();

 private:
  [[noreturn]] void fail(int error);

  std::string path_, tmp_;
  Durability durability_;
  int fd_ = -1;  // open until committed or failed
};

// Writes `contents` to `path.tmp.<pid>` beside it, flushes it to the disk (unless `rewritable`) and renames
// it over `path`. The temporary file is created new (open_new_file): whatever lies under its name (a link
// planted there, a leftover of a crash) is removed, never written through, and a link at `path` is replaced,
// not followed. On failure the temporary file is removed, `path` keeps what it held before, and WriteError
// is thrown.
void write_file_atomically(const std::string& path, std::string_view contents,
                           Durability durability = Durability::flushed);

// Opens `path` for writing as a file that did not exist (O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC): never
// through a symbolic link, never onto a file someone else made. Returns the descriptor, or -1 with errno.
int open_new_file(const std::string& path);

// Creates `dir` and its parents when missing; throws WriteError naming `dir` when that fails.
void ensure_directory(const std::string& dir);

// `parent/name`, a directory the program names itself (a run's csv/ or journal/): created when missing,
// else used only when it is a real directory. Throws WriteError ("refusing to write into P/csv: it is a
// symbolic link") when it is a link or not a directory, so no file goes where a planted link points.
std::string own_directory(const std::string& parent, const std::string& name);

// Why `path` cannot be an own directory (own_directory): "it is a symbolic link", "it is not a directory";
// "" when it is a real directory or does not exist.
std::string own_directory_problem(const std::string& path);

}  // namespace autobench::files
