// Mutant witnesses (the FDV paper, §II.B and Algorithm 4): for a mutant the harness lets
// through, an execution that passes every check of the harness, runs through the mutated
// code, and covers as many statements and branches as possible, so that it is no
// degenerate run over an empty array. Its output beside the original's on the same
// inputs shows what the harness does not look at.
#pragma once

#include "bmc/Bmc.h"
#include "frontend/FrontEnd.h"
#include "mutation/Mutant.h"
#include "semantics/Execution.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

// How the most covering execution is searched: Algorithm 4 (a witness, then one that covers
// at least one goal more, until none does; MiniSat searches each) or one MaxSAT query (Z3's
// Optimize, a soft constraint per goal). Algorithm 4 is the default: measured faster
// (tests/bench/witness_search.py, README).
enum class WitnessSearch { RaiseTarget, MaxSat };

struct WitnessOptions {
    WitnessSearch search = WitnessSearch::RaiseTarget;
    double timeoutSeconds = 60; // the whole search; the best witness so far stands when it runs out
    const std::atomic<bool> *cancel = nullptr;
    // The program's files and flags: a deletion in a mutant with a CFA of its own is
    // searched with a marker call in the statement's place (re-parsed).
    const FrontEndOptions *frontEnd = nullptr;
    // Each coverage target asked (Algorithm 4's T) and what the last witness reached.
    std::function<void(unsigned target, unsigned reached)> onTarget;
};

struct MutantWitness {
    enum class Status {
        Found,     // an execution passes the harness through the mutated code
        None,      // no such execution within the bound (complete: none at all)
        Unknown,   // the budget ran out or the solver gave no answer before the first one
    } status = Status::Unknown;
    bool complete = false; // None: no path exceeds the bound either
    ExecutionInput input;
    std::optional<Execution> execution; // on the mutant, steps recorded (replayed)
    std::optional<Execution> original;  // the same inputs on the original program
    bool replayed = false;  // the execution ends normally, passes every check and takes a mutated edge
    size_t covered = 0;     // coverage goals (non-blank edges) the execution takes
    size_t coverable = 0;
    bool maximal = false;   // no execution within the bound through the mutant covers more
    std::vector<unsigned> targets; // the coverage targets asked, in order
    std::vector<EdgeId> mutatedEdges; // the edges the execution had to take (one of them)
    std::string reason;     // None/Unknown, or why the witness is not proved maximal
    double seconds = 0;
    // Where mutant and original part: the first step that differs (edge or value written),
    // and the first output line that differs; -1 where they do not.
    int firstDifferentStep = -1;
    int firstDifferentOutputLine = -1;
};

const char *witnessStatusName(MutantWitness::Status s);

// Algorithm 4: a first passing execution through the mutant, then executions that cover
// at least one goal more than the last, until none exists within the bound (maximal) or
// the budget ends. `bmc`: the bound and the checks that must hold (the campaign's).
MutantWitness findMutantWitness(const Program &original, const Mutant &mutant, const BmcOptions &bmc,
                                const WitnessOptions &options = {});

} // namespace vcov
