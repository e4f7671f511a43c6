// Clang AST -> CFA. Clang headers stay in frontend/ (here and in MutationSites.cpp).
//
// Each input file is parsed by Clang into its own AST; functions and globals are then
// linked by name across files, as a linker would. Expressions are lowered into the
// side-effect-free IR of Expr.h: calls, assignments and increments inside expressions
// become edges of their own, and every atomic condition of && || ! ?: becomes its own
// pair of assume edges.
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

#ifndef VCOV_CLANG_RESOURCE_DIR
#define VCOV_CLANG_RESOURCE_DIR ""
#endif

namespace vcov {

using namespace lowering;

namespace {

namespace fs = std::filesystem;

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

// ---------------------------------------------------------------------------------
// Lowering: parsing, linking, types

namespace lowering {

std::vector<std::string> Lowering::clangArgs() const { return clangArguments(opts); }

// When every error Clang reports is "static declaration of 'f' follows non-static declaration"
// in `path` itself: the text with those `static` keywords blanked (columns kept); else empty.
static std::string staticAfterNonStatic(const std::string &content, const std::string &path, const Diagnostics &errors) {
    if (!errors.hasErrors())
        return {};
    std::vector<size_t> lineStart{0};
    for (size_t i = 0; i < content.size(); ++i)
        if (content[i] == '\n')
            lineStart.push_back(i + 1);
    std::string text = content;
    for (const Diagnostic &d : errors.items()) {
        if (d.message.find("static declaration of") != 0 || d.message.find("follows non-static declaration") == std::string::npos ||
            d.file != path || d.line == 0 || d.line > lineStart.size())
            return {};
        const size_t at = lineStart[d.line - 1] + (d.column ? d.column - 1 : 0);
        const size_t from = at > 400 ? at - 400 : 0;
        size_t kw = text.rfind("static", at);
        if (kw == std::string::npos || kw < from)
            return {};
        text.replace(kw, 6, "      ");
    }
    return text;
}

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
        auto build = [&](const std::string &text, Diagnostics &out) {
            DiagnosticCollector collector(out);
            return clang::tooling::buildASTFromCodeWithArgs(
                text, clangArgs(), fs::absolute(path).string(), "vcov", std::make_shared<clang::PCHContainerOperations>(),
                clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(), &collector);
        };
        Diagnostics found;
        auto ast = build(sf.content, found);
        if (std::string accepted = staticAfterNonStatic(sf.content, fs::absolute(path).string(), found); !accepted.empty()) {
            // CBMC's dialect: goto-cc accepts a static definition after a non-static
            // declaration (coreJSON's proof stubs have them); so does vcov, with a warning.
            Diagnostics again;
            if (auto retried = build(accepted, again); retried && !again.hasErrors()) {
                for (const Diagnostic &d : found.items())
                    P.diagnostics.warning(path, d.line, d.column,
                                          d.message + ": accepted as CBMC's goto-cc accepts it (the function keeps external linkage)");
                found = again;
                ast = std::move(retried);
            }
        }
        for (const Diagnostic &d : found.items())
            P.diagnostics.add(d);
        if (!ast || found.hasErrors()) {
            if (!ast && !found.hasErrors())
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
