#include "formats/MutationHtml.h"
#include "formats/MarkupEscape.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

#ifndef VCOV_MUTATION_ELEMENTS_JS
#define VCOV_MUTATION_ELEMENTS_JS ""
#endif

namespace vcov {

std::optional<std::string> mutationElementsBundle() {
    for (const char *candidate : std::initializer_list<const char *>{std::getenv("VCOV_MUTATION_ELEMENTS"), VCOV_MUTATION_ELEMENTS_JS,
                                  "/opt/vcov-npm/node_modules/mutation-testing-elements/dist/mutation-test-elements.js"})
        if (candidate && *candidate && std::filesystem::is_regular_file(candidate))
            return std::string(candidate);
    return std::nullopt;
}

namespace {

// Text inside <script> must not close the element early: only "</script" does. In JSON
// every "</" may become "<\/" (the same string to JavaScript); in code only that
// sequence is touched ("a</b/" elsewhere is a comparison with a regular expression).
std::string scriptSafe(std::string s, bool json) {
    for (size_t pos = 0; (pos = s.find("</", pos)) != std::string::npos; pos += 3) {
        std::string next = s.substr(pos + 2, 6);
        for (char &c : next)
            c = char(tolower(static_cast<unsigned char>(c)));
        if (json || next == "script")
            s.replace(pos, 2, "<\\/");
    }
    return s;
}

} // namespace

std::string mutationReportHtml(const nlohmann::json &report, const std::string &bundle, const std::string &title,
                               const std::vector<std::string> &notes) {
    std::string noted;
    for (const std::string &n : notes)
        noted += "<p class=\"vcov-note\" role=\"note\" style=\"margin:8px 16px;padding:8px 12px;border-left:4px solid "
                 "#e08000;background:#fff4e0;font-family:sans-serif;white-space:pre-line\">" +
                 escapeMarkup(n) + "</p>\n";
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                       escapeMarkup(title) + "</title>\n<script>\n" + scriptSafe(bundle, false) +
                       "\n</script>\n</head>\n<body>\n" + noted + "<mutation-test-report-app title-postfix=\"vcov\"></mutation-test-report-app>\n"
                       "<script>\n"
                       "const app = document.querySelector('mutation-test-report-app');\n"
                       "app.report = " +
                       scriptSafe(report.dump(), true) +
                       ";\n"
                       // The component draws asynchronously; the title tells when it has.
                       "customElements.whenDefined('mutation-test-report-app').then(() => {\n"
                       "  const check = () => {\n"
                       "    const root = app.shadowRoot;\n"
                       "    if (root && root.textContent.length + root.querySelectorAll('*').length > 20)\n"
                       "      document.title = document.title.replace(/ \\(rendered\\)$/, '') + ' (rendered)';\n"
                       "    else setTimeout(check, 50);\n"
                       "  };\n"
                       "  check();\n"
                       "});\n"
                       "</script>\n</body>\n</html>\n";
    return html;
}

} // namespace vcov
