// The source view: a read-only C editor with KSyntaxHighlighting, a line-number gutter
// that marks coverable lines, and selection of source ranges from other views.
#pragma once

#include "coverage/Coverage.h"
#include "goals/BranchGoals.h"
#include "goals/Vacuity.h"

#include <QPlainTextEdit>

#include <functional>
#include <map>
#include <set>

namespace KSyntaxHighlighting {
class SyntaxHighlighter;
}

namespace vcov::views {

class SourceView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceView(QWidget *parent = nullptr);

    void setSource(const QString &path, const QString &text);
    QString path() const { return m_path; }
    void setCoverableLines(const std::set<unsigned> &lines);
    // Line backgrounds by verification coverage (empty: none).
    void setLineStatuses(std::map<unsigned, vcov::LineStatus> statuses);
    const std::map<unsigned, vcov::LineStatus> &lineStatuses() const { return m_status; }
    // The background of a status, from the palette: readable in light and dark themes.
    static QColor statusColor(vcov::LineStatus status, const QPalette &palette);
    // Moves the cursor to the next (or previous) line, after the cursor's, whose status is
    // one of `wanted`, wrapping around; false when there is none.
    bool goToNextStatus(const std::set<vcov::LineStatus> &wanted, bool forward = true);
    const std::set<unsigned> &coverableLines() const { return m_coverable; }
    // Gutter marks: a dot on lines with ART nodes, a red cross on lines of a violation.
    void setGutterMarks(std::set<unsigned> artLines, std::set<unsigned> violationLines);
    const std::set<unsigned> &violationLines() const { return m_violations; }
    // Branch goals: per line, each branch's two halves (holds, fails) as a pair of boxes
    // coloured by status, as genhtml's [+ -] (empty: none, and no room in the gutter).
    struct BranchMark {
        GoalStatus holds = GoalStatus::Unknown, fails = GoalStatus::Unknown;
    };
    void setBranchMarks(std::map<unsigned, std::vector<BranchMark>> marks);
    const std::map<unsigned, std::vector<BranchMark>> &branchMarks() const { return m_branches; }
    static QColor goalColor(GoalStatus status);
    // Assertions (vacuity): a vacuous one — nothing reaches it — gets an amber ∅ in the
    // gutter; every one its status in the line's tooltip.
    struct AssertionMark {
        AssertionStatus status = AssertionStatus::Unknown;
        QString text; // "assert(x == 7): vacuous — never reached: …"
    };
    void setAssertionMarks(std::map<unsigned, AssertionMark> marks);
    const std::map<unsigned, AssertionMark> &assertionMarks() const { return m_assertions; }
    // Tooltip text (rich text) for a line; empty: no tooltip.
    void setToolTipProvider(std::function<QString(unsigned line)> provider) { m_toolTip = std::move(provider); }

    // 1-based lines and columns; the end column is inclusive.
    void selectRange(unsigned beginLine, unsigned beginColumn, unsigned endLine, unsigned endColumn);
    void goToLine(unsigned line, unsigned column = 1);
    unsigned cursorLine() const;
    QString themeName() const; // the KSyntaxHighlighting theme in use

    int gutterWidth() const;
    void paintGutter(QPaintEvent *event);

signals:
    void cursorLineChanged(unsigned line);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    void applyTheme();
    void updateGutter(const QRect &rect, int dy);
    void highlightCurrentLine();

    QWidget *m_gutter;
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
    QString m_path;
    std::set<unsigned> m_coverable;
    std::map<unsigned, vcov::LineStatus> m_status;
    std::set<unsigned> m_artLines, m_violations;
    std::map<unsigned, std::vector<BranchMark>> m_branches;
    std::map<unsigned, AssertionMark> m_assertions;
    std::function<QString(unsigned)> m_toolTip;
    unsigned m_lastLine = 0;
};

} // namespace vcov::views
