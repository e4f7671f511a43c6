#include "AnalysisSettingsDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace vcov::app {

namespace {
constexpr TraversalOrder Orders[] = {TraversalOrder::Bfs, TraversalOrder::Dfs, TraversalOrder::ReversePostorder,
                                     TraversalOrder::Postorder};
}

AnalysisSettingsDialog::AnalysisSettingsDialog(QWidget *parent)
    : QDialog(parent), m_domain(new QComboBox), m_order(new QComboBox), m_tieBreak(new QCheckBox(tr("Break ties by the Reach score"))),
      m_heuristic(new QCheckBox(tr("Reach heuristic guides the execution generator"))),
      m_completion(new QCheckBox(tr("Solver completion (Algorithm 1's query for lines still uncovered)"))),
      m_exact(new QCheckBox(tr("Exact check: prove the remaining lines unreachable or cover them"))),
      m_maxNodes(new QSpinBox), m_memory(new QSpinBox), m_execBudget(new QSpinBox), m_exactUnwind(new QSpinBox),
      m_seconds(new QDoubleSpinBox), m_execSeconds(new QDoubleSpinBox), m_exactSeconds(new QDoubleSpinBox),
      m_kStart(new QSpinBox), m_kStep(new QSpinBox), m_kMax(new QSpinBox), m_goalSeconds(new QDoubleSpinBox),
      m_goalConcrete(new QCheckBox(tr("Executions on boundary and random inputs first"))),
      m_goalValueAnalysis(new QCheckBox(tr("Value analysis: a goal it never enters, once it finishes, is unreachable"))),
      m_goalPredicateAnalysis(
          new QCheckBox(tr("Predicate analysis (CEGAR towards the goals left): a goal it never enters is unreachable"))),
      m_goalInduction(new QCheckBox(tr("k-induction: the inductive step proves goals unreachable"))),
      m_goalInvariants(new QCheckBox(tr("Auxiliary invariants: strengthen the step with what Houdini proves at loop heads"))),
      m_goalEnumeration(new QCheckBox(tr("Every input: where inputs are few and drawn before the first loop, a run per input"))) {
    setWindowTitle(tr("Analysis Settings"));
    m_domain->addItem(tr("Explicit values"), int(AnalysisDomain::Value));
    m_domain->addItem(tr("Predicate abstraction (lazy, CEGAR)"), int(AnalysisDomain::Predicate));
    m_domain->setToolTip(tr("Explicit values know the values of variables; predicate abstraction knows which of "
                            "its predicates hold and learns new ones from spurious paths to errors"));
    m_order->addItem(tr("Breadth first"));
    m_order->addItem(tr("Depth first"));
    m_order->addItem(tr("CFA reverse postorder"));
    m_order->addItem(tr("CFA postorder"));
    m_maxNodes->setRange(0, 100'000'000);
    m_maxNodes->setSingleStep(10'000);
    m_maxNodes->setSpecialValueText(tr("no limit"));
    m_seconds->setRange(0, 86'400);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setSpecialValueText(tr("no limit"));
    m_memory->setRange(0, 1'000'000);
    m_memory->setSuffix(tr(" MB"));
    m_memory->setSpecialValueText(tr("no limit"));
    m_execBudget->setRange(1, 100'000);
    m_execSeconds->setRange(0.1, 86'400);
    m_execSeconds->setSuffix(tr(" s"));
    m_exactSeconds->setRange(0.1, 86'400);
    m_exactSeconds->setSuffix(tr(" s"));
    m_exactUnwind->setRange(2, 4096);
    m_kStart->setRange(1, 100'000);
    m_kStep->setRange(0, 100'000);
    m_kStep->setSpecialValueText(tr("double k"));
    m_kMax->setRange(1, 100'000);
    m_goalSeconds->setRange(0, 86'400);
    m_goalSeconds->setSuffix(tr(" s"));
    m_goalSeconds->setSpecialValueText(tr("no limit"));

    auto *analysis = new QGroupBox(tr("Analysis (ART)"));
    auto *af = new QFormLayout(analysis);
    af->addRow(tr("Abstract domain:"), m_domain);
    af->addRow(tr("Traversal order:"), m_order);
    af->addRow(QString(), m_tieBreak);
    af->addRow(tr("ART nodes:"), m_maxNodes);
    af->addRow(tr("Time:"), m_seconds);
    af->addRow(tr("Memory:"), m_memory);
    auto *gen = new QGroupBox(tr("Coverage measurement"));
    auto *gf = new QFormLayout(gen);
    gf->addRow(tr("Executions that add coverage:"), m_execBudget);
    gf->addRow(tr("Time for executions:"), m_execSeconds);
    gf->addRow(QString(), m_heuristic);
    gf->addRow(QString(), m_completion);
    gf->addRow(QString(), m_exact);
    gf->addRow(tr("Exact check time:"), m_exactSeconds);
    gf->addRow(tr("Exact check bound up to:"), m_exactUnwind);
    auto *goals = new QGroupBox(tr("Branch goals (k-induction)"));
    auto *kf = new QFormLayout(goals);
    kf->addRow(tr("First bound k:"), m_kStart);
    kf->addRow(tr("Step of k:"), m_kStep);
    kf->addRow(tr("Last bound k:"), m_kMax);
    kf->addRow(tr("Time:"), m_goalSeconds);
    kf->addRow(QString(), m_goalConcrete);
    kf->addRow(QString(), m_goalValueAnalysis);
    kf->addRow(QString(), m_goalPredicateAnalysis);
    kf->addRow(QString(), m_goalInduction);
    kf->addRow(QString(), m_goalInvariants);
    kf->addRow(QString(), m_goalEnumeration);
    // Invariants only strengthen the inductive step.
    connect(m_goalInduction, &QCheckBox::toggled, m_goalInvariants, &QWidget::setEnabled);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] {
                setOptions(defaults());
                setGoalOptions(goalDefaults());
            });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(analysis);
    layout->addWidget(gen);
    layout->addWidget(goals);
    layout->addWidget(buttons);
    setOptions(defaults());
    setGoalOptions(goalDefaults());
}

void AnalysisSettingsDialog::setOptions(const CoverageOptions &o) {
    m_domain->setCurrentIndex(std::max(0, m_domain->findData(int(o.analysis.domain))));
    for (int i = 0; i < 4; ++i)
        if (Orders[i] == o.analysis.order)
            m_order->setCurrentIndex(i);
    m_tieBreak->setChecked(o.analysis.scoreTieBreak);
    m_maxNodes->setValue(int(std::min<size_t>(o.analysis.budget.maxNodes, 100'000'000)));
    m_seconds->setValue(o.analysis.budget.maxSeconds);
    m_memory->setValue(int(o.analysis.budget.maxMemoryMb));
    m_execBudget->setValue(int(o.execBudget));
    m_execSeconds->setValue(o.execSeconds);
    m_heuristic->setChecked(o.heuristic);
    m_completion->setChecked(o.solverCompletion);
    m_exact->setChecked(o.exact);
    m_exactSeconds->setValue(o.exactSeconds);
    m_exactUnwind->setValue(int(o.exactMaxUnwind));
}

CoverageOptions AnalysisSettingsDialog::options() const {
    CoverageOptions o = defaults();
    o.analysis.domain = AnalysisDomain(m_domain->currentData().toInt());
    o.analysis.order = Orders[std::clamp(m_order->currentIndex(), 0, 3)];
    o.analysis.scoreTieBreak = m_tieBreak->isChecked();
    o.analysis.budget.maxNodes = size_t(m_maxNodes->value());
    o.analysis.budget.maxSeconds = m_seconds->value();
    o.analysis.budget.maxMemoryMb = size_t(m_memory->value());
    o.execBudget = size_t(m_execBudget->value());
    o.execSeconds = m_execSeconds->value();
    o.heuristic = m_heuristic->isChecked();
    o.solverCompletion = m_completion->isChecked();
    o.exact = m_exact->isChecked();
    o.exactSeconds = m_exactSeconds->value();
    o.exactMaxUnwind = unsigned(m_exactUnwind->value());
    return o;
}

CoverageOptions AnalysisSettingsDialog::defaults() {
    CoverageOptions o;
    o.analysis.budget.maxNodes = 100'000;
    o.analysis.budget.maxSeconds = 60;
    return o;
}

CoverageOptions AnalysisSettingsDialog::load() {
    QSettings s;
    CoverageOptions o = defaults();
    s.beginGroup(QStringLiteral("analysis"));
    if (auto domain = analysisDomainFromName(s.value(QStringLiteral("domain")).toString().toStdString()))
        o.analysis.domain = *domain;
    if (auto order = traversalOrderFromName(s.value(QStringLiteral("order")).toString().toStdString()))
        o.analysis.order = *order;
    o.analysis.scoreTieBreak = s.value(QStringLiteral("tieBreak"), o.analysis.scoreTieBreak).toBool();
    o.analysis.budget.maxNodes = s.value(QStringLiteral("maxNodes"), qulonglong(o.analysis.budget.maxNodes)).toULongLong();
    o.analysis.budget.maxSeconds = s.value(QStringLiteral("maxSeconds"), o.analysis.budget.maxSeconds).toDouble();
    o.analysis.budget.maxMemoryMb = s.value(QStringLiteral("maxMemoryMb"), qulonglong(o.analysis.budget.maxMemoryMb)).toULongLong();
    o.execBudget = s.value(QStringLiteral("execBudget"), qulonglong(o.execBudget)).toULongLong();
    o.execSeconds = s.value(QStringLiteral("execSeconds"), o.execSeconds).toDouble();
    o.heuristic = s.value(QStringLiteral("heuristic"), o.heuristic).toBool();
    o.solverCompletion = s.value(QStringLiteral("solverCompletion"), o.solverCompletion).toBool();
    o.exact = s.value(QStringLiteral("exact"), o.exact).toBool();
    o.exactSeconds = s.value(QStringLiteral("exactSeconds"), o.exactSeconds).toDouble();
    o.exactMaxUnwind = s.value(QStringLiteral("exactMaxUnwind"), o.exactMaxUnwind).toUInt();
    return o;
}

void AnalysisSettingsDialog::save(const CoverageOptions &o) {
    QSettings s;
    s.beginGroup(QStringLiteral("analysis"));
    s.setValue(QStringLiteral("domain"), QString::fromLatin1(analysisDomainName(o.analysis.domain)));
    s.setValue(QStringLiteral("order"), QString::fromLatin1(traversalOrderName(o.analysis.order)));
    s.setValue(QStringLiteral("tieBreak"), o.analysis.scoreTieBreak);
    s.setValue(QStringLiteral("maxNodes"), qulonglong(o.analysis.budget.maxNodes));
    s.setValue(QStringLiteral("maxSeconds"), o.analysis.budget.maxSeconds);
    s.setValue(QStringLiteral("maxMemoryMb"), qulonglong(o.analysis.budget.maxMemoryMb));
    s.setValue(QStringLiteral("execBudget"), qulonglong(o.execBudget));
    s.setValue(QStringLiteral("execSeconds"), o.execSeconds);
    s.setValue(QStringLiteral("heuristic"), o.heuristic);
    s.setValue(QStringLiteral("solverCompletion"), o.solverCompletion);
    s.setValue(QStringLiteral("exact"), o.exact);
    s.setValue(QStringLiteral("exactSeconds"), o.exactSeconds);
    s.setValue(QStringLiteral("exactMaxUnwind"), o.exactMaxUnwind);
}

void AnalysisSettingsDialog::setGoalOptions(const GoalOptions &o) {
    m_kStart->setValue(int(o.kStart));
    m_kStep->setValue(int(o.kStep));
    m_kMax->setValue(int(o.kMax));
    m_goalSeconds->setValue(o.timeSeconds);
    m_goalConcrete->setChecked(o.concrete);
    m_goalValueAnalysis->setChecked(o.valueAnalysis);
    m_goalPredicateAnalysis->setChecked(o.predicateAnalysis);
    m_goalInduction->setChecked(o.induction);
    m_goalInvariants->setChecked(o.invariants);
    m_goalInvariants->setEnabled(o.induction);
    m_goalEnumeration->setChecked(o.enumeration);
}

GoalOptions AnalysisSettingsDialog::goalOptions() const {
    GoalOptions o = goalDefaults();
    o.kStart = unsigned(m_kStart->value());
    o.kStep = unsigned(m_kStep->value());
    o.kMax = unsigned(std::max(m_kMax->value(), m_kStart->value()));
    o.timeSeconds = m_goalSeconds->value();
    o.concrete = m_goalConcrete->isChecked();
    o.valueAnalysis = m_goalValueAnalysis->isChecked();
    o.predicateAnalysis = m_goalPredicateAnalysis->isChecked();
    o.induction = m_goalInduction->isChecked();
    o.invariants = m_goalInvariants->isChecked();
    o.enumeration = m_goalEnumeration->isChecked();
    return o;
}

GoalOptions AnalysisSettingsDialog::goalDefaults() { return GoalOptions{}; }

GoalOptions AnalysisSettingsDialog::loadGoals() {
    QSettings s;
    GoalOptions o = goalDefaults();
    s.beginGroup(QStringLiteral("goals"));
    o.kStart = s.value(QStringLiteral("kStart"), o.kStart).toUInt();
    o.kStep = s.value(QStringLiteral("kStep"), o.kStep).toUInt();
    o.kMax = s.value(QStringLiteral("kMax"), o.kMax).toUInt();
    o.timeSeconds = s.value(QStringLiteral("seconds"), o.timeSeconds).toDouble();
    o.concrete = s.value(QStringLiteral("concrete"), o.concrete).toBool();
    o.valueAnalysis = s.value(QStringLiteral("valueAnalysis"), o.valueAnalysis).toBool();
    o.predicateAnalysis = s.value(QStringLiteral("predicateAnalysis"), o.predicateAnalysis).toBool();
    o.induction = s.value(QStringLiteral("induction"), o.induction).toBool();
    o.invariants = s.value(QStringLiteral("invariants"), o.invariants).toBool();
    o.enumeration = s.value(QStringLiteral("enumeration"), o.enumeration).toBool();
    return o;
}

void AnalysisSettingsDialog::saveGoals(const GoalOptions &o) {
    QSettings s;
    s.beginGroup(QStringLiteral("goals"));
    s.setValue(QStringLiteral("kStart"), o.kStart);
    s.setValue(QStringLiteral("kStep"), o.kStep);
    s.setValue(QStringLiteral("kMax"), o.kMax);
    s.setValue(QStringLiteral("seconds"), o.timeSeconds);
    s.setValue(QStringLiteral("concrete"), o.concrete);
    s.setValue(QStringLiteral("valueAnalysis"), o.valueAnalysis);
    s.setValue(QStringLiteral("predicateAnalysis"), o.predicateAnalysis);
    s.setValue(QStringLiteral("induction"), o.induction);
    s.setValue(QStringLiteral("invariants"), o.invariants);
    s.setValue(QStringLiteral("enumeration"), o.enumeration);
}

} // namespace vcov::app
