// Auxiliary invariants at loop heads (BmcOptions::invariants): k-induction's strengthening.
// Checked where an arrival is one that must satisfy them, assumed where it may; each behind
// a literal of its own, so that Houdini drops candidates query by query on one encoding.
#include "bmc/Encoder.h"

namespace vcov::bmc {

void Encoder::invariantsAt(int unode, State &s) {
    const UNode &un = U.nodes[size_t(unode)];
    if (!m_entryLoops)
        m_entryLoops = computeLoops(P, P.functions[size_t(P.entryFunction)]);
    while (invariantSelectors.size() < opts.invariants.size())
        invariantSelectors.push_back(ctx.bool_const(("invariant" + std::to_string(invariantSelectors.size())).c_str()));
    // How many times the path jumped back to this head: its own loop's count (the unwinder
    // keeps one per loop around the node, outermost first). Unknown without counts (a finite
    // observer bounds the paths): then every arrival is checked.
    std::optional<unsigned> arrival;
    const std::vector<int> &around = m_entryLoops->loopsOf(un.node);
    for (size_t i = 0; i < around.size() && i < un.counts.size(); ++i)
        if (m_entryLoops->loops[size_t(around[i])].head == un.node)
            arrival = un.counts[i];
    // All checks on the arriving state first: each candidate is checked on its own, not
    // under the others (dropping one leaves the others' checks as they were).
    std::vector<z3::expr> holds;
    for (size_t i = 0; i < opts.invariants.size(); ++i) {
        const BmcOptions::Invariant &inv = opts.invariants[i];
        if (inv.head != un.node || s.guard.is_false())
            continue;
        if (inv.checkedFrom == UINT_MAX && inv.firstArrivalOnly && arrival && *arrival > 0)
            continue;
        Eval ev{s, 0, -1, ctx.bool_val(true)};
        const z3::expr h = truth(eval(inv.cond, ev));
        const bool checked = inv.checkedFrom != UINT_MAX && (!arrival || *arrival >= inv.checkedFrom);
        if (checked)
            invariantHits.push_back({andE(s.guard, notE(h)), unode, i});
        holds.push_back(z3::implies(invariantSelectors[i], h));
    }
    for (const z3::expr &h : holds)
        s.guard = andE(s.guard, h);
}

} // namespace vcov::bmc
