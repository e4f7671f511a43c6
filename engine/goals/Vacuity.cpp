#include "goals/Vacuity.h"

#include "frontend/CLibrary.h"
#include "goals/Induction.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>

namespace vcov {

const char *assertionStatusName(AssertionStatus s) {
    switch (s) {
    case AssertionStatus::Violated: return "violated";
    case AssertionStatus::HoldsReached: return "holds, reached";
    case AssertionStatus::Vacuous: return "vacuous";
    case AssertionStatus::Unknown: return "unknown";
    }
    return "?";
}

size_t VacuityReport::count(AssertionStatus s) const {
    return size_t(std::count_if(sites.begin(), sites.end(), [s](const AssertionSite &a) { return a.status == s; }));
}

namespace {

bool isAssertionCall(const CfaEdge &e) {
    return e.kind == EdgeKind::Call && (e.call.intrinsic == Intrinsic::Assert || e.call.intrinsic == Intrinsic::Error);
}

// The program's own assertion function (SV-COMP's __VERIFIER_assert, a harness's my_assert):
// a function named so whose body fails. Its calls are the assertions, not the failure inside.
bool isAssertWrapper(const Program &p, const FunctionCfa &f) {
    if (!f.hasBody)
        return false;
    std::string name = f.name;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (name.find("assert") == std::string::npos)
        return false;
    for (EdgeId id : f.edges)
        if (isAssertionCall(p.edge(id)))
            return true;
    return false;
}

// The program's own code: its files and the headers it brings (a CBMC proof's harness often
// lives in one: aws-c-common's proof_helpers), not the system's headers nor vcov's C library
// models, whose preconditions are the library's, not the harness's.
bool inProgramsOwnFile(const Program &p, const CfaEdge &e) {
    if (!e.range.valid() || e.range.file < 0)
        return false;
    const SourceFile &f = p.files[size_t(e.range.file)];
    return f.isInput || (f.path != CLibraryPath && f.path.rfind("/usr/", 0) != 0);
}

std::string withoutBrackets(std::string t) {
    if (t.size() >= 2 && t.front() == '[' && t.back() == ']')
        t = t.substr(1, t.size() - 2);
    return t;
}

// A condition of several parts (`c1 && c2 && c3` in <assert.h>'s expansion, `if (A || B)
// reach_error()`) enters the failure from each part: the check is the one node they all
// start from, back through the condition's assume edges (its line). The edges into the
// failure are no such check: they are its failing halves, which a passing run never takes.
NodeId conditionRoot(const Program &p, NodeId failure) {
    const CfaNode &f = p.node(failure);
    if (f.in.size() < 2)
        return failure;
    const unsigned line = p.edge(f.in[0]).range.beginLine;
    auto insideCondition = [&](const CfaNode &n) {
        return !n.in.empty() && std::all_of(n.in.begin(), n.in.end(), [&](EdgeId id) {
            const CfaEdge &e = p.edge(id);
            return (e.kind == EdgeKind::Assume || e.kind == EdgeKind::Blank) && e.range.beginLine == line;
        });
    };
    if (!insideCondition(f))
        return failure;
    std::set<NodeId> seen{failure}, roots;
    for (std::vector<NodeId> work{failure}; !work.empty();) {
        const CfaNode &n = p.node(work.back());
        work.pop_back();
        if (!insideCondition(n)) {
            roots.insert(n.id);
            continue;
        }
        for (EdgeId id : n.in)
            if (const NodeId m = p.edge(id).from; seen.insert(m).second)
                work.push_back(m);
        if (seen.size() > 1024)
            return failure;
    }
    return roots.size() == 1 ? *roots.begin() : failure;
}

} // namespace

std::vector<AssertionSite> assertionSites(const Program &p) {
    std::vector<AssertionSite> out;
    std::set<FunctionId> wrappers;
    for (const FunctionCfa &f : p.functions)
        if (isAssertWrapper(p, f))
            wrappers.insert(f.id);
    for (const FunctionCfa &f : p.functions) {
        if (!f.hasBody || wrappers.count(f.id))
            continue;
        for (EdgeId id : f.edges) {
            const CfaEdge &e = p.edge(id);
            if (e.kind != EdgeKind::Call || !inProgramsOwnFile(p, e))
                continue;
            const bool wrapperCall = e.call.callee != NoFunction && wrappers.count(e.call.callee) > 0;
            if (!wrapperCall && !isAssertionCall(e))
                continue;
            AssertionSite s;
            s.edge = id;
            s.check = e.from;
            s.file = e.range.file;
            s.line = e.range.beginLine;
            s.column = e.range.beginColumn;
            s.function = f.name;
            s.text = e.text;
            // A condition's part: an assume, or a part the front end folded to a constant (a
            // blank edge on the assertion's line: `&& -1 <= 1`), which a run passes as well.
            auto singleAssumeIn = [&](NodeId n) -> const CfaEdge * {
                const CfaNode &node = p.node(n);
                if (node.in.size() != 1)
                    return nullptr;
                const CfaEdge &in = p.edge(node.in[0]);
                const bool folded = in.kind == EdgeKind::Blank && in.range.beginLine == e.range.beginLine;
                return in.kind == EdgeKind::Assume || folded ? &in : nullptr;
            };
            if (e.call.intrinsic == Intrinsic::Assert) {
                // assert(c) as the front end lowers it: a branch on c, the failure call after
                // its false half, on the same line.
                if (const CfaEdge *in = singleAssumeIn(e.from); in && in->range.beginLine == e.range.beginLine)
                    s.check = in->from;
            } else if (e.call.intrinsic == Intrinsic::Error) {
                // `if (A && B) reach_error();`: the check is where the condition starts, back
                // through the assumes of the condition (its line).
                std::vector<std::string> conditions;
                unsigned line = 0;
                while (const CfaEdge *in = singleAssumeIn(s.check)) {
                    if (line && in->range.beginLine != line)
                        break;
                    line = in->range.beginLine;
                    if (in->kind == EdgeKind::Assume)
                        conditions.insert(conditions.begin(), withoutBrackets(in->text));
                    s.check = in->from;
                }
                // assert(c) lowered to `if (!(assert(c))) assert(c)`: the call says it all.
                if (conditions.size() == 1 && conditions[0].find(e.text) != std::string::npos)
                    conditions.clear();
                if (!conditions.empty()) {
                    std::string when;
                    for (const std::string &c : conditions)
                        when += (when.empty() ? "" : " && ") + c;
                    s.text = "if (" + when + ") " + e.text;
                }
            }
            if (s.check == e.from && e.call.intrinsic != Intrinsic::None)
                s.check = conditionRoot(p, s.check);
            out.push_back(std::move(s));
        }
    }
    std::sort(out.begin(), out.end(), [](const AssertionSite &a, const AssertionSite &b) {
        return std::tie(a.file, a.line, a.column, a.edge) < std::tie(b.file, b.line, b.column, b.edge);
    });
    return out;
}

// The edges whose taking reaches a site's check: the two halves of the branch where the
// check decides a condition; otherwise the edges into the check. A call edge is no goal the
// search can enter as the assertion: the goal search runs its paths in isolation, where
// reach_error() ends a path and assert(c) is assumed, so "none enters it" would say nothing
// of whether the check is reached.
std::vector<EdgeId> reachEdges(const Program &p, const AssertionSite &s) {
    const CfaNode &n = p.node(s.check);
    const bool branch = !n.out.empty() && std::all_of(n.out.begin(), n.out.end(), [&](EdgeId e) {
        return p.edge(e).kind == EdgeKind::Assume;
    });
    if (branch || n.in.empty())
        return n.out;
    return n.in;
}

VacuityReport decideVacuity(const Program &p, const GoalOptions &options, const PropertySet &properties,
                            const GoalReport *decided) {
    const auto started = std::chrono::steady_clock::now();
    VacuityReport R;
    R.sites = assertionSites(p);
    if (p.entryFunction != NoFunction) {
        // What the entry cannot call is not this harness's to check (as CBMC's
        // --drop-unused-functions and the campaigns' "not reached" see it).
        const size_t before = R.sites.size();
        std::erase_if(R.sites, [&](const AssertionSite &s) {
            return !mayEnter(p, p.entryFunction, p.edge(s.edge).function);
        });
        R.outsideEntry = before - R.sites.size();
    }
    if (R.sites.empty())
        return R;
    // Goals a finished branch-goals run decided already (a check's two halves often are).
    std::map<EdgeId, std::pair<const BranchGoal *, const GoalReport *>> goalOf;
    if (decided)
        for (const BranchGoal &g : decided->goals)
            if (g.status != GoalStatus::Unknown)
                goalOf[g.edge] = {&g, decided};
    // The rest: every edge that leaves a check (both halves of its branch, or its call).
    GoalOptions o = options;
    o.onlyEdges.clear();
    for (const AssertionSite &s : R.sites)
        for (EdgeId e : reachEdges(p, s))
            if (!goalOf.count(e) && std::find(o.onlyEdges.begin(), o.onlyEdges.end(), e) == o.onlyEdges.end())
                o.onlyEdges.push_back(e);
    GoalReport searched;
    if (!o.onlyEdges.empty()) {
        searched = decideBranchGoals(p, o);
        if (!searched.error.empty() && searched.goals.empty() && goalOf.empty()) {
            R.error = searched.error;
            return R;
        }
        for (const BranchGoal &g : searched.goals)
            if (!goalOf.count(g.edge))
                goalOf[g.edge] = {&g, &searched};
    }
    PropertySet checks = properties;
    checks.insert(Property::Assertion);
    for (AssertionSite &s : R.sites) {
        const std::vector<EdgeId> out = reachEdges(p, s);
        const BranchGoal *covered = nullptr;
        const GoalReport *coveredIn = nullptr;
        bool allUnreachable = !out.empty();
        std::string proof, reason;
        for (EdgeId e : out) {
            auto it = goalOf.find(e);
            const BranchGoal *g = it == goalOf.end() ? nullptr : it->second.first;
            if (!g) {
                allUnreachable = false;
                continue;
            }
            if (g->status == GoalStatus::Covered && !covered) {
                covered = g;
                coveredIn = it->second.second;
            }
            if (g->status != GoalStatus::Unreachable)
                allUnreachable = false;
            else if (proof.empty())
                proof = g->proof;
            if (g->status == GoalStatus::Unknown && reason.empty())
                reason = g->reason;
        }
        if (covered && covered->test >= 0) {
            // The test that reaches the check, replayed with the checks of the verdict: it
            // passes the assertion, or fails it.
            const GoalTest &t = coveredIn->tests[size_t(covered->test)];
            InterpreterOptions io;
            io.properties = checks;
            io.maxSteps = options.maxSteps;
            std::vector<char> taken(p.edges.size(), 0);
            io.edgesTaken = &taken;
            const Execution x = runProgram(p, t.input, io);
            bool reached = false;
            for (EdgeId e : out)
                reached = reached || taken[size_t(e)];
            const bool here = x.ending.kind == EndingKind::PropertyViolation && x.ending.edge >= 0 &&
                              (x.ending.edge == s.edge ||
                               (p.edge(s.edge).call.callee != NoFunction && p.edge(s.edge).call.intrinsic == Intrinsic::None &&
                                p.edge(x.ending.edge).function == p.edge(s.edge).call.callee && taken[size_t(s.edge)]));
            std::string inputs;
            for (const std::string &v : inputTexts(x))
                inputs += (inputs.empty() ? "" : ", ") + v;
            if (inputs.empty())
                inputs = "none";
            if (here) {
                s.status = AssertionStatus::Violated;
                s.evidence = "failed by the execution of " + t.id + " (inputs " + inputs + "), replayed: " +
                             describeEnding(p, x.ending);
                s.execution = t.input;
            } else if (reached && x.ending.kind != EndingKind::StepLimit) {
                s.status = AssertionStatus::HoldsReached;
                s.evidence = "reached and passed by the execution of " + t.id + " (inputs " + inputs + "), replayed";
                s.execution = t.input;
            } else {
                s.evidence = "its test " + t.id + " ends before the check when replayed with the checks (" +
                             describeEnding(p, x.ending) + ")";
            }
        } else if (allUnreachable) {
            s.status = AssertionStatus::Vacuous;
            s.evidence = "never reached: " + proof;
        } else {
            s.evidence = reason.empty() ? "undecided within the budget" : reason;
        }
    }
    R.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return R;
}

std::string vacuitySummary(const VacuityReport &r) {
    const size_t vacuous = r.count(AssertionStatus::Vacuous);
    if (r.sites.empty())
        return "";
    std::string out = std::to_string(vacuous) + " of " + std::to_string(r.sites.size()) + " assertion" +
                      (r.sites.size() == 1 ? "" : "s") + " vacuous: never reached";
    if (const size_t unknown = r.count(AssertionStatus::Unknown))
        out += ", " + std::to_string(unknown) + " not known to be reached";
    return out;
}

VacuityReport decideHarnessVacuity(const Program &program, unsigned bound, double seconds,
                                   const PropertySet &properties, const std::atomic<bool> *cancel) {
    GoalOptions go;
    go.timeSeconds = seconds;
    go.kMax = std::max(go.kMax, bound);
    go.cancel = cancel;
    return decideVacuity(program, go, properties);
}

std::string vacuousSites(const Program &program, const VacuityReport &report) {
    std::string out;
    for (const AssertionSite &a : report.sites)
        if (a.status == AssertionStatus::Vacuous)
            out += (out.empty() ? "" : ", ") + std::filesystem::path(program.files[size_t(a.file)].path).filename().string() +
                   ":" + std::to_string(a.line);
    return out;
}

} // namespace vcov
