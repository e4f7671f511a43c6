// Bounded model checking with Z3: unwind loops and recursion to a bound, encode the
// program into bit-vector logic, check the selected properties. A counterexample is
// replayed by the concrete interpreter before it is reported.
#pragma once

#include "Cfa.h"
#include "automata/PathObserver.h"
#include "semantics/Execution.h"
#include "semantics/Properties.h"

#include <map>
#include <optional>
#include <string>

namespace vcov {

struct BmcOptions {
    unsigned unwind = 1;                        // loop iterations and recursion depth
    std::map<std::string, unsigned> loopBounds; // per loop id ("main.0") overrides
    bool unwindingAssertions = true;            // else: paths beyond the bound are cut (partial loops)
    PropertySet properties{Property::Assertion};
    double timeoutSeconds = 0;                  // 0: none
    // Unwind the product with this automaton: paths it blocks are not explored (a given
    // path, an explored region). Not owned.
    const PathObserver *observer = nullptr;
};

enum class Verdict { Safe, Unsafe, Unknown };
const char *verdictName(Verdict v);

struct BmcResult {
    Verdict verdict = Verdict::Unknown;
    unsigned bound = 0;
    double seconds = 0;
    std::string reason; // for Unknown: why (timeout, unsupported construct, ...)
    // Unsafe: the violated property and the replayed execution that shows it.
    std::optional<Property> property;
    EdgeId violationEdge = -1;
    std::string violationMessage;
    std::optional<Execution> counterexample;
    bool replayed = false;
    // Size of the encoding, for benchmarks and notes.
    size_t unrolledNodes = 0;
    size_t checks = 0;
    double encodeSeconds = 0; // unwinding and building the formula
    double solveSeconds = 0;
    std::string satSolver; // "minisat" or "z3": which one searched the last query
};

BmcResult checkProgram(const Program &program, const BmcOptions &options);

// A search for an execution that ends normally (the entry function returns or exit() is
// called) in an accepting state of options.observer (any, without one). Assertions are
// assumed to hold (a failing one cuts the path) unless options.properties selects them.
struct ExecutionSearch {
    enum Status { Found, NotFound, Unknown } status = Unknown;
    // NotFound within the bound; complete: no path of the product exceeds the bound
    // either, so no such execution exists at all.
    bool complete = false;
    ExecutionInput input; // Found: the inputs the solver chose (replay them to get the execution)
    std::string reason;   // Unknown: why
    double seconds = 0;
    size_t unrolledNodes = 0;
};

ExecutionSearch findExecution(const Program &program, const BmcOptions &options);

} // namespace vcov
