"""Sample design and accuracy assessment through `processing.run`, on a Predict map of the Landsat scene.

The loop a user runs: Predict -> Stratified random sample -> fill the reference field -> Assess.
The expected figures are computed here from the map's pixels (NumPy) and the sample's counts with
Olofsson et al. 2014's formulas written out (eq. 1, 2, 9, 11), not with the plugin's code.
"""

import csv
import html
import os

import numpy as np
import pytest
from osgeo import gdal, ogr
from qgis_helpers import (
    CLASSES,
    LANDSAT,
    POLYGONS,
    beyond_training_reference,
    cancel_past,
    french_translation,
    recorder,
    start_qgis,
)
from qgis_helpers import processing_exception as exception
from qgis_helpers import run_algorithm as run


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


@pytest.fixture(scope="module")
def classification(tmp_path_factory):
    """A Predict map of the Landsat scene (Train GMM, tau 1)."""
    folder = tmp_path_factory.mktemp("assess")
    model = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                                       "VALIDATION": 0, "OUTPUT_MODEL": str(folder / "m.gmm")})
    return folder, run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model["OUTPUT_MODEL"],
                                             "OUTPUT": str(folder / "classes.tif")})["OUTPUT"]


@pytest.fixture(scope="module")
def sample(classification):
    """sampledesign on the map with 'equal' allocation; the reference filled with the map's class
    name except every 5th point of each class, labelled with the next class."""
    folder, map_path = classification
    results = run("gmmselect:sampledesign", {"INPUT": map_path, "EXPECTED_UA": "0.9", "TARGET_SE": 0.02,
                                             "MIN_PER_CLASS": 10, "ALLOCATION": "equal", "SEED": 3,
                                             "OUTPUT": str(folder / "sample.gpkg")})
    source = ogr.Open(results["OUTPUT"], 1)
    layer = source.GetLayer(0)
    seen = {}
    for feature in layer:
        mapped = feature.GetField("map_class")
        seen[mapped] = seen.get(mapped, 0) + 1
        reference = mapped if seen[mapped] % 5 else mapped % len(CLASSES) + 1
        feature.SetField("reference", CLASSES[reference - 1])
        layer.SetFeature(feature)
    source = None
    return results


def test_sample_design_size_and_points(classification, sample):
    _, map_path = classification
    codes = gdal.Open(map_path).ReadAsArray()
    pixels = np.array([np.sum(codes == k) for k in range(1, 5)])
    # O14 eq. 13 with U = 0.9 (S = 0.3) for every class: (0.3 / 0.02)^2 / (1 + 0.09 / N / 0.0004)
    n = 225 / (1 + 0.09 / pixels.sum() / 0.0004)
    assert sample["N_TOTAL"] == 4 * round(np.ceil(n) / 4)
    source = ogr.Open(sample["OUTPUT"])
    layer = source.GetLayer(0)
    assert layer.GetFeatureCount() == sample["N_TOTAL"]
    assert source.GetLayer(0).GetSpatialRef().GetAuthorityCode(None) == "32622"


def test_assess_gives_the_olofsson_figures(classification, sample, tmp_path):
    _, map_path = classification
    results = run("gmmselect:assess", {
        "INPUT": map_path, "REFERENCE": sample["OUTPUT"], "FIELD": "reference",
        "OUTPUT_TABLE": str(tmp_path / "table.csv"), "OUTPUT_MATRIX": str(tmp_path / "matrix.csv"),
        "OUTPUT_REPORT": str(tmp_path / "report.html")})
    codes = gdal.Open(map_path).ReadAsArray()
    pixels = np.array([np.sum(codes == k) for k in range(1, 5)])
    weights = pixels / pixels.sum()
    n = sample["N_TOTAL"] // 4
    wrong = n // 5
    # every class: n samples, n - wrong right, wrong labelled as the next class
    users = (n - wrong) / n
    assert results["OVERALL_ACCURACY"] == pytest.approx(users)                               # eq. 1
    assert results["OVERALL_ACCURACY_CI"] == pytest.approx(
        1.959964 * np.sqrt(np.sum(weights ** 2 * users * (1 - users) / (n - 1))), rel=1e-5)  # eq. 5
    with open(results["OUTPUT_TABLE"], encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert list(rows[0]) == ["class", "map_area", "map_proportion", "sample_count", "users_accuracy",
                             "users_accuracy_ci", "producers_accuracy", "producers_accuracy_ci",
                             "estimated_area", "estimated_area_ci", "estimated_proportion"]
    assert [row["class"] for row in rows] == CLASSES
    proportions = weights * users + np.roll(weights, 1) * (1 - users)                        # eq. 9
    for k, row in enumerate(rows):
        assert float(row["map_area"]) == pixels[k] * 900.0
        assert int(row["sample_count"]) == n
        assert float(row["users_accuracy"]) == pytest.approx(users, abs=1e-6)                # eq. 2
        assert float(row["estimated_proportion"]) == pytest.approx(proportions[k], abs=1e-6)
        assert float(row["estimated_area"]) == pytest.approx(proportions[k] * pixels.sum() * 900, abs=0.01)
    with open(results["OUTPUT_MATRIX"], encoding="utf-8") as stream:
        matrix = list(csv.reader(stream))
    assert matrix[0] == ["map \\ reference (estimated area proportions)", *CLASSES, "total"]
    assert float(matrix[1][1]) == pytest.approx(weights[0] * users, abs=1e-6)
    assert float(matrix[1][2]) == pytest.approx(weights[0] * (1 - users), abs=1e-6)
    with open(results["OUTPUT_REPORT"], encoding="utf-8") as stream:
        report = stream.read()
    assert "Rows = map class, columns = reference class" in report and 'class="area-chart"' in report
    assert " ha)" in report and "Sample design" in report
    assert report_inputs(results["OUTPUT_REPORT"]) == {
        "Classification": map_path, "Reference points or polygons": sample["OUTPUT"],
        "Class field": "reference", "Features of invalid geometry": "stop the run"}


def test_a_reference_filled_in_qgis_and_not_saved_is_assessed(classification, sample, tmp_path):
    """The loop's third step done in QGIS's attribute table, not saved: every point of a copy of the sample
    given its map class as reference in the edit buffer. Assess reads what QGIS shows (overall accuracy 1,
    the log says so); the file as saved (every 5th point of a class labelled as the next) gives 1 - 1/5.
    Before, Assess read the file as saved."""
    import shutil

    from qgis.core import QgsVectorLayer

    _, map_path = classification
    shutil.copy(sample["OUTPUT"], tmp_path / "sample.gpkg")
    layer = QgsVectorLayer(str(tmp_path / "sample.gpkg"), "sample", "ogr")
    layer.startEditing()
    reference = layer.fields().indexOf("reference")
    for feature in layer.getFeatures():
        layer.changeAttributeValue(feature.id(), reference, CLASSES[feature["map_class"] - 1])
    log = recorder()
    edited = run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": layer, "FIELD": "reference",
                                      "OUTPUT_TABLE": str(tmp_path / "edited.csv")}, feedback=log)
    assert edited["OVERALL_ACCURACY"] == 1.0
    assert "REFERENCE: layer 'sample' is read as QGIS shows it: with its unsaved edits" in log.infos
    saved = run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": str(tmp_path / "sample.gpkg"),
                                     "FIELD": "reference", "OUTPUT_TABLE": str(tmp_path / "saved.csv")})
    n = sample["N_TOTAL"] // 4
    assert saved["OVERALL_ACCURACY"] == pytest.approx((n - n // 5) / n)


def test_reference_classes_the_map_lacks_leave_no_output(classification, tmp_path):
    _, map_path = classification
    reference = tmp_path / "ref.gpkg"
    source = ogr.GetDriverByName("GPKG").CreateDataSource(str(reference))
    dataset = gdal.Open(map_path)
    layer = source.CreateLayer("ref", dataset.GetSpatialRef(), ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("label", ogr.OFTString))
    g = dataset.GetGeoTransform()
    for k, label in enumerate(["forest", "forest", "cloud"]):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("label", label)
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT({g[0] + 15 + 30 * k} {g[3] - 15})"))
        layer.CreateFeature(feature)
    source = None
    table = tmp_path / "table.csv"
    with pytest.raises(exception(), match=r"Reference classes 'cloud' of field 'label' are not classes of "
                                          r"map .* \(its classes: 1 = cleared, 2 = fallen_dry, 3 = forest, "
                                          r"4 = water\); correct the reference labels"):
        run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": str(reference), "FIELD": "label",
                                 "OUTPUT_TABLE": str(table)})
    assert not table.exists()


def test_reference_polygons_of_invalid_geometry_stop_the_run_or_are_left_out_as_asked(classification,
                                                                                       tmp_path):
    """The training polygons as reference, and a bowtie (a ring crossing itself) over the first: by
    Processing's default the run stops naming it; left out (the layer's own setting), the assessment is that
    of the polygons without it. Before, the bowtie's pixels were assessed whatever the setting."""
    from qgis.core import QgsFeatureRequest, QgsProcessingFeatureSourceDefinition
    from test_raster_fixtures import with_crossing_ring

    _, map_path = classification
    polygons, fid, reason = with_crossing_ring(tmp_path / "bowtie.gpkg")
    table = tmp_path / "table.csv"
    with pytest.raises(exception()) as raised:
        run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": polygons, "FIELD": "class",
                                 "OUTPUT_TABLE": str(table)})
    assert str(raised.value).startswith(
        f"Features of layer 'training_polygons' of {polygons!r} with an invalid geometry: 1 of 37 (FIDs "
        f"{fid}; the first: {reason});")
    assert not table.exists()
    skipping = QgsProcessingFeatureSourceDefinition(
        polygons, False, -1, QgsProcessingFeatureSourceDefinition.FlagOverrideDefaultGeometryCheck,
        QgsFeatureRequest.GeometrySkipInvalid)
    left_out, without = (run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": reference, "FIELD": "class",
                                                  "OUTPUT_TABLE": str(tmp_path / f"{name}.csv")})
                         for name, reference in [("left_out", skipping), ("without", POLYGONS)])
    assert left_out["OVERALL_ACCURACY"] == without["OVERALL_ACCURACY"]
    assert (tmp_path / "left_out.csv").read_text() == (tmp_path / "without.csv").read_text()


def test_a_map_s_no_data_set_in_qgis_is_the_no_data_read(classification, tmp_path):
    """Class 4 (water) set as no-data on the map in QGIS (Layer Properties > Transparency), its strata too:
    the sample design and Assess (the training polygons as reference) read the map as QGIS shows it and say
    so; their points and tables are those of a VRT of the map holding that no-data itself, and no point lies
    on water. Before, both read the file's no-data (0) and warned."""
    from qgis.core import QgsRasterLayer, QgsRasterRange

    _, map_path = classification
    layer = QgsRasterLayer(map_path, "classes", "gdal")
    layer.dataProvider().setUserNoDataValue(1, [QgsRasterRange(4, 4)])
    written = str(tmp_path / "written.vrt")
    dataset = gdal.Translate(written, map_path, format="VRT")
    dataset.GetRasterBand(1).SetNoDataValue(4)
    dataset = None
    points, tables = {}, {}
    for name, given in [("shown", layer), ("written", written)]:
        feedback = recorder()
        design = run("gmmselect:sampledesign", {"INPUT": given, "MIN_PER_CLASS": 5, "TARGET_SE": 0.05,
                                                "SEED": 1, "OUTPUT": str(tmp_path / f"{name}.gpkg")},
                     feedback)
        source = ogr.Open(design["OUTPUT"])
        points[name] = [(feature.GetGeometryRef().ExportToWkt(), feature.GetField("map_class"))
                        for feature in source.GetLayer(0)]
        source = None
        run("gmmselect:assess", {"INPUT": given, "STRATA": given, "REFERENCE": POLYGONS, "FIELD": "class",
                                 "OUTPUT_TABLE": str(tmp_path / f"{name}.csv"),
                                 "OUTPUT_REPORT": str(tmp_path / f"{name}.html")}, feedback)
        tables[name] = (tmp_path / f"{name}.csv").read_text()
        said = "INPUT: layer 'classes' is read as QGIS shows it: no-data set in QGIS on band 1: x = 4"
        assert (feedback.infos.count(said) == 2) == (name == "shown")
        assert beyond_training_reference(feedback.warnings) == []
    assert points["shown"] == points["written"] and {code for _, code in points["shown"]} == {1, 2, 3}
    assert tables["shown"] == tables["written"]
    # the report says what it assessed, and how QGIS gave it
    shown = "no-data set in QGIS on band 1: x = 4"
    for name, given in [("shown", map_path), ("written", written)]:
        assert report_inputs(tmp_path / f"{name}.html") == {
            "Classification": given, "Reference points or polygons": POLYGONS, "Class field": "class",
            "Strata": given, **({"Classification: as QGIS gave it": shown, "Strata: as QGIS gave it": shown}
                                if name == "shown" else {}),
            "Features of invalid geometry": "stop the run"}


def assessed_warnings(tmp_path, given, reference, field="reference", strata=None):
    """The warnings of Assess on the map `given` against `reference` (its `field`), with `strata`."""
    feedback = recorder()
    run("gmmselect:assess", {"INPUT": given, "STRATA": strata, "REFERENCE": reference, "FIELD": field,
                             "OUTPUT_TABLE": str(tmp_path / "table.csv")}, feedback)
    return feedback.warnings


def report_inputs(path):
    """{label: value} of the inputs table at the top of an HTML report (test_report's parser)."""
    from test_report import parse

    return dict(parse(path)[0].tables["inputs"][0][1:])


def test_expected_accuracies_must_be_numbers(classification, tmp_path):
    _, map_path = classification
    with pytest.raises(exception(), match="EXPECTED_UA must be a list of numbers >= 0 separated by commas; "
                                          "'high' is not a number"):
        run("gmmselect:sampledesign", {"INPUT": map_path, "EXPECTED_UA": "0.8, high",
                                       "OUTPUT": str(tmp_path / "s.gpkg")})
    assert not os.path.exists(tmp_path / "s.gpkg")


def test_strata_that_differ_from_the_map(classification, sample, tmp_path):
    """STRATA = left and right halves of the scene: overall accuracy is Stehman 2014's stratified mean
    sum_h W_h ybar_h of the agreement of the points (W_h: classified pixels of half h), computed here."""
    _, map_path = classification
    dataset = gdal.Open(map_path)
    codes = dataset.ReadAsArray()
    halves = np.where(np.arange(codes.shape[1]) < codes.shape[1] // 2, 1, 2)
    strata = np.repeat(halves[None, :], codes.shape[0], axis=0)
    strata_path = str(tmp_path / "strata.tif")
    target = gdal.GetDriverByName("GTiff").Create(strata_path, codes.shape[1], codes.shape[0], 1,
                                                  gdal.GDT_Byte)
    target.SetGeoTransform(dataset.GetGeoTransform())
    target.SetProjection(dataset.GetProjection())
    target.GetRasterBand(1).WriteArray(strata.astype(np.uint8))
    target = None
    g = dataset.GetGeoTransform()
    source = ogr.Open(sample["OUTPUT"])
    agree = {1: [], 2: []}
    for feature in source.GetLayer(0):
        col = int((feature.GetGeometryRef().GetX() - g[0]) / g[1])
        mapped = CLASSES[feature.GetField("map_class") - 1]
        agree[int(halves[col])].append(mapped == feature.GetField("reference"))
    source = None
    weights = np.array([np.sum((codes > 0) & (strata == h)) for h in (1, 2)]) / np.sum(codes > 0)
    means = np.array([np.mean(agree[1]), np.mean(agree[2])])
    sizes = np.array([len(agree[1]), len(agree[2])])
    results = run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": sample["OUTPUT"], "FIELD": "reference",
                                       "STRATA": strata_path, "CONFIDENCE": 0.9,
                                       "OUTPUT_TABLE": str(tmp_path / "table.csv")})
    assert results["OVERALL_ACCURACY"] == pytest.approx(weights @ means)
    z90 = 1.644854
    assert results["OVERALL_ACCURACY_CI"] == pytest.approx(
        z90 * np.sqrt(np.sum(weights ** 2 * means * (1 - means) / (sizes - 1))), rel=1e-5)   # S14 eq. 25


def upper_half_edited(map_path, tmp_path):
    """A copy of the map with class 1 turned to class 2 on its upper half."""
    edited = str(tmp_path / "edited.tif")
    gdal.Translate(edited, map_path)
    dataset = gdal.Open(edited, gdal.GA_Update)
    codes = dataset.ReadAsArray()
    upper = np.arange(codes.shape[0])[:, None] < codes.shape[0] // 2
    dataset.GetRasterBand(1).WriteArray(np.where(upper & (codes == 1), 2, codes).astype(codes.dtype))
    return edited


def unsampled_edited(map_path, points, tmp_path, code):
    """A copy of the map where 40 pixels of class 1 that no point of `points` samples hold `code`."""
    edited = str(tmp_path / f"resized-{code}.tif")
    gdal.Translate(edited, map_path)
    dataset = gdal.Open(edited, gdal.GA_Update)
    codes = dataset.ReadAsArray()
    g = dataset.GetGeoTransform()
    source = ogr.Open(points)
    sampled = {(int((point.GetY() - g[3]) / g[5]), int((point.GetX() - g[0]) / g[1]))
               for point in (feature.GetGeometryRef() for feature in source.GetLayer(0))}
    source = None
    free = [cell for cell in zip(*np.nonzero(codes == 1)) if cell not in sampled][:40]
    codes[tuple(np.transpose(free))] = code
    dataset.GetRasterBand(1).WriteArray(codes)
    return edited


def without_sizes(points, tmp_path):
    """A copy of the sample points without their field 'stratum_pixels', as drawn before it."""
    older = str(tmp_path / "older.gpkg")
    gdal.VectorTranslate(older, points, options="-select map_class,stratum,weight,reference")
    return older


def test_a_map_edited_since_its_sample_was_drawn_is_assessed_in_the_strata_the_sample_records(
        classification, sample, tmp_path):
    """Stehman (2014): a sample drawn in the map's classes estimates another map's accuracy and areas with
    the strata it was drawn in. The sample records them (fields 'stratum' and 'stratum_pixels'): a map edited
    since (class 1 turned to 2 on its upper half; 40 unsampled pixels of class 1 turned to a new class 9) is
    assessed without STRATA to the same table and matrix, byte for byte, as with the map the sample was
    drawn on as STRATA; the log says so with the samples now in another class and the strata resized
    (English and French), no warning names the strata, and the report says which strata it took."""
    _, map_path = classification
    drawn = sample["OUTPUT"]
    codes = gdal.Open(map_path).ReadAsArray()
    ones, twos = int(np.sum(codes == 1)), int(np.sum(codes == 2))
    upper = upper_half_edited(map_path, tmp_path)
    turned = int(np.sum(gdal.Open(upper).ReadAsArray() != codes))
    g = gdal.Open(map_path).GetGeoTransform()
    source = ogr.Open(drawn)
    moved = sum(feature.GetField("stratum") == 1
                and (feature.GetGeometryRef().GetY() - g[3]) / g[5] < codes.shape[0] // 2
                for feature in source.GetLayer(0))
    source = None
    assert moved > 0
    for other, said in [(upper, f"samples now in another class: {moved}; classified pixels per class when "
                                f"drawn -> now: 1: {ones} -> {ones - turned}, 2: {twos} -> {twos + turned})"),
                        (unsampled_edited(map_path, drawn, tmp_path, 9),
                         f"samples now in another class: 0; classified pixels per class when drawn -> now: "
                         f"1: {ones} -> {ones - 40})")]:
        outputs = {}
        for strata in (None, map_path):
            folder = tmp_path / ("recorded" if strata is None else "strata")
            folder.mkdir(exist_ok=True)
            feedback = recorder()
            run("gmmselect:assess", {"INPUT": other, "STRATA": strata, "REFERENCE": drawn,
                                     "FIELD": "reference", "OUTPUT_TABLE": str(folder / "table.csv"),
                                     "OUTPUT_MATRIX": str(folder / "matrix.csv"),
                                     "OUTPUT_REPORT": str(folder / "report.html")}, feedback)
            outputs[strata] = [(folder / name).read_bytes() for name in ("table.csv", "matrix.csv")]
            assert not [line for line in feedback.warnings if "strat" in line]
            noted = [line for line in feedback.infos if line.startswith("The estimates take the strata")]
            assert len(noted) == (strata is None) and all(said in line for line in noted)
        assert outputs[None] == outputs[map_path]
        report = html.unescape((tmp_path / "recorded" / "report.html").read_text())
        assert "which differ from this map's classes" in report
        assert "stratified by the 4 strata they were drawn in, as their points record them (fields " \
               "'stratum' and 'stratum_pixels')" in report
    with french_translation():
        french = recorded_note(tmp_path, upper, drawn)
    assert french.startswith(f"Les estimations prennent les strates dans lesquelles l'échantillon de "
                             f"{drawn!r} a été tiré, telles que ses points les enregistrent (champs "
                             "'stratum' et 'stratum_pixels')")


def test_a_sample_whose_strata_fields_became_reals_or_texts_is_assessed_in_the_strata_it_records(
        classification, sample, tmp_path):
    """The sample saved through a spreadsheet or pandas, its fields 'stratum' and 'stratum_pixels' now
    reals (2.0) or texts ('2'), still records its design: assessed on an edited map, the same table as the
    integer fields' and the same log note. Before, such fields were ignored in silence and the edited map's
    classes taken as the strata (biased)."""
    _, map_path = classification
    upper = upper_half_edited(map_path, tmp_path)
    tables, notes = {}, {}
    for kind, option in [("integer", None), ("real", "-mapFieldType Integer=Real,Integer64=Real"),
                         ("text", "-fieldTypeToString Integer,Integer64")]:
        points = sample["OUTPUT"]
        if option:
            points = str(tmp_path / f"{kind}.gpkg")
            gdal.VectorTranslate(points, sample["OUTPUT"], options=option)
            source = ogr.Open(points)
            definition = source.GetLayer(0).GetLayerDefn()
            assert definition.GetFieldDefn(definition.GetFieldIndex("stratum")).GetType() == {
                "real": ogr.OFTReal, "text": ogr.OFTString}[kind]
            source = None
        notes[kind] = recorded_note(tmp_path, upper, points).replace(points, "SAMPLE")
        tables[kind] = (tmp_path / "table.csv").read_bytes()
    assert tables["real"] == tables["text"] == tables["integer"]
    assert notes["real"] == notes["text"] == notes["integer"]


def recorded_note(tmp_path, given, points):
    """Assess's log line on the strata the sample records."""
    feedback = recorder()
    run("gmmselect:assess", {"INPUT": given, "REFERENCE": points, "FIELD": "reference",
                             "OUTPUT_TABLE": str(tmp_path / "table.csv")}, feedback)
    return next(line for line in feedback.infos if "stratum_pixels" in line)


def test_a_sample_assessed_in_other_strata_than_it_was_drawn_in_is_named_in_a_warning(classification, sample,
                                                                                    tmp_path):
    """The sample drawn on the map (its points' field 'stratum'), without the strata's sizes (a sample of
    before the field 'stratum_pixels'), assessed against another map: a copy of it with class 1 turned to
    class 2 on its upper half. The points of class 1 there now lie in stratum 2 of the estimates, which weigh
    them as if drawn there: Assess names them in a warning (English and French) and the fix; with the map
    they were drawn on as STRATA, on that map, or with the sizes recorded, no warning."""
    _, map_path = classification
    other = upper_half_edited(map_path, tmp_path)
    g = gdal.Open(other).GetGeoTransform()
    codes = gdal.Open(map_path).ReadAsArray()
    drawn = sample["OUTPUT"]
    older = without_sizes(drawn, tmp_path)
    source = ogr.Open(older)
    moved = sorted(feature.GetFID() for feature in source.GetLayer(0) if feature.GetField("stratum") == 1
                   and (feature.GetGeometryRef().GetY() - g[3]) / g[5] < codes.shape[0] // 2)
    total = source.GetLayer(0).GetFeatureCount()
    source = None
    assert 0 < len(moved) < total
    fids = ", ".join(map(str, moved[:10])) + (", ..." if len(moved) > 10 else "")
    said = (f"reference points of {older!r} drawn in another stratum (their field 'stratum') than "
            f"the one the estimates give them: {len(moved)} of {total} (FIDs {fids}); was the sample drawn "
            f"on another map? The estimates take the strata of {other!r}: give the map the sample was drawn "
            "on as the strata (STRATA), or they are biased")
    for given, strata, points, warned in [(other, None, older, True), (other, map_path, older, False),
                                          (map_path, None, older, False), (other, None, drawn, False)]:
        warnings = assessed_warnings(tmp_path, given, points, strata=strata)
        assert [line for line in warnings if "another stratum" in line] == ([said] if warned else [])
    with french_translation():
        warnings = assessed_warnings(tmp_path, other, older)
    assert [line for line in warnings if "autre strate" in line] == [
        f"points de référence de {older!r} tirés dans une autre strate (leur champ 'stratum') que "
        f"celle que leur donnent les estimations : {len(moved)} sur {total} (FID {fids}) ; l'échantillon "
        f"a-t-il été tiré sur une autre carte ? Les estimations prennent les strates de {other!r} : "
        "donnez comme strates (STRATA) la carte sur laquelle l'échantillon a été tiré, sans quoi elles sont "
        "biaisées"]


def test_points_read_from_the_copy_qgis_wrote_are_named_by_their_fids_in_qgis(classification, sample,
                                                                              tmp_path):
    """The sample as a shapefile (FIDs from 0), without the strata's sizes, all but its first five points
    selected in QGIS, assessed against the map with class 1 turned to 2: QGIS writes the selection to a
    GeoPackage numbered from 1, and the warning names the points drawn in another stratum by their FIDs in
    the shapefile (the strata they were drawn in read from the copy as well). Before: by the copy's FIDs.
    With the sizes, which a shapefile names 'stratum_pi' (10 characters), the strata recorded are taken."""
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject, QgsVectorLayer

    _, map_path = classification
    other = str(tmp_path / "edited.tif")
    gdal.Translate(other, map_path)
    dataset = gdal.Open(other, gdal.GA_Update)
    codes = dataset.ReadAsArray()
    dataset.GetRasterBand(1).WriteArray(np.where(codes == 1, 2, codes).astype(codes.dtype))
    dataset = None
    shapefile, whole = str(tmp_path / "sample.shp"), str(tmp_path / "whole.shp")
    gdal.VectorTranslate(shapefile, without_sizes(sample["OUTPUT"], tmp_path))
    gdal.VectorTranslate(whole, sample["OUTPUT"])
    source = ogr.Open(shapefile)
    fids = [feature.GetFID() for feature in source.GetLayer(0)]
    moved = [feature.GetFID() for feature in source.GetLayer(0)
             if feature.GetField("stratum") == 1 and feature.GetFID() >= 5]
    source = None
    layer = QgsVectorLayer(shapefile, "my sample", "ogr")
    QgsProject.instance().addMapLayer(layer)
    layer.selectByIds(fids[5:])
    warnings = assessed_warnings(tmp_path, other, QgsProcessingFeatureSourceDefinition(layer.id(), True))
    QgsProject.instance().removeMapLayer(layer.id())
    named = [line for line in warnings if "another stratum" in line]
    assert fids[0] == 0 and len(moved) > 10 and len(named) == 1
    assert f": {len(moved)} of {len(fids) - 5} (FIDs " in named[0]
    assert f"(FIDs {', '.join(map(str, sorted(moved)[:10]))}, ...)" in named[0]
    assert not [line for line in assessed_warnings(tmp_path, other, whole) if "strat" in line]
    assert "(fields 'stratum' and 'stratum_pixels')" in recorded_note(tmp_path, other, whole)


def test_a_sample_assessed_in_strata_of_other_sizes_than_it_was_drawn_in_is_named_in_a_warning(
        classification, sample, tmp_path):
    """The sample drawn on the map, assessed against a copy of it where 40 pixels of class 1 that no point
    samples lost their class (0): every point keeps its stratum, but the estimates would weigh stratum 1 by
    the copy's pixels, and the strata the sample records (field 'stratum_pixels') no longer add up to the
    map's classified pixels. Assess names the strata and their pixels then and now (English and French); on
    the map, no warning; a sample without the field (drawn before it) is not checked."""
    _, map_path = classification
    other = unsampled_edited(map_path, sample["OUTPUT"], tmp_path, 0)
    then = int(np.sum(gdal.Open(map_path).ReadAsArray() == 1))
    sizes = f"1: {then} -> {then - 40}"
    said = (f"the strata of {other!r} are not those the sample of {sample['OUTPUT']!r} was drawn in: "
            f"classified pixels per stratum when drawn (its points' field 'stratum_pixels') -> now: {sizes}; "
            f"was the sample drawn on another map, or the map edited since? The estimates weigh the strata "
            f"by their pixels in {other!r}: give the map the sample was drawn on, as it was, as the strata "
            "(STRATA), or they are biased")
    older = without_sizes(sample["OUTPUT"], tmp_path)
    drawn = sample["OUTPUT"]
    for given, strata, points, warned in [(other, None, drawn, True), (map_path, None, drawn, False),
                                          (other, None, older, False)]:
        warnings = assessed_warnings(tmp_path, given, points, strata=strata)
        assert [line for line in warnings if "strata" in line] == ([said] if warned else [])
    with french_translation():
        warnings = assessed_warnings(tmp_path, other, drawn)
    assert [line for line in warnings if "strates" in line] == [
        f"les strates de {other!r} ne sont pas celles dans lesquelles l'échantillon de {drawn!r} a été "
        f"tiré : pixels classés par strate au tirage (champ 'stratum_pixels' de ses points) -> maintenant : "
        f"{sizes} ; l'échantillon a-t-il été tiré sur une autre carte, ou la carte modifiée depuis ? Les "
        f"estimations pondèrent les strates par leurs pixels dans {other!r} : donnez comme strates (STRATA) "
        "la carte sur laquelle l'échantillon a été tiré, telle qu'elle était, sans quoi elles sont biaisées"]


def test_reference_polygons_are_named_with_overall_accuracy_s_interval_by_polygon(classification, tmp_path):
    """The training polygons as the reference: their pixels are assessed as independent samples, and the log
    says so with overall accuracy's interval taking the polygons as the units, the delete-one-polygon
    jackknife, computed here by brute force: the data layer's assessment run again without each polygon."""
    from gmmselect.raster.assessment import assess_map

    _, map_path = classification
    feedback = recorder()
    results = run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": POLYGONS, "FIELD": "class",
                                       "OUTPUT_TABLE": str(tmp_path / "table.csv")}, feedback)
    full = assess_map(map_path, POLYGONS, "class")
    source = ogr.Open(POLYGONS)
    fids = [feature.GetFID() for feature in source.GetLayer(0)]
    source = None
    replicates = []
    for fid in fids:
        without = str(tmp_path / f"without_{fid}.gpkg")
        gdal.VectorTranslate(without, POLYGONS, options=f"-where \"fid <> {fid}\"")
        replicates.append(assess_map(map_path, without, "class").estimates.overall)
    replicates = np.array(replicates)
    se = np.sqrt((len(fids) - 1) / len(fids) * np.sum((replicates - replicates.mean()) ** 2))
    overall = results["OVERALL_ACCURACY"]
    assert [line for line in feedback.warnings if "independent samples" in line] == [
        f"the {full.samples.sum()} reference pixels of {POLYGONS!r} are taken as independent samples, but "
        f"they lie in {len(fids)} features (polygons), whose pixels are alike: taking the features as the "
        f"units sampled (delete-one-feature jackknife), overall accuracy {overall:.4f} has an interval of ± "
        f"{1.959964 * se:.4f}, against the ± {results['OVERALL_ACCURACY_CI']:.4f} given here with the pixels "
        "as units; and unless the features were drawn at random in the strata, the estimates "
        "are biased. For design-based estimates, assess with the points of a stratified random sample "
        "(Stratified random sample for an assessment)"]
    assert 1.959964 * se > 1.4 * results["OVERALL_ACCURACY_CI"]  # 0.0021 against 0.0015
    with french_translation():
        warnings = assessed_warnings(tmp_path, map_path, POLYGONS, "class")
    assert [line for line in warnings if "indépendants" in line] == [
        f"les {full.samples.sum()} pixels de référence de {POLYGONS!r} sont pris comme des échantillons "
        f"indépendants, mais ils se trouvent dans {len(fids)} entités (polygones), dont les pixels se "
        "ressemblent : en prenant les entités comme unités échantillonnées (jackknife en retirant une entité "
        f"à la fois), l'exactitude globale {overall:.4f} a un intervalle de ± "
        f"{1.959964 * se:.4f}, contre les ± {results['OVERALL_ACCURACY_CI']:.4f} donnés ici avec les pixels "
        "comme unités ; et à moins que les entités n'aient été tirées au hasard dans les strates, les "
        "estimations sont biaisées. Pour des estimations fondées sur le plan d'échantillonnage, évaluez avec "
        "les points d'un échantillon aléatoire stratifié (Échantillon aléatoire stratifié pour une "
        "évaluation)"]


def test_a_reference_the_map_s_model_was_trained_on_is_named_in_a_warning(classification, sample, tmp_path):
    """The map names its model (GDAL metadata): Assess with the layer that model was trained on (all its
    polygons: VALIDATION 0) warns that the estimates are optimistic; with the sample points, with a copy of
    the layer in another file, or once the model file is gone, it does not. A model that held polygons out
    without refitting (REFIT no) is named with the count held out (English and French)."""
    folder, map_path = classification
    model = str(folder / "m.gmm")
    said = (f"the reference {POLYGONS!r} is the layer the model of this map ({model!r}, which the map's "
            "metadata names) was trained on: every feature of it trained the model, so the accuracy and "
            "the areas estimated from it are optimistic. Assess with a reference the model did not learn "
            "from: the points of a stratified random sample (Stratified random sample for an assessment)")
    copy = str(tmp_path / "copy.gpkg")
    gdal.VectorTranslate(copy, POLYGONS)
    for reference, field, warned in [(POLYGONS, "class", True), (sample["OUTPUT"], "reference", False),
                                     (copy, "class", False)]:
        warnings = assessed_warnings(tmp_path, map_path, reference, field)
        assert [line for line in warnings if "trained on" in line] == ([said] if warned else [])
    held = str(tmp_path / "held.gmm")
    run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                               "VALIDATION": 0.3, "REFIT": False, "OUTPUT_MODEL": held})
    held_map = run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": held,
                                         "OUTPUT": str(tmp_path / "held.tif")})["OUTPUT"]
    from gmmselect.core import load_model

    count = sum(out for _, out in load_model(held).training.polygons.values())
    with french_translation():
        warnings = assessed_warnings(tmp_path, held_map, POLYGONS, "class")
    assert 0 < count < 36 and [line for line in warnings if "entraîné" in line] == [
        f"la référence {POLYGONS!r} est la couche sur laquelle le modèle de cette carte ({held!r}, que "
        f"nomment les métadonnées de la carte) a été entraîné : toutes ses entités sauf les {count} qu'il a "
        "réservées ont entraîné le modèle, et le fichier du modèle ne dit pas lesquelles, si bien que "
        "l'exactitude et les superficies estimées d'après la couche sont optimistes. Évaluez avec une "
        "référence dont le modèle n'a pas appris : les points d'un échantillon aléatoire stratifié "
        "(Échantillon aléatoire stratifié pour une évaluation)"]
    os.remove(held)
    warnings = assessed_warnings(tmp_path, held_map, POLYGONS, "class")
    assert [line for line in warnings if "trained on" in line] == []


def test_cancel_leaves_no_sample_layer(classification, tmp_path):
    _, map_path = classification
    output = tmp_path / "sample.gpkg"
    with pytest.raises(exception(), match="Canceled: no output was written"):
        run("gmmselect:sampledesign", {"INPUT": map_path, "OUTPUT": str(output)},
            feedback=cancel_past(50))
    assert not output.exists() and os.listdir(tmp_path) == []


def test_areas_of_a_map_in_degrees_keep_the_digits_of_its_pixels(classification, tmp_path):
    """The Landsat map with pixels of 0.00027 degrees (EPSG:4326), 7.29e-8 square degrees each: its areas
    are a few 1e-3 square degrees, which the table and the report gave as 0.00 and 0 (every class). They
    are now written to three digits of a pixel's area (10 decimals), the classes' map areas exactly."""
    _, map_path = classification
    degrees, side = str(tmp_path / "degrees.tif"), 0.00027
    height, width = gdal.Open(map_path).ReadAsArray().shape
    gdal.Translate(degrees, map_path, outputSRS="EPSG:4326",
                   outputBounds=[-51.0, -3.0 - side * height, -51.0 + side * width, -3.0])
    codes, pixel = gdal.Open(degrees).ReadAsArray(), side * side
    sample = run("gmmselect:sampledesign", {"INPUT": degrees, "MIN_PER_CLASS": 10, "SEED": 1,
                                            "OUTPUT": str(tmp_path / "sample.gpkg")})["OUTPUT"]
    source = ogr.Open(sample, 1)
    layer = source.GetLayer(0)
    for feature in layer:
        feature.SetField("reference", CLASSES[feature.GetField("map_class") - 1])
        layer.SetFeature(feature)
    source = None
    results = run("gmmselect:assess", {"INPUT": degrees, "REFERENCE": sample, "FIELD": "reference",
                                       "OUTPUT_TABLE": str(tmp_path / "table.csv"),
                                       "OUTPUT_REPORT": str(tmp_path / "report.html")})
    with open(results["OUTPUT_TABLE"], encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    decimals = 2 - int(np.floor(np.log10(pixel)))
    for k, row in enumerate(rows):
        expected = f"{np.sum(codes == k + 1) * pixel:.{decimals}f}"
        assert row["map_area"] == row["estimated_area"] == expected and float(expected) > 1e-4
    with open(results["OUTPUT_REPORT"], encoding="utf-8") as stream:
        report = stream.read()
    total = f"{np.sum(codes > 0) * pixel:,.{decimals}f}"
    assert f"Mapped area: {total} square degrees." in report


def test_a_confidence_of_0_999_is_said_as_99_9_percent(classification, sample, tmp_path):
    """CONFIDENCE at its maximum, 0.999, was said '100% confidence' by the log and the report (a 100 %
    interval, false); its z is 3.2905."""
    _, map_path = classification
    log = recorder()
    results = run("gmmselect:assess", {"INPUT": map_path, "REFERENCE": sample["OUTPUT"], "FIELD": "reference",
                                       "CONFIDENCE": 0.999, "OUTPUT_TABLE": str(tmp_path / "table.csv"),
                                       "OUTPUT_REPORT": str(tmp_path / "report.html")}, log)
    assert [line for line in log.infos if line.startswith("Overall accuracy")] == [
        f"Overall accuracy {results['OVERALL_ACCURACY']:.4f} ± {results['OVERALL_ACCURACY_CI']:.4f} (99.9% "
        "confidence)"]
    # the first line gave the same interval as '0.9408 +- 0.0145'
    assert [line.split("; ")[1] for line in log.infos if " reference samples in " in line] == [
        f"overall accuracy {results['OVERALL_ACCURACY']:.4f} ± {results['OVERALL_ACCURACY_CI']:.4f}"]
    with open(results["OUTPUT_REPORT"], encoding="utf-8") as stream:
        report = stream.read()
    assert "(99.9% confidence interval)" in report and "at 99.9% confidence (z = 3.2905)" in report
    assert "100%" not in report
