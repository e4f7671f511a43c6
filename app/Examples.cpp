#include "Examples.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace vcov::app {

const std::vector<BundledExample> &bundledExamples() {
    static const std::vector<BundledExample> examples = {
        {QStringLiteral("coverage"), QObject::tr("Verification coverage: a loop, a helper, an unreachable branch"),
         {QStringLiteral("example.c")}, {}, {}, {}, std::nullopt, {}},
        {QStringLiteral("mutation"),
         QObject::tr("Mutant witness: insertion sort and a harness that only checks the order"),
         {QStringLiteral("mutation/harness.c"), QStringLiteral("mutation/sort.c")}, {QStringLiteral("mutation/sort.h")},
         {QStringLiteral("SIZE=3")}, QStringLiteral("mutation/sort.c"), 3, QStringLiteral("del_stmt:14")},
    };
    return examples;
}

const BundledExample *bundledExample(const QString &name) {
    for (const auto &e : bundledExamples())
        if (e.name == name)
            return &e;
    return nullptr;
}

QString materializeExample(const BundledExample &example, QString *error) {
    const QString root = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/examples");
    for (const QString &name : example.files + example.headers) {
        QFile bundled(QStringLiteral(":/examples/") + name);
        if (!bundled.open(QIODevice::ReadOnly)) {
            if (error)
                *error = QObject::tr("the example file %1 is missing from the application").arg(name);
            return {};
        }
        const QByteArray content = bundled.readAll();
        const QString path = root + QLatin1Char('/') + name;
        if (QFile::exists(path))
            continue; // the user's copy, perhaps edited: kept
        QSaveFile out(path);
        if (!QDir().mkpath(QFileInfo(path).absolutePath()) || !out.open(QIODevice::WriteOnly) ||
            out.write(content) != content.size() || !out.commit()) {
            if (error)
                *error = QObject::tr("cannot write %1: %2").arg(path, out.errorString());
            return {};
        }
    }
    return root;
}

} // namespace vcov::app
