package crazyeights

import (
	"cardref/referee"
	"encoding/json"
	"fmt"
	"strings"

	"cardref/referee/cards"
)

// Narrate turns an event into a line of a transcript. It tells the game
// from the public point of view: hands are counted, not shown, until the
// end of each hand, and a drawn card is shown to no one.
func (Rules) Narrate(raw []byte, names []string) string {
	var e struct {
		Type   string    `json:"type"`
		Hand   int       `json:"hand"`
		Dealer int       `json:"dealer"`
		Seat   int       `json:"seat"`
		Count  int       `json:"count"`
		Card   string    `json:"card"`
		Suit   string    `json:"suit"`
		Left   int       `json:"cards_left"`
		Stock  int       `json:"stock"`
		Cards  int       `json:"cards"`
		How    string    `json:"how"`
		Empty  bool      `json:"stock_empty"`
		Score  HandScore `json:"score"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return ""
	}
	name := func(s int) string { return referee.SeatName(names, s) }
	suitName := func(s string) string {
		su, err := cards.ParseSuit(s)
		if err != nil {
			return s
		}
		return su.Name()
	}
	switch e.Type {
	case "hand_start":
		return fmt.Sprintf("\n── Hand %d · %s deals ──", e.Hand, name(e.Dealer))
	case "deal":
		return ""
	case "starter_eight":
		return fmt.Sprintf("An 8 turned up (%s): it goes back into the stock (%s)", e.Card, strings.ReplaceAll(e.How, "_", " "))
	case "starter":
		return fmt.Sprintf("Starter: %s", e.Card)
	case "play":
		line := fmt.Sprintf("  %-12s plays %s", name(e.Seat), e.Card)
		if e.Suit != "" {
			line += fmt.Sprintf(" and names %s", suitName(e.Suit))
		}
		switch e.Left {
		case 0:
			line += " — and is out!"
		case 1:
			line += " (one card left)"
		}
		return line
	case "draw":
		return fmt.Sprintf("  %-12s draws (stock: %d)", name(e.Seat), e.Stock)
	case "reshuffle":
		return fmt.Sprintf("The discards under the top card are shuffled into a new stock of %d", e.Cards)
	case "pass":
		if e.Empty {
			return fmt.Sprintf("  %-12s passes (stock empty)", name(e.Seat))
		}
		return fmt.Sprintf("  %-12s passes", name(e.Seat))
	case "hand_end":
		var b strings.Builder
		h := e.Score
		switch h.End {
		case "out":
			fmt.Fprintf(&b, "Hand %d: %s went out.", h.Hand, name(h.Out))
		case "blocked":
			fmt.Fprintf(&b, "Hand %d is blocked: nobody can play.", h.Hand)
		default:
			fmt.Fprintf(&b, "Hand %d stopped at the safety limit (truncated).", h.Hand)
		}
		for s := range h.Hands {
			fmt.Fprintf(&b, "\n  %-12s holds %-24s penalty %3d  scores %4d  total %4d", name(s), strings.Join(h.Hands[s], " "), h.Penalties[s], h.Points[s], h.Totals[s])
		}
		return b.String()
	}
	return ""
}
