#include "mutation/HarnessMutation.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

namespace vcov {

const char *harnessOutcomeName(HarnessMutantResult::Outcome o) {
    switch (o) {
    case HarnessMutantResult::Outcome::Invalid: return "invalid";
    case HarnessMutantResult::Outcome::RejectsCode: return "rejects the code";
    case HarnessMutantResult::Outcome::Weaker: return "weaker";
    case HarnessMutantResult::Outcome::Equal: return "equal";
    case HarnessMutantResult::Outcome::Stronger: return "stronger";
    case HarnessMutantResult::Outcome::Unknown: return "unknown";
    }
    return "?";
}

HarnessMutation mutateHarness(const CampaignOptions &options, std::optional<long> size,
                              const std::function<void(const HarnessMutantResult &)> &onResult,
                              const OutcomeCallback &onCodeOutcome) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
    HarnessMutation out;
    for (const auto &f : options.program.files)
        if (std::find(options.mutate.begin(), options.mutate.end(), f) == options.mutate.end()) {
            out.harness = f;
            break;
        }
    if (out.harness.empty()) {
        out.error = "every file is code under test: there is no harness to mutate";
        return out;
    }
    out.original = runCampaign(options, size, onCodeOutcome);
    if (!out.original.error.empty()) {
        out.error = out.original.error;
        return out;
    }
    // The code mutants worth checking under every harness mutant.
    std::set<std::string> codeMutants;
    for (size_t i = 0; i < out.original.mutants.size(); ++i) {
        MutantStatus s = out.original.outcomes[i].status;
        if (s == MutantStatus::Killed || s == MutantStatus::Survived || s == MutantStatus::Unknown)
            codeMutants.insert(out.original.mutants[i].id);
    }
    const size_t originalKilled = out.original.count(MutantStatus::Killed);

    FrontEndOptions fe = options.program;
    if (size)
        fe.defines.push_back(options.sizeMacro + "=" + std::to_string(*size));
    std::string content;
    if (auto given = fe.contents.find(out.harness); given != fe.contents.end()) {
        content = given->second;
    } else {
        std::ifstream in(out.harness, std::ios::binary);
        std::stringstream buf;
        buf << in.rdbuf();
        content = buf.str();
    }
    std::set<std::string> operators = options.operators;
    if (operators.empty())
        operators.insert(mutationOperators().begin(), mutationOperators().end());
    std::string errors;
    std::vector<MutationSite> sites = mutationSites(fe, out.harness, operators, &errors);
    if (!errors.empty()) {
        out.error = errors;
        return out;
    }
    for (const MutationSite &site : sites) {
        if (options.cancel && options.cancel->load())
            break;
        const auto t = Clock::now();
        HarnessMutantResult r;
        r.mutant = buildMutant(*out.original.program, fe, out.harness, content, site);
        r.mutant.id = mutantId(out.harness, content, site);
        if (!r.mutant.valid()) {
            r.outcome = HarnessMutantResult::Outcome::Invalid;
            r.reason = r.mutant.compileError.substr(0, r.mutant.compileError.find('\n'));
        } else {
            CampaignOptions h = options;
            h.program.contents[out.harness] = mutatedText(content, site);
            h.only = codeMutants;
            h.compiler.clear(); // the code's equivalent and invalid mutants are known already
            CampaignRun run = runCampaign(h, size);
            if (run.original == Verdict::Unsafe && run.originalCounterexample) {
                r.outcome = HarnessMutantResult::Outcome::RejectsCode;
                r.counterexample = run.originalCounterexample;
                r.program = run.program;
                r.reason = run.originalReason;
            } else if (!run.error.empty()) {
                r.outcome = HarnessMutantResult::Outcome::Unknown;
                r.reason = run.error;
            } else {
                r.killed = run.count(MutantStatus::Killed);
                r.checked = r.killed + run.count(MutantStatus::Survived) + run.count(MutantStatus::Unknown);
                r.killRate = run.killRate();
                r.outcome = run.count(MutantStatus::Unknown) > 0 && r.killed < originalKilled
                                ? HarnessMutantResult::Outcome::Unknown
                            : r.killed < originalKilled ? HarnessMutantResult::Outcome::Weaker
                            : r.killed == originalKilled ? HarnessMutantResult::Outcome::Equal
                                                         : HarnessMutantResult::Outcome::Stronger;
                r.reason = std::to_string(r.killed) + " of " + std::to_string(r.checked) + " code mutants killed (the harness: " +
                           std::to_string(originalKilled) + ")";
                if (run.original != Verdict::Safe)
                    r.reason += "; the original code is not verified under it at this bound";
            }
        }
        r.seconds = since(t);
        if (onResult)
            onResult(r);
        out.results.push_back(std::move(r));
    }
    out.seconds = since(start);
    return out;
}

} // namespace vcov
