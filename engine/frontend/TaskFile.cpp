#include "frontend/TaskFile.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

namespace vcov {

namespace fs = std::filesystem;

std::string TaskProperty::name() const {
    std::string n = fs::path(propertyFile).filename().string();
    auto dot = n.rfind('.');
    return dot == std::string::npos ? n : n.substr(0, dot);
}

const TaskProperty *Task::property(const std::string &n) const {
    for (const auto &p : properties)
        if (p.name() == n)
            return &p;
    return nullptr;
}

std::optional<Task> readTaskFile(const std::string &path, Diagnostics &diagnostics) {
    YAML::Node root;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        // yaml-cpp reads a directory as a stream that fails mid-read (an exception of the
        // standard library, not its own).
        diagnostics.error(path, 0, 0, "cannot read task file: a directory, not a task file (.yml)");
        return std::nullopt;
    }
    try {
        root = YAML::LoadFile(path);
    } catch (const YAML::BadFile &) {
        diagnostics.error(path, 0, 0, "cannot read task file");
        return std::nullopt;
    } catch (const YAML::Exception &ex) {
        diagnostics.error(path, unsigned(ex.mark.line + 1), unsigned(ex.mark.column + 1),
                          "not a valid task file: " + ex.msg);
        return std::nullopt;
    }
    if (!root.IsMap() || !root["input_files"]) {
        diagnostics.error(path, 0, 0, "not an SV-COMP task file: no 'input_files'");
        return std::nullopt;
    }
    Task task;
    task.path = path;
    fs::path dir = fs::path(path).parent_path();
    try {
        auto inputs = root["input_files"];
        auto add = [&](const std::string &f) { task.inputFiles.push_back((dir / f).lexically_normal().string()); };
        if (inputs.IsSequence())
            for (const auto &f : inputs)
                add(f.as<std::string>());
        else
            add(inputs.as<std::string>());
        if (auto props = root["properties"]; props && props.IsSequence()) {
            for (const auto &p : props) {
                TaskProperty tp;
                tp.propertyFile = p["property_file"].as<std::string>("");
                if (p["expected_verdict"])
                    tp.expectedVerdict = p["expected_verdict"].as<bool>();
                task.properties.push_back(tp);
            }
        }
        std::string model = root["options"] && root["options"]["data_model"]
                                ? root["options"]["data_model"].as<std::string>()
                                : "ILP32";
        if (model == "LP64")
            task.dataModel = DataModel::LP64;
        else if (model == "ILP32")
            task.dataModel = DataModel::ILP32;
        else
            diagnostics.warning(path, 0, 0, "unknown data model '" + model + "': using ILP32");
    } catch (const YAML::Exception &ex) {
        diagnostics.error(path, unsigned(ex.mark.line + 1), unsigned(ex.mark.column + 1),
                          "malformed task file: " + ex.msg);
        return std::nullopt;
    }
    if (task.inputFiles.empty()) {
        diagnostics.error(path, 0, 0, "task file names no input file");
        return std::nullopt;
    }
    return task;
}

} // namespace vcov
