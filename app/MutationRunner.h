// The engine thread of a mutation campaign: runs it (or a find-size search) on a worker
// thread; each mutant's outcome, each size and the report arrive on the GUI thread as
// values. Stop cancels: the mutants not decided yet end as unknown ("cancelled").
#pragma once

#include "mutation/Campaign.h"
#include "HarnessMutantsModel.h"
#include "MutantsModel.h"

#include <nlohmann/json.hpp>

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace vcov::app {

struct MutationRequest {
    CampaignOptions options;
    std::optional<long> size;      // the campaign at this size (none: no size macro)
    std::optional<long> firstSize; // find-size from here instead
    long maxSize = 0;
    bool mutateHarness = false; // then each harness mutant too (not with find-size)
};

class MutationRunner : public QObject {
    Q_OBJECT
public:
    explicit MutationRunner(QObject *parent = nullptr);
    ~MutationRunner() override;

    void start(MutationRequest request);
    void stop();
    bool isRunning() const { return m_running; }

signals:
    void outcome(const vcov::views::MutantRow &row);
    void sizeDone(long size, size_t checked, size_t killed, size_t survivors);
    // Harness mutation: the harness's own kills once its campaign is done, then each mutant.
    void harnessKills(size_t killed, size_t checked);
    void harnessMutant(const vcov::views::HarnessMutantRow &row);
    // The report (vcov's JSON) and a one-line summary; error: the campaign could not run.
    void finished(std::shared_ptr<const nlohmann::json> report, const QString &summary, const QString &error);

private:
    QFutureWatcher<void> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace vcov::app
