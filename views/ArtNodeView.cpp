#include "ArtNodeView.h"

#include <QUrl>

namespace vcov::views {

namespace {

QString link(int node) { return QStringLiteral("<a href=\"art:%1\">%1</a>").arg(node); }

QString statusWords(const ArtNode &n) {
    switch (n.status) {
    case ArtNodeStatus::Waitlist: return QObject::tr("on the waitlist (not expanded yet)");
    case ArtNodeStatus::Expanded:
        return n.terminal ? QObject::tr("expanded: the execution ends here") : QObject::tr("expanded");
    case ArtNodeStatus::Covered: return QObject::tr("covered");
    case ArtNodeStatus::Target: return QObject::tr("target (%1)").arg(QString::fromLatin1(targetCheckName(n.check)));
    case ArtNodeStatus::Failed: return QObject::tr("failed: the analysis cannot continue here");
    }
    return {};
}

} // namespace

ArtNodeView::ArtNodeView(QWidget *parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    setPlaceholderText(tr("Click a node of the graph to see its abstract state."));
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("art")) {
            showNode(url.path().toInt());
            emit artNodeActivated(m_node);
        }
    });
}

void ArtNodeView::setProgram(std::shared_ptr<const Program> program) {
    m_program = std::move(program);
    m_snapshot.reset();
    m_node = -1;
    clear();
}

void ArtNodeView::setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    m_snapshot = std::move(snapshot);
    refresh();
}

void ArtNodeView::showNode(int artNode) {
    m_node = artNode;
    refresh();
}

void ArtNodeView::refresh() {
    if (!m_program || !m_snapshot || !m_snapshot->art || m_node < 0 || size_t(m_node) >= m_snapshot->art->nodes.size()) {
        clear();
        return;
    }
    setHtml(nodeHtml(*m_program, *m_snapshot->art, m_node));
}

QString ArtNodeView::nodeHtml(const Program &program, const Art &art, int id) {
    const ArtNode &n = art.nodes[size_t(id)];
    QString html = tr("<p><b>ART node %1</b> at N%2, line %3: %4").arg(id).arg(n.location).arg(program.node(n.location).line).arg(statusWords(n));
    if (n.parent >= 0)
        html += tr("<br>from %1 by <code>%2</code>")
                    .arg(link(n.parent))
                    .arg(QString::fromStdString(moveLabel(program, n.via)).toHtmlEscaped());
    html += QStringLiteral("</p>");
    if (n.status == ArtNodeStatus::Covered && n.coveredBy >= 0 && n.merged)
        html += tr("<p>Merged into %1: its path formula was joined into the state of %1, which was still waiting "
                   "(merge-join inside a block), so %1's subtree continues this node's paths too.</p>")
                    .arg(link(n.coveredBy));
    else if (n.status == ArtNodeStatus::Covered && n.coveredBy >= 0)
        html += tr("<p>Covered by %1: its state \u2291 the state of %1 (whatever %1's state says, this node's says too: every value it knows, "
                   "every predicate that holds), "
                   "so %1's subtree stands for this node's continuations.</p>")
                    .arg(link(n.coveredBy));
    if (n.status == ArtNodeStatus::Target) {
        html += tr("<p>Property: %1.<br>Check: %2</p>")
                    .arg(QString::fromStdString(n.message).toHtmlEscaped())
                    .arg(n.checkText.empty() ? tr("not checked yet") : QString::fromStdString(n.checkText).toHtmlEscaped());
    }
    if (n.status == ArtNodeStatus::Failed)
        html += QStringLiteral("<p>%1</p>").arg(QString::fromStdString(n.message).toHtmlEscaped());
    if (n.state) {
        html += tr("<p><b>Abstract state</b> (\u22a4: any value)</p><table cellspacing=\"2\">");
        for (const auto &[frame, values] : n.state->describeFrames(program))
            html += QStringLiteral("<tr><td valign=\"top\"><i>%1</i></td><td><code>%2</code></td></tr>")
                        .arg(QString::fromStdString(frame).toHtmlEscaped())
                        .arg(values.empty() ? tr("no variables") : QString::fromStdString(values).toHtmlEscaped());
        html += QStringLiteral("</table>");
    }
    return html;
}

QString ArtNodeView::nodeText(const Program &program, const Art &art, int id) {
    const ArtNode &n = art.nodes[size_t(id)];
    QString text = statusWords(n);
    if (n.status == ArtNodeStatus::Covered && n.coveredBy >= 0)
        text += n.merged ? tr(" by %1 (merged into %1's state)").arg(n.coveredBy)
                         : tr(" by %1 (state \u2291 %1's state)").arg(n.coveredBy);
    if (n.status == ArtNodeStatus::Target && !n.checkText.empty())
        text += QStringLiteral("\n") + QString::fromStdString(n.checkText);
    if (n.state)
        for (const auto &[frame, values] : n.state->describeFrames(program))
            text += QStringLiteral("\n%1: %2").arg(QString::fromStdString(frame),
                                                  values.empty() ? tr("no variables") : QString::fromStdString(values));
    return text;
}

} // namespace vcov::views
