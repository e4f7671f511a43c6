// The source view: a read-only C editor with KSyntaxHighlighting, a line-number gutter
// that marks coverable lines, and selection of source ranges from other views.
#pragma once

#include "coverage/Coverage.h"

#include <QPlainTextEdit>

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

private:
    void applyTheme();
    void updateGutter(const QRect &rect, int dy);
    void highlightCurrentLine();

    QWidget *m_gutter;
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter;
    QString m_path;
    std::set<unsigned> m_coverable;
    std::map<unsigned, vcov::LineStatus> m_status;
    unsigned m_lastLine = 0;
};

} // namespace vcov::views
