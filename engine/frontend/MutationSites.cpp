// Mutation sites from Clang's AST. The file is parsed on its own with the program's
// arguments; only text of the file itself (no macro expansion, no included header) is
// mutated, so that each site is an edit of the file a compiler sees as written.
#include "frontend/MutationSites.h"
#include "frontend/Lowering.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>
#include <clang/Tooling/Tooling.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

namespace vcov {

const std::vector<std::string> &mutationOperators() {
    static const std::vector<std::string> names = {"rep_op", "rep_const", "negate", "del_stmt", "rm_unary"};
    return names;
}

namespace {

using namespace clang;
using clang::Diagnostic;
using clang::Expr;
using clang::SourceRange;

// Operators replaced by the others of their class (Andrews' rep_op).
const std::vector<std::vector<BinaryOperatorKind>> &binaryClasses() {
    static const std::vector<std::vector<BinaryOperatorKind>> classes = {
        {BO_LT, BO_GT, BO_LE, BO_GE, BO_EQ, BO_NE},
        {BO_Add, BO_Sub, BO_Mul, BO_Div, BO_Rem},
        {BO_And, BO_Or, BO_Xor},
        {BO_Shl, BO_Shr},
        {BO_LAnd, BO_LOr},
        {BO_AddAssign, BO_SubAssign, BO_MulAssign, BO_DivAssign, BO_RemAssign},
        {BO_AndAssign, BO_OrAssign, BO_XorAssign},
        {BO_ShlAssign, BO_ShrAssign},
    };
    return classes;
}

bool isPointerLike(const Expr *e) {
    QualType t = e->IgnoreParenImpCasts()->getType();
    return t->isPointerType() || t->isArrayType();
}

class SiteFinder : public RecursiveASTVisitor<SiteFinder> {
public:
    SiteFinder(ASTContext &ctx, const std::set<std::string> &ops) : m_ctx(ctx), m_sm(ctx.getSourceManager()), m_ops(ops) {}

    std::vector<MutationSite> sites;

    bool TraverseFunctionDecl(FunctionDecl *fd) {
        if (!fd->doesThisDeclarationHaveABody() || !inFile(fd->getLocation()))
            return true;
        m_function = fd->getNameAsString();
        bool r = RecursiveASTVisitor::TraverseFunctionDecl(fd);
        m_function.clear();
        return r;
    }
    // Array sizes and other constants inside types change the program's types, not its code.
    bool TraverseTypeLoc(TypeLoc) { return true; }

    bool VisitBinaryOperator(BinaryOperator *bo) {
        if (!wanted("rep_op"))
            return true;
        for (const auto &cls : binaryClasses()) {
            if (std::find(cls.begin(), cls.end(), bo->getOpcode()) == cls.end())
                continue;
            bool pointers = isPointerLike(bo->getLHS()) || isPointerLike(bo->getRHS());
            bool floats = bo->getLHS()->getType()->isRealFloatingType() || bo->getRHS()->getType()->isRealFloatingType();
            for (BinaryOperatorKind k : cls) {
                if (k == bo->getOpcode())
                    continue;
                bool additive = k == BO_Add || k == BO_Sub || k == BO_AddAssign || k == BO_SubAssign;
                bool arithmetic = additive || k == BO_Mul || k == BO_Div || k == BO_MulAssign || k == BO_DivAssign;
                // Only replacements a compiler accepts: pointers take + and - only (and
                // not p + q), floating point no bitwise operator or %.
                if (pointers && (bo->isAdditiveOp() || bo->isCompoundAssignmentOp()) &&
                    (!additive || (isPointerLike(bo->getLHS()) && isPointerLike(bo->getRHS()))))
                    continue;
                if (floats && !arithmetic && !BinaryOperator::isComparisonOp(k) && !BinaryOperator::isLogicalOp(k))
                    continue;
                add("rep_op", bo->getOperatorLoc(), BinaryOperator::getOpcodeStr(bo->getOpcode()).size(),
                    BinaryOperator::getOpcodeStr(k).str());
            }
        }
        return true;
    }

    bool VisitUnaryOperator(UnaryOperator *uo) {
        switch (uo->getOpcode()) {
        case UO_PreInc:
        case UO_PostInc:
            if (wanted("rep_op"))
                add("rep_op", uo->getOperatorLoc(), 2, "--");
            break;
        case UO_PreDec:
        case UO_PostDec:
            if (wanted("rep_op"))
                add("rep_op", uo->getOperatorLoc(), 2, "++");
            break;
        case UO_Minus:
        case UO_Not:
        case UO_LNot:
            if (wanted("rm_unary"))
                add("rm_unary", uo->getOperatorLoc(), 1, "");
            break;
        default: break;
        }
        return true;
    }

    bool VisitIntegerLiteral(IntegerLiteral *lit) {
        if (!wanted("rep_const") || !inFile(lit->getLocation()))
            return true;
        const llvm::APInt &v = lit->getValue();
        if (v.getActiveBits() > 62)
            return true;
        int64_t c = int64_t(v.getZExtValue());
        unsigned len = Lexer::MeasureTokenLength(lit->getLocation(), m_sm, m_ctx.getLangOpts());
        std::string text = tokenText(lit->getLocation(), len);
        std::vector<int64_t> seen = {c};
        for (auto [value, replacement] : std::vector<std::pair<int64_t, std::string>>{
                 {0, "0"}, {1, "1"}, {-1, "-1"}, {c + 1, "((" + text + ")+1)"}, {c - 1, "((" + text + ")-1)"}}) {
            // Replacements with the value of the constant or of an earlier one are the same mutant.
            if (std::find(seen.begin(), seen.end(), value) != seen.end())
                continue;
            seen.push_back(value);
            add("rep_const", lit->getLocation(), len, replacement);
        }
        return true;
    }

    bool VisitIfStmt(IfStmt *s) {
        negate(s->getCond());
        deleteBody(s->getThen());
        deleteBody(s->getElse());
        return true;
    }
    bool VisitWhileStmt(WhileStmt *s) {
        negate(s->getCond());
        deleteBody(s->getBody());
        return true;
    }
    bool VisitDoStmt(DoStmt *s) {
        negate(s->getCond());
        deleteBody(s->getBody());
        return true;
    }
    bool VisitForStmt(ForStmt *s) {
        negate(s->getCond());
        deleteBody(s->getBody());
        return true;
    }
    bool VisitConditionalOperator(ConditionalOperator *c) {
        negate(c->getCond());
        return true;
    }
    bool VisitCompoundStmt(CompoundStmt *c) {
        for (Stmt *s : c->body())
            deleteStatement(s);
        return true;
    }

private:
    bool wanted(const char *op) const { return m_ops.count(op) > 0 && !m_function.empty(); }

    bool inFile(SourceLocation loc) const { return loc.isValid() && loc.isFileID() && m_sm.isInMainFile(loc); }

    std::string tokenText(SourceLocation loc, size_t len) const {
        return std::string(m_sm.getCharacterData(loc), len);
    }

    void add(const char *op, SourceLocation loc, size_t length, std::string replacement) {
        if (!inFile(loc) || length == 0)
            return;
        MutationSite s;
        s.operatorName = op;
        s.offset = m_sm.getFileOffset(loc);
        s.length = length;
        s.original = tokenText(loc, length);
        // An operator character next to one of the replacement's would make a new token
        // (j-1 with -1 for 1 is j--1): a space keeps them apart.
        const char *at = m_sm.getCharacterData(loc);
        auto joins = [](char c) { return c && std::string_view("+-&|<>=!*/%^").find(c) != std::string_view::npos; };
        if (!replacement.empty() && s.offset > 0 && joins(at[-1]) && joins(replacement.front()))
            replacement = " " + replacement;
        if (!replacement.empty() && joins(at[length]) && joins(replacement.back()))
            replacement += " ";
        s.replacement = std::move(replacement);
        s.line = m_sm.getSpellingLineNumber(loc);
        s.column = m_sm.getSpellingColumnNumber(loc);
        SourceLocation last = loc.getLocWithOffset(int(length) - 1);
        s.endLine = m_sm.getSpellingLineNumber(last);
        s.endColumn = m_sm.getSpellingColumnNumber(last);
        s.function = m_function;
        sites.push_back(std::move(s));
    }

    // The characters of a statement or expression, when all of them are the file's own.
    bool charRange(SourceRange r, SourceLocation &begin, size_t &length) const {
        begin = r.getBegin();
        SourceLocation end = Lexer::getLocForEndOfToken(r.getEnd(), 0, m_sm, m_ctx.getLangOpts());
        if (!inFile(begin) || !inFile(end) || m_sm.getFileID(begin) != m_sm.getFileID(end))
            return false;
        unsigned b = m_sm.getFileOffset(begin), e = m_sm.getFileOffset(end);
        if (e <= b)
            return false;
        length = e - b;
        return true;
    }

    void negate(Expr *cond) {
        if (!cond || !wanted("negate"))
            return;
        SourceLocation begin;
        size_t length = 0;
        if (charRange(cond->getSourceRange(), begin, length))
            add("negate", begin, length, "!(" + tokenText(begin, length) + ")");
    }

    void deleteBody(Stmt *s) {
        if (s && !isa<CompoundStmt>(s))
            deleteStatement(s);
    }

    void deleteStatement(Stmt *s) {
        if (!wanted("del_stmt") || isa<CompoundStmt, NullStmt, LabelStmt, SwitchCase>(s))
            return;
        SourceLocation begin;
        size_t length = 0;
        if (!charRange(s->getSourceRange(), begin, length))
            return;
        // The statement's semicolon goes with it (expression statements, return, break,
        // do-while: Clang's range stops before it).
        const char *p = m_sm.getCharacterData(begin) + length;
        size_t extra = 0;
        while (p[extra] == ' ' || p[extra] == '\t')
            ++extra;
        if (p[extra] == ';')
            length += extra + 1;
        add("del_stmt", begin, length, ";");
    }

    ASTContext &m_ctx;
    const SourceManager &m_sm;
    const std::set<std::string> &m_ops;
    std::string m_function;
};

} // namespace

std::vector<MutationSite> mutationSites(const FrontEndOptions &options, const std::string &file,
                                        const std::set<std::string> &operators, std::string *errors) {
    std::string content;
    if (auto given = options.contents.find(file); given != options.contents.end()) {
        content = given->second;
    } else {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            if (errors)
                *errors = file + ": cannot read file";
            return {};
        }
        std::stringstream buf;
        buf << in.rdbuf();
        content = buf.str();
    }
    // Parsed as the front end parses it, CBMC's dialect included (aws-c-common's headers
    // hold CBMC quantifiers).
    const std::string absPath = std::filesystem::absolute(file).lexically_normal().string();
    lowering::DialectParse parsed = lowering::parseInDialect(clangArguments(options), absPath, content, "vcov-mutate");
    auto &ast = parsed.ast;
    if (!ast || parsed.diagnostics.hasErrors()) {
        if (errors) {
            std::string text;
            for (const vcov::Diagnostic &d : parsed.diagnostics.items())
                text += d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message + "\n";
            *errors = text.empty() ? file + ": Clang could not parse this file" : text;
        }
        return {};
    }
    if (parsed.dialect.text.size() != content.size()) {
        // Sites are places in the text as written; a rewritten file has moved them.
        if (errors)
            *errors = file + ": holds CBMC dialect vcov rewrites before parsing (a quantifier or a late declaration): "
                             "its mutants are not generated";
        return {};
    }
    SiteFinder finder(ast->getASTContext(), operators);
    finder.TraverseDecl(ast->getASTContext().getTranslationUnitDecl());
    std::stable_sort(finder.sites.begin(), finder.sites.end(), [](const MutationSite &a, const MutationSite &b) {
        return a.offset != b.offset ? a.offset < b.offset : a.length > b.length;
    });
    return std::move(finder.sites);
}

} // namespace vcov
