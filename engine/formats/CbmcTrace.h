// CBMC's counterexample traces (cbmc --json-ui or --xml-ui) brought into vcov: the
// inputs they chose, for the interpreter to replay, and the values CBMC reports, to put
// beside vcov's at every step so that a disagreement shows.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vcov {

struct CbmcTraceStep {
    enum class Kind { Assignment, FunctionCall, FunctionReturn, Failure, Other };
    Kind kind = Kind::Other;
    std::string file, function; // where CBMC places the step
    unsigned line = 0;
    std::string lhs;            // Assignment: the lvalue as CBMC prints it ("a[2l]", "s.f")
    std::string value;          // Assignment: the value as CBMC prints it ("6", "NULL", "{ 1, 2 }")
    std::vector<int64_t> leaves; // Assignment: the value's scalars in memory order (pointers: 0 for NULL)
    bool parameter = false;     // an actual parameter passed to a call
    std::string callee;         // FunctionCall / FunctionReturn
    std::string property, reason; // Failure: the check that fails here (the last one is the trace's)
};

struct CbmcTrace {
    std::string format;       // "json-ui" or "xml-ui"
    std::string property;     // the failed property's id ("main.assertion.1")
    std::string description;  // its description or reason
    std::string failureFile, failureFunction;
    unsigned failureLine = 0;
    std::vector<CbmcTraceStep> steps; // the steps CBMC does not hide, in order
    struct Failed {
        std::string property, description;
    };
    std::vector<Failed> failed; // every property CBMC reports failed, in its order
    bool unwinding() const; // the trace ends at an unwinding assertion: the bound, not a bug
};

// The trace of a failed property in CBMC's output: an assertion's (reach_error) first, then
// another check's, then an unwinding assertion's; nullopt with `error` set when the text is neither format or
// holds no counterexample.
std::optional<CbmcTrace> parseCbmcTrace(const std::string &text, std::string &error);

// The inputs of the trace as vcov's interpreter draws them: the return values of
// __VERIFIER_nondet_* and of functions without a body, in call order, and the values of
// locals declared without initializer, in declaration order. `notes` says what could not
// be taken over.
ExecutionInput inputsFromCbmcTrace(const Program &program, const CbmcTrace &trace, std::vector<std::string> &notes);

// CBMC's assignments beside vcov's execution of the same inputs.
struct TraceAgreement {
    enum class Status { Agrees, Differs, NotCompared, Missing };
    struct Row {
        size_t cbmcStep = 0;    // index into CbmcTrace::steps
        int vcovStep = -1;      // index into Execution::steps; -1 when vcov has no such write
        Status status = Status::Missing;
        std::string vcovValue;
    };
    std::vector<Row> rows;    // one per CBMC assignment of a program variable
    // How vcov's execution ends beside CBMC's trace: Same — both fail on the same line;
    // EarlierOnCbmcsPath — vcov stops at a failure CBMC's trace passes through on its way
    // (CBMC lets an out-of-bounds read return some value and goes on; C does not);
    // PastUnwindingBound — CBMC's trace ends at its unwinding bound, which vcov's execution
    // reaches and runs past; Different — anything else (a disagreement to look at).
    enum class Ending { Same, EarlierOnCbmcsPath, PastUnwindingBound, Different };
    Ending ending = Ending::Different;
    bool endingAgrees = false; // ending != Different
    std::string earlierProperty; // EarlierOnCbmcsPath: CBMC's id of that failure
    std::string summary;      // "12 of 13 assignments agree, 1 differs; both fail at ex.c:3"
    size_t count(Status s) const;
    // The row of vcov's step, if CBMC wrote the same variable there.
    const Row *rowOfStep(int vcovStep) const;
};

TraceAgreement compareWithCbmcTrace(const Program &program, const Execution &execution, const CbmcTrace &trace);

const char *agreementStatusName(TraceAgreement::Status s);
const char *endingName(TraceAgreement::Ending e);

// The vcov check of a CBMC property ("main.array_bounds.1" → bounds; a pointer_dereference
// whose description says "pointer outside object bounds" → bounds too, as vcov counts an
// access outside its object); nullopt for assertions (always checked) and for checks vcov
// does not have.
std::optional<Property> propertyOfCbmcId(const std::string &id, const std::string &description = "");
// The vcov checks of every property CBMC reports failed: a trace may pass through another
// failure on its way to its own, and the replay should name it as CBMC does.
std::set<Property> checksOfCbmcFailures(const CbmcTrace &trace);

// An execution's JSON (executionToJson) with CBMC's values beside vcov's: "cbmc" holds the
// trace's property and summary, and each compared step gets "cbmc_value" and "agreement".
nlohmann::json withCbmcAgreement(nlohmann::json execution, const CbmcTrace &trace, const TraceAgreement &agreement);

} // namespace vcov
