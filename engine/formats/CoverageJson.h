// Coverage results as JSON (vcov-cli coverage --json) and as lcov tracefiles.
#pragma once

#include "coverage/Coverage.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace vcov {

nlohmann::json coverageToJson(const Program &program, const CoverageResult &result);
// Every coverable line of the input files: DA:<line>,<n> with n the number of generated
// executions that cover it inside the explored region (0: not covered), so that genhtml's
// percentages are verification coverage.
std::string coverageToLcov(const Program &program, const CoverageResult &result);
// The over-approximation as a second tracefile: DA:<line>,1 for lines of ART edges.
std::string exploredToLcov(const Program &program, const CoverageResult &result);

} // namespace vcov
