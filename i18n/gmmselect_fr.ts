<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>GmmSelect</name>
    <message>
        <location filename="../plugin.py" line="51"/>
        <source>Show selection curves…</source>
        <translation>Afficher les courbes de sélection…</translation>
    </message>
    <message>
        <location filename="../plugin.py" line="53"/>
        <source>Show the selection curves of a model file written by Train Selection</source>
        <translation>Afficher les courbes de sélection d'un fichier de modèle écrit par l'algorithme Entraîner avec sélection de bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/provider.py" line="44"/>
        <source>GMM Select</source>
        <translation>GMM Select</translation>
    </message>
    <message>
        <location filename="../algorithms/provider.py" line="48"/>
        <source>GMM Select: Gaussian mixture classification with band selection</source>
        <translation>GMM Select : classification par mélange de gaussiennes avec sélection de bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="168"/>
        <source>Input raster</source>
        <translation>Raster en entrée</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="289"/>
        <source>{0}: cannot open the raster &apos;{1}&apos;; give a raster file GDAL can read</source>
        <translation>{0} : impossible d'ouvrir le raster '{1}' ; donnez un fichier raster lisible par GDAL</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="293"/>
        <source>{0}: &apos;{1}&apos; is a {2} layer; GMM Select reads raster files through GDAL: save it as a GeoTIFF first</source>
        <translation>{0} : '{1}' est une couche {2} ; GMM Select lit les fichiers raster avec GDAL : enregistrez-la d'abord en GeoTIFF</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="247"/>
        <source>{0} must be {1} from {2:.10g} to {3:.10g}; got {4}.</source>
        <translation>{0} doit être {1} de {2:.10g} à {3:.10g} ; reçu {4}.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="248"/>
        <source>a whole number</source>
        <translation>un nombre entier</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="248"/>
        <source>a number</source>
        <translation>un nombre</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="526"/>
        <source>Canceled: no output was written.</source>
        <translation>Annulé : aucune sortie n'a été écrite.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="530"/>
        <source>a file</source>
        <translation>un fichier</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="535"/>
        <source>Not enough memory: lower MAX_SAMPLES (training) or use a smaller raster.</source>
        <translation>Mémoire insuffisante : diminuez MAX_SAMPLES (entraînement) ou utilisez un raster plus petit.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="597"/>
        <source>unknown error</source>
        <translation>erreur inconnue</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="103"/>
        <source>Predict</source>
        <translation>Prédire</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="123"/>
        <source>Model file</source>
        <translation>Fichier de modèle</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="124"/>
        <source>GMM Select model (*.gmm);;All files (*)</source>
        <translation>Modèle GMM Select (*.gmm);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="128"/>
        <source>Mask</source>
        <translation>Masque</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="132"/>
        <source>Number of selected bands to use (selection models)</source>
        <translation>Nombre de bandes sélectionnées à utiliser (modèles avec sélection)</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="176"/>
        <source>Classification</source>
        <translation>Classification</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="159"/>
        <source>Confidence</source>
        <translation>Carte de confiance</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="160"/>
        <source>Posterior probability of the winning class, in (0, 1] (Float32), styled with a continuous red (0) to green (1) ramp (.qml next to it).</source>
        <translation>Probabilité a posteriori de la classe retenue, dans (0, 1] (Float32), stylée avec une rampe continue du rouge (0) au vert (1) (.qml à côté).</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="163"/>
        <source>Class probabilities</source>
        <translation>Probabilités des classes</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="164"/>
        <source>One band per class (in the model&apos;s class order): posterior probabilities (Float32).</source>
        <translation>Une bande par classe (dans l'ordre des classes du modèle) : probabilités a posteriori (Float32).</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="166"/>
        <source>Bands used (numbers)</source>
        <translation>Bandes utilisées (numéros)</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="167"/>
        <source>Number of bands used</source>
        <translation>Nombre de bandes utilisées</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="201"/>
        <source>Classification written to {0} ({1:.2f} s)</source>
        <translation>Classification écrite dans {0} ({1:.2f} s)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="23"/>
        <source>Train GMM</source>
        <translation>Entraîner GMM</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="40"/>
        <source>Ridge values tau to try (empty = default grid)</source>
        <translation>Valeurs de crête (ridge) tau à essayer (vide = grille par défaut)</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="25"/>
        <source>overall accuracy</source>
        <translation>exactitude globale</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="26"/>
        <source>Cohen&apos;s kappa</source>
        <translation>kappa de Cohen</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="27"/>
        <source>mean F1 score</source>
        <translation>F1 moyen</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="31"/>
        <source>Train Selection</source>
        <translation>Entraîner avec sélection de bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="48"/>
        <source>Selection method</source>
        <translation>Méthode de sélection</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="12"/>
        <source>sequential forward selection</source>
        <translation>sélection séquentielle avant</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="13"/>
        <source>sequential floating forward selection</source>
        <translation>sélection séquentielle flottante avant</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="49"/>
        <source>SFS adds the best band at each step. SFFS also tries removing bands after each addition (Pudil et al. 1994): better sets, a little slower.</source>
        <translation>La sélection séquentielle avant (SFS) ajoute la meilleure bande à chaque étape. La sélection séquentielle flottante avant (SFFS) essaie aussi de retirer des bandes après chaque ajout (Pudil et al. 1994) : de meilleurs ensembles, un peu plus lentement.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="52"/>
        <source>Selection criterion</source>
        <translation>Critère de sélection</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="17"/>
        <source>Jeffries-Matusita distance</source>
        <translation>distance de Jeffries–Matusita</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="18"/>
        <source>symmetric Kullback-Leibler divergence</source>
        <translation>divergence de Kullback–Leibler symétrique</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="19"/>
        <source>CV overall accuracy</source>
        <translation>exactitude globale en validation croisée</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="20"/>
        <source>CV Cohen&apos;s kappa</source>
        <translation>kappa de Cohen en validation croisée</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="21"/>
        <source>CV mean F1 score</source>
        <translation>F1 moyen en validation croisée</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="59"/>
        <source>The selection stops at this size. 0: the number of bands, at most {0}.</source>
        <translation>La sélection s'arrête à cette taille. 0 : le nombre de bandes, au plus {0}.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="61"/>
        <source>Use the best number of bands</source>
        <translation>Utiliser le meilleur nombre de bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="64"/>
        <source>Ridge tau during selection</source>
        <translation>Crête (ridge) tau pendant la sélection</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="90"/>
        <source>Selection curve</source>
        <translation>Courbe de sélection</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="70"/>
        <source>CSV files (*.csv)</source>
        <translation>Fichiers CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="92"/>
        <source>One row per size: criterion value and the bands of the best set, by number and by name; &apos;selected&apos; marks the set the model uses.</source>
        <translation>Une ligne par taille : valeur du critère et bandes du meilleur ensemble, par numéro et par nom ; 'selected' marque l'ensemble utilisé par le modèle.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="144"/>
        <source>Training polygons or points</source>
        <translation>Polygones ou points d'entraînement</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="145"/>
        <source>Polygons (every pixel whose centre falls inside is sampled) or points (the pixel under each point), in any CRS. With &apos;Selected features only&apos;, only those are used.</source>
        <translation>Polygones (chaque pixel dont le centre tombe à l'intérieur est échantillonné) ou points (le pixel sous chaque point), dans n'importe quel SCR. Avec 'Entité(s) sélectionnée(s) uniquement', seules celles-ci sont utilisées.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="56"/>
        <source>Class field</source>
        <translation>Champ de classe</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="155"/>
        <source>Folds by polygon</source>
        <translation>Plis par polygone</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="156"/>
        <source>Keep all pixels of a polygon in the same fold. Pixels of one field are near-duplicates: splitting them inflates every accuracy.</source>
        <translation>Garde tous les pixels d'un polygone dans le même pli. Les pixels d'une même parcelle sont quasi identiques : les séparer gonfle toutes les exactitudes.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="159"/>
        <source>Share of polygons held out for validation</source>
        <translation>Part des polygones réservés à la validation</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="166"/>
        <source>Maximum samples per class (0 = all)</source>
        <translation>Nombre maximal d'échantillons par classe (0 = tous)</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="167"/>
        <source>Draw at most this many pixels per class (seeded), to bound memory and time on large training sets. 0 keeps every pixel.</source>
        <translation>Tire au plus ce nombre de pixels par classe (tirage avec graine), pour limiter la mémoire et le temps sur de grands jeux d'entraînement. 0 garde tous les pixels.</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="63"/>
        <source>Random seed</source>
        <translation>Graine aléatoire</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="199"/>
        <source>GMM Select model (*.gmm)</source>
        <translation>Modèle GMM Select (*.gmm)</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="200"/>
        <source>The trained model for Predict (.gmm: NumPy arrays and a JSON header, never pickled).</source>
        <translation>Le modèle entraîné pour l'algorithme Prédire (.gmm : tableaux NumPy et un en-tête JSON, jamais de pickle).</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="79"/>
        <source>Report</source>
        <translation>Rapport</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="79"/>
        <source>HTML files (*.html)</source>
        <translation>Fichiers HTML (*.html)</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="210"/>
        <source>Confusion matrix</source>
        <translation>Matrice de confusion</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="216"/>
        <source>Kappa</source>
        <translation>Kappa</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="84"/>
        <source>Overall accuracy</source>
        <translation>Exactitude globale</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="218"/>
        <source>Ridge tau of the model</source>
        <translation>Crête (ridge) tau du modèle</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="224"/>
        <source>Source of the accuracy figures</source>
        <translation>Source des mesures d'exactitude</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="226"/>
        <source>Bands used (names)</source>
        <translation>Bandes utilisées (noms)</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="252"/>
        <source>Class colours: the training layer&apos;s categorized style ({0} categories)</source>
        <translation>Couleurs des classes : le style catégorisé de la couche d'entraînement ({0} catégories)</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="297"/>
        <source>KAPPA = {0:.4f} and OVERALL_ACCURACY = {1:.4f} are {2}</source>
        <translation>KAPPA = {0:.4f} et OVERALL_ACCURACY = {1:.4f} sont {2}</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="299"/>
        <source>Model written to {0} ({1:.2f} s in all)</source>
        <translation>Modèle écrit dans {0} ({1:.2f} s au total)</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="246"/>
        <source>Number of selected bands</source>
        <translation>Nombre de bandes sélectionnées</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="285"/>
        <source> (best size)</source>
        <translation> (meilleure taille)</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="286"/>
        <source>{0}
Size {1}: {2:.6g}{3}
{4}</source>
        <translation>{0}
Taille {1} : {2:.6g}{3}
{4}</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="97"/>
        <source>No selection curve yet: run Train Selection or open a model file.</source>
        <translation>Pas encore de courbe de sélection : lancez l'algorithme Entraîner avec sélection de bandes ou ouvrez un fichier de modèle.</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="185"/>
        <source>{0}: best size {1}</source>
        <translation>{0} : meilleure taille {1}</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="189"/>
        <source>Best size of each curve</source>
        <translation>Meilleure taille de chaque courbe</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="230"/>
        <source>Selection curves</source>
        <translation>Courbes de sélection</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="56"/>
        <source>GMM Select: selection curves</source>
        <translation>GMM Select : courbes de sélection</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="65"/>
        <source>Hover over a point for the bands of its set. A lone curve is annotated with the bands added (+) and removed (−) at each size. ◆ marks the best size: the smallest whose value is within the size tolerance of the best.</source>
        <translation>Survolez un point pour voir les bandes de son ensemble. Une courbe seule est annotée avec les bandes ajoutées (+) et retirées (−) à chaque taille. ◆ marque la meilleure taille : la plus petite dont la valeur est dans la tolérance de taille du meilleur.</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="76"/>
        <source>Curve</source>
        <translation>Courbe</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="76"/>
        <source>Criterion</source>
        <translation>Critère</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="76"/>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="76"/>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="77"/>
        <source>Bands</source>
        <translation>Bandes</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="77"/>
        <source>Band names</source>
        <translation>Noms des bandes</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="92"/>
        <source>Curves (untick to hide):</source>
        <translation>Courbes (décocher pour masquer) :</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="94"/>
        <source>Open model…</source>
        <translation>Ouvrir un modèle…</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="95"/>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="96"/>
        <source>Clear</source>
        <translation>Tout effacer</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="109"/>
        <source>Export plot…</source>
        <translation>Exporter le graphique…</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="110"/>
        <source>Export table…</source>
        <translation>Exporter le tableau…</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="212"/>
        <source>Export the plot</source>
        <translation>Exporter le graphique</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="213"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>Image PNG (*.png);;Dessin SVG (*.svg)</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="222"/>
        <source>Cannot write {0}.</source>
        <translation>Impossible d'écrire {0}.</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="228"/>
        <source>Export the table</source>
        <translation>Exporter le tableau</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="253"/>
        <source>Open a GMM Select model</source>
        <translation>Ouvrir un modèle GMM Select</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="59"/>
        <source>+ band {0} ({1})</source>
        <translation>+ bande {0} ({1})</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="60"/>
        <source>Best set: {0}</source>
        <translation>Meilleur ensemble : {0}</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="76"/>
        <source>This model was trained without band selection (Train GMM): it has no selection curve. Choose a model written by Train Selection.</source>
        <translation>Ce modèle a été entraîné sans sélection de bandes (Entraîner GMM) : il n'a pas de courbe de sélection. Choisissez un modèle écrit par l'algorithme Entraîner avec sélection de bandes.</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="113"/>
        <source>Criterion value</source>
        <translation>Valeur du critère</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="115"/>
        <source>Different criteria: each curve is scaled from its minimum (0) to its maximum (1); the table and the CSV keep the raw values.</source>
        <translation>Critères différents : chaque courbe est mise à l'échelle de son minimum (0) à son maximum (1) ; le tableau et le CSV gardent les valeurs brutes.</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="117"/>
        <source>Criterion value (normalised)</source>
        <translation>Valeur du critère (normalisée)</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="483"/>
        <source>Linear algebra: no BLAS library found in this process</source>
        <translation>Algèbre linéaire : aucune bibliothèque BLAS trouvée dans ce processus</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="485"/>
        <source>Linear algebra: NumPy uses {0} ({1})</source>
        <translation>Algèbre linéaire : NumPy utilise {0} ({1})</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="488"/>
        <source>Linear algebra: NumPy uses the {0} ({1}), which is slow: prediction takes about 1.6 times longer. Install OpenBLAS (Debian, Ubuntu: sudo apt install {2}) and restart QGIS.</source>
        <translation>Algèbre linéaire : NumPy utilise la {0} ({1}), qui est lente : la prédiction prend environ 1,6 fois plus de temps. Installez OpenBLAS (Debian, Ubuntu : sudo apt install {2}) et redémarrez QGIS.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="315"/>
        <source>{0} would write &apos;{2}&apos;, which is a file of {1}: an output never replaces an input or another output. Choose another file name for {0}.</source>
        <translation>{0} écrirait '{2}', qui est un fichier de {1} : une sortie ne remplace jamais une entrée ni une autre sortie. Choisissez un autre nom de fichier pour {0}.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="336"/>
        <source>{0}: &apos;{1}&apos; does not end in {2}, and this output is written in that format only: give a file name ending in {2}.</source>
        <translation>{0} : '{1}' ne se termine pas par {2}, et cette sortie n'est écrite que dans ce format : donnez un nom de fichier se terminant par {2}.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="339"/>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="57"/>
        <source>Maximum number of bands (0 = min(bands, {0}))</source>
        <translation>Nombre maximal de bandes (0 = min(bandes, {0}))</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="77"/>
        <source>Selected</source>
        <translation>Sélectionné</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="36"/>
        <source>Assess accuracy and area</source>
        <translation>Évaluer l'exactitude et les superficies</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="40"/>
        <source>Estimates the accuracy of a classification map and the area of each class from a stratified random reference sample, with the good-practice estimators of Olofsson et al. (2014): the error matrix in estimated area proportions (rows = map class, columns = reference class), user&apos;s, producer&apos;s and overall accuracy, and error-adjusted class areas, each with a confidence interval. Map pixel counts are biased area estimates: report the estimated areas. With STRATA, the estimators of Stehman (2014) for strata that differ from the map classes. Map areas are counted block by block (any raster size).</source>
        <translation>Estime l'exactitude d'une carte de classification et la superficie de chaque classe à partir d'un échantillon de référence aléatoire stratifié, avec les estimateurs de bonnes pratiques d'Olofsson et al. (2014) : la matrice d'erreur en proportions de superficie estimées (lignes = classe de la carte, colonnes = classe de référence), les précisions de l'utilisateur et du producteur et l'exactitude globale, et les superficies des classes corrigées des erreurs, chacune avec un intervalle de confiance. Les comptes de pixels de la carte sont des estimations biaisées des superficies : publiez les superficies estimées. Avec STRATA, les estimateurs de Stehman (2014) pour des strates différentes des classes de la carte. Les superficies de la carte sont comptées bloc par bloc (raster de toute taille).</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="54"/>
        <source>Reference points or polygons</source>
        <translation>Points ou polygones de référence</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="59"/>
        <source>Reference class field</source>
        <translation>Champ de la classe de référence</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="60"/>
        <source>The reference class of each feature: integer codes equal to the raster&apos;s values, or names equal to its category names (as Predict writes them).</source>
        <translation>La classe de référence de chaque entité : des codes entiers égaux aux valeurs du raster, ou des noms égaux à ses noms de catégories (tels que Prédire les écrit).</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="63"/>
        <source>Strata</source>
        <translation>Strates</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="66"/>
        <source>Confidence level</source>
        <translation>Niveau de confiance</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="67"/>
        <source>Level of the confidence intervals; every _ci output is the half-width of the interval (1.96 standard errors at 0.95).</source>
        <translation>Niveau des intervalles de confiance ; chaque sortie _ci est la demi-largeur de l'intervalle (1,96 erreur type à 0,95).</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="69"/>
        <source>Accuracy and area per class</source>
        <translation>Exactitude et superficie par classe</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="71"/>
        <source>CSV, one row per class: class, map_area, map_proportion, sample_count, users_accuracy, users_accuracy_ci, producers_accuracy, producers_accuracy_ci, estimated_area, estimated_area_ci, estimated_proportion.</source>
        <translation>CSV, une ligne par classe : class, map_area, map_proportion, sample_count, users_accuracy, users_accuracy_ci, producers_accuracy, producers_accuracy_ci, estimated_area, estimated_area_ci, estimated_proportion.</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="75"/>
        <source>Error matrix in area proportions</source>
        <translation>Matrice d'erreur en proportions de superficie</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="77"/>
        <source>CSV: estimated area proportions, rows = map class, columns = reference class, with totals.</source>
        <translation>CSV : proportions de superficie estimées, lignes = classe de la carte, colonnes = classe de référence, avec les totaux.</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="86"/>
        <source>Overall accuracy: half-width of the interval</source>
        <translation>Exactitude globale : demi-largeur de l'intervalle</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="95"/>
        <source>reference layer</source>
        <translation>couche de référence</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="390"/>
        <source>{0}: the {1} has no field &apos;{2}&apos;; its fields are: {3}</source>
        <translation>{0} : la {1} n'a pas de champ '{2}' ; ses champs sont : {3}</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="394"/>
        <source>{0}: &apos;{1}&apos; is a {2} field; the class field must hold integer codes or text names</source>
        <translation>{0} : '{1}' est un champ de type {2} ; le champ de classe doit contenir des codes entiers ou des noms (texte)</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="33"/>
        <source>Stratified random sample for an assessment</source>
        <translation>Échantillon aléatoire stratifié pour une évaluation</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="37"/>
        <source>Draws the reference sample to assess a classification map: a stratified random sample whose strata are the map classes. The total size is Olofsson et al. (2014) eq. 13, from the class areas, the expected user&apos;s accuracies and the target standard error of overall accuracy. The points are distinct pixel centres; fill their &apos;reference&apos; field (by photo-interpretation or field visits), then run Assess accuracy and area with FIELD = reference.</source>
        <translation>Tire l'échantillon de référence pour évaluer une carte de classification : un échantillon aléatoire stratifié dont les strates sont les classes de la carte. La taille totale est l'éq. 13 d'Olofsson et al. (2014), à partir des superficies des classes, des précisions de l'utilisateur attendues et de l'erreur type visée de l'exactitude globale. Les points sont des centres de pixels distincts ; remplissez leur champ 'reference' (par photo-interprétation ou visites de terrain), puis lancez Évaluer l'exactitude et les superficies avec FIELD = reference.</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="48"/>
        <source>Expected user&apos;s accuracies</source>
        <translation>Précisions de l'utilisateur attendues</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="49"/>
        <source>One value for every class, or one per class in the order of the raster&apos;s class values, comma-separated (e.g. 0.7,0.6,0.9,0.95). Lower values for classes expected to be less accurate give them more weight in the sample size.</source>
        <translation>Une valeur pour toutes les classes, ou une par classe dans l'ordre des valeurs de classe du raster, séparées par des virgules (p. ex. 0.7,0.6,0.9,0.95). Des valeurs plus basses pour les classes qu'on attend moins exactes leur donnent plus de poids dans la taille de l'échantillon.</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="52"/>
        <source>Target standard error of overall accuracy</source>
        <translation>Erreur type visée de l'exactitude globale</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="53"/>
        <source>The standard error of overall accuracy the sample should achieve (0.01: a 95 % interval of about ± 0.02).</source>
        <translation>L'erreur type de l'exactitude globale que l'échantillon doit atteindre (0,01 : un intervalle à 95 % d'environ ± 0,02).</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="55"/>
        <source>Minimum samples per class</source>
        <translation>Nombre minimal d'échantillons par classe</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="59"/>
        <source>Allocation</source>
        <translation>Répartition</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="60"/>
        <source>the minimum per class, the rest proportional to area</source>
        <translation>le minimum par classe, le reste proportionnel à la superficie</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="61"/>
        <source>the same number per class</source>
        <translation>le même nombre par classe</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="62"/>
        <source>How the sample is shared among the classes.</source>
        <translation>Comment l'échantillon est réparti entre les classes.</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="64"/>
        <source>The same seed draws the same points.</source>
        <translation>La même graine tire les mêmes points.</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="66"/>
        <source>Sample points</source>
        <translation>Points de l'échantillon</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="70"/>
        <source>Number of sample points</source>
        <translation>Nombre de points de l'échantillon</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="92"/>
        <source>{0} points written to {1} (Olofsson 2014 eq. 13: {2}; allocation {3})</source>
        <translation>{0} points écrits dans {1} (Olofsson 2014 éq. 13 : {2} ; répartition {3})</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="309"/>
        <source>training layer</source>
        <translation>couche d'entraînement</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="53"/>
        <source>jm and kl are computed from the class statistics (fast). accuracy, kappa and f1 are means over the cross-validation folds (FOLDS = 0: of the pooled leave-one-out predictions).</source>
        <translation>jm et kl sont calculés à partir des statistiques des classes (rapide). accuracy, kappa et f1 sont des moyennes sur les plis de la validation croisée (FOLDS = 0 : celles des prédictions leave-one-out cumulées).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="35"/>
        <source>Train Selection from a Table of Spectra</source>
        <translation>Entraîner avec sélection de bandes à partir d'une table de spectres</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="51"/>
        <source>Spectral library (table)</source>
        <translation>Bibliothèque spectrale (table)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="52"/>
        <source>One row per spectrum: a class field and one numeric field per band. Any vector layer or table; a CSV needs its column types (a .csvt file beside it, or open it as a delimited text layer).</source>
        <translation>Une ligne par spectre : un champ de classe et un champ numérique par bande. Toute couche vecteur ou table ; un CSV a besoin des types de ses colonnes (un fichier .csvt à côté, ou ouvrez-le comme couche de texte délimité).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="60"/>
        <source>Band fields</source>
        <translation>Champs des bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="65"/>
        <source>Group field</source>
        <translation>Champ de groupe</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="67"/>
        <source>Optional: spectra with the same value (e.g. one site, one sample, one file) stay together in one fold and on one side of the hold-out. Empty: each spectrum alone.</source>
        <translation>Facultatif : les spectres de même valeur (p. ex. un site, un échantillon, un fichier) restent ensemble dans un pli et du même côté de la réserve de validation. Vide : chaque spectre seul.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="70"/>
        <source>Band wavelengths</source>
        <translation>Longueurs d'onde des bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="77"/>
        <source>Share of spectra (or groups) held out for validation</source>
        <translation>Part des spectres (ou des groupes) réservés à la validation</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="88"/>
        <source>Cross-validation folds (0 = leave-one-out)</source>
        <translation>Plis de la validation croisée (0 = leave-one-out)</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="150"/>
        <source>Default: {0}.</source>
        <translation>Par défaut : {0}.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="551"/>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="551"/>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="255"/>
        <source>Class colours: from the class names where they name a land cover (water, forest, eau, forêt...), else a palette for colour-blind eyes (the training layer has no categorized style on the class field)</source>
        <translation>Couleurs des classes : celles des occupations du sol que nomment les noms des classes (eau, forêt, water, forest...), sinon une palette lisible par les daltoniens (la couche d'entraînement n'a pas de style catégorisé sur le champ de classe)</translation>
    </message>
    <message>
        <location filename="../gui/dialog.py" line="64"/>
        <source>Spectra</source>
        <translation>Spectres</translation>
    </message>
    <message>
        <location filename="../gui/spectra.py" line="50"/>
        <source>No model yet: run Train Selection or open a model file.</source>
        <translation>Pas encore de modèle : lancez Entraîner avec sélection de bandes ou ouvrez un fichier de modèle.</translation>
    </message>
    <message>
        <location filename="../gui/spectra.py" line="87"/>
        <source>Wavelength</source>
        <translation>Longueur d'onde</translation>
    </message>
    <message>
        <location filename="../gui/spectra.py" line="87"/>
        <source>Band number</source>
        <translation>Numéro de bande</translation>
    </message>
    <message>
        <location filename="../gui/spectra.py" line="94"/>
        <source>Band value</source>
        <translation>Valeur de la bande</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="47"/>
        <source>en</source>
        <translation>fr</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="49"/>
        <source>Raster</source>
        <translation>Raster</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="50"/>
        <source>Spectral library</source>
        <translation>Bibliothèque spectrale</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="54"/>
        <source>Created (UTC)</source>
        <translation>Créé (UTC)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="55"/>
        <source>Algorithm</source>
        <translation>Algorithme</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="61"/>
        <source>Inputs and parameters</source>
        <translation>Entrées et paramètres</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="62"/>
        <source>parameter</source>
        <translation>paramètre</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="63"/>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="66"/>
        <source>empty</source>
        <translation>vide</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="75"/>
        <source>Training samples per class</source>
        <translation>Échantillons d'entraînement par classe</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="76"/>
        <source>class</source>
        <translation>classe</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="77"/>
        <source>colour</source>
        <translation>couleur</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="78"/>
        <source>training samples</source>
        <translation>échantillons d'entraînement</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="80"/>
        <source>held-out samples</source>
        <translation>échantillons réservés</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="82"/>
        <source>total</source>
        <translation>total</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="84"/>
        <source>{method} ({method_key}), criterion: {criterion} ({criterion_key}). The best size is the smallest within {tolerance} (relative) of the best value: {best}.</source>
        <translation>{method} ({method_key}), critère : {criterion} ({criterion_key}). La meilleure taille est la plus petite à moins de {tolerance} (en relatif) de la meilleure valeur : {best}.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="87"/>
        <source>For these classes and their priors the criterion is at most {ceiling} (every pair of classes fully separated).</source>
        <translation>Pour ces classes et leurs probabilités a priori, le critère vaut au plus {ceiling} (toutes les paires de classes parfaitement séparées).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="90"/>
        <source>number of bands</source>
        <translation>nombre de bandes</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="91"/>
        <source>best set: band number (name)</source>
        <translation>meilleur ensemble : numéro de bande (nom)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="92"/>
        <source>chosen</source>
        <translation>choisi</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="94"/>
        <source>Mean spectrum of each class (line) ± one standard deviation (shaded), over every band read; the selected bands are the vertical lines, numbered in their order of selection.</source>
        <translation>Spectre moyen de chaque classe (ligne) ± un écart type (zone ombrée), sur toutes les bandes lues ; les bandes sélectionnées sont les lignes verticales, numérotées dans leur ordre de sélection.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="98"/>
        <source>Mean spectrum of each class (line) ± one standard deviation (shaded); the model uses every band.</source>
        <translation>Spectre moyen de chaque classe (ligne) ± un écart type (zone ombrée) ; le modèle utilise toutes les bandes.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="101"/>
        <source>wavelength</source>
        <translation>longueur d'onde</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="102"/>
        <source>band number</source>
        <translation>numéro de bande</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="103"/>
        <source>band value</source>
        <translation>valeur de la bande</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="104"/>
        <source>Bands used</source>
        <translation>Bandes utilisées</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="105"/>
        <source>order of selection</source>
        <translation>ordre de sélection</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="106"/>
        <source>position</source>
        <translation>position</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="107"/>
        <source>name</source>
        <translation>nom</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="108"/>
        <source>Wavelengths: not in the raster&apos;s metadata.</source>
        <translation>Longueurs d'onde : absentes des métadonnées du raster.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="159"/>
        <source>tau (the grid&apos;s values, evenly spaced)</source>
        <translation>tau (les valeurs de la grille, régulièrement espacées)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="196"/>
        <source>figure</source>
        <translation>indicateur</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="198"/>
        <source>kappa</source>
        <translation>kappa</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="199"/>
        <source>mean F1</source>
        <translation>F1 moyen</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="203"/>
        <source>reference \ predicted</source>
        <translation>référence \ prédit</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="204"/>
        <source>producer&apos;s accuracy</source>
        <translation>précision du producteur</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="205"/>
        <source>user&apos;s accuracy</source>
        <translation>précision de l'utilisateur</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="206"/>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="207"/>
        <source>Warnings</source>
        <translation>Avertissements</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="208"/>
        <source>Timings</source>
        <translation>Durées</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="209"/>
        <source>step</source>
        <translation>étape</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="210"/>
        <source>seconds</source>
        <translation>secondes</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="211"/>
        <source>sampling</source>
        <translation>échantillonnage</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="213"/>
        <source>band selection</source>
        <translation>sélection de bandes</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="215"/>
        <source>cross-validation</source>
        <translation>validation croisée</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="216"/>
        <source>final fit</source>
        <translation>ajustement final</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="217"/>
        <source>held-out assessment</source>
        <translation>évaluation sur les données réservées</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="92"/>
        <source>pixels</source>
        <translation>pixels</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="221"/>
        <source>square {unit}</source>
        <translation>{unit} carrés</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="222"/>
        <source>Overall accuracy &lt;b&gt;{overall}&lt;/b&gt; ({confidence} confidence interval), from {samples} reference samples of {reference} (field {field}), stratified by {strata}. Mapped area: {area}.</source>
        <translation>Exactitude globale &lt;b&gt;{overall}&lt;/b&gt; (intervalle de confiance à {confidence}), à partir de {samples} échantillons de référence de {reference} (champ {field}), stratifiés par {strata}. Superficie cartographiée : {area}.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="226"/>
        <source>the map classes</source>
        <translation>les classes de la carte</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="227"/>
        <source>the {count} strata of {path}</source>
        <translation>les {count} strates de {path}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="228"/>
        <source>Error matrix in estimated area proportions</source>
        <translation>Matrice d'erreur en proportions de superficie estimées</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="235"/>
        <source>map \ reference</source>
        <translation>carte \ référence</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="236"/>
        <source>Areas and accuracies per class</source>
        <translation>Superficies et exactitudes par classe</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="237"/>
        <source>Intervals are ± their half-width at {confidence} confidence (z = {z}). Map areas count the pixels of each class: they are biased by the classification errors. Estimated areas are the error-adjusted areas (Olofsson et al. 2014, eq. 9-12).</source>
        <translation>Les intervalles sont ± leur demi-largeur à {confidence} de confiance (z = {z}). Les superficies de la carte comptent les pixels de chaque classe : elles sont biaisées par les erreurs de classification. Les superficies estimées sont les superficies corrigées des erreurs (Olofsson et al. 2014, éq. 9-12).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="241"/>
        <source>map area</source>
        <translation>superficie de la carte</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="242"/>
        <source>estimated area</source>
        <translation>superficie estimée</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="243"/>
        <source>samples (map class)</source>
        <translation>échantillons (classe de la carte)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="244"/>
        <source>estimated area ± interval</source>
        <translation>superficie estimée ± intervalle</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="245"/>
        <source>area ({unit})</source>
        <translation>superficie ({unit})</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="246"/>
        <source>Sample design</source>
        <translation>Plan d'échantillonnage</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="247"/>
        <source>Stratified random sample; the strata are the map classes.</source>
        <translation>Échantillon aléatoire stratifié ; les strates sont les classes de la carte.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="249"/>
        <source>Stratified random sample; the strata ({path}) differ from the map classes: Stehman (2014)&apos;s estimators.</source>
        <translation>Échantillon aléatoire stratifié ; les strates ({path}) diffèrent des classes de la carte : estimateurs de Stehman (2014).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="252"/>
        <source>stratum</source>
        <translation>strate</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="253"/>
        <source>area share W_h</source>
        <translation>part de superficie W_h</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="254"/>
        <source>samples n_h</source>
        <translation>échantillons n_h</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="255"/>
        <source>weight N_h / n_h</source>
        <translation>poids N_h / n_h</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="137"/>
        <source>Band map (model band=raster band)</source>
        <translation>Correspondance des bandes (bande du modèle=bande du raster)</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="145"/>
        <source>Dask scheduler address</source>
        <translation>Adresse de l'ordonnanceur Dask</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="146"/>
        <source>Empty: classify on this machine. An address such as &apos;tcp://10.0.0.5:8786&apos; (printed by &apos;dask scheduler&apos;): the workers of that Dask cluster classify the raster in tiles, with the same result. The raster, the mask and the output&apos;s folder must be at paths every worker sees, and GMM Select must be importable there.</source>
        <translation>Vide : classer sur cette machine. Une adresse telle que 'tcp://10.0.0.5:8786' (affichée par 'dask scheduler') : les workers de cette grappe Dask classent le raster par tuiles, avec le même résultat. Le raster, le masque et le dossier de la sortie doivent se trouver à des chemins que chaque worker voit, et GMM Select doit pouvoir y être importé.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="48"/>
        <source>Empty: alpha = 0 and alpha*. Every (alpha, tau) pair of the two grids is cross-validated (one eigen decomposition per class, fold and alpha serves every tau); one value of each: no search.</source>
        <translation>Vide : alpha = 0 et alpha*. Chaque couple (alpha, tau) des deux grilles est évalué par validation croisée (une décomposition en valeurs propres par classe, pli et alpha sert pour tous les tau) ; une seule valeur de chacun : pas de recherche.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="79"/>
        <source>Per class, this share of the rows (of the groups with GROUP_FIELD; rounded; seeded) is held out: never seen by the selection or the assessed fit, it gives an independent accuracy assessment (REFIT then refits the saved model on all rows). 0 = no hold-out: the accuracy outputs are then the cross-validation estimate.</source>
        <translation>Par classe, cette part des lignes (des groupes avec GROUP_FIELD ; arrondie ; tirage avec graine) est réservée à la validation : jamais vue par la sélection ni par l'ajustement évalué, elle donne une évaluation indépendante de l'exactitude (REFIT réajuste ensuite le modèle enregistré sur toutes les lignes). 0 = aucune réserve : les sorties d'exactitude sont alors l'estimation par validation croisée.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="161"/>
        <source>Per class, this share of the polygons (rounded; seeded) is held out: never seen by the (alpha, tau) search, the selection or the assessed fit, it gives an independent accuracy assessment (REFIT then refits the saved model on all polygons). 0 = no hold-out: the accuracy outputs are then the cross-validation estimate.</source>
        <translation>Par classe, cette part des polygones (arrondie ; tirage avec graine) est réservée comme polygones de validation : jamais vus par la recherche de (alpha, tau), la sélection ni l'ajustement évalué, ils donnent une évaluation indépendante de l'exactitude (REFIT réajuste ensuite le modèle enregistré sur tous les polygones). 0 = aucun polygone réservé : les sorties d'exactitude sont alors l'estimation par validation croisée.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="221"/>
        <source>Shrinkage alpha of the model</source>
        <translation>Rétrécissement alpha du modèle</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="56"/>
        <source>Kappa &lt;b&gt;{kappa}&lt;/b&gt;, overall accuracy &lt;b&gt;{accuracy}&lt;/b&gt;, {how}. {classes} classes, {used} of {bands} bands used, alpha = {alpha}, tau = {tau}.</source>
        <translation>Kappa &lt;b&gt;{kappa}&lt;/b&gt;, exactitude globale &lt;b&gt;{accuracy}&lt;/b&gt;, {how}. {classes} classes, {used} bandes utilisées sur {bands}, alpha = {alpha}, tau = {tau}.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="109"/>
        <source>Shrinkage alpha and ridge tau</source>
        <translation>Rétrécissement alpha et crête tau</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="110"/>
        <source>The covariances (1 - alpha) S_c + alpha S_pooled + tau I with alpha = {alpha}, tau = {tau}</source>
        <translation>Les covariances (1 - alpha) S_c + alpha S_pooled + tau I avec alpha = {alpha}, tau = {tau}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="118"/>
        <source>{blend}, both given (ALPHA, TAU): the band selection and the model use them; no search.</source>
        <translation>{blend}, tous deux donnés (ALPHA, TAU) : la sélection de bandes et le modèle les utilisent ; pas de recherche.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="121"/>
        <source>{blend}, given (ALPHA, TAU): one value each, no search.</source>
        <translation>{blend}, donnés (ALPHA, TAU) : une valeur chacun, pas de recherche.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="123"/>
        <source>{blend}, chosen {how}.</source>
        <translation>{blend}, choisis {how}.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="124"/>
        <source>{blend}. alpha was chosen {how} over all bands, before the selection; the selection and the model use it with tau given (TAU).</source>
        <translation>{blend}. alpha a été choisi {how} sur toutes les bandes, avant la sélection ; la sélection et le modèle l'utilisent avec le tau donné (TAU).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="155"/>
        <source>{criterion} over alpha and tau</source>
        <translation>{criterion} selon alpha et tau</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="156"/>
        <source>tau (columns), alpha (rows); pale: {low}, deep: {high}</source>
        <translation>tau (colonnes), alpha (lignes) ; clair : {low}, foncé : {high}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="158"/>
        <source>{criterion} over tau at alpha = {alpha}:</source>
        <translation>{criterion} selon tau pour alpha = {alpha} :</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="212"/>
        <source>(alpha, tau) search</source>
        <translation>recherche de (alpha, tau)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="163"/>
        <source>The curve and the surface mark tau = {tau}, the given TAU the model uses (the search&apos;s best tau at this alpha is {best}).</source>
        <translation>La courbe et la surface marquent tau = {tau}, le TAU donné qu'utilise le modèle (le meilleur tau de la recherche à cet alpha est {best}).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="166"/>
        <source>The model uses the given TAU, tau = {tau}, which is not on the search&apos;s grid: no point is marked (the search&apos;s best tau at this alpha is {best}).</source>
        <translation>Le modèle utilise le TAU donné, tau = {tau}, qui n'est pas sur la grille de la recherche : aucun point n'est marqué (le meilleur tau de la recherche à cet alpha est {best}).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="169"/>
        <source>used</source>
        <translation>utilisé</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="15"/>
        <source>only one of raster and vector has a CRS ({raster_crs} vs {vector_crs}): the vector&apos;s coordinates are taken as the raster&apos;s</source>
        <translation>seul le raster ou le vecteur a un SCR ({raster_crs} contre {vector_crs}) : les coordonnées du vecteur sont prises comme celles du raster</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="20"/>
        <source>{count} features of {vector} have no geometry and were skipped</source>
        <translation>{count} entités de {vector} n'ont pas de géométrie et ont été ignorées</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="25"/>
        <source>{count} of the {total} features of {vector} lie outside raster {raster} and give no sample</source>
        <translation>{count} des {total} entités de {vector} sont hors du raster {raster} et ne donnent aucun échantillon</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="32"/>
        <source>{count} features of {vector} cannot be reprojected to the raster's CRS (FIDs {fids}): their coordinates are not valid in the CRS the layer declares; they give no sample. Check the layer's CRS</source>
        <translation>{count} entités de {vector} ne peuvent pas être reprojetées dans le SCR du raster (FID {fids}) : leurs coordonnées ne sont pas valides dans le SCR que déclare la couche ; elles ne donnent aucun échantillon. Vérifiez le SCR de la couche</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="41"/>
        <source>{count} pixels covered by features of different classes were dropped</source>
        <translation>{count} pixels couverts par des entités de classes différentes ont été écartés</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="46"/>
        <source>{count} features over the raster cover no pixel centre (smaller or thinner than a pixel); enlarge them or use all_touched</source>
        <translation>{count} entités sur le raster ne couvrent aucun centre de pixel (plus petites ou plus fines qu'un pixel) ; agrandissez-les ou utilisez all_touched</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="52"/>
        <source>class &apos;{name}&apos; has {count} polygon(s): none held out, so the held-out accuracy does not cover it</source>
        <translation>la classe '{name}' a {count} polygone(s) : aucun n'est réservé, l'exactitude sur les polygones réservés ne la couvre donc pas</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="68"/>
        <source>the map is in a geographic CRS: areas are in square degrees, which vary with latitude; reproject the map to an equal-area projection for areas</source>
        <translation>la carte est dans un SCR géographique : les superficies sont en degrés carrés, qui varient avec la latitude ; reprojetez la carte dans une projection équivalente pour les superficies</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="71"/>
        <source>the map has no georeferencing: areas are in pixels</source>
        <translation>la carte n'est pas géoréférencée : les superficies sont en pixels</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="73"/>
        <source>the map has no CRS: areas are in square map units</source>
        <translation>la carte n'a pas de SCR : les superficies sont en unités de carte au carré</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="75"/>
        <source>GDAL reads band {band} of raster {raster} as its alpha band, so the pixels where that band is 0 are left out as no-data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told otherwise), make it a data band (gdal_edit.py -colorinterp_&lt;band&gt; undefined &lt;file&gt;) and run again</source>
        <translation>GDAL lit la bande {band} du raster {raster} comme sa bande alpha : les pixels où cette bande vaut 0 sont écartés comme sans donnée ; si elle contient des données (GDAL écrit un GeoTIFF Byte de 4 bandes en RVBA sauf indication contraire), faites-en une bande de données (gdal_edit.py -colorinterp_&lt;band&gt; undefined &lt;file&gt;) et relancez</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="80"/>
        <source>class names {names} differ only in case, spacing or Unicode form: they are {count} different classes; if they are one class, give its features one spelling</source>
        <translation>les noms de classe {names} ne diffèrent que par la casse, les espaces ou la forme Unicode : ce sont {count} classes différentes ; s'il s'agit d'une seule classe, écrivez-la de la même façon pour toutes ses entités</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="76"/>
        <source>Scale of the ridge tau</source>
        <translation>Échelle de la crête tau</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="31"/>
        <source>relative for the default grid, absolute for given values</source>
        <translation>relative pour la grille par défaut, absolue pour des valeurs données</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="32"/>
        <source>tau times each band&apos;s pooled within-class variance</source>
        <translation>tau fois la variance intra-classe commune de chaque bande</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="33"/>
        <source>tau times the identity (squared band units)</source>
        <translation>tau fois l'identité (unités de bande au carré)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="113"/>
        <source>The covariances (1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled) (a ridge relative to each band&apos;s pooled within-class variance) with alpha = {alpha}, tau = {tau}</source>
        <translation>Les covariances (1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled) (une crête relative à la variance intra-classe commune de chaque bande) avec alpha = {alpha}, tau = {tau}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="117"/>
        <source>{tau} x each band&apos;s pooled within-class variance</source>
        <translation>{tau} x la variance intra-classe commune de chaque bande</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="160"/>
        <source>tau, a fraction of each band&apos;s pooled within-class variance (the grid&apos;s values, evenly spaced)</source>
        <translation>tau, une fraction de la variance intra-classe commune de chaque bande (les valeurs de la grille, régulièrement espacées)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="27"/>
        <source>Learns one Gaussian per class (mean and covariance of its training pixels) from polygons or points over a raster, on all bands, and saves the model for Predict. Pixels are classified by the maximum a posteriori rule. Each covariance is shrunk toward the pooled covariance and gets a ridge, (1 - alpha) S_c + alpha S_pooled + tau R, alpha and tau chosen together on a grid by k-fold cross-validation (by polygon); R is the diagonal of S_pooled, so tau is the same fraction of every band&apos;s variance (RIDGE_SCALE). A share of the polygons of each class can be held out for an independent accuracy assessment; the final model is then refitted on all polygons (REFIT).</source>
        <translation>Classification supervisée : apprend une gaussienne par classe (moyenne et covariance de ses pixels d'entraînement) à partir de polygones ou de points sur un raster, sur toutes les bandes, et enregistre le modèle pour l'algorithme Prédire. Les pixels sont classés par la règle du maximum a posteriori. Chaque covariance est rétrécie vers la covariance commune et reçoit une crête (ridge), (1 - alpha) S_c + alpha S_pooled + tau R, alpha et tau étant choisis ensemble sur une grille par validation croisée à k plis (par polygone) ; R est la diagonale de S_pooled, de sorte que tau est la même fraction de la variance de chaque bande (RIDGE_SCALE). Une part des polygones de chaque classe peut être réservée comme polygones de validation pour une évaluation indépendante de l'exactitude ; le modèle final est ensuite réajusté sur tous les polygones (REFIT).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="41"/>
        <source>Numbers &gt;= 0 separated by commas, e.g. &apos;0, 0.01, 1&apos;, in squared band units (or, with RIDGE_SCALE relative, fractions of each band&apos;s pooled within-class variance). Empty: 0 and 15 values from 1e-7 to 1, relative to each band&apos;s pooled within-class variance (RIDGE_SCALE auto or relative; absolute: times the mean band variance). One value: that tau, no search.</source>
        <translation>Nombres &gt;= 0 séparés par des virgules, p. ex. '0, 0.01, 1', en unités de bande au carré (ou, avec RIDGE_SCALE relative, en fractions de la variance intra-classe commune de chaque bande). Vide : 0 et 15 valeurs de 1e-7 à 1, relatives à la variance intra-classe commune de chaque bande (RIDGE_SCALE auto ou relative ; absolute : fois la variance moyenne des bandes). Une seule valeur : ce tau, sans recherche.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="77"/>
        <source>relative: the ridge is tau times each band&apos;s pooled within-class variance, (1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled): the same fraction of every band&apos;s variance, whatever its units (as if every band were standardised). absolute: tau I, in squared band units (the ridge of earlier versions). auto (default): relative when tau is searched on the default grid (TAU empty in Train GMM), absolute for given TAU values (always in Train Selection, whose alpha search then runs in the same units), so a TAU given before keeps its meaning; choose relative to give a relative tau (e.g. one read in a report).</source>
        <translation>relative : la crête vaut tau fois la variance intra-classe commune de chaque bande, (1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled) : la même fraction de la variance de chaque bande, quelles que soient ses unités (comme si chaque bande était standardisée). absolute : tau I, en unités de bande au carré (la crête des versions précédentes). auto (par défaut) : relative quand tau est recherché sur la grille par défaut (TAU vide dans Entraîner GMM), absolute pour des valeurs de TAU données (toujours dans Entraîner avec sélection de bandes, dont la recherche de alpha se fait alors dans les mêmes unités), de sorte qu'un TAU donné auparavant garde son sens ; choisir relative pour donner un tau relatif (p. ex. lu dans un rapport).</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="223"/>
        <source>Scale of the model&apos;s tau (relative or absolute)</source>
        <translation>Échelle du tau du modèle (relative ou absolute)</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="116"/>
        <source>Repetitions of the cross-validation of the (alpha, tau) search</source>
        <translation>Répétitions de la validation croisée de la recherche (alpha, tau)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="79"/>
        <source>Search the model&apos;s alpha and tau on the selected bands</source>
        <translation>Chercher l'alpha et le tau du modèle sur les bandes sélectionnées</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="214"/>
        <source>(alpha, tau) search on the selected bands</source>
        <translation>recherche de (alpha, tau) sur les bandes sélectionnées</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="59"/>
        <source>class &apos;{name}&apos; has {count} training polygon(s) for {folds} folds: {empty} of the folds test none of it and each of the others takes a large share of it away; with so few polygons, leave-one-polygon-out (FOLDS = 0) gives the steadier cross-validation</source>
        <translation>la classe '{name}' a {count} polygone(s) d'entraînement pour {folds} plis : {empty} des plis n'en testent aucun et chacun des autres lui en retire une large part ; avec si peu de polygones, la validation croisée leave-one-out par polygone (FOLDS = 0) est la plus stable</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="127"/>
        <source>{blend}, chosen on the {bands} selected bands after the selection (MODEL_SEARCH), {how}. The selection itself used alpha = {alpha} and tau = {tau} (TAU).</source>
        <translation>{blend}, choisis sur les {bands} bandes sélectionnées après la sélection (MODEL_SEARCH), {how}. La sélection elle-même a utilisé alpha = {alpha} et tau = {tau} (TAU).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="47"/>
        <source>Shrinkage values alpha to try (empty = 0 and the estimated one)</source>
        <translation>Valeurs de rétrécissement alpha à essayer (vide = 0 et la valeur estimée)</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="74"/>
        <source>confidence level {confidence} is not in (0, 1); give e.g. 0.95</source>
        <translation>le niveau de confiance {confidence} n'est pas dans (0, 1) ; donnez p. ex. 0,95</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="86"/>
        <source>sample counts of shape {shape} do not match {strata} strata; give one (classes x classes) table per stratum</source>
        <translation>les effectifs d'échantillons de forme {shape} ne correspondent pas à {strata} strates ; donnez une table (classes x classes) par strate</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="94"/>
        <source>strata {strata} have reference samples but no pixel in the map; check that the strata and the reference belong to this map</source>
        <translation>les strates {strata} ont des échantillons de référence mais aucun pixel dans la carte ; vérifiez que les strates et la référence appartiennent à cette carte</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="101"/>
        <source>every stratum needs at least {minimum} reference samples to estimate a variance, but these have fewer: {strata}; add reference samples in these strata (a sample design draws them) or merge these strata with others</source>
        <translation>chaque strate a besoin d'au moins {minimum} échantillons de référence pour estimer une variance, mais celles-ci en ont moins : {strata} ; ajoutez des échantillons de référence dans ces strates (un plan d'échantillonnage les tire) ou fusionnez ces strates avec d'autres</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="188"/>
        <source>expected user&apos;s accuracies {accuracies} must lie strictly between 0 and 1; give e.g. 0.8</source>
        <translation>les précisions de l'utilisateur attendues {accuracies} doivent être strictement comprises entre 0 et 1 ; donnez p. ex. 0.8</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="192"/>
        <source>the target standard error of overall accuracy is {target}; give a value &gt; 0 such as 0.01</source>
        <translation>l'erreur type visée de l'exactitude globale vaut {target} ; donnez une valeur &gt; 0 telle que 0,01</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="222"/>
        <source>unknown allocation {rule!r}; choose one of {allocations}</source>
        <translation>répartition {rule!r} inconnue ; choisissez l'une de ces valeurs : {allocations}</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="57"/>
        <source>groups must give one group per sample: {samples} samples, groups of shape {shape}</source>
        <translation>les groupes doivent donner un groupe par échantillon : {samples} échantillons, groupes de forme {shape}</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="78"/>
        <source>the number of folds must be an integer &gt;= 2, or &apos;{loo}&apos; for leave-one-out; got {folds!r}</source>
        <translation>le nombre de plis doit être un entier &gt;= 2, ou '{loo}' pour la validation croisée leave-one-out (chacun laissé de côté à son tour) ; reçu {folds!r}</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="88"/>
        <source>grouped {folds}-fold cross-validation needs at least {folds} groups (polygons); there are {groups}: use fewer folds or ungrouped folds</source>
        <translation>la validation croisée groupée à {folds} plis demande au moins {folds} groupes (polygones) ; il y en a {groups} : utilisez moins de plis ou des plis non groupés</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="120"/>
        <source>class {label} has {total} samples; in {folds}-fold cross-validation fold {fold} leaves only {left} of them for training ({minimum} needed): {how}</source>
        <translation>la classe {label} a {total} échantillons ; en validation croisée à {folds} plis, le pli {fold} n'en laisse que {left} pour l'entraînement ({minimum} nécessaires) : {how}</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="134"/>
        <source>class {label} has {total} samples; leave-one-group-out cannot leave out group {group!r} ({count} of them) and keep {minimum} for training: give the class more groups, or leave single samples out (no groups)</source>
        <translation>la classe {label} a {total} échantillons ; la validation croisée leave-one-group-out ne peut pas laisser de côté le groupe {group!r} (qui en contient {count}) tout en en gardant {minimum} pour l'entraînement : donnez plus de groupes à la classe, ou laissez de côté un seul échantillon à la fois (sans groupes)</translation>
    </message>
    <message>
        <location filename="../core/model.py" line="78"/>
        <source>shrinkage toward the pooled covariance (alpha &gt; 0) needs the class counts</source>
        <translation>le rétrécissement vers la covariance commune (alpha &gt; 0) demande les effectifs des classes</translation>
    </message>
    <message>
        <location filename="../core/model.py" line="83"/>
        <source>the ridge scale needs one finite variance &gt; 0 per band ({bands})</source>
        <translation>l'échelle de la crête demande une variance finie &gt; 0 par bande ({bands})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="117"/>
        <source>this model was trained without band selection: a number of features can only be chosen for a model from Train Selection</source>
        <translation>ce modèle a été entraîné sans sélection de bandes : un nombre de bandes ne peut être choisi que pour un modèle issu de l'algorithme Entraîner avec sélection de bandes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="121"/>
        <source>the selection has no set of {count} features; choose a size from {smallest} to {largest}</source>
        <translation>la sélection n'a pas d'ensemble de {count} bandes ; choisissez une taille de {smallest} à {largest}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="309"/>
        <source>array &apos;{name}&apos; claims shape {shape} of {dtype} ({claimed} bytes) but the file holds {held} bytes for it</source>
        <translation>le tableau '{name}' annonce la forme {shape} en {dtype} ({claimed} octets) mais le fichier ne contient que {held} octets pour lui</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="320"/>
        <source>not a .gmm archive</source>
        <translation>ce n'est pas une archive .gmm</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="332"/>
        <source>its header is {kind}, not an object</source>
        <translation>son en-tête est {kind}, pas un objet</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="335"/>
        <source>format {format!r}</source>
        <translation>format {format!r}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="339"/>
        <source>version {version!r} is not a whole number &gt;= 1</source>
        <translation>la version {version!r} n'est pas un nombre entier &gt;= 1</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="342"/>
        <source>{path} is a model file of version {version}, newer than this plugin reads (version {newest}); update GMM Select</source>
        <translation>{path} est un fichier de modèle de version {version}, plus récente que celles que lit cette extension (version {newest}) ; mettez à jour GMM Select</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="359"/>
        <source>array &apos;{name}&apos; holds {dtype}, not whole numbers</source>
        <translation>le tableau '{name}' contient des valeurs {dtype}, pas des nombres entiers</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="362"/>
        <source>array &apos;{name}&apos; holds {dtype}, not real numbers</source>
        <translation>le tableau '{name}' contient des valeurs {dtype}, pas des nombres réels</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="371"/>
        <source>a string</source>
        <translation>une chaîne de caractères</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="372"/>
        <source>an object</source>
        <translation>un objet</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="373"/>
        <source>a list</source>
        <translation>une liste</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="374"/>
        <source>true or false</source>
        <translation>true ou false</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="390"/>
        <source>a boolean</source>
        <translation>un booléen</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="412"/>
        <source>header field &apos;{field}&apos; is {kind}, not {expected}</source>
        <translation>le champ d'en-tête '{field}' est {kind}, pas {expected}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="415"/>
        <source>header field &apos;{field}&apos; is {value}, beyond the 64-bit integers</source>
        <translation>le champ d'en-tête '{field}' vaut {value}, au-delà des entiers 64 bits</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="426"/>
        <source>header field &apos;{field}&apos; is missing</source>
        <translation>le champ d'en-tête '{field}' est absent</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="440"/>
        <source>header field &apos;{field}&apos; is not finite ({value})</source>
        <translation>le champ d'en-tête '{field}' n'est pas fini ({value})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="453"/>
        <source>header field &apos;{field}&apos; is not a {classes} x {classes} matrix</source>
        <translation>le champ d'en-tête '{field}' n'est pas une matrice {classes} x {classes}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="462"/>
        <source>header field &apos;{field}&apos; has {count} values for {classes} classes</source>
        <translation>le champ d'en-tête '{field}' a {count} valeurs pour {classes} classes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="512"/>
        <source>unknown selection method {method!r}</source>
        <translation>méthode de sélection {method!r} inconnue</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="514"/>
        <source>unknown selection criterion {criterion!r}</source>
        <translation>critère de sélection {criterion!r} inconnu</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="518"/>
        <source>the selection&apos;s arrays are missing</source>
        <translation>les tableaux de la sélection sont absents</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="522"/>
        <source>selection arrays of shapes {sizes}, {sets} and {values} disagree</source>
        <translation>les tableaux de la sélection, de formes {sizes}, {sets} et {values}, ne concordent pas</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="526"/>
        <source>selection sizes are not increasing from 1 on</source>
        <translation>les tailles de la sélection ne sont pas croissantes à partir de 1</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="529"/>
        <source>a selected set holds a band position outside 0 to {last}</source>
        <translation>un ensemble sélectionné contient une position de bande hors de 0 à {last}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="531"/>
        <source>non-finite selection values</source>
        <translation>valeurs de sélection non finies</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="546"/>
        <source>the tau search&apos;s arrays are missing</source>
        <translation>les tableaux de la recherche de tau sont absents</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="548"/>
        <source>tau grid of shape {grid} and its values of shape {values} disagree</source>
        <translation>la grille de tau de forme {grid} et ses valeurs de forme {values} ne concordent pas</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="552"/>
        <source>non-finite tau search values</source>
        <translation>valeurs non finies dans la recherche de tau</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="556"/>
        <source>alpha grid of shape {alphas} and the CV surface of shape {surface} disagree with the tau grid of shape {grid}</source>
        <translation>la grille d'alpha de forme {alphas} et la surface de validation croisée de forme {surface} ne concordent pas avec la grille de tau de forme {grid}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="560"/>
        <source>alphas outside [0, 1] or a non-finite CV surface</source>
        <translation>des alpha hors de [0, 1] ou une surface de validation croisée non finie</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="562"/>
        <source>unknown tau search criterion {criterion!r}</source>
        <translation>critère de la recherche de tau {criterion!r} inconnu</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="566"/>
        <source>header field &apos;tau_search.repeats&apos; is {repeats}; it counts repetitions (&gt;= 1)</source>
        <translation>le champ d'en-tête 'tau_search.repeats' vaut {repeats} ; il compte des répétitions (&gt;= 1)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="583"/>
        <source>missing arrays {names}</source>
        <translation>tableaux manquants {names}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="586"/>
        <source>means of shape {shape}, not (classes, bands)</source>
        <translation>moyennes de forme {shape}, et non (classes, bandes)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="591"/>
        <source>array &apos;{name}&apos; has shape {shape}; the means of shape {means} need {expected}</source>
        <translation>le tableau '{name}' a la forme {shape} ; les moyennes de forme {means} demandent {expected}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="594"/>
        <source>array &apos;counts&apos; has shape {shape}; the means need ({classes},) or none</source>
        <translation>le tableau 'counts' a la forme {shape} ; les moyennes demandent ({classes},) ou aucun</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="597"/>
        <source>array &apos;features&apos; has shape {shape}, not (bands used,)</source>
        <translation>le tableau 'features' a la forme {shape}, et non (bandes utilisées,)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="606"/>
        <source>{name} is not finite ({value})</source>
        <translation>{name} n'est pas fini ({value})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="608"/>
        <source>tau is negative ({tau})</source>
        <translation>tau est négatif ({tau})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="609"/>
        <source>alpha is outside [0, 1] ({alpha})</source>
        <translation>alpha est hors de [0, 1] ({alpha})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="612"/>
        <source>alpha &gt; 0 needs the class counts</source>
        <translation>alpha &gt; 0 demande les effectifs des classes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="613"/>
        <source>the eigenvalue floor is not positive ({floor})</source>
        <translation>le plancher des valeurs propres n'est pas positif ({floor})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="617"/>
        <source>array &apos;{name}&apos; holds non-finite values</source>
        <translation>le tableau '{name}' contient des valeurs non finies</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="621"/>
        <source>array &apos;ridge_scale&apos; (shape {shape}) is not one finite variance &gt; 0 per band</source>
        <translation>le tableau 'ridge_scale' (forme {shape}) n'est pas une variance finie &gt; 0 par bande</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="623"/>
        <source>priors {priors} are not all positive</source>
        <translation>les probabilités a priori {priors} ne sont pas toutes positives</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="626"/>
        <source>priors sum to {total:.12g}, not 1</source>
        <translation>la somme des probabilités a priori vaut {total:.12g}, et non 1</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="628"/>
        <source>duplicate class labels {labels}</source>
        <translation>étiquettes de classe en double {labels}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="630"/>
        <source>class labels {labels} do not fit the classification&apos;s pixel type: they must be {low} to {high}</source>
        <translation>les étiquettes de classe {labels} ne tiennent pas dans le type de pixel de la classification : elles doivent aller de {low} à {high}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="636"/>
        <source>the covariance of class {label} is not symmetric</source>
        <translation>la covariance de la classe {label} n'est pas symétrique</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="643"/>
        <source>the covariance of class {label} is not positive semi-definite (eigenvalue {eigenvalue:.6g})</source>
        <translation>la covariance de la classe {label} n'est pas semi-définie positive (valeur propre {eigenvalue:.6g})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="654"/>
        <source>{count} class names for {classes} classes</source>
        <translation>{count} noms de classe pour {classes} classes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="657"/>
        <source>{count} band names for {bands} bands</source>
        <translation>{count} noms de bande pour {bands} bandes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="660"/>
        <source>band numbers {numbers} are not all within 1 to {last} (n_raster_bands)</source>
        <translation>les numéros de bande {numbers} ne sont pas tous compris entre 1 et {last} (n_raster_bands)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="664"/>
        <source>duplicate band numbers {numbers}</source>
        <translation>numéros de bande en double {numbers}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="666"/>
        <source>features {features} are not distinct positions from 0 to {last}</source>
        <translation>les bandes utilisées {features} ne sont pas des positions distinctes de 0 à {last}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="680"/>
        <source>{count} {field} for {bands} bands</source>
        <translation>{count} valeurs '{field}' pour {bands} bandes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="686"/>
        <source>{count} class colours for {classes} classes</source>
        <translation>{count} couleurs de classe pour {classes} classes</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="692"/>
        <source>band scales {scales} and offsets {offsets} are not both given for each band, or not finite numbers with scales other than 0</source>
        <translation>les échelles de bande {scales} et les décalages {offsets} ne sont pas donnés ensemble pour chaque bande, ou ne sont pas des nombres finis avec des échelles différentes de 0</translation>
    </message>
    <message>
        <location filename="../core/ridge.py" line="106"/>
        <source>the tau grid must be a non-empty list of numbers</source>
        <translation>la grille de tau doit être une liste non vide de nombres</translation>
    </message>
    <message>
        <location filename="../core/ridge.py" line="108"/>
        <source>every tau must be a finite number &gt;= 0; got {taus}</source>
        <translation>chaque tau doit être un nombre fini &gt;= 0 ; reçu {taus}</translation>
    </message>
    <message>
        <location filename="../core/ridge.py" line="117"/>
        <source>the alpha grid must be a non-empty list of numbers</source>
        <translation>la grille d'alpha doit être une liste non vide de nombres</translation>
    </message>
    <message>
        <location filename="../core/ridge.py" line="163"/>
        <source>criterion for the tau search</source>
        <translation>le critère de la recherche de tau</translation>
    </message>
    <message>
        <location filename="../core/ridge.py" line="200"/>
        <source>the repetitions of the cross-validation must be a whole number &gt;= 1; got {repeats!r}</source>
        <translation>le nombre de répétitions de la validation croisée doit être un nombre entier &gt;= 1 ; reçu {repeats!r}</translation>
    </message>
    <message>
        <location filename="../core/scatter.py" line="76"/>
        <source>every class needs at least two samples for a covariance</source>
        <translation>chaque classe a besoin d'au moins deux échantillons pour une covariance</translation>
    </message>
    <message>
        <location filename="../core/scatter.py" line="114"/>
        <source>the shrinkage alpha toward the pooled covariance must be in [0, 1]; got {alpha}</source>
        <translation>le rétrécissement alpha vers la covariance commune doit être dans [0, 1] ; reçu {alpha}</translation>
    </message>
    <message>
        <location filename="../core/selection.py" line="175"/>
        <source>method</source>
        <translation>la méthode</translation>
    </message>
    <message>
        <location filename="../core/selection.py" line="176"/>
        <source>criterion</source>
        <translation>le critère</translation>
    </message>
    <message>
        <location filename="../core/selection.py" line="179"/>
        <source>the ridge tau must be a finite number &gt;= 0; got {tau}</source>
        <translation>la crête tau doit être un nombre fini &gt;= 0 ; reçu {tau}</translation>
    </message>
    <message>
        <location filename="../core/selection.py" line="190"/>
        <source>max_features {count} is more than the {features} features: selecting up to {features}</source>
        <translation>max_features {count} dépasse les {features} bandes : sélection jusqu'à {features}</translation>
    </message>
    <message>
        <location filename="../core/stats.py" line="79"/>
        <source>cannot remove more samples of a class than the statistics hold</source>
        <translation>impossible de retirer plus d'échantillons d'une classe que les statistiques n'en contiennent</translation>
    </message>
    <message>
        <location filename="../core/texts.py" line="47"/>
        <source>; </source>
        <translation> ; </translation>
    </message>
    <message>
        <location filename="../core/texts.py" line="62"/>
        <source>{first}{separator}{rest}</source>
        <translation>{first}{separator}{rest}</translation>
    </message>
    <message>
        <location filename="../core/threads.py" line="57"/>
        <source>reference BLAS (netlib)</source>
        <translation>BLAS de référence (netlib)</translation>
    </message>
    <message>
        <location filename="../core/threads.py" line="61"/>
        <source>unknown BLAS</source>
        <translation>une BLAS inconnue</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="16"/>
        <source>samples must be a 2-D array (n_samples, n_features); got shape {shape}</source>
        <translation>les échantillons doivent former un tableau 2-D (n_samples, n_features) ; forme reçue {shape}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="20"/>
        <source>labels must be a 1-D array with one label per sample: {samples} samples but labels of shape {shape}</source>
        <translation>les étiquettes doivent former un tableau 1-D avec une étiquette par échantillon : {samples} échantillons mais des étiquettes de forme {shape}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="24"/>
        <source>samples have no feature (band)</source>
        <translation>les échantillons n'ont aucune bande</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="26"/>
        <source>class labels must be integers (got {dtype}); map class names to integer codes first</source>
        <translation>les étiquettes de classe doivent être des entiers (reçu {dtype}) ; convertissez d'abord les noms de classe en codes entiers</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="38"/>
        <source>at least two classes are needed; the labels hold only {labels}</source>
        <translation>il faut au moins deux classes ; les étiquettes ne contiennent que {labels}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="43"/>
        <source>every class needs at least {minimum} samples ({detail}); add training samples or drop these classes</source>
        <translation>chaque classe a besoin d'au moins {minimum} échantillons ({detail}) ; ajoutez des échantillons d'entraînement ou retirez ces classes</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="51"/>
        <source>class {label}: {count}</source>
        <translation>classe {label} : {count}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="53"/>
        <source>{previous}, class {label}: {count}</source>
        <translation>{previous}, classe {label} : {count}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="61"/>
        <source>unknown {name} {value!r}; choose one of {choices}</source>
        <translation>valeur {value!r} inconnue pour {name} ; choisissez l'une de ces valeurs : {choices}</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="68"/>
        <source>raster {path!r} holds {kind} values; a classification (or strata raster) holds integer codes: give the output of Predict or convert it (e.g. gdal_translate -ot UInt16)</source>
        <translation>le raster {path!r} contient des valeurs {kind} ; une classification (ou un raster de strates) contient des codes entiers : donnez la sortie de Prédire ou convertissez-le (p. ex. gdal_translate -ot UInt16)</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="79"/>
        <source>strata raster {path!r} ({width} x {height} px, geotransform {geotransform}) is not on the grid of map {map!r} ({map_width} x {map_height} px, geotransform {map_geotransform}); resample it onto the map&apos;s grid (nearest neighbour, e.g. gdalwarp -te/-tr or Align rasters)</source>
        <translation>le raster de strates {path!r} ({width} x {height} px, géotransformation {geotransform}) n'est pas sur la grille de la carte {map!r} ({map_width} x {map_height} px, géotransformation {map_geotransform}) ; rééchantillonnez-le sur la grille de la carte (plus proche voisin, p. ex. gdalwarp -te/-tr ou Aligner les rasters)</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="187"/>
        <source>{count} classified pixels of map {map!r} have no stratum (0 or no-data in strata raster {strata!r}); give every classified pixel a stratum, or leave STRATA empty to use the map classes as strata</source>
        <translation>{count} pixels classés de la carte {map!r} n'ont pas de strate (0 ou sans donnée dans le raster de strates {strata!r}) ; donnez une strate à chaque pixel classé, ou laissez STRATA vide pour prendre les classes de la carte comme strates</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="276"/>
        <source>{count} reference features of {path!r} (FIDs {fids}) lie outside map {map!r}; move or delete them, or check that both layers declare the right CRS</source>
        <translation>{count} entités de référence de {path!r} (FID {fids}) se trouvent hors de la carte {map!r} ; déplacez-les ou supprimez-les, ou vérifiez que les deux couches déclarent le bon SCR</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="292"/>
        <source>{count} reference points of {path!r} (FIDs {fids}) fall in a pixel another point already samples; a pixel is one sample: delete the duplicate points</source>
        <translation>{count} points de référence de {path!r} (FID {fids}) tombent dans un pixel qu'un autre point échantillonne déjà ; un pixel est un seul échantillon : supprimez les points en double</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="324"/>
        <source>; {name!r} differs from the map&apos;s {spelled!r} only in case, spacing or Unicode form</source>
        <translation> ; {name!r} ne diffère du nom {spelled!r} de la carte que par la casse, les espaces ou la forme Unicode</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="328"/>
        <source>reference classes {classes} of field {field!r} are not classes of map {map!r} (its classes: {known}{alike}); correct the reference labels (the map&apos;s category names or its integer codes) or assess the map these classes belong to</source>
        <translation>les classes de référence {classes} du champ {field!r} ne sont pas des classes de la carte {map!r} (ses classes : {known}{alike}) ; corrigez les étiquettes de référence (les noms de catégories de la carte ou ses codes entiers) ou évaluez la carte à laquelle ces classes appartiennent</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="395"/>
        <source>no reference sample of {reference!r} falls on a classified pixel of {map!r}; check that both cover the same area</source>
        <translation>aucun échantillon de référence de {reference!r} ne tombe sur un pixel classé de {map!r} ; vérifiez que les deux couvrent la même zone</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="409"/>
        <source>stratum {code}</source>
        <translation>strate {code}</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="460"/>
        <source>no expected user&apos;s accuracy was given; give one value such as 0.8 or one per class</source>
        <translation>aucune précision de l'utilisateur attendue n'a été donnée ; donnez une valeur telle que 0.8 ou une par classe</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="505"/>
        <source>sample layer {path!r}: give a .gpkg or .geojson file name</source>
        <translation>couche des points de l'échantillon {path!r} : donnez un nom de fichier .gpkg ou .geojson</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="513"/>
        <source>OGR cannot create {path!r}: {problem}; check the folder</source>
        <translation>OGR ne peut pas créer {path!r} : {problem} ; vérifiez le dossier</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="564"/>
        <source>Sample size {planned} (Olofsson 2014 eq. 13), {drawn} points drawn: {counts}</source>
        <translation>Taille d'échantillon {planned} (Olofsson 2014 éq. 13), {drawn} points tirés : {counts}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="34"/>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="49"/>
        <source>BAND_MAP maps model band {band!r} twice; map each band once</source>
        <translation>BAND_MAP associe deux fois la bande du modèle {band!r} ; associez chaque bande une seule fois</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="71"/>
        <source>{name!r} (band {number})</source>
        <translation>{name!r} (bande {number})</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="73"/>
        <source>band {number}</source>
        <translation>bande {number}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="107"/>
        <source>{band}: {wavelength} -&gt; raster band {number}: {other_wavelength}</source>
        <translation>{band} : {wavelength} -&gt; bande {number} du raster : {other_wavelength}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="125"/>
        <source>{band} {scale:g}, {offset:g} &lt;- raster band {number} {raster_scale:g}, {raster_offset:g}</source>
        <translation>{band} {scale:g}, {offset:g} &lt;- bande {number} du raster {raster_scale:g}, {raster_offset:g}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="130"/>
        <source>{band}: {meaning}, raster band {number}: {raster_meaning}</source>
        <translation>{band} : {meaning}, bande {number} du raster : {raster_meaning}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="140"/>
        <source>stored values taken as they are where only the model or the raster declares a scale or offset: {bands}</source>
        <translation>valeurs stockées prises telles quelles là où seul le modèle ou seul le raster déclare une échelle ou un décalage : {bands}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="145"/>
        <source>Stored values converted to the model&apos;s (value = stored * scale + offset): {bands}</source>
        <translation>Valeurs stockées converties en celles du modèle (valeur = stockée * échelle + décalage) : {bands}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="160"/>
        <source>no scale or offset</source>
        <translation>ni échelle ni décalage</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="161"/>
        <source>value = stored * {scale:g} + {offset:g}</source>
        <translation>valeur = stockée * {scale:g} + {offset:g}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="196"/>
        <source>the band map gives raster bands {found} but raster {path!r} has bands 1 to {count}; give each model band a different band of the raster</source>
        <translation>la correspondance des bandes donne les bandes {found} du raster mais le raster {path!r} a les bandes 1 à {count} ; donnez à chaque bande du modèle une bande différente du raster</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="214"/>
        <source>&apos;Band {number}&apos;</source>
        <translation>'Bande {number}'</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="216"/>
        <source>raster {path!r} does not hold the model&apos;s bands by name: {listed} (model -&gt; raster; the raster&apos;s bands: {names}); classify a raster with these bands, name its bands as the model&apos;s (band descriptions), or {fix}</source>
        <translation>le raster {path!r} ne contient pas les bandes du modèle par leur nom : {listed} (modèle -&gt; raster ; les bandes du raster : {names}) ; classez un raster ayant ces bandes, nommez ses bandes comme celles du modèle (descriptions des bandes), ou {fix}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="226"/>
        <source>{name!r} -&gt; missing</source>
        <translation>{name!r} -&gt; absente</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="228"/>
        <source>{name!r} -&gt; band {number}</source>
        <translation>{name!r} -&gt; bande {number}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="229"/>
        <source>{name!r} -&gt; bands {numbers} (ambiguous)</source>
        <translation>{name!r} -&gt; bandes {numbers} (ambiguïté)</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="239"/>
        <source>{band} -&gt; {number}</source>
        <translation>{band} -&gt; {number}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="241"/>
        <source>bands mapped by hand: {pairs} (model -&gt; raster band)</source>
        <translation>bandes associées à la main : {pairs} (modèle -&gt; bande du raster)</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="243"/>
        <source>wavelengths differ (accepted by the band map): {difference}</source>
        <translation>longueurs d'onde différentes (acceptées par la correspondance des bandes) : {difference}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="276"/>
        <source>Bands mapped by name: {pairs} (model -&gt; raster band)</source>
        <translation>Bandes associées par leur nom : {pairs} (modèle -&gt; bande du raster)</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="280"/>
        <source>the raster has no band names</source>
        <translation>le raster n'a pas de noms de bandes</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="282"/>
        <source>the model does not name every band it uses</source>
        <translation>le modèle ne nomme pas toutes les bandes qu'il utilise</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="284"/>
        <source>the model has no band names</source>
        <translation>le modèle n'a pas de noms de bandes</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="285"/>
        <source>{side}: bands taken by number ({numbers}), only the band count checked</source>
        <translation>{side} : bandes prises par leur numéro ({numbers}), seul le nombre de bandes est vérifié</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="291"/>
        <source>the wavelengths of raster {path!r} differ from the model&apos;s by more than {tolerance:.2%}: {differences} (model -&gt; raster); classify a raster of the bands the model was trained on, or {fix} to accept the difference</source>
        <translation>les longueurs d'onde du raster {path!r} diffèrent de celles du modèle de plus de {tolerance:.2%} : {differences} (modèle -&gt; raster) ; classez un raster ayant les bandes sur lesquelles le modèle a été entraîné, ou {fix} pour accepter la différence</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="151"/>
        <source>band numbers {bands} for raster {path!r} repeat a band; list each band once</source>
        <translation>les numéros de bande {bands} pour le raster {path!r} répètent une bande ; indiquez chaque bande une seule fois</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="161"/>
        <source>raster {path!r} has complex-valued bands; convert them to real values (amplitude, intensity) first</source>
        <translation>le raster {path!r} a des bandes à valeurs complexes ; convertissez-les d'abord en valeurs réelles (amplitude, intensité)</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="249"/>
        <source>mask {mask!r} is {mask_width} x {mask_height} px but raster {raster!r} is {width} x {height} px; resample the mask onto the raster&apos;s grid (e.g. gdalwarp -te/-tr or Align rasters)</source>
        <translation>le masque {mask!r} fait {mask_width} x {mask_height} px mais le raster {raster!r} fait {width} x {height} px ; rééchantillonnez le masque sur la grille du raster (p. ex. gdalwarp -te/-tr ou Aligner les rasters)</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="256"/>
        <source>mask {mask!r} has the size of raster {raster!r} but another grid (geotransform {mask_grid} vs {raster_grid}); resample the mask onto the raster&apos;s grid</source>
        <translation>le masque {mask!r} a la taille du raster {raster!r} mais une autre grille (géotransformation {mask_grid} contre {raster_grid}) ; rééchantillonnez le masque sur la grille du raster</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="298"/>
        <source>GDAL could not read window x={x} y={y} {width} x {height} of raster {path!r}: {reason}; check that the file is complete and readable</source>
        <translation>GDAL n'a pas pu lire la fenêtre x={x} y={y} {width} x {height} du raster {path!r} : {reason} ; vérifiez que le fichier est complet et lisible</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="45"/>
        <source>a Dask scheduler was given but Dask is not installed; install python3-distributed (Debian) or the pip package &apos;distributed&apos;, or leave DASK_SCHEDULER empty</source>
        <translation>un ordonnanceur Dask a été donné mais Dask n'est pas installé ; installez python3-distributed (Debian) ou le paquet pip 'distributed', ou laissez DASK_SCHEDULER vide</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="51"/>
        <source>no Dask scheduler answers at {address!r} ({problem}); start one with &apos;dask scheduler&apos; and give the address it prints (tcp://host:8786)</source>
        <translation>aucun ordonnanceur Dask ne répond à {address!r} ({problem}) ; lancez-en un avec 'dask scheduler' et donnez l'adresse qu'il affiche (tcp://host:8786)</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="65"/>
        <source>the Dask scheduler at {address!r} has no worker; start some with &apos;dask worker ADDRESS&apos; on machines that see the raster and the output folder</source>
        <translation>l'ordonnanceur Dask à {address!r} n'a aucun worker ; lancez-en avec 'dask worker ADDRESS' sur des machines qui voient le raster et le dossier de la sortie</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="87"/>
        <source>output {output} would write {path!r}, which is also {other} of this run; choose another file name for {output}</source>
        <translation>la sortie {output} écrirait {path!r}, qui est aussi {other} de cette exécution ; choisissez un autre nom de fichier pour {output}</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="125"/>
        <source>cannot create the output folder {folder!r}: {reason}; choose a folder you can write to</source>
        <translation>impossible de créer le dossier de sortie {folder!r} : {reason} ; choisissez un dossier où vous pouvez écrire</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="131"/>
        <source>cannot write output {path!r}: folder {folder!r} is not writable; choose a folder you can write to</source>
        <translation>impossible d'écrire la sortie {path!r} : le dossier {folder!r} n'est pas accessible en écriture ; choisissez un dossier où vous pouvez écrire</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="135"/>
        <source>output {path!r} is a folder; give the name of a file (in that folder or another), not of a folder</source>
        <translation>la sortie {path!r} est un dossier ; donnez le nom d'un fichier (dans ce dossier ou un autre), pas celui d'un dossier</translation>
    </message>
    <message>
        <location filename="../raster/info.py" line="96"/>
        <source>raster {path!r} does not exist; check the path</source>
        <translation>le raster {path!r} n'existe pas ; vérifiez le chemin</translation>
    </message>
    <message>
        <location filename="../raster/info.py" line="104"/>
        <source>unknown format</source>
        <translation>format inconnu</translation>
    </message>
    <message>
        <location filename="../raster/info.py" line="52"/>
        <source>GDAL cannot read raster {path!r}: {reason}; check that it is a raster in a format GDAL reads</source>
        <translation>GDAL ne peut pas lire le raster {path!r} : {reason} ; vérifiez qu'il s'agit d'un raster dans un format que GDAL lit</translation>
    </message>
    <message>
        <location filename="../raster/info.py" line="106"/>
        <source>{path!r} holds no raster band (is it a vector or a container of subdatasets?)</source>
        <translation>{path!r} ne contient aucune bande raster (est-ce un vecteur ou un conteneur de sous-jeux de données ?)</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="591"/>
        <source>no CRS</source>
        <translation>aucun SCR</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="33"/>
        <source>table {path!r} has {count} fields named {name!r} (columns {columns}): give every column a distinct name</source>
        <translation>la table {path!r} a {count} champs nommés {name!r} (colonnes {columns}) : donnez à chaque colonne un nom distinct</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="50"/>
        <source>table {path!r} has no numeric field besides {fields}: its band columns are text (give a CSV a .csvt file with their types, e.g. &quot;String&quot;,&quot;Real&quot;,...)</source>
        <translation>la table {path!r} n'a aucun champ numérique en dehors de {fields} : ses colonnes de bandes sont du texte (donnez à un CSV un fichier .csvt avec leurs types, p. ex. "String","Real",...)</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="58"/>
        <source>BANDS: table {path!r} has no field {name!r}; its fields are: {fields}</source>
        <translation>BANDS : la table {path!r} n'a pas de champ {name!r} ; ses champs sont : {fields}</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="62"/>
        <source>BANDS: {name!r} is the class or group field; remove it from the bands</source>
        <translation>BANDS : {name!r} est le champ de classe ou de groupe ; retirez-le des bandes</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="68"/>
        <source>BANDS: field {name!r} is of type {kind}, not a number: remove it from BANDS, or give it a numeric type (for a CSV, a .csvt file)</source>
        <translation>BANDS : le champ {name!r} est de type {kind}, pas un nombre : retirez-le de BANDS, ou donnez-lui un type numérique (pour un CSV, un fichier .csvt)</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="74"/>
        <source>BANDS lists {name!r} more than once: give each band field once</source>
        <translation>BANDS cite {name!r} plus d'une fois : donnez chaque champ de bande une seule fois</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="96"/>
        <source>the group field {field!r} of table {path!r} is its class field: groups (sites, files, plots) split each class into parts that cross-validation leaves out one at a time; choose the field that names them, or none (each row its own group)</source>
        <translation>le champ de groupe {field!r} de la table {path!r} est son champ de classe : les groupes (sites, fichiers, placettes) découpent chaque classe en parties que la validation croisée laisse de côté une à une ; choisissez le champ qui les nomme, ou aucun (chaque ligne forme son propre groupe)</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="147"/>
        <source>every class needs at least {minimum} spectra for a covariance (class {detail}); add spectra of these classes or delete their rows</source>
        <translation>chaque classe a besoin d'au moins {minimum} spectres pour une covariance (classe {detail}) ; ajoutez des spectres de ces classes ou supprimez leurs lignes</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="165"/>
        <source>warning: {text}</source>
        <translation>avertissement : {text}</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="63"/>
        <source>GDAL cannot create {temporary!r} for output {path!r}: {problem}; check free disk space and permissions</source>
        <translation>GDAL ne peut pas créer {temporary!r} pour la sortie {path!r} : {problem} ; vérifiez l'espace disque libre et les permissions</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="200"/>
        <source>the model uses {model_bands} bands but {count} bands of raster {path!r} ({bands} bands) were given{all_bands}: pass the band numbers the model was trained on, in order, or the raster it was trained on</source>
        <translation>le modèle utilise {model_bands} bandes mais {count} bandes du raster {path!r} ({bands} bandes) ont été données{all_bands} : passez les numéros des bandes sur lesquelles le modèle a été entraîné, dans l'ordre, ou le raster sur lequel il a été entraîné</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="205"/>
        <source> (all of them)</source>
        <translation> (toutes)</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="207"/>
        <source>the model has class codes {codes}; codes must be &gt;= 1 because 0 is the classification&apos;s no-data value, and at most {maximum}, the largest a classification raster holds: retrain with codes in that range</source>
        <translation>le modèle a les codes de classe {codes} ; les codes doivent être &gt;= 1 car 0 est la valeur sans donnée de la classification, et au plus {maximum}, le plus grand que contient un raster de classification : réentraînez avec des codes dans cet intervalle</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="93"/>
        <source>the raster</source>
        <translation>le raster</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="257"/>
        <source>the mask</source>
        <translation>le masque</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="263"/>
        <source>{count} class names for the {classes} classes of the model; give one name per class, in the order of the model&apos;s labels</source>
        <translation>{count} noms de classe pour les {classes} classes du modèle ; donnez un nom par classe, dans l'ordre des étiquettes du modèle</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="339"/>
        <source>class colours: {problem}</source>
        <translation>couleurs des classes : {problem}</translation>
    </message>
    <message>
        <location filename="../raster/samples.py" line="94"/>
        <source>GDAL could not rasterise a feature: {reason}; check that its geometry is valid (e.g. Fix geometries)</source>
        <translation>GDAL n'a pas pu rastériser une entité : {reason} ; vérifiez que sa géométrie est valide (p. ex. Réparer les géométries)</translation>
    </message>
    <message>
        <location filename="../raster/samples.py" line="214"/>
        <source>{samples} samples of {classes} classes from {raster!r} (bands {bands}); {unusable} no-data or masked pixels dropped; {read} of {total} raster pixels read</source>
        <translation>{samples} échantillons de {classes} classes tirés de {raster!r} (bandes {bands}) ; {unusable} pixels sans donnée ou masqués écartés ; {read} des {total} pixels du raster lus</translation>
    </message>
    <message>
        <location filename="../raster/samples.py" line="354"/>
        <source>a sample limit per class needs every sample in one place; leave max_samples_per_class at 0 to accumulate the statistics on a Dask cluster</source>
        <translation>une limite d'échantillons par classe exige que tous les échantillons soient réunis en un seul endroit ; laissez max_samples_per_class à 0 pour cumuler les statistiques sur une grappe Dask</translation>
    </message>
    <message>
        <location filename="../raster/style.py" line="77"/>
        <source>cannot read colour {color!r}; give &apos;#rrggbb&apos;, &apos;r,g,b&apos; or (r, g, b)</source>
        <translation>impossible de lire la couleur {color!r} ; donnez '#rrggbb', 'r,g,b' ou (r, g, b)</translation>
    </message>
    <message>
        <location filename="../raster/style.py" line="150"/>
        <source>{colors} colours for {classes} classes; give one colour per class</source>
        <translation>{colors} couleurs pour {classes} classes ; donnez une couleur par classe</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="292"/>
        <source>FOLDS = {folds}: use 0 for leave-one-out or at least 2 folds</source>
        <translation>FOLDS = {folds} : utilisez 0 pour le leave-one-out ou au moins 2 plis</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="309"/>
        <source>leave-one-out</source>
        <translation>leave-one-out</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="310"/>
        <source>{folds}-fold</source>
        <translation>{folds} plis</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="317"/>
        <source>{folds} x {repeats}</source>
        <translation>{folds} x {repeats}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="330"/>
        <source>ALPHA values must be in [0, 1] (0: one covariance per class, 1: the pooled covariance); got {value:g}</source>
        <translation>les valeurs d'ALPHA doivent être dans [0, 1] (0 : une covariance par classe, 1 : la covariance commune) ; reçu {value:g}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="344"/>
        <source>{parameter} must be a list of numbers &gt;= 0 separated by commas; &apos;{token}&apos; is not a number</source>
        <translation>{parameter} doit être une liste de nombres &gt;= 0 séparés par des virgules ; '{token}' n'est pas un nombre</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="348"/>
        <source>{parameter} values must be finite numbers &gt;= 0; got {token}</source>
        <translation>les valeurs du paramètre {parameter} doivent être des nombres finis &gt;= 0 ; reçu {token}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="484"/>
        <source> or set VALIDATION = 0</source>
        <translation> ou mettez VALIDATION = 0</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="528"/>
        <source>class &apos;{name}&apos; has {count} training samples: {folds}-fold cross-validation trains on {kept} of them in a fold ({minimum} needed). Add samples of &apos;{name}&apos;, or set FOLDS = 0 (leave-one-out, which allows a class of two)</source>
        <translation>la classe '{name}' a {count} échantillons d'entraînement : la validation croisée à {folds} plis ne s'entraîne, dans un pli, que sur {kept} d'entre eux (il en faut {minimum}). Ajoutez des échantillons de '{name}', ou mettez FOLDS = 0 (leave-one-out, qui admet une classe de deux)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="558"/>
        <source>TAU is absolute, in squared band units (RIDGE_SCALE auto: a given TAU keeps the meaning of earlier versions); for a tau relative to each band&apos;s variance, such as the TAU output of a Train GMM run on the default grid (RIDGE_SCALE output &apos;relative&apos;), set RIDGE_SCALE to relative</source>
        <translation>TAU est absolu, en unités de bande au carré (RIDGE_SCALE auto : un TAU donné garde le sens des versions précédentes) ; pour un tau relatif à la variance de chaque bande, comme la sortie TAU d'une exécution d'Entraîner GMM sur la grille par défaut (sortie RIDGE_SCALE 'relative'), mettez RIDGE_SCALE à relative</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="564"/>
        <source>TAU is the ridge during the selection; the model&apos;s alpha and tau are searched on the selected bands (MODEL_SEARCH): set MODEL_SEARCH to no for a model with this TAU</source>
        <translation>TAU est la crête pendant la sélection ; l'alpha et le tau du modèle sont cherchés sur les bandes sélectionnées (MODEL_SEARCH) : mettez MODEL_SEARCH à non pour un modèle avec ce TAU</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="593"/>
        <source>leave TAU empty (a ridge is then chosen by cross-validation) or set TAU &gt; 0</source>
        <translation>laissez TAU vide (une crête est alors choisie par validation croisée) ou mettez TAU &gt; 0</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="598"/>
        <source>lower MAX_FEATURES, set TAU &gt; 0 or leave ALPHA empty</source>
        <translation>abaissez MAX_FEATURES, mettez TAU &gt; 0 ou laissez ALPHA vide</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="640"/>
        <source>(alpha, tau) search{over} over {alphas} x {taus} values ({criterion}, {folds}): alpha = {alpha:.6g}, tau = {tau}, CV {criterion} = {best:.4f} ({seconds:.2f} s)</source>
        <translation>Recherche de (alpha, tau){over} parmi {alphas} x {taus} valeurs ({criterion}, {folds}) : alpha = {alpha:.6g}, tau = {tau}, {criterion} en validation croisée = {best:.4f} ({seconds:.2f} s)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="647"/>
        <source>Alpha = {alpha:.6g}, tau = {tau} (one value each given: no search)</source>
        <translation>Alpha = {alpha:.6g}, tau = {tau} (une seule valeur donnée pour chacun : pas de recherche)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="662"/>
        <source>alone (at its bound)</source>
        <translation>seul (à sa borne)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="663"/>
        <source>against alpha = 0</source>
        <translation>face à alpha = 0</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="664"/>
        <source>Shrinkage toward the pooled covariance estimated from the spread of each class&apos;s covariance over its {over}: alpha* = {alpha:.4g}, searched {compared}</source>
        <translation>Rétrécissement vers la covariance commune estimé d'après la dispersion de la covariance de chaque classe sur ses {over} : alpha* = {alpha:.4g}, cherché {compared}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="714"/>
        <source>best size</source>
        <translation>meilleure taille</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="91"/>
        <source>polygons</source>
        <translation>polygones</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="121"/>
        <source>class field {field!r} of {path!r} holds non-integer values {values}; use integer class codes or a text field</source>
        <translation>le champ de classe {field!r} de {path!r} contient des valeurs non entières {values} ; utilisez des codes de classe entiers ou un champ texte</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="128"/>
        <source>class field {field!r} of {path!r} holds codes {codes}; codes must be &gt;= 1 (0 is the no-data value of the classification): recode these classes (e.g. add 1 to every code) or use a text field</source>
        <translation>le champ de classe {field!r} de {path!r} contient les codes {codes} ; les codes doivent être &gt;= 1 (0 est la valeur sans donnée de la classification) : recodez ces classes (p. ex. ajoutez 1 à chaque code) ou utilisez un champ texte</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="134"/>
        <source>class field {field!r} of {path!r} holds codes {codes}; a classification raster holds codes up to {maximum}: recode these classes or use a text field</source>
        <translation>le champ de classe {field!r} de {path!r} contient les codes {codes} ; un raster de classification contient des codes jusqu'à {maximum} : recodez ces classes ou utilisez un champ texte</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="184"/>
        <source>raster {raster!r} has no georeferencing (no geotransform) but vector {vector!r} is in {crs}; georeference the raster (e.g. gdal_translate -a_srs ... -a_ullr ...) or draw the samples on it</source>
        <translation>le raster {raster!r} n'est pas géoréférencé (pas de géotransformation) mais le vecteur {vector!r} est dans le SCR {crs} ; géoréférencez le raster (p. ex. gdal_translate -a_srs ... -a_ullr ...) ou dessinez les échantillons dessus</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="196"/>
        <source>Vector {vector!r} is in {vector_crs}, raster in {raster_crs}: reprojecting the features to the raster&apos;s CRS on the fly</source>
        <translation>Le vecteur {vector!r} est dans le SCR {vector_crs}, le raster dans le SCR {raster_crs} : les entités sont reprojetées à la volée dans le SCR du raster</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="206"/>
        <source>PROJ knows no transformation from the CRS of vector {vector!r} ({vector_crs}) to that of raster {raster!r} ({raster_crs}); check both CRS (Layer Properties &gt; Source) or reproject the vector to the raster&apos;s</source>
        <translation>PROJ ne connaît aucune transformation du SCR du vecteur {vector!r} ({vector_crs}) vers celui du raster {raster!r} ({raster_crs}) ; vérifiez les deux SCR (Propriétés de la couche &gt; Source) ou reprojetez le vecteur dans le SCR du raster</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="281"/>
        <source>layer {layer!r} of {path!r} has no field {field!r}; its fields are: none</source>
        <translation>la couche {layer!r} de {path!r} n'a pas de champ {field!r} ; elle n'a aucun champ</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="284"/>
        <source>layer {layer!r} of {path!r} has no field {field!r}; its fields are: {fields}</source>
        <translation>la couche {layer!r} de {path!r} n'a pas de champ {field!r} ; ses champs sont : {fields}</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="69"/>
        <source>Shrinkage values alpha to try (empty = the default values)</source>
        <translation>Valeurs de rétrécissement alpha à essayer (vide = les valeurs par défaut)</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="83"/>
        <source>{0} ({1}, {2}, alpha {3:.3g}, relative tau {4:.3g})</source>
        <translation>{0} ({1}, {2}, alpha {3:.3g}, tau relatif {4:.3g})</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="84"/>
        <source>{0} ({1}, {2}, alpha {3:.3g}, tau {4:.3g})</source>
        <translation>{0} ({1}, {2}, alpha {3:.3g}, tau {4:.3g})</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="70"/>
        <source>Used during the selection (in every criterion, JM and KL included). Several values (empty: {alphas}): before the selection, alpha is chosen on the training {groups} by the cross-validation of Train GMM over all bands (every alpha with the default tau grid, the folds of FOLDS, {grouped} and REPEATS, Cohen&apos;s kappa; ties: the smallest alpha). One value: that alpha, no search. The model&apos;s alpha is searched among the same values (MODEL_SEARCH; empty: 0 and alpha* estimated on the selected bands).</source>
        <translation>Utilisé pendant la sélection (dans chaque critère, JM et KL compris). Plusieurs valeurs (vide : {alphas}) : avant la sélection, alpha est choisi sur les {groups} d'entraînement par la validation croisée d'Entraîner GMM sur toutes les bandes (chaque alpha avec la grille de tau par défaut, les plis de FOLDS, {grouped} et REPEATS, kappa de Cohen ; ex aequo : le plus petit alpha). Une valeur : cet alpha, sans recherche. L'alpha du modèle est cherché parmi les mêmes valeurs (MODEL_SEARCH ; vide : 0 et alpha* estimé sur les bandes sélectionnées).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="80"/>
        <source>Yes (default): after the selection, the (alpha, tau) search of Train GMM runs on the selected bands (the ALPHA values, the default tau grid, relative to each band&apos;s variance unless RIDGE_SCALE is absolute, FOLDS, {grouped}, REPEATS, Cohen&apos;s kappa) and the model uses its alpha and tau; the report shows that search. No: the model uses the selection&apos;s alpha and TAU (earlier versions).</source>
        <translation>Oui (par défaut) : après la sélection, la recherche de (alpha, tau) d'Entraîner GMM est faite sur les bandes sélectionnées (les valeurs d'ALPHA, la grille de tau par défaut, relative à la variance de chaque bande sauf si RIDGE_SCALE vaut absolute, FOLDS, {grouped}, REPEATS, le kappa de Cohen) et le modèle utilise son alpha et son tau ; le rapport montre cette recherche. Non : le modèle utilise l'alpha et le TAU de la sélection (versions antérieures).</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="104"/>
        <source>Leave one {group} out when the {groups} are few</source>
        <translation>Laisser de côté un {group} à la fois quand les {groups} sont peu nombreux</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="118"/>
        <source>The (alpha, tau) search averages its criterion over the folds of this many random assignments of the {groups} (or {pixels}) to FOLDS folds: its choice then depends less on the draw of the folds (the SEED), at this many times its cost (README: accuracy versus peers). 1 = one assignment, the fastest. Leave-one-out (FOLDS = 0) has one.</source>
        <translation>La recherche (alpha, tau) moyenne son critère sur les plis d'autant de répartitions aléatoires des {groups} (ou des {pixels}) en FOLDS plis : son choix dépend alors moins du tirage des plis (le SEED), pour autant de fois son coût (README : exactitude face aux autres outils). 1 = une seule répartition, la plus rapide. Le leave-one-out (FOLDS = 0) n'en a qu'une.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="173"/>
        <source>Refit the final model on all {groups}</source>
        <translation>Réajuster le modèle final sur tous les {groups}</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="175"/>
        <source>Yes (default): once the held-out {groups} have assessed the model trained without them, the (alpha, tau) search or the band selection and the fit run again on all {groups}, so no training {group} is wasted (the held-out figures assess that procedure on fewer {groups}; the saved bands, alpha and tau may differ from the assessed ones). No: the saved model is the one assessed.</source>
        <translation>Oui (par défaut) : une fois que les {groups} réservés ont évalué le modèle entraîné sans eux, la recherche de (alpha, tau) ou la sélection de bandes et l'ajustement sont refaits sur tous les {groups}, si bien qu'aucun {group} d'entraînement n'est perdu (les chiffres de validation évaluent cette procédure sur moins de {groups} ; les bandes, alpha et tau enregistrés peuvent différer de ceux évalués). Non : le modèle enregistré est celui qui a été évalué.</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="49"/>
        <source>class &apos;{name}&apos; has too few {groups} ({count}) for any to be held out, so the held-out accuracy does not cover it</source>
        <translation>la classe '{name}' a trop peu de {groups} ({count}) pour en réserver un : l'exactitude sur les données réservées ne la couvre donc pas</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="55"/>
        <source>class &apos;{name}&apos; has {count} training {groups} for {folds} folds: {empty} of the folds test none of it and each of the others takes a large share of it away; with so few {groups}, leave-one-{group}-out (FOLDS = 0) gives the steadier cross-validation</source>
        <translation>la classe '{name}' a {count} {groups} d'entraînement pour {folds} plis : {empty} des plis n'en testent aucun et chacun des autres lui en retire une large part ; avec si peu de {groups}, la validation croisée leave-one-out par {group} (FOLDS = 0) est la plus stable</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="63"/>
        <source>classes &apos;{first}&apos; and &apos;{second}&apos; are indistinguishable on the bands used (Jeffries-Matusita distance {jm}; {ceiling} is full separation): even the best rule confuses them about half of the time. Check {source} (constant or empty bands?) and the training {groups} of both classes, or merge them</source>
        <translation>les classes '{first}' et '{second}' sont indiscernables sur les bandes utilisées (distance de Jeffries-Matusita {jm} ; {ceiling} est la séparation complète) : même la meilleure règle les confond environ une fois sur deux. Vérifiez {source} (bandes constantes ou vides ?) et les {groups} d'entraînement des deux classes, ou fusionnez-les</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="90"/>
        <source>polygon</source>
        <translation>polygone</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="94"/>
        <source>group</source>
        <translation>groupe</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="95"/>
        <source>groups</source>
        <translation>groupes</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="96"/>
        <source>spectra</source>
        <translation>spectres</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="97"/>
        <source>the table</source>
        <translation>la table</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="98"/>
        <source>spectrum</source>
        <translation>spectre</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="106"/>
        <source>Draw more or larger polygons of &apos;{name}&apos;</source>
        <translation>Dessinez des polygones de '{name}' plus nombreux ou plus grands</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="107"/>
        <source>Add spectra of &apos;{name}&apos;</source>
        <translation>Ajoutez des spectres de '{name}'</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="109"/>
        <source>Draw more polygons of &apos;{name}&apos;</source>
        <translation>Dessinez davantage de polygones de '{name}'</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="110"/>
        <source>Add groups of &apos;{name}&apos;</source>
        <translation>Ajoutez des groupes de '{name}'</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="130"/>
        <source>The alphas compared are 0 (one covariance per class) and alpha* = {estimate}, the shrinkage intensity estimated from how much each class&apos;s covariance varies from one training {group} to another (Schaefer &amp; Strimmer 2005, a jackknife over the {groups}; over the samples when the folds are not grouped).</source>
        <translation>Les valeurs d'alpha comparées sont 0 (une covariance par classe) et alpha* = {estimate}, l'intensité de rétrécissement estimée d'après la variation de la covariance de chaque classe d'un {group} d'entraînement à l'autre (Schaefer &amp; Strimmer 2005, un jackknife sur les {groups} ; sur les échantillons quand les plis ne sont pas groupés).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="135"/>
        <source>alpha = 1 is the shrinkage intensity estimated from how much each class&apos;s covariance varies from one training {group} to another (Schaefer &amp; Strimmer 2005, a jackknife over the {groups}; over the samples when the folds are not grouped), at its bound: the classes&apos; covariances differ by no more than that spread, so no other alpha was tried.</source>
        <translation>alpha = 1 est l'intensité de rétrécissement estimée d'après la variation de la covariance de chaque classe d'un {group} d'entraînement à l'autre (Schaefer &amp; Strimmer 2005, un jackknife sur les {groups} ; sur les échantillons quand les plis ne sont pas groupés), à sa borne : les covariances des classes ne diffèrent pas plus que cette variation, aucune autre valeur d'alpha n'a donc été essayée.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="170"/>
        <source>Accuracy on the held-out {groups}</source>
        <translation>Exactitude sur les {groups} réservés</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="171"/>
        <source>Cross-validation on the training {groups}</source>
        <translation>Validation croisée sur les {groups} d'entraînement</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="176"/>
        <source>Estimated by leave-one-out cross-validation on the training {groups}: each {group} is predicted by the model without it (exact, in closed form or by downdate). Overall accuracy, kappa and mean F1 are those of the pooled confusion matrix of all predictions.</source>
        <translation>Estimée par validation croisée leave-one-out sur les {groups} d'entraînement : chaque {group} est prédit par le modèle sans lui (exact, en forme close ou par mise à jour descendante). L'exactitude globale, le kappa et le F1 moyen sont ceux de la matrice de confusion cumulée de toutes les prédictions.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="181"/>
        <source>Estimated by leave-one-out cross-validation on the training {groups}: each sample is predicted by the model without it (exact, in closed form or by downdate). Overall accuracy, kappa and mean F1 are those of the pooled confusion matrix of all predictions.</source>
        <translation>Estimée par validation croisée leave-one-out sur les {groups} d'entraînement : chaque échantillon est prédit par le modèle sans lui (exact, en forme close ou par mise à jour descendante). L'exactitude globale, le kappa et le F1 moyen sont ceux de la matrice de confusion cumulée de toutes les prédictions.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="186"/>
        <source>Estimated by {folds}-fold cross-validation on the training {groups} (folds hold whole {groups}): each fold is predicted by the model fitted without it. Overall accuracy, kappa and mean F1 are means over the folds; the matrix sums the predictions of all folds.</source>
        <translation>Estimée par validation croisée à {folds} plis sur les {groups} d'entraînement (les plis contiennent des {groups} entiers) : chaque pli est prédit par le modèle ajusté sans lui. L'exactitude globale, le kappa et le F1 moyen sont des moyennes sur les plis ; la matrice somme les prédictions de tous les plis.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="191"/>
        <source>Estimated by {folds}-fold cross-validation on the training {groups} (stratified folds of {pixels}): each fold is predicted by the model fitted without it. Overall accuracy, kappa and mean F1 are means over the folds; the matrix sums the predictions of all folds.</source>
        <translation>Estimée par validation croisée à {folds} plis sur les {groups} d'entraînement (plis stratifiés de {pixels}) : chaque pli est prédit par le modèle ajusté sans lui. L'exactitude globale, le kappa et le F1 moyen sont des moyennes sur les plis ; la matrice somme les prédictions de tous les plis.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="200"/>
        <source>Confusion matrix: rows = reference (the class of the {group}), columns = predicted class.</source>
        <translation>Matrice de confusion : lignes = référence (la classe du {group}), colonnes = classe prédite.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="218"/>
        <source>refit on all {groups}</source>
        <translation>réajustement sur tous les {groups}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="59"/>
        <source>measured on the held-out {groups}</source>
        <translation>mesurés sur les {groups} réservés</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="60"/>
        <source>estimated by cross-validation on the training {groups}</source>
        <translation>estimés par validation croisée sur les {groups} d'entraînement</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="67"/>
        <source>The final model was trained on the training {groups} only; the held-out {groups} assess it.</source>
        <translation>Le modèle final a été entraîné sur les seuls {groups} d'entraînement ; les {groups} réservés l'évaluent.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="70"/>
        <source>The final model was trained on all {groups}.</source>
        <translation>Le modèle final a été entraîné sur tous les {groups}.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="71"/>
        <source>The final model was refitted on all {groups} (the search or the selection run again on them: its bands, alpha and tau may differ from those assessed) after the held-out {groups} assessed the model trained without them.</source>
        <translation>Le modèle final a été réajusté sur tous les {groups} (la recherche ou la sélection refaite sur eux : ses bandes, alpha et tau peuvent différer de ceux évalués) après que les {groups} réservés ont évalué le modèle entraîné sans eux.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="79"/>
        <source>training {groups}</source>
        <translation>{groups} d'entraînement</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="81"/>
        <source>held-out {groups}</source>
        <translation>{groups} réservés</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="258"/>
        <source>VALIDATION is the share of {groups} held out per class, in [0, 1); got {share}</source>
        <translation>VALIDATION est la part des {groups} réservés par classe, dans [0, 1) ; reçu {share}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="389"/>
        <source>the class field holds one class, &apos;{name}&apos;: a classification needs at least two; choose the field that holds the classes (FIELD) or add {groups} of other classes</source>
        <translation>le champ de classe ne contient qu'une classe, '{name}' : une classification en demande au moins deux ; choisissez le champ qui contient les classes (FIELD) ou ajoutez des {groups} d'autres classes</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="429"/>
        <source>Class &apos;{name}&apos;: {samples} training samples from {count} {groups}, {held_out_samples} held-out samples from {held_out_count} {held_out_groups}</source>
        <translation>Classe '{name}' : {samples} échantillons d'entraînement issus de {count} {groups}, {held_out_samples} échantillons réservés issus de {held_out_count} {held_out_groups}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="474"/>
        <source> ({count} other {groups} held out by VALIDATION = {validation:g})</source>
        <translation> (VALIDATION = {validation:g} réserve en outre {count} {groups})</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="502"/>
        <source>class &apos;{name}&apos; has 1 training {group}{held_out}: cross-validation by {group} tests each {group} on a model trained without it, so a class needs at least 2</source>
        <translation>la classe '{name}' a 1 {group} d'entraînement{held_out} : la validation croisée par {group} teste chaque {group} sur un modèle entraîné sans lui, si bien qu'une classe en demande au moins 2</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="515"/>
        <source>, set VALIDATION = 0 (every {group} trains)</source>
        <translation>, mettez VALIDATION = 0 (chaque {group} sert à l'entraînement)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="517"/>
        <source>{problem}. {advice}{unheld}, or {ungroup}</source>
        <translation>{problem}. {advice}{unheld}, ou {ungroup}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="548"/>
        <source>Cross-validation on the {over}: one {group} out instead of {folds} folds (at most {limit} {groups}; LOO_FEW_POLYGONS)</source>
        <translation>Validation croisée sur les {over} : un {group} laissé de côté à la fois au lieu de {folds} plis (au plus {limit} {groups} ; LOO_FEW_POLYGONS)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="601"/>
        <source>class &apos;{name}&apos; has {count} training samples for {bands} bands: its covariance matrix is singular (a class needs more samples than bands). {advice}, or {fix}</source>
        <translation>la classe '{name}' a {count} échantillons d'entraînement pour {bands} bandes : sa matrice de covariance est singulière (une classe demande plus d'échantillons que de bandes). {advice}, ou {fix}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="741"/>
        <source>, by {group}</source>
        <translation>, par {group}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="742"/>
        <source>Cross-validation ({folds}, {parts} parts{grouping}, training {groups}): overall accuracy {accuracy:.4f}, kappa {kappa:.4f}</source>
        <translation>Validation croisée ({folds}, {parts} parties{grouping}, {groups} d'entraînement) : exactitude globale {accuracy:.4f}, kappa {kappa:.4f}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="762"/>
        <source>Final model: the same search and fit on all {count} samples (training and held-out {groups})</source>
        <translation>Modèle final : la même recherche et le même ajustement sur tous les {count} échantillons ({groups} d'entraînement et réservés)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="766"/>
        <source>Final model: the same selection and fit on all {count} samples (training and held-out {groups})</source>
        <translation>Modèle final : la même sélection et le même ajustement sur tous les {count} échantillons ({groups} d'entraînement et réservés)</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="791"/>
        <source>Held-out {groups} ({count} samples, never used for training): overall accuracy {accuracy:.4f}, kappa {kappa:.4f}</source>
        <translation>Sur les {groups} réservés ({count} échantillons, jamais utilisés pour l'entraînement) : exactitude globale {accuracy:.4f}, kappa {kappa:.4f}</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="105"/>
        <source>Yes (default): with grouped folds and at most {limit} {groups}, the cross-validation leaves one {group} out instead of FOLDS folds (as FOLDS = 0), on the training {groups} and again on all {groups} for the refit; the log says so. Each fold then trains on all {groups} but one, nearer the final model than folds that each take a fifth of a few {groups} away; on the data measured (3 to 17 {groups} per class) it did better than 5 folds or within the noise of the measure (README: accuracy versus peers), at up to 4 times the cost. No: FOLDS folds whatever the {groups}.</source>
        <translation>Oui (par défaut) : avec des plis groupés et au plus {limit} {groups}, la validation croisée laisse de côté un {group} à la fois au lieu de FOLDS plis (comme FOLDS = 0), sur les {groups} d'entraînement puis de nouveau sur tous les {groups} pour le réajustement ; le journal le signale. Chaque pli s'entraîne alors sur tous les {groups} sauf un, plus près du modèle final que des plis qui retirent chacun un cinquième de peu de {groups} ; sur les données mesurées (3 à 17 {groups} par classe), elle a fait mieux que 5 plis ou aussi bien aux erreurs de mesure près (README : exactitude face aux autres outils), pour jusqu'à 4 fois le coût. Non : FOLDS plis quels que soient les {groups}.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="89"/>
        <source>Number of folds (at least 2) of the cross-validation behind the tau search, the CV criteria and the CV accuracy estimate. 0 = leave-one-out: each sample is predicted by the model without it, computed exactly from the full model at the cost of one fit; with folds by {group}, each {group} by the model without it (one fit per {group}); accuracy, kappa and F1 are then those of the pooled confusion matrix of all predictions. Leave-one-out suits spectral libraries, small classes and training sets of few {groups} (tens), where leaving one {group} out chooses alpha and tau better than 5 folds (README: accuracy versus peers); its cost grows with the number of {groups}. With grouped folds and up to {limit} {groups}, LOO_FEW_POLYGONS (default) leaves one {group} out whatever FOLDS.</source>
        <translation>Nombre de plis (au moins 2) de la validation croisée utilisée par la recherche de tau, les critères en validation croisée et l'estimation de l'exactitude en validation croisée. 0 = validation croisée leave-one-out : chaque échantillon est prédit par le modèle sans lui, calculé exactement à partir du modèle complet pour le coût d'un seul ajustement ; avec les plis par {group}, chaque {group} par le modèle sans lui (un ajustement par {group}) ; l'exactitude, le kappa et le F1 sont alors ceux de la matrice de confusion cumulée de toutes les prédictions. Le leave-one-out convient aux bibliothèques spectrales, aux petites classes et aux jeux d'entraînement de peu de {groups} (quelques dizaines), où laisser un {group} de côté choisit mieux alpha et tau que 5 plis (README : exactitude face aux autres outils) ; son coût croît avec le nombre de {groups}. Avec des plis groupés et jusqu'à {limit} {groups}, LOO_FEW_POLYGONS (par défaut) laisse de côté un {group} à la fois quel que soit FOLDS.</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="118"/>
        <source>leave GROUP_FIELD empty (folds of single spectra), at the cost of an optimistic accuracy: the spectra of one group are alike</source>
        <translation>laissez GROUP_FIELD vide (plis de spectres isolés), au prix d'une exactitude optimiste : les spectres d'un même groupe se ressemblent</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="115"/>
        <source>turn grouped folds off (GROUPED = no), at the cost of an optimistic accuracy: neighbouring pixels are alike</source>
        <translation>désactivez les plis groupés (GROUPED = non), au prix d'une exactitude optimiste : les pixels voisins se ressemblent</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="141"/>
        <source>over {cells} values by leave-one-out cross-validation on {over} (criterion: {criterion} of the pooled confusion matrix of the {parts} parts left out; ties go to the smallest alpha, then the smallest tau)</source>
        <translation>parmi {cells} valeurs par validation croisée leave-one-out sur {over} (critère : {criterion} de la matrice de confusion cumulée des {parts} parties laissées de côté ; en cas d'égalité, le plus petit alpha, puis le plus petit tau)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="145"/>
        <source>over {cells} values by {folds}-fold cross-validation on {over} (criterion: mean {criterion} over the folds; ties go to the smallest alpha, then the smallest tau)</source>
        <translation>parmi {cells} valeurs par validation croisée à {folds} plis sur {over} (critère : {criterion}, moyenne sur les plis ; en cas d'égalité, le plus petit alpha, puis le plus petit tau)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="149"/>
        <source>over {cells} values by {folds}-fold cross-validation on {over}, repeated with {repeats} random assignments to folds (criterion: mean {criterion} over the {parts} folds; ties go to the smallest alpha, then the smallest tau)</source>
        <translation>parmi {cells} valeurs par validation croisée à {folds} plis sur {over}, répétée avec {repeats} répartitions aléatoires en plis (critère : {criterion}, moyenne sur les {parts} plis ; en cas d'égalité, le plus petit alpha, puis le plus petit tau)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="153"/>
        <source>the training {groups}</source>
        <translation>les {groups} d'entraînement</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="154"/>
        <source>all the {groups}, training and held out</source>
        <translation>tous les {groups}, d'entraînement et réservés</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="426"/>
        <source>Class &apos;{name}&apos;: {samples} training samples from {count} {groups}, none held out</source>
        <translation>Classe '{name}' : {samples} échantillons d'entraînement issus de {count} {groups}, aucun réservé</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="440"/>
        <source>{folds}-fold cross-validation by {group} needs at least {folds} training {groups}; there are {count}. Lower FOLDS, set FOLDS = 0 (one {group} out at a time) or LOO_FEW_POLYGONS = yes, or {ungroup}</source>
        <translation>la validation croisée à {folds} plis par {group} demande au moins {folds} {groups} d'entraînement ; il y en a {count}. Abaissez FOLDS, mettez FOLDS = 0 (un {group} laissé de côté à la fois) ou LOO_FEW_POLYGONS = oui, ou {ungroup}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="459"/>
        <source>class &apos;{name}&apos; has {count} samples in {parts} {groups}, but {folds}-fold cross-validation by {group} (SEED = {seed}) puts {held} of them in fold {fold}, which leaves {left} to train on without that fold ({minimum} needed). Set FOLDS = 0 or LOO_FEW_POLYGONS = yes (one {group} out at a time), change FOLDS or SEED, or {ungroup}</source>
        <translation>la classe '{name}' a {count} échantillons dans {parts} {groups}, mais la validation croisée à {folds} plis par {group} (SEED = {seed}) en place {held} dans le pli {fold}, ce qui en laisse {left} pour l'entraînement sans ce pli (il en faut {minimum}). Mettez FOLDS = 0 ou LOO_FEW_POLYGONS = oui (un {group} laissé de côté à la fois), changez FOLDS ou SEED, ou {ungroup}</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="136"/>
        <source>rows of table {path!r} with an empty or non-finite band value: {count} (first: FID {fid}, field {field!r}); fill in these values or delete the rows</source>
        <translation>lignes de la table {path!r} ayant une valeur de bande vide ou non finie : {count} (première : FID {fid}, champ {field!r}) ; renseignez ces valeurs ou supprimez ces lignes</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="89"/>
        <source>features of {path!r} with an empty class field {field!r}: {count} of {total} (FID {fids}); fill in their class or delete them</source>
        <translation>entités de {path!r} dont le champ de classe {field!r} est vide : {count} sur {total} (FID {fids}) ; renseignez leur classe ou supprimez-les</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="157"/>
        <source>WAVELENGTHS has a different number of values ({count}) than there are band fields ({bands}): give one wavelength per band field, in the order of BANDS</source>
        <translation>WAVELENGTHS n'a pas autant de valeurs ({count}) qu'il y a de champs de bande ({bands}) : donnez une longueur d'onde par champ de bande, dans l'ordre de BANDS</translation>
    </message>
    <message>
        <location filename="../raster/samples.py" line="227"/>
        <source>class {name!r}: usable pixels {usable}, features {features} (pixels covered {covered}, features outside the raster {outside})</source>
        <translation>classe {name!r} : pixels utilisables {usable}, entités {features} (pixels couverts {covered}, entités hors du raster {outside})</translation>
    </message>
    <message>
        <location filename="../raster/samples.py" line="240"/>
        <source>every class needs at least {minimum} usable pixels in raster {raster!r} ({details}; pixels no-data, NaN or masked: {unusable}, contested: {contested}); add or enlarge training features of these classes in {vector!r}, check the no-data values and mask, or drop these classes</source>
        <translation>chaque classe a besoin d'au moins {minimum} pixels utilisables dans le raster {raster!r} ({details} ; pixels sans donnée, NaN ou masqués : {unusable}, en conflit : {contested}) ; ajoutez ou agrandissez des entités d'entraînement de ces classes dans {vector!r}, vérifiez les valeurs sans donnée et le masque, ou retirez ces classes</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="273"/>
        <source>VALIDATION = {share:g} holds out every {group} of class &apos;{name}&apos; (it has {count}), leaving none to train on. {advice}, lower VALIDATION below {limit:.2f}, or set it to 0 to assess by cross-validation only</source>
        <translation>VALIDATION = {share:g} réserve chaque {group} de la classe '{name}' (elle en a {count}) et n'en laisse aucun pour l'entraînement. {advice}, abaissez VALIDATION sous {limit:.2f}, ou mettez-la à 0 pour n'évaluer que par validation croisée</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="486"/>
        <source>training samples of class &apos;{name}&apos;: {count}{held_out}; a class needs at least {minimum} for its covariance. {advice}{unheld}</source>
        <translation>échantillons d'entraînement de la classe '{name}' : {count}{held_out} ; une classe en demande au moins {minimum} pour sa covariance. {advice}{unheld}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="507"/>
        <source>class &apos;{name}&apos; has {count} training samples{held_out}, {largest} of them in one {group}: cross-validation by {group} tests that {group} on a model trained on what is left ({rest}; {minimum} needed)</source>
        <translation>la classe '{name}' a {count} échantillons d'entraînement{held_out}, dont {largest} dans un seul {group} : la validation croisée par {group} teste ce {group} sur un modèle entraîné sur ce qui reste ({rest} ; il en faut {minimum})</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="92"/>
        <source>rows of table {path!r} with an empty class field {field!r}: {count} of {total} (FID {fids}); fill in their class or delete the rows</source>
        <translation>lignes de la table {path!r} dont le champ de classe {field!r} est vide : {count} sur {total} (FID {fids}) ; renseignez leur classe ou supprimez ces lignes</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="184"/>
        <source>Model: {0} classes ({1}), tau = {2}, bands ({3}): {4}</source>
        <translation>Modèle : {0} classes ({1}), tau = {2}, bandes ({3}) : {4}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="636"/>
        <source> on the selected bands ({count})</source>
        <translation> sur les bandes sélectionnées ({count})</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="708"/>
        <source>Best set at size {size}: {criterion} = {value:.6g}: {bands}</source>
        <translation>Meilleur ensemble de taille {size} : {criterion} = {value:.6g} : {bands}</translation>
    </message>
    <message>
        <location filename="../raster/training.py" line="715"/>
        <source>Bands selected: {count} ({how}, {method}, {criterion}, alpha = {alpha:.6g}, tau = {tau}, {seconds:.2f} s): {bands}</source>
        <translation>Bandes sélectionnées : {count} ({how}, {method}, {criterion}, alpha = {alpha:.6g}, tau = {tau}, {seconds:.2f} s) : {bands}</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="18"/>
        <source>features of {vector} without a geometry, skipped: {count}</source>
        <translation>entités de {vector} sans géométrie, ignorées : {count}</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="22"/>
        <source>features of {vector} outside raster {raster}, which give no sample: {count} of {total}</source>
        <translation>entités de {vector} hors du raster {raster}, qui ne donnent aucun échantillon : {count} sur {total}</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="28"/>
        <source>features of {vector} that cannot be reprojected to the raster&apos;s CRS: {count} (FIDs {fids}); their coordinates are not valid in the CRS the layer declares and they give no sample. Check the layer&apos;s CRS</source>
        <translation>entités de {vector} qui ne peuvent pas être reprojetées dans le SCR du raster : {count} (FID {fids}) ; leurs coordonnées ne sont pas valides dans le SCR que déclare la couche et elles ne donnent aucun échantillon. Vérifiez le SCR de la couche</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="39"/>
        <source>pixels covered by features of different classes, dropped: {count}</source>
        <translation>pixels couverts par des entités de classes différentes, écartés : {count}</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="43"/>
        <source>features over the raster that cover no pixel centre (smaller or thinner than a pixel): {count}; enlarge them or use all_touched</source>
        <translation>entités sur le raster qui ne couvrent aucun centre de pixel (plus petites ou plus fines qu'un pixel) : {count} ; agrandissez-les ou utilisez all_touched</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="104"/>
        <source>Read {0} spectra of {1} classes from {3} (bands: {2})</source>
        <translation>{0} spectres de {1} classes lus dans {3} (bandes : {2})</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="313"/>
        <source>Sampling the bands of {1} ({0}) under &apos;{2}&apos; (field &apos;{3}&apos;)</source>
        <translation>Échantillonnage des bandes de {1} ({0}) sous '{2}' (champ '{3}')</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="168"/>
        <source>raster {path!r} has a band count ({bands}) other than that of the raster the model was trained on ({model_bands}): classify a raster with the same bands, in the same order, train a model on this one, or {fix}</source>
        <translation>le raster {path!r} n'a pas le même nombre de bandes ({bands}) que le raster sur lequel le modèle a été entraîné ({model_bands}) : classez un raster ayant les mêmes bandes, dans le même ordre, entraînez un modèle sur celui-ci, ou {fix}</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="264"/>
        <source>Pixels of reference polygons left out: {count} (no class in the map (no-data), or covered by polygons of different classes)</source>
        <translation>Pixels des polygones de référence écartés : {count} (sans classe dans la carte (sans donnée), ou couverts par des polygones de classes différentes)</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="146"/>
        <source>raster {path!r} has bands 1..{count} but bands {bands} were asked for; choose band numbers in that range (or the raster the model was trained on)</source>
        <translation>le raster {path!r} a les bandes 1..{count} mais les bandes {bands} ont été demandées ; choisissez des numéros de bande dans cet intervalle (ou le raster sur lequel le modèle a été entraîné)</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="367"/>
        <source>no feature of {vector!r} (layer {layer!r}, features: {count}) lies over raster {raster!r} ({width} x {height} px); check that both cover the same area and that their CRS are declared correctly</source>
        <translation>aucune entité de {vector!r} (couche {layer!r}, entités : {count}) ne se trouve sur le raster {raster!r} ({width} x {height} px) ; vérifiez que les deux couvrent la même zone et que leurs SCR sont correctement déclarés</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="394"/>
        <source>features of layer {layer!r} of {path!r} that are lines: {count} of {total} (FIDs {fids}); training samples come from polygons (the pixels inside) or points (the pixel under each): buffer the lines into polygons first (e.g. Processing&apos;s Buffer) or choose a polygon or point layer</source>
        <translation>entités de la couche {layer!r} de {path!r} qui sont des lignes : {count} sur {total} (FID {fids}) ; les échantillons d'entraînement viennent de polygones (les pixels à l'intérieur) ou de points (le pixel sous chacun) : changez d'abord les lignes en polygones par un tampon (p. ex. l'algorithme Tampon de la boîte à outils de traitements) ou choisissez une couche de polygones ou de points</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="91"/>
        <source>{stratum} (samples: {count})</source>
        <translation>{stratum} (échantillons : {count})</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="97"/>
        <source>{stratum}: {count} (map pixels: {pixels})</source>
        <translation>{stratum} : {count} (pixels de la carte : {pixels})</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="32"/>
        <source>samples with NaN or infinite values: {count} (first at row {row}, feature {feature}); remove them or mask no-data</source>
        <translation>échantillons contenant des valeurs NaN ou infinies : {count} (le premier à la ligne {row}, bande {feature}) ; retirez-les ou masquez les valeurs sans donnée</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="59"/>
        <source>file {path!r} does not exist; check the path</source>
        <translation>le fichier {path!r} n'existe pas ; vérifiez le chemin</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="64"/>
        <source>OGR cannot read {path!r}: {reason}; check the path and format</source>
        <translation>OGR ne peut pas lire {path!r} : {reason} ; vérifiez le chemin et le format</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="68"/>
        <source>no layer found</source>
        <translation>aucune couche trouvée</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="69"/>
        <source>OGR cannot read {path!r} (or it has no layer): {reason}; check the path and format</source>
        <translation>OGR ne peut pas lire {path!r} (ou ce fichier n'a aucune couche) : {reason} ; vérifiez le chemin et le format</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="80"/>
        <source>{path!r} has no layer {layer!r}; its layers are: {layers}</source>
        <translation>{path!r} n'a pas de couche {layer!r} ; ses couches sont : {layers}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="316"/>
        <source>{band} {wavelength} -&gt; {number}</source>
        <translation>{band} {wavelength} -&gt; {number}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="319"/>
        <source>{band} -&gt; {name!r} (band {number})</source>
        <translation>{band} -&gt; {name!r} (bande {number})</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="322"/>
        <source>Bands mapped by wavelength: {pairs} (model -&gt; raster band)</source>
        <translation>Bandes associées par leur longueur d'onde : {pairs} (modèle -&gt; bande du raster)</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="324"/>
        <source>bands mapped by their wavelength to bands of other names: {pairs}; if the names are right, {fix}</source>
        <translation>bandes associées par leur longueur d'onde à des bandes d'autres noms : {pairs} ; si les noms sont justes, {fix}</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="188"/>
        <source>{share:.0%} of the {count} pixels sampled across raster {path!r} lie beyond every class of the model (their squared Mahalanobis distance to the nearest class exceeds {limit:.1f}, which a class&apos;s own pixels exceed once in a million): are its values in the units of the image the model was trained on (scale and offset, reflectance or digital numbers, the same processing)? If they are, most of this image is unlike the training data</source>
        <translation>{share:.0%} des {count} pixels échantillonnés sur le raster {path!r} sont au-delà de toutes les classes du modèle (leur distance de Mahalanobis au carré à la classe la plus proche dépasse {limit:.1f}, ce que les pixels d'une classe ne font qu'une fois sur un million) : ses valeurs sont-elles dans les unités de l'image sur laquelle le modèle a été entraîné (échelle et décalage, réflectance ou comptes numériques, même traitement) ? Si oui, la plus grande partie de cette image ne ressemble pas aux données d'entraînement</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="280"/>
        <source>{0}: layer &apos;{1}&apos; is read as QGIS shows it: {2}</source>
        <translation>{0} : la couche '{1}' est lue telle que QGIS l'affiche : {2}</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="584"/>
        <source>in the CRS set in QGIS ({0}), not its file&apos;s ({1})</source>
        <translation>dans le SCR défini dans QGIS ({0}), non dans celui de son fichier ({1})</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="454"/>
        <source>with its unsaved edits</source>
        <translation>avec ses modifications non enregistrées</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="118"/>
        <source>The image to classify: it must hold the bands the model was trained on (matched by name, else by number, else by wavelength). Its no-data values are its file&apos;s, or those set on the layer in QGIS.</source>
        <translation>L'image à classer : elle doit contenir les bandes sur lesquelles le modèle a été entraîné (associées par leur nom, sinon par leur numéro, sinon par leur longueur d'onde). Ses valeurs sans donnée sont celles de son fichier, ou celles définies sur la couche dans QGIS.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="140"/>
        <source>The image to learn from: any number of bands, any data type. No-data pixels (in any band: its file&apos;s no-data values, or those set on the layer in QGIS) are not sampled.</source>
        <translation>L'image d'apprentissage : n'importe quel nombre de bandes, n'importe quel type de données. Les pixels sans donnée (dans n'importe quelle bande : les valeurs sans donnée de son fichier, ou celles définies sur la couche dans QGIS) ne sont pas échantillonnés.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="182"/>
        <source>A feature of invalid geometry (a ring crossing itself, a hole outside its shell) is read as it is, left out, or stops the run, as Processing&apos;s &apos;Invalid features filtering&apos; or the layer&apos;s own setting (its advanced options) asks.</source>
        <translation>Une entité à la géométrie invalide (un anneau qui se croise, un trou hors de son contour) est lue telle quelle, écartée, ou arrête l'exécution, comme le demande le paramètre 'Filtrage des éléments invalides' des options de traitement ou le réglage propre à la couche (ses options avancées).</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="36"/>
        <source>features of {vector} with an invalid geometry, left out as asked: {count} of {total} (FIDs {fids}; the first: {reason}); repair them (Processing&apos;s Fix geometries) to sample them</source>
        <translation>entités de {vector} à la géométrie invalide, écartées comme demandé : {count} sur {total} (FID {fids} ; la première : {reason}) ; réparez-les (l'algorithme Réparer les géométries de la boîte à outils de traitements) pour les échantillonner</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="381"/>
        <source>features of layer {layer!r} of {path!r} with an invalid geometry: {count} of {total} (FIDs {fids}; the first: {reason}); repair them (Processing&apos;s Fix geometries), or have them left out (Settings &gt; Options &gt; Processing &gt; General &gt; Invalid features filtering)</source>
        <translation>entités de la couche {layer!r} de {path!r} à la géométrie invalide : {count} sur {total} (FID {fids} ; la première : {reason}) ; réparez-les (l'algorithme Réparer les géométries de la boîte à outils de traitements), ou faites-les écarter (Préférences &gt; Options &gt; Traitement &gt; Général &gt; Filtrage des éléments invalides)</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="308"/>
        <source>invalid is {value!r}; it must be one of {rules}</source>
        <translation>invalid vaut {value!r} ; il doit être l'un de {rules}</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="425"/>
        <source>{0}: reprojected to the CRS of {1} by the transformation the project sets: {2}</source>
        <translation>{0} : reprojetée dans le SCR de {1} par la transformation que définit le projet : {2}</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="51"/>
        <source>Areas are in the square of the linear unit of its CRS, as QGIS shows it.</source>
        <translation>Les superficies sont dans le carré de l'unité linéaire de son SCR, tel que QGIS l'affiche.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="173"/>
        <source>Classification raster (band 1): integer class codes; 0 or its no-data (its file&apos;s, or the one set on the layer in QGIS) = no class.</source>
        <translation>Raster de classification (bande 1) : codes de classe entiers ; 0 ou sa valeur sans donnée (celle de son fichier, ou celle définie sur la couche dans QGIS) = pas de classe.</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="129"/>
        <source>Optional raster on the same grid: only pixels with a value &gt; 0 that is not its no-data (its file&apos;s, or the one set on the layer in QGIS) are classified.</source>
        <translation>Raster facultatif sur la même grille : seuls les pixels de valeur &gt; 0 qui n'est pas sa valeur sans donnée (celle de son fichier, ou celle définie sur la couche dans QGIS) sont classés.</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="34"/>
        <source>read as they are</source>
        <translation>lues telles quelles</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="35"/>
        <source>left out</source>
        <translation>écartées</translation>
    </message>
    <message>
        <location filename="../core/choices.py" line="36"/>
        <source>stop the run</source>
        <translation>arrêtent l'exécution</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="533"/>
        <source>header field &apos;{field}&apos; is not a band number</source>
        <translation>le champ d'en-tête '{field}' n'est pas un numéro de bande</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="539"/>
        <source>header field &apos;{field}&apos; is not [low, high, low included, high included]</source>
        <translation>le champ d'en-tête '{field}' n'est pas [borne basse, borne haute, basse incluse, haute incluse]</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="55"/>
        <source>{input}: as QGIS gave it</source>
        <translation>{input} : ce que QGIS en a donné</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="56"/>
        <source>its selected features only</source>
        <translation>ses entités sélectionnées seulement</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="57"/>
        <source>its first {count} features</source>
        <translation>ses {count} premières entités</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="59"/>
        <source>with the fields added in QGIS ({fields})</source>
        <translation>avec les champs ajoutés dans QGIS ({fields})</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="60"/>
        <source>in the CRS set in QGIS ({crs})</source>
        <translation>dans le SCR défini dans QGIS ({crs})</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="61"/>
        <source>no-data set in QGIS on band {band}: {values}</source>
        <translation>valeurs sans donnée définies dans QGIS sur la bande {band} : {values}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="62"/>
        <source>the file&apos;s no-data value not used</source>
        <translation>valeur sans donnée du fichier non utilisée</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="63"/>
        <source>Transformation set in the project</source>
        <translation>Transformation définie dans le projet</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="64"/>
        <source>Features of invalid geometry</source>
        <translation>Entités à la géométrie invalide</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="114"/>
        <source>table {path!r} has no rows: give a table of spectra, one row each (its class, then one value per band)</source>
        <translation>la table {path!r} n'a aucune ligne : donnez une table de spectres, un par ligne (sa classe, puis une valeur par bande)</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="359"/>
        <source>layer {layer!r} of {path!r} has no feature with a geometry: draw polygons (or points) over the raster, or choose another layer</source>
        <translation>la couche {layer!r} de {path!r} n'a aucune entité avec une géométrie : dessinez des polygones (ou des points) sur le raster, ou choisissez une autre couche</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="36"/>
        <source>reference points of {vector} drawn in another stratum (their field {field}) than the one the estimates give them: {count} of {total} (FIDs {fids}); was the sample drawn on another map? The estimates take the strata of {strata}: give the map the sample was drawn on as the strata (STRATA), or they are biased</source>
        <translation>points de référence de {vector} tirés dans une autre strate (leur champ {field}) que celle que leur donnent les estimations : {count} sur {total} (FID {fids}) ; l'échantillon a-t-il été tiré sur une autre carte ? Les estimations prennent les strates de {strata} : donnez comme strates (STRATA) la carte sur laquelle l'échantillon a été tiré, sans quoi elles sont biaisées</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="219"/>
        <source>INPUT: the model was trained on this raster read with other no-data than this run reads it with (then: {0}; now: {1}): pixels that were no-data then are classified now, or the reverse. Set the same no-data on the layer (Layer Properties &gt; Transparency)</source>
        <translation>INPUT : le modèle a été entraîné sur ce raster lu avec d'autres valeurs sans donnée que celles avec lesquelles cette exécution le lit (alors : {0} ; maintenant : {1}) : des pixels alors sans donnée sont classés maintenant, ou l'inverse. Définissez les mêmes valeurs sans donnée sur la couche (Propriétés de la couche &gt; Transparence)</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="67"/>
        <source>its file&apos;s no-data</source>
        <translation>les valeurs sans donnée de son fichier</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="41"/>
        <source>the strata of {strata} are not those the sample of {vector} was drawn in: classified pixels per stratum when drawn (its points&apos; field {field}) -&gt; now: {sizes}; was the sample drawn on another map, or the map edited since? The estimates weigh the strata by their pixels in {strata}: give the map the sample was drawn on, as it was, as the strata (STRATA), or they are biased</source>
        <translation>les strates de {strata} ne sont pas celles dans lesquelles l'échantillon de {vector} a été tiré : pixels classés par strate au tirage (champ {field} de ses points) -&gt; maintenant : {sizes} ; l'échantillon a-t-il été tiré sur une autre carte, ou la carte modifiée depuis ? Les estimations pondèrent les strates par leurs pixels dans {strata} : donnez comme strates (STRATA) la carte sur laquelle l'échantillon a été tiré, telle qu'elle était, sans quoi elles sont biaisées</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="55"/>
        <source>The reference sample, drawn at random in each stratum (e.g. by Stratified random sample for an assessment): points (the pixel under each), or polygons (every pixel centre inside, each taken as a sample; a warning gives overall accuracy&apos;s interval with the polygons as the units), in any CRS. Every point must lie on a classified pixel.</source>
        <translation>L'échantillon de référence, tiré au hasard dans chaque strate (p. ex. par Échantillon aléatoire stratifié pour une évaluation) : points (le pixel sous chacun) ou polygones (chaque centre de pixel à l'intérieur, chacun pris comme un échantillon ; un avertissement donne l'intervalle de l'exactitude globale avec les polygones pour unités), dans n'importe quel SCR. Chaque point doit se trouver sur un pixel classé.</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="46"/>
        <source>the {samples} reference pixels of {vector} are taken as independent samples, but they lie in {units} features (polygons), whose pixels are alike: taking the features as the units sampled (delete-one-feature jackknife), overall accuracy {overall} has an interval of ± {by_units}, against the ± {by_pixels} given here with the pixels as units; and unless the features were drawn at random in the strata, the estimates are biased. For design-based estimates, assess with the points of a stratified random sample (Stratified random sample for an assessment)</source>
        <translation>les {samples} pixels de référence de {vector} sont pris comme des échantillons indépendants, mais ils se trouvent dans {units} entités (polygones), dont les pixels se ressemblent : en prenant les entités comme unités échantillonnées (jackknife en retirant une entité à la fois), l'exactitude globale {overall} a un intervalle de ± {by_units}, contre les ± {by_pixels} donnés ici avec les pixels comme unités ; et à moins que les entités n'aient été tirées au hasard dans les strates, les estimations sont biaisées. Pour des estimations fondées sur le plan d'échantillonnage, évaluez avec les points d'un échantillon aléatoire stratifié (Échantillon aléatoire stratifié pour une évaluation)</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="53"/>
        <source>the {samples} reference pixels of {vector} are taken as independent samples, but they lie in {units} features (polygons), whose pixels are alike, and every sample of stratum {stratum} lies in feature {fid}, so no interval can be estimated with the features as the units sampled; and unless the features were drawn at random in the strata, the estimates are biased. For design-based estimates, assess with the points of a stratified random sample (Stratified random sample for an assessment)</source>
        <translation>les {samples} pixels de référence de {vector} sont pris comme des échantillons indépendants, mais ils se trouvent dans {units} entités (polygones), dont les pixels se ressemblent, et tous les échantillons de la strate {stratum} se trouvent dans l'entité {fid}, si bien qu'aucun intervalle ne peut être estimé avec les entités comme unités échantillonnées ; et à moins que les entités n'aient été tirées au hasard dans les strates, les estimations sont biaisées. Pour des estimations fondées sur le plan d'échantillonnage, évaluez avec les points d'un échantillon aléatoire stratifié (Échantillon aléatoire stratifié pour une évaluation)</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="46"/>
        <source>the reference {vector} is the layer the model of this map ({model}, which the map&apos;s metadata names) was trained on: every feature of it trained the model, so the accuracy and the areas estimated from it are optimistic. Assess with a reference the model did not learn from: the points of a stratified random sample (Stratified random sample for an assessment)</source>
        <translation>la référence {vector} est la couche sur laquelle le modèle de cette carte ({model}, que nomment les métadonnées de la carte) a été entraîné : chacune de ses entités a entraîné le modèle, si bien que l'exactitude et les superficies estimées d'après elle sont optimistes. Évaluez avec une référence dont le modèle n'a pas appris : les points d'un échantillon aléatoire stratifié (Échantillon aléatoire stratifié pour une évaluation)</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="51"/>
        <source>the reference {vector} is the layer the model of this map ({model}, which the map&apos;s metadata names) was trained on: all but the {count} features it held out trained the model, and the model file does not say which these are, so the accuracy and the areas estimated from the layer are optimistic. Assess with a reference the model did not learn from: the points of a stratified random sample (Stratified random sample for an assessment)</source>
        <translation>la référence {vector} est la couche sur laquelle le modèle de cette carte ({model}, que nomment les métadonnées de la carte) a été entraîné : toutes ses entités sauf les {count} qu'il a réservées ont entraîné le modèle, et le fichier du modèle ne dit pas lesquelles, si bien que l'exactitude et les superficies estimées d'après la couche sont optimistes. Évaluez avec une référence dont le modèle n'a pas appris : les points d'un échantillon aléatoire stratifié (Échantillon aléatoire stratifié pour une évaluation)</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="221"/>
        <source>{share:.0%} of the {count} pixels sampled across raster {path!r} hold {value} on every band read, as the fill around a scene does, and are classified like the image&apos;s own pixels; where {value} marks no data, set it as the raster&apos;s no-data (Layer Properties &gt; Transparency &gt; Additional no data value, or gdal_translate -a_nodata {value}) and they stay unclassified</source>
        <translation>{share:.0%} des {count} pixels échantillonnés sur le raster {path!r} valent {value} sur chaque bande lue, comme le remplissage autour d'une scène, et sont classés comme les pixels de l'image elle-même ; si {value} marque l'absence de données, définissez-la comme valeur sans donnée du raster (Propriétés de la couche &gt; Transparence &gt; Valeur nulle supplémentaire, ou gdal_translate -a_nodata {value}) et ils restent non classés</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="74"/>
        <source>training samples under the features of {vector} that hold {value} on every band, as the fill around a scene does: {count} (classes {classes}); they are taken as pixels of their class. Where {value} marks no data, set it as the raster&apos;s no-data (Layer Properties &gt; Transparency &gt; Additional no data value, or gdal_translate -a_nodata {value}) and they are left out, or move the features off it</source>
        <translation>échantillons d'entraînement sous les entités de {vector} qui valent {value} sur chaque bande, comme le remplissage autour d'une scène : {count} (classes {classes}) ; ils sont pris comme des pixels de leur classe. Si {value} marque l'absence de données, définissez-la comme valeur sans donnée du raster (Propriétés de la couche &gt; Transparence &gt; Valeur nulle supplémentaire, ou gdal_translate -a_nodata {value}) et ils sont laissés de côté, ou déplacez les entités hors de lui</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="46"/>
        <source>raster {path} has {count} bands, where a classification has one: its band 1 is taken as the map, each of its values a class. If it is an image rather than its classification, give the map Predict wrote from it</source>
        <translation>le raster {path} a {count} bandes, là où une classification en a une : sa bande 1 est prise comme la carte, chacune de ses valeurs comme une classe. Si c'est une image plutôt que sa classification, donnez la carte que Prédire en a tirée</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="227"/>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="228"/>
        <source>no pixel of raster {path!r} was classified: each is no-data, NaN or masked (its own mask, or the mask given: {mask}), and the map holds no class; check the no-data values of the raster and of the mask (Layer Properties &gt; Transparency) and the mask&apos;s values (0 masks a pixel)</source>
        <translation>aucun pixel du raster {path!r} n'a été classé : chacun est sans donnée, NaN ou masqué (par son propre masque, ou par le masque donné : {mask}), et la carte ne contient aucune classe ; vérifiez les valeurs sans donnée du raster et du masque (Propriétés de la couche &gt; Transparence) et les valeurs du masque (0 masque un pixel)</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="88"/>
        <source>features over the raster that cover no pixel centre (smaller or thinner than a pixel): {count}; enlarge them (or, in Python, sample every pixel they touch: all_touched=True)</source>
        <translation>entités sur le raster qui ne couvrent aucun centre de pixel (plus petites ou plus fines qu'un pixel) : {count} ; agrandissez-les (ou, en Python, échantillonnez chaque pixel qu'elles touchent : all_touched=True)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="35"/>
        <source>Selects the few bands that separate the classes best, by sequential forward selection (SFS) or sequential floating forward selection (SFFS), and saves a Gaussian mixture model that uses them, for Predict. The criterion is a separability (Jeffries-Matusita, Kullback-Leibler: fast, no cross-validation) or a cross-validated accuracy, kappa or F1. The model&apos;s covariances are shrunk and get a ridge as Train GMM&apos;s, its alpha and tau searched on the selected bands (MODEL_SEARCH). The model keeps the best band set of every size, so Predict can use another size. A share of the polygons of each class can be held out: the selection never sees them, and they give an independent accuracy assessment; the selection and the fit then run again on all polygons (REFIT).</source>
        <translation>Classification supervisée avec sélection de bandes : choisit les quelques bandes qui séparent le mieux les classes, par sélection séquentielle avant (SFS) ou sélection séquentielle flottante avant (SFFS), et enregistre un modèle de mélange de gaussiennes qui les utilise, pour l'algorithme Prédire. Le critère est une séparabilité (distance de Jeffries–Matusita, divergence de Kullback–Leibler symétrique : rapide, sans validation croisée) ou une exactitude, un kappa ou un F1 en validation croisée. Les covariances du modèle sont rétrécies et reçoivent une crête (ridge) comme celles d'Entraîner GMM, son alpha et son tau étant cherchés sur les bandes sélectionnées (MODEL_SEARCH). Le modèle conserve le meilleur ensemble de bandes de chaque taille, si bien que l'algorithme Prédire peut utiliser une autre taille. Une part des polygones de chaque classe peut être réservée comme polygones de validation : la sélection ne les voit jamais, et ils donnent une évaluation indépendante de l'exactitude ; la sélection et l'ajustement sont ensuite refaits sur tous les polygones (REFIT).</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="109"/>
        <source>Classifies every pixel of a raster with a model from Train GMM, Train Selection or Train Selection from a Table of Spectra (maximum a posteriori rule), reading the raster block by block. Writes a paletted classification whose categories carry the class names, and optionally the confidence (posterior probability of the winning class) and one probability band per class. No-data pixels (in any band used) and pixels outside the mask stay no-data. A sample of the raster is first compared with the classes: the log warns when most of it lies beyond every class, as when the raster&apos;s values are in other units than the model&apos;s, and when a value of 0 or below that every band holds on part of it (a fill) is not its no-data.</source>
        <translation>Classe chaque pixel d'un raster avec un modèle issu des algorithmes Entraîner GMM, Entraîner avec sélection de bandes ou Entraîner avec sélection de bandes à partir d'une table de spectres (règle du maximum a posteriori), en lisant le raster bloc par bloc. Écrit une classification avec palette dont les catégories portent les noms des classes et, en option, la carte de confiance (probabilité a posteriori de la classe retenue) et une bande de probabilité par classe. Les pixels sans donnée (dans l'une des bandes utilisées) et les pixels hors du masque restent sans donnée. Un échantillon du raster est d'abord comparé aux classes : le journal avertit quand il est en majorité au-delà de toutes les classes, comme lorsque les valeurs du raster sont dans d'autres unités que celles du modèle, et quand une valeur de 0 ou moins que toutes les bandes portent sur une partie du raster (un remplissage) n'est pas sa valeur sans donnée.</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="129"/>
        <source>A .gmm model written by Train GMM, Train Selection or Train Selection from a Table of Spectra (the content is checked, not the name).</source>
        <translation>Un modèle .gmm écrit par l'algorithme Entraîner GMM, Entraîner avec sélection de bandes ou Entraîner avec sélection de bandes à partir d'une table de spectres (le contenu est vérifié, pas le nom).</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="372"/>
        <source>The estimates take the strata the sample of {vector!r} was drawn in, as its points record them (fields {stratum!r} and {pixels!r}): the classes of map {map!r} are no longer those strata (samples now in another class: {moved}; classified pixels per class when drawn -&gt; now: {sizes}), and Stehman (2014)&apos;s estimators take each sample&apos;s class in the map and its stratum in the design</source>
        <translation>Les estimations prennent les strates dans lesquelles l'échantillon de {vector!r} a été tiré, telles que ses points les enregistrent (champs {stratum!r} et {pixels!r}) : les classes de la carte {map!r} ne sont plus ces strates (échantillons maintenant dans une autre classe : {moved} ; pixels classés par classe au tirage -&gt; maintenant : {sizes}), et les estimateurs de Stehman (2014) prennent la classe de chaque échantillon dans la carte et sa strate dans le plan</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="379"/>
        <source>unchanged</source>
        <translation>inchangés</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="243"/>
        <source>the {count} strata they were drawn in, as their points record them (fields &apos;stratum&apos; and &apos;stratum_pixels&apos;)</source>
        <translation>les {count} strates dans lesquelles ils ont été tirés, telles que leurs points les enregistrent (champs 'stratum' et 'stratum_pixels')</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="66"/>
        <source>Optional raster on the map&apos;s grid whose integer values are the strata the sample was drawn in (Stehman 2014&apos;s estimators). Empty: the map classes are the strata; for the points of the sample design on a map edited since, the strata they record (fields &apos;stratum&apos; and &apos;stratum_pixels&apos;). Points in another stratum here than the one they were drawn in, and strata of other sizes here than when they were drawn, are otherwise named in a warning.</source>
        <translation>Raster facultatif sur la grille de la carte dont les valeurs entières sont les strates dans lesquelles l'échantillon a été tiré (estimateurs de Stehman 2014). Vide : les classes de la carte sont les strates ; pour les points du plan d'échantillonnage sur une carte modifiée depuis, les strates qu'ils enregistrent (champs 'stratum' et 'stratum_pixels'). Les points situés ici dans une autre strate que celle où ils ont été tirés, et les strates d'une autre taille ici qu'au tirage, sont sinon nommés dans un avertissement.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="550"/>
        <source>{0}: the copy QGIS writes of layer &apos;{1}&apos; for the run drops features (QGIS numbers it by the field &apos;fid&apos;, which an unsaved new feature leaves empty or features pasted twice share): the run reads a copy of its own, without that field</source>
        <translation>{0} : la copie que QGIS écrit de la couche '{1}' pour l'exécution perd des entités (QGIS la numérote par le champ 'fid', que laisse vide une nouvelle entité non enregistrée ou que partagent des entités collées deux fois) : l'exécution lit une copie à elle, sans ce champ</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="491"/>
        <source>{0}: the copy QGIS writes of layer &apos;{1}&apos; for the run does not hold every feature it gives; save the layer&apos;s edits and run again</source>
        <translation>{0} : la copie que QGIS écrit de la couche '{1}' pour l'exécution ne contient pas toutes les entités qu'il fournit ; enregistrez les modifications de la couche et relancez l'algorithme</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="78"/>
        <source>0 or no-data</source>
        <translation>0 ou sans donnée</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="198"/>
        <source>map {map!r} has no classified pixel (every value is {unclassified}); give a map with classified pixels (a map made under a mask or a no-data that covers every pixel holds none)</source>
        <translation>la carte {map!r} n'a aucun pixel classé (toutes ses valeurs sont {unclassified}) ; donnez une carte qui a des pixels classés (une carte faite sous un masque ou des valeurs sans donnée couvrant tous les pixels n'en a aucun)</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="444"/>
        <source>{count} reference points of {path!r} (FIDs {fids}) fall on pixels of map {map!r} without a class ({unclassified}); move them onto classified pixels or delete them</source>
        <translation>{count} points de référence de {path!r} (FID {fids}) tombent sur des pixels de la carte {map!r} sans classe ({unclassified}) ; déplacez-les sur des pixels classés ou supprimez-les</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="76"/>
        <source>0, no-data or the no-data set in QGIS: {values}</source>
        <translation>0, sans donnée ou valeurs sans donnée définies dans QGIS : {values}</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="746"/>
        <source>sample layer {path!r}: a GeoJSON file names its CRS by an EPSG code alone, and {why}, so the points would read as WGS 84 coordinates; give a .gpkg file name</source>
        <translation>couche des points de l'échantillon {path!r} : un fichier GeoJSON ne nomme son SCR que par un code EPSG, et {why}, si bien que les points se liraient comme des coordonnées WGS 84 ; donnez un nom de fichier .gpkg</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="743"/>
        <source>the map&apos;s CRS ({crs}) has no EPSG code</source>
        <translation>le SCR de la carte ({crs}) n'a pas de code EPSG</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="745"/>
        <source>the map has no CRS</source>
        <translation>la carte n'a pas de SCR</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="137"/>
        <source>Empty or 0: the bands the model was saved with. A size k: the best set of k bands found by the selection (models of Train Selection or of its table variant), with the model&apos;s alpha and tau (chosen for the bands it was saved with).</source>
        <translation>Vide ou 0 : les bandes avec lesquelles le modèle a été enregistré. Une taille k : le meilleur ensemble de k bandes trouvé par la sélection (modèles de l'algorithme Entraîner avec sélection de bandes ou de sa variante à partir d'une table), avec l'alpha et le tau du modèle (choisis pour les bandes avec lesquelles il a été enregistré).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="67"/>
        <source>Ridge of the covariances during the selection (with MODEL_SEARCH no, also in the model): tau I, or tau times each band&apos;s pooled variance with RIDGE_SCALE relative. 0: no ridge; the shrinkage alpha and the eigenvalue floor still regularise.</source>
        <translation>Crête (ridge) des covariances pendant la sélection (avec MODEL_SEARCH à non, aussi dans le modèle) : tau I, ou tau fois la variance commune de chaque bande avec RIDGE_SCALE relative. 0 : pas de crête ; le rétrécissement alpha et le plancher des valeurs propres régularisent encore.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="59"/>
        <source>The field holding the class (material) of each spectrum: integer codes (1 to 4294967295) or names.</source>
        <translation>Le champ contenant la classe (le matériau) de chaque spectre : codes entiers (de 1 à 4294967295) ou noms.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="150"/>
        <source>The field holding the class of each polygon: integer codes (1 to 4294967295) or names (text). Names become the category names of the classification.</source>
        <translation>Le champ qui contient la classe de chaque polygone : codes entiers (de 1 à 4294967295) ou noms (texte). Les noms deviennent les noms des catégories de la classification.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="186"/>
        <source>Each class covariance is shrunk toward the pooled covariance of all classes: (1 - alpha) S_c + alpha S_pooled plus the ridge tau (see RIDGE_SCALE; regularised discriminant analysis, Friedman 1989); alpha = 0: one covariance per class (quadratic), alpha = 1: one shared covariance (linear discriminant). Numbers in [0, 1] separated by commas. alpha* is the shrinkage intensity estimated from how much each class&apos;s covariance varies from one training {group} to another (Schaefer &amp; Strimmer 2005, a jackknife over the {groups}; over the samples when the folds do not keep {groups} whole): few or dissimilar {groups} per class give a large alpha*; alpha* = 1 is searched alone. </source>
        <translation>La covariance de chaque classe est rétrécie vers la covariance commune de toutes les classes : (1 - alpha) S_c + alpha S_pooled plus la crête tau (voir RIDGE_SCALE ; analyse discriminante régularisée, Friedman 1989) ; alpha = 0 : une covariance par classe (quadratique), alpha = 1 : une covariance partagée (discriminant linéaire). Nombres dans [0, 1] séparés par des virgules. alpha* est l'intensité de rétrécissement estimée d'après la variation de la covariance de chaque classe d'un {group} d'entraînement à l'autre (Schaefer &amp; Strimmer 2005, un jackknife sur les {groups} ; sur les échantillons quand les plis ne gardent pas les {groups} entiers) : des {groups} peu nombreux ou dissemblables par classe donnent un grand alpha* ; alpha* = 1 est cherché seul. </translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="56"/>
        <source>Every class gets at least this many samples (all its pixels if it has fewer), so that rare classes get user&apos;s accuracies with usable intervals; and never fewer than 2, the fewest Assess accuracy and area estimates a class&apos;s variance from.</source>
        <translation>Chaque classe reçoit au moins ce nombre d'échantillons (tous ses pixels si elle en a moins), pour que les classes rares aient des précisions de l'utilisateur avec des intervalles utilisables ; et jamais moins de 2, le moins dont Évaluer l'exactitude et les superficies estime la variance d'une classe.</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="68"/>
        <source>Point layer (GeoPackage, or GeoJSON for a raster whose CRS has an EPSG code) in the raster&apos;s CRS with fields map_class, stratum (= map_class), weight (inclusion weight: class pixels / class samples), stratum_pixels (the class&apos;s pixels, which Assess accuracy and area compares with its strata) and an empty reference field to fill in.</source>
        <translation>Couche de points (GeoPackage, ou GeoJSON pour un raster dont le SCR a un code EPSG) dans le SCR du raster avec les champs map_class, stratum (= map_class), weight (poids d'inclusion : pixels de la classe / échantillons de la classe), stratum_pixels (les pixels de la classe, que l'algorithme Évaluer l'exactitude et les superficies compare à ses strates) et un champ reference vide à remplir.</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="86"/>
        <source>One self-contained HTML page: error matrix, accuracies and areas with their intervals (and hectares when the CRS unit is a length), a chart of map and estimated areas, the sample design.</source>
        <translation>Une page HTML autonome : matrice d'erreur, exactitudes et superficies avec leurs intervalles (et les hectares quand l'unité du SCR est une longueur), un graphique des superficies de la carte et estimées, le plan d'échantillonnage.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="64"/>
        <source>Yes: the model uses the smallest size whose criterion is within 0.1 % of the best. No: it uses the largest set (MAX_FEATURES bands).</source>
        <translation>Oui : le modèle utilise la plus petite taille dont le critère est à moins de 0,1 % du meilleur. Non : il utilise le plus grand ensemble (MAX_FEATURES bandes).</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="249"/>
        <source>,</source>
        <translation> </translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="250"/>
        <source>Rows = map class, columns = reference class. Each cell is the estimated proportion of the mapped area with that map class and that reference class (Olofsson et al. 2014, eq. 4): rows add up to the map&apos;s class proportions, columns to the estimated (error-adjusted) class proportions.</source>
        <translation>Lignes = classe de la carte, colonnes = classe de référence. Chaque cellule est la proportion estimée de la superficie cartographiée ayant cette classe de carte et cette classe de référence (Olofsson et al. 2014, éq. 4) : les lignes somment aux proportions des classes de la carte, les colonnes aux proportions estimées (corrigées des erreurs) des classes.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="255"/>
        <source>Rows = map class, columns = reference class. Each cell is the estimated proportion of the mapped area with that map class and that reference class (Stehman 2014, as the strata are not the map classes): rows add up to the estimated proportions of the map classes (estimated from the sample, so close to the map&apos;s but not equal), columns to the estimated (error-adjusted) class proportions.</source>
        <translation>Lignes = classe de la carte, colonnes = classe de référence. Chaque cellule est la proportion estimée de la superficie cartographiée ayant cette classe de carte et cette classe de référence (Stehman 2014, les strates n'étant pas les classes de la carte) : les lignes somment aux proportions estimées des classes de la carte (estimées d'après l'échantillon, donc proches de celles de la carte sans leur être égales), les colonnes aux proportions estimées (corrigées des erreurs) des classes.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="267"/>
        <source>Intervals are ± their half-width at {confidence} confidence (z = {z}). Map areas count the pixels of each class: they are biased by the classification errors. Estimated areas are the error-adjusted areas (Stehman 2014, eq. 14, variance eq. 25-26, as the strata are not the map classes).</source>
        <translation>Les intervalles sont ± leur demi-largeur à {confidence} de confiance (z = {z}). Les superficies de la carte comptent les pixels de chaque classe : elles sont biaisées par les erreurs de classification. Les superficies estimées sont les superficies corrigées des erreurs (Stehman 2014, éq. 14, variance éq. 25-26, les strates n'étant pas les classes de la carte).</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="499"/>
        <source>the assessed model&apos;s band positions are not within 0 to {last}</source>
        <translation>les positions de bandes du modèle évalué ne sont pas comprises entre 0 et {last}</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="75"/>
        <source>The accuracy figures of this report (held out and cross-validated) are those of the model chosen and fitted on the training {groups} (bands {bands}, alpha = {alpha}, tau = {tau}); the model saved was chosen again on all {groups} (REFIT): its bands, alpha or tau differ.</source>
        <translation>Les chiffres d'exactitude de ce rapport (sur les données réservées et en validation croisée) sont ceux du modèle choisi et ajusté sur les {groups} d'entraînement (bandes {bands}, alpha = {alpha}, tau = {tau}) ; le modèle enregistré a été choisi à nouveau sur tous les {groups} (REFIT) : ses bandes, son alpha ou son tau diffèrent.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="193"/>
        <source>Measured on the {samples} samples of the {count} {held_out_groups} held out (VALIDATION = {share} of the {groups} of each class, SEED = {seed}): the choice of the model assessed (its (alpha, tau) search, and its band selection if any) and its fit never saw them.</source>
        <translation>Mesurée sur les {samples} échantillons de la réserve de validation ({count} {held_out_groups} ; VALIDATION = {share} des {groups} de chaque classe, SEED = {seed}) : le choix du modèle évalué (sa recherche de (alpha, tau), et sa sélection de bandes s'il y en a une) et son ajustement ne les ont jamais vus.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="289"/>
        <source>Stratified random sample; the strata are the classes of the map the sample was drawn in, as its points record them (fields &apos;stratum&apos; and &apos;stratum_pixels&apos;), which differ from this map&apos;s classes (another map, or this one changed since): Stehman (2014)&apos;s estimators.</source>
        <translation>Échantillon aléatoire stratifié ; les strates sont les classes de la carte sur laquelle l'échantillon a été tiré, telles que ses points les enregistrent (champs 'stratum' et 'stratum_pixels'), qui diffèrent des classes de cette carte (une autre carte, ou celle-ci modifiée depuis) : estimateurs de Stehman (2014).</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="214"/>
        <source>Confusion matrix as CSV (rows = reference): on the held-out {groups} where VALIDATION holds some out (the ASSESSMENT output says so), else pooled over the CV folds.</source>
        <translation>Matrice de confusion en CSV (lignes = référence) : sur les {groups} réservés là où VALIDATION en réserve (la sortie ASSESSMENT le dit), sinon cumulée sur les plis de la validation croisée.</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="160"/>
        <source>GeoTIFF of class codes with a colour table and the class names (and a .qml style next to it; codes above 65535, which a GeoTIFF&apos;s colour table cannot hold: in the .qml only); 0 = no-data. The colours are those of the training layer&apos;s categorized style when it had one, else those of the land covers the class names say (water, forest, eau, forêt...), else a palette for colour-blind eyes.</source>
        <translation>GeoTIFF des codes de classe avec une table de couleurs et les noms des classes (et un style .qml à côté ; pour des codes au-delà de 65535, qu'une table de couleurs GeoTIFF ne peut contenir : dans le .qml seulement) ; 0 = sans donnée. Les couleurs sont celles du style catégorisé de la couche d'entraînement quand elle en avait un, sinon celles des occupations du sol que disent les noms des classes (eau, forêt, water, forest...), sinon une palette lisible par les daltoniens.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="128"/>
        <source>Seed of the run&apos;s random draws (the hold-out, the folds and, where pixels are drawn per class, those pixels): the same seed gives the same model.</source>
        <translation>Graine des tirages aléatoires du traitement (la réserve de validation, les plis et, là où des pixels sont tirés par classe, ces pixels) : la même graine donne le même modèle.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="104"/>
        <source>total of these steps</source>
        <translation>total de ces étapes</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="89"/>
        <source>Dask workers {workers} cannot import GMM Select ({problem}); put the folder that holds the plugin&apos;s folder gmmselect on their PYTHONPATH (README, Beyond one machine), with GDAL, NumPy and SciPy installed, and start them again</source>
        <translation>les workers Dask {workers} ne peuvent pas importer GMM Select ({problem}) ; mettez le dossier qui contient le dossier gmmselect de l'extension dans leur PYTHONPATH (README, Beyond one machine), avec GDAL, NumPy et SciPy installés, et relancez-les</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="97"/>
        <source>Dask workers {workers} hold another GMM Select than this machine&apos;s (other code: their tiles could differ); give every worker this plugin&apos;s folder and start them again</source>
        <translation>les workers Dask {workers} ont un autre GMM Select que celui de cette machine (un autre code : leurs tuiles pourraient différer) ; donnez à chaque worker le dossier de cette extension et relancez-les</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="113"/>
        <source>on the Dask worker {worker}: {problem}</source>
        <translation>sur le worker Dask {worker} : {problem}</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="181"/>
        <source>cannot create tile {path!r}: {problem}; the output&apos;s folder must be one every worker sees and can write to</source>
        <translation>impossible de créer la tuile {path!r} : {problem} ; le dossier de la sortie doit être un dossier que chaque worker voit et où il peut écrire</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="239"/>
        <source>a Dask task ended each worker that ran it (killed, or out of memory) and the cluster gave it up; see the workers&apos; logs (out of memory: start fewer worker processes per machine)</source>
        <translation>une tâche Dask a arrêté chaque worker qui l'exécutait (tué, ou à court de mémoire) et le cluster l'a abandonnée ; voyez les journaux des workers (mémoire insuffisante : lancez moins de processus workers par machine)</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="244"/>
        <source>the Dask cluster cancelled the tasks (its scheduler closed or restarted, or another client cancelled them); start the scheduler and its workers again, then run again</source>
        <translation>le cluster Dask a annulé les tâches (son ordonnanceur s'est fermé ou a redémarré, ou un autre client les a annulées) ; relancez l'ordonnanceur et ses workers, puis relancez le traitement</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="286"/>
        <source>{0} must be yes or no (or true or false, 1 or 0); got {1}.</source>
        <translation>{0} doit valoir yes ou no (ou true ou false, 1 ou 0) ; reçu {1}.</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="206"/>
        <source>One self-contained HTML page (charts inline, no internet): parameters, samples per class, class spectra, the selection curve (with a band selection), bands used, alpha and tau with the cross-validation curve and surface of their search, confusion matrices with class names, producer&apos;s and user&apos;s accuracy, F1, overall accuracy and kappa with how they were measured, timings.</source>
        <translation>Une page HTML autonome (graphiques intégrés, sans internet) : paramètres, échantillons par classe, spectres des classes, courbe de sélection (avec une sélection de bandes), bandes utilisées, alpha et tau avec la courbe et la surface de validation croisée de leur recherche, matrices de confusion avec les noms des classes, précision du producteur et de l'utilisateur, F1, exactitude globale et kappa avec leur mode de mesure, durées.</translation>
    </message>
    <message>
        <location filename="../raster/vector.py" line="334"/>
        <source>{field!r} of layer {layer!r} of {path!r} is its feature ID, one per feature, not a class field; choose the field that holds the classes: {fields}</source>
        <translation>{field!r} de la couche {layer!r} de {path!r} est son identifiant d'entité, un par entité, pas un champ de classes ; choisissez le champ qui contient les classes : {fields}</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="664"/>
        <source>Linear algebra: this process answers NumPy&apos;s own matrix products with {0}, loaded before NumPy (by QGIS); GMM Select calls {1} for its products directly</source>
        <translation>Algèbre linéaire : ce processus répond aux produits matriciels de NumPy avec {0}, chargée avant NumPy (par QGIS) ; GMM Select appelle directement {1} pour ses produits</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="193"/>
        <source>the band map maps model band {band} twice, as {first} and as {second}; map each band once</source>
        <translation>la correspondance des bandes associe deux fois la bande {band} du modèle, comme {first} et comme {second} ; associez chaque bande une seule fois</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="86"/>
        <source>{wavelength:g} {unit} (unit unknown)</source>
        <translation>{wavelength:g} {unit} (unité inconnue)</translation>
    </message>
    <message>
        <location filename="../raster/library.py" line="186"/>
        <source>No wavelength in nanometres in some band field names (e.g. wl_450, b450, 450; not B1, B2...) and none given in WAVELENGTHS: the model records band names only</source>
        <translation>Pas de longueur d'onde en nanomètres dans certains noms de champs de bandes (p. ex. wl_450, b450, 450 ; pas B1, B2...) et aucune donnée dans WAVELENGTHS : le modèle n'enregistre que les noms des bandes</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="74"/>
        <source>Optional: one wavelength per band field, separated by commas, in the order of BANDS. Empty: read from the field names when each carries a number of at least 100, in nanometres (wl_450.5, b450, 450; B1, B2... are band numbers).</source>
        <translation>Facultatif : une longueur d'onde par champ de bande, séparées par des virgules, dans l'ordre de BANDS. Vide : lues dans les noms des champs quand chacun porte un nombre d'au moins 100, en nanomètres (wl_450.5, b450, 450 ; B1, B2... sont des numéros de bandes).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="65"/>
        <source>The numeric fields that are bands, in spectral order (also as one text of names separated by commas: the SELECTED_NAMES of another run). Empty: every numeric field but the class and group fields.</source>
        <translation>Les champs numériques qui sont des bandes, dans l'ordre spectral (aussi en un texte de noms séparés par des virgules : le SELECTED_NAMES d'un autre traitement). Vide : tous les champs numériques sauf les champs de classe et de groupe.</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="202"/>
        <source>As a value, give the key (e.g. {0}) or its index (in a graphical model&apos;s fixed value, the index: the modeler&apos;s check takes no key).</source>
        <translation>Comme valeur, donnez la clé (p. ex. {0}) ou son indice (dans une valeur fixe d'un modèle graphique, l'indice : la vérification du modeleur n'accepte pas de clé).</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="66"/>
        <source>groups hold NaN for {count} samples (first at row {row}): give each sample its group (NaN would make them one group)</source>
        <translation>les groupes valent NaN pour {count} échantillons (le premier à la ligne {row}) : donnez à chaque échantillon son groupe (NaN en ferait un seul groupe)</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="93"/>
        <source>{folds} folds of {samples} samples would test fewer than 2 samples each, whose accuracy, kappa and F1 mean nothing; use folds=&apos;{loo}&apos; (leave-one-out: the n left-out predictions pooled) or at most {most} folds</source>
        <translation>{folds} plis de {samples} échantillons testeraient moins de 2 échantillons chacun, dont l'exactitude, le kappa et le F1 ne signifient rien ; utilisez folds='{loo}' (leave-one-out : les n prédictions des échantillons laissés de côté, cumulées) ou au plus {most} plis</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="63"/>
        <source>groups must be all numbers or all texts, each sample&apos;s group given</source>
        <translation>les groupes doivent être tous des nombres ou tous des textes, le groupe de chaque échantillon donné</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="228"/>
        <source>save_model writes a SavedModel (SavedModel(mixture, band_numbers, feature_names, n_raster_bands)); got {kind}</source>
        <translation>save_model écrit un SavedModel (SavedModel(mixture, band_numbers, feature_names, n_raster_bands)) ; reçu {kind}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="233"/>
        <source>cannot save a model as {path!r}: give a file name in a folder that exists</source>
        <translation>impossible d'enregistrer un modèle sous {path!r} : donnez un nom de fichier dans un dossier qui existe</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="239"/>
        <source>cannot save a model of class labels {labels}: a model file holds integer codes (up to 2^63 - 1); map the classes to such codes and give their names as class_names</source>
        <translation>impossible d'enregistrer un modèle d'étiquettes de classes {labels} : un fichier de modèle contient des codes entiers (jusqu'à 2^63 - 1) ; associez les classes à de tels codes et donnez leurs noms dans class_names</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="280"/>
        <source>cannot save the model as {path!r}: {problem}</source>
        <translation>impossible d'enregistrer le modèle sous {path!r} : {problem}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="28"/>
        <source>samples must be an array of real numbers: got {dtype}</source>
        <translation>les échantillons doivent être un tableau de nombres réels : reçu {dtype}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="55"/>
        <source>samples must be a 2-D array (n_samples, {features}) for a model of {features} features; got shape {shape} (one sample: X[None], of shape (1, {features}))</source>
        <translation>les échantillons doivent être un tableau 2-D (n_échantillons, {features}) pour un modèle de {features} variables ; reçu la forme {shape} (un seul échantillon : X[None], de forme (1, {features}))</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="74"/>
        <source>features must be distinct feature positions from 0 to {last} (or a boolean mask of {count}); got {features}</source>
        <translation>features doit donner des positions de variables distinctes de 0 à {last} (ou un masque booléen de {count}) ; reçu {features}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="24"/>
        <source>samples must be an array of real numbers: {problem}</source>
        <translation>les échantillons doivent être un tableau de nombres réels : {problem}</translation>
    </message>
    <message>
        <location filename="../core/criteria.py" line="31"/>
        <source>a confusion matrix needs as many predicted labels as reference labels ({true} and {predicted} given), each among `labels`, given once (not among them: {unknown})</source>
        <translation>une matrice de confusion demande autant d'étiquettes prédites que d'étiquettes de référence ({true} et {predicted} données), chacune parmi `labels`, donnés une seule fois (hors de ceux-ci : {unknown})</translation>
    </message>
    <message>
        <location filename="../core/selection.py" line="186"/>
        <source>max_features must be a whole number &gt;= 1; got {count!r}</source>
        <translation>max_features doit être un nombre entier &gt;= 1 ; reçu {count!r}</translation>
    </message>
    <message>
        <location filename="../core/selection.py" line="189"/>
        <source>size_tolerance is a relative tolerance from 0 (the best size) up to 1; got {value}</source>
        <translation>size_tolerance est une tolérance relative de 0 (la meilleure taille) jusqu'à 1 ; reçu {value}</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="85"/>
        <source>{what} must be whole numbers &gt;= 0; got {values}</source>
        <translation>{what} doivent être des nombres entiers &gt;= 0 ; reçu {values}</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="95"/>
        <source>sample counts</source>
        <translation>les effectifs des échantillons</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="96"/>
        <source>stratum sizes</source>
        <translation>les tailles des strates</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="103"/>
        <source>{names} stratum names for {strata} strata; give one name per stratum</source>
        <translation>{names} noms de strates pour {strata} strates ; donnez un nom par strate</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="214"/>
        <source>the error matrix&apos;s counts</source>
        <translation>les effectifs de la matrice d'erreur</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="231"/>
        <source>the map class weights must be areas or shares &gt;= 0, not all 0; got {weights}</source>
        <translation>les poids des classes de la carte doivent être des superficies ou des parts &gt;= 0, pas toutes nulles ; reçu {weights}</translation>
    </message>
    <message>
        <location filename="../core/accuracy.py" line="235"/>
        <source>the population is the map&apos;s count of pixels, &gt; 0 (or None: a large map); got {population}</source>
        <translation>la population est le nombre de pixels de la carte, &gt; 0 (ou None : une grande carte) ; reçu {population}</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="118"/>
        <source>the seed must be a whole number &gt;= 0 (or a NumPy Generator, or None); got {seed!r}</source>
        <translation>la graine doit être un nombre entier &gt;= 0 (ou un Generator de NumPy, ou None) ; reçu {seed!r}</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="155"/>
        <source>add samples of it, use fewer folds or leave-one-out (folds=&apos;loo&apos;, 2 samples a class)</source>
        <translation>ajoutez-en des échantillons, utilisez moins de plis ou le leave-one-out (folds='loo', 2 échantillons par classe)</translation>
    </message>
    <message>
        <location filename="../core/ridge.py" line="171"/>
        <source>select_tau&apos;s seed must be a whole number &gt;= 0 (its repetitions draw their folds with seed, seed + 1...); got {seed!r}</source>
        <translation>la graine de select_tau doit être un nombre entier &gt;= 0 (ses répétitions tirent leurs plis avec seed, seed + 1...) ; reçu {seed!r}</translation>
    </message>
    <message>
        <location filename="../core/model.py" line="156"/>
        <source>in_units takes one finite gain &gt; 0 and one finite offset per band of the model ({bands}); got gains {gains} and offsets {offsets}</source>
        <translation>in_units prend un gain fini &gt; 0 et un décalage fini par bande du modèle ({bands}) ; reçu les gains {gains} et les décalages {offsets}</translation>
    </message>
    <message>
        <location filename="../core/validation.py" line="46"/>
        <source>samples hold values up to {largest:.3g}, whose squares in a covariance overflow or lose their digits; scale the bands by a power of ten first (a fill value: set it as the bands&apos; no-data)</source>
        <translation>les échantillons ont des valeurs jusqu'à {largest:.3g}, dont les carrés dans une covariance débordent ou perdent leurs chiffres ; mettez d'abord les bandes à l'échelle par une puissance de dix (une valeur de remplissage : déclarez-la comme valeur nulle des bandes)</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="125"/>
        <source>Overall accuracy {0:.4f} ± {1:.4f} ({2} confidence)</source>
        <translation>Exactitude globale {0:.4f} ± {1:.4f} (confiance {2})</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="771"/>
        <source>sample layer {path!r}: GDAL&apos;s GeoPackage driver does not keep the map&apos;s CRS ({crs}), so the points would be misplaced; give the map a CRS of an EPSG code (Layer Properties &gt; Source, or gdal_edit.py -a_srs)</source>
        <translation>couche des points de l'échantillon {path!r} : le pilote GeoPackage de GDAL ne conserve pas le SCR de la carte ({crs}), si bien que les points seraient mal placés ; donnez à la carte un SCR ayant un code EPSG (Propriétés de la couche &gt; Source, ou gdal_edit.py -a_srs)</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="467"/>
        <source>reference classes of field {field!r} name several classes of map {map!r}: {shared}; give the map&apos;s categories distinct names, or label the reference with the map&apos;s integer codes</source>
        <translation>des classes de référence du champ {field!r} nomment plusieurs classes de la carte {map!r} : {shared} ; donnez des noms distincts aux catégories de la carte, ou étiquetez la référence avec les codes entiers de la carte</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="716"/>
        <source>the expected user&apos;s accuracies given ({count}) are neither one value nor one per class of the map ({classes}: {named}); give one value for every class or one per class, in the order of the class values</source>
        <translation>les précisions de l'utilisateur attendues données ({count}) ne sont ni une seule valeur ni une par classe de la carte ({classes} : {named}) ; donnez une valeur pour toutes les classes ou une par classe, dans l'ordre des valeurs de classe</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="245"/>
        <source>GDAL could not write output {path!r}: {problem}; check the free disk space, your quota and the file system&apos;s file size limit</source>
        <translation>GDAL n'a pas pu écrire la sortie {path!r} : {problem} ; vérifiez l'espace disque libre, votre quota et la taille de fichier maximale du système de fichiers</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="261"/>
        <source>output {path!r}: the name {name!r} is {length} bytes, more than a file name can hold ({limit}); give a shorter name</source>
        <translation>sortie {path!r} : le nom {name!r} fait {length} octets, plus qu'un nom de fichier ne peut en contenir ({limit}) ; donnez un nom plus court</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="121"/>
        <source>output {path!r} is in one of GDAL&apos;s virtual file systems, which QGIS cannot open as a layer; give the name of a file on disk</source>
        <translation>la sortie {path!r} est dans un des systèmes de fichiers virtuels de GDAL, que QGIS ne peut pas ouvrir comme couche ; donnez le nom d'un fichier sur disque</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="708"/>
        <source>Cannot access {0}: {1}. Check that the path exists, is readable (inputs) and its folder is writable, with free space (outputs).</source>
        <translation>Impossible d'accéder à {0} : {1}. Vérifiez que le chemin existe, qu'il est lisible (entrées) et que son dossier est accessible en écriture, avec de l'espace libre (sorties).</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="507"/>
        <source>{0}: &apos;Selected features only&apos; is ticked and no feature of layer &apos;{1}&apos; is selected; select the features to use, or untick it</source>
        <translation>{0} : 'Entité(s) sélectionnée(s) uniquement' est coché et aucune entité de la couche '{1}' n'est sélectionnée ; sélectionnez les entités à utiliser, ou décochez-le</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="22"/>
        <source>features of {vector} outside raster {raster}, which give no sample: {count} of {total} (FIDs {fids}); check the layer&apos;s CRS, or delete them</source>
        <translation>entités de {vector} hors du raster {raster}, qui ne donnent aucun échantillon : {count} sur {total} (FID {fids}) ; vérifiez le SCR de la couche, ou supprimez-les</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="87"/>
        <source>pixels covered by features of different classes, dropped: {count} (FIDs {fids}); where one should not overlap the other (a pond drawn inside a forest), cut it out of the other (Processing&apos;s Difference)</source>
        <translation>pixels couverts par des entités de classes différentes, écartés : {count} (FID {fids}) ; là où l'une ne devrait pas chevaucher l'autre (un étang dessiné dans une forêt), découpez-la de l'autre (Différence de Processing)</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="95"/>
        <source>features over the raster that cover no pixel centre (smaller or thinner than a pixel): {count} (FIDs {fids}); enlarge them (or, in Python, sample every pixel they touch: all_touched=True)</source>
        <translation>entités sur le raster qui ne couvrent aucun centre de pixel (plus petites ou plus fines qu'un pixel) : {count} (FID {fids}) ; agrandissez-les (ou, en Python, échantillonnez chaque pixel qu'elles touchent : all_touched=True)</translation>
    </message>
    <message>
        <location filename="../gui/curves.py" line="351"/>
        <source>No curve shown: tick a curve in the list to show it.</source>
        <translation>Aucune courbe affichée : cochez une courbe dans la liste pour l'afficher.</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="73"/>
        <source>alpha {0:.3g}, relative tau {1:.3g}</source>
        <translation>alpha {0:.3g}, tau relatif {1:.3g}</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="73"/>
        <source>alpha {0:.3g}, tau {1:.3g}</source>
        <translation>alpha {0:.3g}, tau {1:.3g}</translation>
    </message>
    <message>
        <location filename="../gui/series.py" line="86"/>
        <source>{0} ({1}, {2}, selection {3}; model {4})</source>
        <translation>{0} ({1}, {2}, sélection {3} ; modèle {4})</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="81"/>
        <source>{classes} classes, {used} of {bands} bands used, alpha = {alpha}, tau = {tau}. The model file holds no training record (a model saved through the Python API): its inputs, training samples and accuracy are not known.</source>
        <translation>{classes} classes, {used} bandes utilisées sur {bands}, alpha = {alpha}, tau = {tau}. Le fichier de modèle ne garde pas la trace de son entraînement (un modèle enregistré par l'API Python) : ses entrées, ses échantillons d'entraînement et son exactitude ne sont pas connus.</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="85"/>
        <source>Classes</source>
        <translation>Classes</translation>
    </message>
    <message>
        <location filename="../raster/report.py" line="154"/>
        <source>{blend}.</source>
        <translation>{blend}.</translation>
    </message>
    <message>
        <location filename="../raster/files.py" line="148"/>
        <source>output {path!r} is a read-only file, which the run would replace; give another name, or make the file writable if it may go</source>
        <translation>la sortie {path!r} est un fichier en lecture seule, que l'exécution remplacerait ; donnez un autre nom, ou rendez le fichier modifiable s'il peut être remplacé</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="833"/>
        <source>a model file of version 4 holds its ridge scale, and this one has no array &apos;ridge_scale&apos;</source>
        <translation>un fichier de modèle de version 4 contient l'échelle de sa crête, et celui-ci n'a pas de tableau 'ridge_scale'</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="836"/>
        <source>its (alpha, tau) search holds alphas, and its header no alpha</source>
        <translation>sa recherche (alpha, tau) contient des alphas, et son en-tête aucun alpha</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="342"/>
        <source>its archive counts {counted} arrays and lists {listed}</source>
        <translation>son archive compte {counted} tableaux et en liste {listed}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="347"/>
        <source>array &apos;{name}&apos; is compressed, which GMM Select never writes (a compressed member would be unpacked whole before its size is known)</source>
        <translation>le tableau '{name}' est compressé, ce que GMM Select n'écrit jamais (un membre compressé serait décompressé en entier avant que sa taille soit connue)</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="143"/>
        <source>Empty: the raster&apos;s bands are matched to the model&apos;s by name (a spectral library&apos;s model names its bands by their fields; by number when either has no band names) and their wavelengths compared; where that fails, by wavelength (each model band to the one raster band nearest within 0.2 %), else the run stops. Pairs such as &apos;B5=3, B4=2&apos; map each band the model uses (by its name, the name the model gives it (SELECTED_NAMES) or its number in the training raster) to a band number of this raster by hand, over the names and wavelengths; a name holding a comma goes in quotes (&apos;B2, central wavelength 490 nm&apos;=2), and pairs of bands the model does not use are left out.</source>
        <translation>Vide : les bandes du raster sont associées à celles du modèle par leur nom (le modèle d'une bibliothèque spectrale nomme ses bandes par leurs champs ; par leur numéro quand l'un des deux n'a pas de noms de bandes) et leurs longueurs d'onde comparées ; en cas d'échec, par leur longueur d'onde (chaque bande du modèle à la seule bande du raster la plus proche à 0,2 % près), sinon le traitement s'arrête. Des paires telles que 'B5=3, B4=2' associent à la main chaque bande utilisée par le modèle (par son nom, le nom que lui donne le modèle (SELECTED_NAMES) ou son numéro dans le raster d'entraînement) à un numéro de bande de ce raster, sans tenir compte des noms ni des longueurs d'onde ; un nom contenant une virgule s'écrit entre guillemets ('B2, central wavelength 490 nm'=2), et les paires de bandes que le modèle n'utilise pas sont écartées.</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="51"/>
        <source>map the bands by hand (Predict&apos;s BAND_MAP, band_map= in Python), e.g. {example}</source>
        <translation>associez les bandes à la main (BAND_MAP de Prédire, band_map= en Python), p. ex. {example}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="185"/>
        <source>raster {path!r} stores some of the model&apos;s bands with a scale of 0 or of the other sign: {bands} (model scale, offset &lt;- raster scale, offset); check the raster&apos;s band scales (gdalinfo) and correct them (gdal_edit.py -scale)</source>
        <translation>le raster {path!r} stocke certaines des bandes du modèle avec une échelle nulle ou de signe opposé : {bands} (échelle, décalage du modèle &lt;- échelle, décalage du raster) ; vérifiez les échelles des bandes du raster (gdalinfo) et corrigez-les (gdal_edit.py -scale)</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="77"/>
        <source>BAND_MAP pair {pair!r} is not &apos;model band=raster band number&apos;; write pairs such as B5=3, B4=2 (model band name or number = band number in the raster; a name holding a comma, semicolon or equals sign in quotes: &apos;B2, central wavelength 490 nm&apos;=1)</source>
        <translation>la paire {pair!r} de BAND_MAP n'est pas de la forme 'bande du modèle=numéro de bande du raster' ; écrivez des paires telles que B5=3, B4=2 (nom ou numéro de la bande du modèle = numéro de la bande dans le raster ; un nom contenant une virgule, un point-virgule ou un signe égal entre guillemets : 'B2, central wavelength 490 nm'=1)</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="239"/>
        <source>Band map pairs of bands the model does not use, left out: {pairs}</source>
        <translation>Paires de la correspondance des bandes pour des bandes que le modèle n'utilise pas, écartées : {pairs}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="262"/>
        <source>the band map names {unknown} and leaves {unmapped} of the model unmapped; map each band the model uses ({bands}) to a raster band number, by its name or number, e.g. {example}</source>
        <translation>bandes inconnues du modèle nommées par la correspondance des bandes : {unknown} ; bandes du modèle laissées sans correspondance : {unmapped} ; associez chaque bande utilisée par le modèle ({bands}) à un numéro de bande du raster, par son nom ou son numéro, p. ex. {example}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="265"/>
        <source>the band map names {unknown}, no band the model uses ({bands}); map only the model&apos;s bands, by their names or numbers, e.g. {example}</source>
        <translation>la correspondance des bandes nomme {unknown}, qui n'est aucune des bandes utilisées par le modèle ({bands}) ; n'associez que les bandes du modèle, par leur nom ou leur numéro, p. ex. {example}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="267"/>
        <source>the band map leaves {unmapped} of the model unmapped; map each band the model uses ({bands}) to a raster band number, by its name or number, e.g. {example}</source>
        <translation>la correspondance des bandes laisse sans correspondance {unmapped} du modèle ; associez chaque bande utilisée par le modèle ({bands}) à un numéro de bande du raster, par son nom ou son numéro, p. ex. {example}</translation>
    </message>
    <message>
        <location filename="../raster/blocks.py" line="294"/>
        <source>mask {mask!r} has the grid of raster {raster!r} but another CRS ({mask_crs} vs {raster_crs}); reproject the mask onto the raster&apos;s grid (gdalwarp -t_srs -te -tr, or Align rasters)</source>
        <translation>le masque {mask!r} a la grille du raster {raster!r} mais un autre SCR ({mask_crs} contre {raster_crs}) ; reprojetez le masque sur la grille du raster (gdalwarp -t_srs -te -tr, ou Aligner les rasters)</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="51"/>
        <source>Estimates a classification map&apos;s accuracy and its classes&apos; areas, with confidence intervals, from a stratified reference sample (Olofsson et al. 2014).</source>
        <translation>Estime l'exactitude d'une carte de classification et les superficies de ses classes, avec leurs intervalles de confiance, à partir d'un échantillon de référence stratifié (Olofsson et al. 2014).</translation>
    </message>
    <message>
        <location filename="../algorithms/assess.py" line="57"/>
        <source>accuracy assessment,overall accuracy,user&apos;s accuracy,producer&apos;s accuracy,area estimation,error-adjusted area,error matrix,confusion matrix,confidence interval,stratified estimation,Olofsson,Stehman,validation,ground truth,classification,land cover</source>
        <translation>évaluation de l'exactitude,exactitude globale,précision de l'utilisateur,précision du producteur,estimation des superficies,superficie corrigée des erreurs,matrice d'erreur,matrice de confusion,intervalle de confiance,estimation stratifiée,Olofsson,Stehman,validation,vérité terrain,classification,occupation du sol</translation>
    </message>
    <message>
        <location filename="../algorithms/base.py" line="357"/>
        <source>{0} must be one of {1} (or the index of one, 0 to {2}); got {3}.</source>
        <translation>{0} doit valoir l'une des clés {1} (ou l'indice de l'une, de 0 à {2}) ; reçu {3}.</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="122"/>
        <source>Classifies a raster with a trained model (.gmm): the classification, its confidence and the class probabilities.</source>
        <translation>Classe un raster avec un modèle entraîné (.gmm) : la classification, sa confiance et les probabilités des classes.</translation>
    </message>
    <message>
        <location filename="../algorithms/predict.py" line="127"/>
        <source>supervised classification,classify,classification map,land cover,apply model,posterior probability,confidence,Gaussian mixture model,maximum likelihood,hyperspectral,multispectral,remote sensing</source>
        <translation>classification supervisée,classer,carte de classification,occupation du sol,appliquer un modèle,probabilité a posteriori,confiance,modèle de mélange de gaussiennes,maximum de vraisemblance,hyperspectral,multispectral,télédétection</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="46"/>
        <source>Draws the stratified random sample of reference points that assesses a classification map, sized by Olofsson et al. (2014).</source>
        <translation>Tire l'échantillon aléatoire stratifié de points de référence qui évalue une carte de classification, dont la taille suit Olofsson et al. (2014).</translation>
    </message>
    <message>
        <location filename="../algorithms/sample_design.py" line="51"/>
        <source>accuracy assessment,sampling design,stratified random sampling,sample size,reference data,validation,ground truth,Olofsson,good practice,classification,land cover</source>
        <translation>évaluation de l'exactitude,plan d'échantillonnage,échantillonnage aléatoire stratifié,taille d'échantillon,données de référence,validation,vérité terrain,Olofsson,bonnes pratiques,classification,occupation du sol</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="39"/>
        <source>Trains a Gaussian mixture classifier (one Gaussian per class) on all bands, its shrinkage alpha and ridge tau chosen by cross-validation.</source>
        <translation>Entraîne un classifieur par mélange de gaussiennes (une gaussienne par classe) sur toutes les bandes, son rétrécissement alpha et sa crête tau choisis par validation croisée.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="44"/>
        <source>all bands,ridge,regularization,grid search</source>
        <translation>toutes les bandes,crête,ridge,régularisation,recherche sur grille</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="60"/>
        <source>Criterion of the (alpha, tau) search</source>
        <translation>Critère de la recherche de (alpha, tau)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_gmm.py" line="62"/>
        <source>What the (alpha, tau) search maximises: the mean over folds (of every repetition, REPEATS) of the overall accuracy, Cohen&apos;s kappa or the mean F1 score (FOLDS = 0: of the pooled leave-one-out predictions; ties: the smallest alpha, then the smallest tau).</source>
        <translation>Ce que la recherche de (alpha, tau) maximise : la moyenne sur les plis (de toutes les répétitions, REPEATS) de l'exactitude globale, du kappa de Cohen ou du score F1 moyen (FOLDS = 0 : des prédictions leave-one-out cumulées ; en cas d'égalité : le plus petit alpha, puis le plus petit tau).</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="51"/>
        <source>Selects the bands that separate the classes best (SFS or SFFS), then trains a Gaussian mixture classifier on them.</source>
        <translation>Choisit les bandes qui séparent le mieux les classes (SFS ou SFFS), puis entraîne sur elles un classifieur par mélange de gaussiennes.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection.py" line="56"/>
        <source>band selection,feature selection,SFS,SFFS,sequential forward selection,floating search,Jeffries-Matusita,Kullback-Leibler,separability,dimensionality reduction</source>
        <translation>sélection de bandes,sélection de variables,SFS,SFFS,sélection séquentielle avant,recherche flottante,Jeffries-Matusita,Kullback-Leibler,séparabilité,réduction de dimension</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="51"/>
        <source>Selects the bands that separate the materials best from a spectral library (one spectrum per row), to design a sensor, and trains a classifier on them.</source>
        <translation>Choisit les bandes qui séparent le mieux les matériaux à partir d'une bibliothèque spectrale (un spectre par ligne), pour concevoir un capteur, et entraîne sur elles un classifieur.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="107"/>
        <source>Seed of the run&apos;s random draws (the hold-out and the folds): the same seed gives the same model.</source>
        <translation>Graine des tirages aléatoires du traitement (la réserve de validation et les plis) : la même graine donne le même modèle.</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="56"/>
        <source>spectral library,spectra,field spectra,table,CSV,sensor design,wavelength</source>
        <translation>bibliothèque spectrale,spectres,spectres de terrain,table,CSV,conception de capteur,longueur d'onde</translation>
    </message>
    <message>
        <location filename="../algorithms/training_base.py" line="74"/>
        <source>supervised classification,classify,classifier,training,machine learning,Gaussian mixture model,maximum likelihood,quadratic discriminant analysis,QDA,regularized discriminant analysis,shrinkage,covariance,cross-validation,kappa,accuracy,hyperspectral,multispectral,remote sensing,land cover</source>
        <translation>classification supervisée,classer,classifieur,entraînement,apprentissage automatique,modèle de mélange de gaussiennes,maximum de vraisemblance,analyse discriminante quadratique,QDA,analyse discriminante régularisée,rétrécissement,covariance,validation croisée,kappa,exactitude,hyperspectral,multispectral,télédétection,occupation du sol</translation>
    </message>
    <message>
        <location filename="../raster/assessment.py" line="595"/>
        <source>{samples} reference samples in {strata} strata; overall accuracy {overall:.4f} ± {margin:.4f}</source>
        <translation>{samples} échantillons de référence dans {strata} strates ; exactitude globale {overall:.4f} ± {margin:.4f}</translation>
    </message>
    <message>
        <location filename="../raster/bands.py" line="223"/>
        <source>raster {path!r} has {bands} bands of data beside its alpha band (band {alpha}, the mask of the others), where the raster the model was trained on had {model_bands}: classify a raster with the same bands, in the same order, train a model on this one, or {fix}; if band {alpha} holds data, make it a data band (gdal_edit.py -colorinterp_{alpha} undefined &lt;file&gt;)</source>
        <translation>le raster {path!r} a {bands} bandes de données outre sa bande alpha (la bande {alpha}, le masque des autres), là où le raster sur lequel le modèle a été entraîné en avait {model_bands} : classez un raster ayant les mêmes bandes, dans le même ordre, entraînez un modèle sur celui-ci, ou {fix} ; si la bande {alpha} contient des données, faites-en une bande de données (gdal_edit.py -colorinterp_{alpha} undefined &lt;file&gt;)</translation>
    </message>
    <message>
        <location filename="../raster/notices.py" line="139"/>
        <source>band {band} of raster {raster} is its alpha band, which QGIS draws as transparency: it masks the other bands (the pixels where it is 0 are left out as no-data) and is not read as data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told otherwise), make it a data band (gdal_edit.py -colorinterp_{band} undefined &lt;file&gt;) and run again</source>
        <translation>la bande {band} du raster {raster} est sa bande alpha, que QGIS dessine comme transparence : elle masque les autres bandes (les pixels où elle vaut 0 sont écartés comme sans donnée) et n'est pas lue comme une donnée ; si elle contient des données (GDAL écrit un GeoTIFF Byte de 4 bandes en RVBA sauf indication contraire), faites-en une bande de données (gdal_edit.py -colorinterp_{band} undefined &lt;file&gt;) et relancez</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="268"/>
        <source>The values of raster {path!r} were not compared with the model&apos;s classes (values unlike every class, a fill stored without no-data): the {windows} windows of {side} x {side} px sampled across it hold {count} usable pixels, fewer than the {minimum} the comparison needs (most of the raster is no-data or masked)</source>
        <translation>Les valeurs du raster {path!r} n'ont pas été comparées aux classes du modèle (valeurs au-delà de toutes les classes, remplissage stocké sans valeur sans donnée) : les {windows} fenêtres de {side} x {side} px échantillonnées sur le raster contiennent {count} pixels utilisables, moins que les {minimum} qu'il faut à la comparaison (la plus grande partie du raster est sans donnée ou masquée)</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="40"/>
        <source>1 window</source>
        <translation>1 fenêtre</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="40"/>
        <source>{count} windows</source>
        <translation>{count} fenêtres</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="41"/>
        <source>1 thread</source>
        <translation>1 thread</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="41"/>
        <source>{count} threads</source>
        <translation>{count} threads</translation>
    </message>
    <message>
        <location filename="../raster/predict.py" line="400"/>
        <source>Classifying {width} x {height} px of {path!r}, bands {bands}, in {windows} with {threads}</source>
        <translation>Classification de {width} x {height} px de {path!r}, bandes {bands}, en {windows} avec {threads}</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="58"/>
        <source>the Dask scheduler at {address!r} is reached by TLS, which needs Dask&apos;s TLS configuration on this machine: its certificates in distributed.comm.tls.ca-file and distributed.comm.tls.client.cert (and .key) of the Dask configuration (~/.config/dask/distributed.yaml); or give the scheduler&apos;s tcp:// address</source>
        <translation>l'ordonnanceur Dask à {address!r} se joint par TLS, qui demande la configuration TLS de Dask sur cette machine : ses certificats dans distributed.comm.tls.ca-file et distributed.comm.tls.client.cert (et .key) de la configuration de Dask (~/.config/dask/distributed.yaml) ; ou donnez l'adresse tcp:// de l'ordonnanceur</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="113"/>
        <source>the Dask client is closed; give an open one (a Client used after the &apos;with&apos; block that made it, or after its close(), is closed)</source>
        <translation>le client Dask est fermé ; donnez-en un ouvert (un Client utilisé après le bloc 'with' qui l'a créé, ou après son close(), est fermé)</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="142"/>
        <source>Dask workers {workers} do not answer ({problem}): stopped, overloaded or cut off from the scheduler; restart them or remove them from the cluster (stop their &apos;dask worker&apos; process), then run again</source>
        <translation>les workers Dask {workers} ne répondent pas ({problem}) : arrêtés, surchargés ou coupés de l'ordonnanceur ; relancez-les ou retirez-les du cluster (arrêtez leur processus 'dask worker'), puis relancez le traitement</translation>
    </message>
    <message>
        <location filename="../raster/distributed.py" line="332"/>
        <source>Dask: tasks: {tasks}, of up to {pixels} px; workers: {workers}, threads: {threads}; tiles in {folder!r}</source>
        <translation>Dask : tâches : {tasks}, d'au plus {pixels} px ; workers : {workers}, threads : {threads} ; tuiles dans {folder!r}</translation>
    </message>
    <message>
        <location filename="../raster/info.py" line="116"/>
        <source>file {path!r} cannot be read (permission denied): the user this runs as may not read it, or not open a folder on its way; give that user the permission (on a Dask worker, the user the worker runs as), or copy the file where it may read it</source>
        <translation>le fichier {path!r} ne peut pas être lu (permission refusée) : l'utilisateur sous lequel ceci tourne n'a pas le droit de le lire, ou d'ouvrir un dossier de son chemin ; donnez-lui ce droit (sur un worker Dask, à l'utilisateur sous lequel le worker tourne), ou copiez le fichier là où il peut le lire</translation>
    </message>
    <message>
        <location filename="../raster/info.py" line="112"/>
        <source>raster {path!r} cannot be read (permission denied): the user this runs as may not read it, or not open a folder on its way; give that user the permission (on a Dask worker, the user the worker runs as), or copy the raster where it may read it</source>
        <translation>le raster {path!r} ne peut pas être lu (permission refusée) : l'utilisateur sous lequel ceci tourne n'a pas le droit de le lire, ou d'ouvrir un dossier de son chemin ; donnez-lui ce droit (sur un worker Dask, à l'utilisateur sous lequel le worker tourne), ou copiez le raster là où il peut le lire</translation>
    </message>
    <message>
        <location filename="../raster/samples.py" line="503"/>
        <source>Dask: statistics tasks: {tasks}, windows: {windows}; workers: {workers}, threads: {threads}</source>
        <translation>Dask : tâches de statistiques : {tasks}, fenêtres : {windows} ; workers : {workers}, threads : {threads}</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="355"/>
        <source>{path} is a corrupt GMM Select model file: {what}; use an undamaged copy of it, or train the model again</source>
        <translation>{path} est un fichier de modèle GMM Select corrompu : {what} ; utilisez-en une copie intacte, ou entraînez le modèle à nouveau</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="731"/>
        <source>array &apos;{name}&apos; holds {value!r}, outside the values of criterion &apos;{criterion}&apos; ({low:.6g} to {high:.6g})</source>
        <translation>le tableau '{name}' contient {value!r}, hors des valeurs du critère '{criterion}' ({low:.6g} à {high:.6g})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="764"/>
        <source>a selected set holds a band position twice</source>
        <translation>un ensemble sélectionné contient deux fois la même position de bande</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="800"/>
        <source>the tau search holds a negative tau (a ridge tau is &gt;= 0)</source>
        <translation>la recherche de tau contient un tau négatif (le tau d'une crête est &gt;= 0)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="912"/>
        <source>class counts {counts} are not whole numbers of samples, at least {smallest} each (a covariance needs them) and {largest} at most in all</source>
        <translation>les effectifs des classes {counts} ne sont pas des nombres entiers d'échantillons, au moins {smallest} chacun (une covariance le demande) et {largest} au plus en tout</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="924"/>
        <source> in ridge units (those of array &apos;ridge_scale&apos;)</source>
        <translation> en unités de crête (celles du tableau 'ridge_scale')</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="951"/>
        <source>header field &apos;n_raster_bands&apos; is {count}, more bands than a raster holds (GDAL numbers them up to {largest})</source>
        <translation>le champ d'en-tête 'n_raster_bands' vaut {count}, plus de bandes qu'un raster n'en contient (GDAL les numérote jusqu'à {largest})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="1057"/>
        <source>its covariances decompose into non-finite numbers (tau {tau!r}, alpha {alpha!r})</source>
        <translation>ses covariances se décomposent en nombres non finis (tau {tau!r}, alpha {alpha!r})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="539"/>
        <source>a whole number of {count} digits</source>
        <translation>un nombre entier de {count} chiffres</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="868"/>
        <source>array &apos;ridge_scale&apos; holds variances from {smallest:.6g} to {largest:.6g}, not within {low:.6g} to {high:.6g} (a variance of samples training takes)</source>
        <translation>le tableau 'ridge_scale' contient des variances de {smallest:.6g} à {largest:.6g}, hors de {low:.6g} à {high:.6g} (une variance d'échantillons que l'entraînement accepte)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="900"/>
        <source>its eigenvalue floor {floor!r} is not that of its covariances, {expected!r} (1e-10 times their mean band variance{units})</source>
        <translation>son plancher des valeurs propres {floor!r} n'est pas celui de ses covariances, {expected!r} (1e-10 fois leur variance de bande moyenne{units})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="930"/>
        <source>array &apos;means&apos; holds {value:.6g}{units}, beyond +-{bound:.6g}, the values of samples training takes</source>
        <translation>le tableau 'means' contient {value:.6g}{units}, au-delà de +-{bound:.6g}, les valeurs d'échantillons que l'entraînement accepte</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="933"/>
        <source>array &apos;covariances&apos; holds {value:.6g}{units}, beyond +-{bound:.6g}, the largest variance of samples within +-{values:.6g} (the values training takes)</source>
        <translation>le tableau 'covariances' contient {value:.6g}{units}, au-delà de +-{bound:.6g}, la plus grande variance d'échantillons compris dans +-{values:.6g} (les valeurs que l'entraînement accepte)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="987"/>
        <source>header field &apos;{field}&apos; is {color!r}, not a colour &apos;#rrggbb&apos;</source>
        <translation>le champ d'en-tête '{field}' vaut {color!r}, pas une couleur '#rrggbb'</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="999"/>
        <source>header field &apos;{field}&apos; is {value!r}, beyond +-{bound:.6g} (the charts place the bands by their wavelengths)</source>
        <translation>le champ d'en-tête '{field}' vaut {value!r}, au-delà de +-{bound:.6g} (les graphiques placent les bandes selon leurs longueurs d'onde)</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="456"/>
        <source>array &apos;{name}&apos; holds {dtype}, not the 64-bit floats (float64) GMM Select writes</source>
        <translation>le tableau '{name}' contient des valeurs {dtype}, pas les flottants 64 bits (float64) qu'écrit GMM Select</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="551"/>
        <source>header field &apos;{field}&apos; holds {character}, half of a UTF-16 surrogate pair, which is not text</source>
        <translation>le champ d'en-tête '{field}' contient {character}, une moitié de paire de substitution UTF-16, qui n'est pas du texte</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="1053"/>
        <source>its covariances cannot be decomposed ({problem})</source>
        <translation>ses covariances ne peuvent pas être décomposées ({problem})</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="903"/>
        <source> in ridge units</source>
        <translation> en unités de crête</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="348"/>
        <source>{path} is not a GMM Select model file ({why}); choose a file written by Train GMM, Train Selection or Train Selection from a Table of Spectra</source>
        <translation>{path} n'est pas un fichier de modèle GMM Select ({why}) ; choisissez un fichier écrit par Entraîner GMM, Entraîner avec sélection de bandes ou Entraîner avec sélection de bandes à partir d'une table de spectres</translation>
    </message>
    <message>
        <location filename="../core/modelfile.py" line="407"/>
        <source>model file not found: {path}; choose a model file written by Train GMM, Train Selection or Train Selection from a Table of Spectra</source>
        <translation>fichier de modèle introuvable : {path} ; choisissez un fichier de modèle écrit par Entraîner GMM, Entraîner avec sélection de bandes ou Entraîner avec sélection de bandes à partir d'une table de spectres</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="169"/>
        <source>use more folds (each then holds fewer of its groups) or folds=&apos;loo&apos; (one group out at a time), draw more polygons of it, or turn grouped folds off</source>
        <translation>utilisez plus de plis (chacun contient alors moins de ses groupes) ou folds='loo' (un groupe laissé de côté à la fois), dessinez davantage de polygones de cette classe, ou désactivez les plis groupés</translation>
    </message>
    <message>
        <location filename="../core/folds.py" line="162"/>
        <source>class {label} has {total} samples, {largest} of them in group {group!r}: grouped cross-validation tests that group on a model trained without it, on {rest} ({minimum} needed), whatever the number of folds; draw more polygons (groups) of it, or turn grouped folds off (groups=None)</source>
        <translation>la classe {label} a {total} échantillons, dont {largest} dans le groupe {group!r} : la validation croisée groupée teste ce groupe sur un modèle entraîné sans lui, sur {rest} ({minimum} nécessaires), quel que soit le nombre de plis ; dessinez davantage de polygones (groupes) de cette classe, ou désactivez les plis groupés (groups=None)</translation>
    </message>
    <message>
        <location filename="../algorithms/train_selection_table.py" line="40"/>
        <source>Designs a sensor from a spectral library: selects the few bands that separate the materials best, from a table with one spectrum per row (field or lab spectra; any vector layer or CSV, no geometry needed), and saves a Gaussian mixture model that uses them. The selection&apos;s parameters and the outputs are those of Train Selection; its groups (GROUP_FIELD; without it, each spectrum) play the part of Train Selection&apos;s polygons: the hold-out and the grouped folds keep them whole. With few spectra per class, use leave-one-out (FOLDS = 0): it costs about one fit and equals refitting without each spectrum; the selection&apos;s too where a ridge (TAU &gt; 0) keeps the covariances off the eigenvalue floor, which a class of no more spectra than bands reaches at TAU 0.</source>
        <translation>Conçoit un capteur à partir d'une bibliothèque spectrale : choisit les quelques bandes qui séparent le mieux les matériaux, à partir d'une table avec un spectre par ligne (spectres de terrain ou de laboratoire ; toute couche vecteur ou tout CSV, sans géométrie nécessaire), et enregistre un modèle de mélange de gaussiennes qui les utilise. Les paramètres de la sélection et les sorties sont ceux de l'algorithme Entraîner avec sélection de bandes ; ses groupes (GROUP_FIELD ; sans lui, chaque spectre) y tiennent le rôle des polygones : la réserve de validation et les plis groupés les gardent entiers. Avec peu de spectres par classe, utilisez la validation croisée leave-one-out (FOLDS = 0) : elle coûte environ un ajustement et équivaut à réajuster le modèle sans chaque spectre ; celle de la sélection aussi là où une crête (TAU &gt; 0) tient les covariances au-dessus du plancher des valeurs propres, qu'atteint à TAU 0 une classe de pas plus de spectres que de bandes.</translation>
    </message>
</context>
</TS>
