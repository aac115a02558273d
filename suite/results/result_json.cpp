// JSON forms of device and result records: each record's fields are walked from suite/results/result_fields.hpp.
#include "suite/results/result_json.hpp"

namespace autobench::results {
void to_json(nlohmann::json& j, StopReason r) { j = kStopReasonNames.name(r); }
void from_json(const nlohmann::json& j, StopReason& r) { r = kStopReasonNames.value(j.get<std::string>()); }

void to_json(nlohmann::json& j, const Point& p) {
  record::fields_to_json(j, p, kPointFields);
  record::fields_to_json(j, p, kPointAddedFields);
  j["launch_times_s"] = p.launch_times_s;
}
void from_json(const nlohmann::json& j, Point& p) {
  record::read_fields(j, p, kPointFields);
  record::read_present_fields(j, p, kPointAddedFields);
  if (j.contains("launch_times_s")) j.at("launch_times_s").get_to(p.launch_times_s);  // absent in older journals
}

void to_json(nlohmann::json& j, const Campaign& c) {
  record::fields_to_json(j, c, kCampaignFields);
  record::fields_to_json(j, c, kCampaignAddedFields);
  j["points"] = c.points;
}
void from_json(const nlohmann::json& j, Campaign& c) {
  record::read_fields(j, c, kCampaignFields);
  record::read_present_fields(j, c, kCampaignAddedFields);
  j.at("points").get_to(c.points);
}

void to_json(nlohmann::json& j, const RankResult& r) {
  j = {{"rank", r.rank},
       {"device", r.device},
       {"start_error", r.start_error},
       {"error", r.error},
       {"campaigns", r.campaigns}};
}
void from_json(const nlohmann::json& j, RankResult& r) {
  j.at("rank").get_to(r.rank);
  j.at("device").get_to(r.device);
  j.at("start_error").get_to(r.start_error);
  r.error = j.value("error", "");  // absent from the journals of earlier versions
  j.at("campaigns").get_to(r.campaigns);
}

void to_json(nlohmann::json& j, const RunInfo& r) {
  record::fields_to_json(j, r, kRunFields);
  j["complete"] = r.complete;
}
void from_json(const nlohmann::json& j, RunInfo& r) {
  record::read_fields(j, r, kRunFields);
  j.at("complete").get_to(r.complete);
}

void to_json(nlohmann::json& j, const RankTimeSplit& s) { record::fields_to_json(j, s, kTimeSplitFields); }
void from_json(const nlohmann::json& j, RankTimeSplit& s) { record::read_fields(j, s, kTimeSplitFields); }

void to_json(nlohmann::json& j, const DeviceInfo& d) {
  record::fields_to_json(j, d, kDeviceFields);
  record::fields_to_json(j, d, kDeviceAddedFields);
}
void from_json(const nlohmann::json& j, DeviceInfo& d) {
  record::read_fields(j, d, kDeviceFields);
  record::read_present_fields(j, d, kDeviceAddedFields);
}

}  // namespace autobench::results
