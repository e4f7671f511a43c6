// A whole exploration as JSON, for session files: the ART (without its abstract states),
// the assumption automaton, every line's explanation, the executions (as inputs) and the
// bug. Reading replays every execution through the interpreter, so a session never shows
// evidence the program does not back; Reach scores are recomputed.
#pragma once

#include "coverage/Coverage.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace vcov {

struct ExplorationFormatError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

nlohmann::json explorationToJson(const Program &program, const CoverageResult &result);
// Throws ExplorationFormatError with what is wrong (missing field, index out of range,
// an execution that does not replay on this program).
CoverageResult explorationFromJson(const Program &program, const nlohmann::json &json);

nlohmann::json coverageOptionsToJson(const CoverageOptions &options);
CoverageOptions coverageOptionsFromJson(const nlohmann::json &json); // defaults where absent

} // namespace vcov
