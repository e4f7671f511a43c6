// The legend of the coverage colours: a chip per line status with its name and, once a
// result is shown, how many lines have it. Colours come from SourceView::statusColor.
#pragma once

#include "coverage/Coverage.h"

#include <QWidget>

#include <map>

namespace vcov::views {

class CoverageLegend : public QWidget {
    Q_OBJECT
public:
    explicit CoverageLegend(QWidget *parent = nullptr);
    void setCounts(std::map<vcov::LineStatus, size_t> counts); // empty: names only
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString label(vcov::LineStatus s) const;
    std::map<vcov::LineStatus, size_t> m_counts;
};

} // namespace vcov::views
