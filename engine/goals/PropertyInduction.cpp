// vcov-cli bmc --k-induction: the assertions proved for every length by the base case and
// the inductive step, strengthened as the goal search strengthens it (GoalProofs.cpp):
// auxiliary invariants at the loop's head, and where the loops before it never fit a bound,
// those loops taken as their effect (what they write havocked, their invariants assumed)
// with a base of the same abstraction for the loop's first k iterations.
#include "goals/Induction.h"
#include "goals/InputEnumeration.h"
#include "goals/Invariants.h"
#include "goals/RecursionTables.h"
#include "semantics/SampleInputs.h"

#include <chrono>
#include <limits>
#include <map>

namespace vcov {

namespace {

constexpr size_t SampleSteps = 20'000; // per run, as the goal search's short runs

class PropertyInduction {
public:
    PropertyInduction(const Program &p, const std::vector<InductionLoop> &loops, const std::atomic<bool> *cancel,
                      std::function<double()> remaining)
        : P(p), m_loops(loops), m_cancel(cancel), m_remaining(std::move(remaining)) {}

    // The checks `edges` never fail first in loop l: the proof's words, or nullopt and why not.
    std::optional<std::string> prove(size_t l, const std::vector<EdgeId> &edges, unsigned k, std::string &why) {
        const InductionLoop &loop = m_loops[l];
        const std::string proof = "k-induction at k=" + std::to_string(k) + " over " + loop.id;
        auto step = [&](const std::vector<HeadInvariant> &inv, const OtherLoops *others, bool base) {
            InductiveStep s(P, loop, k, m_remaining(), m_cancel, {Property::Assertion}, inv, others, base);
            const InductionStep r = s.error().empty() ? s.check(edges, m_remaining())
                                                      : InductionStep{InductionStep::Unknown, s.error(), 0, {}};
            if (r.status != InductionStep::Proved)
                why = r.reason;
            return r.status == InductionStep::Proved;
        };
        if (step({}, nullptr, false))
            return proof;
        const std::string plain = why;
        if (stopped())
            return std::nullopt;
        // With what holds at the head, the loops before it run exactly.
        const LoopInvariants &exact = invariantsFor(l, k, nullptr);
        if (!exact.proved.empty() && step(exact.proved, nullptr, false))
            return proof + " with the auxiliary invariants " + exact.describe() + " (proved by Houdini)";
        if (m_loops.size() < 2 || stopped()) {
            why = plain;
            return std::nullopt;
        }
        // The other loops taken as their effect: the abstraction's own base, then its step.
        const OtherLoops others = abstractOtherLoops(m_loops, l, otherInvariants(l, k));
        const LoopInvariants &mine = invariantsFor(l, k, &others);
        if (!step(mine.proved, &others, true) || !step(mine.proved, &others, false))
            return std::nullopt;
        return proof + " (" + others.names() + " taken as their effect: what they write havocked, their invariants assumed" +
               others.assumed + ")" +
               (mine.proved.empty() ? "" : " with the auxiliary invariants " + mine.describe() + " (proved by Houdini)");
    }

private:
    bool stopped() const { return (m_cancel && m_cancel->load()) || m_remaining() <= 0.01; }

    // Per loop, k and abstraction: inferred once.
    const LoopInvariants &invariantsFor(size_t l, unsigned k, const OtherLoops *others) {
        auto key = std::make_tuple(l, k, others != nullptr);
        if (auto it = m_invariants.find(key); it != m_invariants.end())
            return it->second;
        if (m_samples.empty()) {
            std::vector<ExecutionInput> inputs{ExecutionInput{}};
            for (ExecutionInput &in : sampleInputs(40, 4, 0x1a7e5))
                inputs.push_back(std::move(in));
            m_samples = sampleHeads(P, m_loops, inputs, SampleSteps, m_cancel);
        }
        const double budget = std::min(10.0, m_remaining() / 6);
        return m_invariants[key] = inferInvariants(P, m_loops[l], m_samples[l], k, budget, m_cancel, others);
    }

    // What holds at the other top-level loops' heads and at those of the loops inside
    // `except`. Where the loops before one never fit the bound, with its own others taken as
    // their effect: only loops before `except` (or around it), so that no set rests on itself.
    std::map<size_t, std::vector<HeadInvariant>> otherInvariants(size_t except, unsigned k) {
        std::map<size_t, std::vector<HeadInvariant>> out;
        for (size_t i = 0; i < m_loops.size(); ++i) {
            if (i == except || stopped())
                continue;
            if (m_loops[i].parent >= 0) {
                // A loop inside the stepped one, which the abstraction havocs too: what holds at
                // its head with every other loop taken as its bare effect (nothing assumed at
                // their heads, so this set rests on no other).
                if (encloses(m_loops, except, i)) {
                    const OtherLoops others = abstractOtherLoops(m_loops, i, {});
                    out[i] = invariantsFor(i, k, &others).proved;
                }
                continue;
            }
            const LoopInvariants *inv = &invariantsFor(i, k, nullptr);
            if (inv->proved.empty() && inv->prefixIncomplete && (i < except || encloses(m_loops, i, except))) {
                const OtherLoops others = abstractOtherLoops(m_loops, i, otherInvariants(i, k));
                inv = &invariantsFor(i, k, &others);
            }
            out[i] = inv->proved;
        }
        return out;
    }

    const Program &P;
    const std::vector<InductionLoop> &m_loops;
    const std::atomic<bool> *m_cancel;
    std::function<double()> m_remaining;
    std::vector<HeadSample> m_samples;
    std::map<std::tuple<size_t, unsigned, bool>, LoopInvariants> m_invariants;
};

// Every input enumerated (InputEnumeration.h), once the base case at k found no violation:
// on the paths that end before any loop or call the bounded check is complete, and the runs
// are every other execution. A run that violates a selected property is run again in full
// (no call answered from the memo) for its counterexample. Where the inputs were enumerable
// but the runs did not all stand (a budget, a run that ends otherwise), `why` says so.
std::optional<BmcResult> checkByEnumeration(const Program &program, const BmcOptions &options, unsigned k,
                                            double seconds, std::string &why) {
    using namespace goals;
    const InputDomain domain = enumerableInputs(program, MaxEnumeratedInputs);
    if (!domain.refused.empty())
        return std::nullopt;
    const auto start = std::chrono::steady_clock::now();
    InterpreterOptions io;
    io.properties = options.properties;
    io.maxSteps = EnumeratedRunSteps;
    io.cancel = options.cancel;
    const bool few = domain.points <= FewEnumeratedInputs;
    if (few) {
        io.maxSteps = std::numeric_limits<size_t>::max();
        io.maxObjects = LongRunObjects;
        io.maxSeconds = std::max(0.01, seconds / double(std::max<uint64_t>(1, domain.points)));
    }
    std::optional<ExecutionInput> violating;
    std::optional<Execution> violatingRun; // unrecorded
    const EnumeratedRuns runs = runEveryInput(
        program, domain, io,
        [&](const ExecutionInput &input, const Execution &x) {
            if (x.ending.kind == EndingKind::PropertyViolation && x.ending.property &&
                options.properties.count(*x.ending.property)) {
                violating = input;
                violatingRun = x;
            }
            return !violating;
        },
        [&] {
            return (options.cancel && options.cancel->load()) ||
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds;
        });
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    // A run that read a local never written proves nothing, but the same run with those
    // values zero is an execution: where it violates a check, that is a counterexample.
    if (few && !runs.complete && !violating)
        for (const InputBox &box : domain.boxes) {
            std::vector<int64_t> vector = firstVector(box);
            do {
                if (violating || elapsed() > seconds || (options.cancel && options.cancel->load()))
                    break;
                ExecutionInput input;
                input.nondet = vector;
                InterpreterOptions plain = io;
                plain.recordSteps = false;
                plain.maxSeconds = std::max(0.01, std::min(io.maxSeconds, seconds - elapsed()));
                Execution x = runProgram(program, input, plain);
                if (x.ending.kind == EndingKind::PropertyViolation && x.ending.property &&
                    options.properties.count(*x.ending.property)) {
                    violating = input;
                    violatingRun = std::move(x);
                }
            } while (nextVector(box, vector));
        }
    BmcResult r;
    r.bound = k;
    if (violating) {
        InterpreterOptions replay;
        replay.properties = options.properties;
        replay.cancel = options.cancel;
        if (few)
            replay.maxSteps = RecordedReplaySteps;
        Execution x = runProgram(program, *violating, replay);
        if (few && x.ending.kind == EndingKind::StepLimit) {
            // Too long to record: the run itself where no call was answered from the memo
            // (no counting recursion), else replayed in full; without its steps (the trace
            // says so).
            if (violatingRun && runs.memoized.empty()) {
                x = std::move(*violatingRun);
            } else {
                replay.recordSteps = false;
                replay.maxSteps = io.maxSteps;
                replay.maxObjects = io.maxObjects;
                replay.maxSeconds = std::max(1.0, seconds);
                x = runProgram(program, *violating, replay);
            }
        }
        if (x.ending.kind != EndingKind::PropertyViolation) {
            // Too long to replay, or a summarized call (CallSummaries.h) that never returns.
            why = "running every input: a run that violates a check does not replay in full";
            return std::nullopt;
        }
        r.verdict = Verdict::Unsafe;
        r.property = x.ending.property;
        r.violationEdge = x.ending.edge;
        r.violationMessage = x.ending.message;
        r.reason = "found by running every input";
        r.counterexample = std::move(x);
        r.replayed = true;
        return r;
    }
    if (!runs.complete) {
        why = runs.why;
        return std::nullopt;
    }
    r.verdict = Verdict::Safe;
    r.reason = "every input enumerated: " + describeRuns(program, domain, runs) +
               " without a violation; the paths that end before any loop or call, by bounded model checking at k=" +
               std::to_string(k);
    return r;
}

} // namespace

std::optional<BmcResult> checkByRunningEveryExecution(const Program &program, const BmcOptions &options,
                                                      std::string &why) {
    const goals::InputDomain domain = goals::enumerableInputs(program, goals::FewEnumeratedInputs);
    if (!domain.refused.empty()) {
        why = "not few executions: " + domain.refused;
        return std::nullopt;
    }
    const auto start = std::chrono::steady_clock::now();
    BmcOptions base = options;
    base.unwind = 1;
    base.loopBounds.clear();
    base.unwindingAssertions = true;
    BmcResult r = checkProgram(program, base);
    if (r.verdict == Verdict::Safe && r.reason.empty())
        r.reason = "bounded model checking with unwinding assertions at k=1: every execution ends within the "
                   "bound, none violates a property";
    if (r.verdict == Verdict::Safe || (r.verdict == Verdict::Unsafe && r.replayed))
        return r;
    if (r.reason.rfind("bound too small", 0) != 0) {
        why = r.reason;
        return std::nullopt;
    }
    // A budget of 0 is none: 60 s, as the step's own.
    const double left = (options.timeoutSeconds > 0 ? options.timeoutSeconds : 60) -
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::optional<BmcResult> e = checkByEnumeration(program, base, 1, std::max(0.1, left), why);
    if (e)
        e->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return e;
}

BmcResult checkByKInduction(const Program &program, const BmcOptions &options, unsigned kStart, unsigned kMax) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    auto remaining = [&] {
        return options.timeoutSeconds > 0 ? std::max(0.001, options.timeoutSeconds - elapsed()) : 0.0;
    };
    // The property's places: every assertion and error call of a function with a body.
    // Functions an execution can enter (reach_error() with a body is an intrinsic: not entered).
    std::set<FunctionId> entered{program.entryFunction};
    for (std::vector<FunctionId> work{program.entryFunction}; !work.empty();) {
        const FunctionId f = work.back();
        work.pop_back();
        for (EdgeId id : program.functions[size_t(f)].edges)
            if (const CfaEdge &e = program.edge(id); callsBody(program, e) && entered.insert(e.call.callee).second)
                work.push_back(e.call.callee);
    }
    std::vector<EdgeId> checks;
    for (const CfaEdge &e : program.edges)
        if (e.kind == EdgeKind::Call && (e.call.intrinsic == Intrinsic::Assert || e.call.intrinsic == Intrinsic::Error) &&
            entered.count(e.function))
            checks.push_back(e.id);
    const std::vector<InductionLoop> loops = inductionLoops(program);
    std::map<int, std::vector<EdgeId>> byLoop;
    for (EdgeId e : checks)
        byLoop[inductionLoopFor(program, loops, e)].push_back(e);
    // A budget of 0 is none: the strengthening then gets 60 s per k (as the step's own).
    auto left = [&] { return options.timeoutSeconds > 0 ? remaining() : 60.0; };
    PropertyInduction induction(program, loops, options.cancel, left);
    // Recursion that no bound completes: calls beyond the bound summarized, with the tables
    // of pure functions (fibonacci(20) unwinds into 21,891 calls). A counterexample through
    // a summary counts once the interpreter replays it; safe only where no check lies in
    // what a recursive function may enter (a summary is blind inside).
    std::map<FunctionId, std::vector<VarId>> summaries;
    std::optional<std::map<FunctionId, BmcOptions::Table>> tables;
    bool checksOutside = true;
    const std::set<FunctionId> recursive = recursiveFunctions(program);
    for (FunctionId f : recursive) {
        CallWrites w = callWritesOf(program, f);
        if (!w.refused.empty()) {
            summaries.clear();
            break;
        }
        summaries[f] = std::move(w.globals);
        for (EdgeId e : checks)
            checksOutside = checksOutside && !mayEnter(program, f, program.edge(e).function);
    }
    // Where the step fails at the first bound (or no loop is around the assertions), once:
    // a run per input vector where every input is drawn before the first loop in few vectors.
    BmcResult last;
    bool enumerated = false;
    auto enumerateOnce = [&](const BmcOptions &base, unsigned k) -> std::optional<BmcResult> {
        if (enumerated || (options.cancel && options.cancel->load()))
            return std::nullopt;
        enumerated = true;
        std::string why;
        std::optional<BmcResult> r = checkByEnumeration(program, base, k, left() / 3, why);
        if (!why.empty())
            last.reason += "; " + why;
        return r;
    };
    for (unsigned k = std::max(1u, kStart); k <= kMax; k *= 2) {
        BmcOptions base = options;
        base.unwind = k;
        base.loopBounds.clear();
        base.unwindingAssertions = true;
        base.timeoutSeconds = remaining();
        last = checkProgram(program, base);
        last.seconds = elapsed();
        if (last.verdict != Verdict::Unknown)
            return last; // a replayed counterexample, or safe with every path complete
        if (last.reason.rfind("bound too small", 0) != 0 || (options.cancel && options.cancel->load()))
            return last; // a timeout, a cancel, an unsupported construct: no larger k helps
        if (!summaries.empty() && last.reason.find("recursion of") != std::string::npos) {
            if (!tables)
                tables = tabulateRecursion(program, recursive, std::min(1.0, left() / 10), options.cancel);
            BmcOptions summarized = base;
            summarized.summarizedRecursion = summaries;
            summarized.recursionTables = *tables;
            summarized.timeoutSeconds = options.timeoutSeconds > 0 ? remaining() / 2 : 0; // larger bounds get the rest
            BmcResult r = checkProgram(program, summarized);
            std::string how;
            for (const auto &[f, t] : *tables)
                how += (how.empty() ? "" : ", ") + describeTable(program, f, t);
            how = "every recursive call beyond depth " + std::to_string(k) + " summarized" +
                  (how.empty() ? "" : " (the results of " + how + " as the interpreter computed them)");
            if ((r.verdict == Verdict::Unsafe && r.replayed) || (r.verdict == Verdict::Safe && checksOutside)) {
                r.reason = r.verdict == Verdict::Safe ? "bounded model checking with " + how + ": every path is complete"
                                                      : r.reason;
                r.seconds = elapsed();
                return r;
            }
        }
        if (byLoop.count(-1)) {
            if (std::optional<BmcResult> e = enumerateOnce(base, k)) {
                e->seconds = elapsed();
                return *e;
            }
            last.reason += "; an assertion before every loop needs the complete bounded check";
            continue;
        }
        std::string proofs, why;
        bool proved = true;
        for (const auto &[l, edges] : byLoop) {
            const std::optional<std::string> p = induction.prove(size_t(l), edges, k, why);
            if (!p) {
                proved = false;
                break;
            }
            proofs += (proofs.empty() ? "" : "; ") + *p;
        }
        if (proved) {
            last.verdict = Verdict::Safe;
            last.reason = proofs.empty() ? "k-induction at k=" + std::to_string(k) + " over no loop" : proofs;
            last.counterexample.reset();
            last.seconds = elapsed();
            return last;
        }
        last.reason += "; " + why;
        if (std::optional<BmcResult> e = enumerateOnce(base, k)) {
            e->seconds = elapsed();
            return *e;
        }
    }
    last.seconds = elapsed();
    return last;
}

} // namespace vcov
