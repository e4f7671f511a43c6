// Clang AST -> CFA. Clang headers stay in frontend/ (here and in MutationSites.cpp).
//
// Each input file is parsed by Clang into its own AST; functions and globals are then
// linked by name across files, as a linker would. Expressions are lowered into the
// side-effect-free IR of Expr.h: calls, assignments and increments inside expressions
// become edges of their own, and every atomic condition of && || ! ?: becomes its own
// pair of assume edges.
#include "frontend/CLibrary.h"
#include "frontend/Lowering.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace vcov {

using namespace lowering;

namespace {

namespace fs = std::filesystem;

} // namespace

namespace lowering {

std::vector<std::string> Lowering::clangArgs() const { return clangArguments(opts); }

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

std::string Lowering::functionKey(const clang::FunctionDecl *fd) const {
    std::string name = fd->getNameAsString();
    if (fd->getStorageClass() == clang::SC_Static) {
        // By the file of its first declaration: a prototype in one header and the definition
        // in another (aws-c-common's array_list.h and array_list.inl) are one function.
        const auto &sm = fd->getASTContext().getSourceManager();
        return std::string(sm.getFilename(sm.getFileLoc(fd->getFirstDecl()->getLocation()))) + "::" + name;
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
            v.holdsFunctions = holdsFunctions(vd->getType());
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
        if (unsupportedFunctions.count(id) ||
            std::find(opts.removeBodies.begin(), opts.removeBodies.end(), P.functions[id].name) != opts.removeBodies.end()) {
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
        if (!f.hasBody && f.intrinsic != Intrinsic::InvalidCall)
            f.intrinsic = classifyIntrinsic(f.name);
}

namespace {

// The functions a translation unit names other than as a direct call's callee: `&f`, `f`
// stored or passed, in bodies and in global initializers alike.
class AddressTakenVisitor : public clang::RecursiveASTVisitor<AddressTakenVisitor> {
public:
    bool VisitCallExpr(clang::CallExpr *c) { // visited before its callee
        if (c->getDirectCallee())
            m_callees.insert(c->getCallee()->IgnoreParenImpCasts());
        return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr *d) {
        if (const auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d->getDecl()); fd && !m_callees.count(d))
            taken.push_back(fd);
        return true;
    }
    std::vector<const clang::FunctionDecl *> taken;

private:
    std::set<const clang::Expr *> m_callees;
};

} // namespace

void Lowering::findAddressTaken() {
    for (auto &tu : tus) {
        clang::ASTContext &ctx = tu.ast->getASTContext();
        AddressTakenVisitor v;
        v.TraverseDecl(ctx.getTranslationUnitDecl());
        for (const clang::FunctionDecl *fd : v.taken)
            addressTaken.insert(functionFor(fd, ctx));
    }
}

FunctionId Lowering::bodilessFunction(const std::string &key, const std::string &name, const Type *type,
                                      Intrinsic intrinsic) {
    if (auto it = functionsByKey.find(key); it != functionsByKey.end())
        return it->second;
    FunctionCfa f;
    f.id = FunctionId(P.functions.size());
    f.name = name;
    f.type = type;
    f.intrinsic = intrinsic;
    P.functions.push_back(f);
    return functionsByKey[key] = f.id;
}

FunctionId Lowering::invalidCallFunction() {
    return bodilessFunction("\x01no function", "(no function)", P.types.functionType(P.types.voidType(), {}, false),
                            Intrinsic::InvalidCall);
}

FunctionId Lowering::vlaAllocationFunction() {
    return bodilessFunction("\x01variable-length array", "__builtin_alloca",
                            P.types.functionType(P.types.pointerTo(P.types.voidType()), {P.types.sizeT()}, false),
                            Intrinsic::Malloc);
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
    // A call of a body-less function named as a refused one (a static inline function of a
    // header, one copy per translation unit) reaches the refused body: never an input.
    std::set<std::string> reachedNames;
    for (FunctionId f : reachable)
        reachedNames.insert(P.functions[f].name);
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
        bool isReachable = P.entryFunction == NoFunction || reachable.count(id) || reachedNames.count(P.functions[id].name) ||
                           unsupportedFunctions.count(P.entryFunction);
        d.severity = isReachable ? Severity::Error : Severity::Warning;
        d.message = "unsupported: " + u.what + " in function '" + P.functions[id].name + "'" +
                    (isReachable ? "" : " (not called from the entry function: left out of the analysis)");
        P.diagnostics.add(d);
    }
}

// The entry's parameters are inputs (FunctionBuilder::build): a call of it from the program
// would havoc its arguments, so such an entry is refused rather than analysed unsoundly.
void Lowering::entryCalledElsewhere() {
    const FunctionCfa &entry = P.functions[P.entryFunction];
    std::string file = entry.range.valid() ? P.files[entry.range.file].path : std::string();
    for (const auto &e : P.edges)
        if (e.kind == EdgeKind::Call && e.call.callee == P.entryFunction) {
            P.diagnostics.error(P.files[e.range.file].path, e.range.beginLine, e.range.beginColumn,
                                "the entry function '" + entry.name +
                                    "' takes its parameters as inputs, but is also called here (from '" +
                                    P.functions[e.function].name + "'): choose an entry nobody calls");
            return;
        }
    if (addressTaken.count(P.entryFunction))
        P.diagnostics.error(file, entry.range.beginLine, entry.range.beginColumn,
                            "the entry function '" + entry.name +
                                "' takes its parameters as inputs, but its address is taken: choose an entry nobody calls");
}

void Lowering::run() {
    if (!parse())
        return;
    for (auto &tu : tus)
        collect(tu);
    findAddressTaken();
    lowerGlobals();
    if (const FunctionCfa *entry = P.function(opts.entry); entry && bodies.count(entry->id))
        P.entryFunction = entry->id;
    lowerBodies();
    reportUnsupported();
    if (P.entryFunction != NoFunction && !P.functions[P.entryFunction].params.empty() && opts.entry != "main")
        entryCalledElsewhere();
    // Inline assembly, once per line: what its outputs become, and what is not modelled.
    std::set<std::pair<int, int>> asmLines;
    for (const auto &e : P.edges)
        if (((e.kind == EdgeKind::Call && e.call.calleeName == AsmOutputInput) ||
             (e.kind == EdgeKind::Blank && e.text == AsmWithoutOutput)) &&
            e.range.valid() &&
            asmLines.insert({int(e.range.file), e.range.beginLine}).second)
            P.diagnostics.warning(P.files[e.range.file].path, e.range.beginLine, e.range.beginColumn,
                                  "inline assembly: its outputs become inputs (any value of their type); anything "
                                  "else it does (other memory, a 'memory' clobber) is not modelled");
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


} // namespace lowering

static std::unique_ptr<Program> lowerProgram(const FrontEndOptions &options) {
    auto program = std::make_unique<Program>(options.dataModel.value_or(DataModel::LP64));
    program->maxAllocation = options.maxAllocation;
    program->builtinAssertions = options.builtinAssertions;
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

std::unique_ptr<Program> parseProgram(const FrontEndOptions &options) {
    auto program = lowerProgram(options);
    // Library functions called without a definition that vcov has a model of: parsed
    // again with the models as one more translation unit (CBMC's --add-library).
    std::set<std::string> needed;
    for (const CfaEdge &e : program->edges)
        if (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::External && hasCLibraryModel(e.call.calleeName))
            needed.insert(e.call.calleeName);
    if (needed.empty() || program->diagnostics.hasErrors() ||
        std::find(options.files.begin(), options.files.end(), CLibraryPath) != options.files.end())
        return program;
    FrontEndOptions withLibrary = options;
    withLibrary.files.push_back(CLibraryPath);
    withLibrary.contents[CLibraryPath] = cLibraryModels(needed);
    return lowerProgram(withLibrary);
}

} // namespace vcov
