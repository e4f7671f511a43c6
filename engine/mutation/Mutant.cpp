#include "mutation/Mutant.h"

#include "mutation/StatementDeletion.h"

#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace vcov {

std::string mutatedText(const std::string &content, const MutationSite &site) {
    return content.substr(0, site.offset) + site.replacement + content.substr(site.offset + site.length);
}

namespace {

std::string collapse(const std::string &s) {
    std::string out;
    for (char c : s)
        if (c != ' ' && c != '\t' && c != '\r')
            out += c;
    return out;
}

uint64_t fnv1a(const std::string &s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::string baseName(const std::string &path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A type's structure as a key: types of two programs are the same when their keys are.
std::string typeKey(const Type *t) {
    if (!t)
        return "-";
    return t->spelling() + "|" + std::to_string(t->sizeBytes) + "|" + std::to_string(t->bits) + (t->isSigned ? "s" : "u") +
           (t->isBool ? "b" : "");
}

// Compares the two programs' operations; records the original's types by key to carry
// the mutant's expressions over.
class ProgramDiff {
public:
    ProgramDiff(const Program &a, const Program &b) : A(a), B(b) {}

    bool sameExpr(const ExprPtr &x, const ExprPtr &y) {
        if (!x || !y)
            return !x && !y;
        if (x->kind != y->kind || !sameType(x->type, y->type) || x->value != y->value || x->var != y->var ||
            x->str != y->str || x->unaryOp != y->unaryOp || x->binaryOp != y->binaryOp || x->castKind != y->castKind ||
            x->field != y->field || x->ops.size() != y->ops.size())
            return false;
        for (size_t i = 0; i < x->ops.size(); ++i)
            if (!sameExpr(x->ops[i], y->ops[i]))
                return false;
        return true;
    }

    bool sameType(const Type *x, const Type *y) {
        std::string kx = typeKey(x);
        if (kx != typeKey(y))
            return false;
        note(x);
        return true;
    }

    void note(const Type *t) {
        if (!t)
            return;
        auto [it, fresh] = m_types.emplace(typeKey(t), t);
        if (!fresh && it->second != t)
            m_ambiguous.insert(it->first);
    }

    void noteAll(const ExprPtr &e) {
        if (!e)
            return;
        note(e->type);
        for (const auto &op : e->ops)
            noteAll(op);
    }

    // The mutant's expression with the original's types; null when a type has no match.
    ExprPtr carry(const ExprPtr &e, bool &ok) {
        if (!e)
            return e;
        auto it = m_types.find(typeKey(e->type));
        if (it == m_types.end() || m_ambiguous.count(it->first)) {
            ok = false;
            return e;
        }
        auto copy = std::make_shared<Expr>(*e);
        copy->type = it->second;
        for (auto &op : copy->ops)
            op = carry(op, ok);
        return copy;
    }

    bool sameInits(const std::vector<Initializer> &x, const std::vector<Initializer> &y) {
        if (x.size() != y.size())
            return false;
        for (size_t i = 0; i < x.size(); ++i)
            if (!sameExpr(x[i].target, y[i].target) || !sameExpr(x[i].value, y[i].value))
                return false;
        return true;
    }

    bool sameOperation(const CfaEdge &x, const CfaEdge &y) {
        if (x.kind != y.kind || x.declared != y.declared || x.hasInitializer != y.hasInitializer || x.truth != y.truth ||
            !sameInits(x.inits, y.inits) || !sameExpr(x.lhs, y.lhs) || !sameExpr(x.rhs, y.rhs) ||
            !sameExpr(x.cond, y.cond) || !sameExpr(x.value, y.value) || x.call.intrinsic != y.call.intrinsic ||
            x.call.callee != y.call.callee || x.call.calleeName != y.call.calleeName ||
            !sameExpr(x.call.lhs, y.call.lhs) || x.call.args.size() != y.call.args.size())
            return false;
        for (size_t i = 0; i < x.call.args.size(); ++i)
            if (!sameExpr(x.call.args[i], y.call.args[i]))
                return false;
        return true;
    }

    void noteEdge(const CfaEdge &e) {
        for (const auto &i : e.inits) {
            noteAll(i.target);
            noteAll(i.value);
        }
        for (const ExprPtr &x : {e.lhs, e.rhs, e.cond, e.value, e.call.lhs})
            noteAll(x);
        for (const auto &a : e.call.args)
            noteAll(a);
    }

    std::optional<CfaEdge> carryEdge(const CfaEdge &mutantEdge, const CfaEdge &originalEdge) {
        CfaEdge e = mutantEdge;
        e.id = originalEdge.id;
        e.range = originalEdge.range; // lines and columns of the original's text
        bool ok = true;
        for (auto &i : e.inits) {
            i.target = carry(i.target, ok);
            i.value = carry(i.value, ok);
        }
        for (ExprPtr *x : {&e.lhs, &e.rhs, &e.cond, &e.value, &e.call.lhs})
            *x = carry(*x, ok);
        for (auto &a : e.call.args)
            a = carry(a, ok);
        if (!ok)
            return std::nullopt;
        return e;
    }

private:
    const Program &A, &B;
    std::map<std::string, const Type *> m_types; // the original's, by key
    std::set<std::string> m_ambiguous;
};

bool within(const SourceRange &r, FileId file, const MutationSite &s) {
    auto before = [](unsigned l1, unsigned c1, unsigned l2, unsigned c2) { return l1 < l2 || (l1 == l2 && c1 <= c2); };
    return r.file == file && before(s.line, s.column, r.beginLine, r.beginColumn) &&
           before(r.endLine, r.endColumn, s.endLine, s.endColumn);
}

// del_stmt of straight-line code as a variant: every edge of the statement an assignment
// or a call of a library function, which become blank edges.
std::optional<ProgramVariant> deletionVariant(const Program &p, FileId file, const MutationSite &s) {
    ProgramVariant v;
    for (const CfaEdge &e : p.edges) {
        if (!within(e.range, file, s))
            continue;
        if (!deletableEdge(p, e))
            return std::nullopt;
        v.edges.emplace(e.id, deletedEdge(e));
    }
    if (v.edges.empty() || !variantError(p, v).empty())
        return std::nullopt;
    return v;
}

} // namespace

std::string mutantId(const std::string &file, const std::string &content, const MutationSite &site) {
    // The site's line, and how many lines with the same text come before it.
    size_t lineStart = content.rfind('\n', site.offset == 0 ? 0 : site.offset - 1);
    lineStart = lineStart == std::string::npos || site.offset == 0 ? 0 : lineStart + 1;
    size_t lineEnd = content.find('\n', site.offset);
    std::string line = collapse(content.substr(lineStart, (lineEnd == std::string::npos ? content.size() : lineEnd) - lineStart));
    unsigned same = 0;
    for (size_t pos = 0; pos < lineStart;) {
        size_t end = content.find('\n', pos);
        if (end == std::string::npos || end >= lineStart)
            break;
        if (collapse(content.substr(pos, end - pos)) == line)
            ++same;
        pos = end + 1;
    }
    std::string inLine = collapse(content.substr(lineStart, site.offset - lineStart));
    std::string key = baseName(file) + "\n" + site.function + "\n" + line + "\n" + std::to_string(same) + "\n" +
                      std::to_string(inLine.size()) + "\n" + site.operatorName + "\n" + site.original + "\n" +
                      site.replacement;
    char buf[17];
    snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a(key)));
    return std::string(buf, 10);
}

std::optional<ProgramVariant> variantBetween(const Program &a, const Program &b) {
    if (a.nodes.size() != b.nodes.size() || a.edges.size() != b.edges.size() ||
        a.variables.size() != b.variables.size() || a.functions.size() != b.functions.size() ||
        a.globals.size() != b.globals.size() || a.entryFunction != b.entryFunction)
        return std::nullopt;
    ProgramDiff diff(a, b);
    for (size_t i = 0; i < a.variables.size(); ++i) {
        const Variable &x = a.variables[i], &y = b.variables[i];
        if (x.qualifiedName != y.qualifiedName || x.function != y.function || !diff.sameType(x.type, y.type))
            return std::nullopt;
    }
    for (size_t i = 0; i < a.functions.size(); ++i) {
        const FunctionCfa &x = a.functions[i], &y = b.functions[i];
        if (x.name != y.name || x.hasBody != y.hasBody || x.entry != y.entry || x.exit != y.exit ||
            x.params != y.params || x.locals != y.locals || !diff.sameType(x.type, y.type))
            return std::nullopt;
    }
    for (size_t i = 0; i < a.globals.size(); ++i)
        if (a.globals[i].var != b.globals[i].var || !diff.sameInits(a.globals[i].inits, b.globals[i].inits))
            return std::nullopt;
    for (const CfaEdge &e : a.edges)
        diff.noteEdge(e);
    ProgramVariant v;
    for (size_t i = 0; i < a.edges.size(); ++i) {
        const CfaEdge &x = a.edges[i], &y = b.edges[i];
        if (x.from != y.from || x.to != y.to || x.function != y.function)
            return std::nullopt;
        if (diff.sameOperation(x, y))
            continue;
        auto carried = diff.carryEdge(y, x);
        if (!carried)
            return std::nullopt;
        v.edges.emplace(x.id, std::move(*carried));
    }
    if (!variantError(a, v).empty())
        return std::nullopt;
    return v;
}

Mutant buildMutant(const Program &original, const FrontEndOptions &options, const std::string &file,
                   const std::string &content, const MutationSite &site) {
    Mutant m;
    m.file = file;
    m.site = site;
    m.id = mutantId(file, content, site);
    FrontEndOptions fe = options;
    fe.contents[file] = mutatedText(content, site);
    std::shared_ptr<Program> parsed = parseProgram(fe);
    if (parsed->diagnostics.hasErrors()) {
        for (const Diagnostic &d : parsed->diagnostics.items())
            if (d.severity == Severity::Error)
                m.compileError += (m.compileError.empty() ? "" : "\n") + d.format();
        return m;
    }
    std::optional<ProgramVariant> v;
    FileId f = original.fileId(file);
    if (site.operatorName == "del_stmt" && f >= 0)
        v = deletionVariant(original, f, site);
    if (!v)
        v = variantBetween(original, *parsed);
    if (v) {
        m.variant = std::move(*v);
        m.variant.name = m.id;
        return m;
    }
    m.program = std::move(parsed);
    return m;
}

} // namespace vcov
