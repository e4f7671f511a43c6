// Branch-goal results as JSON (vcov-cli goals --json) and as an lcov tracefile with branch
// records, so that genhtml shows the goals beside the lines the tests run.
#pragma once

#include "goals/BranchGoals.h"
#include "goals/Vacuity.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>

namespace vcov {

nlohmann::json goalsToJson(const Program &program, const GoalReport &report);
// The assertions with their vacuity (bmc's and verify's --json "assertions"): file, line,
// text, status ("violated", "holds, reached", "vacuous", "unknown"), evidence, the inputs.
nlohmann::json vacuityToJson(const Program &program, const VacuityReport &report);

// A report written by goalsToJson, read back against the same program (a session): the
// goals are enumerated again and must match by id, place, condition and half; every test
// is replayed, and a covered goal whose test no longer enters it becomes unknown. Null with
// the reason when the report does not fit the program.
std::optional<GoalReport> goalsFromJson(const Program &program, const nlohmann::json &j, std::string &error);

// Per input file: DA for every coverable line (how many tests run it), and BRDA per goal
// (block: the branch's number on its line, branch 0 the holding half and 1 the failing
// one, taken: how many tests enter it; "-" when no test reaches the branch at all).
std::string goalsToLcov(const Program &program, const GoalReport &report, const std::string &testName = "vcov");

} // namespace vcov
