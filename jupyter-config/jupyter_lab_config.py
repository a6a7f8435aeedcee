# JupyterLab's configuration for the lessons (make lessons): JupyterLab reads jupyter_lab_config.py from the folders
# on JUPYTER_CONFIG_PATH, which the Makefile points here. It adds the small extension in labextensions/ (no build
# step): a link to a rule in a lesson's text opens the rule book at that rule, where JupyterLab alone would leave
# it at its top (it looks for the anchor before the rule book's text is drawn; no windowing mode setting helps), and
# on a phone the file browser starts closed and the whole menu bar fits.
#
# On the projector, nothing private and nothing from outside: the file browser lists the numbered lessons only
# (the rule book is one), never the teacher's guide, marks, hand-ins or anything else the teacher keeps in the
# folder (names are hidden from the listing by these patterns: whatever does not start with two digits and an
# underscore, or does not end in .ipynb, and the guide); no news pop-up (labconfig/page_config.json turns the
# announcements off) and the server asks the internet for no news and no updates; Voila's pages take MathJax from
# the page itself, not from a CDN (no address for MathJax 2: Voila then loads its own MathJax 3).
import os

c.LabApp.extra_labextensions_path = [os.path.join(os.path.dirname(__file__), "labextensions")]  # noqa: F821 (c: the configuration JupyterLab passes in)
NOT_A_LESSON = ["[!0-9]*", "?[!0-9]*", "??[!_]*", "*[!b]", "*[!n]b", "*[!y]nb", "*[!p]ynb", "*[!i]pynb", "*[!.]ipynb"]
TEACHERS_ONLY = "*_teachers_guide.ipynb"  # as euchre_lesson/teach/handout.py names it
c.ContentsManager.hide_globs = ["__pycache__", *NOT_A_LESSON, TEACHERS_ONLY]  # noqa: F821
c.LabApp.news_url = None  # noqa: F821
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"  # noqa: F821
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}  # noqa: F821
