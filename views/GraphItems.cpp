#include "GraphItems.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QtMath>

namespace vcov::views {

namespace {

// Scene units are Graphviz points: fonts get the pixel sizes the DOT text gives
// Graphviz, so that labels fit the boxes it computed.
QFont graphFont() {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(10);
    return f;
}

QFont edgeFont() {
    QFont f(QStringLiteral("DejaVu Sans Mono"));
    f.setPixelSize(9);
    return f;
}

} // namespace

GraphNodeItem::GraphNodeItem(QString label, bool box, bool doubled, QRectF rect)
    : m_label(std::move(label)), m_box(box), m_doubled(doubled), m_rect(rect) {
    setZValue(1);
}

QRectF GraphNodeItem::boundingRect() const { return m_rect.adjusted(-3, -3, 3, 3); }

QPainterPath GraphNodeItem::shape() const {
    QPainterPath p;
    if (m_box)
        p.addRoundedRect(m_rect, 6, 6);
    else
        p.addEllipse(m_rect);
    return p;
}

void GraphNodeItem::setHighlighted(bool on) {
    if (on != m_highlighted) {
        m_highlighted = on;
        update();
    }
}

void GraphNodeItem::setEmphasised(bool on) {
    if (on != m_emphasised) {
        m_emphasised = on;
        update();
    }
}

void GraphNodeItem::setFill(const QColor &c) {
    m_fill = c;
    update();
}

void GraphNodeItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) {
    QColor fg = m_palette.color(QPalette::Text);
    QColor bg = m_fill.isValid() ? m_fill : m_palette.color(QPalette::Base);
    if (m_highlighted)
        bg = m_palette.color(QPalette::Highlight);
    p->setPen(m_emphasised ? QPen(m_palette.color(QPalette::Highlight), 3.5) : QPen(fg, m_box ? 1.6 : 1.0));
    p->setBrush(bg);
    if (m_box) {
        p->drawRoundedRect(m_rect, 6, 6);
    } else {
        p->drawEllipse(m_rect);
        if (m_doubled)
            p->drawEllipse(m_rect.adjusted(3, 3, -3, -3));
    }
    p->setFont(graphFont());
    p->setPen(m_highlighted ? m_palette.color(QPalette::HighlightedText) : fg);
    p->drawText(m_rect, Qt::AlignCenter, m_label);
}

GraphEdgeItem::GraphEdgeItem(const LayoutEdge &edge, bool dashed)
    : m_label(QString::fromStdString(edge.label)), m_dashed(dashed) {
    const auto &pts = edge.points;
    if (!pts.empty()) {
        m_path.moveTo(pts[0].x, pts[0].y);
        for (size_t i = 1; i + 2 < pts.size(); i += 3)
            m_path.cubicTo(pts[i].x, pts[i].y, pts[i + 1].x, pts[i + 1].y, pts[i + 2].x, pts[i + 2].y);
    }
    if (edge.hasArrow && !pts.empty()) {
        QPointF tip(edge.arrowTip.x, edge.arrowTip.y), from(pts.back().x, pts.back().y);
        QLineF line(from, tip);
        double angle = std::atan2(-line.dy(), line.dx());
        double size = 7;
        QPointF a = tip - QPointF(std::sin(angle + M_PI / 3) * size, std::cos(angle + M_PI / 3) * size);
        QPointF b = tip - QPointF(std::sin(angle + M_PI - M_PI / 3) * size, std::cos(angle + M_PI - M_PI / 3) * size);
        m_arrow << tip << a << b;
        m_path.lineTo(tip);
    }
    if (!m_label.isEmpty()) {
        QFontMetricsF fm(edgeFont());
        QSizeF size(fm.horizontalAdvance(m_label) + 4, fm.height());
        m_labelRect = QRectF(QPointF(edge.labelPos.x, edge.labelPos.y) - QPointF(size.width() / 2, size.height() / 2), size);
        m_anchor = m_labelRect.center();
    } else {
        m_anchor = m_path.pointAtPercent(0.5);
    }
}

QRectF GraphEdgeItem::boundingRect() const {
    return m_path.boundingRect().united(m_arrow.boundingRect()).united(m_labelRect).adjusted(-4, -4, 4, 4);
}

QPainterPath GraphEdgeItem::shape() const {
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    QPainterPath s = stroker.createStroke(m_path);
    if (!m_labelRect.isNull())
        s.addRect(m_labelRect);
    return s;
}

void GraphEdgeItem::setHighlighted(bool on) {
    if (on != m_highlighted) {
        m_highlighted = on;
        setZValue(on ? 2 : 0);
        update();
    }
}

void GraphEdgeItem::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) {
    QColor fg = m_highlighted ? m_palette.color(QPalette::Highlight) : m_palette.color(QPalette::Text);
    QPen pen(fg, m_highlighted ? 2.5 : 1.0, m_dashed ? Qt::DashLine : Qt::SolidLine);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    p->drawPath(m_path);
    p->setPen(QPen(fg, 1));
    p->setBrush(fg);
    p->drawPolygon(m_arrow);
    if (!m_label.isEmpty()) {
        p->setFont(edgeFont());
        p->setPen(fg);
        p->drawText(m_labelRect, Qt::AlignCenter, m_label);
    }
}

} // namespace vcov::views
