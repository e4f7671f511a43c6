// The mutants of a campaign as a table (Stryker's report, Mull's list): id, operator,
// place, the edit, status, the check that decided it, time. Rows arrive one by one while
// the campaign runs; a find-size search updates a mutant's row at each size.
#pragma once

#include "mutation/Campaign.h"

#include <QAbstractTableModel>

#include <map>
#include <memory>

namespace vcov::views {

struct MutantRow {
    Mutant mutant;
    MutantOutcome outcome;
    std::shared_ptr<const Program> original; // the campaign's program: the unmutated source
    // From a session: the inputs of the execution that killed it, replayed when asked for.
    std::optional<ExecutionInput> replay;
    // What the counterexample's edges refer to: the original for a variant, else the
    // mutant's own program.
    std::shared_ptr<const Program> program() const {
        return mutant.program ? mutant.program : original;
    }
};

class MutantsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Operator, Line, Edit, Status, Phase, Size, Seconds, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit MutantsModel(QObject *parent = nullptr);
    void clear();
    // Adds the mutant, or replaces the row of the mutant with its id.
    void setOutcome(MutantRow row);
    const MutantRow &row(int r) const { return m_rows[size_t(r)]; }
    int rowOf(const std::string &id) const;
    size_t count(MutantStatus s) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The colour of a status, as the table and the report show it.
    static QColor statusHue(MutantStatus s);

private:
    std::vector<MutantRow> m_rows;
    std::map<std::string, int> m_byId;
};

} // namespace vcov::views
