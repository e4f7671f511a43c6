#include "frontend/CbmcDialect.h"

#include <cctype>
#include <vector>

namespace vcov {

namespace {

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The end of the comment, string or character literal that starts at i, or i itself.
size_t skipLiteralOrComment(const std::string &t, size_t i) {
    if (t.compare(i, 2, "//") == 0) {
        size_t e = t.find('\n', i);
        return e == std::string::npos ? t.size() : e;
    }
    if (t.compare(i, 2, "/*") == 0) {
        size_t e = t.find("*/", i + 2);
        return e == std::string::npos ? t.size() : e + 2;
    }
    if (t[i] == '"' || t[i] == '\'') {
        const char q = t[i];
        size_t j = i + 1;
        while (j < t.size() && t[j] != q && t[j] != '\n')
            j += t[j] == '\\' ? 2 : 1;
        return std::min(j + 1, t.size());
    }
    return i;
}

// Whitespace, comments and backslash-newlines (a macro's line continuations) from i on.
size_t skipBlank(const std::string &t, size_t i) {
    while (i < t.size()) {
        if (std::isspace(static_cast<unsigned char>(t[i])))
            ++i;
        else if (t[i] == '\\' && i + 1 < t.size() && (t[i + 1] == '\n' || t[i + 1] == '\r'))
            ++i;
        else if (size_t e = skipLiteralOrComment(t, i); e != i && t[i] == '/')
            i = e;
        else
            break;
    }
    return i;
}

struct Quantifier {
    size_t keyword = 0, open = 0, semicolon = 0, implies = std::string::npos, close = 0;
    bool exists = false;
};

// The quantifier whose keyword starts at k; false (with a reason) when it is not one vcov reads.
bool parseQuantifier(const std::string &t, size_t k, Quantifier &q, std::string &why) {
    q.keyword = k;
    q.exists = t.compare(k, 16, "__CPROVER_exists") == 0;
    q.open = skipBlank(t, k + 16);
    if (q.open >= t.size() || t[q.open] != '{') {
        why = "expected '{' after the quantifier";
        return false;
    }
    int depth = 0;
    q.semicolon = std::string::npos;
    for (size_t i = q.open; i < t.size(); ++i) {
        if (size_t e = skipLiteralOrComment(t, i); e != i) {
            i = e - 1;
            continue;
        }
        const char c = t[i];
        if (c == '{' || c == '(' || c == '[')
            ++depth;
        else if (c == '}' || c == ')' || c == ']') {
            if (--depth == 0) {
                if (c != '}') {
                    why = "unbalanced brackets in the quantifier";
                    return false;
                }
                q.close = i;
                if (q.semicolon == std::string::npos) {
                    why = "the quantifier declares no bound variable ('{ int i; ... }')";
                    return false;
                }
                return true;
            }
        } else if (depth == 1 && c == ';' && q.semicolon == std::string::npos)
            q.semicolon = i;
        else if (depth == 1 && q.semicolon != std::string::npos && t.compare(i, 3, "==>") == 0 &&
                 q.implies == std::string::npos)
            q.implies = i;
        else if (depth == 1 && c == ';' && q.semicolon != std::string::npos) {
            why = "a quantifier body of more than one expression";
            return false;
        }
    }
    why = "the quantifier's '{' is not closed";
    return false;
}

size_t findKeyword(const std::string &t, size_t from) {
    for (size_t i = from; i < t.size(); ++i) {
        if (size_t e = skipLiteralOrComment(t, i); e != i) {
            i = e - 1;
            continue;
        }
        if (t[i] != '_' || (i > 0 && identChar(t[i - 1])))
            continue;
        if ((t.compare(i, 16, "__CPROVER_forall") == 0 || t.compare(i, 16, "__CPROVER_exists") == 0) &&
            (i + 16 >= t.size() || !identChar(t[i + 16])))
            return i;
    }
    return std::string::npos;
}

} // namespace

bool mentionsCbmcQuantifier(const std::string &text) {
    return text.find("__CPROVER_forall") != std::string::npos || text.find("__CPROVER_exists") != std::string::npos;
}

std::optional<std::string> rewriteCbmcQuantifiers(const std::string &text, std::string *error) {
    if (!mentionsCbmcQuantifier(text))
        return std::nullopt;
    std::string out;
    size_t done = 0;
    bool any = false;
    for (size_t k = findKeyword(text, 0); k != std::string::npos; k = findKeyword(text, done)) {
        Quantifier q;
        std::string why;
        if (!parseQuantifier(text, k, q, why)) {
            if (error)
                *error = why;
            return std::nullopt;
        }
        const char *fn = q.exists ? "__vcov_exists" : "__vcov_forall";
        // Only characters inside lines change: every newline and continuation stays.
        out += text.substr(done, k - done);
        out += "__extension__(";
        out += text.substr(q.keyword + 16, q.semicolon + 1 - (q.keyword + 16)); // blanks, '{', the declaration
        out += std::string(" ") + fn + "(";
        if (q.implies != std::string::npos) {
            out += "(" + text.substr(q.semicolon + 1, q.implies - q.semicolon - 1) + "), (";
            out += text.substr(q.implies + 3, q.close - q.implies - 3);
        } else {
            out += "1, (" + text.substr(q.semicolon + 1, q.close - q.semicolon - 1);
        }
        out += ")); })";
        done = q.close + 1;
        any = true;
    }
    if (!any)
        return std::nullopt;
    out += text.substr(done);
    return out;
}

std::string declareBeforeFirstUse(const std::string &text, const std::string &name, unsigned line) {
    std::vector<size_t> starts{0};
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n')
            starts.push_back(i + 1);
    if (line == 0 || line > starts.size())
        return {};
    // The declaration: from its line's start to its ';', on one line.
    const size_t from = starts[line - 1];
    const size_t end = text.find(';', from);
    if (end == std::string::npos || text.find(name, from) > end)
        return {};
    std::string decl;
    for (size_t i = from; i <= end; ++i)
        decl += text[i] == '\n' || text[i] == '\r' ? ' ' : text[i];
    // The first use: the first mention of the name as a whole identifier.
    size_t use = std::string::npos;
    for (size_t i = text.find(name); i != std::string::npos && i < from; i = text.find(name, i + 1))
        if ((i == 0 || !identChar(text[i - 1])) && (i + name.size() >= text.size() || !identChar(text[i + name.size()]))) {
            use = i;
            break;
        }
    if (use == std::string::npos)
        return {};
    // The top-level definition around it: the last line before it that starts in column 1
    // with neither a brace, a preprocessor line nor a comment.
    size_t l = 0;
    while (l + 1 < starts.size() && starts[l + 1] <= use)
        ++l;
    for (;; --l) {
        const char c = starts[l] < text.size() ? text[starts[l]] : '\n';
        if (!std::isspace(static_cast<unsigned char>(c)) && c != '{' && c != '}' && c != '#' && c != '/' && c != '*')
            break;
        if (l == 0)
            return {};
    }
    std::string out = text;
    out.insert(starts[l], decl + " ");
    return out;
}

std::string blankDeclaration(const std::string &text, unsigned line) {
    size_t from = 0;
    for (unsigned l = 1; l < line; ++l) {
        from = text.find('\n', from);
        if (from == std::string::npos)
            return {};
        ++from;
    }
    const size_t end = text.find(';', from);
    if (end == std::string::npos)
        return {};
    const std::string decl = text.substr(from, end - from);
    if (decl.find_first_of("{}#=") != std::string::npos || decl.find('(') == std::string::npos)
        return {};
    const size_t eol = text.find('\n', end);
    const std::string rest = text.substr(end + 1, (eol == std::string::npos ? text.size() : eol) - end - 1);
    if (rest.find_first_not_of(" \t\r") != std::string::npos)
        return {};
    std::string out = text;
    for (size_t i = from; i <= end; ++i)
        if (out[i] != '\n')
            out[i] = ' ';
    return out;
}

} // namespace vcov
