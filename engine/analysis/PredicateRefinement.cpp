#include "analysis/PredicateTransferImpl.h"

#include <algorithm>
#include <bit>
#include <functional>

namespace vcov {

namespace {

bool isTrueAfterSimplify(const z3::expr &e, bool value) {
    z3::expr s = e.simplify();
    return value ? s.is_true() : s.is_false();
}

} // namespace

// --- refinement ------------------------------------------------------------------

bool PredicateTransfer::Impl::isConnective(const z3::expr &f) {
    if (!f.is_app())
        return false;
    const Z3_decl_kind k = f.decl().decl_kind();
    const bool boolArgs = f.num_args() > 0 && f.arg(0).is_bool();
    return k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES || k == Z3_OP_XOR ||
           (k == Z3_OP_ITE && f.arg(1).is_bool()) || (k == Z3_OP_EQ && boolArgs);
}

void PredicateTransfer::Impl::atoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen) {
    if (!seen.insert(f.id()).second)
        return;
    if (isConnective(f)) {
        for (unsigned i = 0; i < f.num_args(); ++i)
            if (f.arg(i).is_bool())
                atoms(f.arg(i), out, seen);
        return;
    }
    if (!f.is_bool() || f.is_true() || f.is_false() || mentionsHavoc(f))
        return;
    if (isTrueAfterSimplify(f, true) || isTrueAfterSimplify(f, false))
        return;
    out.push_back(f);
}

const std::vector<z3::expr> &PredicateTransfer::Impl::leaves(const z3::expr &t, std::vector<z3::expr> &conditions) {
    auto memo = leafMemo.find(t.id());
    if (memo != leafMemo.end())
        return memo->second;
    std::vector<z3::expr> out;
    if (t.is_app() && t.decl().decl_kind() == Z3_OP_ITE && !t.arg(1).is_bool()) {
        conditions.push_back(t.arg(0));
        for (unsigned i = 1; i <= 2; ++i)
            for (const auto &l : leaves(t.arg(i), conditions))
                if (out.size() < MaxLeaves && std::none_of(out.begin(), out.end(), [&](const z3::expr &o) { return z3::eq(o, l); }))
                    out.push_back(l);
    } else if (t.is_app() && t.num_args() > 0 && !t.is_bool()) {
        // f(args): every combination of the arguments' leaves, while there are few.
        std::vector<std::vector<z3::expr>> args;
        size_t combinations = 1;
        for (unsigned i = 0; i < t.num_args(); ++i) {
            args.push_back(leaves(t.arg(i), conditions));
            combinations *= std::max<size_t>(1, args.back().size());
        }
        if (combinations == 1 || combinations > MaxLeaves) {
            out.push_back(t);
        } else {
            std::vector<size_t> pick(args.size(), 0);
            while (true) {
                z3::expr_vector a(ctx);
                for (size_t i = 0; i < args.size(); ++i)
                    a.push_back(args[i][pick[i]]);
                out.push_back(t.decl()(a));
                size_t i = 0;
                while (i < pick.size() && ++pick[i] == args[i].size())
                    pick[i++] = 0;
                if (i == pick.size())
                    break;
            }
        }
    } else {
        out.push_back(t);
    }
    return leafMemo.emplace(t.id(), std::move(out)).first->second;
}

void PredicateTransfer::Impl::liftedAtoms(const z3::expr &f, std::vector<z3::expr> &out, std::set<unsigned> &seen) {
    if (!seen.insert(f.id()).second)
        return;
    if (isConnective(f)) {
        for (unsigned i = 0; i < f.num_args(); ++i)
            if (f.arg(i).is_bool())
                liftedAtoms(f.arg(i), out, seen);
        return;
    }
    if (f.is_app()) {
        if (f.is_bool() && f.num_args() == 2 && f.arg(0).is_bv()) {
            std::vector<z3::expr> conditions;
            std::vector<z3::expr> left = leaves(f.arg(0), conditions), right = leaves(f.arg(1), conditions);
            for (const auto &c : conditions)
                liftedAtoms(c, out, seen);
            if (left.size() * right.size() > 1 && left.size() * right.size() <= MaxLeaves) {
                for (const auto &l : left)
                    for (const auto &r : right) {
                        z3::expr_vector a(ctx);
                        a.push_back(l);
                        a.push_back(r);
                        z3::expr atom = f.decl()(a).simplify();
                        std::set<unsigned> none;
                        atoms(atom, out, none);
                    }
                return;
            }
        }
    }
    std::set<unsigned> none;
    atoms(f, out, none);
}

bool PredicateTransfer::Impl::havocDecidesValues(const z3::expr &f) {
    std::set<unsigned> seen;
    std::function<bool(const z3::expr &)> walk = [&](const z3::expr &e) -> bool {
        if (!seen.insert(e.id()).second)
            return false;
        if (!e.is_app())
            return false;
        const Z3_decl_kind k = e.decl().decl_kind();
        if ((k == Z3_OP_EQ || k == Z3_OP_DISTINCT) && e.num_args() == 2 && e.arg(0).is_bv() &&
            ((e.arg(1).is_numeral() && e.arg(0).is_const()) || (e.arg(0).is_numeral() && e.arg(1).is_const())))
            return false;
        if (e.is_const() && !e.is_numeral())
            return e.decl().name().str().rfind("havoc!", 0) == 0;
        for (unsigned i = 0; i < e.num_args(); ++i)
            if (walk(e.arg(i)))
                return true;
        return false;
    };
    return walk(f);
}

void PredicateTransfer::Impl::havocs(const z3::expr &f, std::vector<z3::expr> &out) {
    std::set<unsigned> seen, found;
    std::function<void(const z3::expr &)> walk = [&](const z3::expr &e) {
        if (!seen.insert(e.id()).second)
            return;
        if (e.is_const() && !e.is_numeral()) {
            if (e.decl().name().str().rfind("havoc!", 0) == 0 && found.insert(e.id()).second)
                out.push_back(e);
            return;
        }
        if (e.is_app())
            for (unsigned i = 0; i < e.num_args(); ++i)
                walk(e.arg(i));
    };
    walk(f);
}

bool PredicateTransfer::Impl::mentionsHavoc(const z3::expr &f) {
    if (f.is_const() && !f.is_numeral())
        return f.decl().name().str().rfind("havoc!", 0) == 0;
    if (f.is_app())
        for (unsigned i = 0; i < f.num_args(); ++i)
            if (mentionsHavoc(f.arg(i)))
                return true;
    return false;
}

z3::expr PredicateTransfer::Impl::eliminate(const z3::expr &q, const std::vector<z3::expr> &havocked) {
    if (havocked.empty())
        return q;
    z3::expr_vector bound(ctx);
    for (const auto &h : havocked)
        bound.push_back(h);
    // The cheap elimination first (equalities, one-sided bounds); the full one only for a
    // few inputs: its time limit is a cancel that Z3's qe checks rarely — 14 inputs of
    // pipeline.c's path held it 30 s past its 5 s.
    auto attempt = [&](z3::tactic t) -> std::optional<z3::expr> {
        try {
            z3::goal g(ctx);
            g.add(z3::forall(bound, q));
            z3::apply_result r = (t & z3::tactic(ctx, "simplify"))(g);
            if (r.size() == 1) {
                z3::expr e = r[0].as_expr();
                if (!hasQuantifier(e))
                    return e;
            }
        } catch (const z3::exception &) {
        }
        return std::nullopt;
    };
    // Never past the analysis's budget (deadline): a refinement along a long path
    // eliminates at many block starts.
    auto ms = [&](unsigned most) {
        if (!deadline)
            return most;
        const double left = std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count();
        return left <= 0.05 ? 0u : std::min(most, unsigned(left * 1000));
    };
    if (unsigned t = ms(2000))
        if (auto e = attempt(z3::try_for(z3::tactic(ctx, "qe-light"), t)))
            return *e;
    if (havocked.size() <= MaxFullEliminationInputs)
        if (unsigned t = ms(5000))
            if (auto e = attempt(z3::try_for(z3::tactic(ctx, "qe"), t)))
                return *e;
    return q;
}

bool PredicateTransfer::Impl::hasQuantifier(const z3::expr &e) {
    if (e.is_quantifier())
        return true;
    if (e.is_app())
        for (unsigned i = 0; i < e.num_args(); ++i)
            if (hasQuantifier(e.arg(i)))
                return true;
    return false;
}

std::optional<z3::expr> PredicateTransfer::Impl::normalized(const z3::expr &atom) {
    z3::expr s = atom.simplify();
    if (s.is_true() || s.is_false())
        return std::nullopt;
    z3::expr a = s.is_app() && s.decl().decl_kind() == Z3_OP_NOT ? s.arg(0) : s;
    if (!a.is_app() || isConnective(a) || a.decl().decl_kind() == Z3_OP_ITE || !a.is_bool() || slicesBits(a))
        return atom;
    return s;
}

bool PredicateTransfer::Impl::slicesBits(const z3::expr &e) {
    if (!e.is_app())
        return false;
    switch (e.decl().decl_kind()) {
    case Z3_OP_EXTRACT:
    case Z3_OP_CONCAT:
    case Z3_OP_ZERO_EXT:
    case Z3_OP_SIGN_EXT: return true;
    default: break;
    }
    for (unsigned i = 0; i < e.num_args(); ++i)
        if (slicesBits(e.arg(i)))
            return true;
    return false;
}

std::optional<std::pair<z3::expr, uint64_t>> PredicateTransfer::Impl::constantEquality(const z3::expr &a) {
    if (!a.is_app() || a.decl().decl_kind() != Z3_OP_EQ || a.num_args() != 2 || !a.arg(0).is_bv())
        return std::nullopt;
    uint64_t c = 0;
    for (int side : {0, 1})
        if (a.arg(1 - side).is_numeral_u64(c) && a.arg(side).is_const() && !a.arg(side).is_numeral())
            return std::make_pair(a.arg(side), c);
    return std::nullopt;
}

std::vector<z3::expr> PredicateTransfer::Impl::generalized(const std::vector<int> &prec) {
    std::map<std::string, std::pair<z3::expr, std::vector<uint64_t>>> byVariable;
    for (int id : prec)
        if (auto eq = constantEquality(preds[size_t(id)])) {
            auto it = byVariable.try_emplace(eq->first.to_string(), eq->first, std::vector<uint64_t>{}).first;
            it->second.second.push_back(eq->second);
        }
    std::vector<z3::expr> out;
    for (auto &[name, entry] : byVariable) {
        const z3::expr &v = entry.first;
        std::vector<uint64_t> &cs = entry.second;
        if (cs.size() < 2)
            continue;
        const unsigned w = v.get_sort().bv_size();
        if (w > 64)
            continue;
        const uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
        const bool unrolled = std::any_of(cs.begin(), cs.end(), [&](uint64_t c) {
            const int64_t asSigned = w < 64 && ((c >> (w - 1)) & 1) ? int64_t(c | ~mask) : int64_t(c);
            return !constants.count(asSigned) && !constants.count(int64_t(c));
        });
        if (!unrolled)
            continue;
        unsigned t = w;
        for (uint64_t c : cs)
            if (uint64_t d = (c - cs.front()) & mask)
                t = std::min(t, unsigned(std::countr_zero(d)));
        if (t >= 1 && t < w) {
            const uint64_t low = (uint64_t(1) << t) - 1;
            out.push_back((v & ctx.bv_val(low, w)) == ctx.bv_val(cs.front() & low, w));
        }
        bool isSigned = false;
        if (auto it = signedness.find(name); it != signedness.end())
            isSigned = it->second;
        auto value = [&](uint64_t c) {
            return isSigned && w < 64 && ((c >> (w - 1)) & 1) ? int64_t(c | ~mask) : int64_t(c);
        };
        auto [lo, hi] = std::minmax_element(cs.begin(), cs.end(),
                                            [&](uint64_t a, uint64_t b) { return isSigned ? value(a) < value(b) : a < b; });
        const z3::expr min = ctx.bv_val(*lo, w), max = ctx.bv_val(*hi, w);
        out.push_back(isSigned ? z3::sle(v, max) : z3::ule(v, max));
        out.push_back(isSigned ? z3::sge(v, min) : z3::uge(v, min));
    }
    return out;
}

int PredicateTransfer::Impl::predicateId(const z3::expr &atom) {
    z3::expr a = atom;
    if (a.is_app() && a.decl().decl_kind() == Z3_OP_NOT)
        a = a.arg(0);
    if (a.is_app() && a.decl().decl_kind() == Z3_OP_DISTINCT && a.num_args() == 2)
        a = a.arg(0) == a.arg(1); // x != y is the predicate x == y
    std::string key = a.to_string();
    auto it = index.find(key);
    if (it != index.end())
        return it->second;
    int id = int(preds.size());
    preds.push_back(a);
    texts.push_back(cText(a));
    index[key] = id;
    return id;
}

std::string PredicateTransfer::Impl::cText(const z3::expr &e, bool top) {
    auto wrap = [&](const std::string &s) { return top ? s : "(" + s + ")"; };
    if (e.is_numeral()) {
        uint64_t v = 0;
        if (e.is_bv() && e.is_numeral_u64(v)) {
            unsigned w = e.get_sort().bv_size();
            if (w > 1 && w <= 64 && (v >> (w - 1)) & 1)
                return std::to_string(int64_t(v | (w == 64 ? 0 : ~uint64_t(0) << w)));
            return std::to_string(v);
        }
        return e.to_string();
    }
    if (e.is_true())
        return "1";
    if (e.is_false())
        return "0";
    if (e.is_const()) {
        auto it = cNames.find(e.decl().name().str());
        return it != cNames.end() ? it->second : e.decl().name().str();
    }
    if (!e.is_app())
        return e.to_string();
    const Z3_decl_kind k = e.decl().decl_kind();
    // Operands of a comparison are arithmetic, which binds tighter in C: no parentheses,
    // but for the bitwise operators, which bind looser ((q & 3) == 2).
    auto bitwise = [](const z3::expr &t) {
        if (!t.is_app())
            return false;
        const Z3_decl_kind d = t.decl().decl_kind();
        return d == Z3_OP_BAND || d == Z3_OP_BOR || d == Z3_OP_BXOR;
    };
    auto infix = [&](const char *op) {
        const bool compare = e.num_args() > 0 && e.arg(0).is_bv() && e.is_bool();
        std::string s;
        for (unsigned i = 0; i < e.num_args(); ++i)
            s += (i ? std::string(" ") + op + " " : "") + cText(e.arg(i), compare && !bitwise(e.arg(i)));
        return wrap(s);
    };
    switch (k) {
    case Z3_OP_NOT: {
        const z3::expr a = e.arg(0);
        if (a.is_app()) {
            // !(a <= b) reads as a > b.
            switch (a.decl().decl_kind()) {
            case Z3_OP_EQ:
                if (!a.arg(0).is_bv())
                    break;
                return wrap(cText(a.arg(0)) + " != " + cText(a.arg(1)));
            case Z3_OP_SLEQ:
            case Z3_OP_ULEQ: return wrap(cText(a.arg(0)) + " > " + cText(a.arg(1)));
            case Z3_OP_SGEQ:
            case Z3_OP_UGEQ: return wrap(cText(a.arg(0)) + " < " + cText(a.arg(1)));
            case Z3_OP_SLT:
            case Z3_OP_ULT: return wrap(cText(a.arg(0)) + " >= " + cText(a.arg(1)));
            case Z3_OP_SGT:
            case Z3_OP_UGT: return wrap(cText(a.arg(0)) + " <= " + cText(a.arg(1)));
            default: break;
            }
        }
        return "!" + cText(a, false);
    }
    case Z3_OP_AND: return infix("&&");
    case Z3_OP_OR: return infix("||");
    case Z3_OP_IMPLIES: return wrap("!" + cText(e.arg(0), false) + " || " + cText(e.arg(1), false));
    case Z3_OP_EQ: return infix("==");
    case Z3_OP_DISTINCT: return infix("!=");
    case Z3_OP_SLEQ:
    case Z3_OP_ULEQ: return infix("<=");
    case Z3_OP_SGEQ:
    case Z3_OP_UGEQ: return infix(">=");
    case Z3_OP_SLT:
    case Z3_OP_ULT: return infix("<");
    case Z3_OP_SGT:
    case Z3_OP_UGT: return infix(">");
    case Z3_OP_BADD: return infix("+");
    case Z3_OP_BSUB: return infix("-");
    case Z3_OP_BMUL: return infix("*");
    case Z3_OP_BSDIV:
    case Z3_OP_BUDIV:
    case Z3_OP_BSDIV_I:
    case Z3_OP_BUDIV_I: return infix("/");
    case Z3_OP_BSREM:
    case Z3_OP_BUREM:
    case Z3_OP_BSREM_I:
    case Z3_OP_BUREM_I: return infix("%");
    case Z3_OP_BAND: return infix("&");
    case Z3_OP_BOR: return infix("|");
    case Z3_OP_BXOR: return infix("^");
    case Z3_OP_BSHL: return infix("<<");
    case Z3_OP_BASHR:
    case Z3_OP_BLSHR: return infix(">>");
    case Z3_OP_BNEG: return "-" + cText(e.arg(0), false);
    case Z3_OP_BNOT: return "~" + cText(e.arg(0), false);
    case Z3_OP_ITE:
        return wrap(cText(e.arg(0), false) + " ? " + cText(e.arg(1), false) + " : " + cText(e.arg(2), false));
    case Z3_OP_SIGN_EXT:
    case Z3_OP_ZERO_EXT:
    case Z3_OP_EXTRACT: return "(" + std::string(k == Z3_OP_EXTRACT ? "truncated" : "widened") + ")" + cText(e.arg(0), false);
    default: return e.to_string();
    }
}

namespace {

// The block starts (abstractions) on a path to a target, each block's path formula running
// to the next; the target's state holds its own block's, the violation included.
struct PathBlocks {
    std::vector<const PredicateState *> states; // states[i]: reached by the first i moves
    std::vector<size_t> starts;
};

std::optional<PathBlocks> pathBlocks(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) {
    if (path.empty() || states.size() != path.size() + 1)
        return std::nullopt;
    PathBlocks b;
    for (const AbstractState *a : states) {
        b.states.push_back(dynamic_cast<const PredicateState *>(a));
        if (!b.states.back())
            return std::nullopt;
    }
    for (size_t j = 0; j + 1 < b.states.size(); ++j)
        if (!b.states[j]->blockStart)
            b.starts.push_back(j);
    if (b.starts.empty() || b.starts.front() != 0 || !b.states.back()->blockStart)
        return std::nullopt;
    return b;
}

} // namespace

// Block k's path formula: up to the next block start's location, or the target's.
PredicateTransfer::Impl::Encoding blockEncoding(PredicateTransfer::Impl &d, const PathBlocks &b,
                                                const std::vector<PathMove> &path, size_t k) {
    if (k + 1 == b.starts.size())
        return d.encodingOf(*b.states.back());
    const size_t end = b.starts[k + 1];
    return d.extend(d.encodingOf(*b.states[end - 1]), d.effect(path[end - 1]));
}

// Backwards, block by block, what must hold at the root for no path of the blocks — merged
// ones included — to reach the violation, havocs free (read: for every value); with the
// initial values put in, its negation is satisfiable exactly when some execution follows
// them to the target.
z3::expr noPathFromRoot(PredicateTransfer::Impl &d, const PathBlocks &b, const std::vector<PathMove> &path) {
    z3::expr exact = d.ctx.bool_val(true);
    for (size_t k = b.starts.size(); k-- > 0;) {
        const auto e = blockEncoding(d, b, path, k);
        exact = k + 1 == b.starts.size() ? !e.guard : (!e.guard || e.apply(d.ctx, exact));
    }
    const auto init = d.extend(PredicateTransfer::Impl::Encoding(d.ctx), d.initialSteps());
    return !init.guard || init.apply(d.ctx, exact);
}

std::optional<bool> PredicateTransfer::pathFeasible(const std::vector<PathMove> &path,
                                                    const std::vector<const AbstractState *> &states) {
    auto b = pathBlocks(path, states);
    if (!b)
        return std::nullopt;
    const z3::check_result r = d->check(!noPathFromRoot(*d, *b, path));
    if (r == z3::unknown)
        return std::nullopt;
    return r == z3::sat;
}

Refinement PredicateTransfer::refine(const std::vector<PathMove> &path, const std::vector<const AbstractState *> &states) {
    Refinement r;
    if (path.empty() || states.size() != path.size() + 1)
        return r;
    const Program &P = d->P;
    // Node j is reached by the first j moves; its location:
    std::vector<NodeId> at{P.functions[P.entryFunction].entry};
    for (const PathMove &m : path)
        at.push_back(d->target(m));
    const PathMove last = path.back();
    const CfaEdge &le = P.edge(last.edge);
    const bool goal = !last.isReturn && le.kind == EdgeKind::Assume && d->goalEdges.count(last.edge);
    if (!goal && (last.isReturn || le.kind != EdgeKind::Call ||
                  (le.call.intrinsic != Intrinsic::Assert && le.call.intrinsic != Intrinsic::Error)))
        throw DomainUnsupported{"a target of this kind (" + le.text + ") is not refined"};
    auto blocks = pathBlocks(path, states);
    if (!blocks)
        throw DomainUnsupported{"a path that does not start at an abstraction (internal error)"};
    const std::vector<const PredicateState *> &ps = blocks->states;
    const std::vector<size_t> &starts = blocks->starts;
    // Some execution follows the blocks to the target: the tree path is infeasible, but a path
    // merged into a state on it is not. No abstraction is to blame, nothing is learned.
    if (d->check(!noPathFromRoot(*d, *blocks, path)) != z3::unsat) {
        r.mergedPathFeasible = true;
        r.why = "a path merged into the path to the target reaches it";
        return r;
    }
    // Backwards, block by block: what must hold at each block start for no path of the blocks
    // after it to reach the violation, havocs eliminated where one decides a value (free
    // havocs read "for every value": they belong to later blocks only). Its atoms, ites
    // lifted, join the location's precision.
    z3::expr q = d->ctx.bool_val(true);
    for (size_t k = starts.size(); k-- > 0;) {
        const size_t j = starts[k];
        Impl::Encoding e = blockEncoding(*d, *blocks, path, k);
        q = k + 1 == starts.size() ? !e.guard : (!e.guard || e.apply(d->ctx, q));
        if (d->havocDecidesValues(q)) {
            std::vector<z3::expr> havocked;
            d->havocs(q, havocked);
            q = d->eliminate(q, havocked);
        }
        std::vector<z3::expr> atoms;
        std::set<unsigned> seen;
        d->leafMemo.clear(); // by term id: valid only while the terms it was made of live
        d->liftedAtoms(q, atoms, seen);
        auto &prec = d->precision[at[j]];
        auto learn = [&](const z3::expr &atom) {
            const auto a = d->normalized(atom);
            if (!a)
                return;
            int id = d->predicateId(*a);
            if (!std::binary_search(prec.begin(), prec.end(), id)) {
                prec.insert(std::upper_bound(prec.begin(), prec.end(), id), id);
                ++r.newPredicates;
                r.learned.push_back(d->texts[size_t(id)] + " at " + d->where(at[j]));
            }
        };
        for (const z3::expr &a : atoms)
            learn(a);
        if (d->generalize)
            for (const z3::expr &a : d->generalized(prec))
                learn(a);
    }
    // The conditions of the tree path that its infeasibility rests on (teaching text): where
    // the weakest precondition of the violation changes across a condition.
    std::vector<std::string> core;
    {
        z3::expr w = d->ctx.bool_val(false);
        if (goal || le.call.intrinsic == Intrinsic::Assert)
            w = d->wp(d->effect(last, true), w);
        for (size_t j = path.size() - 1; j > 0; --j) {
            z3::expr next = d->wp(d->effect(path[j - 1]), w);
            const CfaEdge &e = P.edge(path[j - 1].edge);
            if (!path[j - 1].isReturn &&
                (e.kind == EdgeKind::Assume ||
                 (e.kind == EdgeKind::Call && (e.call.intrinsic == Intrinsic::Assume || e.call.intrinsic == Intrinsic::Assert))))
                if (!z3::eq(next, w) && !next.simplify().is_true())
                    core.push_back(e.text + " (line " + std::to_string(e.line()) + ")");
            w = next;
        }
    }
    // The first state computed with less precision than its location has now: learned just
    // now, or by another path's refinement after the state was made.
    for (size_t j : starts) {
        auto now = d->precision.find(at[j]);
        if (now != d->precision.end() && now->second.size() > ps[j]->precisionUsed) {
            r.pivot = int(j);
            break;
        }
    }
    std::reverse(core.begin(), core.end());
    std::string conditions;
    for (const auto &c : core)
        conditions += (conditions.empty() ? "" : ", ") + c;
    r.why = conditions.empty() ? "the path's operations contradict the property's violation"
                               : "no execution meets " + conditions + " together";
    if (r.newPredicates)
        d->textSnapshot = std::make_shared<std::vector<std::string>>(d->texts);
    if (r.pivot < 0)
        r.why = "the weakest preconditions along the path give no new predicate, and every state on it was computed "
                "with its location's whole precision (" + r.why + ")";
    return r;
}

} // namespace vcov
