#include "Session.h"

#include "formats/ExplorationJson.h"

#include <QFile>
#include <QSaveFile>

namespace vcov::app {

using nlohmann::json;

bool writeSession(const QString &path, const Session &s, QString *error) {
    const FrontEndOptions &fe = s.inputs.frontEnd;
    json j = {{"format", "vcov-session"},
              {"version", SessionFormatVersion},
              {"inputs",
               {{"files", fe.files},
                {"include_dirs", fe.includeDirs},
                {"defines", fe.defines},
                {"data_model", fe.dataModel ? (*fe.dataModel == DataModel::ILP32 ? "ILP32" : "LP64") : ""},
                {"entry", fe.entry},
                {"task", s.inputs.task},
                {"compile_commands", s.inputs.compileCommands},
                {"cbmc_proof", s.inputs.cbmcProof}}},
              {"options", coverageOptionsToJson(s.options)},
              {"exploration", s.exploration},
              {"mutation", s.mutation},
              {"goals", s.goals},
              {"view",
               {{"file", s.view.file.toStdString()},
                {"line", s.view.line},
                {"graph", s.view.graph},
                {"colouring", s.view.colouring},
                {"trace", s.view.trace},
                {"step", s.view.step},
                {"window_state", s.view.windowState.toBase64().toStdString()}}}};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    const std::string text = j.dump(1);
    file.write(text.data(), qint64(text.size()));
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

std::optional<Session> readSession(const QString &path, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    json j = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    // Every read below, the header's too, throws on a field of the wrong type.
    try {
        if (j.is_discarded() || !j.is_object() || j.value("format", std::string()) != "vcov-session") {
            *error = QObject::tr("%1 is not a vcov session (or it is damaged).").arg(path);
            return std::nullopt;
        }
        int version = j.value("version", 0);
        if (version > SessionFormatVersion) {
            *error = QObject::tr("%1 was written by a newer vcov (session format %2; this vcov reads up to %3).")
                         .arg(path)
                         .arg(version)
                         .arg(SessionFormatVersion);
            return std::nullopt;
        }
        Session s;
        const json &in = j.at("inputs");
        s.inputs.frontEnd.files = in.at("files").get<std::vector<std::string>>();
        s.inputs.frontEnd.includeDirs = in.at("include_dirs").get<std::vector<std::string>>();
        s.inputs.frontEnd.defines = in.at("defines").get<std::vector<std::string>>();
        std::string model = in.at("data_model").get<std::string>();
        if (model == "ILP32")
            s.inputs.frontEnd.dataModel = DataModel::ILP32;
        else if (model == "LP64")
            s.inputs.frontEnd.dataModel = DataModel::LP64;
        s.inputs.frontEnd.entry = in.at("entry").get<std::string>();
        s.inputs.task = in.at("task").get<std::string>();
        s.inputs.compileCommands = in.at("compile_commands").get<std::string>();
        s.inputs.cbmcProof = in.value("cbmc_proof", std::string()); // sessions before proofs have none
        s.options = coverageOptionsFromJson(j.at("options"));
        s.exploration = j.at("exploration");
        // Sessions from before mutation campaigns have none.
        s.mutation = j.value("mutation", json());
        if (!s.mutation.is_null() && (!s.mutation.is_object() || !s.mutation.contains("mutants") ||
                                      !s.mutation["mutants"].is_array()))
            throw json::type_error::create(302, "\"mutation\" is not a campaign report", nullptr);
        // Sessions from before branch goals have none.
        s.goals = j.value("goals", json());
        if (!s.goals.is_null() && (!s.goals.is_object() || !s.goals.contains("goals") || !s.goals["goals"].is_array()))
            throw json::type_error::create(302, "\"goals\" is not a branch-goal report", nullptr);
        const json &v = j.at("view");
        s.view.file = QString::fromStdString(v.at("file").get<std::string>());
        s.view.line = v.at("line").get<unsigned>();
        s.view.graph = v.at("graph").get<int>();
        s.view.colouring = v.at("colouring").get<int>();
        s.view.trace = v.at("trace").get<int>();
        s.view.step = v.at("step").get<int>();
        s.view.windowState = QByteArray::fromBase64(QByteArray::fromStdString(v.at("window_state").get<std::string>()));
        return s;
    } catch (const json::exception &ex) {
        *error = QObject::tr("%1 is a damaged vcov session: %2").arg(path, QString::fromUtf8(ex.what()));
        return std::nullopt;
    }
}

} // namespace vcov::app
