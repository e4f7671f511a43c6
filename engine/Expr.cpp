#include "Expr.h"

#include <algorithm>

namespace vcov {

bool Expr::isLValue() const {
    switch (kind) {
    case ExprKind::Var:
    case ExprKind::Deref:
    case ExprKind::Index:
    case ExprKind::Member:
    case ExprKind::StringLit:
        return true;
    default:
        return false;
    }
}

const char *binaryOpSpelling(BinaryOp op) {
    switch (op) {
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Rem: return "%";
    case BinaryOp::Shl: return "<<";
    case BinaryOp::Shr: return ">>";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::LogAnd: return "&&";
    case BinaryOp::LogOr: return "||";
    }
    return "?";
}

const char *unaryOpSpelling(UnaryOp op) {
    switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::BitNot: return "~";
    case UnaryOp::FAbs: return "fabs";
    case UnaryOp::Sqrt: return "sqrt";
    case UnaryOp::Floor: return "floor";
    case UnaryOp::Ceil: return "ceil";
    case UnaryOp::Trunc: return "trunc";
    case UnaryOp::Round: return "round";
    case UnaryOp::LogNot: return "!";
    }
    return "?";
}

ExprPtr makeIntConst(const Type *type, int64_t value) {
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::IntConst;
    e->type = type;
    e->value = value;
    return e;
}

ExprPtr makeVar(const Type *type, VarId var) {
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Var;
    e->type = type;
    e->var = var;
    return e;
}

ExprPtr makeUnary(UnaryOp op, const Type *type, ExprPtr a) {
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Unary;
    e->type = type;
    e->unaryOp = op;
    e->ops = {std::move(a)};
    return e;
}

ExprPtr makeBinary(BinaryOp op, const Type *type, ExprPtr a, ExprPtr b) {
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Binary;
    e->type = type;
    e->binaryOp = op;
    e->ops = {std::move(a), std::move(b)};
    return e;
}

ExprPtr makeCast(CastKind kind, const Type *type, ExprPtr a) {
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Cast;
    e->type = type;
    e->castKind = kind;
    e->ops = {std::move(a)};
    return e;
}

ExprPtr makeNode(ExprKind kind, const Type *type, std::vector<ExprPtr> ops) {
    auto e = std::make_shared<Expr>();
    e->kind = kind;
    e->type = type;
    e->ops = std::move(ops);
    return e;
}

void collectVars(const ExprPtr &e, std::vector<VarId> &out) {
    if (!e)
        return;
    if (e->kind == ExprKind::Var && std::find(out.begin(), out.end(), e->var) == out.end())
        out.push_back(e->var);
    for (const auto &op : e->ops)
        collectVars(op, out);
}

bool Expr::isTrailingArrayThroughPointer() const {
    if (kind != ExprKind::Member || !type || !type->isArray() || ops.empty())
        return false;
    if (field + 1 != ops[0]->type->fields.size() || ops[0]->type->isUnion)
        return false;
    const Expr *root = ops[0].get();
    while (root->kind == ExprKind::Member)
        root = root->ops[0].get();
    return root->kind == ExprKind::Deref;
}

} // namespace vcov
