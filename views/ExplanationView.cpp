#include "ExplanationView.h"

#include <QUrl>

namespace vcov::views {

ExplanationView::ExplanationView(QWidget *parent) : QTextBrowser(parent) {
    setOpenLinks(false);
    setPlaceholderText(tr("Run coverage, then put the cursor on a line to see why it has its colour."));
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        bool ok = false;
        int n = url.path().toInt(&ok);
        if (!ok)
            return;
        if (url.scheme() == QLatin1String("execution"))
            emit executionActivated(n);
        else if (url.scheme() == QLatin1String("art"))
            emit artNodeActivated(n);
    });
}

void ExplanationView::setResult(std::shared_ptr<const Program> program, std::shared_ptr<const CoverageResult> result,
                                std::optional<FileLine> line) {
    m_program = std::move(program);
    m_result = std::move(result);
    if (line)
        showLine(*line); // one document change, not a clear and then the text
    else
        clear();
}

void ExplanationView::showLine(FileLine line) {
    if (!m_program || !m_result) {
        clear();
        return;
    }
    setHtml(explanationHtml(*m_program, *m_result, line));
}

QString ExplanationView::explanationHtml(const Program &program, const CoverageResult &r, FileLine line) {
    auto it = r.lines.find(line);
    QString where = QStringLiteral("%1:%2").arg(QString::fromStdString(program.files[size_t(line.file)].path).section(QLatin1Char('/'), -1)).arg(line.line);
    if (it == r.lines.end())
        return tr("<p><b>%1</b> has no code the analysis explores.</p>").arg(where);
    const LineExplanation &ex = it->second;
    QString html = tr("<p><b>%1 is %2.</b></p><p>%3</p>")
                       .arg(where, QString::fromLatin1(lineStatusName(ex.status)),
                            QString::fromStdString(ex.text).toHtmlEscaped());
    if (ex.execution >= 0) {
        for (const CoverageExecution &e : r.executions)
            if (e.id == ex.execution) {
                QStringList in;
                for (const std::string &v : inputTexts(e.execution))
                    in << QString::fromStdString(v);
                html += tr("<p>Execution <a href=\"execution:%1\">#%1</a> (found by the %2 after %3 s) with inputs "
                           "[%4], %5 steps.</p>")
                            .arg(e.id)
                            .arg(QString::fromStdString(e.origin))
                            .arg(e.foundAt, 0, 'f', 2)
                            .arg(in.join(QStringLiteral(", ")))
                            .arg(e.execution.steps.size());
            }
    }
    auto nodeLinks = [](const std::vector<int> &nodes) {
        QStringList links;
        for (size_t i = 0; i < nodes.size() && i < 12; ++i)
            links << QStringLiteral("<a href=\"art:%1\">%1</a>").arg(nodes[i]);
        if (nodes.size() > 12)
            links << tr("… %1 more").arg(nodes.size() - 12);
        return links.join(QStringLiteral(", "));
    };
    if (!ex.artNodes.empty())
        html += tr("<p>ART nodes on this line: %1</p>").arg(nodeLinks(ex.artNodes));
    if (!ex.frontier.empty())
        html += tr("<p>Nearest waitlist nodes (%1 CFA edges away): %2</p>").arg(ex.frontierDistance).arg(nodeLinks(ex.frontier));
    if (ex.onViolationPath)
        html += tr("<p>This line is on the path to the property violation.</p>");
    return html;
}

} // namespace vcov::views
