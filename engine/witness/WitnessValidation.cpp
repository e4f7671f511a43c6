#include "witness/WitnessValidation.h"

#include "formats/Matching.h"

#include "semantics/FloatSemantics.h"
#include "semantics/Interpreter.h"
#include "semantics/Layout.h"

#include <map>
#include <set>
#include <regex>

namespace vcov {

namespace {

// "\result == 5" → 5 (format 2.0 allows only a comparison with a constant there). The
// value of a call returning float or double ("0.5", "1", "-inf") is held as its double's bits
// (FloatSemantics.h); without the type, a literal with a point or exponent is taken so.
std::optional<int64_t> resultValue(const std::string &constraint, const Type *type = nullptr) {
    static const std::regex re(R"(^\s*\\result\s*==\s*(.+)$)");
    std::smatch m;
    if (!std::regex_match(constraint, m, re))
        return std::nullopt;
    std::string text = m[1];
    while (!text.empty() && isspace(uint8_t(text.back())))
        text.pop_back();
    uint64_t bits = 0;
    if (type && type->isFloat())
        return parseFloat(text, machineFloat(64), bits) ? std::optional<int64_t>(int64_t(bits)) : std::nullopt;
    if (auto v = integerLiteral(text))
        return v;
    if (parseFloat(text, machineFloat(64), bits))
        return int64_t(bits);
    return std::nullopt;
}

// The type a call's callee returns (the nondet value's), if it has one.
const Type *returnType(const Program &p, const CfaEdge &e) {
    if (e.kind != EdgeKind::Call || e.call.callee < 0 || size_t(e.call.callee) >= p.functions.size())
        return nullptr;
    const Type *ft = p.functions[size_t(e.call.callee)].type;
    return ft ? ft->target : nullptr;
}

// "x == 1 && a[2] == 3" → {x: 1, a[2]: 3}; conjuncts of another shape are passed over.
std::map<std::string, int64_t> equalities(const std::string &constraint) {
    std::map<std::string, int64_t> out;
    static const std::regex re(R"(([A-Za-z_][A-Za-z_0-9]*(\[[0-9]+\])?)\s*==\s*(-?[0-9xXa-fA-FuUlL]+))");
    for (auto it = std::sregex_iterator(constraint.begin(), constraint.end(), re); it != std::sregex_iterator(); ++it)
        if (auto v = integerLiteral((*it)[3]))
            out[(*it)[1]] = *v;
    return out;
}

// A waypoint without a file name is in any file.
bool sameFile(const std::string &a, const std::string &b) { return a.empty() || b.empty() || sameBaseName(a, b); }

// A target without a line (a GraphML violation node) is anywhere.
bool at(const Program &p, const CfaEdge &e, const Waypoint &w) {
    if (w.type == Waypoint::Type::Target && w.line == 0)
        return true;
    return e.range.valid() && e.range.beginLine <= w.line && w.line <= std::max(e.range.endLine, e.range.beginLine) &&
           sameFile(p.files[size_t(e.range.file)].path, w.file);
}

// The assume edge that decides its branching: its target makes no further test on the line
// (`a && b` is two tests; the second decides).
bool decides(const Program &p, const CfaEdge &e) {
    if (e.kind != EdgeKind::Assume)
        return false;
    for (EdgeId o : p.node(e.to).out)
        if (p.edge(o).kind == EdgeKind::Assume && p.edge(o).range.beginLine == e.range.beginLine)
            return false;
    return true;
}

bool sameValue(int64_t a, int64_t b, const Type *t) {
    unsigned bits = t && t->isInt() ? t->bits : 64;
    uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    return (uint64_t(a) & mask) == (uint64_t(b) & mask);
}

// Whether a move passes a follow waypoint, by control alone (values are the replay's).
bool nondetCall(const CfaEdge &e) {
    return e.kind == EdgeKind::Call && (e.call.intrinsic == Intrinsic::Nondet || e.call.intrinsic == Intrinsic::External);
}

// The violation at a target: on its line, or a call of the function that holds it
// (reach_error() with the target inside its body).
bool atTarget(const Program &p, const CfaEdge &e, const Waypoint &w) {
    if (at(p, e, w))
        return true;
    if (e.kind != EdgeKind::Call || e.call.callee == NoFunction)
        return false;
    const SourceRange &r = p.functions[size_t(e.call.callee)].range;
    return r.valid() && r.beginLine <= w.line && w.line <= r.endLine && sameFile(p.files[size_t(r.file)].path, w.file);
}

// A function_return waypoint is passed by the return from a callee with a body, and by the
// call itself of a function without one.
bool passes(const Program &p, PathMove move, const Waypoint &w) {
    const CfaEdge &e = p.edge(move.edge);
    if (!at(p, e, w))
        return false;
    if (move.isReturn)
        return w.type == Waypoint::Type::FunctionReturn || w.type == Waypoint::Type::Assumption;
    switch (w.type) {
    case Waypoint::Type::Branching: return decides(p, e) && e.truth == (w.constraint == "true");
    case Waypoint::Type::FunctionReturn: return nondetCall(e);
    case Waypoint::Type::FunctionEnter: return e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::None;
    case Waypoint::Type::Assumption: return true;
    case Waypoint::Type::Target: return false;
    }
    return false;
}

// The witness as an observer for the model checker: the state counts the follow
// waypoints passed (greedily, which is exact for a subsequence); reach_error() is blocked
// until every waypoint was passed (wherever the target: the check of the found execution
// looks at it). Values are not watched, so the
// product admits every execution that follows the witness and more: "no violation in the
// product" refutes the witness.
class WitnessObserver : public PathObserver {
public:
    WitnessObserver(const Program &p, std::vector<Waypoint> follows) : m_p(p) {
        for (Waypoint &w : follows)
            if (w.type != Waypoint::Type::Target)
                m_follows.push_back(std::move(w));
    }
    int initial() const override { return 0; }
    int step(int state, PathMove move) const override {
        // One move may pass several waypoints (an assumption before the call at its place).
        bool passed = false;
        while (size_t(state) < m_follows.size() && passes(m_p, move, m_follows[size_t(state)])) {
            ++state;
            passed = true;
        }
        if (passed)
            return state;
        if (!move.isReturn) {
            const CfaEdge &e = m_p.edge(move.edge);
            // Not the target's place: a witness may name the call of reach_error() or a
            // line inside it, and blocking the wrong one would refute a real violation.
            if (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::Error && size_t(state) < m_follows.size())
                return Blocked;
        }
        return state;
    }

private:
    const Program &m_p;
    std::vector<Waypoint> m_follows;
};

std::string describe(const Waypoint &w) {
    return std::string(waypointTypeName(w.type)) + " at " + w.file + ":" + std::to_string(w.line) +
           (w.constraint.empty() ? "" : " (" + w.constraint + ")");
}

} // namespace

const char *witnessVerdictName(WitnessVerdict v) {
    switch (v) {
    case WitnessVerdict::Confirmed: return "confirmed";
    case WitnessVerdict::Refuted: return "refuted";
    case WitnessVerdict::Unknown: return "unknown";
    }
    return "";
}

WitnessMatch matchWitness(const Program &p, const Execution &x, const ViolationWitness &witness) {
    WitnessMatch m;
    const std::vector<Waypoint> follows = witness.follows();
    size_t j = 0, step = 0;
    for (const PathMove &move : movesOf(p, x)) {
        const ExecutionStep *s = move.isReturn || step >= x.steps.size() ? nullptr : &x.steps[step++];
        const CfaEdge &e = p.edge(move.edge);
        // One move may pass several waypoints (an assumption before the call at its place).
        while (j < follows.size() && follows[j].type != Waypoint::Type::Target && passes(p, move, follows[j])) {
            // The values of nondet calls are the execution's to match; a callee's result is not recorded.
            if (follows[j].type == Waypoint::Type::FunctionReturn && s) {
                auto want = resultValue(follows[j].constraint, returnType(p, e));
                if (!s->nondet || (want && !sameValue(*s->nondet, *want, e.call.lhs ? e.call.lhs->type : nullptr)))
                    break;
            }
            ++j;
        }
    }
    const ExecutionEnding &end = x.ending;
    const bool violated = end.kind == EndingKind::PropertyViolation && end.edge >= 0;
    const bool hasTarget = !follows.empty() && follows.back().type == Waypoint::Type::Target;
    m.violationAtTarget = violated && (!hasTarget || atTarget(p, p.edge(end.edge), follows.back()));
    if (j + 1 == follows.size() && hasTarget && m.violationAtTarget)
        ++j;
    m.followed = j;
    if (j < follows.size())
        m.firstMiss = describe(follows[j]);
    return m;
}

// The checks a witness's specification names; all of them where it names none vcov knows,
// so that a violation of an unexpected kind can never be missed into "refuted".
static PropertySet propertiesOf(const std::string &spec) {
    PropertySet out;
    if (spec.find("reach_error") != std::string::npos || spec.find("__VERIFIER_error") != std::string::npos)
        out.insert(Property::Assertion);
    if (spec.find("overflow") != std::string::npos)
        out.insert(Property::Overflow);
    if (spec.find("valid-") != std::string::npos)
        out.insert({Property::Pointer, Property::ArrayBounds});
    return out.empty() ? *parsePropertyList("all") : out;
}

WitnessValidation validateWitness(const Program &p, const ViolationWitness &witness, const BmcOptions &given) {
    WitnessValidation v;
    BmcOptions options = given;
    for (Property q : propertiesOf(witness.specification))
        options.properties.insert(q);
    const std::vector<Waypoint> follows = witness.follows();
    v.waypoints = follows.size();

    // 1. The witness's values replayed: each function_return value goes to the nondet call
    // it names (the first unpinned call at its line, in order), each `x == v` assumption
    // to the declaration of x before it. Calls the witness leaves open get 0.
    InterpreterOptions io;
    io.properties = options.properties;
    io.maxSteps = 2'000'000;
    std::map<std::string, std::vector<std::map<std::string, int64_t>>> assumed; // per variable, in order
    for (const Waypoint &w : follows)
        if (w.type == Waypoint::Type::Assumption)
            for (auto &[lv, value] : equalities(w.constraint)) {
                std::string var = lv.substr(0, lv.find('['));
                if (assumed[var].empty() || assumed[var].back().count(lv))
                    assumed[var].push_back({});
                assumed[var].back()[lv] = value;
            }
    // The function_return waypoints of nondet calls, in order: the values to replay.
    // CBMC's GraphML writes `x = nondet();` as the assumption "x = 5" at the call's line,
    // without a return_value (as its traces do): that is the call's value too. (A GraphML
    // assumption holds after its edge; format 2.0's holds before the statement, where x
    // is not yet assigned.)
    // A line whose calls the witness gives results for keeps its assumptions as such (vcov's
    // own GraphML states an uninitialized local's value on the next statement's line).
    std::vector<Waypoint> returns;
    std::vector<int64_t> guessed; // the values in witness order: the first replay's inputs
    std::set<std::pair<std::string, unsigned>> resultLines;
    for (const Waypoint &w : follows)
        if (w.type == Waypoint::Type::FunctionReturn)
            resultLines.insert({w.file, w.line});
    for (size_t i = 0; i < follows.size(); ++i) {
        Waypoint w = follows[i];
        if (w.type == Waypoint::Type::Assumption) {
            auto eq = equalities(w.constraint);
            if (witness.format != "graphml" || eq.size() != 1 || resultLines.count({w.file, w.line}))
                continue;
            bool assigned = false;
            for (const CfaEdge &e : p.edges)
                assigned = assigned || (nondetCall(e) && at(p, e, w) && e.call.lhs && e.call.lhs->kind == ExprKind::Var &&
                                        p.variable(e.call.lhs->var).name == eq.begin()->first);
            if (!assigned)
                continue;
            w.type = Waypoint::Type::FunctionReturn;
            w.constraint = "\\result == " + std::to_string(eq.begin()->second);
        }
        if (w.type == Waypoint::Type::FunctionReturn && resultValue(w.constraint))
            for (const CfaEdge &e : p.edges)
                if (nondetCall(e) && at(p, e, w)) {
                    returns.push_back(w);
                    guessed.push_back(resultValue(w.constraint, returnType(p, e)).value_or(0));
                    break;
                }
    }
    // Replays from `input` (the values the witness leaves open), pinning the witness's values.
    auto replay = [&](ExecutionInput input) {
    Execution x;
    for (int round = 0; round < 10'000 && !(options.cancel && *options.cancel); ++round) {
        x = runProgram(p, input, io);
        bool changed = false;
        size_t j = 0, k = 0, u = 0;
        std::map<std::string, size_t> used;
        for (const ExecutionStep &s : x.steps) {
            const CfaEdge &e = p.edge(s.edge);
            if (s.nondet) {
                if (j < returns.size() && passes(p, {s.edge, false}, returns[j])) {
                    if (auto want = resultValue(returns[j].constraint, returnType(p, e));
                        want && (k >= input.nondet.size() || !sameValue(input.nondet[k], *want, e.call.lhs ? e.call.lhs->type : nullptr))) {
                        input.nondet.resize(std::max(input.nondet.size(), k + 1), 0);
                        input.nondet[k] = *want;
                        input.nondet.resize(k + 1);
                        changed = true;
                        break;
                    }
                    ++j;
                }
                ++k;
            }
            if (e.kind == EdgeKind::Declaration && !e.hasInitializer) {
                const Variable &var = p.variable(e.declared);
                const auto &leaves = leavesOf(var.type);
                auto it = assumed.find(var.name);
                if (it != assumed.end() && used[var.name] < it->second.size()) {
                    const auto &values = it->second[used[var.name]++];
                    for (size_t l = 0; l < leaves.size(); ++l) {
                        std::string lv = var.type->isScalar()
                                             ? var.name
                                             : var.name + "[" + std::to_string(leaves[l].offset / std::max<uint64_t>(1, leaves[l].type->sizeBytes)) + "]";
                        auto found = values.find(lv);
                        if (found == values.end())
                            continue;
                        if (u + l >= input.uninitialized.size() || input.uninitialized[u + l] != found->second) {
                            input.uninitialized.resize(std::max(input.uninitialized.size(), u + leaves.size()), 0);
                            input.uninitialized[u + l] = found->second;
                            changed = true;
                        }
                    }
                    if (changed)
                        break;
                }
                u += leaves.size();
            }
        }
        if (!changed)
            break;
    }
    return x;
    };
    // Each draw its waypoint's value, in order, to start from: where every draw has one (a
    // counterexample of 10,000 inputs), the first run is the witness's; the rounds above
    // correct one value each, where a draw without a waypoint shifts them.
    ExecutionInput first;
    first.nondet = guessed;
    Execution x = replay(first);
    WitnessMatch m = matchWitness(p, x, witness);
    if (x.ending.kind == EndingKind::PropertyViolation && m.violationAtTarget && m.followed == follows.size()) {
        v.verdict = WitnessVerdict::Confirmed;
        v.method = "replay of the witness's values";
        v.reason = "the execution with the witness's values follows all " + std::to_string(follows.size()) +
                   " waypoints and ends in the violation: " + describeEnding(p, x.ending);
        v.followed = m.followed;
        v.execution = std::move(x);
        return v;
    }
    const std::string replayNote = "the witness's values alone " +
                                   (x.ending.kind == EndingKind::PropertyViolation && m.violationAtTarget
                                        ? std::string("reach the violation but miss ") + m.firstMiss
                                        : "do not lead to the target (" + describeEnding(p, x.ending) + ")");

    // 2. The model checker in product with the witness's control flow.
    WitnessObserver observer(p, follows);
    BmcEncoding encoding(p, options);
    BmcQuery q;
    q.observer = &observer;
    BmcResult r = encoding.check(q);
    v.method = "bounded model checking in product with the witness";
    if (r.verdict == Verdict::Safe) {
        v.verdict = WitnessVerdict::Refuted;
        v.reason = "no execution that passes the witness's waypoints violates a property (" +
                   (r.reason.empty() ? "every path complete at bound " + std::to_string(r.bound) : r.reason) +
                   "); " + replayNote;
        return v;
    }
    if (r.verdict == Verdict::Unsafe && r.counterexample && r.replayed) {
        // The values the witness leaves open (CBMC's GraphML names no uninitialized local)
        // taken from the model checker's execution, the witness's own pinned again.
        Execution pinned = replay(r.counterexample->input);
        if (matchWitness(p, pinned, witness).followed > matchWitness(p, *r.counterexample, witness).followed)
            r.counterexample = std::move(pinned);
        WitnessMatch bm = matchWitness(p, *r.counterexample, witness);
        v.followed = bm.followed;
        if (bm.violationAtTarget && bm.followed == follows.size()) {
            v.verdict = WitnessVerdict::Confirmed;
            v.reason = "an execution follows all " + std::to_string(follows.size()) +
                       " waypoints and ends in the violation: " + describeEnding(p, r.counterexample->ending);
            v.execution = std::move(r.counterexample);
            return v;
        }
        v.reason = "a violation lies along the witness's branches, but the execution found misses " +
                   (bm.firstMiss.empty() ? std::string("the target") : bm.firstMiss) + "; " + replayNote;
        v.execution = std::move(r.counterexample);
        return v;
    }
    v.reason = (r.reason.empty() ? std::string("the model checker did not decide") : r.reason) + "; " + replayNote;
    v.followed = m.followed;
    return v;
}

} // namespace vcov
