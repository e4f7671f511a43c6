#include "MutationCampaignDialog.h"

#include "frontend/MutationSites.h"

#include <algorithm>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace vcov::app {

MutationCampaignDialog::MutationCampaignDialog(const ProgramInputs &resolved, QWidget *parent)
    : QDialog(parent), m_inputs(resolved.frontEnd), m_proof(resolved.proof) {
    const FrontEndOptions &inputs = resolved.frontEnd;
    setWindowTitle(tr("Mutation Campaign"));
    auto *form = new QFormLayout;
    m_files = new QListWidget;
    for (size_t i = 0; i < inputs.files.size(); ++i) {
        auto *item = new QListWidgetItem(QFileInfo(QString::fromStdString(inputs.files[i])).fileName());
        item->setToolTip(QString::fromStdString(inputs.files[i]));
        item->setData(Qt::UserRole, QString::fromStdString(inputs.files[i]));
        // The first file is the harness (it has main) when there are several; a CBMC proof
        // says which files are the code under test (PROJECT_SOURCES).
        const bool underTest = m_proof ? std::find(m_proof->projectSources.begin(), m_proof->projectSources.end(),
                                                   inputs.files[i]) != m_proof->projectSources.end()
                                       : !(inputs.files.size() > 1 && i == 0);
        item->setCheckState(underTest ? Qt::Checked : Qt::Unchecked);
        m_files->addItem(item);
    }
    m_files->setMaximumHeight(110);
    form->addRow(tr("Code under test\n(mutated; the rest is the harness):"), m_files);

    m_useSize = new QCheckBox(tr("Define"));
    m_macro = new QLineEdit(QStringLiteral("SIZE"));
    m_size = new QSpinBox;
    m_size->setRange(0, 1000);
    m_size->setValue(3);
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_useSize);
    sizeRow->addWidget(m_macro);
    sizeRow->addWidget(new QLabel(QStringLiteral("=")));
    sizeRow->addWidget(m_size);
    form->addRow(tr("Size:"), sizeRow);
    m_findSize = new QCheckBox(tr("Find the mutant-stable size, up to"));
    m_maxSize = new QSpinBox;
    m_maxSize->setRange(1, 1000);
    m_maxSize->setValue(8);
    auto *findRow = new QHBoxLayout;
    findRow->addWidget(m_findSize);
    findRow->addWidget(m_maxSize);
    form->addRow(QString(), findRow);
    m_unwind = new QLineEdit(QStringLiteral("S+1"));
    form->addRow(tr("Bound U(S):"), m_unwind);
    m_plainUnwind = new QSpinBox;
    m_plainUnwind->setRange(1, 10000);
    m_plainUnwind->setValue(m_proof ? int(m_proof->unwind) : 5);
    form->addRow(tr("Bound without a size:"), m_plainUnwind);
    // A program opened with -DSIZE=N gets the size by default, starting from N.
    for (const std::string &d : inputs.defines)
        if (d.rfind("SIZE=", 0) == 0) {
            m_useSize->setChecked(true);
            m_size->setValue(QString::fromStdString(d.substr(5)).toInt());
        }
    auto sync = [this] {
        m_macro->setEnabled(m_useSize->isChecked());
        m_size->setEnabled(m_useSize->isChecked());
        m_findSize->setEnabled(m_useSize->isChecked());
        m_maxSize->setEnabled(m_useSize->isChecked() && m_findSize->isChecked());
        m_unwind->setEnabled(m_useSize->isChecked());
        if (m_mutateHarness)
            m_mutateHarness->setEnabled(!(m_useSize->isChecked() && m_findSize->isChecked()));
        m_plainUnwind->setEnabled(!m_useSize->isChecked());
    };
    connect(m_useSize, &QCheckBox::toggled, this, sync);
    connect(m_findSize, &QCheckBox::toggled, this, sync);
    sync();

    auto *ops = new QHBoxLayout;
    for (const std::string &op : mutationOperators()) {
        auto *box = new QCheckBox(QString::fromStdString(op));
        box->setChecked(true);
        ops->addWidget(box);
        m_operators.push_back(box);
    }
    form->addRow(tr("Operators:"), ops);
    m_timeout = new QDoubleSpinBox;
    m_timeout->setRange(0, 36000);
    m_timeout->setValue(60);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setSpecialValueText(tr("none"));
    form->addRow(tr("Budget per mutant:"), m_timeout);
    m_mutateHarness = new QCheckBox(tr("Mutate the harness too: each harness mutant against the code's mutants"));
    m_mutateHarness->setToolTip(tr("The FDV paper's §II.C (test the tester). Takes a campaign per harness mutant; "
                                   "not with find-size."));
    form->addRow(tr("Harness:"), m_mutateHarness);
    sync();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Start"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    if (m_proof) {
        QString checks = QStringLiteral("assertions");
        for (const std::string &c : m_proof->checks)
            checks += QStringLiteral(", ") + QString::fromStdString(c);
        QString text = tr("CBMC proof %1: checks %2; its unwindset; unwinding assertions %3.")
                           .arg(QString::fromStdString(m_proof->name), checks,
                                m_proof->unwindingAssertions ? tr("on") : tr("off"));
        if (!m_proof->unmodelled.empty()) {
            QStringList flags;
            for (const std::string &f : m_proof->unmodelled)
                flags << QString::fromStdString(f);
            text += QStringLiteral("\n") + tr("Not checked by vcov: %1").arg(flags.join(QLatin1Char(' ')));
        }
        auto *label = new QLabel(text);
        label->setWordWrap(true);
        layout->addWidget(label);
    } else {
        layout->addWidget(new QLabel(tr("Checks: assertions, array bounds, pointers, division by zero; unwinding assertions on.")));
    }
    layout->addWidget(buttons);
}

MutationRequest MutationCampaignDialog::request() const {
    MutationRequest r;
    r.options.program = m_inputs;
    for (int i = 0; i < m_files->count(); ++i)
        if (m_files->item(i)->checkState() == Qt::Checked)
            r.options.mutate.push_back(m_files->item(i)->data(Qt::UserRole).toString().toStdString());
    for (QCheckBox *box : m_operators)
        if (box->isChecked())
            r.options.operators.insert(box->text().toStdString());
    r.options.bmc.properties = {Property::Assertion, Property::ArrayBounds, Property::Pointer, Property::DivisionByZero};
    if (m_proof) {
        // The proof's own checks and loop bounds, as vcov-cli mutate --cbmc-proof takes them.
        r.options.bmc.properties = {Property::Assertion};
        for (const std::string &c : m_proof->checks)
            if (auto p = propertyFromName(c))
                r.options.bmc.properties.insert(*p);
        for (const auto &[loop, k] : m_proof->unwindset)
            r.options.bmc.loopBounds.try_emplace(loop, k);
        r.options.bmc.unwindingAssertions = m_proof->unwindingAssertions;
    }
    r.options.timeoutPerMutant = m_timeout->value();
    r.mutateHarness = m_mutateHarness->isEnabled() && m_mutateHarness->isChecked();
    if (m_useSize->isChecked()) {
        r.options.sizeMacro = m_macro->text().trimmed().toStdString();
        r.options.unwindExpr = m_unwind->text().trimmed().toStdString();
        if (m_findSize->isChecked()) {
            r.firstSize = m_size->value();
            r.maxSize = std::max(m_maxSize->value(), m_size->value());
        } else {
            r.size = m_size->value();
        }
    } else {
        r.options.bmc.unwind = unsigned(m_plainUnwind->value());
    }
    return r;
}

} // namespace vcov::app
