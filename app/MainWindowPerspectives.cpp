// Perspectives: a layout of the docks for each job the window serves — why is a line
// uncovered (Coverage), step the analysis (Teaching), decide branch goals, judge a harness by
// its mutants. Each shows the docks its job uses, sized for it; the user's changes to one
// (docks moved, shown, resized) are its own and come back with it, across sessions when the
// layout is persistent. Starting a job switches to its perspective unless the user turned
// that off (View ▸ Perspective ▸ Switch When a Job Starts).
#include "MainWindow.h"

#include "AutomatonView.h"

#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QSettings>
#include <QToolBar>

namespace vcov::app {

namespace {

struct PerspectiveLayout {
    MainWindow::Perspective perspective;
    const char *key; // settings and object names
    const char *title;
    std::vector<const char *> docks; // shown; every other dock is hidden
    std::vector<const char *> front; // raised over the docks tabbed with them
};

const std::vector<PerspectiveLayout> &layouts() {
    using P = MainWindow::Perspective;
    static const std::vector<PerspectiveLayout> all = {
        {P::Coverage, "coverage", QT_TRANSLATE_NOOP("vcov::app::MainWindow", "Coverage"),
         {"cfa", "exploration", "scores", "trace", "why", "functions", "diagnostics"},
         {"exploration", "scores", "functions"}},
        {P::Teaching, "teaching", QT_TRANSLATE_NOOP("vcov::app::MainWindow", "Teaching"),
         {"cfa", "exploration", "teaching"}, // no bottom dock: the right column has the full height
         {"exploration", "teaching"}},
        {P::BranchGoals, "goals", QT_TRANSLATE_NOOP("vcov::app::MainWindow", "Branch Goals"),
         {"cfa", "goals", "trace", "diagnostics"},
         {"cfa", "goals"}},
        {P::Mutation, "mutation", QT_TRANSLATE_NOOP("vcov::app::MainWindow", "Mutation"),
         {"mutants", "trace", "diagnostics"},
         {"mutants"}},
    };
    return all;
}

const PerspectiveLayout &layoutOf(MainWindow::Perspective p) {
    for (const PerspectiveLayout &l : layouts())
        if (l.perspective == p)
            return l;
    return layouts().front();
}

QString settingsKey(MainWindow::Perspective p) {
    return QStringLiteral("perspectives/") + QLatin1String(layoutOf(p).key);
}

} // namespace

QString MainWindow::perspectiveName(Perspective p) { return tr(layoutOf(p).title); }

void MainWindow::createPerspectiveActions(QMenu *view, QToolBar *bar) {
    QMenu *menu = view->addMenu(tr("&Perspective"));
    menu->setObjectName(QStringLiteral("perspectiveMenu"));
    auto *group = new QActionGroup(this);
    m_perspectiveBox = new QComboBox;
    m_perspectiveBox->setObjectName(QStringLiteral("perspectiveBox"));
    m_perspectiveBox->setToolTip(tr("Perspective: the docks for one job (View ▸ Perspective)"));
    int shortcut = 1;
    for (const PerspectiveLayout &l : layouts()) {
        QAction *a = menu->addAction(tr(l.title));
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key(Qt::Key_0 + shortcut++)));
        a->setData(int(l.perspective));
        a->setObjectName(QStringLiteral("perspective-") + QLatin1String(l.key));
        group->addAction(a);
        m_perspectiveActions.push_back(a);
        connect(a, &QAction::triggered, this, [this, p = l.perspective] { setPerspective(p); });
        m_perspectiveBox->addItem(tr(l.title), int(l.perspective));
    }
    menu->addSeparator();
    QAction *reset = menu->addAction(tr("&Reset Perspective"), this, [this] {
        m_perspectiveStates.erase(m_perspective);
        if (m_persistent)
            QSettings().remove(settingsKey(m_perspective));
        applyPerspectiveLayout(m_perspective);
    });
    reset->setToolTip(tr("Back to this perspective's own docks and sizes"));
    QAction *follow = menu->addAction(tr("&Switch When a Job Starts"));
    follow->setObjectName(QStringLiteral("autoPerspective"));
    follow->setCheckable(true);
    follow->setChecked(m_autoPerspective);
    follow->setToolTip(tr("Run Coverage, Step, Run Branch Goals, a mutation campaign or a witness shows its perspective"));
    connect(follow, &QAction::toggled, this, &MainWindow::setAutoPerspective);
    m_autoPerspectiveAction = follow;
    connect(m_perspectiveBox, &QComboBox::activated, this,
            [this](int i) { setPerspective(Perspective(m_perspectiveBox->itemData(i).toInt())); });
    bar->addSeparator();
    bar->addWidget(m_perspectiveBox);
    syncPerspectiveControls();
}

void MainWindow::syncPerspectiveControls() {
    for (QAction *a : m_perspectiveActions)
        a->setChecked(Perspective(a->data().toInt()) == m_perspective);
    if (m_perspectiveBox)
        m_perspectiveBox->setCurrentIndex(m_perspectiveBox->findData(int(m_perspective)));
    if (m_autoPerspectiveAction)
        m_autoPerspectiveAction->setChecked(m_autoPerspective);
}

void MainWindow::applyPerspectiveLayout(Perspective p) {
    const PerspectiveLayout &l = layoutOf(p);
    std::set<QString> shown;
    for (const char *d : l.docks)
        shown.insert(QLatin1String(d));
    for (auto &[name, dock] : m_docks)
        dock->setVisible(shown.count(name) > 0);
    for (const char *d : l.front)
        if (QDockWidget *dock = this->dock(QLatin1String(d)))
            dock->raise();
    QDockWidget *cfa = dock(QStringLiteral("cfa")), *exploration = dock(QStringLiteral("exploration"));
    QDockWidget *trace = dock(QStringLiteral("trace"));
    switch (p) {
    case Perspective::Coverage:
        resizeDocks({cfa}, {width() * 42 / 100}, Qt::Horizontal);
        resizeDocks({trace}, {height() * 30 / 100}, Qt::Vertical);
        resizeDocks({exploration, dock(QStringLiteral("scores"))}, {height() * 40 / 100, height() * 30 / 100}, Qt::Vertical);
        break;
    case Perspective::Teaching:
        // The graph is what a class looks at: most of the window, the log below it.
        resizeDocks({exploration}, {width() * 58 / 100}, Qt::Horizontal);
        resizeDocks({exploration, dock(QStringLiteral("teaching"))}, {height() * 66 / 100, height() * 34 / 100}, Qt::Vertical);
        m_graphBox->setCurrentIndex(1);
        m_automaton->setGraph(ExplorationGraph::Art);
        break;
    case Perspective::BranchGoals:
        resizeDocks({cfa}, {width() * 36 / 100}, Qt::Horizontal);
        resizeDocks({dock(QStringLiteral("goals"))}, {height() * 48 / 100}, Qt::Vertical);
        break;
    case Perspective::Mutation:
        resizeDocks({dock(QStringLiteral("mutants"))}, {height() * 55 / 100}, Qt::Vertical);
        resizeDocks({dock(QStringLiteral("mutants")), trace}, {width() * 58 / 100, width() * 42 / 100}, Qt::Horizontal);
        break;
    }
}

void MainWindow::setPerspective(Perspective p) {
    if (p == m_perspective && m_perspectiveApplied) {
        syncPerspectiveControls();
        return;
    }
    // What the user made of the perspective being left is its own.
    if (m_perspectiveApplied) {
        m_perspectiveStates[m_perspective] = saveState();
        if (m_persistent)
            QSettings().setValue(settingsKey(m_perspective), m_perspectiveStates[m_perspective]);
    }
    m_perspective = p;
    m_perspectiveApplied = true;
    auto saved = m_perspectiveStates.find(p);
    if (saved == m_perspectiveStates.end() || !restoreState(saved->second))
        applyPerspectiveLayout(p);
    if (m_persistent)
        QSettings().setValue(QStringLiteral("perspectives/current"), QLatin1String(layoutOf(p).key));
    syncPerspectiveControls();
    emit perspectiveChanged(p);
}

void MainWindow::setAutoPerspective(bool on) {
    m_autoPerspective = on;
    if (m_persistent)
        QSettings().setValue(QStringLiteral("perspectives/switchOnJob"), on);
    syncPerspectiveControls();
}

void MainWindow::perspectiveForJob(Perspective p) {
    if (m_autoPerspective)
        setPerspective(p);
}

void MainWindow::restorePerspectives() {
    QSettings settings;
    m_autoPerspective = settings.value(QStringLiteral("perspectives/switchOnJob"), true).toBool();
    for (const PerspectiveLayout &l : layouts()) {
        QByteArray state = settings.value(settingsKey(l.perspective)).toByteArray();
        if (!state.isEmpty())
            m_perspectiveStates[l.perspective] = state;
    }
    const QString current = settings.value(QStringLiteral("perspectives/current")).toString();
    for (const PerspectiveLayout &l : layouts())
        if (current == QLatin1String(l.key))
            m_perspective = l.perspective;
    // The window state restored with the geometry is this perspective's, as the user left it
    // (a layout from before perspectives is the Coverage one's).
    m_perspectiveApplied = m_layoutRestored;
    syncPerspectiveControls();
}

void MainWindow::savePerspectives() {
    if (!m_persistent || !m_perspectiveApplied)
        return;
    QSettings settings;
    settings.setValue(settingsKey(m_perspective), saveState());
    settings.setValue(QStringLiteral("perspectives/current"), QLatin1String(layoutOf(m_perspective).key));
}

} // namespace vcov::app
