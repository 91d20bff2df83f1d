#!/usr/bin/env node
// A Xeri bot for the referee in plain Node.js (no packages). The referee
// writes one JSON object per line on stdin; we answer "hello" and each
// "request" with one JSON object per line on stdout. See protocol/README.md.
const readline = require("readline");

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function choose(request) {
  const { view, legal } = request;
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  if (top) {
    // Take the pile by matching the top card's rank.
    const match = legal.find((m) => m.card[0] === top[0]);
    if (match) return match;
    // A jack takes any pile: worth it when the pile is big.
    const jack = legal.find((m) => m.card[0] === "J");
    if (jack && view.pile.length >= 3) return jack;
  }
  // Otherwise lay a low card, keeping jacks and point cards.
  const cost = (m) => (m.card[0] === "J" ? 4 : 0) + ("AKQT".includes(m.card[0]) ? 2 : 0) + (["TD", "2C"].includes(m.card) ? 1 : 0);
  return legal.reduce((best, m) => (cost(m) < cost(best) ? m : best));
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello") {
    send({ type: "ready", name: "node-xeri", version: "1.0" });
  } else if (message.type === "request") {
    send({ type: "move", id: message.id, move: choose(message) });
  } else if (message.type === "error") {
    console.error("referee says:", message.message);
  } else if (message.type === "bye") {
    process.exit(0);
  }
});
