// The "Why?" panel: the engine's explanation of one source line — the execution that
// covers it, the ART nodes that explored it, or the frontier and the budget that explain
// why it is not covered. Links open the execution in the trace view or the node in the
// automaton view.
#pragma once

#include "coverage/Coverage.h"

#include <QTextBrowser>

#include <memory>
#include <optional>

namespace vcov::views {

class ExplanationView : public QTextBrowser {
    Q_OBJECT
public:
    explicit ExplanationView(QWidget *parent = nullptr);

    // Shows line's explanation in the new result (none: the placeholder).
    void setResult(std::shared_ptr<const Program> program, std::shared_ptr<const CoverageResult> result,
                   std::optional<FileLine> line = {});
    void showLine(FileLine line);
    // The explanation of a line as HTML (also the source view's tooltip).
    static QString explanationHtml(const Program &program, const CoverageResult &result, FileLine line);

signals:
    void executionActivated(int execution);
    void artNodeActivated(int artNode);

private:
    std::shared_ptr<const Program> m_program;
    std::shared_ptr<const CoverageResult> m_result;
};

} // namespace vcov::views
