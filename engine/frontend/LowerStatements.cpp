// A function's CFA (Lowering.h): its nodes and edges, the statements, declarations with
// their initializers, switch and return; pruning and contraction when it is committed.
#include "frontend/Lowering.h"

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>

namespace vcov::lowering {

FunctionCfa &FunctionBuilder::F() { return m_function == NoFunction ? m_scratch : L.P.functions[m_function]; }

FunctionBuilder::FunctionBuilder(Lowering &l, FunctionId function, clang::ASTContext &ctx)
    : L(l), m_function(function), m_ctx(ctx) {}

const Type *FunctionBuilder::type(clang::QualType q, clang::SourceLocation loc) { return L.type(m_ctx, q, loc); }

std::string FunctionBuilder::text(clang::SourceRange r) const {
    const auto &sm = m_ctx.getSourceManager();
    auto cr = sm.getExpansionRange(r);
    bool invalid = false;
    llvm::StringRef s = clang::Lexer::getSourceText(cr, sm, m_ctx.getLangOpts(), &invalid);
    return invalid ? std::string() : collapseWhitespace(s);
}

NodeId FunctionBuilder::newNode() {
    m_nodes.push_back({});
    return NodeId(m_nodes.size() - 1);
}

void FunctionBuilder::requireNode(clang::SourceLocation loc) {
    if (m_global)
        throw Unsupported{loc, "side effect in a global initializer"};
}

CfaEdge &FunctionBuilder::addEdge(NodeId from, NodeId to, EdgeKind kind, clang::SourceRange r, std::string t) {
    m_edges.push_back({});
    CfaEdge &e = m_edges.back().e;
    e.id = EdgeId(m_edges.size() - 1);
    e.from = from;
    e.to = to;
    e.kind = kind;
    e.function = F().id;
    e.range = L.range(m_ctx.getSourceManager(), m_ctx.getLangOpts(), r);
    e.text = std::move(t);
    return e;
}

CfaEdge &FunctionBuilder::addEdgeAt(EdgeKind kind, clang::SourceRange r, std::string t) {
    requireNode(r.getBegin());
    NodeId next = newNode();
    CfaEdge &e = addEdge(m_cur, next, kind, r, std::move(t));
    m_cur = next;
    return e;
}

VarId FunctionBuilder::temporary(const Type *t, clang::SourceLocation loc) {
    requireNode(loc);
    Variable v;
    v.name = "__vcov_tmp" + std::to_string(F().locals.size());
    v.qualifiedName = F().name + "::" + v.name;
    v.type = t;
    v.function = F().id;
    v.isTemporary = true;
    VarId id = L.newVariable(v);
    F().locals.push_back(id);
    return id;
}

ExprPtr FunctionBuilder::convert(ExprPtr e, const Type *to) {
    const Type *from = e->type;
    if (from == to || to->kind == TypeKind::Void)
        return e;
    if (from->isInt() && to->isInt())
        return makeCast(CastKind::Integral, to, e);
    if (from->isFloat() && to->isFloat())
        return makeCast(CastKind::FloatToFloat, to, e);
    if (from->isInt() && to->isFloat())
        return makeCast(CastKind::IntToFloat, to, e);
    if (from->isFloat() && to->isBool) // C11 6.3.1.2: 0 if the value compares equal to 0, else 1
        return makeCast(CastKind::Integral, to, truth(e));
    if (from->isFloat() && to->isInt())
        return makeCast(CastKind::FloatToInt, to, e);
    if (from->isPointer() && to->isPointer())
        return makeCast(CastKind::PointerToPointer, to, e);
    if (from->isInt() && to->isPointer())
        return makeCast(e->kind == ExprKind::IntConst && e->value == 0 ? CastKind::NullToPointer : CastKind::IntToPointer, to, e);
    if (from->isPointer() && to->isInt())
        return makeCast(to->isBool ? CastKind::PointerToBool : CastKind::PointerToInt, to, e);
    if (from->isArray() && to->isPointer())
        return makeCast(CastKind::PointerToPointer, to,
                        makeCast(CastKind::ArrayDecay, L.P.types.pointerTo(from->target), e));
    return e; // structs of the same layout
}

ExprPtr FunctionBuilder::truth(ExprPtr e) {
    if (!e->type->isFloat())
        return e;
    return makeBinary(BinaryOp::Ne, L.P.types.intT(), e, makeIntConst(e->type, 0));
}

void FunctionBuilder::build(const clang::FunctionDecl *fd) {
    m_decl = fd;
    m_entry = newNode();
    m_exit = newNode();
    m_cur = m_entry;
    for (const clang::ParmVarDecl *p : fd->parameters()) {
        Variable v;
        v.name = p->getNameAsString();
        if (v.name.empty())
            v.name = "__vcov_param" + std::to_string(F().params.size());
        v.qualifiedName = F().name + "::" + v.name;
        v.type = type(p->getType(), p->getLocation());
        v.holdsFunctions = holdsFunctions(p->getType());
        v.function = F().id;
        v.isParam = true;
        v.range = L.range(m_ctx.getSourceManager(), m_ctx.getLangOpts(), p->getSourceRange());
        VarId id = L.newVariable(v);
        m_locals[p] = id;
        m_localNameCount[v.name]++;
        F().params.push_back(id);
    }
    if (fd->isVariadic()) {
        // The arguments after the named ones (LowerVariadic.cpp).
        Variable v;
        v.name = "__vcov_va_args";
        v.qualifiedName = F().name + "::" + v.name;
        v.type = L.P.types.pointerTo(L.P.types.pointerTo(L.P.types.voidType()));
        v.function = F().id;
        v.isParam = true;
        v.range = L.range(m_ctx.getSourceManager(), m_ctx.getLangOpts(), fd->getLocation());
        m_vaArgs = L.newVariable(v);
        F().params.push_back(m_vaArgs);
    }
    if (F().name == L.opts.entry && !fd->isMain()) {
        // An entry other than main (CBMC's --function): its parameters are the execution's
        // inputs, drawn as an uninitialized local's value is, so every semantics agrees.
        for (size_t i = 0; i < fd->getNumParams(); ++i) {
            const clang::ParmVarDecl *p = fd->getParamDecl(unsigned(i));
            addEdgeAt(EdgeKind::Declaration, p->getSourceRange(),
                      L.P.variable(F().params[i]).name + " (an input of the entry function)")
                .declared = F().params[i];
        }
    }
    stmt(fd->getBody());
    auto *body = llvm::dyn_cast<clang::CompoundStmt>(fd->getBody());
    clang::SourceRange endRange = body ? clang::SourceRange(body->getRBracLoc()) : fd->getEndLoc();
    const Type *rt = F().type ? F().type->target : nullptr;
    if (rt && rt->kind != TypeKind::Void && !fd->isMain()) {
        // Falling off the end of a non-void function hands the caller a value C leaves
        // indeterminate (C11 6.9.1p12): an uninitialized temporary, which every semantics
        // takes from the execution's input as it does for uninitialized locals.
        VarId value = temporary(rt, endRange.getBegin());
        addEdgeAt(EdgeKind::Declaration, endRange, "no return statement: the value is indeterminate").declared = value;
        CfaEdge &e = addEdge(m_cur, m_exit, EdgeKind::Return, endRange, "return (indeterminate value)");
        e.value = makeVar(rt, value);
    } else {
        // main returns 0 (C99 5.1.2.2.3); a void function just returns.
        addEdge(m_cur, m_exit, EdgeKind::Blank, endRange, "default return");
    }
    finish();
}

void FunctionBuilder::finish() {
    // Contract untitled blank edges (joins of if/else, loop entries) so that the CFA shows
    // operations, not the front end's bookkeeping.
    auto outEdges = [&](NodeId n) {
        std::vector<EdgeId> v;
        for (auto &le : m_edges)
            if (!le.dead && le.e.from == n)
                v.push_back(le.e.id);
        return v;
    };
    bool changed = true;
    while (changed) {
        changed = false;
        for (auto &le : m_edges) {
            if (le.dead || le.e.kind != EdgeKind::Blank || !le.e.text.empty())
                continue;
            NodeId from = le.e.from, to = le.e.to;
            if (from == to || from == m_entry || from == m_exit)
                continue;
            if (outEdges(from).size() != 1)
                continue;
            le.dead = true;
            for (auto &other : m_edges)
                if (!other.dead && other.e.to == from)
                    other.e.to = to;
            for (auto &[label, node] : m_labels)
                if (node == from)
                    node = to;
            m_nodes[from].dead = true;
            changed = true;
        }
    }
    // Keep what the entry reaches (dead code after return/goto is not part of the CFA).
    std::vector<std::vector<EdgeId>> succ(m_nodes.size());
    for (auto &le : m_edges)
        if (!le.dead)
            succ[le.e.from].push_back(le.e.id);
    std::vector<bool> reach(m_nodes.size(), false);
    std::vector<NodeId> stack{m_entry};
    reach[m_entry] = true;
    while (!stack.empty()) {
        NodeId n = stack.back();
        stack.pop_back();
        for (EdgeId e : succ[n])
            if (!reach[m_edges[e].e.to]) {
                reach[m_edges[e].e.to] = true;
                stack.push_back(m_edges[e].e.to);
            }
    }
    reach[m_exit] = true; // a function that never returns still has an exit node
    // Commit with program-wide ids.
    Program &P = L.P;
    std::vector<NodeId> globalId(m_nodes.size(), NoNode);
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        if (!reach[i] || m_nodes[i].dead)
            continue;
        CfaNode n;
        n.id = NodeId(P.nodes.size());
        n.function = F().id;
        globalId[i] = n.id;
        P.nodes.push_back(n);
        F().nodes.push_back(n.id);
    }
    for (auto &le : m_edges) {
        if (le.dead || !reach[le.e.from])
            continue;
        CfaEdge e = le.e;
        e.id = EdgeId(P.edges.size());
        e.from = globalId[e.from];
        e.to = globalId[e.to];
        P.nodes[e.from].out.push_back(e.id);
        P.nodes[e.to].in.push_back(e.id);
        F().edges.push_back(e.id);
        P.edges.push_back(std::move(e));
    }
    F().entry = globalId[m_entry];
    F().exit = globalId[m_exit];
    // Node lines: where its first operation is; the exit node takes its incoming edges' line.
    for (NodeId n : F().nodes) {
        CfaNode &node = P.nodes[n];
        unsigned line = 0;
        for (EdgeId e : node.out)
            if (P.edges[e].range.valid() && (line == 0 || P.edges[e].range.beginLine < line))
                line = P.edges[e].range.beginLine;
        if (line == 0)
            for (EdgeId e : node.in)
                line = std::max(line, P.edges[e].range.beginLine);
        node.line = line;
    }
    // Loop heads: targets of back edges in a depth-first search from the entry; this
    // finds while/for/do loops and the goto loops of CIL output alike.
    std::map<NodeId, int> state; // 0 new, 1 on stack, 2 done
    std::vector<std::pair<NodeId, size_t>> dfs{{F().entry, 0}};
    state[F().entry] = 1;
    while (!dfs.empty()) {
        auto &[n, i] = dfs.back();
        const auto &out = P.nodes[n].out;
        if (i < out.size()) {
            NodeId to = P.edges[out[i++]].to;
            if (state[to] == 1)
                P.nodes[to].loopHead = true;
            else if (state[to] == 0) {
                state[to] = 1;
                dfs.push_back({to, 0});
            }
        } else {
            state[n] = 2;
            dfs.pop_back();
        }
    }
}

void FunctionBuilder::stmt(const clang::Stmt *s) {
    if (!s)
        return;
    using namespace clang;
    if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
        for (const Stmt *c : cs->body())
            stmt(c);
    } else if (const auto *ds = dyn_cast<DeclStmt>(s)) {
        declStmt(ds);
    } else if (isa<NullStmt>(s)) {
    } else if (const auto *is = dyn_cast<IfStmt>(s)) {
        NodeId t = newNode(), f = newNode(), after = newNode();
        cond(is->getCond(), t, f);
        m_cur = t;
        stmt(is->getThen());
        addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        m_cur = f;
        stmt(is->getElse());
        addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        m_cur = after;
    } else if (const auto *ws = dyn_cast<WhileStmt>(s)) {
        NodeId head = newNode(), body = newNode(), after = newNode();
        addEdge(m_cur, head, EdgeKind::Blank, {}, "");
        m_cur = head;
        cond(ws->getCond(), body, after);
        m_breaks.push_back(after);
        m_continues.push_back(head);
        m_cur = body;
        stmt(ws->getBody());
        addEdge(m_cur, head, EdgeKind::Blank, {}, "");
        m_breaks.pop_back();
        m_continues.pop_back();
        m_cur = after;
    } else if (const auto *dw = dyn_cast<DoStmt>(s)) {
        NodeId body = newNode(), check = newNode(), after = newNode();
        addEdge(m_cur, body, EdgeKind::Blank, {}, "");
        m_breaks.push_back(after);
        m_continues.push_back(check);
        m_cur = body;
        stmt(dw->getBody());
        addEdge(m_cur, check, EdgeKind::Blank, {}, "");
        m_breaks.pop_back();
        m_continues.pop_back();
        m_cur = check;
        cond(dw->getCond(), body, after);
        m_cur = after;
    } else if (const auto *fs = dyn_cast<ForStmt>(s)) {
        stmt(fs->getInit());
        NodeId head = newNode(), body = newNode(), inc = newNode(), after = newNode();
        addEdge(m_cur, head, EdgeKind::Blank, {}, "");
        m_cur = head;
        if (fs->getCond())
            cond(fs->getCond(), body, after);
        else
            addEdge(head, body, EdgeKind::Blank, fs->getForLoc(), "for (;;)");
        m_breaks.push_back(after);
        m_continues.push_back(inc);
        m_cur = body;
        stmt(fs->getBody());
        addEdge(m_cur, inc, EdgeKind::Blank, {}, "");
        m_breaks.pop_back();
        m_continues.pop_back();
        m_cur = inc;
        if (fs->getInc())
            effect(fs->getInc());
        addEdge(m_cur, head, EdgeKind::Blank, {}, "");
        m_cur = after;
    } else if (const auto *ss = dyn_cast<SwitchStmt>(s)) {
        switchStmt(ss);
    } else if (const auto *cs = dyn_cast<CaseStmt>(s)) {
        if (m_switches.empty())
            throw Unsupported{s->getBeginLoc(), "case label outside a switch"};
        NodeId n = m_switches.back().caseNodes.at(cs);
        addEdge(m_cur, n, EdgeKind::Blank, {}, "");
        m_cur = n;
        stmt(cs->getSubStmt());
    } else if (const auto *dfs = dyn_cast<DefaultStmt>(s)) {
        if (m_switches.empty())
            throw Unsupported{s->getBeginLoc(), "default label outside a switch"};
        NodeId n = m_switches.back().caseNodes.at(dfs);
        addEdge(m_cur, n, EdgeKind::Blank, {}, "");
        m_cur = n;
        stmt(dfs->getSubStmt());
    } else if (isa<BreakStmt>(s)) {
        if (m_breaks.empty())
            throw Unsupported{s->getBeginLoc(), "break outside a loop or switch"};
        addEdge(m_cur, m_breaks.back(), EdgeKind::Blank, s->getSourceRange(), "break");
        m_cur = newNode();
    } else if (isa<ContinueStmt>(s)) {
        if (m_continues.empty())
            throw Unsupported{s->getBeginLoc(), "continue outside a loop"};
        addEdge(m_cur, m_continues.back(), EdgeKind::Blank, s->getSourceRange(), "continue");
        m_cur = newNode();
    } else if (const auto *ls = dyn_cast<LabelStmt>(s)) {
        auto [it, isNew] = m_labels.try_emplace(ls->getDecl(), NoNode);
        if (isNew)
            it->second = newNode();
        addEdge(m_cur, it->second, EdgeKind::Blank, {}, "");
        m_cur = it->second;
        stmt(ls->getSubStmt());
    } else if (const auto *gs = dyn_cast<GotoStmt>(s)) {
        auto [it, isNew] = m_labels.try_emplace(gs->getLabel(), NoNode);
        if (isNew)
            it->second = newNode();
        addEdge(m_cur, it->second, EdgeKind::Blank, gs->getSourceRange(), "goto " + gs->getLabel()->getNameAsString());
        m_cur = newNode();
    } else if (const auto *rs = dyn_cast<ReturnStmt>(s)) {
        returnStmt(rs);
    } else if (isa<IndirectGotoStmt>(s)) {
        throw Unsupported{s->getBeginLoc(), "computed goto"};
    } else if (const auto *as = dyn_cast<AsmStmt>(s)) {
        // An empty template executes nothing (an optimisation barrier, as aws-c-common's
        // secure zero): its read-write operands keep their values. Any other: its outputs
        // become inputs (the kernel's set_bit, readl), with a warning on its line.
        const auto *gcc = dyn_cast<GCCAsmStmt>(as);
        if (!gcc)
            throw Unsupported{s->getBeginLoc(), "inline assembly (Microsoft syntax)"};
        bool empty = gcc->getAsmString()->getString().trim().empty();
        for (unsigned i = 0; empty && i < gcc->getNumOutputs(); ++i)
            empty = gcc->getOutputConstraint(i).starts_with("+");
        if (empty) {
            const NodeId next = newNode();
            addEdge(m_cur, next, EdgeKind::Blank, as->getSourceRange(), "asm (empty: no effect)");
            m_cur = next;
        } else {
            asmOutputsAsInputs(gcc);
        }
    } else if (const auto *as = dyn_cast<AttributedStmt>(s)) {
        stmt(as->getSubStmt());
    } else if (const auto *e = dyn_cast<clang::Expr>(s)) {
        effect(e);
    } else {
        throw Unsupported{s->getBeginLoc(), std::string("statement '") + s->getStmtClassName() + "'"};
    }
}

void FunctionBuilder::declStmt(const clang::DeclStmt *s) {
    bool first = true;
    for (const clang::Decl *d : s->decls()) {
        if (const auto *vd = llvm::dyn_cast<clang::VarDecl>(d)) {
            localVar(vd, first);
            first = false;
        }
        // typedefs, struct and enum definitions, and local function prototypes need no edge
    }
}

void FunctionBuilder::localVar(const clang::VarDecl *vd, bool firstInGroup) {
    if (vd->isStaticLocal() || vd->hasExternalStorage()) {
        // Static locals live as globals, initialized once before main; extern ones name a global.
        L.globalFor(vd, m_ctx);
        return;
    }
    Variable v;
    v.name = vd->getNameAsString();
    int k = m_localNameCount[v.name]++;
    v.qualifiedName = F().name + "::" + v.name + (k ? "#" + std::to_string(k) : "");
    // A variable-length array `T a[n]` is a pointer to storage of n Ts that its declaration
    // allocates (as gcc's alloca: the size is evaluated there, once); its uses decay to it.
    const clang::VariableArrayType *vla = m_ctx.getAsVariableArrayType(vd->getType());
    const Type *element = nullptr;
    if (vla) {
        if (m_ctx.getAsVariableArrayType(vla->getElementType()))
            throw Unsupported{vd->getLocation(), "variable-length array of variable-length arrays ('" +
                                                     vd->getType().getAsString() + "')"};
        element = type(vla->getElementType(), vd->getLocation());
        v.type = L.P.types.pointerTo(element);
    } else {
        v.type = type(vd->getType(), vd->getLocation());
        v.holdsFunctions = holdsFunctions(vd->getType());
    }
    v.function = F().id;
    v.range = L.range(m_ctx.getSourceManager(), m_ctx.getLangOpts(), vd->getSourceRange());
    VarId id = L.newVariable(v);
    m_locals[vd] = id;
    F().locals.push_back(id);

    auto printed = [&](bool withInit) {
        std::string out;
        llvm::raw_string_ostream os(out);
        clang::PrintingPolicy pp(m_ctx.getLangOpts());
        pp.SuppressInitializers = !withInit;
        vd->print(os, pp);
        return collapseWhitespace(out);
    };
    std::string declText = printed(false);
    // `int i, v = 2;`: the first declarator's text is the source; the others would
    // repeat the ones before them, so they are printed on their own ("int v = 2").
    clang::SourceRange declRange = vd->getSourceRange();
    if (!firstInGroup)
        declRange.setBegin(vd->getLocation());
    if (vla) {
        CfaEdge &d = addEdgeAt(EdgeKind::Declaration, declRange, declText);
        d.declared = id;
        d.hasInitializer = true; // the pointer is the allocation's, not an input
        const Type *size = L.P.types.sizeT();
        ExprPtr bytes = makeBinary(BinaryOp::Mul, size, convert(rvalue(vla->getSizeExpr()), size),
                                   makeIntConst(size, int64_t(element->sizeBytes)));
        callEdge(L.vlaAllocationFunction(), "__builtin_alloca", {bytes}, makeVar(v.type, id), declRange);
        return;
    }
    const clang::Expr *init = vd->getInit();
    const clang::Expr *bare = init ? init->IgnoreParens() : nullptr;
    if (bare && llvm::isa<clang::CallExpr>(bare) && v.type->isScalar()) {
        // `int s = nondet_int();`: the declaration, then the call assigns it.
        addEdgeAt(EdgeKind::Declaration, declRange, declText).declared = id;
        call(llvm::cast<clang::CallExpr>(bare), makeVar(v.type, id), declRange, false);
        return;
    }
    std::vector<Initializer> inits;
    if (init)
        inits = initializers(init, makeVar(v.type, id));
    std::string full = !init ? declText : firstInGroup ? text(declRange) : printed(true);
    if (full.empty())
        full = declText;
    CfaEdge &e = addEdgeAt(EdgeKind::Declaration, declRange, full);
    e.declared = id;
    e.hasInitializer = init != nullptr;
    e.inits = std::move(inits);
}

void FunctionBuilder::asmOutputsAsInputs(const clang::GCCAsmStmt *as) {
    // An input's value is not used; one that would run code (a call, an assignment) would
    // be lost, so it is refused. Each output is then an input of its type, in order.
    for (unsigned i = 0; i < as->getNumInputs(); ++i)
        if (hasEffects(as->getInputExpr(i), false))
            throw Unsupported{as->getInputExpr(i)->getBeginLoc(), "an operand of inline assembly with side effects"};
    auto &T = L.P.types;
    const NodeId before = m_cur;
    for (unsigned i = 0; i < as->getNumOutputs(); ++i) {
        const clang::Expr *out = as->getOutputExpr(i);
        if (hasEffects(out, false))
            throw Unsupported{out->getBeginLoc(), "an operand of inline assembly with side effects"};
        ExprPtr target = lvalue(out);
        if (!target->type->isScalar())
            throw Unsupported{out->getBeginLoc(), "an output of inline assembly of type '" + target->type->spelling() + "'"};
        const FunctionId input = L.bodilessFunction("\x01asm output " + target->type->spelling(), AsmOutputInput,
                                                    T.functionType(target->type, {}, false), Intrinsic::Nondet);
        callEdge(input, AsmOutputInput, {}, target, out->getSourceRange()).text =
            "asm output " + text(out->getSourceRange()) + " = any value";
    }
    if (m_cur == before) { // no output: no value the program names changes
        const NodeId next = newNode();
        addEdge(m_cur, next, EdgeKind::Blank, as->getSourceRange(), AsmWithoutOutput);
        m_cur = next;
    }
}

std::vector<Initializer> FunctionBuilder::initializers(const clang::Expr *init, const ExprPtr &target) {
    using namespace clang;
    std::vector<Initializer> out;
    init = init->IgnoreParens();
    const Type *tt = target->type;
    if (const auto *il = dyn_cast<InitListExpr>(init)) {
        if (tt->isArray()) {
            for (unsigned i = 0; i < il->getNumInits() && i < tt->count; ++i) {
                const clang::Expr *sub = il->getInit(i);
                if (isa<ImplicitValueInitExpr>(sub))
                    continue;
                auto elem = makeNode(ExprKind::Index, tt->target, {target, makeIntConst(L.P.types.longT(), i)});
                auto part = initializers(sub, elem);
                out.insert(out.end(), part.begin(), part.end());
            }
            if (il->hasArrayFiller() && !isa<ImplicitValueInitExpr>(il->getArrayFiller())) {
                for (uint64_t i = il->getNumInits(); i < tt->count; ++i) {
                    auto elem = makeNode(ExprKind::Index, tt->target, {target, makeIntConst(L.P.types.longT(), int64_t(i))});
                    auto part = initializers(il->getArrayFiller(), elem);
                    out.insert(out.end(), part.begin(), part.end());
                }
            }
            return out;
        }
        if (tt->isStruct() && tt->membersAsViews) {
            // The member the braces name (C: the first), as a view of the union's bytes.
            const FieldDecl *fd = il->getInitializedFieldInUnion();
            if (!fd || il->getNumInits() == 0)
                return out;
            return initializers(il->getInit(0), viewOfStorage(target, L.fieldPlaces.at(tt)[fd->getFieldIndex()].declared));
        }
        if (tt->isStruct() && tt->isUnion)
            return unionInitializers(init, target, 0, tt);
        if (tt->isStruct()) {
            // One initializer per named member, in declaration order (unnamed bit-fields
            // take none); a bit-field's is stored into its unit after the ones before it.
            auto places = L.fieldPlaces.find(tt);
            if (places == L.fieldPlaces.end())
                return out;
            unsigned next = 0;
            for (const FieldPlace &p : places->second) {
                if (!p.named)
                    continue;
                if (next >= il->getNumInits())
                    break;
                const clang::Expr *sub = il->getInit(next++);
                if (isa<ImplicitValueInitExpr>(sub))
                    continue;
                auto member = makeNode(ExprKind::Member, tt->fields[p.field].type, {target});
                std::const_pointer_cast<vcov::Expr>(member)->field = p.field;
                if (p.bitField) {
                    out.push_back({member, storeIntoUnit(member, p, rvalue(sub))});
                    continue;
                }
                auto part = initializers(sub, member);
                out.insert(out.end(), part.begin(), part.end());
            }
            return out;
        }
        // A scalar in braces: `int x = {3};`
        if (il->getNumInits() == 1)
            return initializers(il->getInit(0), target);
        return out;
    }
    if (const auto *sl = dyn_cast<StringLiteral>(init); sl && tt->isArray()) {
        std::string bytes = sl->getBytes().str();
        // The terminating NUL too, where the array has room for it.
        for (uint64_t i = 0; i < tt->count && i <= bytes.size(); ++i) {
            auto elem = makeNode(ExprKind::Index, tt->target, {target, makeIntConst(L.P.types.longT(), int64_t(i))});
            int64_t c = i < bytes.size() ? static_cast<signed char>(bytes[i]) : 0;
            out.push_back({elem, makeIntConst(tt->target, c)});
        }
        return out;
    }
    if (isa<ImplicitValueInitExpr>(init))
        return out;
    out.push_back({target, convert(rvalue(init), tt)});
    return out;
}

void FunctionBuilder::switchStmt(const clang::SwitchStmt *s) {
    using namespace clang;
    if (s->getInit())
        stmt(s->getInit());
    ExprPtr value = rvalue(s->getCond());
    if (value->kind != ExprKind::Var && value->kind != ExprKind::IntConst) {
        // Evaluate the controlling expression once.
        VarId tmp = temporary(value->type, s->getBeginLoc());
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, s->getCond()->getSourceRange(),
                               "switch (" + text(s->getCond()->getSourceRange()) + ")");
        e.lhs = makeVar(value->type, tmp);
        e.rhs = value;
        value = e.lhs;
    }
    // Cases in source order.
    std::vector<const SwitchCase *> cases;
    for (const SwitchCase *c = s->getSwitchCaseList(); c; c = c->getNextSwitchCase())
        cases.push_back(c);
    std::reverse(cases.begin(), cases.end());
    SwitchContext sc;
    const DefaultStmt *deflt = nullptr;
    for (const SwitchCase *c : cases) {
        sc.caseNodes[c] = newNode();
        if (auto *d = dyn_cast<DefaultStmt>(c))
            deflt = d;
    }
    NodeId after = newNode();
    std::string condText = text(s->getCond()->getSourceRange());
    for (const SwitchCase *c : cases) {
        const auto *cs = dyn_cast<CaseStmt>(c);
        if (!cs)
            continue;
        if (cs->caseStmtIsGNURange())
            throw Unsupported{cs->getBeginLoc(), "case range (GNU extension)"};
        clang::Expr::EvalResult r;
        if (!cs->getLHS()->EvaluateAsInt(r, m_ctx))
            throw Unsupported{cs->getBeginLoc(), "non-constant case label"};
        ExprPtr label = makeIntConst(value->type, r.Val.getInt().getExtValue());
        ExprPtr eq = makeBinary(BinaryOp::Eq, L.P.types.intT(), value, label);
        std::string t = condText + " == " + text(cs->getLHS()->getSourceRange());
        NodeId next = newNode();
        clang::SourceRange labelRange(cs->getCaseLoc(), cs->getColonLoc());
        CfaEdge &yes = addEdge(m_cur, sc.caseNodes[c], EdgeKind::Assume, labelRange, "[" + t + "]");
        yes.cond = eq;
        yes.truth = true;
        CfaEdge &no = addEdge(m_cur, next, EdgeKind::Assume, labelRange, "[!(" + t + ")]");
        no.cond = eq;
        no.truth = false;
        m_cur = next;
    }
    addEdge(m_cur, deflt ? sc.caseNodes[deflt] : after, EdgeKind::Blank,
            deflt ? clang::SourceRange(deflt->getDefaultLoc()) : clang::SourceRange(), deflt ? "default" : "");
    m_switches.push_back(std::move(sc));
    m_breaks.push_back(after);
    m_cur = newNode(); // code before the first label is unreachable
    stmt(s->getBody());
    addEdge(m_cur, after, EdgeKind::Blank, {}, "");
    m_breaks.pop_back();
    m_switches.pop_back();
    m_cur = after;
}

void FunctionBuilder::returnStmt(const clang::ReturnStmt *rs) {
    const clang::Expr *rv = rs->getRetValue();
    ExprPtr value;
    if (rv) {
        const Type *rt = F().type ? F().type->target : nullptr;
        if (rt && rt->kind == TypeKind::Void) {
            effect(rv);
        } else {
            value = rvalue(rv);
            if (rt)
                value = convert(value, rt);
        }
    }
    CfaEdge &e = addEdge(m_cur, m_exit, EdgeKind::Return, rs->getSourceRange(), text(rs->getSourceRange()));
    e.value = value;
    m_cur = newNode();
}

} // namespace vcov::lowering
