#include "analysis/PredicateTransferImpl.h"

#include "bmc/LoopStructure.h"
#include "semantics/IntegerSemantics.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

namespace vcov {

namespace {

bool includes(const std::vector<int> &a, const std::vector<int> &b) { return std::includes(a.begin(), a.end(), b.begin(), b.end()); }

std::vector<int> united(const std::vector<int> &a, const std::vector<int> &b) {
    std::vector<int> u;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(u));
    return u;
}

} // namespace

bool PredicateState::lessOrEqual(const AbstractState &abstract) const {
    const auto &other = static_cast<const PredicateState &>(abstract);
    // A path formula is compared by identity: the merge operator joins those of one block.
    if (blockStart || other.blockStart)
        return blockStart == other.blockStart && serial == other.serial;
    if (!includes(literals, other.literals))
        return false;
    if (other.cubes.empty())
        return true;
    const std::vector<std::vector<int>> mine = cubes.empty() ? std::vector<std::vector<int>>{{}} : cubes;
    for (const auto &c : mine) {
        const std::vector<int> all = united(literals, c);
        if (std::none_of(other.cubes.begin(), other.cubes.end(), [&](const std::vector<int> &o) { return includes(all, o); }))
            return false;
    }
    return true;
}

std::string PredicateState::describe(const Program &) const {
    auto literal = [&](int l) {
        const std::string &p = texts && size_t(std::abs(l) - 1) < texts->size() ? (*texts)[size_t(std::abs(l) - 1)] : "?";
        return l > 0 ? p : "!(" + p + ")";
    };
    std::string out;
    for (int l : literals)
        out += (out.empty() ? "" : ", ") + literal(l);
    if (!cubes.empty()) {
        std::string any;
        for (const auto &c : cubes) {
            std::string cube;
            for (int l : c)
                cube += (cube.empty() ? "" : " && ") + literal(l);
            any += (any.empty() ? "" : " || ") + (cube.empty() ? std::string("1") : cube);
        }
        out += (out.empty() ? "" : ", ") + ("(" + any + ")");
    }
    if (out.empty())
        out = "true";
    if (blockStart) {
        if (paths > 1.5) {
            char n[32];
            snprintf(n, sizeof n, paths < 1e15 ? "%.0f" : "%.3g", paths);
            out += " at the last loop head, then any of " + std::string(n) + " merged paths (up to " +
                   std::to_string(operations) + " operations) since";
        } else {
            out += " at the last loop head, then the " + std::to_string(operations) + " operation(s) since";
        }
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> PredicateState::describeFrames(const Program &program) const {
    std::string calls;
    for (size_t d = 0; d < stack.size(); ++d)
        calls += (d ? " → " : "") + (stack[d].function == NoFunction ? std::string("?") : program.functions[size_t(stack[d].function)].name);
    return {{"predicates", describe(program)}, {"call stack", calls}};
}

// --- abstraction, blocks and merge --------------------------------------------------

PredicateTransfer::Impl::Impl(const Program &p, PredicateAbstraction a, PredicateBlocks b)
    : P(p), abstraction(a), blocks(b) {
    for (VarId v : addressTakenVariables(P))
        if (tracked(P.variable(v).type))
            addressTaken.push_back(v);
    findLoopHeads();
    collectConstants();
    solver.set(params());
}

z3::check_result PredicateTransfer::Impl::check(const z3::expr &f) {
    z3::solver s(ctx, "QF_BV");
    s.set(params());
    s.add(f);
    return s.check();
}

z3::expr PredicateTransfer::Impl::cube(const std::vector<int> &literals) {
    z3::expr f = ctx.bool_val(true);
    for (int l : literals)
        f = f && (l > 0 ? preds[size_t(l - 1)] : !preds[size_t(-l - 1)]);
    return f;
}

z3::expr PredicateTransfer::Impl::formula(const PredicateState &s) {
    z3::expr f = cube(s.literals);
    if (s.cubes.empty())
        return f;
    z3::expr any = ctx.bool_val(false);
    for (const auto &c : s.cubes)
        any = any || cube(c);
    return f && any;
}

PredicateTransfer::Impl::Encoding PredicateTransfer::Impl::extend(Encoding t, const std::vector<Step> &steps) {
    for (const Step &s : steps) {
        if (s.kind == Step::Assume) {
            t.guard = t.guard && t.apply(ctx, s.term);
            continue;
        }
        z3::expr value = s.kind == Step::Havoc ? freshConst(s.var.get_sort().bv_size()) : t.apply(ctx, s.term);
        auto it = t.slot.find(s.var.id());
        if (it != t.slot.end()) {
            t.to[it->second] = value;
        } else {
            t.slot[s.var.id()] = t.from.size();
            t.from.push_back(s.var);
            t.to.push_back(value);
        }
    }
    return t;
}

PredicateTransfer::Impl::Encoding PredicateTransfer::Impl::encodingOf(const PredicateState &s) {
    if (!s.blockStart)
        return Encoding(ctx);
    auto it = encodings.find(s.serial);
    if (it == encodings.end())
        throw DomainUnsupported{"a block state whose path formula is gone (internal error)"};
    return it->second.second;
}

void PredicateTransfer::Impl::keep(const std::shared_ptr<PredicateState> &s, Encoding e) {
    s->serial = ++serials;
    encodings.emplace(s->serial, std::make_pair(std::weak_ptr<const PredicateState>(s), std::move(e)));
    if (++sinceSweep >= 50000) {
        sinceSweep = 0;
        for (auto it = encodings.begin(); it != encodings.end();)
            it = it->second.first.expired() ? encodings.erase(it) : std::next(it);
    }
}

std::optional<PredicateTransfer::Impl::Abstraction> PredicateTransfer::Impl::post(const z3::expr &phi, const Encoding &t,
                                                                                 NodeId to) {
    auto it = precision.find(to);
    const size_t n = it == precision.end() ? 0 : it->second.size();
    // One solver frame: the states before and the step, and a name for each predicate after.
    solver.push();
    solver.add(phi && t.guard);
    std::vector<z3::expr> names;
    for (size_t i = 0; i < n; ++i) {
        const int id = it->second[i];
        z3::expr p = t.apply(ctx, preds[size_t(id)]);
        names.push_back(ctx.bool_const(("pred!" + std::to_string(id)).c_str()));
        solver.add(names.back() == p);
    }
    // Each model shows a value of every predicate: a predicate seen both ways is open
    // without a query of its own.
    std::vector<char> seenTrue(n, 0), seenFalse(n, 0);
    auto note = [&] {
        z3::model m = solver.get_model();
        for (size_t i = 0; i < n; ++i)
            (m.eval(names[i], true).is_true() ? seenTrue : seenFalse)[i] = 1;
    };
    const z3::check_result feasible = timed().check();
    if (feasible == z3::unsat) {
        solver.pop();
        return std::nullopt;
    }
    Abstraction a;
    if (feasible == z3::unknown) {
        solver.pop();
        return a; // nothing known for sure
    }
    note();
    std::vector<size_t> open;
    for (size_t i = 0; i < n; ++i) {
        if (!(seenTrue[i] && seenFalse[i])) {
            z3::expr_vector other(ctx);
            other.push_back(seenTrue[i] ? !names[i] : names[i]);
            const z3::check_result r = timed().check(other);
            if (r == z3::unsat) {
                const int id = it->second[i];
                a.literals.push_back(seenTrue[i] ? id + 1 : -(id + 1));
                continue;
            }
            if (r == z3::sat)
                note();
        }
        open.push_back(i);
    }
    std::sort(a.literals.begin(), a.literals.end());
    if (abstraction == PredicateAbstraction::Boolean && open.size() > 1)
        a.cubes = cubes(open, names, it->second);
    solver.pop();
    return a;
}

std::vector<std::vector<int>> PredicateTransfer::Impl::cubes(const std::vector<size_t> &open,
                                                             const std::vector<z3::expr> &names,
                                                             const std::vector<int> &ids) {
    std::vector<std::vector<int>> out;
    solver.push();
    while (true) {
        const z3::check_result r = timed().check();
        if (r != z3::sat) {
            if (r == z3::unknown)
                out.clear(); // not all of them: only the Cartesian part is sure
            break;
        }
        if (out.size() == MaxCubes) {
            out.clear();
            break;
        }
        z3::model m = solver.get_model();
        std::vector<int> cube;
        z3::expr block = ctx.bool_val(false);
        for (size_t i : open) {
            const bool holds = m.eval(names[i], true).is_true();
            cube.push_back(holds ? ids[i] + 1 : -(ids[i] + 1));
            block = block || (holds ? !names[i] : names[i]);
        }
        std::sort(cube.begin(), cube.end());
        out.push_back(std::move(cube));
        solver.add(block);
    }
    solver.pop();
    // Every valuation: nothing more than the Cartesian part.
    if (open.size() < 20 && out.size() == (size_t(1) << open.size()))
        out.clear();
    std::sort(out.begin(), out.end());
    return out;
}

std::shared_ptr<PredicateState> PredicateTransfer::Impl::state(std::vector<CallFrame> stack, Abstraction a, NodeId at) {
    auto s = std::make_shared<PredicateState>();
    auto it = precision.find(at);
    s->precisionUsed = it == precision.end() ? 0 : it->second.size();
    s->stack = std::move(stack);
    s->literals = std::move(a.literals);
    s->cubes = std::move(a.cubes);
    s->texts = textSnapshot;
    return s;
}

void PredicateTransfer::Impl::findLoopHeads() {
    loopHeads.assign(P.nodes.size(), 0);
    for (const auto &fn : P.functions)
        if (fn.hasBody && fn.entry != NoNode)
            for (const LoopInfo &l : computeLoops(P, fn).loops)
                loopHeads[size_t(l.head)] = 1;
    loopHeads[size_t(P.functions[P.entryFunction].entry)] = 1;
}

void PredicateTransfer::Impl::collectConstants() {
    std::function<void(const ExprPtr &)> visit = [&](const ExprPtr &e) {
        if (!e)
            return;
        if (e->kind == ExprKind::IntConst)
            constants.insert({e->value, -e->value});
        for (const ExprPtr &o : e->ops)
            visit(o);
    };
    for (const CfaEdge &e : P.edges) {
        for (const ExprPtr &x : {e.lhs, e.rhs, e.cond, e.value, e.call.lhs})
            visit(x);
        for (const ExprPtr &x : e.call.args)
            visit(x);
        for (const Initializer &i : e.inits)
            visit(i.value);
    }
    for (const GlobalDeclaration &g : P.globals)
        for (const Initializer &i : g.inits)
            visit(i.value);
}

std::shared_ptr<PredicateState> PredicateTransfer::Impl::after(const PredicateState &s, PathMove move, NodeId to,
                                                               std::vector<CallFrame> stack, bool violation, bool target) {
    const std::vector<Step> last = effect(move, violation);
    const std::shared_ptr<const PredicateState> start = s.blockStart ? s.blockStart : s.shared_from_this();
    Encoding e = extend(encodingOf(s), last);
    const z3::expr phi = formula(*start);
    if (!target && abstractsAt(to)) {
        auto a = post(phi, e, to);
        if (!a)
            return nullptr;
        auto next = state(std::move(stack), std::move(*a), to);
        next->level = blocks == PredicateBlocks::LoopHead ? start->level + 1 : 0;
        return next;
    }
    // Only a condition can make the path infeasible: the state before was feasible.
    if (std::any_of(last.begin(), last.end(), [](const Step &x) { return x.kind == Step::Assume; }) &&
        check(phi && e.guard) == z3::unsat)
        return nullptr;
    auto next = std::make_shared<PredicateState>();
    next->stack = std::move(stack);
    next->literals = start->literals;
    next->cubes = start->cubes;
    next->texts = start->texts;
    next->precisionUsed = start->precisionUsed;
    next->blockStart = start;
    next->level = start->level;
    next->operations = s.operations + 1;
    next->paths = s.blockStart ? s.paths : 1;
    keep(next, std::move(e));
    return next;
}

std::shared_ptr<PredicateState> PredicateTransfer::Impl::merge(const PredicateState &a, const PredicateState &b) {
    if (!mergeBlocks || !a.blockStart || a.blockStart != b.blockStart || a.stack != b.stack)
        return nullptr;
    const Encoding ea = encodingOf(a), eb = encodingOf(b);
    if (check(formula(*a.blockStart) && ea.guard && eb.guard) != z3::unsat)
        return nullptr;
    Encoding m(ctx);
    m.guard = ea.guard || eb.guard;
    auto add = [&](const z3::expr &v) {
        if (m.slot.count(v.id()))
            return;
        auto ia = ea.slot.find(v.id()), ib = eb.slot.find(v.id());
        const z3::expr va = ia == ea.slot.end() ? v : ea.to[ia->second];
        const z3::expr vb = ib == eb.slot.end() ? v : eb.to[ib->second];
        m.slot[v.id()] = m.from.size();
        m.from.push_back(v);
        m.to.push_back(z3::eq(va, vb) ? va : z3::ite(ea.guard, va, vb));
    };
    for (const auto &v : ea.from)
        add(v);
    for (const auto &v : eb.from)
        add(v);
    auto next = std::make_shared<PredicateState>(b);
    next->operations = std::max(a.operations, b.operations);
    next->paths = a.paths + b.paths;
    keep(next, std::move(m));
    return next;
}

NodeId PredicateTransfer::Impl::target(PathMove m) const {
    const CfaEdge &e = P.edge(m.edge);
    if (!m.isReturn && e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::None &&
        P.functions[size_t(e.call.callee)].hasBody)
        return P.functions[size_t(e.call.callee)].entry;
    return e.to;
}

PredicateTransfer::PredicateTransfer(const Program &program, PredicateAbstraction abstraction, PredicateBlocks blocks,
                                     bool mergeBlocks, bool generalize)
    : d(std::make_unique<Impl>(program, abstraction, blocks)) {
    d->mergeBlocks = mergeBlocks;
    d->generalize = generalize;
}
PredicateTransfer::~PredicateTransfer() = default;

std::shared_ptr<const AbstractState> PredicateTransfer::initialState() {
    const NodeId entry = d->P.functions[d->P.entryFunction].entry;
    auto a = d->post(d->ctx.bool_val(true), d->extend(Impl::Encoding(d->ctx), d->initialSteps()), entry);
    return d->state({{d->P.entryFunction, -1}}, a.value_or(Impl::Abstraction{}), entry);
}

std::vector<Successor> PredicateTransfer::successors(const AbstractState &abstract, NodeId location) {
    const auto &state = static_cast<const PredicateState &>(abstract);
    const Program &P = d->P;
    std::vector<Successor> out;
    const CfaNode &node = P.node(location);
    const FunctionCfa &fn = P.functions[node.function];
    if (location == fn.exit) {
        if (state.depth() == 0)
            return out; // the entry function returned: the execution is complete
        const PathMove move{state.stack.back().callEdge, true};
        const CfaEdge &call = P.edge(move.edge);
        std::vector<CallFrame> stack(state.stack.begin(), state.stack.end() - 1);
        auto next = d->after(state, move, call.to, std::move(stack));
        if (!next)
            return out;
        Successor s{move, call.to, SuccessorKind::Normal, false, {}, std::move(next)};
        if (s.state->depth() == 0 && call.to == P.functions[P.entryFunction].exit) {
            s.kind = SuccessorKind::Terminal;
            s.exits = true;
        }
        out.push_back(std::move(s));
        return out;
    }
    for (EdgeId eid : node.out) {
        const CfaEdge &e = P.edge(eid);
        const PathMove move{eid, false};
        const NodeId to = d->target(move);
        std::vector<CallFrame> stack = state.stack;
        Successor succ{move, to, SuccessorKind::Normal, false, {}, nullptr};
        if (e.kind == EdgeKind::Assume && d->goalEdges.count(eid)) {
            // A branch goal: its target (never abstracted, so that its path can be checked
            // and refined) beside the successor that goes on past it.
            if (auto reached = d->after(state, move, to, stack, false, true))
                out.push_back({move, to, SuccessorKind::Target, false,
                               "branch goal " + e.text + " (line " + std::to_string(e.line()) + ")", std::move(reached)});
        }
        if (e.kind == EdgeKind::Call) {
            const CallInfo &c = e.call;
            if (c.intrinsic == Intrinsic::None && P.functions[size_t(c.callee)].hasBody) {
                for (const CallFrame &f : stack)
                    if (f.function == c.callee)
                        Impl::unsupported("recursion (" + c.calleeName + ")");
                stack.push_back({c.callee, eid});
            }
            if (c.intrinsic == Intrinsic::InvalidCall)
                continue; // undefined behaviour: no execution goes on
            if (c.intrinsic == Intrinsic::Assert && !c.args.empty() && P.assertsProgramProperty(c)) {
                // The assertion may fail here: a target where its negation is possible.
                if (auto failing = d->after(state, move, to, stack, true, true))
                    out.push_back({move, to, SuccessorKind::Target, false, "assertion " + e.text + " may fail",
                                   std::move(failing)});
            }
            if (c.intrinsic == Intrinsic::Error) {
                if (auto target = d->after(state, move, to, stack, false, true))
                    out.push_back({move, to, SuccessorKind::Target, false, c.calleeName + "() called", std::move(target)});
                continue;
            }
            if (c.intrinsic == Intrinsic::Abort || c.intrinsic == Intrinsic::Exit) {
                succ.kind = SuccessorKind::Terminal;
                succ.exits = c.intrinsic == Intrinsic::Exit;
            }
        }
        succ.state = d->after(state, move, to, std::move(stack));
        if (!succ.state)
            continue;
        // Returning from the entry function ends the execution normally.
        if (succ.kind == SuccessorKind::Normal && succ.state->depth() == 0 && to == P.functions[P.entryFunction].exit) {
            succ.kind = SuccessorKind::Terminal;
            succ.exits = true;
        }
        out.push_back(std::move(succ));
    }
    return out;
}

std::shared_ptr<const AbstractState> PredicateTransfer::merge(const AbstractState &incoming, const AbstractState &waiting) {
    const auto *a = dynamic_cast<const PredicateState *>(&incoming);
    const auto *b = dynamic_cast<const PredicateState *>(&waiting);
    return a && b ? d->merge(*a, *b) : nullptr;
}

std::vector<std::pair<std::string, std::string>> PredicateTransfer::precision() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto &[n, ids] : d->precision) {
        if (ids.empty())
            continue;
        std::string s;
        for (int id : ids)
            s += (s.empty() ? "" : "; ") + d->texts[size_t(id)];
        out.push_back({d->where(n), s});
    }
    return out;
}

void PredicateTransfer::setGoalEdges(std::set<EdgeId> edges) { d->goalEdges = std::move(edges); }

void PredicateTransfer::setQuerySeconds(double seconds) {
    d->deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                          std::chrono::duration<double>(seconds));
}

size_t PredicateTransfer::precisionSize() const {
    size_t n = 0;
    for (const auto &[at, ids] : d->precision)
        n += ids.size();
    return n;
}

std::vector<std::pair<NodeId, std::vector<std::string>>> PredicateTransfer::predicatesByLocation() const {
    std::vector<std::pair<NodeId, std::vector<std::string>>> out;
    for (const auto &[n, ids] : d->precision) {
        std::vector<std::string> texts;
        for (int id : ids)
            texts.push_back(d->texts[size_t(id)]);
        if (!texts.empty())
            out.push_back({n, std::move(texts)});
    }
    return out;
}

} // namespace vcov
