"""Styled outputs: class colours from the training layer's categorized style (else the palette),
carried by the model into the classification's colour table and QML; the confidence ramp 0..1."""

import xml.etree.ElementTree as ElementTree

import pytest
from osgeo import gdal
from qgis_helpers import CLASSES, LANDSAT, POLYGONS, start_qgis

STYLE_COLORS = {"cleared": "#123456", "fallen_dry": "#abcdef", "forest": "#0a7f3c", "water": "#1f4eff"}


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


def categorized(layer, field, colors):
    """`layer` drawn by a QgsCategorizedSymbolRenderer on `field`: {value: '#rrggbb'}."""
    from qgis.core import QgsCategorizedSymbolRenderer, QgsRendererCategory, QgsSymbol
    from qgis.PyQt.QtGui import QColor

    categories = []
    for value, color in colors.items():
        symbol = QgsSymbol.defaultSymbol(layer.geometryType())
        symbol.setColor(QColor(color))
        categories.append(QgsRendererCategory(value, symbol, str(value)))
    layer.setRenderer(QgsCategorizedSymbolRenderer(field, categories))
    return layer


def polygons_layer():
    """The training polygons as a project layer."""
    from qgis.core import QgsProject, QgsVectorLayer

    layer = QgsVectorLayer(f"{POLYGONS}|layername=training_polygons", "polygons", "ogr")
    QgsProject.instance().addMapLayer(layer)
    return layer


def coded_memory_layer():
    """A memory copy of the polygons with integer class codes 10, 20, 30, 40, in the project."""
    from qgis.core import QgsFeature, QgsField, QgsProject, QgsVectorLayer
    from qgis.PyQt.QtCore import QVariant

    source = QgsVectorLayer(f"{POLYGONS}|layername=training_polygons", "polygons", "ogr")
    layer = QgsVectorLayer(f"Polygon?crs={source.crs().authid()}", "coded", "memory")
    layer.dataProvider().addAttributes([QgsField("code", QVariant.Int)])
    layer.updateFields()
    features = []
    for feature in source.getFeatures():
        copy = QgsFeature(layer.fields())
        copy.setGeometry(feature.geometry())
        copy["code"] = 10 * (CLASSES.index(feature["class"]) + 1)
        features.append(copy)
    layer.dataProvider().addFeatures(features)
    QgsProject.instance().addMapLayer(layer)
    return layer


def train_and_predict(folder, training, field):
    """trainselection on `training`, then predict with confidence; (saved model, predict results)."""
    import processing

    from gmmselect.core import load_model

    trained = processing.run("gmmselect:trainselection", {
        "INPUT": LANDSAT, "TRAINING": training, "FIELD": field, "OUTPUT_MODEL": str(folder / "model.gmm")})
    predicted = processing.run("gmmselect:predict", {
        "INPUT": LANDSAT, "MODEL": trained["OUTPUT_MODEL"], "OUTPUT": str(folder / "classes.tif"),
        "CONFIDENCE": str(folder / "confidence.tif")})
    return load_model(trained["OUTPUT_MODEL"]), predicted


def table_colors(path, labels):
    """'#rrggbb' of the colour table entries `labels` of band 1."""
    dataset = gdal.Open(path)
    table = dataset.GetRasterBand(1).GetColorTable()
    return ["#{:02x}{:02x}{:02x}".format(*table.GetColorEntry(label)[:3]) for label in labels]


def qml_palette(path):
    """(value, colour, label) of each palette entry of the .qml next to `path`."""
    root = ElementTree.parse(path.rsplit(".", 1)[0] + ".qml").getroot()
    return [(int(e.get("value")), e.get("color"), e.get("label")) for e in root.find(".//colorPalette")]


@pytest.mark.parametrize("selected_only", [False, True])
def test_text_classes_take_the_colours_of_the_training_layer_style(tmp_path, selected_only):
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject

    layer = categorized(polygons_layer(), "class", STYLE_COLORS)
    layer.selectAll()
    training = QgsProcessingFeatureSourceDefinition(layer.id(), True) if selected_only else layer.id()
    try:
        saved, predicted = train_and_predict(tmp_path, training, "class")
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    expected = [STYLE_COLORS[name] for name in CLASSES]
    assert saved.class_colors == expected
    assert table_colors(predicted["OUTPUT"], [1, 2, 3, 4]) == expected
    assert qml_palette(predicted["OUTPUT"]) == [(k, color, name) for k, (color, name)
                                                in enumerate(zip(expected, CLASSES), 1)]


def test_integer_codes_of_a_memory_layer_match_their_categories(tmp_path):
    from qgis.core import QgsProject

    colors = {10: "#ff0000", 20: "#00ff00", 40: "#0000ff"}  # 30 has no category: palette colour
    layer = categorized(coded_memory_layer(), "code", colors)
    try:
        saved, predicted = train_and_predict(tmp_path, layer, "code")
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    # 30 has no category and its name says no land cover: the first palette colour (Okabe-Ito blue),
    # distinct from the three given.
    expected = ["#ff0000", "#00ff00", "#0072b2", "#0000ff"]
    assert saved.mixture.labels_.tolist() == [10, 20, 30, 40]
    assert saved.class_colors == expected
    assert table_colors(predicted["OUTPUT"], [10, 20, 30, 40]) == expected
    assert [color for _, color, _ in qml_palette(predicted["OUTPUT"])] == expected


@pytest.mark.parametrize("style_field", [None, "fid"])
def test_without_a_style_on_the_class_field_the_colours_of_the_class_names(tmp_path, style_field):
    """A file path (no renderer) or a layer styled on another field: the land-cover colours of the names."""
    from qgis.core import QgsProject

    layer = categorized(polygons_layer(), style_field, {1: "#000000", 2: "#ffffff"}) if style_field else None
    try:
        saved, predicted = train_and_predict(tmp_path, layer.id() if layer else POLYGONS, "class")
    finally:
        if layer:
            QgsProject.instance().removeMapLayer(layer.id())
    # cleared: light green (grass), fallen_dry: brown (dry soil), forest: dark green, water: blue.
    expected = ["#b8e186", "#a6761d", "#1b7837", "#1f78b4"]
    assert saved.class_colors == expected
    assert table_colors(predicted["OUTPUT"], [1, 2, 3, 4]) == expected


def test_colors_for_classes_matches_values_as_text():
    from gmmselect.raster.style import colors_for_classes

    assert colors_for_classes(["10", "20", "30"], {10.0: "#FF0000", "20": "0,0,255"}) == [
        "#ff0000", "#0000ff", "#0072b2"]


def test_french_land_cover_names_take_their_colours_and_repeated_covers_another_shade():
    from gmmselect.raster.style import colors_for_classes

    names = ["Forêt de feuillus", "FORÊT DE CONIFÈRES", "Eaux", "sol nu", "Bâti", "nuages", "ombres",
             "prairies", "forêt claire"]
    assert colors_for_classes(names) == [
        "#1b7837", "#5aae61",  # forest: dark green, then a lighter green
        "#1f78b4", "#a6761d", "#d7301f", "#ffffff", "#404040", "#b8e186",
        "#e69f00"]  # a third forest: no shade left, the first palette colour distinct from all above


def test_the_training_layer_colours_win_over_the_names():
    from gmmselect.raster.style import colors_for_classes

    assert colors_for_classes(["water", "forest"], {"water": "#ff0000"}) == ["#ff0000", "#1b7837"]
    # 'nu' and 'sol' are whole words only: 'nuance' and 'solar' name no land cover.
    assert colors_for_classes(["nuance", "solar"]) == ["#0072b2", "#e69f00"]


def test_names_without_land_cover_take_the_okabe_ito_colours_in_order_then_distinct_ones():
    from gmmselect.raster.style import DEFAULT_COLORS, colors_for_classes

    okabe_ito = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000"]
    colors = colors_for_classes([f"class {k}" for k in range(len(DEFAULT_COLORS))])
    assert colors[:8] == okabe_ito
    assert sorted(colors) == sorted(DEFAULT_COLORS)
    # Beside a water class (blue #1f78b4), Okabe-Ito's blue is too close: the orange comes first.
    assert colors_for_classes(["water", "class a"]) == ["#1f78b4", "#e69f00"]


def synthetic_mixture(n_classes, n_bands=7):
    """A mixture of `n_classes` classes over `n_bands` Landsat-like bands, fitted on random samples."""
    import numpy as np

    from gmmselect.core import GaussianMixture

    rng = np.random.default_rng(0)
    X = rng.normal(60.0, 20.0, size=(30 * n_classes, n_bands)) + np.repeat(np.arange(n_classes), 30)[:, None]
    return GaussianMixture.fit(X, np.repeat(np.arange(1, n_classes + 1), 30),
                               class_names=[f"class {k}" for k in range(n_classes)])


def test_beyond_the_palette_the_colours_come_round_again_least_used_first(tmp_path):
    """30 classes: the first 17 take the 17 palette colours as they always did, the next ones the palette
    again, spread the same way (were all Okabe-Ito blue), and the map's colour table and .qml carry them."""
    from collections import Counter

    from gmmselect.raster import predict_raster
    from gmmselect.raster.style import DISTINCT_COLORS, color_distance, colors_for_classes, parse_color

    first = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000",
             "#332288", "#44aa99", "#117733", "#999933", "#882255", "#aa4499", "#ddcc77", "#88ccee",
             "#cc6677"]
    colors = colors_for_classes([f"class {k}" for k in range(30)])
    assert colors[:17] == first and colors[17:] == first[:13]
    # Beside the colours of water and forest, the second round keeps away from them as the first did.
    named = colors_for_classes(["water", "forest"] + [f"class {k}" for k in range(20)])
    assert max(Counter(named).values()) == 2 and named[19] == "#e69f00"
    assert all(color_distance(parse_color(named[19]), parse_color(cover)) >= DISTINCT_COLORS
               for cover in named[:2])
    mixture = synthetic_mixture(20)
    predict_raster(LANDSAT, mixture, range(1, 8), str(tmp_path / "classes.tif"),
                   class_colors=colors[:20])
    labels = list(range(1, 21))
    assert table_colors(str(tmp_path / "classes.tif"), labels) == colors[:20] == first + first[:3]
    assert [color for _, color, _ in qml_palette(str(tmp_path / "classes.tif"))] == colors[:20]


def test_a_model_saved_without_colours_has_the_map_s_colours_in_its_spectra(tmp_path):
    """A model saved through the Python API (no class_colors): Predict colours its map with the palette in
    the order of its classes, and its Spectra takes the same colours (were all grey)."""
    import processing

    from gmmselect.core import SavedModel, load_model, save_model
    from gmmselect.raster.spectra import class_spectra
    from gmmselect.raster.style import DEFAULT_COLORS

    path = str(tmp_path / "api.gmm")
    save_model(path, SavedModel(synthetic_mixture(4), range(1, 8), [f"b{k}" for k in range(1, 8)], 7))
    predicted = processing.run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": path,
                                                     "OUTPUT": str(tmp_path / "classes.tif")})
    colors = table_colors(predicted["OUTPUT"], [1, 2, 3, 4])
    assert colors == DEFAULT_COLORS[:4]
    assert class_spectra(load_model(path)).colors == colors


def test_confidence_has_a_continuous_ramp_from_0_to_1(tmp_path):
    _, predicted = train_and_predict(tmp_path, POLYGONS, "class")
    root = ElementTree.parse(str(tmp_path / "confidence.qml")).getroot()
    renderer = root.find(".//rasterrenderer")
    assert renderer.get("type") == "singlebandpseudocolor"
    assert (renderer.get("classificationMin"), renderer.get("classificationMax")) == ("0", "1")
    shader = root.find(".//colorrampshader")
    assert shader.get("colorRampType") == "INTERPOLATED"
    assert (shader.get("minimumValue"), shader.get("maximumValue")) == ("0", "1")
    values = [float(item.get("value")) for item in shader]
    assert values[0] == 0 and values[-1] == 1 and values == sorted(values)


def test_outputs_loaded_from_the_gui_get_their_styles(tmp_path):
    """What the GUI does: both outputs are loaded into the project and take their QML."""
    import processing
    from processing.gui.Postprocessing import handleAlgorithmResults
    from qgis.core import (
        QgsApplication,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProcessingOutputLayerDefinition,
        QgsProject,
    )

    layer = categorized(polygons_layer(), "class", STYLE_COLORS)
    try:
        trained = processing.run("gmmselect:trainselection", {
            "INPUT": LANDSAT, "TRAINING": layer.id(), "FIELD": "class",
            "OUTPUT_MODEL": str(tmp_path / "model.gmm")})
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    project = QgsProject.instance()
    context, feedback = QgsProcessingContext(), QgsProcessingFeedback()
    context.setProject(project)
    outputs = {name: str(tmp_path / f"{name.lower()}.tif") for name in ("OUTPUT", "CONFIDENCE")}
    algorithm = QgsApplication.processingRegistry().createAlgorithmById("gmmselect:predict")
    _, ok = algorithm.run({"INPUT": LANDSAT, "MODEL": trained["OUTPUT_MODEL"],
                           **{name: QgsProcessingOutputLayerDefinition(path, project)
                              for name, path in outputs.items()}}, context, feedback)
    assert ok and handleAlgorithmResults(algorithm, context, feedback)
    loaded = {layer.source(): layer for layer in project.mapLayers().values()}
    classes, confidence = loaded[outputs["OUTPUT"]], loaded[outputs["CONFIDENCE"]]
    try:
        assert classes.renderer().type() == "paletted"
        assert [(c.label, c.color.name()) for c in classes.renderer().classes()] == [
            (name, STYLE_COLORS[name]) for name in CLASSES]
        renderer = confidence.renderer()
        assert renderer.type() == "singlebandpseudocolor"
        assert (renderer.classificationMin(), renderer.classificationMax()) == (0.0, 1.0)
        ramp = renderer.shader().rasterShaderFunction()
        assert (ramp.minimumValue(), ramp.maximumValue()) == (0.0, 1.0)
        assert ramp.colorRampType() == ramp.Interpolated
    finally:
        project.removeMapLayers([classes.id(), confidence.id()])


@pytest.mark.parametrize("names", [("classification", "confidence", "probabilities"),
                                   ("z_classes", "b_confidence", "a_probabilities")])
def test_the_classification_is_loaded_on_top_of_the_confidence_and_the_probabilities(tmp_path, names):
    """Whatever order their paths load in (QGIS loads outputs in the order of their paths), the layer tree
    shows the classification first, then the confidence, then the probabilities, all visible, in the
    results group too."""
    import processing
    from processing.core.ProcessingConfig import ProcessingConfig
    from processing.gui.Postprocessing import handleAlgorithmResults
    from qgis.core import (
        QgsApplication,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProcessingOutputLayerDefinition,
        QgsProject,
        QgsRasterLayer,
    )

    model = processing.run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class",
                                                  "TAU": "1", "OUTPUT_MODEL": str(tmp_path / "model.gmm")})[
        "OUTPUT_MODEL"]
    project = QgsProject.instance()
    other = project.addMapLayer(QgsRasterLayer(LANDSAT, "landsat"))
    for group in ("", "Results"):
        ProcessingConfig.setSettingValue(ProcessingConfig.RESULTS_GROUP_NAME, group)
        context, feedback = QgsProcessingContext(), QgsProcessingFeedback()
        context.setProject(project)
        paths = [str(tmp_path / f"{group}{name}.tif") for name in names]
        algorithm = QgsApplication.processingRegistry().createAlgorithmById("gmmselect:predict")
        _, ok = algorithm.run({"INPUT": LANDSAT, "MODEL": model, **{
            parameter: QgsProcessingOutputLayerDefinition(path, project)
            for parameter, path in zip(("OUTPUT", "CONFIDENCE", "PROBABILITIES"), paths)}}, context, feedback)
        assert ok and handleAlgorithmResults(algorithm, context, feedback)
        parent = project.layerTreeRoot().findGroup(group) if group else project.layerTreeRoot()
        shown = [node.layer().source() for node in parent.findLayers()]
        try:
            assert [path for path in shown if path in paths] == paths
            assert all(project.layerTreeRoot().findLayer(layer.id()).isVisible()
                       for layer in project.mapLayers().values() if layer.source() in paths)
            if not group:
                assert shown[-1] == LANDSAT  # the layer that was there stays below the new ones
        finally:
            project.removeMapLayers([layer.id() for layer in project.mapLayers().values()
                                     if layer.source() in paths])
    ProcessingConfig.setSettingValue(ProcessingConfig.RESULTS_GROUP_NAME, "")
    project.removeMapLayer(other.id())
