// Harness mutation (the FDV paper, §II.C: test the tester): the harness is mutated with
// the same operators. A good harness mutant rejects the correct code (an execution of the
// original code that fails it, replayed); the others get a kill rate over the code's
// mutants, and those that kill as many as the harness or more are the interesting ones.
#pragma once

#include "mutation/Campaign.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

struct HarnessMutantResult {
    enum class Outcome {
        Invalid,     // does not compile
        RejectsCode, // fails on the original code: the harness mutant is caught
        Weaker,      // kills fewer code mutants than the harness
        Equal,       // kills as many
        Stronger,    // kills more
        Unknown,     // a budget or the solver left it open
    } outcome = Outcome::Unknown;
    Mutant mutant;  // the edit of the harness
    size_t killed = 0, checked = 0; // code mutants killed, and killed + survived + unknown
    double killRate = 0;
    std::string reason;
    std::optional<Execution> counterexample; // RejectsCode: the original code's failing execution
    std::shared_ptr<const Program> program;  // what the counterexample's edges refer to (harness mutant + code)
    double seconds = 0;
};

const char *harnessOutcomeName(HarnessMutantResult::Outcome o);

struct HarnessMutation {
    std::string harness;         // the harness file mutated
    CampaignRun original;        // the code's mutants under the harness itself
    std::vector<HarnessMutantResult> results;
    std::string error;
    double seconds = 0;
};

// options.mutate names the code under test; the harness is the program's first other file.
// Each harness mutant runs the campaign over the code mutants the harness's own campaign
// found valid and not equivalent.
// onCodeOutcome: the code's mutants under the harness itself, as they are decided.
HarnessMutation mutateHarness(const CampaignOptions &options, std::optional<long> size,
                              const std::function<void(const HarnessMutantResult &)> &onResult = {},
                              const OutcomeCallback &onCodeOutcome = {});

} // namespace vcov
