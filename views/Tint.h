// Colours from the theme: a hue mixed into the palette's base colour, so that text keeps
// its contrast in light and dark themes alike.
#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace vcov::views {

// strength < 0: the default mix (a little more on dark bases, where tints fade).
inline QColor tint(const QColor &hue, const QPalette &palette, double strength = -1) {
    const QColor base = palette.color(QPalette::Base);
    const double a = strength >= 0 ? strength : base.lightness() > 128 ? 0.22 : 0.30;
    return QColor::fromRgbF(float(base.redF() * (1 - a) + hue.redF() * a), float(base.greenF() * (1 - a) + hue.greenF() * a),
                            float(base.blueF() * (1 - a) + hue.blueF() * a));
}

// The background of a marked table row (the current step, a changed variable, the state
// taken next): the application palette's highlight, lightly.
inline QColor markedRowTint() {
    const QPalette palette = QGuiApplication::palette();
    return tint(palette.color(QPalette::Highlight), palette, 0.35);
}

} // namespace vcov::views
