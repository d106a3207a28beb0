"""The class spectra of a model as plain data: what the Spectra view of the report and of the GUI draws.

The mixture of a SavedModel covers every band the training read (`band_numbers`), so its means and
covariances give, per class, the mean spectrum and the standard deviation of every band, not only
of the bands a selection kept. Bands stand at their wavelength when the model knows them, else at
their band number, in increasing order; classes in the colours Predict gives them (raster.style).
"""

from dataclasses import dataclass

import numpy as np

from .style import map_colors


@dataclass
class Spectra:
    """Class spectra over the bands read, sorted by position on the x axis.

    `x (d,)` the wavelength (`by_wavelength`) or the band number of each band, `means` and `stds`
    `(C, d)` the class means and standard deviations sqrt(S_c[b, b]) (no ridge), `names` and `colors`
    one per class, `band_labels` one per band ('5 (Band 5)'), and `chosen` [(x, order)] the bands of
    a selection at their place, `order` 1 for the first band selected (empty without a selection:
    the model then uses every band).
    """

    x: np.ndarray
    by_wavelength: bool
    means: np.ndarray
    stds: np.ndarray
    names: list
    colors: list
    band_labels: list
    chosen: list


def class_spectra(model):
    """The Spectra of a SavedModel."""
    mixture = model.mixture
    by_wavelength = bool(model.wavelengths)
    x = np.asarray(model.wavelengths if by_wavelength else model.band_numbers, dtype=np.float64)
    order = np.argsort(x, kind="stable")
    stds = np.sqrt(np.maximum(np.diagonal(mixture.covariances_, axis1=1, axis2=2), 0.0))
    chosen = ([(float(x[feature]), rank) for rank, feature in enumerate(model.features, 1)]
              if model.selection is not None else [])
    return Spectra(x=x[order], by_wavelength=by_wavelength, means=mixture.means_[:, order],
                   stds=stds[:, order], names=list(mixture.class_names_),
                   colors=map_colors(model),
                   band_labels=[model.band_label(int(k)) for k in order], chosen=chosen)


def value_limits(spectra):
    """(low, high) of every mean ± one standard deviation."""
    return float(np.min(spectra.means - spectra.stds)), float(np.max(spectra.means + spectra.stds))
