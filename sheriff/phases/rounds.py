"""Round bookkeeping: drawing and reshuffling, starting and ending rounds, game end."""

from __future__ import annotations

from sheriff import events as E
from sheriff.state import (
    COMPILED,
    DECLARE,
    INSPECT,
    MARKET,
    MARKET_START,
    N_GOODS,
    OVER,
    VALUE,
    GameState,
    reset_round,
    shuffle,
    total,
)

# The Booty's cards are shared out dearest first (cheaper good index first on equal value).
_DEAR_FIRST: tuple[int, ...] = tuple(sorted(range(N_GOODS), key=lambda g: (-VALUE[g], g)))


def reshuffle(s: GameState) -> None:
    """Rule market.reshuffle: 1E keeps the top five of each discard pile; 2E uses the whole pile."""
    if s.edition1:
        new = []
        for pile in s.discards:
            keep = pile[-5:]
            new.extend(pile[:-5])
            pile[:] = keep
    else:
        new = s.discards[0][:]
        s.discards[0].clear()
    s.deck = shuffle(s.rng, new)
    s.events.append(E.Reshuffle(len(new)))


def draw(s: GameState, p: int, k: int) -> list[int]:
    """Draw up to ``k`` cards from the draw pile into ``p``'s hand, reshuffling if it runs out."""
    hand = s.hands[p]
    deck = s.deck
    if len(deck) >= k:  # the usual case: take the top k in one slice
        got = deck[-k:] if k else []
        if COMPILED:  # compiled, popping is native; `del` of a slice is a generic call (~450 instructions)
            for _i in range(k):
                deck.pop()
        else:
            del deck[len(deck) - k :]
    else:
        got = deck[::-1]
        deck.clear()
        reshuffle(s)
        deck = s.deck
        more = min(k - len(got), len(deck))  # with nothing left anywhere, the hand stays short
        if more:
            got += deck[len(deck) - more :]
            del deck[len(deck) - more :]
    for c in got:  # not `+=`: compiled, that adds boxed ints (PyNumber_InPlaceAdd); this adds native ones
        hand[c] = hand[c] + 1
    return got


def hand_count(s: GameState, p: int) -> int:
    return total(s.hands[p])


def start_round(s: GameState) -> None:
    n = s.n
    if s.deputies_mode:
        if not s.deputy_deck:
            s.deputy_deck = shuffle(s.rng, list(range(n)))
        a = s.deputy_deck.pop()
        b = s.deputy_deck.pop()
        if not s.deputy_deck:
            s.deputy_runs += 1
        s.officials = (a, b)
    lead = s.officials[0]
    s.order = [(lead + i) % n for i in range(1, n) if (lead + i) % n not in s.officials]
    reset_round(s)
    s.phase = MARKET if s.edition1 else MARKET_START
    s.events.append(E.Round(s.round, s.officials))


def end_inspection(s: GameState) -> None:
    if s.deputies_mode:
        split_booty(s)
    end_round(s)


def split_booty(s: GameState) -> None:
    """Rule deputies.booty: even shares; an odd coin goes back to the bank, an odd card is discarded,
    unless both Deputies stated the same terms for them (AgreeBooty)."""
    a, b = s.officials
    terms = s.booty_terms
    agreed = terms.get(a) if len(terms) == 2 and terms.get(a) == terms.get(b) else None
    half = s.booty_gold // 2
    s.gold[a] += half
    s.gold[b] += half
    odd = s.booty_gold - 2 * half
    odd_to = agreed[0] if agreed is not None and odd else -1
    if odd_to >= 0:
        s.gold[odd_to] += odd
    else:
        s.bank += odd
    s.booty_gold = 0
    booty = s.booty
    cards: list[int] = []
    for g in _DEAR_FIRST:
        k = booty[g]
        if k:
            cards += [g] * k
    share_a, share_b = [0] * N_GOODS, [0] * N_GOODS
    stand_a, stand_b = s.stands[a], s.stands[b]
    pairs = len(cards) // 2
    for i in range(0, pairs * 2, 2):  # dealt alternately; no `+=` on an item (see draw): native adds compiled
        c = cards[i]
        share_a[c] = share_a[c] + 1
        stand_a[c] = stand_a[c] + 1
        c = cards[i + 1]
        share_b[c] = share_b[c] + 1
        stand_b[c] = stand_b[c] + 1
    left = cards[pairs * 2 :]
    left_to = agreed[1] if agreed is not None and left else -1
    if left_to >= 0:
        for g in left:
            s.stands[left_to][g] += 1
    else:
        s.discards[0].extend(left)
    s.booty = [0] * N_GOODS
    s.events.append(E.BootyShared(a, b, half, tuple(share_a), tuple(share_b), odd, tuple(left), odd_to, left_to))


def end_round(s: GameState) -> None:
    for o in s.officials:
        s.sheriff_turns[o] += 1
    s.round += 1
    if s.round >= s.rounds:
        finish(s)
        return
    n = s.n
    if not s.deputies_mode:
        s.officials = ((s.officials[0] + 1) % n,)
    lead = s.officials[0]
    for i in range(1, n + 1):
        p = (lead + i) % n
        short = s.hand_size - total(s.hands[p])
        if short > 0:
            draw(s, p, short)
    start_round(s)


def finish(s: GameState) -> None:
    """Rule game.over: hands are discarded unscored; the stands are counted."""
    from sheriff.scoring import score_state

    pile = s.discards[0]
    for p in range(s.n):
        for g, k in enumerate(s.hands[p]):
            if k:
                pile += [g] * k
        s.hands[p] = [0] * N_GOODS
    s.phase = OVER
    s.scores, s.winners = score_state(s)
    s.events.append(E.GameOver(tuple(s.winners)))


__all__ = [
    "draw",
    "reshuffle",
    "start_round",
    "end_round",
    "end_inspection",
    "finish",
    "hand_count",
    "DECLARE",
    "INSPECT",
]
