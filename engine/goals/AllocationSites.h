// Where pointers may point, by allocation site: a flow-insensitive points-to analysis of
// the whole program (Andersen's inclusion rules, one abstract location per variable, per
// function result and per malloc call's objects, their fields merged, arrays smashed). The
// inductive step havocs a pointer only where this knows every value it may hold: NULL or
// the start of an object that one of its sites allocated (BmcOptions::HeapSites).
#pragma once

#include "Cfa.h"
#include "bmc/Bmc.h"

#include <memory>
#include <optional>
#include <set>

namespace vcov {

// Whether an object of this type holds a pointer somewhere.
bool holdsPointers(const Type *t);

class AllocationSites {
public:
    explicit AllocationSites(const Program &program);

    // The sites whose objects a write to `lvalue` may change; none for a write to a variable
    // (or part of one); nullopt when the write may go elsewhere too (through a pointer this
    // analysis does not follow).
    std::optional<std::set<EdgeId>> writtenSites(const ExprPtr &lvalue) const;
    // Whether a havoc may give variable v (holding pointers) only values of its sites.
    bool known(VarId v) const { return m_heap->variables.count(v) > 0; }
    // Variables whose address is taken (&v, an array decaying to a pointer): the liveness of
    // the inductive step leaves them alone.
    const std::set<VarId> &addressTaken() const { return m_addressTaken; }
    std::shared_ptr<const HeapSites> heap() const { return m_heap; }

private:
    const Program &P;
    std::shared_ptr<HeapSites> m_heap;
    std::set<VarId> m_addressTaken;
    struct Impl;
    std::shared_ptr<const Impl> d;
};

} // namespace vcov
