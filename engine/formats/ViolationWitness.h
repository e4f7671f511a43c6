// SV-COMP violation witnesses: GraphML (format 1.0) and YAML (format 2.0,
// violation_sequence), read into one sequence of waypoints, and written for a replayed
// counterexample. The formats are sosy-lab/sv-witnesses'.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"

#include <optional>
#include <string>
#include <vector>

namespace vcov {

struct Waypoint {
    enum class Type { Assumption, Branching, FunctionEnter, FunctionReturn, Target };
    Type type = Type::Assumption;
    bool avoid = false;   // an avoid waypoint of its segment (else: the segment's follow)
    std::string file, function;
    unsigned line = 0, column = 0; // column 0: the whole line
    std::string constraint; // "x == 5", "\result == 5", "true" / "false" for branching
};

const char *waypointTypeName(Waypoint::Type t);

struct ViolationWitness {
    std::string format; // "graphml" or "yaml"
    std::vector<std::vector<Waypoint>> segments; // each ends in its follow waypoint
    std::string producer, programFile, programHash, specification, architecture;
    std::vector<std::string> notes; // parts of the file the reader passed over, and why
    // The follow waypoints in order.
    std::vector<Waypoint> follows() const;
};

// Either format, recognised by its first character ('<' GraphML, else YAML); nullopt
// with `error` set on a file that is not a violation witness.
std::optional<ViolationWitness> parseViolationWitness(const std::string &text, std::string &error);

struct WitnessMetadata {
    std::string version;     // vcov's

    // LTL, as in SV-COMP's .prp files; empty: the one the counterexample violates
    // (specificationOf its ending's property).
    std::string specification;
    std::string creationTime; // ISO 8601; empty: now (UTC)
};

// The counterexample (a replayed execution that ends in a violation) as a witness: the
// value of every nondet call as a function_return waypoint (\result == v at the call's
// closing parenthesis), every uninitialized local's value as an assumption after its
// declaration, and the violation as the target. The inputs fix the execution, so no
// branching waypoints are needed.
// SV-COMP's property of a violated check: reach_error for assertions, valid-deref for
// bounds and pointers, no-overflow for overflows; division by zero has no SV-COMP
// property, so vcov names it "G ! div-by-zero" (its own validator checks every property
// for a specification it does not know).
std::string specificationOf(std::optional<Property> violated);

std::string violationWitnessYaml(const Program &program, const Execution &counterexample, const WitnessMetadata &meta);
std::string violationWitnessGraphml(const Program &program, const Execution &counterexample,
                                    const WitnessMetadata &meta);

} // namespace vcov
