#include "TraceView.h"

#include "TraceModel.h"

#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace vcov::views {

TraceView::TraceView(QWidget *parent)
    : QWidget(parent), m_model(new TraceModel(this)), m_variables(new TraceVariablesModel(this)), m_choice(new QComboBox),
      m_position(new QLabel), m_ending(new QLabel), m_steps(new QTableView), m_output(new QPlainTextEdit) {
    auto *bar = new QToolBar;
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_choice->setObjectName(QStringLiteral("traceChoice"));
    bar->addWidget(m_choice);
    bar->addSeparator();
    // Alt+arrows: the source view keeps the plain arrows and Home/End.
    m_first = bar->addAction(QIcon::fromTheme(QStringLiteral("go-first")), tr("First Step"), this, &TraceView::first);
    m_first->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    m_previous = bar->addAction(QIcon::fromTheme(QStringLiteral("go-previous")), tr("Previous Step"), this, &TraceView::previous);
    m_previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_next = bar->addAction(QIcon::fromTheme(QStringLiteral("go-next")), tr("Next Step"), this, &TraceView::next);
    m_next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_last = bar->addAction(QIcon::fromTheme(QStringLiteral("go-last")), tr("Last Step"), this, &TraceView::last);
    m_last->setShortcut(QKeySequence(Qt::ALT | Qt::Key_End));
    bar->addSeparator();
    bar->addWidget(m_position);

    m_steps->setModel(m_model);
    m_steps->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_steps->setSelectionMode(QAbstractItemView::SingleSelection);
    m_steps->verticalHeader()->hide();
    m_steps->verticalHeader()->setDefaultSectionSize(m_steps->fontMetrics().height() + 4);
    m_steps->horizontalHeader()->setStretchLastSection(true);
    // Column widths from the rows on screen: measuring a long execution's thousand rows stalls the GUI.
    m_steps->horizontalHeader()->setResizeContentsPrecision(0);
    m_steps->setObjectName(QStringLiteral("traceSteps"));
    connect(m_steps, &QTableView::clicked, this, [this](const QModelIndex &i) { setStep(i.row()); });

    auto *vars = new QTableView;
    vars->setModel(m_variables);
    vars->verticalHeader()->hide();
    vars->horizontalHeader()->setStretchLastSection(true);
    vars->verticalHeader()->setDefaultSectionSize(vars->fontMetrics().height() + 4);
    m_output->setReadOnly(true);
    m_output->setPlaceholderText(tr("Program output up to this step"));
    m_output->setFont(QFont(QStringLiteral("DejaVu Sans Mono")));
    m_ending->setWordWrap(true);

    auto *right = new QSplitter(Qt::Vertical);
    right->addWidget(vars);
    right->addWidget(m_output);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_steps);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(bar);
    layout->addWidget(split, 1);
    layout->addWidget(m_ending);
    connect(m_choice, &QComboBox::activated, this, &TraceView::showTrace);
    setTraces(nullptr, {});
}

void TraceView::setTraces(std::shared_ptr<const Program> program, std::vector<TraceEntry> traces) {
    m_program = std::move(program);
    m_traces = std::move(traces);
    m_choice->clear();
    for (const TraceEntry &t : m_traces)
        m_choice->addItem(t.title);
    m_trace = -1;
    m_step = -1;
    if (!m_traces.empty()) {
        showTrace(0);
    } else {
        m_model->setExecution(nullptr, nullptr);
        m_variables->show(nullptr, nullptr, -1);
        m_output->clear();
        m_position->setText(tr("No execution"));
        m_ending->clear();
    }
    for (QAction *a : navigationActions())
        a->setEnabled(!m_traces.empty());
}

void TraceView::showTrace(int index) {
    if (index < 0 || size_t(index) >= m_traces.size())
        return;
    m_trace = index;
    m_choice->setCurrentIndex(index);
    const TraceEntry &t = m_traces[size_t(index)];
    m_model->setExecution(m_program, t.execution, t.mark);
    if (!t.peerTool.isEmpty())
        m_model->setPeer(t.peerTool, t.peerValues, t.peerDiffers);
    m_steps->setColumnHidden(TraceModel::Peer, t.peerTool.isEmpty());
    // With another tool's values, vcov's writes and the tool's stand side by side before
    // the step text, where a narrow dock still shows them.
    QHeaderView *header = m_steps->horizontalHeader();
    const int peerAt = t.peerTool.isEmpty() ? TraceModel::Peer : TraceModel::Line + 2;
    header->moveSection(header->visualIndex(TraceModel::Assigned), t.peerTool.isEmpty() ? TraceModel::Assigned : TraceModel::Line + 1);
    header->moveSection(header->visualIndex(TraceModel::Peer), peerAt);
    m_ending->setText(tr("Inputs: %1 — ends: %2")
                          .arg([&] {
                              QStringList in;
                              for (const std::string &v : inputTexts(*t.execution))
                                  in << QString::fromStdString(v);
                              return in.isEmpty() ? tr("none") : in.join(QStringLiteral(", "));
                          }())
                          .arg(QString::fromStdString(describeEnding(*m_program, t.execution->ending))) +
                      (t.mark.empty() ? QString() : tr(" — ◆ %1").arg(t.mark.label)) +
                      (t.peerSummary.isEmpty() ? QString() : QStringLiteral("\n") + t.peerSummary));
    m_steps->resizeColumnsToContents();
    // Rows below the fold are not measured: room for a long line number and the mark.
    m_steps->setColumnWidth(TraceModel::Line, std::max(m_steps->columnWidth(TraceModel::Line),
                                                       m_steps->fontMetrics().horizontalAdvance(QStringLiteral("9999 ◆")) + 12));
    m_step = -1;
    setStep(0);
}

int TraceView::stepCount() const {
    return m_trace >= 0 ? int(m_traces[size_t(m_trace)].execution->steps.size()) : 0;
}

void TraceView::setStep(int step) {
    if (m_trace < 0 || stepCount() == 0)
        return;
    step = std::clamp(step, 0, stepCount() - 1);
    const TraceEntry &t = m_traces[size_t(m_trace)];
    m_step = step;
    m_model->setCurrentStep(step);
    m_steps->selectRow(step);
    m_steps->scrollTo(m_model->index(step, 0));
    m_variables->show(m_program.get(), t.execution.get(), step);
    m_output->setPlainText(outputSoFar());
    m_output->moveCursor(QTextCursor::End);
    m_position->setText(tr("step %1 of %2").arg(step + 1).arg(stepCount()));
    const ExecutionStep &s = t.execution->steps[size_t(step)];
    emit stepChanged(s.edge, size_t(step) < t.artNodes.size() ? t.artNodes[size_t(step)] : -1);
}

QString TraceView::outputSoFar() const {
    if (m_trace < 0 || m_step < 0)
        return {};
    std::string out;
    const Execution &e = *m_traces[size_t(m_trace)].execution;
    for (int i = 0; i <= m_step; ++i)
        out += e.steps[size_t(i)].printed;
    return QString::fromStdString(out);
}

QList<QAction *> TraceView::navigationActions() const { return {m_first, m_previous, m_next, m_last}; }

void TraceView::first() { setStep(0); }
void TraceView::previous() { setStep(m_step - 1); }
void TraceView::next() { setStep(m_step + 1); }
void TraceView::last() { setStep(stepCount() - 1); }

} // namespace vcov::views
