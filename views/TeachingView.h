// Teaching mode's panel: the analysis one expansion at a time — which waitlist node was
// taken and why (traversal order, tie-break), its successors, which became covered, and
// a sentence in model-checking terms; above the log, what happens next.
#pragma once

#include "coverage/Exploration.h"

#include <QWidget>

class QLabel;
class QTextBrowser;

namespace vcov::views {

class TeachingView : public QWidget {
    Q_OBJECT
public:
    explicit TeachingView(QWidget *parent = nullptr);
    void clear();
    // A snapshot after a single step (with its expansion) or after a pause.
    void addSnapshot(const Program &program, const ExplorationSnapshot &snapshot);
    size_t expansionCount() const { return m_count; }
    QString lastText() const { return m_last; }

signals:
    void artNodeActivated(int artNode);

private:
    QLabel *m_next;
    QTextBrowser *m_log;
    size_t m_count = 0;
    QString m_last;
};

} // namespace vcov::views
