// The front end's lowering of Clang's AST to the CFA, shared by its parts:
// ClangParsing.cpp (Clang's parse, CBMC's dialect), ClangLowering.cpp (linking by name,
// globals), LowerTypes.cpp, LowerUnits.cpp (members, bit-fields and unions),
// LowerStatements.cpp (a function's CFA: nodes, edges, statements), LowerExpressions.cpp
// (expressions, conditions) and LowerCalls.cpp (calls, CBMC's operator built-ins). Only
// frontend/ includes it: Clang stays behind FrontEnd.h.
#pragma once

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

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace vcov::lowering {

// An unsupported construct met while lowering: reported with its place, never lowered
// into a silently wrong CFA.
struct Unsupported {
    clang::SourceLocation loc;
    std::string what;
};

// Source text on one line, as edges show it.
// The input an output of inline assembly becomes (FunctionBuilder::asmOutputsAsInputs).
inline constexpr const char *AsmOutputInput = "__VERIFIER_nondet_asm_output";
// The text of the edge of inline assembly without outputs.
inline constexpr const char *AsmWithoutOutput = "asm (no output; what it does is not modelled)";

inline std::string collapseWhitespace(llvm::StringRef s) {
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

// A parse that fails on CBMC's dialect (vcov reads what goto-cc reads), made again with the
// dialect rewritten (CbmcDialect.h): what was parsed. Each accommodation that changes what
// the program means to Clang leaves a warning in `accepted`.
struct DialectRetry {
    std::string text;                           // the input file, as Clang parsed it
    std::vector<std::string> defines;           // more -D
    std::map<std::string, std::string> headers; // rewritten included files, by absolute path
    std::vector<Diagnostic> accepted;
};
struct DialectParse {
    std::unique_ptr<clang::ASTUnit> ast;
    Diagnostics diagnostics; // errors only
    DialectRetry dialect;
};
// goto-cc's `==`/`!=` over structs and assignment of structs with const members, which
// Clang refuses: the text rewritten from the operands Clang recovered (StructOperators.cpp).
bool rewriteStructOperators(DialectRetry &r, const std::string &path, const Diagnostics &errors, clang::ASTUnit *ast);

DialectParse parseInDialect(const std::vector<std::string> &clangArgs, const std::string &absPath,
                            const std::string &content, const std::string &tool);

struct TranslationUnit {
    std::string path;
    std::unique_ptr<clang::ASTUnit> ast;
};

class Lowering;

// A variable or member of function pointers (or an array of them): vcov holds them as the
// numbers of the functions they point to, and a trace prints those as the functions' names.
inline bool holdsFunctions(clang::QualType q) {
    while (const clang::ArrayType *a = q->getAsArrayTypeUnsafe())
        q = a->getElementType();
    return q->isFunctionPointerType();
}

// Where a C struct member lives in vcov's struct type. Bit-fields are lowered as a
// compiler does: the bytes a run of them occupies become unsigned integer fields (storage
// units, named "{a,b}" after the bit-fields they hold), and an access to one is a shift
// and a mask of its unit, so every analysis sees only integers.
struct FieldPlace {
    unsigned field = 0;   // index into the vcov struct's fields
    bool named = true;    // unnamed bit-fields take no initializer
    bool bitField = false;
    unsigned bitOffset = 0, width = 0; // bit-fields: where in the unit, how many bits
    const Type *declared = nullptr;    // bit-fields: the declared type (int, unsigned, _Bool)
    // A member of a union whose members are views (Type::membersAsViews): the union's bytes
    // read as `declared`.
    bool viewOfStorage = false;
};

// Builds the CFA of one function into local node/edge lists; committed to the Program
// after unreachable nodes are pruned and join edges contracted.
// x86-64's va_list (`struct __va_list_tag[1]`) or the pointer it decays to as a parameter:
// lowered as `void **` (LowerVariadic.cpp).
bool isVaList(clang::QualType q);

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
    // Struct members: the struct lvalue a member access reads from, and where the member is.
    ExprPtr memberBase(const clang::MemberExpr *me);
    const FieldPlace &place(const clang::MemberExpr *me, const Type *structType);
    // Scalars held in storage units (FieldPlace): bit-fields, and integers inside unions.
    // inUnits says whether an lvalue is one (without lowering anything); unitOf lowers it
    // to its unit and where in the unit it lies; readFromUnit is its value, storeIntoUnit the
    // unit's value once `value` is stored into it.
    bool inUnion(const clang::Expr *e);
    bool inUnits(const clang::Expr *e);
    // A union whose members hold pointers or bit-fields: its members are views (Type::membersAsViews).
    bool membersAsViews(clang::QualType unionType, clang::SourceLocation loc);
    // A member of such a union: the union's bytes as its type, `*(M *)&u`.
    ExprPtr viewOfStorage(const ExprPtr &base, const Type *member);
    ExprPtr unitOf(const clang::Expr *e, FieldPlace &p);
    ExprPtr readFromUnit(const ExprPtr &unit, const FieldPlace &p);
    const Type *bitsOf(const Type *t);
    ExprPtr storeIntoUnit(const ExprPtr &unit, const FieldPlace &p, const ExprPtr &value);
    // A member inside a union: the union object, the member's byte offset and type.
    struct UnionPath {
        ExprPtr object;
        uint64_t offset = 0;
        const Type *type = nullptr;
    };
    UnionPath unionPath(const clang::Expr *e);
    ExprPtr unitAt(const ExprPtr &object, uint64_t offset, const Type *scalar, clang::SourceLocation loc, FieldPlace &p);
    std::vector<Initializer> unionInitializers(const clang::Expr *init, const ExprPtr &object, uint64_t offset,
                                               const Type *t);
    ExprPtr atomic(const clang::AtomicExpr *ae);
    ExprPtr castExpr(const clang::CastExpr *c);
    ExprPtr call(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range, bool valueNeeded);
    // Function pointers hold the number of their function (Lowering::type): a designator's
    // value, and a call through one as a choice among the functions of its type whose
    // address the program takes.
    ExprPtr functionValue(const clang::Expr *designator);
    ExprPtr callThroughPointer(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range, bool valueNeeded);
    // __vcov_forall(range, body) / __vcov_exists(range, body), CBMC's quantifiers as
    // CbmcDialect.h rewrites them: a call edge of Intrinsic::Forall / Exists.
    ExprPtr quantifier(const clang::CallExpr *c, bool exists, ExprPtr lhs, clang::SourceRange range, bool valueNeeded);
    // Variadic functions (LowerVariadic.cpp), as goto-cc has them: a definition takes one
    // more parameter, `__vcov_va_args`, the address of an array of pointers to the
    // arguments after the named ones, which each call fills from temporaries; a va_list is
    // a `void **` walking that array.
    ExprPtr packVariadicArguments(std::vector<ExprPtr> &args, size_t named, clang::SourceRange range);
    ExprPtr vaArg(const clang::VAArgExpr *e);
    bool vaBuiltin(const clang::CallExpr *c, const std::string &name, clang::SourceRange range);
    // malloc/calloc under FrontEndOptions::mallocMayFail: NULL or the allocation, by an input.
    ExprPtr allocationMayFail(const clang::CallExpr *c, ExprPtr lhs, clang::SourceRange range);
    // The call edge of `callee` (an intrinsic's when it has no body), from the current node.
    CfaEdge &callEdge(FunctionId callee, const std::string &name, std::vector<ExprPtr> args, ExprPtr lhs,
                      clang::SourceRange range);
    void assignment(const clang::Expr *lhsE, const clang::Expr *rhsE, clang::SourceRange range, const std::string &text);
    ExprPtr compoundAssign(const clang::CompoundAssignOperator *op, clang::SourceRange range);
    ExprPtr incDec(const clang::UnaryOperator *op, bool valueNeeded);
    ExprPtr branchValue(const clang::Expr *e); // ?: && || with side effects, as a temporary
    // Side effects or calls (each an edge); a read of a volatile object counts unless
    // `volatileReads` is false (an operand of inline assembly that is only read).
    bool hasEffects(const clang::Expr *e, bool volatileReads = true) const;
    // Inline assembly with a template: each output an input of its type (the rule
    // for the driver tasks' set_bit, readl: never a silent no-op; warned about per line).
    void asmOutputsAsInputs(const clang::GCCAsmStmt *as);
    // sprintf, snprintf, sscanf: a literal format of the conversions the models have.
    void checkedFormat(const clang::CallExpr *c, const std::string &name);
    VarId temporary(const Type *t, clang::SourceLocation loc);
    ExprPtr convert(ExprPtr e, const Type *to);
    // A scalar used as a truth value: a float or double becomes `e != 0.0` (an int), so that
    // every analysis reads truth as "not all bits zero" (-0.0 has a bit set).
    ExprPtr truth(ExprPtr e);
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
    VarId m_vaArgs = NoVar; // a variadic definition's __vcov_va_args
    bool m_allocating = false; // lowering the allocation behind allocationMayFail
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
    // Where each member of a struct lives, by Clang's field index (FieldPlace).
    std::map<const Type *, std::vector<FieldPlace>> fieldPlaces;
    // Structs and unions whose layout was refused, with why.
    std::map<const Type *, std::string> refusedRecords;
    // Functions whose address the program takes: where a function pointer may point.
    std::set<FunctionId> addressTaken;
    // A function pointer's value for a function: its number + 1 (0 is NULL).
    static int64_t functionNumber(FunctionId f) { return int64_t(f) + 1; }
    // The body-less function a call through a pointer to no function of its type calls.
    // A function without body that the program does not declare, made once per key.
    FunctionId bodilessFunction(const std::string &key, const std::string &name, const Type *type, Intrinsic intrinsic);
    FunctionId invalidCallFunction();
    // What a variable-length array's declaration calls: an allocation of its bytes, as
    // gcc's alloca (Intrinsic::Malloc, never NULL).
    FunctionId vlaAllocationFunction();

    FileId fileOf(const clang::SourceManager &sm, clang::SourceLocation loc);
    SourceRange range(const clang::SourceManager &sm, const clang::LangOptions &lo, clang::SourceRange r);
    const Type *type(clang::ASTContext &ctx, clang::QualType q, clang::SourceLocation loc);
    // A struct's size, alignment and fields as Clang lays them out (LowerTypes.cpp).
    void layOut(clang::ASTContext &ctx, const clang::RecordDecl *def, Type *st);
    // A union of integers: storage units over its bytes; its members' types in fieldPlaces.
    // A union whose members hold pointers or bit-fields: their scalars merged (Type::membersAsViews).
    void layOutUnion(clang::ASTContext &ctx, const clang::RecordDecl *def, Type *ut);
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
    void findAddressTaken();
    void entryCalledElsewhere();
    std::vector<std::string> clangArgs() const;
};

} // namespace vcov::lowering
