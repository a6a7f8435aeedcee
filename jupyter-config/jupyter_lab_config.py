# JupyterLab's configuration for the lessons (make lessons): JupyterLab reads jupyter_lab_config.py from the folders
# on JUPYTER_CONFIG_PATH, which the Makefile points here. It adds the small extension in labextensions/ (no build
# step): a link to a rule in a lesson's text opens the rule book at that rule, where JupyterLab alone would leave
# it at its top (it looks for the anchor before the rule book's text is drawn; no windowing mode setting helps), and
# on a phone the file browser starts closed and the whole menu bar fits.
import os

c.LabApp.extra_labextensions_path = [os.path.join(os.path.dirname(__file__), "labextensions")]  # noqa: F821 (c: the configuration JupyterLab passes in)
