#include "MutantsView.h"

#include "Tint.h"

#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QHBoxLayout>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextCursor>
#include <QTextEdit>
#include <QValueAxis>
#include <QVBoxLayout>

#include <map>

namespace vcov::views {

namespace {

// The lines an edit touches, before and after, as a unified diff shows them, under a
// header line and above a status line.
QString diffHtml(const std::string &content, const MutationSite &s, const QString &header, const QString &status,
                 const QPalette &pal) {
    if (content.size() < s.offset + s.length)
        return QStringLiteral("<p>%1</p><pre>%2 -> %3</pre><p>%4</p>")
            .arg(header, QString::fromStdString(s.original).toHtmlEscaped(),
                 QString::fromStdString(s.replacement).toHtmlEscaped(), status);
    size_t begin = content.rfind('\n', s.offset ? s.offset - 1 : 0);
    begin = (begin == std::string::npos || s.offset == 0) ? 0 : begin + 1;
    size_t end = content.find('\n', s.offset + s.length);
    end = end == std::string::npos ? content.size() : end;
    std::string before = content.substr(begin, end - begin);
    std::string after = before.substr(0, s.offset - begin) + s.replacement + before.substr(s.offset - begin + s.length);
    auto block = [&](const std::string &text, QChar sign, const QColor &hue) {
        QString html;
        for (const QString &line : QString::fromStdString(text).split(QLatin1Char('\n')))
            html += QStringLiteral("<div style=\"background:%1; white-space:pre\">%2 %3</div>")
                        .arg(tint(hue, pal).name(), sign, line.toHtmlEscaped());
        return html;
    };
    QString html = QStringLiteral("<div style=\"font-family:monospace\">%1<br>").arg(header);
    html += block(before, QLatin1Char('-'), QColor(0xd7, 0x3a, 0x49));
    html += block(after, QLatin1Char('+'), QColor(0x2e, 0xa0, 0x43));
    return html + QStringLiteral("<p>%1</p></div>").arg(status);
}

std::string sourceOf(const Program *p, const std::string &file) {
    if (p)
        if (FileId f = p->fileId(file); f >= 0)
            return p->files[size_t(f)].content;
    return {};
}

} // namespace

MutantsView::MutantsView(QWidget *parent)
    : QWidget(parent), m_model(new MutantsModel(this)), m_harnessModel(new HarnessMutantsModel(this)) {
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(MutantsModel::SortRole);
    m_table = new QTableView;
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(MutantsModel::Line, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(MutantsModel::Edit, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_progress = new QLabel(tr("No campaign yet: Analysis ▸ Mutation Campaign…"));
    m_progress->setWordWrap(true);
    m_diff = new QTextEdit;
    m_diff->setReadOnly(true);
    m_diff->setLineWrapMode(QTextEdit::NoWrap);

    m_chart = new QChart;
    m_chart->setTitle(tr("Survivors per size"));
    m_chart->legend()->hide();
    m_survivors = new QLineSeries;
    m_survivors->setPointsVisible(true);
    m_chart->addSeries(m_survivors);
    m_sizeAxis = new QValueAxis;
    m_sizeAxis->setTitleText(tr("size"));
    m_sizeAxis->setLabelFormat(QStringLiteral("%d"));
    m_countAxis = new QValueAxis;
    m_countAxis->setTitleText(tr("survivors"));
    m_countAxis->setLabelFormat(QStringLiteral("%d"));
    m_chart->addAxis(m_sizeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_countAxis, Qt::AlignLeft);
    m_survivors->attachAxis(m_sizeAxis);
    m_survivors->attachAxis(m_countAxis);
    auto *chartView = new QChartView(m_chart);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(160);
    chartView->setMinimumWidth(320);
    // Only find-size has sizes to chart.
    chartView->hide();
    m_chartView = chartView;

    auto *bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(m_diff);
    bottom->addWidget(chartView);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    bottom->setSizes({600, 400});
    m_harnessProxy = new QSortFilterProxyModel(this);
    m_harnessProxy->setSourceModel(m_harnessModel);
    m_harnessProxy->setSortRole(HarnessMutantsModel::SortRole);
    m_harnessTable = new QTableView;
    m_harnessTable->setModel(m_harnessProxy);
    m_harnessTable->setSortingEnabled(true);
    m_harnessTable->sortByColumn(HarnessMutantsModel::Line, Qt::AscendingOrder);
    m_harnessTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_harnessTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_harnessTable->verticalHeader()->hide();
    m_harnessTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_harnessTable->horizontalHeader()->setSectionResizeMode(HarnessMutantsModel::Edit, QHeaderView::Stretch);
    m_harnessTable->setWordWrap(false);
    m_harnessSummary = new QLabel(tr("No harness mutation yet: Analysis ▸ Mutation Campaign…, “Mutate the harness "
                                     "too”. Each mutant of the harness should reject the correct code or kill fewer "
                                     "of its mutants; one that kills as many is a part of the harness that checks "
                                     "nothing the code mutants need."));
    m_harnessSummary->setWordWrap(true);
    auto *harnessPage = new QWidget;
    auto *harnessLayout = new QVBoxLayout(harnessPage);
    harnessLayout->setContentsMargins(0, 0, 0, 0);
    harnessLayout->addWidget(m_harnessSummary);
    harnessLayout->addWidget(m_harnessTable, 1);
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_table, tr("Code mutants"));
    m_tabs->addTab(harnessPage, tr("Harness mutants"));
    auto *split = m_split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tabs);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_explain = new QPushButton(tr("Explain"));
    m_explain->setToolTip(tr("Find a passing execution through the selected mutant that covers as much as the bound "
                             "allows (its witness), and show its output beside the original's"));
    m_explain->setEnabled(false);
    auto *top = new QHBoxLayout;
    top->addWidget(m_progress, 1);
    top->addWidget(m_explain);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    connect(m_explain, &QPushButton::clicked, this, [this] {
        if (int row = selectedRow(); row >= 0)
            emit explainRequested(row);
    });

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (!current.isValid())
            return;
        int row = m_proxy->mapToSource(current).row();
        showDiff(row);
        const MutantStatus st = m_model->row(row).outcome.status;
        m_explain->setEnabled(st == MutantStatus::Survived || st == MutantStatus::Killed || st == MutantStatus::Unknown);
        emit mutantSelected(row);
    });
    connect(m_harnessTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                int row = m_harnessProxy->mapToSource(current).row();
                showHarnessDiff(row);
                m_explain->setEnabled(false);
                emit harnessMutantSelected(row);
            });
    connect(m_harnessTable, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        int row = m_harnessProxy->mapToSource(index).row();
        if (row >= 0 && m_harnessModel->row(row).result.counterexample)
            emit harnessExecutionRequested(row);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int tab) {
        const int row = tab == 0 ? selectedRow() : -1;
        m_explain->setEnabled(row >= 0 && (m_model->row(row).outcome.status == MutantStatus::Survived ||
                                           m_model->row(row).outcome.status == MutantStatus::Killed ||
                                           m_model->row(row).outcome.status == MutantStatus::Unknown));
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        int row = m_proxy->mapToSource(index).row();
        if (row >= 0 && (m_model->row(row).outcome.counterexample || m_model->row(row).replay))
            emit executionRequested(row);
    });
}

void MutantsView::clear() {
    m_model->clear();
    m_harnessModel->clear();
    updateHarnessTab();
    m_survivors->clear();
    m_chartView->hide();
    m_diff->clear();
    m_total = 0;
    m_sizes = 0;
    m_summary.clear();
    updateProgress();
}

void MutantsView::setRunning(bool running, const QString &what) {
    m_running = running ? what : QString();
    updateProgress();
}

void MutantsView::addOutcome(MutantRow row) {
    m_model->setOutcome(std::move(row));
    m_total = std::max(m_total, size_t(m_model->rowCount()));
    updateProgress();
}

void MutantsView::addSize(long size, size_t checked, size_t killed, size_t survivors) {
    Q_UNUSED(checked);
    Q_UNUSED(killed);
    m_survivors->append(double(size), double(survivors));
    m_chartView->show();
    ++m_sizes;
    double lo = m_survivors->at(0).x(), hi = double(size), top = 1;
    for (const QPointF &p : m_survivors->points())
        top = std::max(top, p.y());
    // Integer ticks, one per size, with a size of room on either side.
    m_sizeAxis->setRange(lo - 1, hi + 1);
    m_sizeAxis->setTickCount(int(hi - lo) + 3);
    m_countAxis->setRange(0, top * 1.15 + 0.5);
    updateProgress();
}

void MutantsView::setFinished(const QString &summary) {
    m_running.clear();
    m_summary = summary;
    updateProgress();
}

void MutantsView::setHarnessKills(size_t killed, size_t checked) {
    m_harnessModel->setHarnessKills(killed, checked);
    updateHarnessTab();
}

void MutantsView::addHarnessMutant(HarnessMutantRow row) {
    m_harnessModel->add(std::move(row));
    updateHarnessTab();
}

void MutantsView::selectHarnessMutant(int modelRow) {
    m_tabs->setCurrentIndex(1);
    QModelIndex index = m_harnessProxy->mapFromSource(m_harnessModel->index(modelRow, 0));
    m_harnessTable->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_harnessTable->scrollTo(index);
}

void MutantsView::updateHarnessTab() {
    using O = HarnessMutantResult::Outcome;
    const HarnessMutantsModel *m = m_harnessModel;
    m_tabs->setTabText(1, m->rowCount() ? tr("Harness mutants (%1)").arg(m->rowCount()) : tr("Harness mutants"));
    if (!m->rowCount() && !m->harnessChecked())
        return;
    m_harnessSummary->setText(
        tr("The harness kills <b>%1 of %2</b> code mutants. Its %3 mutants: <b>%4 reject the correct code</b>, "
           "%5 kill fewer, <b>%6 as many</b>, <b>%7 more</b>, %8 invalid, %9 unknown. Those that kill as many or "
           "more changed something the harness does not need to kill a code mutant: look at them.")
            .arg(m->harnessKilled())
            .arg(m->harnessChecked())
            .arg(m->rowCount())
            .arg(m->count(O::RejectsCode))
            .arg(m->count(O::Weaker))
            .arg(m->count(O::Equal))
            .arg(m->count(O::Stronger))
            .arg(m->count(O::Invalid))
            .arg(m->count(O::Unknown)));
}

void MutantsView::showHarnessDiff(int row) {
    const HarnessMutantRow &r = m_harnessModel->row(row);
    const HarnessMutantResult &h = r.result;
    const QString header = QStringLiteral("<b>%1</b> %2 · %3:%4 (the harness)")
                               .arg(QString::fromStdString(h.mutant.id), QString::fromStdString(h.mutant.site.operatorName),
                                    QFileInfo(QString::fromStdString(h.mutant.file)).fileName())
                               .arg(h.mutant.site.line);
    QString status = QStringLiteral("<b>%1</b>: %2").arg(QString::fromLatin1(harnessOutcomeName(h.outcome)),
                                                         QString::fromStdString(h.reason).toHtmlEscaped());
    if (h.counterexample)
        status += tr("<br>Double-click the row to step through the correct code's execution that it rejects.");
    m_diff->setHtml(diffHtml(sourceOf(r.original.get(), h.mutant.file), h.mutant.site, header, status, palette()));
}

QString MutantsView::progressText() const { return m_progress->text(); }

QString MutantsView::diffText() const { return m_diff->toPlainText(); }

void MutantsView::select(int modelRow) {
    QModelIndex index = m_proxy->mapFromSource(m_model->index(modelRow, 0));
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

int MutantsView::selectedRow() const {
    QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

void MutantsView::showWitness(const MutantRow &row, const MutantWitness &w) {
    int r = m_model->rowOf(row.mutant.id);
    if (r >= 0) {
        select(r);
        showDiff(r);
    }
    QString part;
    if (!w.execution) {
        part = tr("<p><b>No witness</b> for %1: %2</p>")
                   .arg(QString::fromStdString(row.mutant.id), QString::fromStdString(w.reason).toHtmlEscaped());
    } else {
        auto lines = [](const std::string &text) { return QString::fromStdString(text).split(QLatin1Char('\n')); };
        const QStringList a = lines(w.execution->output), b = lines(w.original->output);
        const QString differ = tint(QColor(0xe3, 0x9b, 0x1b), palette()).name();
        part = tr("<p><b>Witness</b> for %1: passes the harness through the mutated code,<br>covers %2 of %3 statements "
                  "and branches%4 (%5 s).<br>Its output beside the original's on the same inputs:</p>")
                   .arg(QString::fromStdString(row.mutant.id))
                   .arg(w.covered)
                   .arg(w.coverable)
                   .arg(w.maximal ? tr(", the most within the bound") : QString())
                   .arg(w.seconds, 0, 'f', 1);
        part += QStringLiteral("<table cellspacing=0 cellpadding=2 style=\"font-family:monospace\"><tr><th>mutant</th><th>original</th></tr>");
        for (int i = 0; i < std::max(a.size(), b.size()); ++i) {
            const bool first = i == w.firstDifferentOutputLine;
            const bool same = i < a.size() && i < b.size() && a[i] == b[i];
            part += QStringLiteral("<tr style=\"background:%1\"><td>%2</td><td>%3</td></tr>")
                        .arg(same ? QStringLiteral("transparent") : differ,
                             (first ? QStringLiteral("&#9654; ") : QString()) + (i < a.size() ? a[i].toHtmlEscaped() : QString()),
                             i < b.size() ? b[i].toHtmlEscaped() : QString());
        }
        part += QStringLiteral("</table>");
    }
    // A block of its own below the diff and the status line.
    QTextCursor end(m_diff->document());
    end.movePosition(QTextCursor::End);
    end.insertBlock();
    const int witnessStart = end.position();
    end.insertHtml(part);
    // Room for the outputs: at least half of the view, scrolled to the witness.
    const QList<int> sizes = m_split->sizes();
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    if (sizes.size() == 2 && sizes[1] < sizes[0])
        m_split->setSizes({(sizes[0] + sizes[1]) / 2, (sizes[0] + sizes[1]) / 2});
    QTextCursor at(m_diff->document());
    at.setPosition(witnessStart);
    m_diff->setTextCursor(at);
    m_diff->ensureCursorVisible();
}

void MutantsView::updateProgress() {
    std::map<std::string, size_t> byPhase;
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (m_model->row(r).outcome.status == MutantStatus::Killed)
            ++byPhase[m_model->row(r).outcome.phase];
    QString phases;
    for (auto &[phase, n] : byPhase)
        phases += (phases.isEmpty() ? QString() : QStringLiteral(", ")) + QStringLiteral("%1 %2").arg(QString::fromStdString(phase)).arg(n);
    size_t killed = m_model->count(MutantStatus::Killed), survived = m_model->count(MutantStatus::Survived),
           unknown = m_model->count(MutantStatus::Unknown);
    size_t checked = killed + survived + unknown;
    QString text = tr("%1 mutants: <b>killed %2</b>%3, <b>survived %4</b>, equivalent %5, invalid %6, unknown %7")
                       .arg(m_model->rowCount())
                       .arg(killed)
                       .arg(phases.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(phases))
                       .arg(survived)
                       .arg(m_model->count(MutantStatus::Equivalent))
                       .arg(m_model->count(MutantStatus::Invalid))
                       .arg(unknown);
    if (size_t notReached = m_model->count(MutantStatus::NotReached))
        text += tr(", not reached %1").arg(notReached);
    if (checked)
        text += tr("; kill rate %1%").arg(100.0 * double(killed) / double(checked), 0, 'f', 1);
    if (!m_running.isEmpty())
        text = m_running + QStringLiteral(" — ") + text;
    if (!m_summary.isEmpty())
        text += QStringLiteral("<br>") + m_summary;
    if (m_model->rowCount() == 0 && m_running.isEmpty() && m_summary.isEmpty())
        text = tr("No campaign yet: Analysis ▸ Mutation Campaign…");
    m_progress->setText(text);
}

void MutantsView::showDiff(int row) {
    const MutantRow &r = m_model->row(row);
    const MutationSite &s = r.mutant.site;
    const QString header = QStringLiteral("<b>%1</b> %2 · %3:%4")
                               .arg(QString::fromStdString(r.mutant.id), QString::fromStdString(s.operatorName),
                                    QFileInfo(QString::fromStdString(r.mutant.file)).fileName())
                               .arg(s.line);
    const MutantOutcome &o = r.outcome;
    const QString status =
        QStringLiteral("<b>%1</b>%2%3")
            .arg(QString::fromLatin1(mutantStatusName(o.status)),
                 o.phase.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(o.phase)),
                 o.reason.empty() ? QString() : QStringLiteral(": ") + QString::fromStdString(o.reason).toHtmlEscaped());
    m_diff->setHtml(diffHtml(sourceOf(r.original.get(), r.mutant.file), s, header, status, palette()));
}

} // namespace vcov::views
