"""A class at its tables: students join by first name and play each other, one authoritative game per table.

This is the model a web server drives from many threads (it imports no web toolkit): `Classroom` (classroom.py)
holds the codes, the students and the tables; `ClassTable` (table.py) one game and its seats; `seat_view`
(seat_view.py) what one seat's browser may be sent.
"""
