"""Game-theory lab for teachers: small games cut out of Sheriff of Nottingham.

- ``inspection_game``: one bag, pass or inspect, solved in closed form;
- ``bargaining``: the bribe-bargaining benchmark game (OpenSpiel's ``sheriff``), its tree
  and our solvers; ``efg`` writes it for Gambit, ``gambit`` checks against pygambit;
- ``cli``: ``sheriff theory export-efg ...``.
"""
