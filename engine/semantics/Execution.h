// One concrete execution of a program: its inputs, its steps, its output and how it
// ended. The value type that the interpreter produces and every view and format reads.
#pragma once

#include "Cfa.h"
#include "semantics/Properties.h"

#include <cstdint>
#include <map>
#include <utility>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace vcov {

struct ExecutionInput {
    std::vector<int64_t> nondet;        // values of nondet calls, in call order
    std::vector<int64_t> uninitialized; // values of locals declared without initializer, in order
    // malloc'd memory read before it is written (a proof harness's buffers): its bits, by
    // the allocation's number in the execution (0 for the first malloc) and the byte offset
    // of the read. A read of such memory without a value here stays undefined behaviour.
    std::map<std::pair<uint64_t, uint64_t>, uint64_t> heap;
    // ... unless this is set: a model checker's counterexample, which leaves the bytes it never
    // reads free (a block copy moves them unread), so 0 is as good a value as malloc's.
    bool heapUnreadIsZero = false;
    // Memory outside every object, read through an address that is no object where the
    // pointer check is off (an uninitialized pointer of a driver's harness, a pointer an
    // external function returns): its scalars before any write, by (size in bytes,
    // outsideKind, address). A model checker's counterexample gives the ones it reads; any
    // other reads as 0, a pointer as a fresh address (as good a value as any).
    std::map<std::tuple<uint64_t, int, uint64_t>, uint64_t> outside;
};

// The kind of scalar a place outside every object holds, with its size: one value per
// kind, size and address (integers of either signedness share one), as the model checker
// holds that memory in one array per kind and size.
inline int outsideKind(const Type *t) { return t->isPointer() ? 1 : t->isBool ? 2 : t->isFloat() ? 3 : 0; }
inline const char *outsideKindName(int kind) {
    static const char *names[] = {"int", "pointer", "bool", "float"};
    return kind >= 0 && kind < 4 ? names[kind] : "?";
}

struct ExecutionStep {
    EdgeId edge = -1;
    FunctionId function = NoFunction;
    int depth = 0; // call depth: 0 in the entry function
    std::string assigned; // lvalue written ("a[2]"), if any
    std::string value;    // the value written, as C would print it
    std::optional<int64_t> nondet; // the input drawn by this step
    std::string nondetText;        // ... as tests and witnesses write it ("-3", "0.5")
    std::string printed;  // what this step wrote to the output (printf and friends)
};

enum class EndingKind {
    Exit,                // returned from the entry function or called exit()
    Abort,               // abort(): the execution ends, no violation
    PropertyViolation,   // an assertion (or a selected check) failed
    AssumptionFailed,    // an assume() did not hold: not an execution of the program
    UndefinedBehaviour,  // an unchecked error the semantics does not define
    StepLimit,
    Unsupported,         // the program did something the semantics does not model
};

const char *endingKindName(EndingKind k);

struct ExecutionEnding {
    EndingKind kind = EndingKind::Exit;
    int exitCode = 0;
    std::optional<Property> property; // PropertyViolation
    EdgeId edge = -1;                 // where it ended (not for Exit)
    std::string message;
};

// A nondet value as the run drew it: the call edge, and the value as the program holds it
// (an integer sign-extended from its type, a float's bits, a pointer's raw number).
struct InputDraw {
    EdgeId edge = -1;
    int64_t value = 0;
};

struct Execution {
    ExecutionInput input;
    std::vector<InputDraw> draws; // one per nondet value drawn, recorded steps or not
    std::vector<ExecutionStep> steps;
    std::string output; // what printf and friends wrote
    ExecutionEnding ending;
    size_t nondetUsed = 0;
    size_t uninitializedUsed = 0;
};

// The moves of an execution: its steps, with the returns from callees made explicit.
std::vector<PathMove> movesOf(const Program &program, const Execution &execution);

// How many of the execution's steps were carried out: an execution that stopped inside a
// step (a failed check, undefined behaviour) did not complete that last one.
size_t completedSteps(const Execution &execution);

// The nondet inputs as tests and witnesses write them ("-3", "0.5"): the steps' texts where
// steps were recorded, else the held numbers (a float's are its double's bits).
std::vector<std::string> inputTexts(const Execution &execution);

// "assertion violated at file:line (assert(a[i] >= prev))" and the like.
std::string describeEnding(const Program &program, const ExecutionEnding &ending);

} // namespace vcov
