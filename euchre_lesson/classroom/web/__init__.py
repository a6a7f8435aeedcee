"""The class's server: Solara's pages over the class's model (euchre_lesson.classroom); `pip install ".[classroom]"`.

server.py starts Solara's server with the class in the same process; served.py is what it hands each page (the
class, its addresses, who is present, the lessons' answers); pages.py draws a student's page and the teacher's;
assets.py keeps the front-end files Solara's pages load, so a class runs with the network cut; solara_door.py is the
one module that reaches past Solara's public API.
"""
