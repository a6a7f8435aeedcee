# Voila's configuration for the lessons' pages and the app (make lessons, make app): every notebook is
# shown as a learner's page (euchre_lesson.pages: no answers, no parts for programmers, the code one link
# away). Voila reads voila.py from the folders on JUPYTER_CONFIG_PATH, which the Makefile points here.
from euchre_lesson.pages import prelaunch_hook

c.VoilaConfiguration.prelaunch_hook = prelaunch_hook  # noqa: F821 (c: the configuration Voila passes in)
