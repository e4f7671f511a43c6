// Clang AST -> CFA. Clang headers stay in frontend/ (here and in MutationSites.cpp).
//
// Each input file is parsed by Clang into its own AST; functions and globals are then
// linked by name across files, as a linker would. Expressions are lowered into the
// side-effect-free IR of Expr.h: calls, assignments and increments inside expressions
// become edges of their own, and every atomic condition of && || ! ?: becomes its own
// pair of assume edges.
#include "frontend/FrontEnd.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/RecordLayout.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#ifndef VCOV_CLANG_RESOURCE_DIR
#define VCOV_CLANG_RESOURCE_DIR ""
#endif

namespace vcov {
namespace {

namespace fs = std::filesystem;

// An unsupported construct met while lowering: reported with its place, never lowered
// into a silently wrong CFA.
struct Unsupported {
    clang::SourceLocation loc;
    std::string what;
};

std::string collapseWhitespace(llvm::StringRef s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

class DiagnosticCollector : public clang::DiagnosticConsumer {
public:
    explicit DiagnosticCollector(Diagnostics &out) : m_out(out) {}
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);
        if (level < clang::DiagnosticsEngine::Error)
            return;
        llvm::SmallString<256> msg;
        info.FormatDiagnostic(msg);
        Diagnostic d;
        d.severity = Severity::Error;
        d.message = std::string(msg);
        if (info.hasSourceManager() && info.getLocation().isValid()) {
            const auto &sm = info.getSourceManager();
            auto loc = sm.getFileLoc(info.getLocation());
            d.file = std::string(sm.getFilename(loc));
            d.line = sm.getSpellingLineNumber(loc);
            d.column = sm.getSpellingColumnNumber(loc);
        }
        m_out.add(std::move(d));
    }

private:
    Diagnostics &m_out;
};

struct TranslationUnit {
    std::string path;
    std::unique_ptr<clang::ASTUnit> ast;
};

class Lowering;

// Builds the CFA of one function into local node/edge lists; committed to the Program
// after unreachable nodes are pruned and join edges contracted.
class FunctionBuilder {
public:
    // `function` is NoFunction for global initializers.
    FunctionBuilder(Lowering &l, FunctionId function, clang::ASTContext &ctx);
    void build(const clang::FunctionDecl *fd);

    // Used for global initializers too (without a current node: no edges allowed).
    ExprPtr rvalue(const clang::Expr *e);
    std::vector<Initializer> initializers(const clang::Expr *init, const ExprPtr &target);

private:
    struct LocalEdge {
        CfaEdge e;
        bool dead = false;
    };
    struct LocalNode {
        bool dead = false;
    };
    struct SwitchContext {
        std::map<const clang::SwitchCase *, NodeId> caseNodes;
    };

    NodeId newNode();
    CfaEdge &addEdge(NodeId from, NodeId to, EdgeKind kind, clang::SourceRange range, std::string text);
    CfaEdge &addEdgeAt(EdgeKind kind, clang::SourceRange range, std::string text); // from cur to a new node
    void requireNode(clang::SourceLocation loc);

    void stmt(const clang::Stmt *s);
    void declStmt(const clang::DeclStmt *s);
    void localVar(const clang::VarDecl *vd, bool firstInGroup);
    void switchStmt(const clang::SwitchStmt *s);
    void returnStmt(const clang::ReturnStmt *s);
    void effect(const clang::Expr *e); // an expression evaluated for its side effects
    void cond(const clang::Expr *e, NodeId ifTrue, NodeId ifFalse);
    ExprPtr lvalue(const clang::Expr *e);
    ExprPtr castExpr(const clang::CastExpr *c);
    ExprPtr call(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range, bool valueNeeded);
    void assignment(const clang::Expr *lhsE, const clang::Expr *rhsE, clang::SourceRange range, const std::string &text);
    ExprPtr compoundAssign(const clang::CompoundAssignOperator *op, clang::SourceRange range);
    ExprPtr incDec(const clang::UnaryOperator *op, bool valueNeeded);
    ExprPtr branchValue(const clang::Expr *e); // ?: && || with side effects, as a temporary
    VarId temporary(const Type *t, clang::SourceLocation loc);
    ExprPtr convert(ExprPtr e, const Type *to);
    std::string text(clang::SourceRange r) const;
    const Type *type(clang::QualType q, clang::SourceLocation loc);

    void finish();

    // By id, not by reference: lowering a body may register new functions and so move
    // the Program's function table.
    FunctionCfa &F();

    Lowering &L;
    FunctionId m_function;
    FunctionCfa m_scratch;
    clang::ASTContext &m_ctx;
    std::deque<LocalNode> m_nodes;
    std::deque<LocalEdge> m_edges;
    NodeId m_cur = NoNode;
    NodeId m_entry = NoNode, m_exit = NoNode;
    std::vector<NodeId> m_breaks, m_continues;
    std::vector<SwitchContext> m_switches;
    std::map<const clang::LabelDecl *, NodeId> m_labels;
    std::map<const clang::VarDecl *, VarId> m_locals;
    std::map<std::string, int> m_localNameCount;
    const clang::FunctionDecl *m_decl = nullptr;
    bool m_global = false; // lowering a global initializer: no edges

    friend class Lowering;
};

class Lowering {
public:
    Lowering(Program &p, const FrontEndOptions &o) : P(p), opts(o) {}
    void run();

    Program &P;
    const FrontEndOptions &opts;

    // What Clang parsed
    std::vector<TranslationUnit> tus;
    std::map<std::string, FileId> fileIds;

    // Linking by name
    std::map<std::string, FunctionId> functionsByKey;
    std::map<FunctionId, std::pair<const clang::FunctionDecl *, clang::ASTContext *>> bodies;
    std::map<std::string, VarId> globalsByKey;
    std::map<std::string, std::string> unsupportedGlobals; // key -> reason
    std::map<VarId, std::pair<const clang::VarDecl *, clang::ASTContext *>> globalDefinitions;
    std::map<FunctionId, Unsupported> unsupportedFunctions;

    FileId fileOf(const clang::SourceManager &sm, clang::SourceLocation loc);
    SourceRange range(const clang::SourceManager &sm, const clang::LangOptions &lo, clang::SourceRange r);
    const Type *type(clang::ASTContext &ctx, clang::QualType q, clang::SourceLocation loc);
    std::string functionKey(const clang::FunctionDecl *fd) const;
    std::string globalKey(const clang::VarDecl *vd) const;
    FunctionId functionFor(const clang::FunctionDecl *fd, clang::ASTContext &ctx);
    VarId globalFor(const clang::VarDecl *vd, clang::ASTContext &ctx);
    VarId newVariable(Variable v);
    std::string locString(const clang::SourceManager &sm, clang::SourceLocation loc) const;

private:
    bool parse();
    void collect(TranslationUnit &tu);
    void lowerGlobals();
    void lowerBodies();
    void reportUnsupported();
    std::vector<std::string> clangArgs() const;
};

// ---------------------------------------------------------------------------------
// Lowering: parsing, linking, types

std::vector<std::string> Lowering::clangArgs() const { return clangArguments(opts); }

} // namespace

std::vector<std::string> clangArguments(const FrontEndOptions &opts) {
    std::vector<std::string> args = {
        "-xc", "-std=gnu11", "-w",
        // What gcc and CBMC accept on verification inputs, Clang >= 16 rejects by default.
        "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int", "-Wno-error=int-conversion",
        "-Wno-error=incompatible-function-pointer-types", "-Wno-error=return-type",
        "-Wno-error=incompatible-pointer-types",
        "-ferror-limit=50"};
    DataModel m = opts.dataModel.value_or(DataModel::LP64);
    args.push_back(m == DataModel::LP64 ? "--target=x86_64-pc-linux-gnu" : "--target=i386-pc-linux-gnu");
    if (*VCOV_CLANG_RESOURCE_DIR)
        args.push_back(std::string("-resource-dir=") + VCOV_CLANG_RESOURCE_DIR);
    for (const auto &d : opts.includeDirs)
        args.push_back("-I" + d);
    for (const auto &d : opts.defines)
        args.push_back("-D" + d);
    return args;
}

namespace {

bool Lowering::parse() {
    bool ok = true;
    for (const auto &path : opts.files) {
        SourceFile sf;
        sf.path = path;
        sf.isInput = true;
        if (auto given = opts.contents.find(path); given != opts.contents.end()) {
            sf.content = given->second;
        } else {
            std::ifstream in(path, std::ios::binary);
            if (!in || fs::is_directory(path)) {
                P.diagnostics.error(path, 0, 0, "cannot read file");
                ok = false;
                continue;
            }
            std::stringstream buf;
            buf << in.rdbuf();
            sf.content = buf.str();
        }
        FileId id = FileId(P.files.size());
        P.files.push_back(sf);
        fileIds[fs::absolute(path).lexically_normal().string()] = id;
        if (sf.content.find('\0') != std::string::npos) {
            P.diagnostics.error(path, 0, 0, "not a C source file: it contains binary data");
            ok = false;
            continue;
        }
        if (sf.content.find_first_not_of(" \t\r\n") == std::string::npos) {
            P.diagnostics.error(path, 0, 0, "empty file: there is no C program to analyse");
            ok = false;
            continue;
        }
        DiagnosticCollector collector(P.diagnostics);
        size_t errorsBefore = P.diagnostics.errorCount();
        auto ast = clang::tooling::buildASTFromCodeWithArgs(
            sf.content, clangArgs(), fs::absolute(path).string(), "vcov",
            std::make_shared<clang::PCHContainerOperations>(), clang::tooling::getClangStripDependencyFileAdjuster(),
            clang::tooling::FileContentMappings(), &collector);
        if (!ast || P.diagnostics.errorCount() > errorsBefore) {
            if (!ast && P.diagnostics.errorCount() == errorsBefore)
                P.diagnostics.error(path, 0, 0, "Clang could not parse this file");
            ok = false;
            continue;
        }
        tus.push_back({path, std::move(ast)});
    }
    // Diagnostics name the path the user gave, not Clang's absolute one.
    return ok;
}

FileId Lowering::fileOf(const clang::SourceManager &sm, clang::SourceLocation loc) {
    loc = sm.getFileLoc(loc);
    clang::FileID fid = sm.getFileID(loc);
    auto entry = sm.getFileEntryRefForID(fid);
    if (!entry)
        return -1;
    std::string abs = fs::absolute(std::string(entry->getName())).lexically_normal().string();
    auto it = fileIds.find(abs);
    if (it != fileIds.end())
        return it->second;
    SourceFile sf;
    sf.path = std::string(entry->getName());
    sf.content = std::string(sm.getBufferData(fid));
    FileId id = FileId(P.files.size());
    P.files.push_back(std::move(sf));
    fileIds[abs] = id;
    return id;
}

SourceRange Lowering::range(const clang::SourceManager &sm, const clang::LangOptions &lo, clang::SourceRange r) {
    SourceRange out;
    if (r.isInvalid())
        return out;
    auto cr = sm.getExpansionRange(r);
    clang::SourceLocation b = sm.getFileLoc(cr.getBegin());
    clang::SourceLocation e = sm.getFileLoc(cr.getEnd());
    out.file = fileOf(sm, b);
    out.beginLine = sm.getSpellingLineNumber(b);
    out.beginColumn = sm.getSpellingColumnNumber(b);
    unsigned len = cr.isTokenRange() ? clang::Lexer::MeasureTokenLength(e, sm, lo) : 0;
    out.endLine = sm.getSpellingLineNumber(e);
    out.endColumn = sm.getSpellingColumnNumber(e) + (len > 0 ? len - 1 : 0);
    if (sm.getFileID(b) != sm.getFileID(e) || out.endLine < out.beginLine) {
        out.endLine = out.beginLine;
        out.endColumn = out.beginColumn;
    }
    return out;
}

std::string Lowering::locString(const clang::SourceManager &sm, clang::SourceLocation loc) const {
    loc = sm.getFileLoc(loc);
    return std::string(sm.getFilename(loc)) + ":" + std::to_string(sm.getSpellingLineNumber(loc)) + ":" +
           std::to_string(sm.getSpellingColumnNumber(loc));
}

const Type *Lowering::type(clang::ASTContext &ctx, clang::QualType q, clang::SourceLocation loc) {
    q = q.getCanonicalType();
    const clang::Type *t = q.getTypePtr();
    auto &T = P.types;
    if (const auto *bt = llvm::dyn_cast<clang::BuiltinType>(t)) {
        if (bt->isVoidType())
            return T.voidType();
        if (bt->getKind() == clang::BuiltinType::Bool)
            return T.boolType();
        if (bt->isFloatingPoint())
            throw Unsupported{loc, "floating-point type '" + q.getAsString() + "'"};
        if (bt->isInteger()) {
            unsigned bits = unsigned(ctx.getTypeSize(q));
            if (bits > 64)
                throw Unsupported{loc, "integer type wider than 64 bits ('" + q.getAsString() + "')"};
            clang::PrintingPolicy pp(ctx.getLangOpts());
            return T.intType(bits, bt->isSignedInteger(), std::string(bt->getName(pp)));
        }
        throw Unsupported{loc, "type '" + q.getAsString() + "'"};
    }
    if (const auto *et = llvm::dyn_cast<clang::EnumType>(t)) {
        auto *ed = et->getDecl()->getDefinition();
        if (!ed)
            return T.intT();
        return type(ctx, ed->getIntegerType(), loc);
    }
    if (const auto *pt = llvm::dyn_cast<clang::PointerType>(t)) {
        if (pt->getPointeeType()->isFunctionType())
            throw Unsupported{loc, "function pointer ('" + q.getAsString() + "')"};
        return T.pointerTo(type(ctx, pt->getPointeeType(), loc));
    }
    if (const auto *at = llvm::dyn_cast<clang::ConstantArrayType>(t))
        return T.arrayOf(type(ctx, at->getElementType(), loc), at->getSize().getZExtValue());
    if (llvm::isa<clang::VariableArrayType>(t))
        throw Unsupported{loc, "variable-length array ('" + q.getAsString() + "')"};
    if (llvm::isa<clang::IncompleteArrayType>(t))
        // `extern int a[];` and flexible array members: no size to model yet.
        throw Unsupported{loc, "array of unknown size ('" + q.getAsString() + "')"};
    if (const auto *rt = llvm::dyn_cast<clang::RecordType>(t)) {
        const clang::RecordDecl *rd = rt->getDecl();
        if (rd->isUnion())
            throw Unsupported{loc, "union type ('" + q.getAsString() + "')"};
        std::string tag = rd->getName().str();
        std::string key = tag.empty() ? "anon@" + locString(ctx.getSourceManager(), rd->getLocation()) : tag;
        bool isNew = false;
        Type *st = T.declareStruct(key, tag.empty() ? "<anonymous>" : tag, &isNew);
        const clang::RecordDecl *def = rd->getDefinition();
        if (isNew && def) {
            const auto &layout = ctx.getASTRecordLayout(def);
            st->sizeBytes = uint64_t(layout.getSize().getQuantity());
            st->alignBytes = unsigned(layout.getAlignment().getQuantity());
            std::vector<StructField> fields;
            for (const clang::FieldDecl *fd : def->fields()) {
                if (fd->isBitField())
                    throw Unsupported{fd->getLocation(), "bit-field ('" + fd->getNameAsString() + "')"};
                StructField f;
                f.name = fd->getNameAsString();
                f.type = type(ctx, fd->getType(), fd->getLocation());
                f.offsetBytes = layout.getFieldOffset(fd->getFieldIndex()) / 8;
                fields.push_back(f);
            }
            st->fields = std::move(fields);
        } else if (isNew) {
            st->sizeBytes = 0; // incomplete: usable behind pointers only
        }
        return st;
    }
    if (const auto *ft = llvm::dyn_cast<clang::FunctionProtoType>(t)) {
        std::vector<const Type *> params;
        for (auto p : ft->getParamTypes())
            params.push_back(type(ctx, p, loc));
        return T.functionType(type(ctx, ft->getReturnType(), loc), params, ft->isVariadic());
    }
    if (const auto *ft = llvm::dyn_cast<clang::FunctionNoProtoType>(t))
        return T.functionType(type(ctx, ft->getReturnType(), loc), {}, true);
    if (t->isAnyComplexType())
        throw Unsupported{loc, "complex type ('" + q.getAsString() + "')"};
    if (t->isVectorType())
        throw Unsupported{loc, "vector type ('" + q.getAsString() + "')"};
    if (t->isAtomicType())
        throw Unsupported{loc, "_Atomic type ('" + q.getAsString() + "')"};
    throw Unsupported{loc, "type '" + q.getAsString() + "'"};
}

std::string Lowering::functionKey(const clang::FunctionDecl *fd) const {
    std::string name = fd->getNameAsString();
    if (fd->getStorageClass() == clang::SC_Static) {
        const auto &sm = fd->getASTContext().getSourceManager();
        return std::string(sm.getFilename(sm.getFileLoc(fd->getLocation()))) + "::" + name;
    }
    return name;
}

std::string Lowering::globalKey(const clang::VarDecl *vd) const {
    std::string name = vd->getNameAsString();
    if (vd->isStaticLocal()) {
        const auto *fd = llvm::dyn_cast<clang::FunctionDecl>(vd->getDeclContext());
        const auto &sm = vd->getASTContext().getSourceManager();
        return std::string(sm.getFilename(sm.getFileLoc(vd->getLocation()))) + "::" +
               (fd ? fd->getNameAsString() : std::string("?")) + "::" + name;
    }
    if (vd->getStorageClass() == clang::SC_Static) {
        const auto &sm = vd->getASTContext().getSourceManager();
        return std::string(sm.getFilename(sm.getFileLoc(vd->getLocation()))) + "::" + name;
    }
    return name;
}

VarId Lowering::newVariable(Variable v) {
    v.id = VarId(P.variables.size());
    P.variables.push_back(std::move(v));
    return P.variables.back().id;
}

FunctionId Lowering::functionFor(const clang::FunctionDecl *fd, clang::ASTContext &ctx) {
    std::string key = functionKey(fd);
    auto it = functionsByKey.find(key);
    FunctionId id;
    if (it == functionsByKey.end()) {
        FunctionCfa f;
        f.id = FunctionId(P.functions.size());
        f.name = fd->getNameAsString();
        try {
            f.type = type(ctx, fd->getType(), fd->getLocation());
        } catch (const Unsupported &u) {
            f.type = nullptr;
            unsupportedFunctions.emplace(f.id, u);
        }
        f.range = range(ctx.getSourceManager(), ctx.getLangOpts(), fd->getSourceRange());
        P.functions.push_back(f);
        id = f.id;
        functionsByKey[key] = id;
    } else {
        id = it->second;
    }
    FunctionCfa &f = P.functions[id];
    const clang::SourceManager &sm = ctx.getSourceManager();
    if (fd->doesThisDeclarationHaveABody() && !sm.isInSystemHeader(fd->getLocation())) {
        if (bodies.count(id) == 0) {
            bodies[id] = {fd, &ctx};
            f.hasBody = true;
            f.range = range(sm, ctx.getLangOpts(), fd->getSourceRange());
            // A prototype seen first (or an implicit declaration) gives way to the definition's type.
            try {
                f.type = type(ctx, fd->getType(), fd->getLocation());
            } catch (const Unsupported &u) {
                unsupportedFunctions.emplace(id, u);
            }
        }
    } else if (!bodies.count(id) && fd->hasPrototype() && f.type && f.type->params.empty() && f.type->variadic) {
        // An implicit or K&R declaration first, a prototype later: keep the prototype.
        try {
            f.type = type(ctx, fd->getType(), fd->getLocation());
        } catch (const Unsupported &) {
        }
    }
    return id;
}

VarId Lowering::globalFor(const clang::VarDecl *vd, clang::ASTContext &ctx) {
    std::string key = globalKey(vd);
    auto it = globalsByKey.find(key);
    VarId id;
    if (it == globalsByKey.end()) {
        auto bad = unsupportedGlobals.find(key);
        if (bad != unsupportedGlobals.end())
            throw Unsupported{vd->getLocation(), bad->second};
        Variable v;
        v.name = vd->getNameAsString();
        v.qualifiedName = vd->isStaticLocal() ? key.substr(key.find("::") + 2) : v.name;
        try {
            v.type = type(ctx, vd->getType(), vd->getLocation());
        } catch (const Unsupported &u) {
            unsupportedGlobals[key] = u.what;
            throw;
        }
        v.range = range(ctx.getSourceManager(), ctx.getLangOpts(), vd->getSourceRange());
        id = newVariable(v);
        globalsByKey[key] = id;
    } else {
        id = it->second;
    }
    // The defining declaration: one with an initializer wins over tentative ones.
    // `int a[SIZE];` at file scope is a tentative definition: it defines the object
    // (zero-initialized) when no other definition does.
    const clang::VarDecl *def = vd->getDefinition();
    if (!def)
        def = vd->getActingDefinition();
    if (def && (globalDefinitions.count(id) == 0 || (def->hasInit() && !globalDefinitions[id].first->hasInit()))) {
        globalDefinitions[id] = {def, &ctx};
        // A definition fixes an array's size that an extern declaration left open.
        try {
            P.variables[id].type = type(ctx, def->getType(), def->getLocation());
        } catch (const Unsupported &) {
        }
    }
    return id;
}

void Lowering::collect(TranslationUnit &tu) {
    clang::ASTContext &ctx = tu.ast->getASTContext();
    const auto &sm = ctx.getSourceManager();
    for (clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
        if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
            // Declarations from system headers matter only when called.
            if (fd->doesThisDeclarationHaveABody() || !sm.isInSystemHeader(fd->getLocation()))
                functionFor(fd, ctx);
        } else if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d)) {
            if (sm.isInSystemHeader(vd->getLocation()) && !vd->isThisDeclarationADefinition())
                continue;
            try {
                globalFor(vd, ctx);
            } catch (const Unsupported &) {
                // Reported where it is used, if anywhere.
            }
        }
    }
}

void Lowering::lowerGlobals() {
    for (auto &[id, def] : globalDefinitions) {
        auto [vd, ctx] = def;
        GlobalDeclaration g;
        g.var = id;
        if (vd->hasInit()) {
            g.hasInitializer = true;
            FunctionBuilder b(*this, NoFunction, *ctx);
            b.m_global = true;
            try {
                g.inits = b.initializers(vd->getInit(), makeVar(P.variables[id].type, id));
            } catch (const Unsupported &u) {
                const auto &sm = ctx->getSourceManager();
                auto loc = sm.getFileLoc(u.loc.isValid() ? u.loc : vd->getLocation());
                P.diagnostics.error(std::string(sm.getFilename(loc)), sm.getSpellingLineNumber(loc),
                                    sm.getSpellingColumnNumber(loc), "unsupported: " + u.what);
                continue;
            }
        }
        P.globals.push_back(std::move(g));
    }
}

void Lowering::lowerBodies() {
    // Bodies may register new functions (callees declared only locally): iterate by id.
    for (FunctionId id = 0; id < FunctionId(P.functions.size()); ++id) {
        auto it = bodies.find(id);
        if (it == bodies.end())
            continue;
        if (unsupportedFunctions.count(id)) {
            P.functions[id].hasBody = false;
            continue;
        }
        auto [fd, ctx] = it->second;
        FunctionBuilder b(*this, id, *ctx);
        try {
            b.build(fd);
        } catch (const Unsupported &u) {
            unsupportedFunctions.emplace(id, u);
            P.functions[id].hasBody = false;
            P.functions[id].nodes.clear();
            P.functions[id].edges.clear();
        }
    }
    for (auto &f : P.functions)
        if (!f.hasBody)
            f.intrinsic = classifyIntrinsic(f.name);
}

void Lowering::reportUnsupported() {
    // An unsupported construct in a function that the entry can call is an error; in
    // any other function it only keeps that function out of the analysis.
    std::set<FunctionId> reachable;
    std::vector<FunctionId> work;
    if (P.entryFunction != NoFunction) {
        work.push_back(P.entryFunction);
        reachable.insert(P.entryFunction);
    }
    std::map<FunctionId, std::set<FunctionId>> calls;
    for (const auto &e : P.edges)
        if (e.kind == EdgeKind::Call && e.call.callee != NoFunction)
            calls[e.function].insert(e.call.callee);
    while (!work.empty()) {
        FunctionId f = work.back();
        work.pop_back();
        for (FunctionId g : calls[f])
            if (reachable.insert(g).second)
                work.push_back(g);
    }
    for (auto &[id, u] : unsupportedFunctions) {
        auto [fd, ctx] = bodies.count(id) ? bodies[id] : std::pair<const clang::FunctionDecl *, clang::ASTContext *>{};
        const clang::SourceManager *sm = ctx ? &ctx->getSourceManager() : nullptr;
        Diagnostic d;
        if (sm && u.loc.isValid()) {
            auto loc = sm->getFileLoc(u.loc);
            d.file = std::string(sm->getFilename(loc));
            d.line = sm->getSpellingLineNumber(loc);
            d.column = sm->getSpellingColumnNumber(loc);
        } else if (P.functions[id].range.valid()) {
            d.file = P.files[P.functions[id].range.file].path;
            d.line = P.functions[id].range.beginLine;
            d.column = P.functions[id].range.beginColumn;
        }
        bool isReachable = P.entryFunction == NoFunction || reachable.count(id) || unsupportedFunctions.count(P.entryFunction);
        d.severity = isReachable ? Severity::Error : Severity::Warning;
        d.message = "unsupported: " + u.what + " in function '" + P.functions[id].name + "'" +
                    (isReachable ? "" : " (not called from the entry function: left out of the analysis)");
        P.diagnostics.add(d);
    }
}

void Lowering::run() {
    if (!parse())
        return;
    for (auto &tu : tus)
        collect(tu);
    lowerGlobals();
    if (const FunctionCfa *entry = P.function(opts.entry); entry && bodies.count(entry->id))
        P.entryFunction = entry->id;
    lowerBodies();
    reportUnsupported();
    // Calls of body-less functions that the semantics cannot model.
    std::set<std::string> warned;
    for (const auto &e : P.edges) {
        if (e.kind != EdgeKind::Call || e.call.intrinsic != Intrinsic::External || !warned.insert(e.call.calleeName).second)
            continue;
        const FunctionCfa &f = P.functions[e.call.callee];
        std::string file = e.range.valid() ? P.files[e.range.file].path : std::string();
        P.diagnostics.warning(file, e.range.beginLine, e.range.beginColumn,
                              "function '" + f.name + "' has no body: calls return a nondet value" +
                                  (f.type ? " of type '" + f.type->target->spelling() + "'" : std::string()) +
                                  " and are assumed to have no other effect");
    }
    if (P.entryFunction == NoFunction && !P.diagnostics.hasErrors())
        P.diagnostics.warning(opts.files.empty() ? "" : opts.files.front(), 0, 0,
                              "no definition of the entry function '" + opts.entry + "': the CFAs can be shown but not analysed");
    // Clang names files by absolute path; show the user's own spelling of input files.
    std::map<std::string, std::string> spelled;
    for (const auto &f : opts.files)
        spelled[fs::absolute(f).lexically_normal().string()] = f;
    for (auto &sf : P.files) {
        auto it = spelled.find(fs::absolute(sf.path).lexically_normal().string());
        if (it != spelled.end())
            sf.path = it->second;
    }
}

// ---------------------------------------------------------------------------------
// FunctionBuilder

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
        v.function = F().id;
        v.isParam = true;
        v.range = L.range(m_ctx.getSourceManager(), m_ctx.getLangOpts(), p->getSourceRange());
        VarId id = L.newVariable(v);
        m_locals[p] = id;
        m_localNameCount[v.name]++;
        F().params.push_back(id);
    }
    if (fd->isVariadic())
        throw Unsupported{fd->getLocation(), "definition of a variadic function"};
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
    } else if (isa<AsmStmt>(s)) {
        throw Unsupported{s->getBeginLoc(), "inline assembly"};
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
    v.type = type(vd->getType(), vd->getLocation());
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
        if (tt->isStruct()) {
            for (unsigned i = 0; i < il->getNumInits() && i < tt->fields.size(); ++i) {
                const clang::Expr *sub = il->getInit(i);
                if (isa<ImplicitValueInitExpr>(sub))
                    continue;
                auto member = makeNode(ExprKind::Member, tt->fields[i].type, {target});
                std::const_pointer_cast<vcov::Expr>(member)->field = i;
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

void FunctionBuilder::effect(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
        switch (bo->getOpcode()) {
        case BO_Assign:
            assignment(bo->getLHS(), bo->getRHS(), bo->getSourceRange(), text(bo->getSourceRange()));
            return;
        case BO_Comma:
            effect(bo->getLHS());
            effect(bo->getRHS());
            return;
        case BO_LAnd:
        case BO_LOr: {
            if (!bo->getRHS()->HasSideEffects(m_ctx))
                break;
            NodeId rhs = newNode(), after = newNode();
            if (bo->getOpcode() == BO_LAnd)
                cond(bo->getLHS(), rhs, after);
            else
                cond(bo->getLHS(), after, rhs);
            m_cur = rhs;
            effect(bo->getRHS());
            addEdge(m_cur, after, EdgeKind::Blank, {}, "");
            m_cur = after;
            return;
        }
        default:
            break;
        }
    }
    if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
        compoundAssign(ca, ca->getSourceRange());
        return;
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->isIncrementDecrementOp()) {
        incDec(uo, false);
        return;
    }
    if (const auto *ce = dyn_cast<CallExpr>(e)) {
        call(ce, nullptr, ce->getSourceRange(), false);
        return;
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(e);
        co && (co->getTrueExpr()->HasSideEffects(m_ctx) || co->getFalseExpr()->HasSideEffects(m_ctx) ||
               co->getType()->isVoidType())) {
        NodeId t = newNode(), f = newNode(), after = newNode();
        cond(co->getCond(), t, f);
        m_cur = t;
        effect(co->getTrueExpr());
        addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        m_cur = f;
        effect(co->getFalseExpr());
        addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        m_cur = after;
        return;
    }
    if (const auto *c = dyn_cast<CastExpr>(e); c && c->getCastKind() == CK_ToVoid) {
        effect(c->getSubExpr());
        return;
    }
    // A value computed for nothing (`x;`, `*p;`): lower it for its side effects and
    // diagnostics; it needs no edge of its own.
    rvalue(e);
}

void FunctionBuilder::assignment(const clang::Expr *lhsE, const clang::Expr *rhsE, clang::SourceRange range,
                                 const std::string &t) {
    const clang::Expr *bare = rhsE->IgnoreParens();
    ExprPtr lhs = lvalue(lhsE);
    if (const auto *ce = llvm::dyn_cast<clang::CallExpr>(bare); ce && lhs->type->isScalar()) {
        call(ce, lhs, range, false);
        return;
    }
    ExprPtr rhs = convert(rvalue(rhsE), lhs->type);
    CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, t);
    e.lhs = lhs;
    e.rhs = rhs;
}

ExprPtr FunctionBuilder::compoundAssign(const clang::CompoundAssignOperator *op, clang::SourceRange range) {
    using namespace clang;
    ExprPtr lhs = lvalue(op->getLHS());
    ExprPtr rhs = rvalue(op->getRHS());
    BinaryOp bop;
    switch (op->getOpcode()) {
    case BO_MulAssign: bop = BinaryOp::Mul; break;
    case BO_DivAssign: bop = BinaryOp::Div; break;
    case BO_RemAssign: bop = BinaryOp::Rem; break;
    case BO_AddAssign: bop = BinaryOp::Add; break;
    case BO_SubAssign: bop = BinaryOp::Sub; break;
    case BO_ShlAssign: bop = BinaryOp::Shl; break;
    case BO_ShrAssign: bop = BinaryOp::Shr; break;
    case BO_AndAssign: bop = BinaryOp::BitAnd; break;
    case BO_XorAssign: bop = BinaryOp::BitXor; break;
    case BO_OrAssign: bop = BinaryOp::BitOr; break;
    default: throw Unsupported{op->getBeginLoc(), "compound assignment operator"};
    }
    ExprPtr value;
    if (lhs->type->isPointer()) {
        value = makeBinary(bop, lhs->type, lhs, rhs);
    } else {
        const Type *ct = type(op->getComputationLHSType(), op->getBeginLoc());
        const Type *rt = type(op->getComputationResultType(), op->getBeginLoc());
        bool isShift = bop == BinaryOp::Shl || bop == BinaryOp::Shr;
        ExprPtr r = isShift ? rhs : convert(rhs, ct);
        value = convert(makeBinary(bop, rt, convert(lhs, ct), r), lhs->type);
    }
    CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
    e.lhs = lhs;
    e.rhs = value;
    return lhs;
}

ExprPtr FunctionBuilder::incDec(const clang::UnaryOperator *op, bool valueNeeded) {
    ExprPtr lhs = lvalue(op->getSubExpr());
    ExprPtr old;
    if (valueNeeded && op->isPostfix()) {
        VarId tmp = temporary(lhs->type, op->getBeginLoc());
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, op->getSourceRange(), text(op->getSourceRange()));
        e.lhs = makeVar(lhs->type, tmp);
        e.rhs = lhs;
        old = e.lhs;
    }
    BinaryOp bop = op->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub;
    ExprPtr value;
    if (lhs->type->isPointer()) {
        value = makeBinary(bop, lhs->type, lhs, makeIntConst(L.P.types.longT(), 1));
    } else {
        // Integer promotion, then back to the object's type.
        const Type *pt = lhs->type->bits < 32 || lhs->type->isBool ? L.P.types.intT() : lhs->type;
        value = convert(makeBinary(bop, pt, convert(lhs, pt), makeIntConst(pt, 1)), lhs->type);
        if (lhs->type->isBool) // ++ on _Bool sets it to 1; -- toggles it
            value = makeCast(CastKind::Integral, lhs->type, makeBinary(bop, pt, convert(lhs, pt), makeIntConst(pt, 1)));
    }
    CfaEdge &e = addEdgeAt(EdgeKind::Assignment, op->getSourceRange(), text(op->getSourceRange()));
    e.lhs = lhs;
    e.rhs = value;
    return old ? old : lhs;
}

ExprPtr FunctionBuilder::call(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range, bool valueNeeded) {
    using namespace clang;
    const FunctionDecl *fd = c->getDirectCallee();
    if (!fd)
        throw Unsupported{c->getBeginLoc(), "call through a function pointer"};
    std::string name = fd->getNameAsString();
    if (name == "__builtin_expect" && c->getNumArgs() == 2) {
        ExprPtr v = rvalue(c->getArg(0));
        if (lhs) {
            CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
            e.lhs = lhs;
            e.rhs = convert(v, lhs->type);
        }
        return v;
    }
    if (fd->getBuiltinID() != 0 && classifyIntrinsic(name) == Intrinsic::External && !fd->hasBody() &&
        name.rfind("__builtin_", 0) == 0)
        throw Unsupported{c->getBeginLoc(), "compiler builtin '" + name + "'"};
    FunctionId callee = L.functionFor(fd, m_ctx);
    // Copies: lowering the arguments may register functions and move the table.
    const Type *ft = L.P.functions[callee].type;
    const bool calleeHasBody = L.bodies.count(callee) > 0;
    // A program may define its own `read` or `signal`: only library functions without a
    // body are refused.
    if (std::string why = unsupportedLibraryFunction(name); !why.empty() && !calleeHasBody)
        throw Unsupported{c->getBeginLoc(), why};
    std::vector<ExprPtr> args;
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
        ExprPtr a = rvalue(c->getArg(i));
        if (ft && i < ft->params.size())
            a = convert(a, ft->params[i]);
        args.push_back(a);
    }
    const Type *rt = ft ? ft->target : type(c->getType(), c->getBeginLoc());
    if (!lhs && valueNeeded) {
        if (rt->kind == TypeKind::Void)
            throw Unsupported{c->getBeginLoc(), "use of a void function's value"};
        lhs = makeVar(rt, temporary(rt, c->getBeginLoc()));
    }
    if (lhs && rt->kind != TypeKind::Void && rt != lhs->type) {
        // The callee returns one type and the caller stores another: go through a temporary.
        VarId tmp = temporary(rt, c->getBeginLoc());
        call(c, makeVar(rt, tmp), range, false);
        CfaEdge &e = addEdgeAt(EdgeKind::Assignment, range, text(range));
        e.lhs = lhs;
        e.rhs = convert(makeVar(rt, tmp), lhs->type);
        return lhs;
    }
    CfaEdge &e = addEdgeAt(EdgeKind::Call, range, text(range));
    e.call.callee = callee;
    e.call.calleeName = name;
    // SV-COMP's property is "reach_error() is never called", whatever its body does
    // (some tasks define it empty).
    const bool errorFunction = name == "reach_error" || name == "__VERIFIER_error";
    e.call.intrinsic = errorFunction ? Intrinsic::Error : calleeHasBody ? Intrinsic::None : classifyIntrinsic(name);
    e.call.lhs = rt->kind == TypeKind::Void ? nullptr : lhs;
    e.call.args = std::move(args);
    return lhs;
}

ExprPtr FunctionBuilder::branchValue(const clang::Expr *e) {
    using namespace clang;
    const Type *t = type(e->getType(), e->getBeginLoc());
    VarId tmp = temporary(t, e->getBeginLoc());
    ExprPtr v = makeVar(t, tmp);
    NodeId yes = newNode(), no = newNode(), after = newNode();
    if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
        cond(co->getCond(), yes, no);
        for (auto [node, arm] : {std::pair{yes, co->getTrueExpr()}, std::pair{no, co->getFalseExpr()}}) {
            m_cur = node;
            ExprPtr a = convert(rvalue(arm), t);
            CfaEdge &ed = addEdgeAt(EdgeKind::Assignment, arm->getSourceRange(), text(arm->getSourceRange()));
            ed.lhs = v;
            ed.rhs = a;
            addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        }
    } else {
        cond(e, yes, no);
        for (auto [node, bit] : {std::pair{yes, 1}, std::pair{no, 0}}) {
            m_cur = node;
            CfaEdge &ed = addEdgeAt(EdgeKind::Assignment, e->getSourceRange(), text(e->getSourceRange()));
            ed.lhs = v;
            ed.rhs = makeIntConst(t, bit);
            addEdge(m_cur, after, EdgeKind::Blank, {}, "");
        }
    }
    m_cur = after;
    return v;
}

void FunctionBuilder::cond(const clang::Expr *e, NodeId ifTrue, NodeId ifFalse) {
    using namespace clang;
    const clang::Expr *p = e->IgnoreParens();
    const clang::Expr *inner = e->IgnoreParenImpCasts();
    if (const auto *bo = dyn_cast<BinaryOperator>(inner)) {
        if (bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) {
            NodeId mid = newNode();
            if (bo->getOpcode() == BO_LAnd)
                cond(bo->getLHS(), mid, ifFalse);
            else
                cond(bo->getLHS(), ifTrue, mid);
            m_cur = mid;
            cond(bo->getRHS(), ifTrue, ifFalse);
            return;
        }
        if (bo->getOpcode() == BO_Comma) {
            effect(bo->getLHS());
            cond(bo->getRHS(), ifTrue, ifFalse);
            return;
        }
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(inner); uo && uo->getOpcode() == UO_LNot) {
        cond(uo->getSubExpr(), ifFalse, ifTrue);
        return;
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(inner)) {
        NodeId a = newNode(), b = newNode();
        cond(co->getCond(), a, b);
        m_cur = a;
        cond(co->getTrueExpr(), ifTrue, ifFalse);
        m_cur = b;
        cond(co->getFalseExpr(), ifTrue, ifFalse);
        return;
    }
    std::string t = text(p->getSourceRange());
    if (!p->HasSideEffects(m_ctx) && !p->isValueDependent()) {
        bool value = false;
        if (p->EvaluateAsBooleanCondition(value, m_ctx) && p->isIntegerConstantExpr(m_ctx)) {
            // A constant condition (`while (1)`) has one way only.
            addEdge(m_cur, value ? ifTrue : ifFalse, EdgeKind::Blank, p->getSourceRange(), "[" + t + "]");
            return;
        }
    }
    ExprPtr v = rvalue(p);
    CfaEdge &yes = addEdge(m_cur, ifTrue, EdgeKind::Assume, p->getSourceRange(), "[" + t + "]");
    yes.cond = v;
    yes.truth = true;
    CfaEdge &no = addEdge(m_cur, ifFalse, EdgeKind::Assume, p->getSourceRange(), "[!(" + t + ")]");
    no.cond = v;
    no.truth = false;
}

ExprPtr FunctionBuilder::lvalue(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
        const ValueDecl *d = dr->getDecl();
        if (const auto *vd = dyn_cast<VarDecl>(d)) {
            auto it = m_locals.find(vd);
            if (it != m_locals.end())
                return makeVar(L.P.variables[it->second].type, it->second);
            if (vd->hasGlobalStorage()) {
                VarId id = L.globalFor(vd, m_ctx);
                return makeVar(L.P.variables[id].type, id);
            }
            throw Unsupported{e->getBeginLoc(), "variable '" + vd->getNameAsString() + "' used outside its function"};
        }
        if (isa<FunctionDecl>(d))
            throw Unsupported{e->getBeginLoc(), "function pointer (use of '" + d->getNameAsString() + "' as a value)"};
        throw Unsupported{e->getBeginLoc(), "reference to '" + d->getNameAsString() + "'"};
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref) {
        ExprPtr ptr = rvalue(uo->getSubExpr());
        return makeNode(ExprKind::Deref, type(e->getType(), e->getBeginLoc()), {ptr});
    }
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
        const clang::Expr *base = as->getBase()->IgnoreParens();
        const Type *t = type(e->getType(), e->getBeginLoc());
        ExprPtr idx = rvalue(as->getIdx());
        if (const auto *ic = dyn_cast<ImplicitCastExpr>(base); ic && ic->getCastKind() == CK_ArrayToPointerDecay) {
            ExprPtr arr = lvalue(ic->getSubExpr());
            if (arr->kind != ExprKind::StringLit)
                return makeNode(ExprKind::Index, t, {arr, idx});
        }
        ExprPtr ptr = rvalue(as->getBase());
        return makeNode(ExprKind::Deref, t, {makeBinary(BinaryOp::Add, ptr->type, ptr, idx)});
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
        const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
        if (!fd)
            throw Unsupported{e->getBeginLoc(), "member that is not a field"};
        if (fd->isBitField())
            throw Unsupported{e->getBeginLoc(), "bit-field ('" + fd->getNameAsString() + "')"};
        ExprPtr base;
        if (me->isArrow()) {
            ExprPtr ptr = rvalue(me->getBase());
            base = makeNode(ExprKind::Deref, ptr->type->target, {ptr});
        } else {
            base = lvalue(me->getBase());
        }
        if (!base->type->isStruct())
            throw Unsupported{e->getBeginLoc(), "member access on a non-struct"};
        auto m = makeNode(ExprKind::Member, type(e->getType(), e->getBeginLoc()), {base});
        std::const_pointer_cast<vcov::Expr>(m)->field = fd->getFieldIndex();
        return m;
    }
    if (const auto *sl = dyn_cast<StringLiteral>(e)) {
        auto s = makeNode(ExprKind::StringLit, type(e->getType(), e->getBeginLoc()), {});
        std::const_pointer_cast<vcov::Expr>(s)->str = sl->getBytes().str();
        return s;
    }
    if (const auto *pe = dyn_cast<PredefinedExpr>(e)) {
        auto s = makeNode(ExprKind::StringLit, type(e->getType(), e->getBeginLoc()), {});
        std::const_pointer_cast<vcov::Expr>(s)->str = pe->getFunctionName() ? pe->getFunctionName()->getBytes().str() : "";
        return s;
    }
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp)
        return lvalue(ic->getSubExpr());
    if (isa<CompoundLiteralExpr>(e))
        throw Unsupported{e->getBeginLoc(), "compound literal"};
    // Assignments and pre-increments are lvalues in C only through their side effect.
    if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_Assign) {
        assignment(bo->getLHS(), bo->getRHS(), bo->getSourceRange(), text(bo->getSourceRange()));
        return lvalue(bo->getLHS());
    }
    throw Unsupported{e->getBeginLoc(), std::string("expression '") + e->getStmtClassName() + "' used as an lvalue"};
}

ExprPtr FunctionBuilder::castExpr(const clang::CastExpr *c) {
    using namespace clang;
    const Type *to = type(c->getType(), c->getBeginLoc());
    switch (c->getCastKind()) {
    case CK_LValueToRValue:
        return lvalue(c->getSubExpr());
    case CK_NoOp:
    case CK_BitCast:
        if (c->getSubExpr()->getType()->isPointerType() || c->getType()->isPointerType()) {
            ExprPtr s = rvalue(c->getSubExpr());
            return s->type == to ? s : makeCast(CastKind::PointerToPointer, to, s);
        }
        return rvalue(c->getSubExpr());
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral: {
        ExprPtr s = rvalue(c->getSubExpr());
        return s->type == to ? s : makeCast(CastKind::Integral, to, s);
    }
    case CK_ArrayToPointerDecay:
        return makeCast(CastKind::ArrayDecay, to, lvalue(c->getSubExpr()));
    case CK_IntegralToPointer:
        return makeCast(CastKind::IntToPointer, to, rvalue(c->getSubExpr()));
    case CK_PointerToIntegral:
        return makeCast(CastKind::PointerToInt, to, rvalue(c->getSubExpr()));
    case CK_PointerToBoolean:
        return makeCast(CastKind::PointerToBool, to, rvalue(c->getSubExpr()));
    case CK_NullToPointer:
        return makeCast(CastKind::NullToPointer, to, rvalue(c->getSubExpr()));
    case CK_ToVoid:
        return makeCast(CastKind::ToVoid, to, rvalue(c->getSubExpr()));
    case CK_FunctionToPointerDecay:
        throw Unsupported{c->getBeginLoc(), "function pointer"};
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_FloatingToBoolean:
        throw Unsupported{c->getBeginLoc(), "floating-point conversion"};
    default:
        throw Unsupported{c->getBeginLoc(), std::string("cast '") + c->getCastKindName() + "'"};
    }
}

ExprPtr FunctionBuilder::rvalue(const clang::Expr *e) {
    using namespace clang;
    e = e->IgnoreParens();
    if (e->getType()->isRealFloatingType())
        throw Unsupported{e->getBeginLoc(), "floating-point arithmetic"};
    // Integer constant expressions (literals, enumerators, sizeof, macros like SIZE)
    // become constants.
    if (e->getType()->isIntegralOrEnumerationType() && !e->HasSideEffects(m_ctx) && !isa<DeclRefExpr>(e) &&
        !e->isValueDependent()) {
        if (auto v = e->getIntegerConstantExpr(m_ctx)) {
            const Type *t = type(e->getType(), e->getBeginLoc());
            return makeIntConst(t, v->isSigned() ? v->getExtValue() : int64_t(v->getZExtValue()));
        }
    }
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
        if (const auto *ec = dyn_cast<EnumConstantDecl>(dr->getDecl()))
            return makeIntConst(type(e->getType(), e->getBeginLoc()), ec->getInitVal().getExtValue());
        return lvalue(e);
    }
    if (const auto *c = dyn_cast<CastExpr>(e))
        return castExpr(c);
    if (isa<FloatingLiteral>(e) || isa<ImaginaryLiteral>(e))
        throw Unsupported{e->getBeginLoc(), "floating-point constant"};
    if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
        const Type *t = type(e->getType(), e->getBeginLoc());
        switch (uo->getOpcode()) {
        case UO_Minus: return makeUnary(UnaryOp::Neg, t, rvalue(uo->getSubExpr()));
        case UO_Not: return makeUnary(UnaryOp::BitNot, t, rvalue(uo->getSubExpr()));
        case UO_LNot: return makeUnary(UnaryOp::LogNot, t, rvalue(uo->getSubExpr()));
        case UO_Plus: return rvalue(uo->getSubExpr());
        case UO_AddrOf: return makeNode(ExprKind::AddrOf, t, {lvalue(uo->getSubExpr())});
        case UO_Deref: return lvalue(e);
        case UO_PreInc:
        case UO_PreDec:
        case UO_PostInc:
        case UO_PostDec: return incDec(uo, true);
        case UO_Extension: return rvalue(uo->getSubExpr());
        default: throw Unsupported{e->getBeginLoc(), std::string("operator '") + UnaryOperator::getOpcodeStr(uo->getOpcode()).str() + "'"};
        }
    }
    if (const auto *ca = dyn_cast<CompoundAssignOperator>(e))
        return compoundAssign(ca, ca->getSourceRange());
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
        const Type *t = type(e->getType(), e->getBeginLoc());
        BinaryOp op;
        switch (bo->getOpcode()) {
        case BO_Assign:
            assignment(bo->getLHS(), bo->getRHS(), bo->getSourceRange(), text(bo->getSourceRange()));
            return lvalue(bo->getLHS());
        case BO_Comma:
            effect(bo->getLHS());
            return rvalue(bo->getRHS());
        case BO_LAnd:
        case BO_LOr:
            if (bo->getRHS()->HasSideEffects(m_ctx))
                return branchValue(e);
            op = bo->getOpcode() == BO_LAnd ? BinaryOp::LogAnd : BinaryOp::LogOr;
            break;
        case BO_Mul: op = BinaryOp::Mul; break;
        case BO_Div: op = BinaryOp::Div; break;
        case BO_Rem: op = BinaryOp::Rem; break;
        case BO_Add: op = BinaryOp::Add; break;
        case BO_Sub: op = BinaryOp::Sub; break;
        case BO_Shl: op = BinaryOp::Shl; break;
        case BO_Shr: op = BinaryOp::Shr; break;
        case BO_LT: op = BinaryOp::Lt; break;
        case BO_GT: op = BinaryOp::Gt; break;
        case BO_LE: op = BinaryOp::Le; break;
        case BO_GE: op = BinaryOp::Ge; break;
        case BO_EQ: op = BinaryOp::Eq; break;
        case BO_NE: op = BinaryOp::Ne; break;
        case BO_And: op = BinaryOp::BitAnd; break;
        case BO_Xor: op = BinaryOp::BitXor; break;
        case BO_Or: op = BinaryOp::BitOr; break;
        default: throw Unsupported{e->getBeginLoc(), "operator '" + bo->getOpcodeStr().str() + "'"};
        }
        ExprPtr a = rvalue(bo->getLHS());
        ExprPtr b = rvalue(bo->getRHS());
        return makeBinary(op, t, a, b);
    }
    if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
        if (co->getTrueExpr()->HasSideEffects(m_ctx) || co->getFalseExpr()->HasSideEffects(m_ctx))
            return branchValue(e);
        const Type *t = type(e->getType(), e->getBeginLoc());
        ExprPtr c = rvalue(co->getCond());
        return makeNode(ExprKind::Conditional, t,
                        {c, convert(rvalue(co->getTrueExpr()), t), convert(rvalue(co->getFalseExpr()), t)});
    }
    if (isa<BinaryConditionalOperator>(e))
        throw Unsupported{e->getBeginLoc(), "'?:' with omitted middle operand (GNU extension)"};
    if (const auto *ce = dyn_cast<CallExpr>(e))
        return call(ce, nullptr, ce->getSourceRange(), true);
    if (isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e) || isa<StringLiteral>(e) || isa<PredefinedExpr>(e))
        return lvalue(e);
    if (const auto *ue = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
        clang::Expr::EvalResult r;
        if (ue->EvaluateAsInt(r, m_ctx))
            return makeIntConst(type(e->getType(), e->getBeginLoc()), r.Val.getInt().getExtValue());
        throw Unsupported{e->getBeginLoc(), "sizeof of a variable-length array"};
    }
    if (const auto *ce = dyn_cast<ConstantExpr>(e))
        return rvalue(ce->getSubExpr());
    if (const auto *gs = dyn_cast<GenericSelectionExpr>(e))
        return rvalue(gs->getResultExpr());
    if (const auto *ch = dyn_cast<ChooseExpr>(e))
        return rvalue(ch->getChosenSubExpr());
    if (const auto *se = dyn_cast<StmtExpr>(e)) {
        // GNU ({ ...; value; }), as glibc's assert expands to: the statements, then the
        // value of the last one.
        const CompoundStmt *body = se->getSubStmt();
        const Stmt *last = body->body_empty() ? nullptr : body->body_back();
        for (const Stmt *s : body->body())
            if (s != last)
                stmt(s);
        if (const auto *le = last ? dyn_cast<clang::Expr>(last) : nullptr; le && !se->getType()->isVoidType())
            return rvalue(le);
        stmt(last);
        return makeIntConst(L.P.types.intT(), 0);
    }
    if (isa<VAArgExpr>(e))
        throw Unsupported{e->getBeginLoc(), "va_arg"};
    if (isa<AddrLabelExpr>(e))
        throw Unsupported{e->getBeginLoc(), "address of a label (computed goto)"};
    if (isa<CompoundLiteralExpr>(e))
        throw Unsupported{e->getBeginLoc(), "compound literal"};
    if (isa<InitListExpr>(e))
        throw Unsupported{e->getBeginLoc(), "initializer list outside a declaration"};
    throw Unsupported{e->getBeginLoc(), std::string("expression '") + e->getStmtClassName() + "'"};
}

} // namespace

std::unique_ptr<Program> parseProgram(const FrontEndOptions &options) {
    auto program = std::make_unique<Program>(options.dataModel.value_or(DataModel::LP64));
    if (options.files.empty()) {
        program->diagnostics.error("", 0, 0, "no input file");
        return program;
    }
    Lowering lowering(*program, options);
    try {
        lowering.run();
    } catch (const Unsupported &u) {
        program->diagnostics.error(options.files.front(), 0, 0, "unsupported: " + u.what);
    } catch (const std::exception &ex) {
        program->diagnostics.error(options.files.front(), 0, 0, std::string("internal error in the front end: ") + ex.what());
    }
    if (program->diagnostics.hasErrors()) {
        // Nothing half-built may reach an analysis.
        program->entryFunction = NoFunction;
    }
    return program;
}

} // namespace vcov
