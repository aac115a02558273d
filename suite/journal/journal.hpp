// Per-rank journals: every finished point and campaign appended (and flushed) to
// RUN_DIR/journal/rank<R>.jsonl as it happens, so a crash or a time limit loses nothing.
// A journal is JSON lines: {"type":"rank"|"point"|"campaign"|"done"|"failed", ...}; every "rank" record
// (each start of the rank) carries the run's identity, "run_id" (run.json's), so `merge` and `--resume`
// refuse a journal of another run.
#pragma once

#include <cstdio>
#include <functional>
#include <istream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/results/results.hpp"

namespace autobench::journal {

std::string journal_path(const std::string& run_dir, int rank);

class Writer {
 public:
  // Opens (appending) the rank's journal of the run `run_id`; throws std::runtime_error naming the file on failure.
  Writer(const std::string& run_dir, int rank, std::string run_id = "");
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  // A (re)start of the rank: its device, or why it could not start. Unfinished sweeps before it are void.
  void rank_started(const results::RankResult& rank);
  void point(const std::string& kernel, int repeat, const results::Point& p);
  void campaign(const results::Campaign& c);
  void done();  // the rank went through its whole plan
  void failed(const std::string& error);  // an error ended the rank (RankResult::error): merge reports it
  // A record of another kind of work (e.g. a dataset's measured configurations); synced when `sync`.
  void record(const nlohmann::json& r, bool sync = false) { line(r.dump(), sync); }

 private:
  void line(const std::string& text, bool sync);
  std::FILE* file_;
  std::string path_;
  std::string run_id_;
};

// What a journal says about its rank.
struct RankJournal {
  bool started = false;
  std::string run_id;  // the run its "rank" records name ("" when they name none: a journal of an older version)
  results::RankResult rank;  // device, start_error, error, and the finished campaigns (the latest per key)
  // Points of sweeps that were under way when the journal ends, by (kernel, repeat).
  std::map<std::pair<std::string, int>, std::vector<results::Point>> unfinished;
  bool done = false;
  // The first damaged line and why ("" when none): a line that is not a valid record, or records before
  // the rank's first start. The records after it, up to the rank's next start (a resume), are void:
  // what they held is measured again, and the journal is not done.
  std::string damage;
};

// Parses a journal, salvaging what comes before damage (see RankJournal::damage); a truncated last line
// (a crash mid-write) is ignored. Throws std::runtime_error for records of two runs (two run ids).
RankJournal read(std::istream& in, const std::string& name = "journal");

// Calls f with every JSON record of a journal, in order; a truncated last line is ignored. A malformed
// line, or an exception f throws, goes to `damaged` (a message naming the line) when given, and reading
// goes on; without it, it is thrown as std::runtime_error. JSON nested deeper than
// record::kMaxJsonDepth is malformed.
void for_each_record(std::istream& in, const std::string& name, const std::function<void(const nlohmann::json&)>& f,
                     const std::function<void(const std::string&)>& damaged = {});

RankJournal read_file(const std::string& path);

// What salvaging a journal found: its first damage ("" none: the line and why) and whether the journal
// ends in records that damage voided.
struct Salvage {
  std::string damage;
  bool ends_void = false;
};

// Calls f with every record of a journal that damage did not void, for every kind of journal (a benchmark
// rank's, whose starts are "rank" records; a dataset rank's, whose starts are "run" records). Damage is a
// line that is not a valid record (f throws for it), or a record before the rank's first `start` record:
// what comes before it is kept, the records after it are void up to the rank's next start (a resume),
// which f gets again. A truncated last line is ignored.
Salvage for_each_salvaged_record(std::istream& in, const std::string& name, const std::string& start,
                                 const std::function<void(const nlohmann::json&)>& f);

}  // namespace autobench::journal
