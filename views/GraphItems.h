// Graphics items for graphs laid out by Graphviz: shared by the CFA view and the
// automaton view.
#pragma once

#include "layout/GraphLayout.h"

#include <QGraphicsItem>
#include <QPainterPath>
#include <QPalette>

namespace vcov::views {

class GraphNodeItem : public QGraphicsItem {
public:
    GraphNodeItem(QString label, bool box, bool doubled, QRectF rect);
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) override;
    void setHighlighted(bool on);
    void setFill(const QColor &c);
    // A thick outline in the highlight colour: the node the analysis takes next.
    void setEmphasised(bool on);
    void setPalette(const QPalette &p) { m_palette = p; }

private:
    QString m_label;
    bool m_box, m_doubled;
    QRectF m_rect;
    bool m_highlighted = false;
    bool m_emphasised = false;
    QColor m_fill;
    QPalette m_palette;
};

class GraphEdgeItem : public QGraphicsItem {
public:
    GraphEdgeItem(const LayoutEdge &edge, bool dashed);
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) override;
    void setHighlighted(bool on);
    void setPalette(const QPalette &p) { m_palette = p; }
    QPointF anchor() const { return m_anchor; }

private:
    QPainterPath m_path;
    QPolygonF m_arrow;
    QString m_label;
    QRectF m_labelRect;
    QPointF m_anchor;
    bool m_dashed;
    bool m_highlighted = false;
    QPalette m_palette;
};

} // namespace vcov::views
