// The examples bundled in the application (File ▸ Open Example, vcov --example NAME): each
// is a set of files, the flags to open them with, and what runs once they are shown: the
// coverage analysis, or a mutation campaign whose survivors are explained in one click.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vcov::app {

struct BundledExample {
    QString name;        // "coverage", "mutation"
    QString title;       // the menu entry
    QStringList files;   // opened in this order (the harness first)
    QStringList headers; // copied beside them, not opened
    QStringList defines;
    QString mutate;              // a mutation campaign on this file once shown, else coverage
    std::optional<long> size;    // its size (the SIZE macro)
    QString explain;             // the survivor the campaign selects (its operator and line), e.g. "del_stmt:14"
};

const std::vector<BundledExample> &bundledExamples();
const BundledExample *bundledExample(const QString &name);

// Writes the example's files (compiled into the application) into the user's data
// directory and returns that directory; a file the user has changed there is kept as it
// is. Empty with a message when it cannot be written.
QString materializeExample(const BundledExample &example, QString *error = nullptr);

} // namespace vcov::app
