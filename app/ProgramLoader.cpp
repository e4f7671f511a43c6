#include "ProgramLoader.h"

#include "BackgroundTask.h"

#include <QVariant>

namespace vcov::app {

ProgramLoader::ProgramLoader(QObject *parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<Loaded>::finished, this, [this] {
        if (m_watcher.property("generation").toInt() != m_generation)
            return;
        m_loading = false;
        const Loaded result = m_watcher.result();
        emit loaded(result.first, result.second);
    });
}

ProgramLoader::~ProgramLoader() { m_watcher.waitForFinished(); }

void ProgramLoader::load(const ProgramInputs &inputs) {
    m_watcher.waitForFinished();
    ++m_generation;
    m_loading = true;
    m_inputs = inputs;
    m_watcher.setProperty("generation", m_generation);
    m_watcher.setFuture(runInBackground([inputs]() -> Loaded {
        ProgramInputs resolved = inputs;
        Diagnostics inputDiagnostics;
        if (!resolveProgramInputs(resolved, inputDiagnostics)) {
            auto p = std::make_shared<Program>();
            for (const auto &d : inputDiagnostics.items())
                p->diagnostics.add(d);
            return {p, resolved};
        }
        std::shared_ptr<Program> p = parseProgram(resolved.frontEnd);
        for (const auto &d : inputDiagnostics.items())
            p->diagnostics.add(d);
        return {p, resolved};
    }));
}

} // namespace vcov::app
