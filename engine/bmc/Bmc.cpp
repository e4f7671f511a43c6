// Bounded model checking: the CFAs are unwound into an acyclic graph of (node, context)
// pairs — a context is the inlined call stack and the iteration count of every loop
// around the node — which is then executed symbolically in topological order, merging
// the states of joining paths with if-then-else (as CBMC's symex does).
//
// Semantics as the interpreter's (semantics/Interpreter.cpp): objects are vectors of
// scalar leaves (semantics/Layout.h); pointers are (object, offset) with a guard per
// possible target; arithmetic wraps; checks that are not selected cut the paths on which
// they would fail, so every counterexample is an execution the interpreter can replay.
//
// The parts: the unwinder (Unwinder.h), the encoder and its symbolic memory (Encoder.h),
// the solver back ends (SatSearch.h, MiniSat.h); this file asks the queries.
#include "bmc/Bmc.h"

#include "bmc/Encoder.h"
#include "bmc/MiniSat.h"
#include "bmc/SatSearch.h"
#include "bmc/Unwinder.h"
#include "frontend/CLibrary.h"
#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Interpreter.h"
#include "semantics/Layout.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>

namespace vcov {

using namespace bmc;

const char *verdictName(Verdict v) {
    switch (v) {
    case Verdict::Safe: return "safe";
    case Verdict::Unsafe: return "unsafe";
    case Verdict::Unknown: return "unknown";
    }
    return "?";
}

namespace {

int64_t modelValue(const z3::model &m, const z3::expr &v, const Type *t) {
    z3::expr r = m.eval(v, true);
    uint64_t bits = 0;
    if (!r.is_numeral_u64(bits))
        return 0;
    if (t->isFloat()) // an input of floating point is held as the double of its value
        return int64_t(inputBitsOfFloat(bits, t));
    return t->isPointer() ? int64_t(bits) : asSigned(bits, t); // a pointer: its address
}


// The truth of many conditions in one evaluation: the model's evaluator caches shared
// subterms within one call only, and path guards share most of theirs (token_ring.09 at
// unwind 8: 8.5 s one guard at a time, for 5000 inputs).
std::vector<bool> evaluateAll(const z3::model &model, const std::vector<z3::expr> &conditions) {
    std::vector<bool> out(conditions.size(), false);
    if (conditions.empty())
        return out;
    z3::context &ctx = model.ctx();
    z3::expr_vector bits(ctx);
    for (const auto &c : conditions)
        bits.push_back(z3::ite(c, ctx.bv_val(1, 1), ctx.bv_val(0, 1)));
    const z3::expr all = model.eval(bits.size() == 1 ? bits[0] : z3::concat(bits), true);
    if (!all.is_numeral()) {
        // Not expected with model completion; one at a time then, slowly but right.
        for (size_t i = 0; i < conditions.size(); ++i)
            out[i] = model.eval(conditions[i], true).is_true();
        return out;
    }
    // Most significant first: the first condition is the leftmost bit.
    std::string binary = Z3_get_numeral_binary_string(ctx, all);
    if (binary.size() < conditions.size())
        binary.insert(0, conditions.size() - binary.size(), '0');
    for (size_t i = 0; i < conditions.size(); ++i)
        out[i] = binary[i] == '1';
    return out;
}

ExecutionInput inputsFromModel(const Encoder &encoder, const z3::model &model) {
    std::vector<z3::expr> guards;
    for (const auto &in : encoder.inputs)
        guards.push_back(in.guard);
    const std::vector<bool> taken = evaluateAll(model, guards);
    std::vector<const InputSymbol *> used;
    for (size_t i = 0; i < encoder.inputs.size(); ++i)
        if (taken[i])
            used.push_back(&encoder.inputs[i]);
    std::stable_sort(used.begin(), used.end(), [](auto *a, auto *b) { return a->order < b->order; });
    ExecutionInput input;
    for (const InputSymbol *in : used) {
        auto &values = in->uninitialized ? input.uninitialized : input.nondet;
        if (!in->array) {
            values.push_back(modelValue(model, in->value, in->type));
            continue;
        }
        // An array: the elements its reads touched, the others 0.
        const size_t first = values.size();
        values.resize(first + in->count, 0);
        const uint64_t size = in->type->sizeBytes;
        for (const auto &[offset, value] : in->array->reads) {
            uint64_t k = 0;
            if (model.eval(offset, true).is_numeral_u64(k) && k % size == 0 && k / size < in->count)
                values[first + k / size] = modelValue(model, value, in->type);
        }
    }
    // malloc'd memory read before written: numbered by the allocations the path makes.
    input.heapUnreadIsZero = true;
    std::vector<z3::expr> allocated;
    for (const auto &a : encoder.heapAllocations)
        allocated.push_back(a.guard);
    const std::vector<bool> made = evaluateAll(model, allocated);
    std::map<int, uint64_t> number;
    for (size_t i = 0; i < made.size(); ++i)
        if (made[i])
            number.emplace(encoder.heapAllocations[i].object, number.size());
    auto bitsOf = [&](const z3::expr &v) {
        uint64_t bits = 0;
        model.eval(v, true).is_numeral_u64(bits);
        return bits;
    };
    for (const auto &h : encoder.heapInputs)
        if (auto n = number.find(h.object); n != number.end())
            input.heap[{n->second, h.offset}] = bitsOf(h.bits);
    for (const auto &a : encoder.heapArrays)
        if (auto n = number.find(a.object); n != number.end())
            for (const auto &[offset, value] : a.base->reads) {
                uint64_t k = 0;
                if (model.eval(offset, true).is_numeral_u64(k))
                    input.heap[{n->second, a.shift + k}] = bitsOf(value);
            }
    // Memory outside every object: what its reads before any write found there.
    for (const auto &a : encoder.outsideArrays)
        for (const auto &[offset, value] : a.base->reads) {
            uint64_t address = 0;
            if (model.eval(offset, true).is_numeral_u64(address))
                input.outside.emplace(std::make_tuple(a.size, a.kind, address), bitsOf(value));
        }
    return input;
}

// The product of the unwound program with an automaton given at query time (an extra
// constraint on the shared encoding): per unwound location, the condition that the
// execution is there with the automaton in each state, every move so far admitted. Built
// over the taken-edge guards, not by unwinding again.
using QueryProduct = std::vector<std::map<int, z3::expr>>;

} // namespace

struct BmcEncoding::Impl {
    Impl(const Program &p, const BmcOptions &o, std::vector<ProgramVariant> v)
        : program(p), options(o), variants(std::move(v)) {}
    const Program &program;
    BmcOptions options;
    std::vector<ProgramVariant> variants;
    std::string error;
    double encodeSeconds = 0;
    size_t unrolledNodes = 0;
    z3::context ctx;
    std::optional<Unwinder> unwinder;
    std::optional<Encoder> encoder;

    // What a query assumes: its variant's literal, and the invariants it keeps.
    std::vector<z3::expr> variantFacts(const Query &q) const {
        std::vector<z3::expr> facts = encoder->variantFacts(q.variant);
        for (size_t i = 0; i < encoder->invariantSelectors.size(); ++i)
            facts.push_back(q.droppedInvariants.count(i) ? !encoder->invariantSelectors[i]
                                                         : encoder->invariantSelectors[i]);
        return facts;
    }

    z3::expr takenGuard(const UEdge &ue) {
        auto it = encoder->taken.find(&ue);
        if (it == encoder->taken.end())
            return ctx.bool_val(false);
        return it->second.size() == 1 ? it->second[0] : z3::mk_or(toVector(it->second));
    }
    z3::expr_vector toVector(const std::vector<z3::expr> &v) {
        z3::expr_vector out(ctx);
        for (const auto &e : v)
            out.push_back(e);
        return out;
    }
    z3::expr any(const std::vector<z3::expr> &v) { return v.empty() ? ctx.bool_val(false) : z3::mk_or(toVector(v)); }
    // At least `k` of the edges are taken: a sum of bit-vector ones, which bit-blasting
    // turns into an adder (so MiniSat still gets plain CNF).
    z3::expr takesAtLeast(const std::vector<EdgeId> &edges, unsigned k) {
        if (k == 0)
            return ctx.bool_val(true);
        unsigned width = 2;
        while ((1ull << (width - 1)) <= edges.size())
            ++width;
        z3::expr sum = ctx.bv_val(0, width);
        for (EdgeId e : edges)
            sum = sum + z3::ite(takesOneOf({e}), ctx.bv_val(1, width), ctx.bv_val(0, width));
        return z3::uge(sum, ctx.bv_val(uint64_t(k), width));
    }

    // The most covering execution: a soft constraint per edge of `cover` (SatSearch.h).
    z3::check_result maximize(const std::vector<EdgeId> &cover, const std::vector<z3::expr> &conditions,
                              const std::vector<z3::expr> &facts, double timeoutSeconds,
                              std::optional<z3::model> &model, std::string &reason) {
        std::vector<z3::expr> soft;
        for (EdgeId e : cover)
            soft.push_back(takesOneOf({e}));
        return solveMaxSat(ctx, encoder->definitions, conditions, facts, soft, timeoutSeconds, options.cancel, model,
                           reason);
    }

    // The execution takes one of the edges (true when none are named).
    z3::expr takesOneOf(const std::vector<EdgeId> &edges) {
        if (edges.empty())
            return ctx.bool_val(true);
        const std::set<EdgeId> wanted(edges.begin(), edges.end());
        std::vector<z3::expr> guards;
        for (const UNode &n : unwinder->nodes)
            for (const UEdge &ue : n.out)
                if (ue.kind != UEdge::Leave && wanted.count(ue.edge))
                    guards.push_back(takenGuard(ue));
        return any(guards);
    }

    QueryProduct productWith(const PathObserver &observer) {
        QueryProduct at(unwinder->nodes.size());
        auto add = [](std::map<int, z3::expr> &states, int state, const z3::expr &c) {
            auto it = states.find(state);
            if (it == states.end())
                states.emplace(state, c);
            else
                it->second = orE(it->second, c);
        };
        at[0].emplace(observer.initial(), ctx.bool_val(true));
        for (int n : unwinder->topo) {
            if (at[size_t(n)].empty())
                continue;
            for (const UEdge &ue : unwinder->nodes[size_t(n)].out) {
                if (ue.target < 0)
                    continue;
                const z3::expr taken = takenGuard(ue);
                if (taken.is_false())
                    continue;
                for (const auto &[state, c] : at[size_t(n)]) {
                    const int next = observer.step(state, {ue.edge, ue.kind == UEdge::Leave});
                    if (next != PathObserver::Blocked)
                        add(at[size_t(ue.target)], next, andE(c, taken));
                }
            }
        }
        return at;
    }
    // The automaton admits the violation's move: the execution reaches its location in a
    // state from which the move is not blocked.
    z3::expr admits(const PathObserver &observer, const QueryProduct &p, const Violation &v) {
        if (v.unode < 0)
            return ctx.bool_val(true); // in the initial state, before any move
        std::vector<z3::expr> in;
        for (const auto &[state, c] : p[size_t(v.unode)])
            if (observer.countsViolation(state, {v.edge, v.onReturn}))
                in.push_back(c);
        return any(in);
    }
    z3::expr accepts(const PathObserver &observer, const QueryProduct &p, const Goal &g) {
        std::vector<z3::expr> in;
        for (const auto &[state, c] : p[size_t(g.unode)]) {
            const int end = g.exitCall < 0 ? state : observer.step(state, {g.exitCall, false});
            if (end != PathObserver::Blocked && observer.accepting(end))
                in.push_back(c);
        }
        return any(in);
    }

    // Is "not found" complete: does no path the product admits end at a bound that matters
    // (a path cut by the bound might have taken a wanted edge later)? Sets result.complete,
    // or the reason, naming the loop that needs a larger bound.
    void decideComplete(const Query &query, const std::optional<QueryProduct> &product,
                        const std::vector<z3::expr> &facts, double timeoutSeconds, ExecutionSearch &result) {
        std::vector<z3::expr> unwinding;
        std::vector<const Violation *> cut;
        for (const auto &v : encoder->violations)
            if (v.property == Property::Unwinding && !query.boundedLoops.count(v.loop)) {
                unwinding.push_back(product ? andE(v.condition, admits(*query.observer, *product, v)) : v.condition);
                cut.push_back(&v);
            }
        std::optional<z3::model> model;
        std::string why;
        const z3::check_result u =
            solveAny(ctx, encoder->definitions, unwinding, facts, timeoutSeconds, options.cancel, model, why,
                     nullptr, encoder->floatingPoint);
        result.complete = u == z3::unsat;
        if (u == z3::sat) {
            result.reason = "bound " + std::to_string(options.unwind) + " too small";
            const std::vector<bool> cutHere = evaluateAll(*model, unwinding);
            for (size_t i = 0; i < unwinding.size(); ++i)
                if (cutHere[i]) {
                    result.reason += " for " + cut[i]->loop;
                    break;
                }
        } else if (u == z3::unknown) {
            result.reason = why;
        }
    }

    std::string queryError(const Query &q) const {
        if (!error.empty())
            return error;
        if (q.variant > variants.size())
            return "internal error: variant " + std::to_string(q.variant) + " of " + std::to_string(variants.size());
        return {};
    }
};

BmcEncoding::BmcEncoding(const Program &program, const BmcOptions &options, std::vector<ProgramVariant> variants)
    : d(std::make_unique<Impl>(program, options, std::move(variants))) {
    const auto start = std::chrono::steady_clock::now();
    if (program.entryFunction == NoFunction) {
        d->error = "the program has no entry function";
        return;
    }
    for (const ProgramVariant &v : d->variants) {
        std::string why = variantError(program, v);
        if (!why.empty()) {
            d->error = "variant '" + v.name + "': " + why;
            return;
        }
    }
    try {
        Deadline deadline(d->options.timeoutSeconds, d->options.cancel);
        d->unwinder.emplace(program, d->options);
        d->unwinder->deadline = &deadline;
        d->unwinder->build();
        d->unrolledNodes = d->unwinder->nodes.size();
        d->encoder.emplace(program, d->options, *d->unwinder, d->ctx, d->variants);
        d->encoder->deadline = &deadline;
        d->encoder->encode();
    } catch (const BmcInterrupted &i) {
        d->error = i.what + " (" + std::to_string(d->unwinder->nodes.size()) + " unwound locations)";
    } catch (const BmcUnsupported &u) {
        d->error = "unsupported by the bounded model checker: " + u.what;
    } catch (const z3::exception &ex) {
        d->error = std::string("solver error: ") + ex.msg();
    }
    d->encodeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

BmcEncoding::~BmcEncoding() = default;

const std::vector<ProgramVariant> &BmcEncoding::variants() const { return d->variants; }
const std::string &BmcEncoding::error() const { return d->error; }
double BmcEncoding::encodeSeconds() const { return d->encodeSeconds; }
size_t BmcEncoding::unrolledNodes() const { return d->unrolledNodes; }

ExecutionSearch BmcEncoding::findExecution(const Query &query) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    ExecutionSearch result;
    result.unrolledNodes = d->unrolledNodes;
    result.reason = d->queryError(query);
    if (!result.reason.empty())
        return result;
    const double budget = query.timeoutSeconds > 0 ? query.timeoutSeconds : d->options.timeoutSeconds;
    auto left = [&] { return budget > 0 ? std::max(0.001, budget - elapsed()) : 0.0; };
    const Encoder &encoder = *d->encoder;
    try {
        // Without unwinding assertions nothing could tell whether "not found" is complete.
        if (!d->options.unwindingAssertions) {
            result.reason = "internal error: an execution search needs unwinding assertions";
            return result;
        }
        std::optional<z3::model> model;
        const std::vector<z3::expr> facts = d->variantFacts(query);
        // With an automaton, goals and cut paths count where the product reaches them.
        std::optional<QueryProduct> product;
        if (query.observer)
            product = d->productWith(*query.observer);
        std::vector<z3::expr> goals;
        for (const Goal &g : encoder.goals)
            goals.push_back(product ? andE(g.guard, d->accepts(*query.observer, *product, g)) : g.guard);
        std::vector<z3::expr> found = facts;
        found.push_back(d->takesOneOf(query.through));
        if (query.coverAtLeast > 0)
            found.push_back(d->takesAtLeast(query.cover, query.coverAtLeast));
        z3::check_result r =
            query.maximizeCover
                ? d->maximize(query.cover, goals, found, left(), model, result.reason)
                : solveAny(d->ctx, encoder.definitions, goals, found, left(), d->options.cancel, model, result.reason,
                           nullptr, encoder.floatingPoint);
        result.optimal = query.maximizeCover && r == z3::sat;
        if (r == z3::sat) {
            result.status = ExecutionSearch::Found;
            result.input = inputsFromModel(encoder, *model);
        } else if (r == z3::unsat) {
            result.status = ExecutionSearch::NotFound;
            d->decideComplete(query, product, facts, left(), result);
        }
    } catch (const z3::exception &ex) {
        result.status = ExecutionSearch::Unknown;
        result.reason = std::string("solver error: ") + ex.msg();
    }
    result.seconds = elapsed();
    return result;
}

ExecutionSearch BmcEncoding::reach(const Query &query) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    ExecutionSearch result;
    result.unrolledNodes = d->unrolledNodes;
    result.reason = d->queryError(query);
    if (result.reason.empty() && query.through.empty() && !query.invariants)
        result.reason = "internal error: a reach query names no edge";
    if (result.reason.empty() && !d->options.unwindingAssertions)
        result.reason = "internal error: a reach query needs unwinding assertions";
    if (!result.reason.empty())
        return result;
    const double budget = query.timeoutSeconds > 0 ? query.timeoutSeconds : d->options.timeoutSeconds;
    auto left = [&] { return budget > 0 ? std::max(0.001, budget - elapsed()) : 0.0; };
    const Encoder &encoder = *d->encoder;
    try {
        const std::vector<z3::expr> facts = d->variantFacts(query);
        std::optional<QueryProduct> product;
        if (query.observer)
            product = d->productWith(*query.observer);
        // A wanted edge counts where it is taken in a state the automaton lets it be taken.
        const std::set<EdgeId> wanted(query.through.begin(), query.through.end());
        std::vector<z3::expr> hits;
        std::vector<EdgeId> hitEdges; // the wanted edge of each hit
        const auto &nodes = d->unwinder->nodes;
        for (size_t n = 0; n < nodes.size(); ++n)
            for (const UEdge &ue : nodes[n].out) {
                if (ue.kind == UEdge::Leave || !wanted.count(ue.edge))
                    continue;
                // An assertion that holds is passed, not entered: only its violation counts.
                if (query.violations && d->program.edge(ue.edge).kind == EdgeKind::Call &&
                    d->program.edge(ue.edge).call.intrinsic == Intrinsic::Assert)
                    continue;
                z3::expr taken = d->takenGuard(ue);
                if (taken.is_false())
                    continue;
                if (product) {
                    std::vector<z3::expr> admitted;
                    for (const auto &[state, c] : (*product)[n])
                        if (query.observer->step(state, {ue.edge, false}) != PathObserver::Blocked)
                            admitted.push_back(c);
                    taken = andE(taken, d->any(admitted));
                }
                hits.push_back(taken);
                hitEdges.push_back(ue.edge);
            }
        // A wanted edge that the bound cuts (a back edge taken once too often) is still
        // taken: the cut ends the path after it. Missing these hid goals on back edges.
        for (const auto &v : encoder.violations)
            if ((v.property == Property::Unwinding ? !v.onReturn : query.violations) && wanted.count(v.edge)) {
                hits.push_back(product ? andE(v.condition, d->admits(*query.observer, *product, v)) : v.condition);
                hitEdges.push_back(v.edge);
            }
        // A checked invariant that fails: where the automaton admits the state at its head.
        const size_t edgeHits = hits.size();
        std::vector<size_t> hitInvariants;
        if (query.invariants)
            for (const InvariantHit &h : encoder.invariantHits) {
                if (query.droppedInvariants.count(h.invariant))
                    continue;
                z3::expr c = h.condition;
                if (product) {
                    std::vector<z3::expr> admitted;
                    for (const auto &[state, at] : (*product)[size_t(h.unode)])
                        admitted.push_back(at);
                    c = andE(c, d->any(admitted));
                }
                hits.push_back(c);
                hitInvariants.push_back(h.invariant);
            }
        std::optional<z3::model> model;
        z3::check_result r = solveAny(d->ctx, encoder.definitions, hits, facts, left(), d->options.cancel, model,
                                      result.reason, nullptr, encoder.floatingPoint);
        if (r == z3::sat) {
            result.status = ExecutionSearch::Found;
            result.input = inputsFromModel(encoder, *model);
            std::set<EdgeId> reached;
            std::set<size_t> broken;
            const std::vector<bool> hit = evaluateAll(*model, hits);
            for (size_t i = 0; i < hits.size(); ++i)
                if (hit[i] && i < edgeHits)
                    reached.insert(hitEdges[i]);
                else if (hit[i])
                    broken.insert(hitInvariants[i - edgeHits]);
            result.reached.assign(reached.begin(), reached.end());
            result.brokenInvariants.assign(broken.begin(), broken.end());
        } else if (r == z3::unsat) {
            result.status = ExecutionSearch::NotFound;
            d->decideComplete(query, product, facts, left(), result);
        }
    } catch (const z3::exception &ex) {
        result.status = ExecutionSearch::Unknown;
        result.reason = std::string("solver error: ") + ex.msg();
    }
    result.seconds = elapsed();
    return result;
}

ExecutionSearch findExecution(const Program &program, const BmcOptions &options) {
    BmcOptions opts = options;
    opts.unwindingAssertions = true; // to know whether "not found" is complete
    BmcEncoding encoding(program, opts);
    BmcEncoding::Query q;
    // The budget covers the encoding too.
    if (options.timeoutSeconds > 0)
        q.timeoutSeconds = std::max(0.001, options.timeoutSeconds - encoding.encodeSeconds());
    ExecutionSearch result = encoding.findExecution(q);
    result.seconds += encoding.encodeSeconds();
    return result;
}

BmcResult BmcEncoding::check(const Query &query) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const Program &program = d->program;
    const BmcOptions &options = d->options;
    BmcResult result;
    result.bound = options.unwind;
    result.unrolledNodes = d->unrolledNodes;
    result.encodeSeconds = d->encodeSeconds;
    auto finish = [&](BmcResult &r) -> BmcResult & {
        r.seconds = elapsed();
        return r;
    };
    result.reason = d->queryError(query);
    if (!result.reason.empty())
        return finish(result);
    const Encoder &encoder = *d->encoder;
    const Unwinder &unwinder = *d->unwinder;
    result.checks = encoder.violations.size();
    try {
        if (encoder.violations.empty()) {
            result.verdict = Verdict::Safe;
            return finish(result);
        }
        const double budget = query.timeoutSeconds > 0 ? query.timeoutSeconds : options.timeoutSeconds;
        const std::vector<z3::expr> facts = d->variantFacts(query);
        // With an automaton, violations count where the product reaches them.
        std::optional<QueryProduct> product;
        if (query.observer)
            product = d->productWith(*query.observer);
        // A real violation counts only on an execution through a wanted edge; a path cut
        // by the bound counts wherever it is cut (it might have taken one later).
        const z3::expr through = d->takesOneOf(query.through);
        std::vector<z3::expr> conditions;
        for (const auto &v : encoder.violations) {
            z3::expr c = v.condition;
            if (product)
                c = andE(c, d->admits(*query.observer, *product, v));
            if (v.property != Property::Unwinding && !query.through.empty())
                c = andE(c, through);
            conditions.push_back(c);
        }
        // One query: is one of these checks violated? The real checks and the unwinding
        // checks in two groups of one bit-blasting, so that the second search below (the
        // real ones alone) reuses the clauses; the encoding is shared.
        std::vector<std::vector<z3::expr>> groups(2);
        for (size_t i = 0; i < conditions.size(); ++i)
            groups[encoder.violations[i].property == Property::Unwinding ? 1 : 0].push_back(conditions[i]);
        SatQuery search(d->ctx, encoder.definitions, facts, std::move(groups), encoder.floatingPoint);
        std::optional<z3::model> model;
        auto solve = [&](bool unwinding) -> z3::check_result {
            double left = budget > 0 ? std::max(0.001, budget - elapsed()) : 0.0;
            return search.solve({true, unwinding}, left, options.cancel, model, result.reason, &result.satSolver);
        };
        z3::check_result r = solve(true);
        const Violation *hit = nullptr;
        auto findHit = [&] {
            hit = nullptr;
            const std::vector<bool> violated = evaluateAll(*model, conditions);
            for (size_t i = 0; i < conditions.size() && !hit; ++i)
                if (violated[i])
                    hit = &encoder.violations[i];
        };
        if (r == z3::sat) {
            findHit();
            if (hit && hit->property == Property::Unwinding) {
                // The bound is too small somewhere; a real violation within the bound
                // still makes the program unsafe.
                std::optional<z3::model> unwindingModel = model;
                z3::check_result real = solve(false);
                if (real == z3::sat) {
                    findHit();
                } else {
                    model = unwindingModel;
                    findHit();
                    if (real == z3::unknown)
                        r = z3::unknown;
                }
            }
        }
        result.solveSeconds = elapsed();
        if (r == z3::unsat) {
            result.verdict = Verdict::Safe;
            return finish(result);
        }
        if (r == z3::unknown)
            return finish(result);
        if (!hit) {
            result.reason = "internal error: the model satisfies no check";
            return finish(result);
        }
        if (hit->unmodelled) {
            // Not the program's violation: an access the encoding does not model, reachable.
            result.reason = "unsupported by the bounded model checker: " + hit->message + " at " +
                            program.edge(hit->edge).text;
            return finish(result);
        }
        ExecutionInput input = inputsFromModel(encoder, *model);
        result.verdict = Verdict::Unsafe;
        result.property = hit->property;
        result.violationEdge = hit->edge;
        result.violationMessage = hit->message;
        result.cutLoop = hit->loop;
        // Replay: the concrete interpreter must reach the same violation in the same variant.
        InterpreterOptions io;
        io.properties = options.properties;
        io.properties.erase(Property::Unwinding);
        if (query.variant > 0)
            io.variant = &d->variants[query.variant - 1];
        std::vector<EdgeId> expected;
        if (hit->property == Property::Unwinding) {
            // The interpreter knows no bound: it must take the same edges as the path
            // that the bound cut, up to the cut.
            std::vector<z3::expr> nodeGuards;
            for (auto &[n, g] : encoder.nodeGuards)
                nodeGuards.push_back(g);
            const std::vector<bool> reached = evaluateAll(*model, nodeGuards);
            std::map<int, bool> guards;
            for (size_t i = 0; i < reached.size(); ++i)
                guards.emplace(encoder.nodeGuards[i].first, reached[i]);
            std::vector<int> position(unwinder.nodes.size());
            for (size_t i = 0; i < unwinder.topo.size(); ++i)
                position[size_t(unwinder.topo[i])] = int(i);
            int cur = 0;
            while (cur != hit->unode) {
                const UEdge *next = nullptr;
                for (const UEdge &ue : unwinder.nodes[size_t(cur)].out) {
                    if (ue.target < 0 || ue.unwindLimit || !guards.count(ue.target) || !guards.at(ue.target))
                        continue;
                    if (!next || position[size_t(ue.target)] < position[size_t(next->target)])
                        next = &ue;
                }
                if (!next)
                    break;
                if (next->kind != UEdge::Leave)
                    expected.push_back(next->edge);
                cur = next->target;
            }
            for (const UEdge &ue : unwinder.nodes[size_t(hit->unode)].out)
                if (ue.unwindLimit && ue.edge == hit->edge && ue.kind != UEdge::Leave)
                    expected.push_back(ue.edge);
            io.maxSteps = expected.size() + 1;
        }
        Execution x = runProgram(program, input, io);
        // The execution must also be one the query's automaton admits.
        bool admitted = true;
        if (query.observer) {
            int state = query.observer->initial();
            for (const PathMove &m : movesOf(program, x))
                if (state != PathObserver::Blocked)
                    state = query.observer->step(state, m);
            admitted = state != PathObserver::Blocked;
        }
        if (hit->property == Property::Unwinding) {
            bool same = x.steps.size() >= expected.size();
            for (size_t i = 0; same && i < expected.size(); ++i) {
                const CfaEdge &a = program.edge(x.steps[i].edge), &b = program.edge(expected[i]);
                // Two edges between the same locations are the same step to the unwinding.
                same = a.id == b.id || (a.from == b.from && a.to == b.to);
            }
            result.replayed = same && x.ending.kind == EndingKind::StepLimit;
        } else {
            result.replayed = x.ending.kind == EndingKind::PropertyViolation && x.ending.property == hit->property &&
                              x.ending.edge == hit->edge;
        }
        result.replayed = result.replayed && admitted;
        if (!result.replayed && getenv("VCOV_BMC_DEBUG")) {
            for (auto &[n, g] : encoder.nodeGuards)
                if (model->eval(g, true).is_true()) {
                    const UNode &u = unwinder.nodes[size_t(n)];
                    fprintf(stderr, "path: N%d line %u frame %d\n", u.node, program.node(u.node).line, u.frame);
                }
            for (const auto &st : x.steps)
                fprintf(stderr, "replay: N%d->N%d line %u %s\n", program.edge(st.edge).from, program.edge(st.edge).to,
                        program.edge(st.edge).line(), program.edge(st.edge).text.c_str());
        }
        result.counterexample = std::move(x);
        if (result.replayed && hit->property == Property::Unwinding) {
            // Not a bug of the program: the bound does not cover this execution.
            result.verdict = Verdict::Unknown;
            result.reason = "bound too small: " + hit->message + " fails (the execution is shown)";
        }
        if (!result.replayed && result.counterexample->ending.kind == EndingKind::UndefinedBehaviour) {
            // The solver chose values the program never defines (malloc'd memory not yet
            // written): no execution the interpreter can show, so no verdict.
            result.verdict = Verdict::Unknown;
            result.reason = "the counterexample for " + std::string(propertyName(hit->property)) + " at " +
                            program.edge(hit->edge).text + " needs " +
                            describeEnding(program, result.counterexample->ending) +
                            ", which the interpreter does not execute";
        } else if (!result.replayed && encoder.addressesUsed()) {
            // The solver chose addresses for objects (a pointer read as a number); the
            // interpreter has its own, and its execution went elsewhere: no verdict.
            result.verdict = Verdict::Unknown;
            result.reason = "the counterexample for " + std::string(propertyName(hit->property)) + " at " +
                            program.edge(hit->edge).text +
                            " rests on numeric addresses of objects (a pointer read as an integer), which the "
                            "interpreter lays out otherwise: it did not replay";
        } else if (!result.replayed) {
            result.verdict = Verdict::Unknown;
            result.reason = "internal error: the counterexample for " + std::string(propertyName(hit->property)) +
                            " at " + program.edge(hit->edge).text + " did not replay (the interpreter says: " +
                            describeEnding(program, result.counterexample->ending) + ")";
        }
    } catch (const z3::exception &ex) {
        result.verdict = Verdict::Unknown;
        result.reason = std::string("solver error: ") + ex.msg();
    }
    return finish(result);
}

std::string solverDescription() {
    unsigned major = 0, minor = 0, build = 0, revision = 0;
    Z3_get_version(&major, &minor, &build, &revision);
    return "Z3 " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build) +
           (miniSatAvailable() ? " and MiniSat" : "");
}

namespace {

// Whether the bound that cut this loop is BmcOptions::arrayOperationUnwind's.
bool arrayOperationLoop(const Program &program, const BmcOptions &options, const std::string &loop) {
    const auto dot = loop.rfind('.');
    if (dot == std::string::npos || options.loopBounds.count(loop))
        return false;
    const std::string name = loop.substr(0, dot);
    if (!isArrayOperationModel(name))
        return false;
    for (const FunctionCfa &f : program.functions) // the program's declaration may be another
        if (f.name == name && f.hasBody && f.range.file >= 0 && program.files[size_t(f.range.file)].path == CLibraryPath)
            return true;
    return false;
}

} // namespace

BmcResult BmcEncoding::checkGrowing(const Program &program, const BmcOptions &options,
                                    const std::vector<ProgramVariant> &variants, std::optional<BmcEncoding> &encoding) {
    // CBMC copies an array in one step: where only a memcpy's loop outgrows its bound, the
    // bound grows (x4) up to this many iterations, and the program is checked again.
    constexpr unsigned MaxArrayOperationUnwind = 1025;
    BmcOptions opts = options;
    double spent = 0;
    for (;;) {
        encoding.reset();
        encoding.emplace(program, opts, variants);
        BmcQuery q;
        // The budget covers the encoding too.
        if (options.timeoutSeconds > 0)
            q.timeoutSeconds = std::max(0.001, options.timeoutSeconds - spent - encoding->encodeSeconds());
        BmcResult result = encoding->check(q);
        result.seconds += encoding->encodeSeconds() + spent;
        spent = result.seconds;
        // (Replayed or not: a larger bound is as sound, and the replay may rest on addresses.)
        const bool grow = result.verdict == Verdict::Unknown && result.property == Property::Unwinding && arrayOperationLoop(program, opts, result.cutLoop) &&
                          opts.arrayOperationUnwind < MaxArrayOperationUnwind &&
                          (options.timeoutSeconds <= 0 || spent < options.timeoutSeconds);
        if (!grow)
            return result;
        opts.arrayOperationUnwind = std::min(MaxArrayOperationUnwind, 4 * opts.arrayOperationUnwind - 3);
    }
}

BmcResult checkProgram(const Program &program, const BmcOptions &options) {
    std::optional<BmcEncoding> encoding;
    return BmcEncoding::checkGrowing(program, options, {}, encoding);
}

} // namespace vcov
