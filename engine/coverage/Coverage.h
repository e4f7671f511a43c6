// Verification coverage of an interrupted analysis (paper 000; DESIGN.md §1): which lines
// a terminating, property-satisfying execution passes inside the explored region
// (covered), which only the ART reached (over-approximated), which it never reached
// (uncovered), and which no execution can reach (unreachable) — each with its evidence.
#pragma once

#include "analysis/ArtAnalysis.h"
#include "automata/AssumptionAutomaton.h"
#include "automata/Reach.h"
#include "semantics/Execution.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vcov {

struct CoverageOptions {
    ArtOptions analysis;             // the analysis whose exploration is measured
    size_t execBudget = 10;          // executions that add coverage (the paper: 10)
    double execSeconds = 60;         // time for generating executions (the paper: 900 s)
    size_t generatorMaxNodes = 2'000'000;
    size_t generatorMaxMemoryMb = 4096; // resident memory the generator adds; 0: no limit
    // Past the explored region the generator dives depth first for the exit (the order the
    // paper gives, CFA postorder, everywhere when false), each dive at most this many nodes
    // before it waits behind the rest (0: no limit).
    bool generatorDepthFirstBeyond = true;
    size_t generatorDiveNodes = 3000;
    bool heuristic = true;           // Reach score as tie-break of the generator's postorder
    bool solverCompletion = true;    // after the generator, a free run and Algorithm 1's query find more executions
    bool exact = false;              // Algorithm 1 after the generation
    double exactSeconds = 60;
    unsigned exactMaxUnwind = 64;    // the bound grows 2, 4, 8, ... up to this
};

enum class LineStatus { Covered, OverApproximated, Uncovered, Unreachable };
const char *lineStatusName(LineStatus s);

struct CoverageExecution {
    int id = 0;
    Execution execution;
    std::vector<PathMove> moves;
    size_t movesBeforeFalse = 0;     // the prefix inside the explored region
    std::vector<FileLine> newLines;  // lines this execution covered first
    double foundAt = 0;              // seconds since the coverage computation started
    std::string origin;              // "generator", "free run" or "solver" (completion), or "exact"
};

struct LineExplanation {
    FileLine line{};
    LineStatus status = LineStatus::Uncovered;
    int execution = -1;              // Covered: the execution that covers it
    std::vector<int> artNodes;       // ART nodes with an outgoing edge on this line
    std::vector<int> frontier;       // Uncovered: the nearest waitlist nodes (CFA distance)
    int frontierDistance = -1;
    bool onViolationPath = false;
    std::string text;                // the explanation in words
};

struct CoveragePoint {
    double seconds = 0;
    size_t explored = 0;
    size_t covered = 0;
    std::string phase; // "analysis", "generation", "exact"
};

struct CoverageBug {
    Property property = Property::Assertion;
    std::string message;
    Execution counterexample;
    std::string foundBy; // "analysis" or "generation"
    bool replayed = false;
};

struct CoverageResult {
    std::shared_ptr<const Art> art;
    AssumptionAutomaton automaton;
    ReachScores reach;
    StopReason analysisStop = StopReason::Running;
    std::string analysisStopText;
    std::string analysisDomain = "value"; // analysisDomainName
    size_t refinements = 0;                 // CEGAR refinements (predicate analysis)
    std::vector<std::pair<std::string, std::string>> precision; // per location: its predicates
    std::map<FileLine, LineExplanation> lines; // every coverable line
    std::vector<CoverageExecution> executions;
    std::optional<CoverageBug> bug;
    std::vector<CoveragePoint> series;
    size_t generatorNodes = 0;
    size_t spuriousPaths = 0;        // generator paths to the exit that no execution follows
    size_t undecidedPaths = 0;       // ... that the solver could not decide
    size_t redundantExecutions = 0;  // executions that covered nothing new
    size_t executionsThroughCoverings = 0; // useful ones along a covered node's coverer, once every path was explored
    std::string generationNote;      // why the generation stopped
    bool exactRan = false;
    bool exactComplete = false;      // Algorithm 1 ended with a proof, not a budget
    unsigned exactBound = 0;
    std::string exactNote;
    double seconds = 0;

    size_t count(LineStatus s) const;
};

using CoverageProgress = std::function<void(const CoveragePoint &)>;

// Coverage of an exploration that has stopped (finished, out of budget or cancelled).
// analysisSeries: the analysis's own progress points, put before the measurement's (whose
// times are then counted from the analysis's end).
CoverageResult measureCoverage(const Program &program, const ArtAnalysis &analysis, const CoverageOptions &options,
                               const std::atomic<bool> *cancel = nullptr, const CoverageProgress &progress = {},
                               std::vector<CoveragePoint> analysisSeries = {});

// The analysis runCoverage runs: the options' traversal order, with the CFA's Reach score
// as tie-break (before any automaton exists, a location's score is what the CFA reaches).
std::unique_ptr<ArtAnalysis> coverageAnalysis(const Program &program, const CoverageOptions &options);

// Coverage per function, like cbmc-viewer's table: lines of the function's edges.
struct FunctionCoverage {
    FunctionId function = NoFunction;
    std::string name;
    size_t coverable = 0, covered = 0, explored = 0, unreachable = 0; // explored includes covered
};
std::vector<FunctionCoverage> coverageByFunction(const Program &program, const CoverageResult &result);

// Runs the analysis with its budget, then measures: what vcov-cli coverage does.
// cancelAnalysis stops the analysis (coverage is then measured on what it explored);
// cancelMeasurement stops the measurement too (the result keeps what was found).
CoverageResult runCoverage(const Program &program, const CoverageOptions &options,
                           const std::atomic<bool> *cancelAnalysis = nullptr, const CoverageProgress &progress = {},
                           const std::atomic<bool> *cancelMeasurement = nullptr);

} // namespace vcov
