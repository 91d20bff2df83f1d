package verish

import (
	"cardref/referee"
	"encoding/json"
	"fmt"
	"strings"
)

// Narrate turns an event into a line of a transcript, from the public
// point of view: claims and counts, reveals, pickups, finishes. The record's
// truth event, at the end of each game, gives every play's real cards.
func (Rules) Narrate(raw []byte, names []string) string {
	var e struct {
		Type    string     `json:"type"`
		Game    int        `json:"game"`
		Dealer  int        `json:"dealer"`
		Deck    int        `json:"deck_size"`
		Seat    int        `json:"seat"`
		Target  int        `json:"target"`
		Count   int        `json:"count"`
		Rank    string     `json:"rank"`
		Ranks   []string   `json:"ranks"`
		Cards   []string   `json:"cards"`
		True    bool       `json:"truthful"`
		Place   int        `json:"place"`
		Starter int        `json:"starter"`
		Places  []int      `json:"places"`
		End     string     `json:"end"`
		Blind   string     `json:"blind"`
		Plays   []TruePlay `json:"plays"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return ""
	}
	name := func(s int) string { return referee.SeatName(names, s) }
	plural := func(n int) string {
		if n == 1 {
			return "1 card"
		}
		return fmt.Sprintf("%d cards", n)
	}
	switch e.Type {
	case "deal_start":
		return fmt.Sprintf("\n── Game %d · %s deals a %d-card pack ──", e.Game, name(e.Dealer), e.Deck)
	case "deal":
		return fmt.Sprintf("%-12s gets %s", name(e.Seat), plural(e.Count))
	case "round_start":
		return fmt.Sprintf("New round, %s leads", name(e.Starter))
	case "lead":
		return fmt.Sprintf("  %-12s puts down %s: \"%s\"", name(e.Seat), plural(e.Count), rankWord(e.Rank, e.Count))
	case "follow":
		return fmt.Sprintf("  %-12s trusts and adds %s", name(e.Seat), plural(e.Count))
	case "challenge":
		return fmt.Sprintf("  %-12s does not trust %s!", name(e.Seat), name(e.Target))
	case "check":
		return fmt.Sprintf("  %-12s trusts %s, and checks", name(e.Seat), name(e.Target))
	case "reveal":
		verdict := "a lie"
		if e.True {
			verdict = "the truth"
		}
		return fmt.Sprintf("    revealed: %s — %s", strings.Join(e.Cards, " "), verdict)
	case "pickup":
		return fmt.Sprintf("    %s picks up the pile, %s", name(e.Seat), plural(e.Count))
	case "pile_removed":
		return fmt.Sprintf("    the pile, %s, leaves the game", plural(e.Count))
	case "quads":
		return fmt.Sprintf("    %s discards four of a kind: %s", name(e.Seat), strings.Join(e.Cards, " "))
	case "finish":
		return fmt.Sprintf("    %s is out of cards: place %d", name(e.Seat), e.Place)
	case "truth":
		var b strings.Builder
		b.WriteString("The truth of every play:")
		for i, p := range e.Plays {
			mark := "true"
			if p.Lie {
				mark = "LIE"
			}
			fmt.Fprintf(&b, "\n  %3d. %-12s claimed %s, put %-12s %s", i+1, name(p.Seat), p.Rank, strings.Join(p.Cards, " "), mark)
		}
		if e.Blind != "" {
			fmt.Fprintf(&b, "\n  The card set aside was %s.", e.Blind)
		}
		return b.String()
	case "deal_end":
		order := make([]string, 0, len(e.Places))
		for place := 1; place <= len(e.Places); place++ {
			for s, p := range e.Places {
				if p == place {
					order = append(order, fmt.Sprintf("%d. %s", p, name(s)))
				}
			}
		}
		suffix := ""
		if e.End == "truncated" {
			suffix = " (stopped at the move limit: players still in ranked by fewest cards)"
		}
		return fmt.Sprintf("Game %d finishing order: %s%s", e.Game, strings.Join(order, ", "), suffix)
	}
	return ""
}

func rankWord(r string, n int) string {
	words := map[string]string{"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "6": "six", "7": "seven",
		"8": "eight", "9": "nine", "2": "two", "3": "three", "4": "four", "5": "five"}
	w := words[r]
	if w == "" {
		w = r
	}
	if n == 1 {
		return "one " + w
	}
	if w == "six" {
		return fmt.Sprintf("%d sixes", n)
	}
	return fmt.Sprintf("%d %ss", n, w)
}
