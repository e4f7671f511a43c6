// Analysis ▸ Mutation Campaign: which files are the code under test (the rest is the
// harness), the size or find-size, the bound in S, the operators, the budget per mutant,
// and whether the harness is mutated too (§II.C).
#pragma once

#include "MutationRunner.h"
#include "frontend/ProgramInputs.h"

#include <optional>

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace vcov::app {

class MutationCampaignDialog : public QDialog {
    Q_OBJECT
public:
    // `inputs`: the program's files and flags, as opened.
    // `inputs` resolved: with a CBMC proof, its code under test, bound and checks are the defaults.
    MutationCampaignDialog(const ProgramInputs &inputs, QWidget *parent = nullptr);
    MutationRequest request() const;

private:
    FrontEndOptions m_inputs;
    std::optional<CbmcProof> m_proof;
    QListWidget *m_files;
    QCheckBox *m_useSize, *m_findSize, *m_mutateHarness = nullptr;
    QSpinBox *m_size, *m_maxSize;
    QLineEdit *m_macro, *m_unwind;
    QSpinBox *m_plainUnwind;
    std::vector<QCheckBox *> m_operators;
    QDoubleSpinBox *m_timeout;
};

} // namespace vcov::app
