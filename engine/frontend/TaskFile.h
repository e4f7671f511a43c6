// SV-COMP task definitions (format_version 2.0 .yml): input files, properties with
// their expected verdicts, and the data model.
#pragma once

#include "Diagnostics.h"
#include "Types.h"

#include <optional>
#include <string>
#include <vector>

namespace vcov {

struct TaskProperty {
    std::string propertyFile;            // e.g. ../properties/unreach-call.prp
    std::optional<bool> expectedVerdict; // absent for coverage properties
    std::string name() const;            // "unreach-call"
};

struct Task {
    std::string path;
    std::vector<std::string> inputFiles; // resolved against the task file's folder
    std::vector<TaskProperty> properties;
    DataModel dataModel = DataModel::ILP32;
    const TaskProperty *property(const std::string &name) const;
};

std::optional<Task> readTaskFile(const std::string &path, Diagnostics &diagnostics);

} // namespace vcov
