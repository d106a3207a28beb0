"""Write the MUUFL field spectra as a spectral-library table (one spectrum per row):
tests/data/muufl_field_spectra/muufl_library.csv.

One row per spectrum: material (class), site (the ASD file it came from: one group), and the
reflectance every 25 nm (wl_325 ... wl_1075, values written as Python's shortest repr, so they
read back exactly). The .csvt beside it gives OGR (and QGIS) the column types.
"""

import csv
import os

import numpy as np

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "muufl_field_spectra")
STEP = 25


def main():
    """Read the npz, write the csv and csvt."""
    data = np.load(os.path.join(DATA, "muufl_asd_spectra.npz"))
    bands = np.arange(0, data["X"].shape[1], STEP)
    names = [f"wl_{data['wavelength_nm'][b]:g}" for b in bands]
    path = os.path.join(DATA, "muufl_library.csv")
    with open(path, "w", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(["material", "site", *names])
        for spectrum, label, source in zip(data["X"], data["y"], data["source"]):
            writer.writerow([data["class_names"][label], str(source).split("#")[0],
                             *(repr(float(value)) for value in spectrum[bands])])
    with open(path + "t", "w") as stream:
        stream.write(",".join(['"String"', '"String"'] + ['"Real"'] * len(bands)) + "\n")


if __name__ == "__main__":
    main()
