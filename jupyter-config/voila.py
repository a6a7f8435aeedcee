# Voila's configuration for the lessons' pages and the app (make lessons, make app): every notebook is
# shown as a learner's page (euchre_lesson.pages: no answers, no parts for programmers, the code one
# link away). Voila reads voila.py from the folders on JUPYTER_CONFIG_PATH, which the Makefile points here.
# The pages use the app's template (app/voila/templates/euchre-app: Voila's lab template without its stylesheets
# from a CDN), found on the Jupyter path this file adds before Voila looks for templates.
import os

from euchre_lesson.pages import prelaunch_hook

c.VoilaConfiguration.prelaunch_hook = prelaunch_hook  # noqa: F821 (c: the configuration Voila passes in)
APP = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "app")
if os.path.isdir(os.path.join(APP, "voila", "templates", "euchre-app")):
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [os.path.normpath(APP), os.environ.get("JUPYTER_PATH")]))
    c.VoilaConfiguration.template = "euchre-app"  # noqa: F821
