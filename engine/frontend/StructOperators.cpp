// goto-cc's struct operators that C and Clang refuse (Lowering.h, rewriteStructOperators):
// `a == b` and `a != b` over structs (aws-c-common's ring-buffer proofs assert
// `ring_buf == ring_buf_old`), and assigning a struct that has const members
// (`old_str = *str` over `struct aws_string`). Clang keeps both operands of the refused
// operator in a RecoveryExpr; the text is rewritten from them and parsed again.
#include "frontend/Lowering.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <cctype>
#include <optional>

namespace vcov::lowering {
namespace {

struct Refused {
    unsigned begin = 0, end = 0;       // the whole operator's text
    unsigned lhsEnd = 0, rhsBegin = 0; // the operands' ends
    std::string op;                    // "==", "!=" or "="
    const clang::RecordDecl *record = nullptr;
    unsigned line = 0, column = 0;
};

class RecoveryFinder : public clang::RecursiveASTVisitor<RecoveryFinder> {
public:
    RecoveryFinder(clang::ASTContext &ctx, const std::string &text) : m_ctx(ctx), m_sm(ctx.getSourceManager()), m_text(text) {}
    std::vector<Refused> found;

    bool VisitRecoveryExpr(clang::RecoveryExpr *e) {
        auto subs = e->subExpressions();
        if (subs.size() != 2 || !subs[0] || !subs[1])
            return true;
        const clang::QualType a = subs[0]->getType(), b = subs[1]->getType();
        const auto *ra = a->getAsStructureType(), *rb = b->getAsStructureType();
        if (!ra || !rb || m_ctx.getCanonicalType(a.getUnqualifiedType()) != m_ctx.getCanonicalType(b.getUnqualifiedType()))
            return true;
        const auto l = fileRange(subs[0]), r = fileRange(subs[1]);
        if (!l || !r || l->second > r->first)
            return true;
        std::string op = m_text.substr(l->second, r->first - l->second);
        op.erase(std::remove_if(op.begin(), op.end(), [](unsigned char ch) { return std::isspace(ch); }), op.end());
        if (op != "==" && op != "!=" && op != "=")
            return true;
        Refused f;
        f.begin = l->first;
        f.end = r->second;
        f.lhsEnd = l->second;
        f.rhsBegin = r->first;
        f.op = op;
        f.record = ra->getDecl()->getDefinition();
        const clang::SourceLocation at = m_sm.getFileLoc(subs[0]->getBeginLoc());
        f.line = m_sm.getSpellingLineNumber(at);
        f.column = m_sm.getSpellingColumnNumber(at);
        if (f.record)
            found.push_back(f);
        return true;
    }

private:
    // Offsets of an operand's text in the main file, also when it is a macro's argument
    // (`assert(a == b)`); nullopt when it is not written there as one piece.
    std::optional<std::pair<unsigned, unsigned>> fileRange(const clang::Expr *e) const {
        const clang::CharSourceRange cr = clang::Lexer::makeFileCharRange(
            clang::CharSourceRange::getTokenRange(e->getSourceRange()), m_sm, m_ctx.getLangOpts());
        if (cr.isInvalid() || m_sm.getFileID(cr.getBegin()) != m_sm.getMainFileID() ||
            m_sm.getFileID(cr.getEnd()) != m_sm.getMainFileID())
            return std::nullopt;
        const unsigned b = m_sm.getFileOffset(cr.getBegin()), en = m_sm.getFileOffset(cr.getEnd());
        if (b > en || en > m_text.size())
            return std::nullopt;
        return std::make_pair(b, en);
    }

    clang::ASTContext &m_ctx;
    clang::SourceManager &m_sm;
    const std::string &m_text;
};

// `a.m == b.m && …` over every member, nested structs and constant-size arrays member by
// member (goto-cc compares the whole value). False for a union or an array too large to
// spell out: that comparison stays refused.
bool memberwise(clang::ASTContext &ctx, clang::QualType t, const std::string &a, const std::string &b,
                std::vector<std::string> &out) {
    t = ctx.getCanonicalType(t);
    if (out.size() > 512)
        return false;
    if (const auto *rt = t->getAs<clang::RecordType>()) {
        const clang::RecordDecl *rd = rt->getDecl()->getDefinition();
        if (!rd || rd->isUnion())
            return false;
        for (const clang::FieldDecl *f : rd->fields()) {
            if (f->isUnnamedBitField())
                continue; // padding
            if (f->isAnonymousStructOrUnion()) {
                // Its members are named through the enclosing struct.
                if (!memberwise(ctx, f->getType(), a, b, out))
                    return false;
                continue;
            }
            const clang::QualType ft = ctx.getCanonicalType(f->getType());
            if (ft->isIncompleteArrayType() || (ft->isConstantArrayType() && ctx.getAsConstantArrayType(ft)->getSize() == 0))
                continue; // a flexible array member is no part of the struct's value
            const std::string name = f->getNameAsString();
            if (!memberwise(ctx, ft, a + "." + name, b + "." + name, out))
                return false;
        }
        return true;
    }
    if (const auto *at = ctx.getAsConstantArrayType(t)) {
        const uint64_t n = at->getSize().getZExtValue();
        if (n > 256)
            return false;
        for (uint64_t i = 0; i < n; ++i)
            if (!memberwise(ctx, at->getElementType(), a + "[" + std::to_string(i) + "]", b + "[" + std::to_string(i) + "]",
                            out))
                return false;
        return true;
    }
    if (t->isScalarType()) {
        out.push_back(a + " == " + b);
        return true;
    }
    return false;
}

} // namespace

bool rewriteStructOperators(DialectRetry &r, const std::string &path, const Diagnostics &errors, clang::ASTUnit *ast) {
    const bool named = std::any_of(errors.items().begin(), errors.items().end(), [](const Diagnostic &d) {
        return d.message.rfind("invalid operands to binary expression ('struct", 0) == 0 ||
               (d.message.rfind("cannot assign to", 0) == 0 && d.message.find("const-qualified data member") != std::string::npos);
    });
    if (!named || !ast)
        return false;
    RecoveryFinder finder(ast->getASTContext(), r.text);
    finder.TraverseDecl(ast->getASTContext().getTranslationUnitDecl());
    std::vector<Refused> found = finder.found;
    // From the end of the text backwards, so that earlier offsets stay right.
    std::sort(found.begin(), found.end(), [](const Refused &x, const Refused &y) { return x.begin > y.begin; });
    bool changed = false;
    unsigned limit = unsigned(r.text.size()) + 1;
    for (const Refused &f : found) {
        if (f.end > limit)
            continue; // overlaps one already rewritten
        std::string lhs = r.text.substr(f.begin, f.lhsEnd - f.begin);
        std::string rhs = r.text.substr(f.rhsBegin, f.end - f.rhsBegin);
        const std::string whole = r.text.substr(f.begin, f.end - f.begin);
        if (whole.find("//") != std::string::npos || whole.find('\\') != std::string::npos)
            continue; // a line comment or a continuation would swallow what follows
        // The operands on one line (the lhs is written twice); their newlines come after.
        std::replace(lhs.begin(), lhs.end(), '\n', ' ');
        std::replace(rhs.begin(), rhs.end(), '\n', ' ');
        std::string with;
        Diagnostic w;
        w.severity = Severity::Warning;
        w.file = path;
        w.line = f.line;
        w.column = f.column;
        if (f.op == "=") {
            // The lowering makes this call the struct assignment itself (const members are
            // written as goto-cc writes them).
            with = "__vcov_struct_assign(&(" + lhs + "), (" + rhs + "))";
            w.message = "assignment of a struct with const members: accepted as goto-cc accepts it (every member is copied)";
        } else {
            std::vector<std::string> terms;
            if (!memberwise(ast->getASTContext(), clang::QualType(f.record->getTypeForDecl(), 0), "__vcov_a", "__vcov_b", terms))
                continue;
            std::string all = terms.empty() ? "1" : terms[0];
            for (size_t i = 1; i < terms.size(); ++i)
                all += " && " + terms[i];
            // Each operand once, into a copy of its own scope; then member by member.
            with = "({ __typeof__(" + lhs + ") __vcov_a = (" + lhs + "), __vcov_b = (" + rhs + "); " +
                   (f.op == "!=" ? "!(" : "(") + all + "); })";
            w.message = "struct compared with '" + f.op +
                        "': accepted as goto-cc accepts it (member by member; padding is not compared)";
        }
        // Every newline of the operands stays, so that the lines after keep their numbers.
        with += std::string(std::count(whole.begin(), whole.end(), '\n'), '\n');
        r.text.replace(f.begin, f.end - f.begin, with);
        r.accepted.push_back(w);
        limit = f.begin;
        changed = true;
    }
    return changed;
}

} // namespace vcov::lowering
