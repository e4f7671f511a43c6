// Session files (.vcov): a whole exploration — the program's inputs, the analysis
// settings, the results (formats/ExplorationJson) and the view state — as one JSON file
// written atomically with QSaveFile. Reading never half-applies: a corrupt file or one from
// a newer vcov gives a message and the window keeps what it shows.
#pragma once

#include "coverage/Coverage.h"
#include "frontend/ProgramInputs.h"

#include <nlohmann/json.hpp>

#include <QByteArray>
#include <QString>

#include <optional>

namespace vcov::app {

constexpr int SessionFormatVersion = 1;

struct SessionView {
    QString file;       // the source tab shown
    unsigned line = 0;  // its cursor line
    int graph = 0;      // the automaton view: 0 automaton, 1 ART
    int colouring = 0;  // 0 status, 1 Reach heat
    int trace = -1, step = -1;
    QByteArray windowState;
};

struct Session {
    ProgramInputs inputs;
    CoverageOptions options;
    nlohmann::json exploration; // null when nothing was measured
    nlohmann::json mutation;    // the last mutation campaign's report, null when none ran
    nlohmann::json goals;       // the last branch-goal report (vcov-cli goals --json), null when none
    SessionView view;
};

bool writeSession(const QString &path, const Session &session, QString *error);
std::optional<Session> readSession(const QString &path, QString *error);

} // namespace vcov::app
