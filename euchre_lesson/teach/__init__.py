"""The lessons' material: exercises, each lesson's questions, progress, practice and the students' copies."""

from . import progress  # noqa: F401 - loaded with any of them, so a typed answer (ex.q1.check) is kept as a click is
