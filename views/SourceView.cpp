#include "SourceView.h"

#include "Tint.h"

#include <algorithm>

#include "SyntaxRepository.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QTextBlock>

namespace vcov::views {

namespace {

class Gutter : public QWidget {
public:
    explicit Gutter(SourceView *view) : QWidget(view), m_view(view) {}
    QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_view->paintGutter(event); }

private:
    SourceView *m_view;
};

} // namespace

SourceView::SourceView(QWidget *parent)
    : QPlainTextEdit(parent), m_gutter(new Gutter(this)),
      m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document())) {
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(mono);
    m_highlighter->setDefinition(syntaxRepository().definitionForName(QStringLiteral("C")));
    applyTheme();
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &SourceView::updateGutter);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &SourceView::highlightCurrentLine);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        highlightCurrentLine();
        unsigned line = cursorLine();
        if (line != m_lastLine) {
            m_lastLine = line;
            emit cursorLineChanged(line);
        }
    });
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void SourceView::applyTheme() {
    // Follow the palette: a dark window gets the dark theme.
    bool dark = palette().color(QPalette::Base).lightness() < 128;
    auto theme = syntaxRepository().defaultTheme(dark ? KSyntaxHighlighting::Repository::DarkTheme
                                                      : KSyntaxHighlighting::Repository::LightTheme);
    m_highlighter->setTheme(theme);
    m_highlighter->rehighlight();
    highlightCurrentLine();
}

void SourceView::changeEvent(QEvent *event) {
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        applyTheme();
        highlightCurrentLine(); // the status colours are tints of the palette
    }
}

void SourceView::setSource(const QString &path, const QString &text) {
    m_path = path;
    setPlainText(text);
    m_lastLine = 0;
}

void SourceView::setCoverableLines(const std::set<unsigned> &lines) {
    m_coverable = lines;
    m_gutter->update();
}

namespace {
constexpr int BranchMarkWidth = 18; // room for one branch's two halves in the gutter
}

int SourceView::gutterWidth() const {
    int digits = QString::number(std::max(1, blockCount())).size();
    return 26 + (m_branches.empty() ? 0 : BranchMarkWidth) + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3);
}

void SourceView::resizeEvent(QResizeEvent *event) {
    QPlainTextEdit::resizeEvent(event);
    QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
    highlightCurrentLine(); // more lines may be on screen
}

void SourceView::updateGutter(const QRect &rect, int dy) {
    if (dy)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
}

void SourceView::paintGutter(QPaintEvent *event) {
    QPainter p(m_gutter);
    QPalette pal = palette();
    p.fillRect(event->rect(), pal.color(QPalette::Window));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int markWidth = 6;
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            unsigned line = unsigned(block.blockNumber() + 1);
            const int h = fontMetrics().height();
            if (m_violations.count(line)) {
                p.setPen(QPen(QColor(0xd0, 0x30, 0x30), 2));
                QRect box(3, top + (h - 8) / 2, 8, 8);
                p.drawLine(box.topLeft(), box.bottomRight());
                p.drawLine(box.topRight(), box.bottomLeft());
            } else if (auto a = m_assertions.find(line); a != m_assertions.end() && a->second.status == AssertionStatus::Vacuous) {
                // ∅: the assertion is never reached, a "safe" says nothing of it.
                p.setPen(QPen(QColor(0xe0, 0x80, 0x00), 1.6));
                p.setBrush(Qt::NoBrush);
                const QRect ring(3, top + (h - 9) / 2, 9, 9);
                p.drawEllipse(ring);
                p.drawLine(ring.bottomLeft() + QPoint(-1, 1), ring.topRight() + QPoint(1, -1));
            } else if (m_artLines.count(line)) {
                p.setPen(Qt::NoPen);
                p.setBrush(pal.color(QPalette::WindowText));
                p.drawEllipse(QRect(5, top + (h - 5) / 2, 5, 5));
            }
            if (auto b = m_branches.find(line); b != m_branches.end() && !b->second.empty()) {
                // The first branch of the line; a dot under it when the line has more.
                const BranchMark &m = b->second.front();
                const QRect box(14, top + (h - 10) / 2, 6, 10);
                p.setPen(pal.color(QPalette::Mid));
                p.setBrush(goalColor(m.holds));
                p.drawRect(box);
                p.setBrush(goalColor(m.fails));
                p.drawRect(box.translated(7, 0));
                if (b->second.size() > 1) {
                    p.setPen(Qt::NoPen);
                    p.setBrush(pal.color(QPalette::WindowText));
                    p.drawEllipse(QRect(30, top + (h - 3) / 2, 3, 3));
                }
            }
            if (m_coverable.count(line)) {
                // A coverable line: one that carries an operation of the CFA.
                QColor mark = pal.color(QPalette::Highlight);
                p.fillRect(QRect(m_gutter->width() - markWidth, top + 2, 3, bottom - top - 4), mark);
            }
            p.setPen(line == cursorLine() ? pal.color(QPalette::WindowText) : pal.color(QPalette::PlaceholderText));
            p.drawText(0, top, m_gutter->width() - markWidth - 4, fontMetrics().height(), Qt::AlignRight,
                       QString::number(line));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

void SourceView::setAssertionMarks(std::map<unsigned, AssertionMark> marks) {
    m_assertions = std::move(marks);
    m_gutter->update();
}

void SourceView::setBranchMarks(std::map<unsigned, std::vector<BranchMark>> marks) {
    const bool resize = marks.empty() != m_branches.empty();
    m_branches = std::move(marks);
    if (resize) {
        setViewportMargins(gutterWidth(), 0, 0, 0);
        const QRect cr = contentsRect();
        m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
    }
    m_gutter->update();
}

QColor SourceView::goalColor(GoalStatus status) {
    switch (status) {
    case GoalStatus::Covered: return QColor(0x2e, 0xa0, 0x43);
    case GoalStatus::Unreachable: return QColor(0x80, 0x80, 0x90);
    case GoalStatus::Unknown: break;
    }
    return QColor(0xe0, 0xa0, 0x00);
}

void SourceView::setGutterMarks(std::set<unsigned> artLines, std::set<unsigned> violationLines) {
    m_artLines = std::move(artLines);
    m_violations = std::move(violationLines);
    m_gutter->update();
}

bool SourceView::viewportEvent(QEvent *event) {
    if (event->type() == QEvent::ToolTip && (m_toolTip || !m_assertions.empty())) {
        auto *help = static_cast<QHelpEvent *>(event);
        QTextCursor c = cursorForPosition(help->pos());
        const unsigned line = unsigned(c.blockNumber() + 1);
        QString text = m_toolTip ? m_toolTip(line) : QString();
        if (auto a = m_assertions.find(line); a != m_assertions.end())
            text = a->second.text.toHtmlEscaped() + (text.isEmpty() ? QString() : QStringLiteral("<hr>") + text);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

QColor SourceView::statusColor(LineStatus status, const QPalette &palette) {
    QColor hue;
    switch (status) {
    case LineStatus::Covered: hue = QColor(0x2e, 0xa0, 0x43); break;          // green
    case LineStatus::OverApproximated: hue = QColor(0xe0, 0xa0, 0x00); break; // amber
    case LineStatus::Uncovered: hue = QColor(0xd0, 0x30, 0x30); break;        // red
    case LineStatus::Unreachable: hue = QColor(0x80, 0x80, 0x90); break;      // grey
    }
    // A tint of the base colour, so that the text keeps its theme contrast.
    return tint(hue, palette);
}

bool SourceView::goToNextStatus(const std::set<LineStatus> &wanted, bool forward) {
    std::vector<unsigned> lines;
    for (const auto &[line, status] : m_status)
        if (wanted.count(status))
            lines.push_back(line);
    if (lines.empty())
        return false;
    const unsigned at = cursorLine();
    unsigned target;
    if (forward) {
        auto it = std::upper_bound(lines.begin(), lines.end(), at);
        target = it == lines.end() ? lines.front() : *it;
    } else {
        auto it = std::lower_bound(lines.begin(), lines.end(), at);
        target = it == lines.begin() ? lines.back() : *std::prev(it);
    }
    goToLine(target);
    return true;
}

void SourceView::setLineStatuses(std::map<unsigned, LineStatus> statuses) {
    m_status = std::move(statuses);
    highlightCurrentLine();
    viewport()->update();
}

void SourceView::highlightCurrentLine() {
    // Status backgrounds for the lines on screen only (and a screen's margin): one selection per
    // line of a large file costs tens of milliseconds at every cursor move. Scrolling refreshes them.
    const int first = firstVisibleBlock().blockNumber() + 1;
    const int last = cursorForPosition(viewport()->rect().bottomLeft()).blockNumber() + 1;
    const int margin = std::max(10, last - first);
    QList<QTextEdit::ExtraSelection> extra;
    for (auto it = m_status.lower_bound(unsigned(std::max(1, first - margin))); it != m_status.end() && int(it->first) <= last + margin; ++it) {
        const auto &[line, status] = *it;
        QTextBlock b = document()->findBlockByNumber(int(line) - 1);
        if (!b.isValid())
            continue;
        QTextEdit::ExtraSelection st;
        st.format.setBackground(statusColor(status, palette()));
        st.format.setProperty(QTextFormat::FullWidthSelection, true);
        st.cursor = QTextCursor(b);
        extra.append(st);
    }
    QTextEdit::ExtraSelection sel;
    QColor c = palette().color(QPalette::Highlight);
    c.setAlpha(40);
    sel.format.setBackground(c);
    sel.format.setProperty(QTextFormat::FullWidthSelection, true);
    sel.cursor = textCursor();
    sel.cursor.clearSelection();
    extra.append(sel);
    setExtraSelections(extra);
    m_gutter->update();
}

QString SourceView::themeName() const { return m_highlighter->theme().name(); }

unsigned SourceView::cursorLine() const { return unsigned(textCursor().blockNumber() + 1); }

void SourceView::goToLine(unsigned line, unsigned column) { selectRange(line, column, line, column - 1); }

void SourceView::selectRange(unsigned beginLine, unsigned beginColumn, unsigned endLine, unsigned endColumn) {
    QTextBlock b = document()->findBlockByNumber(int(beginLine) - 1);
    QTextBlock e = document()->findBlockByNumber(int(endLine) - 1);
    if (!b.isValid())
        return;
    if (!e.isValid())
        e = b;
    QTextCursor c(document());
    c.setPosition(b.position() + std::min(int(beginColumn) - 1, std::max(0, b.length() - 1)));
    int endPos = e.position() + std::min(int(endColumn), std::max(0, e.length() - 1));
    if (endPos > c.position())
        c.setPosition(endPos, QTextCursor::KeepAnchor);
    setTextCursor(c);
    centerCursor();
}

} // namespace vcov::views
