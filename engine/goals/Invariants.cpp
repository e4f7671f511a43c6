#include "goals/Invariants.h"

#include "goals/ArrayFacts.h"
#include "goals/PolynomialEqualities.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <set>

namespace vcov {

std::string LoopInvariants::describe() const {
    std::string out;
    for (const HeadInvariant &i : proved)
        out += (out.empty() ? "" : ", ") + i.text;
    return out;
}

namespace {

constexpr size_t MaxVars = 10;
constexpr size_t MaxStates = 5000;
constexpr size_t RunStates = 125; // per run, at each end
constexpr size_t MaxCandidates = 120;
constexpr size_t MaxEqualities = 12;

void varsOf(const CfaEdge &e, std::vector<VarId> &out) {
    forEachEdgeExpr(e, [&](const ExprPtr &x) { collectVars(x, out); });
    if (e.declared != NoVar)
        out.push_back(e.declared);
}

std::optional<int64_t> parseValue(const std::string &text, const Type *t) {
    if (text.empty())
        return std::nullopt;
    try {
        size_t used = 0;
        const int64_t v = t->isSigned ? std::stoll(text, &used) : int64_t(std::stoull(text, &used));
        if (used != text.size())
            return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

// Whether the path has taken `edge` with this move: a call of a function with a body is
// taken when it returns (its callee runs before the path reaches the edge's target).
bool completes(const Program &p, EdgeId edge, PathMove m) {
    return m.edge == edge && m.isReturn == callsBody(p, p.edge(edge));
}

bool completesOneOf(const Program &p, const std::set<EdgeId> &edges, PathMove m) {
    return edges.count(m.edge) && completes(p, m.edge, m);
}

// The first arrival at the head: nothing after it is explored (the base of the invariants).
class UntilArrival : public PathObserver {
public:
    UntilArrival(const Program &p, const InductionLoop &l) : P(p), m_entries(l.entryEdges) {}
    int initial() const override { return 0; }
    int step(int state, PathMove m) const override {
        if (state == 1)
            return Blocked;
        return completesOneOf(P, m_entries, m) ? 1 : 0;
    }

private:
    const Program &P;
    std::set<EdgeId> m_entries;
};

// One iteration from the head back to it; the loop's exits are not explored (the step).
class OneIteration : public PathObserver {
public:
    OneIteration(const Program &p, const InductionLoop &l, std::set<EdgeId> exits)
        : P(p), m_entries(l.entryEdges), m_back(l.backEdges), m_exits(std::move(exits)) {}
    int initial() const override { return 0; }
    int step(int state, PathMove m) const override {
        if (state == 2)
            return Blocked;
        if (state == 0)
            return completesOneOf(P, m_entries, m) ? 1 : 0;
        if (completesOneOf(P, m_back, m))
            return 2;
        if (m.isReturn)
            return 1;
        return m_exits.count(m.edge) ? Blocked : 1;
    }

private:
    const Program &P;
    std::set<EdgeId> m_entries, m_back, m_exits;
};

struct Candidate {
    ExprPtr cond;
    std::string text;
    bool polynomial = false; // multiplies variables: a SAT search may not settle it in time
    std::shared_ptr<const ArrayFact> fact = {}; // instead of cond
};

class CandidateMaker {
public:
    CandidateMaker(const Program &p, TypeTable &types) : P(p), m_int(types.intT()), m_ll(types.intType(64, true, "long long")) {}

    ExprPtr wide(VarId v) const {
        const Type *t = P.variable(v).type;
        return makeCast(CastKind::Integral, m_ll, makeVar(t, v));
    }
    ExprPtr constant(int64_t c) const { return makeIntConst(m_ll, c); }
    ExprPtr add(ExprPtr a, ExprPtr b) const { return makeBinary(BinaryOp::Add, m_ll, std::move(a), std::move(b)); }
    ExprPtr sub(ExprPtr a, ExprPtr b) const { return makeBinary(BinaryOp::Sub, m_ll, std::move(a), std::move(b)); }
    ExprPtr mul(ExprPtr a, ExprPtr b) const { return makeBinary(BinaryOp::Mul, m_ll, std::move(a), std::move(b)); }
    ExprPtr parity(VarId v) const { return makeBinary(BinaryOp::BitAnd, m_ll, wide(v), constant(1)); }
    ExprPtr compare(BinaryOp op, ExprPtr a, ExprPtr b) const { return makeBinary(op, m_int, std::move(a), std::move(b)); }

private:
    const Program &P;
    const Type *m_int, *m_ll;
};

// Integer constants of the entry function's code: the bounds worth trying.
std::vector<int64_t> programConstants(const Program &p) {
    std::set<int64_t> out{0, 1};
    std::function<void(const ExprPtr &)> walk = [&](const ExprPtr &e) {
        if (!e)
            return;
        if (e->kind == ExprKind::IntConst && e->value > -(int64_t(1) << 31) && e->value < (int64_t(1) << 31))
            out.insert(e->value);
        for (const ExprPtr &o : e->ops)
            walk(o);
    };
    for (EdgeId id : p.functions[size_t(p.entryFunction)].edges) {
        const CfaEdge &e = p.edge(id);
        walk(e.cond);
        walk(e.rhs);
        for (const ExprPtr &a : e.call.args)
            walk(a);
        for (const Initializer &i : e.inits)
            walk(i.value);
        if (out.size() > 32)
            break;
    }
    return {out.begin(), out.end()};
}

// The sample's polynomial and affine equalities (DIG) that the templates do not write
// already, as "6*x == 2*y*y*y + 3*y*y + y": positive terms on the left. Then the affine
// ones with the parities of the variables as columns of their own: i == 2*n - (i & 1) where
// n counts the even i (half.i); the same relation as a product, (i - 2n)(i - 2n + 1) == 0,
// is one a SAT search over multiplier circuits does not settle, the parity one it does.
std::vector<Candidate> equalityCandidates(const Program &p, const HeadSample &s, const CandidateMaker &make) {
    std::vector<Candidate> out;
    const size_t n = s.vars.size();
    // Columns n.. are parities of the variables in `odd` (those whose parity varies).
    std::vector<size_t> odd;
    for (size_t v = 0; v < n; ++v) {
        std::set<int64_t> seen;
        for (const auto &st : s.states)
            if (st[v])
                seen.insert(*st[v] & 1);
        if (seen.size() == 2)
            odd.push_back(v);
    }
    auto column = [&](size_t c) { return c < n ? make.wide(s.vars[c]) : make.parity(s.vars[odd[c - n]]); };
    auto columnText = [&](size_t c) {
        return c < n ? p.variable(s.vars[c]).name : "(" + p.variable(s.vars[odd[c - n]]).name + " & 1)";
    };
    auto add = [&](const PolynomialEquality &e) {
        ExprPtr side[2];
        std::string text[2];
        for (const PolynomialTerm &t : e.terms) {
            const int which = t.coefficient < 0 ? 1 : 0;
            const int64_t magnitude = t.coefficient < 0 ? -t.coefficient : t.coefficient;
            ExprPtr term = t.vars.empty() || magnitude != 1 ? make.constant(magnitude) : nullptr;
            std::string termText = t.vars.empty() || magnitude != 1 ? std::to_string(magnitude) : "";
            for (size_t v : t.vars) {
                term = term ? make.mul(std::move(term), column(v)) : column(v);
                termText += (termText.empty() ? "" : "*") + columnText(v);
            }
            side[which] = side[which] ? make.add(std::move(side[which]), std::move(term)) : std::move(term);
            text[which] += (text[which].empty() ? "" : " + ") + termText;
        }
        for (int i = 0; i < 2; ++i)
            if (!side[i]) {
                side[i] = make.constant(0);
                text[i] = "0";
            }
        out.push_back({make.compare(BinaryOp::Eq, side[0], side[1]), text[0] + " == " + text[1], e.degree() > 1});
    };
    // Parity columns first: a product over the same variables is mostly the same relation
    // squared ((i - 2n)(i - 2n + 1) == 0 beside i + (i & 1) == 2n), costly and not needed.
    std::vector<PolynomialEquality> parities;
    std::set<size_t> parityVars;
    if (!odd.empty()) {
        std::vector<std::vector<std::optional<int64_t>>> withParities;
        for (const auto &st : s.states) {
            std::vector<std::optional<int64_t>> row = st;
            for (size_t v : odd)
                row.push_back(st[v] ? std::optional<int64_t>(*st[v] & 1) : std::nullopt);
            withParities.push_back(std::move(row));
        }
        // Affine only (a product of parities says little the affine ones do not).
        for (PolynomialEquality &e : sampledEqualities(withParities, n + odd.size(), n + odd.size() + 1)) {
            const bool parity = std::any_of(e.terms.begin(), e.terms.end(), [&](const PolynomialTerm &t) {
                return std::any_of(t.vars.begin(), t.vars.end(), [&](size_t c) { return c >= n; });
            });
            if (e.degree() != 1 || !parity)
                continue;
            for (const PolynomialTerm &t : e.terms)
                for (size_t c : t.vars)
                    parityVars.insert(c < n ? c : odd[c - n]);
            parities.push_back(std::move(e));
        }
    }
    for (const PolynomialEquality &e : sampledEqualities(s.states, n)) {
        size_t varTerms = 0;
        bool unit = true;
        for (const PolynomialTerm &t : e.terms)
            if (!t.vars.empty()) {
                ++varTerms;
                unit = unit && (t.coefficient == 1 || t.coefficient == -1);
            }
        const bool constant = e.terms.back().vars.empty() || e.terms.front().vars.empty();
        if (e.degree() == 1 && unit && (varTerms <= 2 || (varTerms == 3 && !constant)))
            continue; // v == w, v - w == c, v + w == c, u + v == w: a template's
        // A variable in every term: v * (affine) == 0 says v == 0 or the rest, which the
        // sample shows where some runs never leave v at 0 (k*n == k*k + k*j at up.i's
        // second loop); such a disjunction is seldom inductive and costly to ask.
        if (e.degree() > 1 && !constant) {
            std::set<size_t> common(e.terms.front().vars.begin(), e.terms.front().vars.end());
            for (const PolynomialTerm &t : e.terms)
                std::erase_if(common, [&](size_t v) { return !std::count(t.vars.begin(), t.vars.end(), v); });
            if (!common.empty())
                continue;
        }
        if (e.degree() > 1 && std::all_of(e.terms.begin(), e.terms.end(), [&](const PolynomialTerm &t) {
                return std::all_of(t.vars.begin(), t.vars.end(), [&](size_t v) { return parityVars.count(v) > 0; });
            }))
            continue;
        add(e);
        if (out.size() == MaxEqualities)
            return out;
    }
    for (const PolynomialEquality &e : parities) {
        if (out.size() == MaxEqualities)
            break;
        add(e);
    }
    return out;
}

std::vector<Candidate> candidatesFrom(const Program &p, const HeadSample &s, TypeTable &types) {
    const CandidateMaker make(p, types);
    const std::vector<Candidate> equalities = equalityCandidates(p, s, make);
    std::vector<Candidate> out;
    const size_t n = s.vars.size();
    auto name = [&](size_t i) { return p.variable(s.vars[i]).name; };
    // Whether `holds` is true on every state that knows the variables, with at least two
    // distinct values of `vary` among them (a relation seen once says nothing).
    auto onAll = [&](std::initializer_list<size_t> vars, size_t vary, auto holds) {
        std::set<int64_t> values;
        for (const auto &st : s.states) {
            bool known = true;
            for (size_t v : vars)
                known = known && st[v].has_value();
            if (!known)
                continue;
            if (!holds(st))
                return false;
            values.insert(*st[vary]);
        }
        return values.size() >= 2;
    };
    auto wrapAdd = [](int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); };
    auto wrapSub = [](int64_t a, int64_t b) { return int64_t(uint64_t(a) - uint64_t(b)); };
    const std::vector<int64_t> consts = programConstants(p);
    std::vector<Candidate> spreads; // after the others: the first to go where there are too many
    for (size_t i = 0; i < n; ++i) {
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        std::set<int64_t> parities;
        for (const auto &st : s.states)
            if (st[i]) {
                lo = std::min(lo, *st[i]);
                hi = std::max(hi, *st[i]);
                parities.insert(*st[i] & 1);
            }
        if (lo > hi)
            continue;
        auto below = std::upper_bound(consts.begin(), consts.end(), lo);
        const bool trivial = below != consts.begin() && !p.variable(s.vars[i]).type->isSigned && *std::prev(below) <= 0;
        if (below != consts.begin() && !trivial)
            out.push_back({make.compare(BinaryOp::Ge, make.wide(s.vars[i]), make.constant(*std::prev(below))),
                           name(i) + " >= " + std::to_string(*std::prev(below))});
        auto above = std::lower_bound(consts.begin(), consts.end(), hi);
        if (above != consts.end())
            out.push_back({make.compare(BinaryOp::Le, make.wide(s.vars[i]), make.constant(*above)),
                           name(i) + " <= " + std::to_string(*above)});
        if (parities.size() == 1 && lo != hi)
            out.push_back({make.compare(BinaryOp::Eq, make.parity(s.vars[i]), make.constant(*parities.begin())),
                           "(" + name(i) + " & 1) == " + std::to_string(*parities.begin())});
    }
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j) {
            const VarId a = s.vars[i], b = s.vars[j];
            bool any = false, eq = true, le = true, ge = true;
            for (const auto &st : s.states)
                if (st[i] && st[j]) {
                    any = true;
                    eq = eq && *st[i] == *st[j];
                    le = le && *st[i] <= *st[j];
                    ge = ge && *st[i] >= *st[j];
                }
            if (!any)
                continue;
            if (eq)
                out.push_back({make.compare(BinaryOp::Eq, make.wide(a), make.wide(b)), name(i) + " == " + name(j)});
            else if (le)
                out.push_back({make.compare(BinaryOp::Le, make.wide(a), make.wide(b)), name(i) + " <= " + name(j)});
            else if (ge)
                out.push_back({make.compare(BinaryOp::Ge, make.wide(a), make.wide(b)), name(i) + " >= " + name(j)});
            if (!eq) {
                // How far apart they may be, either way, by the program's constants (l - k <=
                // 1000000 where l grows at most as fast as k: what keeps l + 1 from overflow).
                __int128 lo = INT64_MAX, hi = INT64_MIN;
                for (const auto &st : s.states)
                    if (st[i] && st[j]) {
                        lo = std::min<__int128>(lo, __int128(*st[i]) - *st[j]);
                        hi = std::max<__int128>(hi, __int128(*st[i]) - *st[j]);
                    }
                auto spread = [&](VarId x, VarId y, __int128 most) {
                    auto c = std::lower_bound(consts.begin(), consts.end(), most);
                    if (c != consts.end() && *c != 0) // 0: x <= y, a template of its own
                        spreads.push_back(
                            {make.compare(BinaryOp::Le, make.sub(make.wide(x), make.wide(y)), make.constant(*c)),
                             p.variable(x).name + " - " + p.variable(y).name + " <= " + std::to_string(*c)});
                };
                if (lo <= hi) {
                    spread(a, b, hi);
                    spread(b, a, -lo);
                }
            }
            std::optional<int64_t> diff, sum;
            for (const auto &st : s.states)
                if (st[i] && st[j]) {
                    diff = diff.value_or(wrapSub(*st[i], *st[j]));
                    sum = sum.value_or(wrapAdd(*st[i], *st[j]));
                    break;
                }
            if (!eq && onAll({i, j}, i, [&](const auto &st) { return wrapSub(*st[i], *st[j]) == *diff; }))
                out.push_back({make.compare(BinaryOp::Eq, make.sub(make.wide(a), make.wide(b)), make.constant(*diff)),
                               name(i) + " - " + name(j) + " == " + std::to_string(*diff)});
            if (onAll({i, j}, i, [&](const auto &st) { return wrapAdd(*st[i], *st[j]) == *sum; }))
                out.push_back({make.compare(BinaryOp::Eq, make.add(make.wide(a), make.wide(b)), make.constant(*sum)),
                               name(i) + " + " + name(j) + " == " + std::to_string(*sum)});
        }
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j)
            for (size_t w = 0; w < n; ++w) {
                if (w == i || w == j)
                    continue;
                if (onAll({i, j, w}, w, [&](const auto &st) { return wrapAdd(*st[i], *st[j]) == *st[w]; }))
                    out.push_back({make.compare(BinaryOp::Eq, make.add(make.wide(s.vars[i]), make.wide(s.vars[j])),
                                                make.wide(s.vars[w])),
                                   name(i) + " + " + name(j) + " == " + name(w)});
            }
    out.insert(out.end(), spreads.begin(), spreads.end());
    if (out.size() + equalities.size() > MaxCandidates)
        out.resize(MaxCandidates - equalities.size());
    out.insert(out.end(), equalities.begin(), equalities.end());
    return out;
}

} // namespace

namespace {

// The variables worth relating at a loop's head: integers of the entry function and
// globals that the loop's code mentions, those it writes first, then what the rest of the
// function mentions (k + j == i, where i is set before the loop, is as useful); one per
// name, since steps name what they assign.
std::vector<VarId> headVariables(const Program &program, const InductionLoop &loop) {
    const FunctionCfa &main = program.functions[size_t(program.entryFunction)];
    std::vector<VarId> mentioned, elsewhere;
    for (EdgeId id : main.edges) {
        varsOf(program.edge(id), elsewhere);
        if (loop.body.count(program.edge(id).from))
            varsOf(program.edge(id), mentioned);
    }
    std::map<std::string, int> names;
    for (const Variable &v : program.variables)
        ++names[v.name];
    std::vector<VarId> chosen;
    auto consider = [&](VarId v) {
        const Variable &var = program.variable(v);
        if (!var.type || !var.type->isInt() || var.isTemporary || names[var.name] != 1 ||
            (var.function != NoFunction && var.function != main.id) ||
            std::count(chosen.begin(), chosen.end(), v) || chosen.size() >= MaxVars)
            return;
        chosen.push_back(v);
    };
    for (VarId v : loop.writes)
        if (std::count(mentioned.begin(), mentioned.end(), v))
            consider(v);
    for (VarId v : mentioned)
        consider(v);
    for (VarId v : elsewhere)
        consider(v);
    return chosen;
}

} // namespace

std::vector<HeadSample> sampleHeads(const Program &program, const std::vector<InductionLoop> &loops,
                                    const std::vector<ExecutionInput> &inputs, size_t maxSteps,
                                    const std::atomic<bool> *cancel) {
    std::vector<HeadSample> out(loops.size());
    std::map<std::string, size_t> slot; // every chosen variable, by name
    std::vector<VarId> all;
    std::vector<std::vector<size_t>> project(loops.size());
    for (size_t l = 0; l < loops.size(); ++l) {
        out[l].vars = headVariables(program, loops[l]);
        for (VarId v : out[l].vars) {
            auto [it, fresh] = slot.emplace(program.variable(v).name, all.size());
            if (fresh)
                all.push_back(v);
            project[l].push_back(it->second);
        }
    }
    InterpreterOptions io;
    io.properties = {};
    io.maxSteps = maxSteps;
    io.cancel = cancel;
    for (const ExecutionInput &in : inputs) {
        if (cancel && cancel->load())
            break;
        const Execution x = runProgram(program, in, io);
        std::vector<std::optional<int64_t>> values(all.size());
        std::vector<std::vector<std::vector<std::optional<int64_t>>>> run(loops.size());
        for (const ExecutionStep &st : x.steps) {
            // The state at the head is the one the next step of the entry function leaves
            // it with (an edge into the head may call a function, which returns later).
            if (st.depth == 0)
                for (size_t l = 0; l < loops.size(); ++l)
                    if (program.edge(st.edge).from == loops[l].head) {
                        std::vector<std::optional<int64_t>> state;
                        for (size_t k : project[l])
                            state.push_back(values[k]);
                        run[l].push_back(std::move(state));
                    }
            if (!st.assigned.empty()) {
                // Names are unique among all variables, so a step at any depth that assigns
                // this name assigns this variable.
                if (auto it = slot.find(st.assigned); it != slot.end())
                    values[it->second] = parseValue(st.value, program.variable(all[it->second]).type);
            }
        }
        // A long run would fill the sample alone (egcd with x = 2^31 and y = 1 subtracts y
        // 5000 times: p == s and q*r == 0 looked true): its first and last arrivals.
        for (size_t l = 0; l < loops.size(); ++l) {
            auto &states = run[l];
            if (states.size() > 2 * RunStates)
                states.erase(states.begin() + RunStates, states.end() - RunStates);
            for (auto &st : states)
                if (out[l].states.size() < MaxStates)
                    out[l].states.push_back(std::move(st));
        }
    }
    return out;
}

HeadSample sampleHead(const Program &program, const InductionLoop &loop, const std::vector<ExecutionInput> &inputs,
                      size_t maxSteps, const std::atomic<bool> *cancel) {
    return sampleHeads(program, {loop}, inputs, maxSteps, cancel).front();
}

LoopInvariants inferInvariants(const Program &program, const InductionLoop &loop, const HeadSample &sample,
                               unsigned bound, double timeoutSeconds, const std::atomic<bool> *cancel,
                               const OtherLoops *others) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    auto left = [&] { return timeoutSeconds > 0 ? std::max(0.001, timeoutSeconds - elapsed()) : 0.0; };
    LoopInvariants out;
    out.types = std::make_shared<TypeTable>(program.dataModel());
    auto done = [&](std::string note) {
        out.note = std::move(note);
        out.seconds = elapsed();
        return out;
    };
    if (!loop.refused.empty())
        return done("no step over " + loop.id + ": " + loop.refused);
    // Facts about arrays come from the loop's code: no sample needed.
    std::vector<Candidate> facts;
    for (HeadInvariant &h : arrayFactCandidates(program, loop))
        facts.push_back({nullptr, std::move(h.text), false, std::move(h.fact)});
    if (sample.states.empty() && facts.empty())
        return done("no run reached the head of " + loop.id);
    // Arrivals are counted in the entry function's own frame, from an edge into the head.
    if (loop.entryEdges.empty())
        return done("no edge enters the head of " + loop.id);
    if (recursiveFunctions(program).count(program.entryFunction))
        return done(program.functions[size_t(program.entryFunction)].name + " calls itself");
    // Arrival 0 is where the candidates start to hold: a loop entered again after it was
    // left (a goto back) would start over unchecked.
    const FunctionCfa &main = program.functions[size_t(program.entryFunction)];
    std::set<EdgeId> exits;
    std::vector<NodeId> work;
    for (EdgeId id : main.edges) {
        const CfaEdge &e = program.edge(id);
        if (loop.body.count(e.from) && !loop.body.count(e.to)) {
            exits.insert(id);
            work.push_back(e.to);
        }
    }
    for (std::set<NodeId> seen(work.begin(), work.end()); !work.empty();) {
        const NodeId n = work.back();
        work.pop_back();
        // Round a loop around it again: not on any path here (one pass round those).
        if (others && others->enclosingHeads.count(n))
            continue;
        if (n == loop.head)
            return done("the head of " + loop.id + " can be entered again after the loop");
        for (EdgeId e : program.node(n).out)
            if (seen.insert(program.edge(e).to).second)
                work.push_back(program.edge(e).to);
    }
    std::vector<Candidate> candidates = sample.states.empty() ? std::vector<Candidate>{}
                                                              : candidatesFrom(program, sample, *out.types);
    candidates.insert(candidates.end(), facts.begin(), facts.end());
    out.candidates = candidates.size();
    if (candidates.empty())
        return done("no candidate holds on every run at the head of " + loop.id);
    std::set<size_t> dropped;
    // Asks the encoding until no kept candidate breaks; false: could not decide.
    auto houdini = [&](BmcEncoding &encoding) {
        if (!encoding.error().empty()) {
            out.note = encoding.error();
            return false;
        }
        while (dropped.size() < candidates.size()) {
            if (cancel && cancel->load())
                return false;
            BmcQuery q;
            q.invariants = true;
            q.droppedInvariants = dropped;
            if (others)
                q.boundedLoops = others->ids;
            // At most two seconds while products of variables are asked (a search over
            // multiplier circuits seldom settles later, half.i's (i - 2*n)*(i - 2*n + 1) == 0
            // did not in 5 s): the rest for the candidates without them.
            const bool products = std::any_of(candidates.begin(), candidates.end(), [&](const Candidate &c) {
                return c.polynomial && !dropped.count(size_t(&c - candidates.data()));
            });
            q.timeoutSeconds = products ? std::min(2.0, left() / 2) : left();
            const ExecutionSearch s = encoding.reach(q);
            if (s.status == ExecutionSearch::Found && !s.brokenInvariants.empty()) {
                dropped.insert(s.brokenInvariants.begin(), s.brokenInvariants.end());
                continue;
            }
            if (s.status == ExecutionSearch::NotFound && s.complete)
                return true;
            if (products && s.status == ExecutionSearch::Unknown && !(cancel && cancel->load())) {
                for (size_t i = 0; i < candidates.size(); ++i)
                    if (candidates[i].polynomial)
                        dropped.insert(i);
                continue;
            }
            out.prefixIncomplete = s.status == ExecutionSearch::NotFound;
            out.note = s.reason.empty() ? "the check of the candidates did not finish" : s.reason;
            return false;
        }
        out.note = "every candidate at the head of " + loop.id + " fails";
        return false;
    };
    BmcOptions o;
    o.unwind = bound;
    o.unwindingAssertions = true;
    o.properties = {};
    o.timeoutSeconds = left();
    o.cancel = cancel;
    for (const Candidate &c : candidates)
        o.invariants.push_back({loop.head, c.cond, 0, false, c.fact});
    if (others) // after the candidates: their indices are the candidates' own
        others->applyTo(o);
    {
        const UntilArrival arrival(program, loop);
        o.observer = &arrival;
        BmcEncoding base(program, o);
        if (!houdini(base))
            return done(out.note);
    }
    const OneIteration iteration(program, loop, exits);
    o.observer = &iteration;
    o.loopBounds[loop.id] = 2;
    o.havocs.push_back(loop.havoc());
    o.timeoutSeconds = left();
    for (size_t i = 0; i < candidates.size(); ++i)
        o.invariants[i].checkedFrom = 1;
    BmcEncoding step(program, o);
    if (!houdini(step))
        return done(out.note);
    for (size_t i = 0; i < candidates.size(); ++i)
        if (!dropped.count(i))
            out.proved.push_back({candidates[i].cond, candidates[i].text, candidates[i].fact});
    return done("");
}

} // namespace vcov
