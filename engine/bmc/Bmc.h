// Bounded model checking with Z3: unwind loops and recursion to a bound, encode the
// program into bit-vector logic, check the selected properties. A counterexample is
// replayed by the concrete interpreter before it is reported.
#pragma once

#include "Cfa.h"
#include "semantics/PathObserver.h"
#include "semantics/Execution.h"
#include "semantics/Properties.h"

#include <atomic>
#include <climits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace vcov {

// A quantified invariant over arrays of the entry function: for every k with 0 <= k < bound,
// array[k] == other[k] (or !=), or array[k] == value (or !=), or array[k] == constant (or
// !=); the arrays of one integer type, held by their writes. Checked at one fresh index (an
// arbitrary k), assumed at every index some read of the encoding uses (instantiation: a
// path observes nothing else of it).
struct ArrayFact {
    VarId array = NoVar, other = NoVar, value = NoVar, bound = NoVar;
    bool equal = true;
    int64_t constant = 0; // where other and value are both NoVar
    // Instead, about the objects an array of pointers points to: where array[k] is not NULL
    // and its integer at guardOffset is `constant` (guardEqual; else is not), its pointer at
    // pointerOffset is not NULL (equal; else is NULL). "a[k]->n == 1 -> a[k]->p != 0".
    struct Pointee {
        uint64_t guardOffset = 0, pointerOffset = 0;
        const Type *guardType = nullptr, *pointerType = nullptr;
        bool guardEqual = true;
    };
    std::optional<Pointee> pointee = {};
};

// Objects of the heap by allocation site (the malloc or calloc call edge), from a points-to
// analysis of the whole program (goals/AllocationSites.h): where the inductive step havocs
// a pointer, it gives it NULL or the start of an object one of its sites allocated before.
struct HeapSites {
    // Pointer variables (and arrays and structs of pointers) whose every value is NULL or
    // the start of an object of these sites (-2 among them: or an indeterminate address
    // that is no object, where the variable is declared without initializer).
    std::map<VarId, std::vector<EdgeId>> variables;
    // The same for the pointers inside the objects of a site.
    std::map<EdgeId, std::vector<EdgeId>> fields;
};

struct BmcOptions {
    unsigned unwind = 1;                        // loop iterations and recursion depth
    std::map<std::string, unsigned> loopBounds; // per loop id ("main.0") overrides
    // The loops of vcov's models of memcpy, memmove and memset (CLibrary.h), which CBMC has
    // no loops for: unless loopBounds names them, this bound, and checkProgram raises it
    // while their unwinding assertion is all that fails.
    unsigned arrayOperationUnwind = 17;
    bool unwindingAssertions = true;            // else: paths beyond the bound are cut (partial loops)
    PropertySet properties{Property::Assertion};
    double timeoutSeconds = 0; // for unwinding, encoding and solving together; 0: none
    // Set from another thread: unwinding, encoding, Z3's bit-blasting and the SAT search stop
    // within tens of milliseconds, and the verdict is unknown ("cancelled"). Not owned.
    const std::atomic<bool> *cancel = nullptr;
    // Unwind the product with this automaton: paths it blocks are not explored (a given
    // path, an explored region). Not owned.
    const PathObserver *observer = nullptr;
    // The inductive step of k-induction: entering a loop (taking one of entryEdges, which
    // lead to its head from outside the loop) gives these variables arbitrary values, so
    // the loop starts from any state that agrees with the real one on what it never writes.
    // The step havocs its own loop, and may havoc the others to take them as their effect.
    struct Havoc {
        std::set<EdgeId> entryEdges;
        std::vector<VarId> vars; // scalars and arrays of scalars; pointers listed in `heap`
        // The allocation sites whose objects the loop writes: all of them, those allocated
        // on the path before and those the havoc stands for, get arbitrary contents.
        std::vector<EdgeId> sites;
        std::shared_ptr<const HeapSites> heap = {};
    };
    std::vector<Havoc> havocs;
    // A call of one of these functions one frame beyond the recursion bound is summarized
    // instead of cut: it returns an arbitrary value and gives the listed globals (what it may
    // write) arbitrary values. An over-approximation, complete for what happens after the
    // call but blind inside it (its paths are not replayed). The caller makes sure that the
    // function writes nothing else (no write through a pointer, no pointer returned).
    std::map<FunctionId, std::vector<VarId>> summarizedRecursion;
    // Of those, pure functions of one integer whose results are known over a range of
    // arguments (goals/RecursionTables.h): the summarized call returns the table's value
    // where its argument lies in the range.
    struct Table {
        int64_t first = 0;            // the arguments first .. first + results.size() - 1
        std::vector<int64_t> results; // as the result type's value
    };
    std::map<FunctionId, Table> recursionTables;
    // Auxiliary invariants of k-induction: conditions at the head of a loop of the entry
    // function, per arrival there in its frame (arrival 0 comes from outside the loop,
    // arrival n after the n-th jump back). Before checkedFrom the condition is assumed (a
    // path where it fails ends there); from checkedFrom on, a path where it fails is an
    // invariant hit (BmcQuery::invariants), and the condition is assumed after the check.
    struct Invariant {
        NodeId head = NoNode;
        ExprPtr cond; // an int-valued condition over the entry function's variables and globals
        unsigned checkedFrom = UINT_MAX;
        // Assumed only where the path arrives from outside the loop (a proved invariant holds
        // at every arrival, so this only spares the solver constraints the first one implies).
        bool firstArrivalOnly = false;
        // Instead of cond: a statement about every element below a bound (ArrayFact).
        std::shared_ptr<const ArrayFact> fact = {};
    };
    std::vector<Invariant> invariants;
    // Arrays of one integer or floating-point type with at least this many elements (and of
    // more than 65,536 pointers) are encoded by their writes
    // (read over write) until the writes outnumber the elements, rather than scalar by scalar:
    // only touched elements cost terms. UINT64_MAX: never (arrays above 65536 are refused).
    uint64_t sparseArraysFrom = 1;
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
    std::string cutLoop; // an unwinding assertion's: the loop id the bound cut
    // Size of the encoding, for benchmarks and notes.
    size_t unrolledNodes = 0;
    size_t checks = 0;
    double encodeSeconds = 0; // unwinding and building the formula
    double solveSeconds = 0;
    std::string satSolver; // "minisat" or "z3": which one searched the last query
};

// The solvers this machine's runs use, for the About box: "Z3 4.13.3 and MiniSat" (MiniSat
// only where it is installed).
std::string solverDescription();

// Encodes the program and asks one query: checkProgram = BmcEncoding(program, options).check(),
// again with a larger BmcOptions::arrayOperationUnwind while only such a loop's unwinding
// assertion fails.
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
    bool optimal = false; // Found with maximizeCover: no execution takes more of the edges
    std::vector<EdgeId> reached; // Found by reach: the wanted edges the solver's path takes
    std::vector<size_t> brokenInvariants; // Found by reach with invariants: their indices in BmcOptions::invariants
};

ExecutionSearch findExecution(const Program &program, const BmcOptions &options);

// One encoding, many queries: the program unwound to a bound (in product with
// options.observer) and encoded once, with every variant in it, each selected by a
// literal of its own (0: the program itself, k: variants[k-1]). Each query names the
// variant, and may ask for executions that take one of some edges (branch goals) or that
// an automaton admits (a product with it). Each query is solved on its own: Z3's
// preprocessing slices the shared encoding to what the query asks (the variant's literal
// fixed, the other variants dropped), then a fresh SAT search runs. That was measured
// faster than one incremental solver with assumption literals (SatSearch.h).
struct BmcQuery {
    size_t variant = 0;          // 0: the program, k: BmcEncoding::variants()[k-1]
    std::vector<EdgeId> through; // non-empty: only executions that take one of these edges
    // Only executions this automaton admits (and, for findExecution, that end in one of
    // its accepting states): a product built on the encoding, unlike options.observer,
    // which shapes the unwinding. Paths still end at the encoding's bound. Not owned.
    const PathObserver *observer = nullptr;
    // findExecution only: executions that take at least coverAtLeast of these edges (each
    // at least once) — coverage goals, raised until none is found (a mutant witness).
    std::vector<EdgeId> cover;
    unsigned coverAtLeast = 0;
    // findExecution only: instead, the execution that takes the most of `cover` (Z3's
    // Optimize, a soft constraint per edge: MaxSAT), measured against raising coverAtLeast.
    bool maximizeCover = false;
    double timeoutSeconds = 0; // 0: the options' budget
    // reach and findExecution: paths cut by the bound of these loops (ids as in BmcOptions::loopBounds)
    // do not make "not found" incomplete (the inductive step's own loop).
    std::set<std::string> boundedLoops;
    // reach only: a selected property's violation on one of `through` (an assertion, a
    // reach_error() call) counts as taking it: k-induction of properties.
    bool violations = false;
    // reach only: a checked invariant that fails (BmcOptions::invariants) counts as a wanted
    // edge taken; `through` may then be empty.
    bool invariants = false;
    // Invariants (BmcOptions::invariants) this query neither assumes nor checks: Houdini
    // drops the candidates that fail without encoding the program again.
    std::set<size_t> droppedInvariants;
};

class BmcEncoding {
public:
    // Variants are checked with variantError first; a bad one makes every query Unknown.
    BmcEncoding(const Program &program, const BmcOptions &options, std::vector<ProgramVariant> variants = {});
    ~BmcEncoding();
    BmcEncoding(const BmcEncoding &) = delete;
    BmcEncoding &operator=(const BmcEncoding &) = delete;

    using Query = BmcQuery;
    // Is a selected check violated? A counterexample is replayed by the interpreter on the
    // queried variant. seconds is this query's time; encodeSeconds the encoding's.
    BmcResult check(const Query &query = {});
    // An execution that ends normally in an accepting state of options.observer.
    ExecutionSearch findExecution(const Query &query = {});
    // An execution that takes one of query.through (required) where query.observer admits
    // that move, however it goes on: branch goals. Found: the inputs of the path up to it
    // (replay them). NotFound and complete: no execution takes one, at any length.
    ExecutionSearch reach(const Query &query);

    const std::vector<ProgramVariant> &variants() const;
    // Non-empty when the program could not be encoded (an unsupported construct, ...).
    const std::string &error() const;
    double encodeSeconds() const;
    size_t unrolledNodes() const;

    // checkProgram's loop with variants: `encoding` is left holding the last encoding, for the
    // variants' queries.
    static BmcResult checkGrowing(const Program &program, const BmcOptions &options,
                                  const std::vector<ProgramVariant> &variants, std::optional<BmcEncoding> &encoding);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace vcov
