"""The course: the home page, the lessons' own views, the reference and the teacher's plans."""
