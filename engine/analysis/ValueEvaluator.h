// The value analysis's evaluator (ValueDomain.h): the IR evaluated over one abstract
// state in one frame, and writes into it. Private to analysis/: ValueDomain.cpp's transfer
// relation runs it per edge.
#pragma once

#include "analysis/ValueDomain.h"

namespace vcov {

inline ObjectKey localKey(int depth, VarId v) { return (ObjectKey(depth + 1) << 32) | ObjectKey(v); }
inline ObjectKey returnKey(int depth) { return (ObjectKey(depth + 1) << 32) | 0x7fffffff; }
inline int keyDepth(ObjectKey k) { return k >= 0 ? int(k >> 32) - 1 : -1; }
inline bool isReturnKey(ObjectKey k) { return k >= 0 && (k & 0xffffffff) == 0x7fffffff; }

// An evaluation that is certainly undefined (a known division by zero, a null
// dereference): no execution continues, so the path has no successor.
struct PathCut {};

enum class AddrKind { Known, ObjectOnly, Unknown };
struct AbstractAddress {
    AddrKind kind = AddrKind::Unknown;
    ObjectKey object = NullObject;
    int64_t offset = 0;
};

inline AbstractScalar knownInt(uint64_t bits) {
    AbstractScalar s;
    s.known = true;
    s.bits = bits;
    return s;
}

inline AbstractScalar knownPointer(ObjectKey object, int64_t offset) {
    AbstractScalar s;
    s.known = true;
    s.isPointer = true;
    s.object = object;
    s.offset = offset;
    return s;
}

inline AbstractScalar unknownOf(const Type *t) {
    AbstractScalar s;
    s.isPointer = t && t->isPointer();
    return s;
}

// Evaluates the IR over one abstract state in one frame, and writes into a copy of it.
class ValueEvaluator {
public:
    ValueEvaluator(const ValueTransfer &t, ValueState &s, int depth) : T(t), P(t.P), state(s), depth(depth) {}

    const Type *objectType(ObjectKey key) const;
    ObjectKey variableKey(VarId v) const;
    AbstractAddress address(const ExprPtr &e);

    // The leaf of `object` at `offset` accessed as `t`; -1 when the access is not one
    // leaf (the middle of a scalar, another type); throws PathCut when outside the object.
    int leafIndex(ObjectKey object, int64_t offset, const Type *t) const;
    AbstractScalar load(const AbstractAddress &a, const Type *t);
    ObjectValues &writable(ObjectKey key, const Type *type);
    void store(const AbstractAddress &a, const Type *t, const AbstractScalar &v);
    void copy(const AbstractAddress &dst, const AbstractAddress &src, const Type *t);
    void assign(const AbstractAddress &dst, const Type *t, const ExprPtr &value);
    void zeroFill(const AbstractAddress &dst, const Type *t);
    static bool truthKnown(const AbstractScalar &s, bool &value) {
        if (!s.known)
            return false;
        value = s.isPointer ? s.object != NullObject : s.bits != 0;
        return true;
    }

    AbstractScalar eval(const ExprPtr &e);

    // Evaluation on a branch that may not be taken: its undefinedness is no cut.
    AbstractScalar tryEval(const ExprPtr &e);
    AbstractScalar cast(const Expr &e);
    AbstractScalar binary(const Expr &e);

    // What an assume teaches beyond its truth: `x == 5` holds, so x is 5.
    void refine(const ExprPtr &cond, bool truth);
    const ValueTransfer &T;
    const Program &P;
    ValueState &state;
    int depth;
};

} // namespace vcov
