// Package games lists every game the referee knows.
package games

import (
	"fmt"
	"sort"
	"strings"

	"cardref/referee"
	"cardref/referee/games/crazyeights"
	"cardref/referee/games/verish"
	"cardref/referee/games/xeri"
)

var all = []referee.Rules{xeri.Rules{}, crazyeights.Rules{}, verish.Rules{}}

// All returns every game, by name.
func All() []referee.Rules {
	out := append([]referee.Rules(nil), all...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// Lookup finds a game by name; the error lists the games there are.
func Lookup(name string) (referee.Rules, error) {
	var names []string
	for _, r := range All() {
		if r.Name() == strings.ToLower(name) {
			return r, nil
		}
		names = append(names, r.Name())
	}
	return nil, fmt.Errorf("no game %q: the games are %s", name, strings.Join(names, ", "))
}
