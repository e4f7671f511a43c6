// Explicit-value analysis (DESIGN.md §2, "a new analysis is a new domain"): the abstract
// state knows the values of some scalar leaves and nothing about the others; the transfer
// relation follows the interpreter's semantics (semantics/Interpreter.cpp) wherever every
// operand is known, and goes to "unknown" where one is not. Sound by construction:
// unknown means any value, writes through unknown addresses forget what they may hit.
#pragma once

#include "Cfa.h"
#include "analysis/AbstractDomain.h"
#include "analysis/ObjectTable.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

constexpr ObjectKey NullObject = -1;

struct AbstractScalar {
    bool known = false;
    bool isPointer = false;
    uint64_t bits = 0;           // integers: truncated to the type's width
    ObjectKey object = NullObject; // pointers
    int64_t offset = 0;
    bool operator==(const AbstractScalar &) const = default;
};

// The leaves of one object, in Type::leaves() order; unknown leaves have known == false.
// A large array of one scalar type (SparseArrayElements or more) is held sparsely: `fill`
// for every element not in `elements` (known zero after an initializer, else unknown), so a
// write copies what is known, not the whole array.
struct ObjectValues {
    const Type *type = nullptr;
    std::vector<AbstractScalar> leaves; // dense objects only
    bool sparse = false;
    AbstractScalar fill;
    std::map<uint64_t, AbstractScalar> elements; // by leaf index; at most SparseKnownElements

    const AbstractScalar &leaf(uint64_t i) const;
    void set(uint64_t i, const AbstractScalar &v);
    uint64_t leafCount() const;
};
constexpr uint64_t SparseArrayElements = 4096;
// Beyond this many elements that differ from the fill, the analysis forgets some (unknown is
// always sound): a loop over 100000 elements would otherwise copy ever larger maps.
constexpr size_t SparseKnownElements = 1024;

struct ValueState : AbstractState {
    ObjectTable objects;

    // this ⊑ other: other knows no more than this and agrees on what it knows (the
    // stop operator: a state is covered by a more abstract one at the same location).
    bool lessOrEqual(const AbstractState &other) const override;
    // "x = 3, a[1] = 0, p = &x" for views and the teaching text.
    std::string describe(const Program &program) const override;
    // Every variable per call frame, unknown values as ⊤: {"globals", "g = 2"},
    // {"main", "x = ⊤, y = 1"}, {"f (called at line 7)", "p = ⊤"}.
    std::vector<std::pair<std::string, std::string>> describeFrames(const Program &program) const override;
    size_t knownCount() const;

    // The stop operator's index: the known leaves, as (object, leaf). A state with a sparse
    // array that knows anything is not indexed (its ⊑ compares fills and elements).
    std::optional<FactPositions> knownPositions() const override;
    uint64_t valuesAt(const FactPositions &positions) const override;
};

class ValueTransfer : public AbstractDomain {
public:
    explicit ValueTransfer(const Program &program);

    const char *name() const override { return "value"; }
    std::shared_ptr<const AbstractState> initialState() override;
    // The successors of a ValueState at a location; throws DomainUnsupported.
    std::vector<Successor> successors(const AbstractState &state, NodeId location) override;

    std::string objectName(ObjectKey key) const;

private:
    const Program &P;
    std::vector<const Expr *> m_strings; // string literals by index (keys -2 - index)
    std::map<const Expr *, ObjectKey> m_stringKeys;
    friend class ValueEvaluator;
};

} // namespace vcov
