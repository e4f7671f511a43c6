#include "TeachingView.h"

#include <QLabel>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace vcov::views {

namespace {

QString nodeList(const std::vector<int> &nodes) {
    QStringList s;
    for (int n : nodes)
        s << QStringLiteral("<a href=\"art:%1\">%1</a>").arg(n);
    return s.isEmpty() ? QObject::tr("none") : s.join(QStringLiteral(", "));
}

// Successors the stop operator covered, without those the merge joined into a waiting node.
std::vector<int> coveredOnly(const ArtExpansion &e) {
    std::vector<int> out;
    for (int n : e.covered)
        if (std::find(e.merged.begin(), e.merged.end(), n) == e.merged.end())
            out.push_back(n);
    return out;
}

} // namespace

TeachingView::TeachingView(QWidget *parent) : QWidget(parent), m_next(new QLabel), m_log(new QTextBrowser) {
    m_next->setWordWrap(true);
    m_next->setTextFormat(Qt::RichText);
    m_log->setOpenLinks(false);
    connect(m_log, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("art"))
            emit artNodeActivated(url.path().toInt());
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_next);
    layout->addWidget(m_log, 1);
    clear();
}

void TeachingView::clear() {
    m_count = 0;
    m_last.clear();
    m_log->clear();
    m_next->setText(tr("Step the analysis (Analysis ▸ Step, F10) to follow it one expansion at a time."));
}

void TeachingView::addSnapshot(const Program &program, const ExplorationSnapshot &s) {
    if (s.expansion && s.expansion->refinement) {
        // CEGAR: what the infeasible path taught, and the cut the graph now shows before
        // the tree grows again.
        const ArtExpansion &e = *s.expansion;
        ++m_count;
        m_last = QString::fromStdString(e.summary);
        QStringList learned;
        for (const auto &l : e.learned)
            learned << QStringLiteral("<li><code>%1</code></li>").arg(QString::fromStdString(l).toHtmlEscaped());
        const QString cut = e.learned.empty()
                                ? tr("Nothing new was learned: the analysis stops here.")
                                : tr("Cut %1 node(s); node <a href=\"art:%2\">%2</a> goes back on the waitlist and its "
                                     "subtree grows again with the new predicates.")
                                      .arg(e.cutNodes)
                                      .arg(e.node);
        m_log->append(tr("<p><b>%1.</b> Refinement (%2).<br>Predicates learned from the infeasible path:<ul>%3</ul>"
                         "%4<br><i>%5</i></p>")
                          .arg(m_count)
                          .arg(QString::fromStdString(e.why).toHtmlEscaped())
                          .arg(learned.join(QString()))
                          .arg(cut)
                          .arg(QString::fromStdString(e.summary).toHtmlEscaped()));
    } else if (s.expansion && !s.expansion->checked.empty()) {
        // A target's check is a step of its own: along its tree path, or (waitlist empty)
        // over every path of the ART, coverings included.
        const ArtExpansion &e = *s.expansion;
        ++m_count;
        m_last = QString::fromStdString(e.summary);
        QStringList results;
        for (int t : e.checked) {
            const ArtNode &n = s.art->nodes[size_t(t)];
            results << tr("target <a href=\"art:%1\">%1</a>: %2")
                           .arg(t)
                           .arg(QString::fromStdString(n.checkText.empty() ? targetCheckName(n.check) : n.checkText)
                                    .toHtmlEscaped());
        }
        m_log->append(tr("<p><b>%1.</b> Target check (%2).<br>%3<br><i>%4</i></p>")
                          .arg(m_count)
                          .arg(QString::fromStdString(e.why).toHtmlEscaped())
                          .arg(results.join(QStringLiteral("<br>")))
                          .arg(QString::fromStdString(e.summary).toHtmlEscaped()));
    } else if (s.expansion && s.expansion->node >= 0) {
        const ArtExpansion &e = *s.expansion;
        const ArtNode &n = s.art->nodes[size_t(e.node)];
        ++m_count;
        m_last = QString::fromStdString(e.summary);
        m_log->append(tr("<p><b>%1.</b> Took waitlist node <a href=\"art:%2\">%2</a> (line %3): %4.<br>"
                         "Successors: %5; covered at once: %6%7.<br><i>%8</i></p>")
                          .arg(m_count)
                          .arg(e.node)
                          .arg(program.node(n.location).line)
                          .arg(QString::fromStdString(e.why).toHtmlEscaped())
                          .arg(nodeList(e.successors))
                          .arg(nodeList(coveredOnly(e)))
                          .arg((e.merged.empty() ? QString()
                                                 : tr("; merged into a waiting node's state: %1").arg(nodeList(e.merged))) +
                               (e.targets.empty() ? QString() : tr("; targets: %1").arg(nodeList(e.targets))))
                          .arg(QString::fromStdString(e.summary).toHtmlEscaped()));
    }
    if (s.nextNode >= 0 && s.art) {
        const ArtNode &n = s.art->nodes[size_t(s.nextNode)];
        m_next->setText(tr("<b>Next:</b> waitlist node %1 at line %2; %3 nodes on the waitlist, %4 in the ART.")
                            .arg(s.nextNode)
                            .arg(program.node(n.location).line)
                            .arg(s.progress.waitlist)
                            .arg(s.progress.nodes));
    } else {
        m_next->setText(s.stop == StopReason::Running
                            ? tr("<b>The waitlist is empty</b>: the next step decides the targets over every ART path.")
                            : tr("<b>The analysis stopped</b>: %1.").arg(QString::fromLatin1(stopReasonName(s.stop))));
    }
}

} // namespace vcov::views
