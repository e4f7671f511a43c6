// The scores view: the automaton states with their Reach scores (sortable, live) above a
// Qt Charts plot of coverage over time — lines explored vs lines covered.
#pragma once

#include "coverage/Coverage.h"
#include "coverage/Exploration.h"

#include <QWidget>

#include <memory>

class QChart;
class QLineSeries;
class QSortFilterProxyModel;
class QTableView;
class QValueAxis;

namespace vcov::views {

class ScoresModel;

class ScoresView : public QWidget {
    Q_OBJECT
public:
    explicit ScoresView(QWidget *parent = nullptr);

    void setExploration(std::shared_ptr<const Program> program, std::shared_ptr<const ExplorationSnapshot> snapshot);
    void clearSeries();
    void addPoint(const CoveragePoint &point);
    void setSeries(const std::vector<CoveragePoint> &series);

    ScoresModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    size_t pointCount() const;

signals:
    void artNodeActivated(int artNode);

private:
    void rescale();

    ScoresModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QChart *m_chart;
    QLineSeries *m_explored, *m_covered;
    QValueAxis *m_time, *m_lines;
    double m_maxTime = 1, m_maxLines = 1;
};

} // namespace vcov::views
