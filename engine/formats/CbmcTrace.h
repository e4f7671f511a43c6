// CBMC's counterexample traces (cbmc --json-ui or --xml-ui) brought into vcov: the
// inputs they chose, for the interpreter to replay, and the values CBMC reports, to put
// beside vcov's at every step so that a disagreement shows.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
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
};

struct CbmcTrace {
    std::string format;       // "json-ui" or "xml-ui"
    std::string property;     // the failed property's id ("main.assertion.1")
    std::string description;  // its description or reason
    std::string failureFile, failureFunction;
    unsigned failureLine = 0;
    std::vector<CbmcTraceStep> steps; // the steps CBMC does not hide, in order
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
    bool endingAgrees = false; // both end in a violation on the same line
    std::string summary;      // "12 of 13 assignments agree, 1 differs; both fail at ex.c:3"
    size_t count(Status s) const;
    // The row of vcov's step, if CBMC wrote the same variable there.
    const Row *rowOfStep(int vcovStep) const;
};

TraceAgreement compareWithCbmcTrace(const Program &program, const Execution &execution, const CbmcTrace &trace);

const char *agreementStatusName(TraceAgreement::Status s);

// The vcov check of a CBMC property id ("main.array_bounds.1" → bounds); nullopt for
// assertions (always checked) and for checks vcov does not have.
std::optional<Property> propertyOfCbmcId(const std::string &id);

// An execution's JSON (executionToJson) with CBMC's values beside vcov's: "cbmc" holds the
// trace's property and summary, and each compared step gets "cbmc_value" and "agreement".
nlohmann::json withCbmcAgreement(nlohmann::json execution, const CbmcTrace &trace, const TraceAgreement &agreement);

} // namespace vcov
