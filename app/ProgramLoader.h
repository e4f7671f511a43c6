// Parses programs on a worker thread so that the window stays responsive while Clang
// works; only the newest request's result is delivered.
#pragma once

#include "Cfa.h"
#include "frontend/ProgramInputs.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace vcov::app {

class ProgramLoader : public QObject {
    Q_OBJECT
public:
    explicit ProgramLoader(QObject *parent = nullptr);
    ~ProgramLoader() override;

    void load(const ProgramInputs &inputs);
    bool isLoading() const { return m_loading; }

signals:
    // Always delivered, also for bad input: the program's diagnostics say what went wrong.
    // `resolved`: the inputs with the task, compilation database or CBMC proof read.
    void loaded(std::shared_ptr<const vcov::Program> program, const vcov::ProgramInputs &resolved);

private:
    using Loaded = std::pair<std::shared_ptr<const Program>, ProgramInputs>;
    QFutureWatcher<Loaded> m_watcher;
    ProgramInputs m_inputs;
    int m_generation = 0;
    bool m_loading = false;
};

} // namespace vcov::app
