"""The lessons' material: exercises, each lesson's questions, progress, practice and the students' copies."""
