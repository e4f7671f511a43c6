// SARIF 2.1.0 (OASIS) logs: what GitHub code scanning and VS Code's SARIF viewer read.
// A violation is an error with its counterexample as a code flow; a coverage run's lines
// that no execution covers are notes, one rule per status.
#pragma once

#include "Cfa.h"
#include "coverage/Coverage.h"
#include "goals/Vacuity.h"
#include "semantics/Execution.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace vcov {

// One run of vcov: `violation` (may be null) is a replayed counterexample; `message` its
// description ("assertion violated at ...").
nlohmann::json sarifForViolation(const Program &program, const Execution *violation, const std::string &message,
                                 const std::string &version);
nlohmann::json sarifForCoverage(const Program &program, const CoverageResult &coverage, const std::string &version);
// Adds the assertions of a "safe" verdict that say nothing to a log: a vacuous one (proved
// never reached) is a warning, one not known to be reached a note.
void addVacuityToSarif(nlohmann::json &log, const Program &program, const VacuityReport &vacuity);

} // namespace vcov
