#include "layout/GraphLayout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <mutex>

namespace vcov {

namespace {

std::mutex &graphvizLock() {
    static std::mutex m;
    return m;
}

// DOT escapes in labels (\n, \l, \r) become line breaks.
std::string unescapeLabel(const char *text) {
    std::string out;
    for (const char *c = text; *c; ++c) {
        if (c[0] == '\\' && (c[1] == 'n' || c[1] == 'l' || c[1] == 'r')) {
            out += '\n';
            ++c;
        } else {
            out += *c;
        }
    }
    return out;
}

std::string attr(void *obj, const char *name) {
    char *v = agget(obj, const_cast<char *>(name));
    return v ? std::string(v) : std::string();
}

// Graphviz reports errors through a global callback.
std::string *g_errors = nullptr;
int collectError(char *msg) {
    if (g_errors)
        *g_errors += msg;
    return 0;
}

} // namespace

GraphGeometry layoutDot(const std::string &dot, const std::string &engine) {
    std::lock_guard<std::mutex> lock(graphvizLock());
    GraphGeometry out;
    std::string errors;
    g_errors = &errors;
    agseterr(AGERR);
    agseterrf(collectError);
    GVC_t *gvc = gvContext();
    Agraph_t *g = agmemread(dot.c_str());
    if (!g) {
        out.error = errors.empty() ? "Graphviz could not read the graph" : errors;
        gvFreeContext(gvc);
        g_errors = nullptr;
        return out;
    }
    if (gvLayout(gvc, g, engine.c_str()) != 0) {
        out.error = errors.empty() ? "Graphviz layout failed" : errors;
        agclose(g);
        gvFreeContext(gvc);
        g_errors = nullptr;
        return out;
    }
    boxf bb = GD_bb(g);
    out.width = bb.UR.x - bb.LL.x;
    out.height = bb.UR.y - bb.LL.y;
    auto flip = [&](pointf p) { return LayoutPoint{p.x - bb.LL.x, bb.UR.y - p.y}; };
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        LayoutNode ln;
        ln.name = agnameof(n);
        ln.label = ND_label(n) ? unescapeLabel(ND_label(n)->text) : ln.name;
        ln.shape = attr(n, "shape");
        LayoutPoint c = flip(ND_coord(n));
        ln.x = c.x;
        ln.y = c.y;
        ln.width = ND_width(n) * 72.0;
        ln.height = ND_height(n) * 72.0;
        out.nodes.push_back(ln);
        for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) {
            LayoutEdge le;
            le.id = attr(e, "id");
            le.tail = agnameof(agtail(e));
            le.head = agnameof(aghead(e));
            if (ED_label(e)) {
                le.label = unescapeLabel(ED_label(e)->text);
                le.labelPos = flip(ED_label(e)->pos);
            }
            if (ED_spl(e) && ED_spl(e)->size > 0) {
                const bezier &bz = ED_spl(e)->list[0];
                for (int i = 0; i < int(bz.size); ++i)
                    le.points.push_back(flip(bz.list[i]));
                if (bz.eflag) {
                    le.hasArrow = true;
                    le.arrowTip = flip(bz.ep);
                }
            }
            out.edges.push_back(le);
        }
    }
    gvFreeLayout(gvc, g);
    agclose(g);
    gvFreeContext(gvc);
    g_errors = nullptr;
    return out;
}

} // namespace vcov
