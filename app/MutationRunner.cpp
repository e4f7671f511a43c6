#include "MutationRunner.h"

#include "formats/GoalsJson.h"
#include "formats/MutationJson.h"
#include "goals/Vacuity.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace vcov::app {

MutationRunner::MutationRunner(QObject *parent) : QObject(parent) {
    qRegisterMetaType<vcov::views::MutantRow>();
    qRegisterMetaType<vcov::views::HarnessMutantRow>();
    qRegisterMetaType<size_t>("size_t");
    qRegisterMetaType<std::shared_ptr<const nlohmann::json>>();
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] { m_running = false; });
}

MutationRunner::~MutationRunner() {
    stop();
    m_watcher.waitForFinished();
}

void MutationRunner::start(MutationRequest request) {
    if (m_running)
        return;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    request.options.cancel = cancel.get();
    QPointer<MutationRunner> self(this);
    m_watcher.setFuture(QtConcurrent::run([self, request, cancel]() {
        // Outcomes cross to the GUI thread as values; the runner may be gone by then.
        auto post = [self](auto fn) { QMetaObject::invokeMethod(self.data(), fn, Qt::QueuedConnection); };
        OutcomeCallback onOutcome = [&](const Mutant &m, const MutantOutcome &o) {
            views::MutantRow row{m, o, nullptr, {}};
            post([self, row]() mutable {
                if (self)
                    emit self->outcome(row);
            });
        };
        SizeSearch search;
        std::optional<HarnessMutation> harness;
        if (request.mutateHarness && !request.firstSize) {
            harness = mutateHarness(request.options, request.size, [&](const HarnessMutantResult &r) {
                // Without the harness's program yet: the row comes again with it at the end.
                views::HarnessMutantRow row{r, nullptr};
                post([self, row] {
                    if (self)
                        emit self->harnessMutant(row);
                });
            }, onOutcome);
            search.runs.push_back(harness->original);
            if (search.runs.back().error.empty())
                search.runs.back().error = harness->error;
        } else if (request.firstSize) {
            search = findStableSize(request.options, *request.firstSize, request.maxSize, [&](const CampaignRun &run) {
                size_t checked = run.mutants.size(), killed = run.count(MutantStatus::Killed),
                       survivors = run.count(MutantStatus::Survived);
                long size = run.size.value_or(0);
                post([self, size, checked, killed, survivors] {
                    if (self)
                        emit self->sizeDone(size, checked, killed, survivors);
                });
            }, onOutcome);
        } else {
            search.runs.push_back(runCampaign(request.options, request.size, onOutcome));
        }
        // The rows again, now with the program their counterexamples refer to.
        std::vector<views::MutantRow> rows;
        for (const CampaignRun &run : search.runs)
            for (size_t i = 0; i < run.mutants.size(); ++i)
                rows.push_back({run.mutants[i], run.outcomes[i], run.program, {}});
        const CampaignRun &last = search.runs.back();
        QString error = QString::fromStdString(last.mutants.empty() ? last.error : std::string());
        if (error.isEmpty() && !last.error.empty())
            error = QString::fromStdString(last.error);
        nlohmann::json json = campaignToJson(search);
        json["campaign"] = campaignSettingsToJson(request.options);
        if (harness)
            json["harness_mutation"] = harnessMutationToJson(*harness);
        // The harness's assertions on the original code: a harness whose assertions nothing
        // reaches kills nothing, whatever the kill rate says (as vcov-cli mutate says too).
        std::string vacuous;
        if (last.program && last.original == Verdict::Safe && !cancel->load()) {
            const VacuityReport v =
                decideHarnessVacuity(*last.program, last.bound, 10, request.options.bmc.properties, cancel.get());
            if (!v.sites.empty() && v.error.empty()) {
                json["assertions"] = vacuityToJson(*last.program, v);
                json["assertions"]["bound"] = last.bound;
                if (v.count(AssertionStatus::Vacuous))
                    vacuous = vacuitySummary(v) + " (" + vacuousSites(*last.program, v) + ")";
            }
        }
        auto report = std::make_shared<const nlohmann::json>(std::move(json));
        const auto &s = (*report)["summary"];
        QString summary = QObject::tr("%1 mutants in %2 s")
                              .arg(s.value("mutants", size_t(0)))
                              .arg(s.value("seconds", 0.0), 0, 'f', 1);
        if (request.firstSize)
            summary += search.stableSize ? QObject::tr("; mutant-stable size %1").arg(*search.stableSize)
                                         : QObject::tr("; no mutant-stable size: %1").arg(QString::fromStdString(search.stopReason));
        if (last.original != Verdict::Safe && last.error.empty())
            summary += QObject::tr("; the original is not verified at bound %1, so no mutant is killed for exceeding it")
                           .arg(last.bound);
        if (!vacuous.empty())
            summary += QObject::tr("; the harness's assertions: %1 — an assertion that no execution reaches kills no "
                                   "mutant")
                           .arg(QString::fromStdString(vacuous));
        std::vector<views::HarnessMutantRow> harnessRows;
        size_t harnessKilled = 0, harnessChecked = 0;
        if (harness) {
            for (const HarnessMutantResult &r : harness->results)
                harnessRows.push_back({r, last.program});
            harnessKilled = last.count(MutantStatus::Killed);
            harnessChecked = harnessKilled + last.count(MutantStatus::Survived) + last.count(MutantStatus::Unknown);
            if (!harness->error.empty() && error.isEmpty())
                error = QString::fromStdString(harness->error);
            summary += QObject::tr("; %1 harness mutants").arg(harness->results.size());
        }
        post([self, rows, report, summary, error, harnessRows, harnessKilled, harnessChecked, hasHarness = bool(harness)] {
            if (!self)
                return;
            for (const auto &row : rows)
                emit self->outcome(row);
            // Done from here on: a campaign may start again as soon as this one is reported.
            self->m_running = false;
            if (hasHarness) {
                emit self->harnessKills(harnessKilled, harnessChecked);
                // Again with the harness's program, which the diff and the source need.
                for (const auto &row : harnessRows)
                    emit self->harnessMutant(row);
            }
            emit self->finished(report, summary, error);
        });
    }));
}

void MutationRunner::stop() {
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace vcov::app
