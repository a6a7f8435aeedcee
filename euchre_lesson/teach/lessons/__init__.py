"""Each lesson's exercises as data, one module a lesson: lesson_03.py holds lesson 3's as EXERCISES.

A lesson has exercises when its module is here; course.exercises(3) reads it and gives each exercise
its id, "lesson 3 q1", from its place.
"""
