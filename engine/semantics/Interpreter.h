// The concrete interpreter: runs a program's CFAs on one input (DESIGN.md §1's
// executions). Every counterexample, test and coverage witness is replayed by it.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"
#include "semantics/Properties.h"

#include <atomic>
#include <map>
#include <set>

namespace vcov {

// Results of calls of pure functions (their scalar arguments alone decide them: no globals,
// no pointers, no inputs; goals/RecursionTables.h decides which), by argument bits. A call
// found here is answered without running it; one that returns is recorded. Only for
// tabulating such functions: the steps of an answered call are not in the execution.
struct PureCallMemo {
    std::set<FunctionId> functions;
    std::map<std::pair<FunctionId, std::vector<uint64_t>>, uint64_t> results; // 0 for a void function
    // Integer globals the functions only count with (`g = g + e`, e of their own locals): a
    // call adds the same to each whatever they held before (modulo their width), so what
    // it added is recorded beside its result and added again when it is answered.
    std::vector<VarId> counters;
    std::map<std::pair<FunctionId, std::vector<uint64_t>>, std::vector<uint64_t>> added;
    // Affine summaries proved by induction over the calls (goals/CallSummaries.h): a call of
    // a function without counters that no result answers, whose selector parameter holds
    // `selected` (any call, without a selector), returns c0 + c1*p1 + ... (coefficients[0]
    // is c0, then one per parameter, as its value in the parameter's type; modulo the
    // result's width). Partial correctness only: the call is taken to return even where it
    // would not (a recursion without end), so a run that used one stands for more than the
    // executions: `summarized` counts the calls they answered.
    struct Affine {
        FunctionId function = NoFunction;
        int selector = -1;
        int64_t selected = 0;
        std::vector<int64_t> coefficients;
    };
    std::vector<Affine> affine;
    size_t summarized = 0;
};

struct InterpreterOptions {
    PropertySet properties{Property::Assertion};
    size_t maxSteps = 10'000'000;
    bool recordSteps = true;
    // When set (sized to the program's edges), marks every edge whose step completed: the
    // coverage of a long run without the memory of its recorded steps.
    std::vector<char> *edgesTaken = nullptr;
    // With edgesTaken: stop (StepLimit) once this many steps in a row took no edge for the
    // first time — a run that only goes round a known loop; 0: never.
    size_t stallSteps = 0;
    // Stops the run (StepLimit) once passed; 0: none. Checked every few thousand steps.
    double maxSeconds = 0;
    // Set from another thread: the run stops (StepLimit) within a few thousand steps. Not owned.
    const std::atomic<bool> *cancel = nullptr;
    size_t maxCallDepth = 10'000;
    const ProgramVariant *variant = nullptr; // run this variant of the program (a mutant); not owned
    PureCallMemo *memo = nullptr;            // not owned
    // Another function to start in (NoFunction: the program's entry), with these arguments
    // for its scalar parameters; it returning is the run's end (Exit).
    FunctionId entry = NoFunction;
    std::vector<int64_t> entryArguments = {};
    // Locals declared without initializer hold no input value: reading one before it is
    // written ends the run (UndefinedBehaviour). A run that ends otherwise is the same for
    // every value they could hold: goals/InputEnumeration.h runs one per input.
    bool indeterminateStops = false;
    // Stops the run (StepLimit) once it has made this many objects; 0: none. Every execution
    // of a declaration makes one, kept while the run lasts: a run of 100 million steps that
    // declares a local per round holds 5 GB. For runs bounded by time, not by steps.
    size_t maxObjects = 0;
};

// Objects are held scalar by scalar: one with more scalars is refused. The model checker
// refuses them too, since none of its counterexamples could be replayed.
constexpr uint64_t InterpreterMaxScalars = uint64_t(1) << 22;

// Requires a program without front-end errors and with an entry function.
Execution runProgram(const Program &program, const ExecutionInput &input, const InterpreterOptions &options = {});

} // namespace vcov
