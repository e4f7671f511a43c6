// What every graph view shares: a QGraphicsView over Graphviz geometry with zoom (wheel,
// actions), pan by dragging, fit, palette changes handed to the items (dark mode) and
// export of the whole scene as PNG or SVG.
#pragma once

#include <QGraphicsView>

namespace vcov::views {

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QWidget *parent = nullptr);

    // The whole graph, not just what is in the window; the format follows the suffix
    // (.svg, else a raster image). False with a reason when it cannot be written.
    bool exportImage(const QString &path, QString *error = nullptr) const;

public slots:
    void fit();
    void zoomIn();
    void zoomOut();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void changeEvent(QEvent *event) override;
    // Items draw with the palette they were given: hand them a new one.
    virtual void paletteChanged() {}
    // A new empty scene for a new layout. The old one, with its thousands of items, is
    // deleted in an event of its own instead of being cleared inside the one that builds.
    void replaceScene();

    QGraphicsScene *m_scene;
};

} // namespace vcov::views
