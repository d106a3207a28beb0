"""The choices a user makes by key, each with its English display name: written here once.

Keys are what the code and the parameters take ('sffs', 'jm'); the names are what a user reads.
The layers that show a name translate it (`GmmSelect.tr(name)`); `QT_TRANSLATE_NOOP` (core.texts) only
marks the literals for pylupdate5 (`make translations`).
"""

from .texts import QT_TRANSLATE_NOOP

#: Band selection methods.
METHODS = {
    "sfs": QT_TRANSLATE_NOOP("GmmSelect", "sequential forward selection"),
    "sffs": QT_TRANSLATE_NOOP("GmmSelect", "sequential floating forward selection"),
}
#: Criteria of the band selection: separabilities of the model, then cross-validated scores.
CRITERIA = {
    "jm": QT_TRANSLATE_NOOP("GmmSelect", "Jeffries-Matusita distance"),
    "kl": QT_TRANSLATE_NOOP("GmmSelect", "symmetric Kullback-Leibler divergence"),
    "accuracy": QT_TRANSLATE_NOOP("GmmSelect", "CV overall accuracy"),
    "kappa": QT_TRANSLATE_NOOP("GmmSelect", "CV Cohen's kappa"),
    "f1": QT_TRANSLATE_NOOP("GmmSelect", "CV mean F1 score"),
}
#: Criteria of the tau search: the cross-validated scores (mean over the folds).
TAU_CRITERIA = {
    "accuracy": QT_TRANSLATE_NOOP("GmmSelect", "overall accuracy"),
    "kappa": QT_TRANSLATE_NOOP("GmmSelect", "Cohen's kappa"),
    "f1": QT_TRANSLATE_NOOP("GmmSelect", "mean F1 score"),
}
#: What a reading does with a feature whose geometry GEOS finds invalid (a ring crossing itself, a hole
#: outside its shell, parts overlapping), the choices of Processing's "Invalid features filtering": read
#: it as it is (GDAL rasterises a crossing ring by the even-odd rule, as QGIS draws it), leave it out, or
#: stop.
INVALID_GEOMETRY_RULES = {
    "use": QT_TRANSLATE_NOOP("GmmSelect", "read as they are"),
    "skip": QT_TRANSLATE_NOOP("GmmSelect", "left out"),
    "stop": QT_TRANSLATE_NOOP("GmmSelect", "stop the run"),
}
#: Scales of the ridge tau R: 'auto' is relative for the default grid (TAU empty), absolute for a given TAU.
RIDGE_SCALES = {
    "auto": QT_TRANSLATE_NOOP("GmmSelect", "relative for the default grid, absolute for given values"),
    "relative": QT_TRANSLATE_NOOP("GmmSelect", "tau times each band's pooled within-class variance"),
    "absolute": QT_TRANSLATE_NOOP("GmmSelect", "tau times the identity (squared band units)"),
}
#: Default and cap of the number of bands a selection goes up to.
MAX_FEATURES = 20
