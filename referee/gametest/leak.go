package gametest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// isCard reports whether s is written like a card ("QS", "TD").
func isCard(s string) bool {
	return len(s) == 2 && strings.IndexByte("A23456789TJQK", s[0]) >= 0 && strings.IndexByte("CDHS", s[1]) >= 0
}

// cardsIn collects every string in v's JSON encoding that is written like
// a card.
func cardsIn(v any) map[string]bool {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var tree any
	if json.Unmarshal(raw, &tree) != nil {
		return nil
	}
	found := map[string]bool{}
	var walk func(any)
	walk = func(x any) {
		switch t := x.(type) {
		case string:
			if isCard(t) {
				found[t] = true
			}
		case []any:
			for _, e := range t {
				walk(e)
			}
		case map[string]any:
			for _, e := range t {
				walk(e)
			}
		}
	}
	walk(tree)
	return found
}

// NoLeak fails when v, encoded as JSON, names a card of hidden: a card
// the seat it was meant for cannot know.
func NoLeak(what string, v any, hidden []string) error {
	if len(hidden) == 0 {
		return nil
	}
	seen := cardsIn(v)
	var leaked []string
	for _, c := range hidden {
		if seen[c] {
			leaked = append(leaked, c)
		}
	}
	if len(leaked) > 0 {
		sort.Strings(leaked)
		return fmt.Errorf("hidden-information leak: %s names %s, which that seat cannot know", what, strings.Join(leaked, " "))
	}
	return nil
}

func minus(a []string, drop map[string]bool) []string {
	var out []string
	for _, c := range a {
		if !drop[c] {
			out = append(out, c)
		}
	}
	return out
}
