// Models of the trace view: the steps of one execution (indented by call depth), and the
// variables written so far at the current step, with the ones the step changed marked.
#pragma once

#include "semantics/Execution.h"

#include <QAbstractTableModel>

#include <memory>
#include <set>

namespace vcov::views {

// Steps to single out in a trace: a mutant's edited code (its edges, and every step on the
// edited line, since a deleted statement leaves no edge of its own).
struct TraceMark {
    std::set<EdgeId> edges;
    FileId file = -1;
    unsigned line = 0;
    QString label; // "mutated: a[i] = a[j]; deleted"
    bool empty() const { return edges.empty() && file < 0; }
    bool matches(const Program &p, const ExecutionStep &s) const;
};

class TraceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Index, Line, Step, Assigned, Input, Peer, ColumnCount };

    explicit TraceModel(QObject *parent = nullptr);
    void setExecution(std::shared_ptr<const Program> program, std::shared_ptr<const Execution> execution,
                      TraceMark mark = {});
    std::shared_ptr<const Execution> execution() const { return m_execution; }
    bool isMarked(int step) const;
    // Another tool's values beside the steps (CBMC's for an imported trace): per step, the
    // value it reports ("" for none) and whether it differs from vcov's.
    void setPeer(QString tool, std::vector<QString> values, std::vector<bool> differs);
    bool hasPeer() const { return !m_peerTool.isEmpty(); }
    void setCurrentStep(int step);
    int currentStep() const { return m_current; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Program> m_program;
    std::shared_ptr<const Execution> m_execution;
    TraceMark m_mark;
    int m_current = -1;
    QString m_peerTool;
    std::vector<QString> m_peerValues;
    std::vector<bool> m_peerDiffers;
};

class TraceVariablesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Function, Value, ColumnCount };

    explicit TraceVariablesModel(QObject *parent = nullptr);
    // Replays the writes of steps 0..step: each (function, lvalue) keeps its last value.
    void show(const Program *program, const Execution *execution, int step);
    QString valueOf(const QString &name) const; // the value of a variable shown, "" if none
    bool changedAt(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name, function, value;
        bool changed = false;
    };
    std::vector<Row> m_rows;
};

} // namespace vcov::views
