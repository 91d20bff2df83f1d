#!/usr/bin/env python3
"""A Crazy Eights bot for the referee, in plain Python 3 (standard library only).

Every request lists the legal moves: {"action":"play","card":"9C"}, an 8 once
per suit it may name {"action":"play","card":"8S","suit":"H"}, and
{"action":"draw"} or {"action":"pass"} when those are allowed.
See protocol/README.md.
"""
import json
import sys

PENALTY = {"8": 50, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 1}


def penalty(card):
    return PENALTY.get(card[0]) or int(card[0])


def choose(request):
    legal = request["legal"]
    hand = request["view"]["hand"]
    plays = [m for m in legal if m["action"] == "play"]
    if not plays:
        return legal[0]  # a draw or a pass: the only moves left
    others = [m for m in plays if m["card"][0] != "8"]
    if others:
        # Shed the most expensive card that is not an 8.
        return max(others, key=lambda m: penalty(m["card"]))
    # Only 8s: name the suit we hold most of.
    suits = [c[1] for c in hand if c[0] != "8"]
    best = max("CDHS", key=suits.count)
    for m in plays:
        if m.get("suit", best) == best:
            return m
    return plays[0]


def send(message):
    print(json.dumps(message), flush=True)


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({"type": "ready", "name": "python-eights", "version": "1.0"})
    elif message["type"] == "request":
        send({"type": "move", "id": message["id"], "move": choose(message)})
    elif message["type"] == "error":
        print("referee says:", message["message"], file=sys.stderr)
    elif message["type"] == "bye":
        break
