// Clang's parse of each input file (Lowering::parse), and CBMC's dialect where Clang
// refuses it (CbmcDialect.h): the retry that rewrites what the errors name.
#include "frontend/CLibrary.h"
#include "frontend/CbmcDialect.h"
#include "frontend/Lowering.h"

#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
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
    // notes: per error, the message of the first note after it ("previous implicit
    // declaration is here"), or empty.
    explicit DiagnosticCollector(Diagnostics &out, std::vector<std::string> *notes = nullptr) : m_out(out), m_notes(notes) {}
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);
        llvm::SmallString<256> msg;
        if (level == clang::DiagnosticsEngine::Note && m_notes && !m_notes->empty() && m_notes->back().empty()) {
            info.FormatDiagnostic(msg);
            m_notes->back() = std::string(msg);
        }
        if (level < clang::DiagnosticsEngine::Error)
            return;
        if (m_notes)
            m_notes->push_back({});
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
    std::vector<std::string> *m_notes;
};

} // namespace

std::vector<std::string> clangArguments(const FrontEndOptions &opts) {
    std::vector<std::string> args = {
        "-xc", "-std=gnu11", "-w",
        // What gcc and CBMC accept on verification inputs, Clang >= 16 rejects by default.
        "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int", "-Wno-error=int-conversion",
        "-Wno-error=incompatible-function-pointer-types", "-Wno-error=return-type",
        "-Wno-error=incompatible-pointer-types",
        "-ferror-limit=50",
        // CBMC's built-in types (goto-cc declares them; proof stubs use them).
        "-D__CPROVER_size_t=__SIZE_TYPE__", "-D__CPROVER_bool=_Bool"};
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

// Where Clang reports "static declaration of 'f' follows non-static declaration" in `path`
// itself: the text with those `static` keywords blanked (columns kept); else empty.
static std::string staticAfterNonStatic(const std::string &content, const std::string &path, const Diagnostics &errors,
                                        std::vector<Diagnostic> &accepted) {
    std::vector<size_t> lineStart{0};
    for (size_t i = 0; i < content.size(); ++i)
        if (content[i] == '\n')
            lineStart.push_back(i + 1);
    std::string text = content;
    bool changed = false;
    for (const Diagnostic &d : errors.items()) {
        if (d.message.find("static declaration of") != 0 || d.message.find("follows non-static declaration") == std::string::npos ||
            d.file != path || d.line == 0 || d.line > lineStart.size())
            continue;
        const size_t at = lineStart[d.line - 1] + (d.column ? d.column - 1 : 0);
        const size_t from = at > 400 ? at - 400 : 0;
        size_t kw = text.rfind("static", at);
        if (kw == std::string::npos || kw < from)
            continue;
        text.replace(kw, 6, "      ");
        changed = true;
        Diagnostic w = d;
        w.message += ": accepted as CBMC's goto-cc accepts it (the function keeps external linkage)";
        accepted.push_back(w);
    }
    return changed ? text : std::string();
}

// The name between the first pair of quotes of a Clang message.
static std::string quotedName(const std::string &message) {
    const size_t a = message.find('\'');
    const size_t b = a == std::string::npos ? a : message.find('\'', a + 1);
    return b == std::string::npos ? std::string() : message.substr(a + 1, b - a - 1);
}

static bool cbmcDialect(DialectRetry &r, const std::string &path, const Diagnostics &errors,
                        const std::vector<std::string> &notes, clang::ASTUnit *ast) {
    bool changed = false;
    if (std::string s = staticAfterNonStatic(r.text, path, errors, r.accepted); !s.empty()) {
        r.text = s;
        changed = true;
    }
    if (rewriteStructOperators(r, path, errors, ast))
        changed = true;
    bool quantifiers = false;
    for (size_t k = 0; k < errors.items().size(); ++k) {
        const Diagnostic &d = errors.items()[k];
        const std::string note = k < notes.size() ? notes[k] : std::string();
        const std::string name = quotedName(d.message);
        if (name == "__CPROVER_forall" || name == "__CPROVER_exists")
            quantifiers = true;
        if (d.message.rfind("definition of builtin function", 0) == 0 && name.rfind("__builtin_", 0) == 0) {
            // aws-c-common's stubs define __builtin___memset_chk; Clang refuses to define a
            // builtin. Renamed, the definition is kept: calls of it (none in the proofs) would
            // reach the stub, as under goto-cc.
            const std::string define = name + "=__vcov_" + name.substr(2);
            if (std::find(r.defines.begin(), r.defines.end(), define) == r.defines.end()) {
                r.defines.push_back(define);
                Diagnostic w = d;
                w.severity = Severity::Warning;
                w.message += ": accepted as goto-cc accepts it (the function is named __vcov_" + name.substr(2) + ")";
                r.accepted.push_back(w);
                changed = true;
            }
        }
        if (d.message.rfind("conflicting types for", 0) == 0 && d.file == path) {
            // Two prototypes that differ (aws-c-common: `void *` in a header, `const void *const`
            // in utils.c): goto-cc keeps the first, and the second is blanked. An implicit
            // declaration by a call, then the real one: goto-cc and gcc take the real one.
            const bool implicit = note.find("previous implicit declaration") != std::string::npos;
            std::string s = implicit ? declareBeforeFirstUse(r.text, name, d.line) : blankDeclaration(r.text, d.line);
            if (!s.empty()) {
                r.text = s;
                Diagnostic w = d;
                w.severity = Severity::Warning;
                w.message += implicit ? ": accepted as goto-cc accepts it (the declaration holds from the first call on)"
                                      : ": accepted as goto-cc accepts it (the earlier declaration holds)";
                r.accepted.push_back(w);
                changed = true;
            }
        }
    }
    if (quantifiers) {
        if (auto q = rewriteCbmcQuantifiers(r.text)) {
            r.text = *q;
            changed = true;
        }
        if (ast) {
            clang::SourceManager &sm = ast->getSourceManager();
            for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
                const std::string file = fs::absolute(std::string(it->first.getName())).lexically_normal().string();
                if (file == path || r.headers.count(file))
                    continue;
                auto buffer = sm.getMemoryBufferForFileOrNone(it->first);
                if (!buffer)
                    continue;
                if (auto q = rewriteCbmcQuantifiers(std::string(buffer->getBuffer()))) {
                    r.headers[file] = *q;
                    changed = true;
                }
            }
        }
    }
    return changed;
}

DialectParse parseInDialect(const std::vector<std::string> &clangArgs, const std::string &absPath,
                            const std::string &content, const std::string &tool) {
    std::vector<std::string> notes;
    auto build = [&](const DialectRetry &r, Diagnostics &out) {
        notes.clear();
        DiagnosticCollector collector(out, &notes);
        std::vector<std::string> args = clangArgs;
        for (const auto &d : r.defines)
            args.push_back("-D" + d);
        clang::tooling::FileContentMappings mapped(r.headers.begin(), r.headers.end());
        return clang::tooling::buildASTFromCodeWithArgs(r.text, args, absPath, tool,
                                                        std::make_shared<clang::PCHContainerOperations>(),
                                                        clang::tooling::getClangStripDependencyFileAdjuster(), mapped,
                                                        &collector);
    };
    DialectParse out;
    out.dialect.text = content;
    out.ast = build(out.dialect, out.diagnostics);
    // Each round rewrites what the errors name, until the parse succeeds or nothing more is
    // rewritten; the errors that remain are the last round's, the ones the dialect does not explain.
    for (int round = 0; round < 4 && out.diagnostics.hasErrors() && cbmcDialect(out.dialect, absPath, out.diagnostics, notes, out.ast.get());
         ++round) {
        Diagnostics again;
        auto retried = build(out.dialect, again);
        out.diagnostics = again;
        out.ast = std::move(retried);
    }
    return out;
}

bool Lowering::parse() {
    bool ok = true;
    for (const auto &path : opts.files) {
        SourceFile sf;
        sf.path = path;
        sf.isInput = path != CLibraryPath; // vcov's library models are not the user's code
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
        const std::string absPath = fs::absolute(path).lexically_normal().string();
        DialectParse parsed = parseInDialect(clangArgs(), absPath, sf.content, "vcov");
        Diagnostics &found = parsed.diagnostics;
        auto &ast = parsed.ast;
        const DialectRetry &dialect = parsed.dialect;
        if (!found.hasErrors()) {
            for (const Diagnostic &d : dialect.accepted)
                P.diagnostics.warning(d.file == absPath ? path : d.file, d.line, d.column, d.message);
            // The text Clang parsed, so that ranges and mutants match it (blanking `static`
            // keeps every column: the file stays as written).
            if (dialect.text.size() != sf.content.size())
                P.files[id].content = dialect.text;
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


} // namespace lowering

} // namespace vcov
