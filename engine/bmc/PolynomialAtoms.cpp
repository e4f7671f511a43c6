#include "bmc/PolynomialAtoms.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace vcov {

namespace {

bool multipliesVariables(const z3::expr &e) {
    if (!e.is_app() || e.decl().decl_kind() != Z3_OP_BMUL)
        return false;
    unsigned variables = 0;
    for (unsigned i = 0; i < e.num_args(); ++i)
        variables += e.arg(i).is_numeral() ? 0 : 1;
    return variables >= 2;
}

// x^-1 modulo 2^64 for odd x (Newton's iteration doubles the correct bits each step).
uint64_t inverseOdd(uint64_t x) {
    uint64_t y = x; // correct to 3 bits: x * x == 1 mod 8
    for (int i = 0; i < 5; ++i)
        y *= 2 - x * y;
    return y;
}

struct Monomial {
    uint64_t coefficient;
    std::optional<z3::expr> product; // none: the constant term
};

std::optional<z3::expr> normalForm(const z3::expr &a, const z3::expr &b) {
    z3::context &ctx = a.ctx();
    const unsigned width = a.get_sort().bv_size();
    if (width > 64)
        return std::nullopt;
    z3::params som(ctx);
    som.set("som", true);
    const z3::expr difference = (a - b).simplify(som);
    std::vector<Monomial> monomials;
    const unsigned n = difference.is_app() && difference.decl().decl_kind() == Z3_OP_BADD ? difference.num_args() : 1;
    for (unsigned i = 0; i < n; ++i) {
        const z3::expr m = n == 1 ? difference : difference.arg(i);
        uint64_t c = 1;
        if (m.is_numeral()) {
            if (!m.is_numeral_u64(c))
                return std::nullopt;
            monomials.push_back({c, std::nullopt});
        } else if (m.is_app() && m.decl().decl_kind() == Z3_OP_BMUL && m.arg(0).is_numeral()) {
            if (!m.arg(0).is_numeral_u64(c))
                return std::nullopt;
            z3::expr rest = m.arg(1);
            for (unsigned j = 2; j < m.num_args(); ++j)
                rest = rest * m.arg(j);
            monomials.push_back({c, rest});
        } else {
            monomials.push_back({1, m});
        }
    }
    // The order and the scale from the products alone (the same whatever the coefficients):
    // by the products' term ids, which the context shares between equal terms.
    std::sort(monomials.begin(), monomials.end(), [](const Monomial &x, const Monomial &y) {
        if (bool(x.product) != bool(y.product))
            return bool(x.product); // the constant last
        return x.product && x.product->id() < y.product->id();
    });
    const uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    if (monomials.empty() || !monomials.front().product) {
        // The products cancel: the equality is decided. Left to the SAT solver, it would have
        // to prove two multiplier circuits equal (egcd's step, a case of its branches where
        // p*s - r*q is the same after the iteration: half a minute).
        uint64_t constant = 0;
        for (const Monomial &m : monomials)
            constant += m.coefficient;
        return ctx.bool_val((constant & mask) == 0);
    }
    uint64_t lead = monomials.front().coefficient;
    if (lead == 0)
        return std::nullopt;
    while (!(lead & 1))
        lead >>= 1;
    const uint64_t inverse = inverseOdd(lead);
    std::optional<z3::expr> sum;
    for (const Monomial &m : monomials) {
        const uint64_t c = (m.coefficient * inverse) & mask;
        if (c == 0)
            continue;
        const z3::expr term = !m.product ? ctx.bv_val(c, width) : c == 1 ? *m.product : ctx.bv_val(c, width) * *m.product;
        sum = sum ? *sum + term : term;
    }
    if (!sum)
        return ctx.bool_val(true);
    return *sum == ctx.bv_val(0, width);
}

// The conditions of the bit-vector if-then-elses in `e`, while there are at most `most`
// (std::nullopt: more, or a term too large to walk).
std::optional<std::vector<z3::expr>> iteConditions(const z3::expr &e, size_t most) {
    std::vector<z3::expr> out, work{e};
    std::unordered_set<unsigned> seen, conditions;
    while (!work.empty()) {
        const z3::expr t = work.back();
        work.pop_back();
        if (!t.is_app() || !seen.insert(t.id()).second)
            continue;
        if (seen.size() > 4000)
            return std::nullopt;
        if (t.decl().decl_kind() == Z3_OP_ITE && t.is_bv()) {
            if (conditions.insert(t.arg(0).id()).second) {
                if (out.size() == most)
                    return std::nullopt;
                out.push_back(t.arg(0));
            }
            work.push_back(t.arg(1));
            work.push_back(t.arg(2));
            continue;
        }
        if (!t.is_bv() && !(t.decl().decl_kind() == Z3_OP_EQ))
            continue; // the inside of a condition is not split
        for (unsigned i = 0; i < t.num_args(); ++i)
            work.push_back(t.arg(i));
    }
    return out;
}

// a == b case by case on the few conditions of the if-then-elses in it (the values a loop's
// branches merge into): each case in the normal form. One iteration of egcd's loop makes
// p' = (a > b ? p - q : p); only with the case fixed do the products x*p' become the
// monomials x*p - x*q that the invariants at the head are written in.
std::optional<z3::expr> normalFormByCases(const z3::expr &a, const z3::expr &b) {
    z3::context &ctx = a.ctx();
    const std::optional<std::vector<z3::expr>> cs = iteConditions(a == b, 2);
    if (!cs || cs->empty())
        return normalForm(a, b);
    std::function<std::optional<z3::expr>(size_t, z3::expr, z3::expr)> split = [&](size_t i, z3::expr x,
                                                                                   z3::expr y) -> std::optional<z3::expr> {
        if (i == cs->size()) {
            if (std::optional<z3::expr> n = normalForm(x, y))
                return n;
            return x == y;
        }
        z3::expr_vector from(ctx), yes(ctx), no(ctx);
        from.push_back((*cs)[i]);
        yes.push_back(ctx.bool_val(true));
        no.push_back(ctx.bool_val(false));
        const std::optional<z3::expr> then =
            split(i + 1, x.substitute(from, yes).simplify(), y.substitute(from, yes).simplify());
        const std::optional<z3::expr> otherwise =
            split(i + 1, x.substitute(from, no).simplify(), y.substitute(from, no).simplify());
        if (!then || !otherwise)
            return std::nullopt;
        return z3::ite((*cs)[i], *then, *otherwise);
    };
    return split(0, a, b);
}

} // namespace

bool nonlinear(const std::vector<z3::expr> &roots) {
    std::vector<z3::expr> work(roots.begin(), roots.end());
    std::unordered_set<unsigned> seen;
    while (!work.empty()) {
        const z3::expr e = work.back();
        work.pop_back();
        if (!e.is_app() || !seen.insert(e.id()).second)
            continue;
        if (multipliesVariables(e))
            return true;
        for (unsigned i = 0; i < e.num_args(); ++i)
            work.push_back(e.arg(i));
    }
    return false;
}

z3::goal canonicalPolynomials(const z3::goal &goal) {
    z3::context &ctx = goal.ctx();
    // Post-order without recursion (an unwound program nests deeper than the stack allows),
    // each shared term once: whether it contains a product of variables, and its rewriting.
    std::unordered_map<unsigned, bool> below;
    std::unordered_map<unsigned, z3::expr> rewritten;
    std::vector<std::pair<z3::expr, bool>> stack; // a term; whether its arguments are done
    for (unsigned i = 0; i < goal.size(); ++i)
        stack.emplace_back(goal[i], false);
    while (!stack.empty()) {
        auto [e, argsDone] = stack.back();
        stack.pop_back();
        if (!e.is_app() || below.count(e.id()))
            continue;
        if (!argsDone) {
            stack.emplace_back(e, true);
            for (unsigned i = 0; i < e.num_args(); ++i)
                if (!below.count(e.arg(i).id()))
                    stack.emplace_back(e.arg(i), false);
            continue;
        }
        bool any = multipliesVariables(e), changed = false;
        z3::expr_vector args(ctx);
        for (unsigned i = 0; i < e.num_args(); ++i) {
            const z3::expr a = e.arg(i);
            any = any || below[a.id()];
            auto it = rewritten.find(a.id());
            changed = changed || it != rewritten.end();
            args.push_back(it != rewritten.end() ? it->second : a);
        }
        below[e.id()] = any;
        std::optional<z3::expr> out;
        if (changed)
            out = e.decl()(args);
        if (any && e.decl().decl_kind() == Z3_OP_EQ && e.arg(0).is_bv())
            if (std::optional<z3::expr> n = normalFormByCases(args[0], args[1]))
                out = *n;
        if (out)
            rewritten.emplace(e.id(), *out);
    }
    z3::goal out(ctx);
    for (unsigned i = 0; i < goal.size(); ++i) {
        auto it = rewritten.find(goal[i].id());
        out.add(it != rewritten.end() ? it->second : goal[i]);
    }
    return out;
}

z3::goal withSharedConjuncts(const z3::goal &goal, size_t maxTerms) {
    z3::context &ctx = goal.ctx();
    // Post-order without recursion: per Boolean term, the ids of the terms it implies (itself,
    // a conjunction's conjuncts and theirs, what all disjuncts of a disjunction imply).
    std::unordered_map<unsigned, std::vector<unsigned>> implied; // sorted ids
    std::unordered_map<unsigned, z3::expr> term;
    std::vector<std::pair<z3::expr, bool>> stack;
    for (unsigned i = 0; i < goal.size(); ++i)
        stack.emplace_back(goal[i], false);
    size_t stored = 0;
    auto kind = [](const z3::expr &e) { return e.is_app() ? e.decl().decl_kind() : Z3_OP_UNINTERPRETED; };
    while (!stack.empty()) {
        auto [e, argsDone] = stack.back();
        stack.pop_back();
        if (implied.count(e.id()))
            continue;
        const bool junction = kind(e) == Z3_OP_AND || kind(e) == Z3_OP_OR;
        if (!argsDone && junction) {
            stack.emplace_back(e, true);
            for (unsigned i = 0; i < e.num_args(); ++i)
                if (!implied.count(e.arg(i).id()))
                    stack.emplace_back(e.arg(i), false);
            continue;
        }
        if (term.size() >= maxTerms)
            return goal;
        term.emplace(e.id(), e);
        std::vector<unsigned> out;
        if (kind(e) == Z3_OP_AND) {
            for (unsigned i = 0; i < e.num_args(); ++i) {
                const std::vector<unsigned> &a = implied.at(e.arg(i).id());
                std::vector<unsigned> merged;
                std::set_union(out.begin(), out.end(), a.begin(), a.end(), std::back_inserter(merged));
                out = std::move(merged);
            }
        } else if (kind(e) == Z3_OP_OR && e.num_args() > 0) {
            out = implied.at(e.arg(0).id());
            for (unsigned i = 1; i < e.num_args() && !out.empty(); ++i) {
                const std::vector<unsigned> &a = implied.at(e.arg(i).id());
                std::vector<unsigned> common;
                std::set_intersection(out.begin(), out.end(), a.begin(), a.end(), std::back_inserter(common));
                out = std::move(common);
            }
        }
        out.insert(std::lower_bound(out.begin(), out.end(), e.id()), e.id());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        stored += out.size();
        if (stored > 50 * maxTerms)
            return goal; // sets that large: a formula of long conjunctions, not the step's
        implied.emplace(e.id(), std::move(out));
    }
    z3::goal out(ctx);
    std::unordered_set<unsigned> added;
    for (unsigned i = 0; i < goal.size(); ++i) {
        out.add(goal[i]);
        added.insert(goal[i].id());
    }
    for (unsigned i = 0; i < goal.size(); ++i)
        for (unsigned id : implied.at(goal[i].id()))
            if (kind(term.at(id)) != Z3_OP_AND && added.insert(id).second)
                out.add(term.at(id));
    return out;
}

} // namespace vcov
