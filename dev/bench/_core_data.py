"""Data sets of the core benchmark: a seeded synthetic hyperspectral set, and the bundled Maipo scene.

Pure NumPy, so both the plugin's interpreter and the bench-only venv can load them. The synthetic set
is generated once by bench_core.py (Debian's NumPy) and saved to an .npz that every job loads, so the
two interpreters see the very same numbers whatever their NumPy versions.
"""

import os

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAIPO = os.path.join(REPO, "tests", "data", "maipo_landsat8", "maipo.npz")
MUUFL = os.path.join(REPO, "tests", "data", "muufl_field_spectra", "muufl_asd_spectra.npz")


def bumps(wavelengths, centres, widths, heights):
    """Sum of Gaussian bumps evaluated on `wavelengths`, one per (centre, width, height)."""
    z = (wavelengths[:, None] - np.asarray(centres)[None]) / np.asarray(widths)[None]
    return np.exp(-0.5 * z**2) @ np.asarray(heights, dtype=np.float64)


def vegetation(wl):
    """A vegetation-like reflectance curve: the red edge at 720 nm, the water absorptions at 1450 and 1950 nm."""
    return (0.05 + 0.30 / (1 + np.exp(-(wl - 720.0) / 15.0))
            - bumps(wl, [1450.0, 1950.0], [60.0, 80.0], [0.15, 0.20]))


def smooth_factors(rng, wl, count, widths):
    """`count` unit Gaussian bumps on `wl` as columns `(len(wl), count)`, centred anywhere in 400-2500 nm,
    their widths uniform in `widths` (nm)."""
    return np.stack([bumps(wl, [c], [w], [1.0]) for c, w in
                     zip(rng.uniform(400, 2500, count), rng.uniform(*widths, count))], axis=1)


def band_noise(wl, level):
    """Band noise standard deviations: `level`, more in the 1400 and 1900 nm water-absorption regions."""
    return level + bumps(wl, [1400.0, 1900.0], [40.0, 50.0], [0.01, 0.015])


def class_mean(rng, base, wl, scale, depth):
    """A class spectrum: `base` scaled by a factor uniform in `scale`, plus 4 bumps of heights N(0, depth^2)."""
    return base * rng.uniform(*scale) + bumps(wl, rng.uniform(400, 2500, 4), rng.uniform(40, 250, 4),
                                              rng.normal(0.0, depth, 4))


def synthetic(seed=0, n_bands=252, n_classes=16, per_class=250, n_factors=8):
    """Hyperspectral-like samples: smooth class spectra, smooth low-rank covariances, small band noise.

    Reflectance x = (1 + 0.05 z0) mu_c + B diag(s_c) z + e, on n_bands wavelengths over 400-2500 nm:
    mu_c = a shared vegetation-like curve plus 4 class-specific Gaussian bumps; B = n_factors smooth
    bumps (100-500 nm wide) shared by all classes, with class-specific scales s_c; e = band noise,
    larger in the 1400 and 1900 nm water-absorption regions. Scaled by 10,000 (as reflectance
    products are stored). Returns X `(n_classes * per_class, n_bands)`, y 0..C-1 and the wavelengths.
    """
    rng = np.random.default_rng(seed)
    wl = np.linspace(400.0, 2500.0, n_bands)
    base = vegetation(wl) - bumps(wl, [1200.0, 2200.0], [200.0, 250.0], [0.05, 0.10])
    factors = smooth_factors(rng, wl, n_factors, (100, 500))
    noise_sd = band_noise(wl, 0.004)
    X, y = [], []
    for c in range(n_classes):
        mean = class_mean(rng, base, wl, (0.8, 1.2), 0.02)
        scales = rng.uniform(0.005, 0.02, n_factors)
        brightness = 1 + 0.05 * rng.standard_normal(per_class)
        latent = rng.standard_normal((per_class, n_factors)) * scales
        noise = rng.standard_normal((per_class, n_bands)) * noise_sd
        X.append(brightness[:, None] * mean + latent @ factors.T + noise)
        y.append(np.full(per_class, c))
    return 10_000 * np.concatenate(X), np.concatenate(y), wl


def synthetic_fields(seed=7, n_bands=204, n_classes=8, fields=7, n_factors=10, alike=False):
    """A hyperspectral field scene in the regime of issue 14's 204-band scene (8 crops, 57 fields): each
    crop's fields differ from one another, so a class's spread comes from few fields.

    A field of crop c has mean (1 + 0.04 z) mu_c + B diag(b_c) z_field (b_c: the crop's field-to-field
    scales), and 60 to 199 pixels x = (1 + 0.02 z0) m_field + B diag(w_c) z + e (w_c: its within-field
    scales); mu_c, B and e as in synthetic(), with 10 smooth factors 80-400 nm wide. Returns X, y 0..C-1,
    the field of each pixel (its polygon) and the wavelengths.

    `alike`: the other regime, that of the issue's peers (a small ridge on per-class covariances ahead of
    LDA, which is ahead of QDA without one): each crop has its own factors B_c (covariances that differ in
    shape, not only in scale), its fields alike (mean (1 + 0.01 z) mu_c, b_c 0.001-0.004 instead of
    0.004-0.015), and the crops' spectra closer (mu_c's scale 0.9-1.1 instead of 0.85-1.15, bumps of
    depth 0.01 instead of 0.012). The same random stream without it.
    """
    rng = np.random.default_rng(seed)
    wl = np.linspace(400.0, 2500.0, n_bands)
    base = vegetation(wl)
    factors = smooth_factors(rng, wl, n_factors, (80, 400))
    noise_sd = band_noise(wl, 0.003)
    scale, depth, field_scale, between = (((0.9, 1.1), 0.01, 0.01, (0.001, 0.004)) if alike else
                                          ((0.85, 1.15), 0.012, 0.04, (0.004, 0.015)))
    X, y, field = [], [], []
    for c in range(n_classes):
        mean = class_mean(rng, base, wl, scale, depth)
        crop_factors = smooth_factors(rng, wl, n_factors, (80, 400)) if alike else factors
        within, spread = rng.uniform(0.003, 0.012, n_factors), rng.uniform(*between, n_factors)
        for _ in range(fields):
            n = int(rng.integers(60, 200))
            field_mean = (mean * (1 + field_scale * rng.standard_normal())
                          + crop_factors @ (spread * rng.standard_normal(n_factors)))
            latent = rng.standard_normal((n, n_factors)) * within
            brightness = 1 + 0.02 * rng.standard_normal(n)
            X.append(brightness[:, None] * field_mean + latent @ crop_factors.T
                     + rng.standard_normal((n, n_bands)) * noise_sd)
            y.append(np.full(n, c))
            field.append(np.full(n, len(field)))
    return 10_000 * np.concatenate(X), np.concatenate(y), np.concatenate(field), wl


def maipo():
    """X (7713, 64), y 0..3 and field (the polygon id of each pixel) of the bundled Maipo scene."""
    data = np.load(MAIPO)
    return data["X"].astype(np.float64), data["y"], data["field"]


def write_sets(folder):
    """Save both sets to `folder` as .npz (X, y, groups); return {name: path}."""
    os.makedirs(folder, exist_ok=True)
    paths = {}
    X, y, _ = synthetic()
    paths["synth252"] = os.path.join(folder, "synth252.npz")
    np.savez(paths["synth252"], X=X, y=y, groups=np.zeros(0))
    X, y, field = maipo()
    paths["maipo"] = os.path.join(folder, "maipo.npz")
    np.savez(paths["maipo"], X=X, y=y, groups=field)
    return paths


def write_muufl(folder):
    """Save the MUUFL field spectra (560 x 751, 28 classes) to `folder` as .npz; return its path."""
    data = np.load(MUUFL)
    path = os.path.join(folder, "muufl751.npz")
    np.savez(path, X=data["X"].astype(np.float64), y=data["y"], groups=np.zeros(0))
    return path
