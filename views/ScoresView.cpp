#include "ScoresView.h"

#include "ScoresModel.h"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLineSeries>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>

namespace vcov::views {

ScoresView::ScoresView(QWidget *parent)
    : QWidget(parent), m_model(new ScoresModel(this)), m_proxy(new QSortFilterProxyModel(this)), m_table(new QTableView),
      m_chart(new QChart), m_explored(new QLineSeries), m_covered(new QLineSeries), m_time(new QValueAxis),
      m_lines(new QValueAxis) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ScoresModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ScoresModel::Score, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Sizing columns by all 1000 rows costs ~40 ms per snapshot on the GUI thread: the visible ones suffice.
    m_table->horizontalHeader()->setResizeContentsPrecision(0);
    m_table->setObjectName(QStringLiteral("scoresTable"));
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        int art = m_model->artNodeOfRow(m_proxy->mapToSource(index).row());
        if (art >= 0)
            emit artNodeActivated(art);
    });

    m_explored->setName(tr("explored lines"));
    m_covered->setName(tr("covered lines"));
    m_chart->addSeries(m_explored);
    m_chart->addSeries(m_covered);
    m_time->setTitleText(tr("seconds"));
    m_time->setLabelFormat(QStringLiteral("%.1f"));
    m_lines->setTitleText(tr("lines"));
    m_lines->setLabelFormat(QStringLiteral("%d"));
    m_time->setTickCount(5);
    m_lines->setTickCount(4);
    m_chart->addAxis(m_time, Qt::AlignBottom);
    m_chart->addAxis(m_lines, Qt::AlignLeft);
    for (QLineSeries *s : {m_explored, m_covered}) {
        s->attachAxis(m_time);
        s->attachAxis(m_lines);
    }
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    auto *chartView = new QChartView(m_chart);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(180);
    rescale();

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(chartView);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

void ScoresView::setExploration(std::shared_ptr<const Program> program, std::shared_ptr<const ExplorationSnapshot> snapshot) {
    m_model->setExploration(std::move(program), std::move(snapshot));
    if (int row = m_model->nextStateRow(); row >= 0)
        m_table->scrollTo(m_proxy->mapFromSource(m_model->index(row, 0)));
}

void ScoresView::clearSeries() {
    m_explored->clear();
    m_covered->clear();
    m_maxTime = m_maxLines = 1;
    rescale();
}

void ScoresView::addPoint(const CoveragePoint &p) {
    m_explored->append(p.seconds, double(p.explored));
    // During the analysis nothing is covered yet: the covered line starts with the measurement.
    if (p.phase != "analysis")
        m_covered->append(p.seconds, double(p.covered));
    m_maxTime = std::max(m_maxTime, p.seconds);
    m_maxLines = std::max(m_maxLines, double(p.explored));
    rescale();
}

void ScoresView::setSeries(const std::vector<CoveragePoint> &series) {
    // At the end of a live run the chart already holds these points (one per progress report):
    // re-laying out the chart then would only cost the GUI thread time.
    if (!series.empty() && size_t(m_explored->count()) == series.size() &&
        m_explored->at(m_explored->count() - 1) == QPointF(series.back().seconds, double(series.back().explored))) {
        size_t measured = 0;
        for (const CoveragePoint &p : series)
            measured += p.phase != "analysis";
        if (size_t(m_covered->count()) == measured)
            return;
    }
    clearSeries();
    QList<QPointF> explored, covered;
    for (const CoveragePoint &p : series) {
        explored.append({p.seconds, double(p.explored)});
        if (p.phase != "analysis")
            covered.append({p.seconds, double(p.covered)});
        m_maxTime = std::max(m_maxTime, p.seconds);
        m_maxLines = std::max(m_maxLines, double(p.explored));
    }
    m_explored->replace(explored);
    m_covered->replace(covered);
    rescale();
}

size_t ScoresView::pointCount() const { return size_t(m_explored->count()); }

void ScoresView::rescale() {
    m_time->setRange(0, m_maxTime * 1.05);
    m_lines->setRange(0, std::ceil(m_maxLines * 1.1));
}

} // namespace vcov::views
