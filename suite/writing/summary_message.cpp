// A rank's summary message (see summary_message.hpp).
#include "suite/writing/summary_message.hpp"

#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "record/json.hpp"
#include "suite/results/consensus_fields.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::writing {
namespace {

// A consensus row's kernel (consensus_fields.hpp leaves it to the group's name) and its columns.
inline constexpr auto kConsensusFields =
    std::tuple_cat(std::make_tuple(record::field("kernel", &results::ConsensusRow::kernel)), results::kConsensusColumns,
                   results::kConsensusRegimeColumns);

}  // namespace

std::string pack_summary(const result_file::RankSummary& s) {
  nlohmann::json j = {{"rank", s.rank},
                      {"campaigns", record::columns_to_json(s.campaigns, results::kCampaignSummaryFields)},
                      {"sweeps", record::columns_to_json(s.health.sweeps, stats::kSweepHealthFields)},
                      {"part_status", s.part_status},
                      {"export_error", s.export_error}};
  record::fields_to_json(j["health"], s.health, stats::kGpuEvidenceFields);
  j["consensus"] = record::columns_to_json(s.consensus, kConsensusFields);
  const std::vector<std::uint8_t> cbor = nlohmann::json::to_cbor(j);
  return {cbor.begin(), cbor.end()};
}

result_file::RankSummary unpack_summary(const std::string& message) {
  try {
    const nlohmann::json j = nlohmann::json::from_cbor(message);
    result_file::RankSummary s;
    s.rank = j.at("rank").get<results::RankResult>();
    s.campaigns = record::columns_from_json<results::CampaignSummary>(j.at("campaigns"), results::kCampaignSummaryFields);
    record::read_fields(j.at("health"), s.health, stats::kGpuEvidenceFields);
    s.health.sweeps = record::columns_from_json<stats::SweepHealth>(j.at("sweeps"), stats::kSweepHealthFields);
    s.consensus = record::columns_from_json<results::ConsensusRow>(j.at("consensus"), kConsensusFields);
    s.part_status = j.at("part_status").get<std::string>();
    s.export_error = j.at("export_error").get<std::string>();
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("a rank's summary message cannot be read: ") + e.what());
  }
}

}  // namespace autobench::writing
