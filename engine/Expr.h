// Side-effect-free C expressions: what a CFA edge computes. The front end hoists calls,
// assignments and increments out of expressions into edges of their own, so evaluating
// an Expr never changes the state (short-circuit operators and ?: keep their lazy
// evaluation so that `p && *p` stays defined).
#pragma once

#include "Types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace vcov {

using VarId = int32_t;
constexpr VarId NoVar = -1;

enum class ExprKind {
    IntConst,    // value (two's complement bits in the expression's type)
    Var,         // var
    StringLit,   // str; type is char[N]
    Unary,       // unaryOp, ops[0]
    Binary,      // binaryOp, ops[0], ops[1]
    Conditional, // ops[0] ? ops[1] : ops[2]
    Cast,        // castKind, ops[0]
    AddrOf,      // &ops[0]
    Deref,       // *ops[0]
    Index,       // ops[0][ops[1]], ops[0] an array lvalue
    Member,      // ops[0].field, ops[0] a struct lvalue
};

// FAbs ... Round: the math library's functions on a float or double that IEEE-754 defines
// exactly (fabs, sqrt correctly rounded, floor, ceil, trunc, round), as operators.
enum class UnaryOp { Neg, BitNot, LogNot, FAbs, Sqrt, Floor, Ceil, Trunc, Round };
inline bool isMathFunction(UnaryOp op) { return op >= UnaryOp::FAbs; }

enum class BinaryOp {
    Add, Sub, Mul, Div, Rem, Shl, Shr, BitAnd, BitOr, BitXor,
    Lt, Gt, Le, Ge, Eq, Ne,
    LogAnd, LogOr, // short-circuit
};

enum class CastKind {
    Integral,     // integer to integer (including to and from _Bool)
    ArrayDecay,   // array lvalue to pointer to its first element
    PointerToPointer,
    IntToPointer,
    PointerToInt,
    PointerToBool,
    NullToPointer,
    ToVoid,
    IntToFloat,   // integer to float/double, rounded to nearest even
    FloatToInt,   // truncated toward zero; a value out of the type's range is UB
    FloatToFloat, // double to float rounds; float to double is exact
    Reinterpret,  // the same bits read as a type of the same width: a float held in a union's unit
};

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr {
    ExprKind kind = ExprKind::IntConst;
    const Type *type = nullptr;
    int64_t value = 0; // IntConst
    VarId var = NoVar;
    std::string str;   // StringLit contents (without the terminating NUL)
    UnaryOp unaryOp = UnaryOp::Neg;
    BinaryOp binaryOp = BinaryOp::Add;
    CastKind castKind = CastKind::Integral;
    unsigned field = 0; // Member: index into the struct's fields
    std::vector<ExprPtr> ops;

    bool isLValue() const;
    // An array that is the last member of a struct reached through a pointer (`s->bytes[i]`,
    // aws_string's `bytes[1]`, a flexible array member): indexed as far as its object goes, so
    // only the object's bounds apply, as in CBMC ("dynamic object upper bound") and GCC.
    bool isTrailingArrayThroughPointer() const;
};

const char *binaryOpSpelling(BinaryOp op);
const char *unaryOpSpelling(UnaryOp op);

ExprPtr makeIntConst(const Type *type, int64_t value);
ExprPtr makeVar(const Type *type, VarId var);
ExprPtr makeUnary(UnaryOp op, const Type *type, ExprPtr a);
ExprPtr makeBinary(BinaryOp op, const Type *type, ExprPtr a, ExprPtr b);
ExprPtr makeCast(CastKind kind, const Type *type, ExprPtr a);
ExprPtr makeNode(ExprKind kind, const Type *type, std::vector<ExprPtr> ops);

// Variables referenced (reads and the base variables of lvalues), in first-use order.
void collectVars(const ExprPtr &e, std::vector<VarId> &out);

} // namespace vcov
