// Explicit-value analysis (DESIGN.md §2, "a new analysis is a new domain"): the abstract
// state knows the values of some scalar leaves and nothing about the others; the transfer
// relation follows the interpreter's semantics (semantics/Interpreter.cpp) wherever every
// operand is known, and goes to "unknown" where one is not. Sound by construction:
// unknown means any value, writes through unknown addresses forget what they may hit.
#pragma once

#include "Cfa.h"
#include "analysis/AbstractDomain.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

// Abstract object ids: globals are their VarId; locals and return slots carry the call
// depth in the upper half; string literals are negative.
using ObjectKey = int64_t;
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

// The objects of a state in one vector sorted by key. Every ART node (and every node of
// the generator, millions of them) holds its own copy: one allocation of ~60 entries is a
// third of the memory and time of a std::map's 60 nodes. Values stay shared between states.
class ObjectTable {
public:
    using Entry = std::pair<ObjectKey, std::shared_ptr<const ObjectValues>>;
    using iterator = std::vector<Entry>::iterator;
    using const_iterator = std::vector<Entry>::const_iterator;

    iterator begin() { return m_entries.begin(); }
    iterator end() { return m_entries.end(); }
    const_iterator begin() const { return m_entries.begin(); }
    const_iterator end() const { return m_entries.end(); }
    size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }

    iterator find(ObjectKey key) {
        auto it = lowerBound(key);
        return it != m_entries.end() && it->first == key ? it : m_entries.end();
    }
    const_iterator find(ObjectKey key) const { return const_cast<ObjectTable *>(this)->find(key); }
    size_t count(ObjectKey key) const { return find(key) != end() ? 1 : 0; }
    // The slot of `key`, empty (null) when it was not there.
    std::shared_ptr<const ObjectValues> &operator[](ObjectKey key) {
        auto it = lowerBound(key);
        if (it == m_entries.end() || it->first != key)
            it = m_entries.insert(it, Entry{key, nullptr});
        return it->second;
    }
    size_t erase(ObjectKey key) {
        auto it = find(key);
        if (it == m_entries.end())
            return 0;
        m_entries.erase(it);
        return 1;
    }
    template <class Pred> void eraseIf(Pred pred) {
        std::erase_if(m_entries, [&](const Entry &e) { return pred(e.first); });
    }
    void clear() { m_entries.clear(); }

private:
    iterator lowerBound(ObjectKey key) {
        return std::lower_bound(m_entries.begin(), m_entries.end(), key,
                                [](const Entry &e, ObjectKey k) { return e.first < k; });
    }
    std::vector<Entry> m_entries;
};

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
