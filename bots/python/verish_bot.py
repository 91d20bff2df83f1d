#!/usr/bin/env python3
"""A Verish ("I doubt it") bot for the referee, in plain Python 3.

Verish moves are too many to list, so a request carries a "choice" that
describes them: which actions are allowed, how many cards, which ranks.
This bot tells the truth when it can and challenges a claim of more cards
than could exist. See protocol/README.md.
"""
import json
import sys
from collections import Counter


def send(message):
    print(json.dumps(message), flush=True)


def choose(request):
    choice, view = request["choice"], request["view"]
    hand = view["hand"]
    actions = choice["actions"]
    if "discard" in actions:  # we hold four of a kind: get rid of them
        return {"action": "discard", "ranks": choice["discard"]["ranks"]}
    by_rank = Counter(card[0] for card in hand)
    if "lead" in actions:
        lead = choice["lead"]
        # Lead our biggest group, truthfully (avoiding a barred claim).
        barred = lead.get("not_again") or {}
        for rank, count in by_rank.most_common():
            n = min(count, lead["max_cards"])
            if rank in lead["ranks"] and not (barred.get("rank") == rank and barred.get("count") == n):
                return {"action": "lead", "cards": [c for c in hand if c[0] == rank][:n], "rank": rank}
        other = next(r for r in lead["ranks"] if r != barred.get("rank"))
        return {"action": "lead", "cards": hand[:1], "rank": other}
    # Responding: the last play claims view["claim"] with pile[-1]["count"] cards.
    claim, count = view["claim"], view["pile"][-1]["count"]
    mine = by_rank[claim]
    if count > 4 - mine or "follow" not in actions:
        return {"action": "challenge"}  # more cards than can exist
    if mine:
        cards = [c for c in hand if c[0] == claim][: choice["follow"]["max_cards"]]
        return {"action": "follow", "cards": cards}
    return {"action": "follow", "cards": hand[:1]}  # a small lie


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "ready", "name": "python-verish", "version": "1.0"})
    elif message["type"] == "request":
        send({"type": "move", "id": message["id"], "move": choose(message)})
    elif message["type"] == "error":
        print("referee says:", message["message"], file=sys.stderr)
    elif message["type"] == "bye":
        break
