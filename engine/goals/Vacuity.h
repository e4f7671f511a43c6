// Vacuity: which assertions a verdict of "safe" says something about. CBMC, ESBMC and Kani
// answer VERIFICATION SUCCESSFUL also when an assertion is never reached — a harness that
// assumed too much, a dead branch — and their users ask for the difference (cbmc#6276,
// esbmc#7503, kani#637). Each assertion of the program gets one of:
//   violated      a replayed execution fails it,
//   holds, reached a replayed execution reaches its check and passes,
//   vacuous       proved: no execution reaches its check (the branch-goal proofs: BMC with
//                 every path complete, k-induction, the value and predicate analyses),
//   unknown       neither within the budget.
// An assertion is `assert(c)`, `__CPROVER_assert(c, …)`, a call of the program's own
// `…assert…` wrapper (SV-COMP's `__VERIFIER_assert`), or a `reach_error()` call outside such
// a wrapper; its check is where its condition is decided (the `if` before `reach_error()`).
#pragma once

#include "Cfa.h"
#include "goals/BranchGoals.h"
#include "semantics/Execution.h"
#include "semantics/Properties.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

enum class AssertionStatus { Violated, HoldsReached, Vacuous, Unknown };
const char *assertionStatusName(AssertionStatus s); // "violated", "holds, reached", "vacuous", "unknown"

struct AssertionSite {
    EdgeId edge = -1;    // the assertion: its call (assert's failure, reach_error(), the wrapper's call)
    NodeId check = NoNode; // where its condition is decided: reached there, or never
    FileId file = -1;
    unsigned line = 0, column = 0;
    std::string function;
    std::string text; // as written: "assert(x == 7)", "if (x != y) reach_error()"
    AssertionStatus status = AssertionStatus::Unknown;
    std::string evidence; // the proof (vacuous), the execution (reached, violated), or why unknown
    std::optional<ExecutionInput> execution; // reached or violated: its inputs, for replay
};

// The assertions of the program's own files and headers (not the system's, not vcov's C
// library models), in source order.
std::vector<AssertionSite> assertionSites(const Program &program);

struct VacuityReport {
    std::vector<AssertionSite> sites;
    double seconds = 0;
    std::string error; // nothing could be decided (no entry function, ...)
    // Assertions in functions no call chain from the entry reaches: not this harness's
    // (a proof's harness calls a few functions of a large file), left out of `sites`.
    size_t outsideEntry = 0;
    size_t count(AssertionStatus s) const;
};

// Decides every site: the branch-goal search on the edges that leave their checks, each
// test replayed with `properties` (a violation at the site makes it violated). Goals that
// `decided` (a finished branch-goals run of the same program) covered or proved are taken
// from it; the search runs only for the rest.
VacuityReport decideVacuity(const Program &program, const GoalOptions &options, const PropertySet &properties,
                            const GoalReport *decided = nullptr);

// The edges whose taking reaches the site's check (the goals decideVacuity decides).
std::vector<EdgeId> reachEdges(const Program &program, const AssertionSite &site);

// "2 of 5 assertions vacuous: never reached" and the like; empty when there is none.
std::string vacuitySummary(const VacuityReport &report);

// A mutation campaign's harness on the original code, verified safe at `bound`: its
// assertions decided within `seconds`, k-induction's k up to at least that bound (a harness
// whose assertions nothing reaches kills no mutant, whatever the kill rate says). The CLI's
// and the window's campaigns both ask this.
VacuityReport decideHarnessVacuity(const Program &program, unsigned bound, double seconds,
                                   const PropertySet &properties, const std::atomic<bool> *cancel = nullptr);

// "harness.c:12, harness.c:20": where the vacuous assertions are (file names without their
// directories); empty when there is none.
std::string vacuousSites(const Program &program, const VacuityReport &report);

} // namespace vcov
