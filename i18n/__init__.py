"""The plugin's translations: `GmmSelect.tr` and the translator of the QGIS locale.

pylupdate5 files `GmmSelect.tr("...")` under the `GmmSelect` context (it would file `self.tr()`
under the class name and a bare `tr()` under `@default`); `make translations` updates
`gmmselect_fr.ts` beside this module and compiles `gmmselect_fr.qm`.
"""

import os

from qgis.core import QgsSettings
from qgis.PyQt.QtCore import QCoreApplication, QTranslator

from ..core.texts import Text, message

I18N = os.path.dirname(os.path.abspath(__file__))


class GmmSelect:
    """The plugin's translation context: pylupdate5 files `GmmSelect.tr("...")` under `GmmSelect`."""

    @staticmethod
    def tr(text):
        """Translate `text` in the GmmSelect context."""
        return QCoreApplication.translate("GmmSelect", text)


def translated(text):
    """`text` in the QGIS language when it is a core Text (its template translated, then filled with its
    values, each Text value translated in turn); any other text unchanged."""
    if not isinstance(text, Text):
        return text
    values = {name: translated(value) for name, value in text.values.items()}
    return translated_template(text).format(**values)


def translated_template(text):
    """The template of core Text `text` in the QGIS language, unfilled."""
    return QCoreApplication.translate("GmmSelect", text.template)


def error_text(error):
    """The message of `error` in the QGIS language (that of bad input, an InputError, translated)."""
    return translated(message(error))


def translated_choices(choices):
    """[(key, translated name)] of a {key: English name} of `core.choices` (marked there for pylupdate5)."""
    return [(key, GmmSelect.tr(name)) for key, name in choices.items()]


def install_translator():
    """Install the translator of the QGIS locale (`gmmselect_<xx>.qm`); None when there is none."""
    locale = str(QgsSettings().value("locale/userLocale", "") or "")[:2]
    translator = QTranslator()
    if not locale or not translator.load(os.path.join(I18N, f"gmmselect_{locale}.qm")):
        return None
    QCoreApplication.installTranslator(translator)
    return translator
