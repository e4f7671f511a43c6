#include "GraphView.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWheelEvent>

namespace vcov::views {

namespace {

QGraphicsScene *unindexedScene(QObject *parent) {
    auto *scene = new QGraphicsScene(parent);
    // A fresh scene per layout: building a BSP index of thousands of items each time costs more
    // (10–20 ms on the GUI thread for 2,000 nodes) than painting scans of an unindexed scene.
    scene->setItemIndexMethod(QGraphicsScene::NoIndex);
    return scene;
}

} // namespace

GraphView::GraphView(QWidget *parent) : QGraphicsView(parent), m_scene(unindexedScene(this)) {
    setScene(m_scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
}

bool GraphView::exportImage(const QString &path, QString *error) const {
    const QRectF rect = m_scene->itemsBoundingRect().adjusted(-10, -10, 10, 10);
    if (m_scene->items().isEmpty()) {
        if (error)
            *error = tr("the view is empty");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(rect.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), rect.size()));
        svg.setTitle(QStringLiteral("vcov"));
        QPainter p(&svg);
        p.fillRect(QRectF(QPointF(0, 0), rect.size()), palette().color(QPalette::Base));
        m_scene->render(&p, QRectF(QPointF(0, 0), rect.size()), rect);
    } else {
        // Raster images stay below 16k pixels a side (Qt's limit is far above what viewers open).
        const double scale = std::min(2.0, 16000.0 / std::max(rect.width(), rect.height()));
        QImage image((rect.size() * scale).toSize(), QImage::Format_ARGB32);
        image.fill(palette().color(QPalette::Base));
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        m_scene->render(&p, QRectF(QPointF(0, 0), rect.size() * scale), rect);
        p.end();
        if (!image.save(&file, QFileInfo(path).suffix().isEmpty() ? "PNG" : nullptr)) {
            if (error)
                *error = tr("the image could not be encoded");
            file.cancelWriting();
            return false;
        }
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void GraphView::replaceScene() {
    QGraphicsScene *old = m_scene;
    m_scene = unindexedScene(this);
    setScene(m_scene);
    old->deleteLater();
}

void GraphView::fit() {
    if (m_scene->items().isEmpty())
        return;
    fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    // Never blow a small graph up beyond its natural size.
    if (transform().m11() > 1.0)
        setTransform(QTransform());
}

void GraphView::zoomIn() { scale(1.25, 1.25); }
void GraphView::zoomOut() { scale(0.8, 0.8); }

void GraphView::changeEvent(QEvent *event) {
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        paletteChanged();
        m_scene->update();
    }
}

void GraphView::wheelEvent(QWheelEvent *event) {
    if (event->modifiers() & Qt::ControlModifier || !(event->modifiers() & Qt::ShiftModifier)) {
        double factor = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
        scale(factor, factor);
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

} // namespace vcov::views
