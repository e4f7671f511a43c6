// Mutation campaigns as JSON: vcov's own report (vcov-cli mutate --json; shards merge into
// one), and Stryker's mutation-testing-report schema (version 2) that Stryker's
// mutation-testing-elements and dashboards read.
#pragma once

#include "mutation/Campaign.h"
#include "mutation/HarnessMutation.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace vcov {

// The campaign's report: {"mutants": [{id, operator, file, line, column, end_line,
// end_column, original, replacement, function, status, phase, reason, seconds, size,
// bound, exceeds_bound, counterexample}], "summary": {...}, "sizes": [...],
// "stable_size", "sources": {file: text}, "shard"}. A find-size search reports each
// mutant as it stood at the last size that checked it.
nlohmann::json campaignToJson(const SizeSearch &search, unsigned shardIndex = 0, unsigned shardCount = 1);

// A mutant's id, place and edit ({id, operator, file, line, column, end_line, end_column,
// offset, length, original, replacement, function}): the part every report entry shares,
// code and harness mutants alike; read back for a session (throws on a damaged entry).
nlohmann::json mutantSiteToJson(const Mutant &m);
Mutant mutantSiteFromJson(const nlohmann::json &j);

// What a report's mutants need to be rebuilt later (a session replays a killed mutant's
// execution from its inputs): the size macro, the bound in S, the checks, the operators.
nlohmann::json campaignSettingsToJson(const CampaignOptions &options);
// The settings back (into `options`, whose program stays as it is); false on a damaged entry.
bool campaignSettingsFromJson(const nlohmann::json &json, CampaignOptions &options);

// The summary of a report's mutants: counts per status, kill rate, seconds.
nlohmann::json campaignSummary(const nlohmann::json &mutants);

// Shard reports into one: every mutant once (by id), summaries recomputed; an error when
// the reports disagree on a mutant or come from different programs or sizes.
nlohmann::json mergeCampaignReports(const std::vector<nlohmann::json> &reports, std::string &error);

// A harness mutation (vcov-cli mutate --mutate-harness --json): {"harness",
// "harness_mutants": [{id, operator, line, column, original, replacement, outcome, killed,
// checked, kill_rate, reason, seconds, counterexample}], "counts": {outcome: n},
// "code_mutants_killed", "code_mutants_checked", "kill_rate", "seconds"}.
nlohmann::json harnessMutationToJson(const HarnessMutation &hm);
// One harness mutant's entry.
nlohmann::json harnessMutantToJson(const HarnessMutantResult &r);

// Stryker's report from vcov's: killed → Killed, survived → Survived, equivalent →
// Ignored, invalid → CompileError, unknown → Timeout.
nlohmann::json strykerReport(const nlohmann::json &report);

} // namespace vcov
