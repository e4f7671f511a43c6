#include "CoverageLegend.h"

#include "SourceView.h"

#include <QPainter>

namespace vcov::views {

namespace {
constexpr LineStatus Order[] = {LineStatus::Covered, LineStatus::OverApproximated, LineStatus::Uncovered,
                                LineStatus::Unreachable};
}

CoverageLegend::CoverageLegend(QWidget *parent) : QWidget(parent) {
    setToolTip(tr("covered: a terminating execution passes the line inside the explored region\n"
                  "over-approximated: explored by the analysis, no execution confirms it yet\n"
                  "uncovered: the analysis never got there\n"
                  "unreachable: proved that no such execution exists"));
}

QString CoverageLegend::label(LineStatus s) const {
    QString name;
    switch (s) {
    case LineStatus::Covered: name = tr("covered"); break;
    case LineStatus::OverApproximated: name = tr("over-approximated"); break;
    case LineStatus::Uncovered: name = tr("uncovered"); break;
    case LineStatus::Unreachable: name = tr("unreachable"); break;
    }
    auto it = m_counts.find(s);
    return it == m_counts.end() ? name : QStringLiteral("%1 %2").arg(it->second).arg(name);
}

void CoverageLegend::setCounts(std::map<LineStatus, size_t> counts) {
    m_counts = std::move(counts);
    updateGeometry();
    update();
}

QSize CoverageLegend::sizeHint() const {
    const QFontMetrics fm(font());
    int w = 0;
    for (LineStatus s : Order)
        w += fm.height() + 4 + fm.horizontalAdvance(label(s)) + 12;
    return {w, fm.height() + 4};
}

void CoverageLegend::paintEvent(QPaintEvent *) {
    QPainter p(this);
    const QFontMetrics fm(font());
    const int chip = fm.height() - 2;
    int x = 0;
    for (LineStatus s : Order) {
        QRect box(x, (height() - chip) / 2, chip, chip);
        p.fillRect(box, SourceView::statusColor(s, palette()));
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(box.adjusted(0, 0, -1, -1));
        x += chip + 4;
        p.setPen(palette().color(QPalette::WindowText));
        QString text = label(s);
        p.drawText(QRect(x, 0, fm.horizontalAdvance(text) + 2, height()), Qt::AlignVCenter | Qt::AlignLeft, text);
        x += fm.horizontalAdvance(text) + 12;
    }
}

} // namespace vcov::views
