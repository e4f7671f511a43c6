// A mutation campaign for a bounded-model-checking harness (the FDV paper, §II and
// Figure 6): the mutants of the code under test are checked against the harness at a
// size S (a macro, -DSIZE=S) and the bound U(S); each is killed (a check fails in an
// execution replayed on the mutant), survives (verified within the bound), is equivalent
// (trivial compiler equivalence, or the same CFA), invalid (does not compile) or unknown
// (budget, cancel, an unsupported construct). find-size raises S until the survivors see
// no new kill: the mutant-stable size.
#pragma once

#include "bmc/Bmc.h"
#include "frontend/FrontEnd.h"
#include "mutation/Mutant.h"
#include "semantics/Execution.h"

#include <atomic>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vcov {

// NotReached: the mutated code is in a function no call chain from the entry (the harness)
// enters, so no execution of the harness runs it (Stryker's and Mull's "no coverage"): the
// kill rate leaves it out, as it does equivalent and invalid mutants.
enum class MutantStatus { Pending, Killed, Survived, Equivalent, Invalid, Unknown, NotReached };
const char *mutantStatusName(MutantStatus s); // "killed", "survived", ...

struct MutantOutcome {
    MutantStatus status = MutantStatus::Pending;
    // What decided it: "compile", "cfa" (the same CFA as the original), "tce",
    // "interpreter" (a random or boundary input), "counterexample" (another mutant's
    // counterexample), "bmc".
    std::string phase;
    std::string reason; // killed: the violation; survived: the bound; unknown: why
    bool exceedsBound = false; // killed by an execution beyond the bound (unwinding assertion)
    double seconds = 0;        // spent on this mutant's checks
    long size = 0;             // the size it was decided at
    unsigned bound = 0;
    std::optional<Execution> counterexample; // killed: the execution on the mutant, steps recorded
};

struct CampaignOptions {
    FrontEndOptions program;         // harness and code files, -I, -D (the size macro is added)
    std::vector<std::string> mutate; // files of the code under test (as in program.files)
    std::set<std::string> operators; // empty: all of mutationOperators()
    std::string sizeMacro = "SIZE";
    std::string unwindExpr = "S+1";  // the bound U(S)
    BmcOptions bmc;                  // checks, and the bound where no size is given
    double timeoutPerMutant = 0;     // seconds of BMC per mutant; 0: none
    unsigned jobs = 2;
    size_t randomInputs = 300;       // executions per mutant before any solver call
    std::string compiler = "gcc";    // for trivial compiler equivalence; empty: none
    unsigned shardIndex = 0, shardCount = 1; // check only the mutants of this slice
    std::set<std::string> only;      // non-empty: only these mutant ids
    std::set<std::string> functions; // non-empty: only mutants in these functions (--mutate-function)
    const std::atomic<bool> *cancel = nullptr;
};

// The result of the campaign at one size.
struct CampaignRun {
    std::optional<long> size;
    unsigned bound = 0;
    std::string error; // the program does not parse, or the harness fails on the original code
    std::shared_ptr<const Program> program; // the original: variants and counterexamples refer to it
    Verdict original = Verdict::Unknown; // the original program under the harness at this bound
    std::string originalReason;
    std::optional<Execution> originalCounterexample;
    std::vector<Mutant> mutants;
    std::vector<MutantOutcome> outcomes; // one per mutant
    size_t sitesInAllShards = 0;
    double seconds = 0;
    double encodeSeconds = 0; // building the shared encodings

    size_t count(MutantStatus s) const;
    // killed / (killed + survived + unknown): equivalent and invalid mutants do not count.
    double killRate() const;
};

// Called from worker threads, serialised: each mutant as it is decided.
using OutcomeCallback = std::function<void(const Mutant &, const MutantOutcome &)>;

// U(S): an expression in S, integers, + - * / and parentheses ("S+1", "2*S").
std::optional<long> evaluateUnwind(const std::string &expr, long size);

// One mutant by its id, built on the program at `size` (a witness search, a replay).
struct PreparedMutant {
    std::shared_ptr<const Program> program; // the original at this size
    Mutant mutant;
    BmcOptions bmc; // with the bound U(size)
    FrontEndOptions frontEnd; // the program's files and flags at this size
    std::string error;
};
PreparedMutant prepareMutant(const CampaignOptions &options, std::optional<long> size, const std::string &id);

// The campaign at `size` (none: no size macro, the bound is options.bmc.unwind).
CampaignRun runCampaign(const CampaignOptions &options, std::optional<long> size, const OutcomeCallback &onOutcome = {});

// The paper's Figure 6: the campaign at S0, then the survivors (and unknowns) at S+1, S+2,
// ... until a size sees no new kill; that last size before it is the mutant-stable size.
struct SizeSearch {
    std::vector<CampaignRun> runs; // one per size tried
    std::optional<long> stableSize;
    std::string stopReason; // when no stable size was found: the size limit, cancel, an error
};
SizeSearch findStableSize(const CampaignOptions &options, long firstSize, long maxSize,
                          const std::function<void(const CampaignRun &)> &onRun = {},
                          const OutcomeCallback &onOutcome = {});

} // namespace vcov
