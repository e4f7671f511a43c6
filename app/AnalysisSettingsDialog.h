// The analysis settings: the abstract domain (explicit values, predicates), traversal order and tie-break, budgets, the execution generation
// (heuristic, solver completion) and the exact check. Kept in QSettings between sessions.
#pragma once

#include "coverage/Coverage.h"
#include "goals/BranchGoals.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace vcov::app {

class AnalysisSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit AnalysisSettingsDialog(QWidget *parent = nullptr);

    void setOptions(const CoverageOptions &options);
    CoverageOptions options() const;

    // The GUI's defaults: a budget that ends on its own in about a minute.
    static CoverageOptions defaults();
    static CoverageOptions load(); // from QSettings, defaults where unset
    static void save(const CoverageOptions &options);

    // Branch goals (Analysis ▸ Run Branch Goals): the bounds, the budget, the cheap phases.
    void setGoalOptions(const GoalOptions &options);
    GoalOptions goalOptions() const;
    static GoalOptions goalDefaults();
    static GoalOptions loadGoals();
    static void saveGoals(const GoalOptions &options);

private:
    QComboBox *m_domain, *m_order;
    QCheckBox *m_tieBreak, *m_heuristic, *m_completion, *m_exact;
    QSpinBox *m_maxNodes, *m_memory, *m_execBudget, *m_exactUnwind;
    QDoubleSpinBox *m_seconds, *m_execSeconds, *m_exactSeconds;
    QSpinBox *m_kStart, *m_kStep, *m_kMax;
    QDoubleSpinBox *m_goalSeconds;
    QCheckBox *m_goalConcrete, *m_goalValueAnalysis, *m_goalPredicateAnalysis, *m_goalInduction, *m_goalInvariants, *m_goalEnumeration;
};

} // namespace vcov::app
