#include "Cfa.h"

#include "semantics/FloatSemantics.h"

namespace vcov {

const char *intrinsicName(Intrinsic i) {
    switch (i) {
    case Intrinsic::None: return "none";
    case Intrinsic::Nondet: return "nondet";
    case Intrinsic::Assume: return "assume";
    case Intrinsic::Assert: return "assert";
    case Intrinsic::Error: return "error";
    case Intrinsic::Abort: return "abort";
    case Intrinsic::Exit: return "exit";
    case Intrinsic::Printf: return "printf";
    case Intrinsic::Malloc: return "malloc";
    case Intrinsic::Free: return "free";
    case Intrinsic::InvalidCall: return "invalid call";
    case Intrinsic::External: return "external";
    case Intrinsic::PointerOk: return "pointer-ok";
    case Intrinsic::Forall: return "forall";
    case Intrinsic::Exists: return "exists";
    case Intrinsic::Overflow: return "overflow";
    case Intrinsic::PointerPrimitive: return "pointer-primitive";
    case Intrinsic::BlockOperation: return "block-operation";
    }
    return "?";
}

bool assignedByNextCall(const Program &p, const CfaEdge &d) {
    if (d.kind != EdgeKind::Declaration || d.hasInitializer)
        return false;
    const CfaNode &next = p.node(d.to);
    if (next.out.size() != 1)
        return false;
    const CfaEdge &c = p.edge(next.out[0]);
    return c.kind == EdgeKind::Call && c.call.lhs && c.call.lhs->kind == ExprKind::Var && c.call.lhs->var == d.declared;
}

bool indeterminateReturn(const Program &p, const CfaEdge &d) {
    if (d.kind != EdgeKind::Declaration || d.hasInitializer)
        return false;
    const CfaNode &next = p.node(d.to);
    if (next.out.size() != 1)
        return false;
    const CfaEdge &r = p.edge(next.out[0]);
    return r.kind == EdgeKind::Return && r.value && r.value->kind == ExprKind::Var && r.value->var == d.declared;
}

const char *edgeKindName(EdgeKind k) {
    switch (k) {
    case EdgeKind::Blank: return "blank";
    case EdgeKind::Declaration: return "declaration";
    case EdgeKind::Assignment: return "assignment";
    case EdgeKind::Assume: return "assume";
    case EdgeKind::Call: return "call";
    case EdgeKind::Return: return "return";
    }
    return "?";
}

const FunctionCfa *Program::function(const std::string &name) const {
    for (const auto &f : functions)
        if (f.name == name)
            return &f;
    return nullptr;
}

FileId Program::fileId(const std::string &path) const {
    for (size_t i = 0; i < files.size(); ++i)
        if (files[i].path == path)
            return FileId(i);
    return -1;
}

std::set<FileLine> Program::coverableLines() const {
    std::set<FileLine> lines;
    for (const auto &e : edges)
        if (e.kind != EdgeKind::Blank && e.range.valid())
            lines.insert({e.range.file, e.range.beginLine});
    return lines;
}

std::set<unsigned> Program::coverableLines(FileId file) const {
    std::set<unsigned> lines;
    for (const auto &e : edges)
        if (e.kind != EdgeKind::Blank && e.range.valid() && e.range.file == file)
            lines.insert(e.range.beginLine);
    return lines;
}

std::vector<EdgeId> Program::edgesOnLine(FileId file, unsigned line) const {
    std::vector<EdgeId> out;
    for (const auto &e : edges)
        if (e.range.file == file && e.range.beginLine == line)
            out.push_back(e.id);
    return out;
}

size_t Program::functionsWithBody() const {
    size_t n = 0;
    for (const auto &f : functions)
        n += f.hasBody ? 1 : 0;
    return n;
}

std::string Program::functionPointerText(uint64_t number) const {
    if (number == 0)
        return "NULL";
    if (number <= functions.size())
        return "&" + functions[size_t(number - 1)].name;
    return "(function pointer " + std::to_string(number) + ")";
}

namespace {

bool castIsHidden(const Expr &e) {
    return e.castKind == CastKind::ArrayDecay || e.castKind == CastKind::NullToPointer ||
           e.castKind == CastKind::Integral || e.castKind == CastKind::PointerToBool ||
           e.castKind == CastKind::IntToFloat || e.castKind == CastKind::FloatToFloat ||
           e.castKind == CastKind::Reinterpret;
}

const StructField *unionViewMember(const Expr &deref) {
    if (deref.kind != ExprKind::Deref)
        return nullptr;
    const Expr &cast = *deref.ops[0];
    if (cast.kind != ExprKind::Cast || cast.castKind != CastKind::PointerToPointer)
        return nullptr;
    const Type *at = cast.ops[0]->type;
    const Type *u = at && at->isPointer() ? at->target : nullptr;
    if (!u || !u->membersAsViews)
        return nullptr;
    for (const StructField &m : u->members)
        if (m.type == deref.type)
            return &m;
    return nullptr;
}

int precedence(const Expr &e) {
    if (unionViewMember(e))
        return 16; // printed as a member access
    switch (e.kind) {
    case ExprKind::Binary:
        switch (e.binaryOp) {
        case BinaryOp::Mul: case BinaryOp::Div: case BinaryOp::Rem: return 13;
        case BinaryOp::Add: case BinaryOp::Sub: return 12;
        case BinaryOp::Shl: case BinaryOp::Shr: return 11;
        case BinaryOp::Lt: case BinaryOp::Gt: case BinaryOp::Le: case BinaryOp::Ge: return 10;
        case BinaryOp::Eq: case BinaryOp::Ne: return 9;
        case BinaryOp::BitAnd: return 8;
        case BinaryOp::BitXor: return 7;
        case BinaryOp::BitOr: return 6;
        case BinaryOp::LogAnd: return 5;
        case BinaryOp::LogOr: return 4;
        }
        return 0;
    case ExprKind::Conditional: return 3;
    case ExprKind::Cast:
        // Implicit conversions are printed as their operand, so they bind like it.
        return castIsHidden(e) ? precedence(*e.ops[0]) : 14;
    case ExprKind::Unary: case ExprKind::AddrOf: case ExprKind::Deref: return 14;
    default: return 16;
    }
}

std::string escapeC(const std::string &s) {
    std::string out;
    for (unsigned char c : s) {
        switch (c) {
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        default:
            if (c < 32 || c >= 127) {
                char buf[8];
                snprintf(buf, sizeof buf, "\\%03o", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    return out;
}

std::string print(const Program &p, const Expr &e);

std::string sub(const Program &p, const Expr &parent, const ExprPtr &child, bool rightAssoc = false) {
    std::string s = print(p, *child);
    const Expr *shown = child.get();
    while (shown->kind == ExprKind::Cast && castIsHidden(*shown))
        shown = shown->ops[0].get();
    int pc = precedence(*shown), pp = precedence(parent);
    if (pc < pp || (rightAssoc && pc == pp && shown->kind == ExprKind::Binary))
        return "(" + s + ")";
    return s;
}

// `*(M *)&u` and `*(M *)pu`, the front end's reading of a member of a union whose members
// are views (Type::membersAsViews), printed as the source wrote it: `u.m`, `pu->m`.
std::string unionView(const Program &p, const Expr &deref) {
    const StructField *m = unionViewMember(deref);
    if (!m)
        return {};
    const Expr &at = *deref.ops[0]->ops[0];
    if (at.kind == ExprKind::AddrOf)
        return sub(p, deref, at.ops[0]) + "." + m->name;
    return sub(p, deref, deref.ops[0]->ops[0]) + "->" + m->name;
}

std::string print(const Program &p, const Expr &e) {
    switch (e.kind) {
    case ExprKind::IntConst:
        if (e.type && e.type->isFloat())
            return floatText(uint64_t(e.value), e.type) + (e.type->bits == 32 ? "f" : "");
        if (e.type && e.type->isInt() && !e.type->isSigned && !e.type->isBool)
            return std::to_string(uint64_t(e.value) & (e.type->bits >= 64 ? ~0ULL : ((1ULL << e.type->bits) - 1))) + "U";
        return std::to_string(e.value);
    case ExprKind::Var:
        return e.var >= 0 && size_t(e.var) < p.variables.size() ? p.variables[e.var].name : "?";
    case ExprKind::StringLit:
        return "\"" + escapeC(e.str) + "\"";
    case ExprKind::Unary:
        if (isMathFunction(e.unaryOp)) // sqrtf for a float, as the source spells it
            return std::string(unaryOpSpelling(e.unaryOp)) + (e.type->bits == 32 ? "f(" : "(") + print(p, *e.ops[0]) + ")";
        return std::string(unaryOpSpelling(e.unaryOp)) + sub(p, e, e.ops[0]);
    case ExprKind::Binary:
        return sub(p, e, e.ops[0]) + " " + binaryOpSpelling(e.binaryOp) + " " + sub(p, e, e.ops[1], true);
    case ExprKind::Conditional:
        return sub(p, e, e.ops[0], true) + " ? " + sub(p, e, e.ops[1]) + " : " + sub(p, e, e.ops[2]);
    case ExprKind::Cast:
        // Implicit conversions are not written in the source; show them only where a
        // reader needs them.
        if (castIsHidden(e))
            return print(p, *e.ops[0]);
        return "(" + e.type->spelling() + ")" + sub(p, e, e.ops[0]);
    case ExprKind::AddrOf:
        return "&" + sub(p, e, e.ops[0]);
    case ExprKind::Deref:
        if (std::string view = unionView(p, e); !view.empty())
            return view;
        return "*" + sub(p, e, e.ops[0]);
    case ExprKind::Index:
        return sub(p, e, e.ops[0]) + "[" + print(p, *e.ops[1]) + "]";
    case ExprKind::Member: {
        const Type *st = e.ops[0]->type;
        std::string f = st && e.field < st->fields.size() ? st->fields[e.field].name : "?";
        if (e.ops[0]->kind == ExprKind::Deref && !unionViewMember(*e.ops[0]))
            return sub(p, e, e.ops[0]->ops[0]) + "->" + f;
        return sub(p, e, e.ops[0]) + "." + f;
    }
    }
    return "?";
}

} // namespace

void forEachEdgeExpr(const CfaEdge &e, const std::function<void(const ExprPtr &)> &f) {
    auto visit = [&](const ExprPtr &x) {
        if (x)
            f(x);
    };
    for (const Initializer &i : e.inits) {
        visit(i.target);
        visit(i.value);
    }
    visit(e.lhs);
    visit(e.rhs);
    visit(e.cond);
    visit(e.value);
    visit(e.call.lhs);
    for (const ExprPtr &a : e.call.args)
        visit(a);
}

std::set<VarId> addressTakenVariables(const Program &p) {
    std::set<VarId> out;
    auto scan = [&](const ExprPtr &x) {
        std::vector<const Expr *> todo{x.get()};
        while (!todo.empty()) {
            const Expr *y = todo.back();
            todo.pop_back();
            if (y->kind == ExprKind::AddrOf || (y->kind == ExprKind::Cast && y->castKind == CastKind::ArrayDecay)) {
                const Expr *root = y->ops[0].get();
                while (root->kind == ExprKind::Member || root->kind == ExprKind::Index)
                    root = root->ops[0].get();
                if (root->kind == ExprKind::Var)
                    out.insert(root->var);
            }
            for (const ExprPtr &o : y->ops)
                todo.push_back(o.get());
        }
    };
    for (const CfaEdge &e : p.edges)
        forEachEdgeExpr(e, scan);
    for (const GlobalDeclaration &g : p.globals)
        for (const Initializer &i : g.inits)
            scan(i.value);
    return out;
}

bool callsBody(const Program &p, const CfaEdge &e) {
    return e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::None && e.call.callee != NoFunction &&
           p.functions[size_t(e.call.callee)].hasBody;
}

std::string variantError(const Program &p, const ProgramVariant &v) {
    for (const auto &[id, r] : v.edges) {
        if (id < 0 || size_t(id) >= p.edges.size())
            return "edge " + std::to_string(id) + " does not exist";
        const CfaEdge &e = p.edge(id);
        const std::string which = "edge " + std::to_string(id) + " (" + e.text + ")";
        if (r.id != id || r.from != e.from || r.to != e.to || r.function != e.function)
            return which + ": the replacement must keep the edge's id and locations";
        if (callsBody(p, e) || callsBody(p, r))
            return which + ": calls of functions with a body cannot be replaced or introduced";
        auto fixed = [](EdgeKind k) {
            return k == EdgeKind::Assume || k == EdgeKind::Return || k == EdgeKind::Declaration;
        };
        if ((fixed(e.kind) || fixed(r.kind)) && e.kind != r.kind)
            return which + ": an edge of kind '" + edgeKindName(e.kind) + "' can only be replaced by one of that kind";
        if (e.kind == EdgeKind::Declaration && e.declared != r.declared)
            return which + ": the replacement must declare the same variable";
    }
    return {};
}

std::vector<PathMove> movesAt(const Program &p, NodeId location, const std::vector<EdgeId> &calls) {
    std::vector<PathMove> moves;
    for (EdgeId e : p.node(location).out)
        moves.push_back({e, false});
    if (!calls.empty() && location == p.functions[size_t(p.node(location).function)].exit)
        moves.push_back({calls.back(), true});
    return moves;
}

NodeId afterMove(const Program &p, PathMove m, std::vector<EdgeId> &calls) {
    const CfaEdge &e = p.edge(m.edge);
    if (m.isReturn) {
        if (!calls.empty())
            calls.pop_back();
        return e.to;
    }
    if (callsBody(p, e)) {
        calls.push_back(e.id);
        return p.functions[size_t(e.call.callee)].entry;
    }
    return e.to;
}

std::vector<std::vector<NodeId>> predecessorsWithCalls(const Program &p) {
    std::vector<std::vector<NodeId>> preds(p.nodes.size());
    for (const auto &e : p.edges) {
        preds[size_t(e.to)].push_back(e.from);
        if (callsBody(p, e))
            preds[size_t(p.functions[size_t(e.call.callee)].entry)].push_back(e.from);
    }
    return preds;
}

std::string exprToString(const Program &p, const ExprPtr &e) { return e ? print(p, *e) : std::string(); }

std::string edgeOperation(const Program &p, const CfaEdge &e) {
    switch (e.kind) {
    case EdgeKind::Blank:
        return e.text;
    case EdgeKind::Declaration: {
        const Variable &v = p.variable(e.declared);
        std::string s = v.type->declare(v.name);
        for (const auto &init : e.inits)
            s += "; " + exprToString(p, init.target) + " = " + exprToString(p, init.value);
        return s;
    }
    case EdgeKind::Assignment:
        return exprToString(p, e.lhs) + " = " + exprToString(p, e.rhs);
    case EdgeKind::Assume:
        return e.truth ? "[" + exprToString(p, e.cond) + "]" : "[!(" + exprToString(p, e.cond) + ")]";
    case EdgeKind::Call: {
        std::string s = e.call.lhs ? exprToString(p, e.call.lhs) + " = " : std::string();
        s += e.call.calleeName + "(";
        for (size_t i = 0; i < e.call.args.size(); ++i)
            s += (i ? ", " : "") + exprToString(p, e.call.args[i]);
        return s + ")";
    }
    case EdgeKind::Return:
        return e.value ? "return " + exprToString(p, e.value) : "return";
    }
    return e.text;
}

} // namespace vcov
