#include "BranchGoalsView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace vcov::views {

BranchGoalsView::BranchGoalsView(QWidget *parent)
    : QWidget(parent), m_model(new BranchGoalsModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)), m_filter(new QComboBox(this)), m_summary(new QLabel(this)),
      m_progress(new QLabel(this)), m_detail(new QLabel(this)) {
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(BranchGoalsModel::SortRole);
    m_proxy->setFilterRole(BranchGoalsModel::StatusRole);
    m_proxy->setFilterKeyColumn(BranchGoalsModel::Status);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(BranchGoalsModel::Id, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    m_filter->addItem(tr("All goals"), -1);
    for (GoalStatus s : {GoalStatus::Covered, GoalStatus::Unreachable, GoalStatus::Unknown})
        m_filter->addItem(BranchGoalsModel::statusText(s), int(s));
    connect(m_filter, &QComboBox::currentIndexChanged, this, [this] {
        const int s = m_filter->currentData().toInt();
        m_proxy->setFilterRegularExpression(s < 0 ? QString() : QStringLiteral("^%1$").arg(s));
    });

    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setTextFormat(Qt::PlainText);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_progress);
    top->addWidget(m_filter);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_detail);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateDetail();
        if (selectedGoal() >= 0)
            emit goalSelected(selectedGoal());
    });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &i) {
        emit goalActivated(m_proxy->mapToSource(i).row());
    });
    updateSummary();
}

void BranchGoalsView::setReport(std::shared_ptr<const Program> program, GoalReport report) {
    const int selected = selectedGoal();
    m_model->setReport(std::move(program), std::move(report));
    if (selected >= 0 && selected < m_model->rowCount())
        selectGoal(selected);
    m_table->resizeColumnsToContents();
    updateSummary();
    updateDetail();
}

void BranchGoalsView::setProgress(const GoalProgress &p, bool running) {
    if (!running) {
        m_progress->setText(tr("%1 s").arg(p.seconds, 0, 'f', 1));
        return;
    }
    m_progress->setText(tr("%1 · k = %2 · %3 left · %4 s")
                            .arg(QString::fromStdString(p.phase))
                            .arg(p.k)
                            .arg(p.left)
                            .arg(p.seconds, 0, 'f', 1));
}

void BranchGoalsView::clear() {
    m_model->clear();
    m_progress->clear();
    updateSummary();
    updateDetail();
}

int BranchGoalsView::selectedGoal() const {
    const QModelIndex i = m_table->currentIndex();
    return i.isValid() ? m_proxy->mapToSource(i).row() : -1;
}

void BranchGoalsView::selectGoal(int row) {
    const QModelIndex i = m_proxy->mapFromSource(m_model->index(row, 0));
    if (i.isValid())
        m_table->selectionModel()->setCurrentIndex(i, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

QString BranchGoalsView::detailText() const { return m_detail->text(); }

void BranchGoalsView::updateSummary() {
    const GoalReport &r = m_model->report();
    if (r.goals.empty()) {
        m_summary->setText(tr("No branch goals yet: Analysis ▸ Run Branch Goals"));
        return;
    }
    m_summary->setText(tr("<b>%1</b> goals: <b>%2</b> covered, <b>%3</b> unreachable, <b>%4</b> unknown; %5 tests")
                           .arg(r.goals.size())
                           .arg(r.count(GoalStatus::Covered))
                           .arg(r.count(GoalStatus::Unreachable))
                           .arg(r.count(GoalStatus::Unknown))
                           .arg(r.tests.size()));
}

void BranchGoalsView::updateDetail() {
    const int row = selectedGoal();
    if (row < 0) {
        m_detail->setText(m_model->report().error.empty()
                              ? tr("Select a goal: a covered one opens its test in the Trace view (double-click).")
                              : QString::fromStdString(m_model->report().error));
        return;
    }
    const BranchGoal &g = m_model->goal(row);
    QString what = tr("<b>%1</b> at line %2: <code>%3</code> %4 — ")
                       .arg(QString::fromStdString(g.id))
                       .arg(g.line)
                       .arg(QString::fromStdString(g.condition).toHtmlEscaped(), g.polarity ? tr("holds") : tr("fails"));
    switch (g.status) {
    case GoalStatus::Covered:
        what += tr("covered by %1; double-click to step through it in the Trace view.")
                    .arg(m_model->evidence(row).toHtmlEscaped());
        break;
    case GoalStatus::Unreachable:
        what += tr("<b>unreachable</b>, proved by %1.").arg(QString::fromStdString(g.proof).toHtmlEscaped());
        break;
    case GoalStatus::Unknown:
        what += tr("<b>unknown</b>: %1").arg(QString::fromStdString(g.reason).toHtmlEscaped());
        break;
    }
    m_detail->setText(what);
}

} // namespace vcov::views
