#include "OpenDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace vcov::app {

namespace {

QWidget *listWithButtons(QListWidget *list, const QString &addText, std::function<QStringList()> pick) {
    auto *box = new QWidget;
    auto *row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(list, 1);
    auto *buttons = new QVBoxLayout;
    auto *add = new QPushButton(addText);
    auto *remove = new QPushButton(QObject::tr("Remove"));
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    row->addLayout(buttons);
    QObject::connect(add, &QPushButton::clicked, list, [list, pick] {
        for (const QString &s : pick())
            if (list->findItems(s, Qt::MatchExactly).isEmpty())
                list->addItem(s);
    });
    QObject::connect(remove, &QPushButton::clicked, list, [list] { qDeleteAll(list->selectedItems()); });
    list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    return box;
}

} // namespace

OpenDialog::OpenDialog(QWidget *parent)
    : QDialog(parent), m_files(new QListWidget), m_includes(new QListWidget), m_defines(new QLineEdit),
      m_model(new QComboBox), m_entry(new QLineEdit) {
    setWindowTitle(tr("Open C Program"));
    auto *form = new QFormLayout;
    form->addRow(tr("C files:"), listWithButtons(m_files, tr("Add…"), [this] {
                     return QFileDialog::getOpenFileNames(this, tr("Add C Files"), QString(),
                                                          tr("C sources (*.c *.i *.h);;All files (*)"));
                 }));
    form->addRow(tr("Include directories:"), listWithButtons(m_includes, tr("Add…"), [this] {
                     QString d = QFileDialog::getExistingDirectory(this, tr("Add Include Directory"));
                     return d.isEmpty() ? QStringList() : QStringList{d};
                 }));
    m_defines->setPlaceholderText(tr("SIZE=3 DEBUG"));
    form->addRow(tr("Defines:"), m_defines);
    m_model->addItem(tr("LP64 (64-bit long and pointers)"), int(DataModel::LP64));
    m_model->addItem(tr("ILP32 (32-bit)"), int(DataModel::ILP32));
    form->addRow(tr("Data model:"), m_model);
    m_entry->setPlaceholderText(QStringLiteral("main"));
    m_entry->setToolTip(tr("The function the analyses start in, as CBMC's --function (a proof harness); "
                           "its parameters are inputs"));
    form->addRow(tr("Entry function:"), m_entry);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(560, 420);
}

void OpenDialog::setOptions(const FrontEndOptions &o) {
    m_base = o;
    m_entry->setText(o.entry == "main" ? QString() : QString::fromStdString(o.entry));
    m_files->clear();
    for (const auto &f : o.files)
        m_files->addItem(QString::fromStdString(f));
    m_includes->clear();
    for (const auto &d : o.includeDirs)
        m_includes->addItem(QString::fromStdString(d));
    QStringList defs;
    for (const auto &d : o.defines)
        defs << QString::fromStdString(d);
    m_defines->setText(defs.join(QLatin1Char(' ')));
    m_model->setCurrentIndex(o.dataModel.value_or(DataModel::LP64) == DataModel::LP64 ? 0 : 1);
}

FrontEndOptions OpenDialog::options() const {
    FrontEndOptions o;
    o.removeBodies = m_base.removeBodies;
    o.contents = m_base.contents;
    o.maxAllocation = m_base.maxAllocation;
    o.mallocMayFail = m_base.mallocMayFail;
    o.builtinAssertions = m_base.builtinAssertions;
    const QString entry = m_entry->text().trimmed();
    o.entry = entry.isEmpty() ? std::string("main") : entry.toStdString();
    for (int i = 0; i < m_files->count(); ++i)
        o.files.push_back(m_files->item(i)->text().toStdString());
    for (int i = 0; i < m_includes->count(); ++i)
        o.includeDirs.push_back(m_includes->item(i)->text().toStdString());
    for (const QString &d : m_defines->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        o.defines.push_back((d.startsWith(QLatin1String("-D")) ? d.mid(2) : d).toStdString());
    o.dataModel = DataModel(m_model->currentData().toInt());
    return o;
}

} // namespace vcov::app
