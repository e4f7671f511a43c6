// Validation of violation witnesses: is there an execution of the program that follows
// the witness's waypoints to a violation? Confirmed only with such an execution, replayed
// by the interpreter; refuted only when the bounded model checker proves, with every path
// complete, that no execution following the witness's branches violates a property.
#pragma once

#include "bmc/Bmc.h"
#include "formats/ViolationWitness.h"

#include <optional>
#include <string>

namespace vcov {

enum class WitnessVerdict { Confirmed, Refuted, Unknown };
const char *witnessVerdictName(WitnessVerdict v);

struct WitnessValidation {
    WitnessVerdict verdict = WitnessVerdict::Unknown;
    std::string method;  // "replay of the witness's values" or "bounded model checking in product with the witness"
    std::string reason;  // why, in a sentence
    std::optional<Execution> execution; // Confirmed: the execution that follows the witness
    size_t followed = 0; // waypoints the execution follows (of the witness's follow waypoints)
    size_t waypoints = 0;
};

// How far an execution follows the witness: the follow waypoints it passes in order
// (function_return values, branching directions, assumptions of the form `x == v`, the
// target line), and whether it ends in a violation at the target.
struct WitnessMatch {
    size_t followed = 0;
    bool violationAtTarget = false;
    std::string firstMiss; // the first waypoint it does not follow
};
WitnessMatch matchWitness(const Program &program, const Execution &execution, const ViolationWitness &witness);

// `options` bound the model checker's search (unwind, timeout); the checks are theirs and
// the ones the witness's specification names (all of them for a specification vcov does
// not know).
WitnessValidation validateWitness(const Program &program, const ViolationWitness &witness, const BmcOptions &options);

} // namespace vcov
