#include "BranchGoalsView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>

#include <algorithm>
#include <QTableView>
#include <QVBoxLayout>

namespace vcov::views {

BranchGoalsView::BranchGoalsView(QWidget *parent)
    : QWidget(parent), m_model(new BranchGoalsModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)), m_filter(new QComboBox(this)), m_summary(new QLabel(this)),
      m_progress(new QLabel(this)), m_detail(new QLabel(this)), m_assertions(new AssertionsModel(this)),
      m_assertionProxy(new QSortFilterProxyModel(this)), m_assertionTable(new QTableView),
      m_assertionSummary(new QLabel), m_assertionPane(new QWidget) {
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
    // The assertions under the goals: a few rows, each a claim a "safe" verdict makes or not.
    m_assertionProxy->setSourceModel(m_assertions);
    m_assertionProxy->setSortRole(AssertionsModel::SortRole);
    m_assertionTable->setModel(m_assertionProxy);
    m_assertionTable->setSortingEnabled(true);
    m_assertionTable->sortByColumn(AssertionsModel::Line, Qt::AscendingOrder);
    m_assertionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_assertionTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_assertionTable->verticalHeader()->hide();
    m_assertionTable->horizontalHeader()->setStretchLastSection(true);
    m_assertionTable->setWordWrap(false);
    m_assertionTable->setObjectName(QStringLiteral("assertionTable"));
    auto *pane = new QVBoxLayout(m_assertionPane);
    pane->setContentsMargins(0, 0, 0, 0);
    pane->addWidget(m_assertionSummary);
    pane->addWidget(m_assertionTable, 1);
    m_assertionPane->hide();
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(m_table);
    m_split->addWidget(m_assertionPane);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 0);
    m_split->setChildrenCollapsible(false);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_detail);
    connect(m_assertionTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        updateAssertionDetail();
        const QModelIndex i = m_assertionTable->currentIndex();
        if (i.isValid())
            emit assertionSelected(m_assertionProxy->mapToSource(i).row());
    });
    connect(m_assertionTable, &QTableView::activated, this, [this](const QModelIndex &i) {
        emit assertionActivated(m_assertionProxy->mapToSource(i).row());
    });

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
    m_assertions->clear();
    m_assertionPane->hide();
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

void BranchGoalsView::setAssertions(std::shared_ptr<const Program> program, VacuityReport report) {
    const bool any = !report.sites.empty();
    m_assertions->setReport(std::move(program), std::move(report));
    m_assertionPane->setVisible(any);
    m_assertionTable->resizeColumnsToContents();
    if (any) {
        // Room for up to six assertions without scrolling; the goals keep the rest.
        const int rows = std::min(6, m_assertions->rowCount());
        const int want = m_assertionSummary->sizeHint().height() + m_assertionTable->horizontalHeader()->height() +
                         rows * m_assertionTable->verticalHeader()->defaultSectionSize() + 12;
        const int total = m_split->height();
        if (total > 0)
            m_split->setSizes({std::max(total / 3, total - want), std::min(want, total * 2 / 3)});
    }
    const VacuityReport &r = m_assertions->report();
    QString text = tr("<b>Assertions</b>: %1 — %2 violated, %3 hold and reached, %4 unknown")
                       .arg(QString::fromStdString(vacuitySummary(r)).toHtmlEscaped())
                       .arg(r.count(AssertionStatus::Violated))
                       .arg(r.count(AssertionStatus::HoldsReached))
                       .arg(r.count(AssertionStatus::Unknown));
    if (r.count(AssertionStatus::Vacuous))
        text += tr(" · a verdict of <i>safe</i> says nothing of a vacuous one");
    m_assertionSummary->setText(text);
}

QString BranchGoalsView::assertionSummaryText() const { return m_assertionSummary->text(); }

void BranchGoalsView::selectAssertion(int row) {
    const QModelIndex i = m_assertionProxy->mapFromSource(m_assertions->index(row, 0));
    if (i.isValid())
        m_assertionTable->selectionModel()->setCurrentIndex(i, QItemSelectionModel::ClearAndSelect |
                                                                   QItemSelectionModel::Rows);
}

void BranchGoalsView::updateAssertionDetail() {
    const QModelIndex i = m_assertionTable->currentIndex();
    if (!i.isValid())
        return;
    const AssertionSite &s = m_assertions->site(m_assertionProxy->mapToSource(i).row());
    QString what = tr("<code>%1</code> at line %2 — <b>%3</b>: %4")
                       .arg(QString::fromStdString(s.text).toHtmlEscaped())
                       .arg(s.line)
                       .arg(QString::fromLatin1(assertionStatusName(s.status)),
                            QString::fromStdString(s.evidence).toHtmlEscaped());
    if (s.execution)
        what += tr("; double-click to step through the execution in the Trace view.");
    m_detail->setText(what);
}

} // namespace vcov::views
