// The harness's own mutants (the FDV paper, §II.C: test the tester) as a table: each one
// either rejects the correct code (a failing execution of the original code) or kills
// fewer, as many or more of the code's mutants than the harness. Those that kill as many
// or more are the interesting ones: the harness does not depend on what they changed.
#pragma once

#include "mutation/HarnessMutation.h"

#include <QAbstractTableModel>

#include <memory>

namespace vcov::views {

struct HarnessMutantRow {
    HarnessMutantResult result;
    std::shared_ptr<const Program> original; // the campaign's program: the unmutated harness
};

class HarnessMutantsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Id, Operator, Line, Edit, Result, Kills, Seconds, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit HarnessMutantsModel(QObject *parent = nullptr);
    void clear();
    // Adds the harness mutant, or replaces the row of the one with its id.
    void add(HarnessMutantRow row);
    const HarnessMutantRow &row(int r) const { return m_rows[size_t(r)]; }
    size_t count(HarnessMutantResult::Outcome o) const;
    // The code mutants the unmutated harness kills: the bar each harness mutant is held to.
    void setHarnessKills(size_t killed, size_t checked);
    size_t harnessKilled() const { return m_harnessKilled; }
    size_t harnessChecked() const { return m_harnessChecked; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QColor outcomeHue(HarnessMutantResult::Outcome o);

private:
    std::vector<HarnessMutantRow> m_rows;
    size_t m_harnessKilled = 0, m_harnessChecked = 0;
};

} // namespace vcov::views
