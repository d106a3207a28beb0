"""Make the README screenshots headless, from the real plugin on the bundled Landsat-5 demo.

    QT_QPA_PLATFORM=offscreen /usr/bin/python3 scripts/screenshots.py [docs folder]

Runs Train Selection twice (SFFS on Jeffries-Matusita, SFFS on CV kappa) and Predict through
Processing, then writes to docs/ (default):
- selection_curves.png: the selection-curves dialog with the Jeffries-Matusita curve;
- selection_curves_overlay.png: the plot with both runs overlaid (different criteria: normalised);
- spectra.png: the dialog's Spectra tab: the first model's class spectra and its selected bands;
- classification.png: the classification map, styled by the .qml written next to it, with a legend.
Images are opaque RGB PNGs at the highest compression (each under 150 KB).
"""

import os
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(REPO, "tests", "data", "landsat5_rstoolbox")
LANDSAT = os.path.join(DATA, "lsat_tm_7band.tif")
POLYGONS = os.path.join(DATA, "training_polygons.gpkg")
MAP_SCALE = 2


def start():
    """The tests' headless QGIS application (Processing and the plugin's provider): (application, plugin)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parent = tempfile.mkdtemp(prefix="gmmselect-screenshots-")
    os.symlink(REPO, os.path.join(parent, "gmmselect"))
    sys.path[:0] = [parent, os.path.join(REPO, "tests")]
    import qgis_helpers

    return qgis_helpers.start_qgis(), qgis_helpers.plugin()


def run(algorithm, **parameters):
    """processing.run, quiet."""
    import processing
    from qgis.core import QgsProcessingFeedback

    return processing.run(algorithm, parameters, feedback=QgsProcessingFeedback())


def train(folder, criterion):
    """Train Selection (SFFS, `criterion`, 30 % of the polygons held out) on the Landsat scene."""
    return run("gmmselect:trainselection", INPUT=LANDSAT, TRAINING=POLYGONS, FIELD="class", METHOD="sffs",
               CRITERION=criterion, SEED=0, OUTPUT_MODEL=os.path.join(folder, f"landsat_{criterion}.gmm"))


def save_small(image, path):
    """Save a QImage as an opaque RGB PNG at the highest compression."""
    from qgis.PyQt.QtGui import QImage

    if not image.convertToFormat(QImage.Format_RGB888).save(path, "PNG", 0):
        raise OSError(f"cannot write {path}")
    print(f"{path}: {os.path.getsize(path) // 1024} KB")


def curves_screenshots(models, docs):
    """The dialog with the first model's curve, its Spectra tab, then the plot with every model overlaid."""
    from qgis.PyQt.QtCore import QSize

    from gmmselect.gui import CurvesDialog

    dialog = CurvesDialog()
    dialog.addModel(models[0])
    dialog.resize(1000, 720)
    dialog.show()
    save_small(dialog.grab().toImage(), os.path.join(docs, "selection_curves.png"))
    dialog.tabs.setCurrentWidget(dialog.spectra)
    save_small(dialog.grab().toImage(), os.path.join(docs, "spectra.png"))
    dialog.tabs.setCurrentWidget(dialog.plot)
    for path in models[1:]:
        dialog.addModel(path)
    save_small(dialog.plot.renderImage(QSize(800, 500)), os.path.join(docs, "selection_curves_overlay.png"))
    dialog.close()


def map_image(path):
    """The classification at `path`, styled by its .qml, rendered at MAP_SCALE x its pixel size."""
    from qgis.core import QgsMapRendererParallelJob, QgsMapSettings, QgsRasterLayer
    from qgis.PyQt.QtCore import QSize
    from qgis.PyQt.QtGui import QColor

    layer = QgsRasterLayer(path, "classification")
    _, loaded = layer.loadDefaultStyle()
    if not loaded:
        raise RuntimeError(f"no .qml style next to {path}")
    settings = QgsMapSettings()
    settings.setLayers([layer])
    settings.setDestinationCrs(layer.crs())
    settings.setExtent(layer.extent())
    settings.setBackgroundColor(QColor("white"))
    settings.setOutputSize(QSize(layer.width() * MAP_SCALE, layer.height() * MAP_SCALE))
    job = QgsMapRendererParallelJob(settings)
    job.start()
    job.waitForFinished()
    return job.renderedImage(), layer.renderer().legendSymbologyItems()


def add_legend(image, items):
    """Draw the class names and colours in a box at the top right of `image`; returns a new image."""
    from qgis.PyQt.QtCore import QRectF, Qt
    from qgis.PyQt.QtGui import QColor, QFontMetricsF, QImage, QPainter

    width = image.width() + 170
    result = QImage(width, image.height(), QImage.Format_ARGB32)
    result.fill(QColor("white"))
    painter = QPainter(result)
    painter.drawImage(0, 0, image)
    row = QFontMetricsF(painter.font()).height() + 8
    for number, (name, color) in enumerate(items):
        top = 12 + number * row
        painter.fillRect(QRectF(image.width() + 14, top, 18, row - 6), color)
        painter.setPen(QColor("#303030"))
        painter.drawText(QRectF(image.width() + 40, top - 3, 130, row), Qt.AlignLeft | Qt.AlignVCenter, name)
    painter.end()
    return result


def main(docs):
    """Train, predict, and write the four screenshots to `docs`."""
    session = start()
    os.makedirs(docs, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="gmmselect-screenshots-run-")
    models = [train(folder, criterion)["OUTPUT_MODEL"] for criterion in ("jm", "kappa")]
    curves_screenshots(models, docs)
    classification = run("gmmselect:predict", INPUT=LANDSAT, MODEL=models[0],
                         OUTPUT=os.path.join(folder, "classification.tif"))["OUTPUT"]
    image, legend = map_image(classification)
    save_small(add_legend(image, legend), os.path.join(docs, "classification.png"))
    return session


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "dev", "docs")))
