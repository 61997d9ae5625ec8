"""The class pages (teacher and student) and the friends' table, drawn from sheriff.classroom."""
