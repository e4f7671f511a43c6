// "Open with options": the program's files, include paths, defines, data model and entry
// function (CBMC's --function).
#pragma once

#include "frontend/FrontEnd.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QListWidget;

namespace vcov::app {

class OpenDialog : public QDialog {
    Q_OBJECT
public:
    explicit OpenDialog(QWidget *parent = nullptr);
    void setOptions(const FrontEndOptions &options);
    FrontEndOptions options() const;

private:
    QListWidget *m_files;
    QListWidget *m_includes;
    QLineEdit *m_defines;
    QComboBox *m_model;
    QLineEdit *m_entry;
    FrontEndOptions m_base; // what the dialog does not show (texts in memory, removed bodies) stays
};

} // namespace vcov::app
