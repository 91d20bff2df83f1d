// Package bots holds the bots shipped with the referee: Go reference bots
// (random, and a heuristic bot per game) that run in-process in tests or as
// real processes through `referee bot NAME`, and starter kits in other
// languages (python/). The Go bots know the game only through the protocol,
// exactly as a bot in any other language does.
package bots

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"strings"

	"cardref/protocol"
)

// Bot plays one game, seat and session at a time: New makes a fresh one for
// each game.
type Bot interface {
	Move(req *protocol.Request) (protocol.Move, error)
}

// Maker makes a bot for a game that is starting; it fails for a game the
// bot does not play.
type Maker func(start *protocol.GameStart) (Bot, error)

type entry struct {
	maker Maker
	help  string
}

var registry = map[string]entry{
	"random":  {newRandom, "plays a uniformly random legal move (every game)"},
	"greedy":  {newGreedy, "a heuristic player for xeri (captures the most points, avoids giving xeris) and crazyeights (sheds high cards, keeps 8s, names its longest suit)"},
	"honest":  {newHonest, "verish: tells the truth when it can, challenges at random"},
	"counter": {newCounter, "verish: remembers what it has seen and challenges claims that are impossible or unlikely"},
}

// Names lists the built-in bots.
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Help describes a built-in bot.
func Help(name string) string { return registry[name].help }

// Lookup finds a built-in bot by name.
func Lookup(name string) (Maker, bool) {
	e, ok := registry[name]
	return e.maker, ok
}

// seedFor derives a bot's private random seed from the game and its seat,
// so that the built-in bots are deterministic: the same game plays out the
// same way every time.
func seedFor(start *protocol.GameStart) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", start.GameID, start.Seat)
	return rand.New(rand.NewPCG(h.Sum64(), 7))
}

type randomBot struct{ rng *rand.Rand }

func newRandom(start *protocol.GameStart) (Bot, error) { return &randomBot{seedFor(start)}, nil }

func (b *randomBot) Move(req *protocol.Request) (protocol.Move, error) {
	if len(req.Legal) == 0 && len(req.Choice) > 0 {
		return randomChoice(req, b.rng)
	}
	if len(req.Legal) == 0 {
		return protocol.Move{}, fmt.Errorf("request %d lists no legal move", req.ID)
	}
	return req.Legal[b.rng.IntN(len(req.Legal))], nil
}

func newHonest(start *protocol.GameStart) (Bot, error) {
	if start.Game != "verish" {
		return nil, fmt.Errorf("honest plays verish, not %s", start.Game)
	}
	return &verishHonest{rng: seedFor(start)}, nil
}

func newCounter(start *protocol.GameStart) (Bot, error) {
	if start.Game != "verish" {
		return nil, fmt.Errorf("counter plays verish, not %s", start.Game)
	}
	return &verishCounter{rng: seedFor(start)}, nil
}

func newGreedy(start *protocol.GameStart) (Bot, error) {
	switch start.Game {
	case "xeri":
		return &xeriGreedy{}, nil
	case "crazyeights":
		return eightsGreedy{}, nil
	}
	return nil, fmt.Errorf("greedy does not play %s (it plays xeri and crazyeights)", start.Game)
}

// eventType reads the "type" of an event.
func eventType(raw json.RawMessage) string {
	var e struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &e)
	return e.Type
}

func rankOf(card string) byte { return card[0] }

func isHonour(card string) bool { return strings.IndexByte("AKQJT", card[0]) >= 0 }
