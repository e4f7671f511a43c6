// The trace view: step through a counterexample or a coverage execution — first /
// previous / next / last, steps indented by call depth, the variables written so far with
// the current step's writes marked, and the program's output up to the current step.
// The current step's edge and automaton node go out so that the other views follow.
#pragma once

#include "TraceModel.h"
#include "semantics/Execution.h"

#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTableView;

namespace vcov::views {

class TraceModel;
class TraceVariablesModel;

struct TraceEntry {
    QString title;                             // "counterexample", "execution 3 (solver)"
    std::shared_ptr<const Execution> execution;
    std::vector<int> artNodes;                 // per step: the ART node of the automaton state reached, or -1
    TraceMark mark;                            // steps singled out (a mutant's edit)
    // Another tool's account of the same execution (CBMC's trace): its values per step,
    // which of them differ, and a sentence that sums up the agreement.
    QString peerTool;
    std::vector<QString> peerValues;
    std::vector<bool> peerDiffers;
    QString peerSummary;
};

class TraceView : public QWidget {
    Q_OBJECT
public:
    explicit TraceView(QWidget *parent = nullptr);

    void setTraces(std::shared_ptr<const Program> program, std::vector<TraceEntry> traces);
    size_t traceCount() const { return m_traces.size(); }
    // The program the traces' edges belong to (a mutant's own program for its execution).
    std::shared_ptr<const Program> program() const { return m_program; }
    void showTrace(int index);
    int currentTrace() const { return m_trace; }
    void setStep(int step);
    int step() const { return m_step; }
    int stepCount() const;
    QString outputSoFar() const;

    TraceModel *traceModel() const { return m_model; }
    TraceVariablesModel *variablesModel() const { return m_variables; }
    QList<QAction *> navigationActions() const;

public slots:
    void first();
    void previous();
    void next();
    void last();

signals:
    // The step now shown: its edge and the ART node of the automaton state it reached.
    void stepChanged(vcov::EdgeId edge, int artNode);

private:
    std::shared_ptr<const Program> m_program;
    std::vector<TraceEntry> m_traces;
    int m_trace = -1, m_step = -1;
    TraceModel *m_model;
    TraceVariablesModel *m_variables;
    QComboBox *m_choice;
    QLabel *m_position, *m_ending;
    QTableView *m_steps;
    QPlainTextEdit *m_output;
    QAction *m_first, *m_previous, *m_next, *m_last;
};

} // namespace vcov::views
