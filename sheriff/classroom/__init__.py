"""Class mode: students join a teacher's room with a code and play each other in pairs; the teacher
sees the class's choices against the equilibrium.  See docs/classroom.md.

Modules: ``store`` with ``store_schema``, ``store_records`` and ``store_table`` (the only SQL:
SQLite or PostgreSQL), ``names`` (codes, nicknames, keys), ``class_games`` (the class games, one
module each, and their registry; pure) with ``games`` (calls them by name), ``pairing``, ``stats``
(shares, scores, CSV), ``common``/``teacher``/``student``/``rooms`` (the calls a page makes); ``table`` and ``table_game``: a play-together table (issue 22).
"""

from __future__ import annotations

from sheriff.classroom.errors import ClassroomError
from sheriff.classroom.rooms import Classroom
from sheriff.classroom.store import Store, default_url
from sheriff.classroom.student import StudentSeat, StudentView
from sheriff.classroom.teacher import Dashboard, SeatRow, TeacherRoom

__all__ = [
    "Classroom",
    "ClassroomError",
    "Dashboard",
    "SeatRow",
    "Store",
    "StudentSeat",
    "StudentView",
    "TeacherRoom",
    "default_url",
]
