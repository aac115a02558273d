// Writes never follow a planted link: open_new_file, write_file_atomically's temporary file, own_directory,
// the run lock and a rank's journal, each with a symbolic link planted where it writes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "suite/files/atomic_file.hpp"
#include "suite/journal/journal.hpp"
#include "suite/writing/run_lock.hpp"
#include "tests/support/scratch.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file with known content, the target of the links the tests plant.
std::string precious(const ab::testing::ScratchDir& scratch) {
  const std::string path = scratch.path("precious");
  std::ofstream(path) << "mine\n";
  return path;
}

}  // namespace

TEST(LinkRefusal, OpenNewFileRefusesALinkAndAnExistingFile) {
  ab::testing::ScratchDir scratch;
  const std::string target = precious(scratch);
  fs::create_symlink(target, scratch.path("link"));
  EXPECT_LT(ab::files::open_new_file(scratch.path("link")), 0);
  EXPECT_LT(ab::files::open_new_file(target), 0);
  EXPECT_EQ(read(target), "mine\n");
  const int fd = ab::files::open_new_file(scratch.path("new"));
  ASSERT_GE(fd, 0);
  ::close(fd);
}

TEST(LinkRefusal, AtomicWriteReplacesALinkPlantedAtItsTemporaryName) {
  ab::testing::ScratchDir scratch;
  const std::string target = precious(scratch);
  const std::string path = scratch.path("summary.json");
  fs::create_symlink(target, path + ".tmp." + std::to_string(::getpid()));
  fs::create_symlink(target, path);  // the final name a link too: replaced, not followed
  ab::files::write_file_atomically(path, "new\n");
  EXPECT_EQ(read(target), "mine\n");
  EXPECT_EQ(read(path), "new\n");
  EXPECT_FALSE(fs::is_symlink(path));
  EXPECT_FALSE(fs::exists(fs::symlink_status(path + ".tmp." + std::to_string(::getpid()))));
}

TEST(LinkRefusal, OwnDirectoryRefusesALinkOrAFile) {
  ab::testing::ScratchDir scratch;
  fs::create_directory(scratch.path("elsewhere"));
  fs::create_directory_symlink(scratch.path("elsewhere"), scratch.path("csv"));
  try {
    ab::files::own_directory(scratch.path(""), "csv");
    FAIL() << "a link was used as a directory";
  } catch (const ab::files::WriteError& e) {
    EXPECT_NE(std::string(e.what()).find("csv: it is a symbolic link"), std::string::npos) << e.what();
  }
  std::ofstream(scratch.path("file")) << "x";
  EXPECT_THROW(ab::files::own_directory(scratch.path(""), "file"), ab::files::WriteError);
  EXPECT_EQ(ab::files::own_directory(scratch.path(""), "made"), scratch.path("made"));
  EXPECT_TRUE(fs::is_directory(scratch.path("made")));
  EXPECT_EQ(ab::files::own_directory(scratch.path(""), "made"), scratch.path("made"));  // again: it is ours
}

TEST(LinkRefusal, RunLockRefusesALinkAndAHardLink) {
  ab::testing::ScratchDir scratch;
  const std::string target = precious(scratch);
  fs::create_directory(scratch.path("run"));
  fs::create_symlink(target, scratch.path("run/.lock"));
  try {
    ab::writing::RunLock lock(scratch.path("run"), "host");
    FAIL() << "a linked lock was taken";
  } catch (const ab::writing::RunLocked& e) {
    EXPECT_NE(std::string(e.what()).find(".lock is a symbolic link"), std::string::npos) << e.what();
  }
  fs::remove(scratch.path("run/.lock"));
  fs::create_hard_link(target, scratch.path("run/.lock"));
  EXPECT_THROW(ab::writing::RunLock(scratch.path("run"), "host"), ab::writing::RunLocked);
  EXPECT_EQ(read(target), "mine\n");
  fs::remove(scratch.path("run/.lock"));
  ab::writing::RunLock lock(scratch.path("run"), "host");  // a lock of its own is taken
  EXPECT_NE(read(scratch.path("run/.lock")).find("pid "), std::string::npos);
}

TEST(LinkRefusal, JournalRefusesALinkedFileOrDirectory) {
  ab::testing::ScratchDir scratch;
  const std::string target = precious(scratch);
  fs::create_directories(scratch.path("run/journal"));
  fs::create_symlink(target, ab::journal::journal_path(scratch.path("run"), 0));
  EXPECT_THROW(ab::journal::Writer(scratch.path("run"), 0, "id"), std::runtime_error);
  EXPECT_EQ(read(target), "mine\n");
  fs::create_directory(scratch.path("elsewhere"));
  fs::create_directory(scratch.path("run2"));
  fs::create_directory_symlink(scratch.path("elsewhere"), scratch.path("run2/journal"));
  EXPECT_THROW(ab::journal::Writer(scratch.path("run2"), 0, "id"), std::runtime_error);
  EXPECT_TRUE(fs::is_empty(scratch.path("elsewhere")));
}
