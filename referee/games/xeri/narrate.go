package xeri

import (
	"cardref/referee"
	"encoding/json"
	"fmt"
	"strings"
)

// Narrate turns an event into a line of a transcript.
func (Rules) Narrate(raw []byte, names []string) string {
	var e struct {
		Type     string     `json:"type"`
		Round    int        `json:"round"`
		Dealer   int        `json:"dealer"`
		Target   int        `json:"target"`
		Seat     int        `json:"seat"`
		Side     int        `json:"side"`
		Card     string     `json:"card"`
		Cards    []string   `json:"cards"`
		Count    int        `json:"count"`
		Captured []string   `json:"captured"`
		Xeri     bool       `json:"xeri"`
		Bonus    int        `json:"bonus"`
		Adjusted bool       `json:"jacks_moved"`
		Score    RoundScore `json:"score"`
		Totals   []int      `json:"totals"`
		Wins     []int      `json:"round_wins"`
		Raised   int        `json:"target_raised_to"`
		Ranks    []int      `json:"ranks"`
		End      string     `json:"end"`
	}
	if json.Unmarshal(raw, &e) != nil {
		return ""
	}
	name := func(s int) string { return referee.SeatName(names, s) }
	switch e.Type {
	case "round_start":
		t := ""
		if e.Target > 0 {
			t = fmt.Sprintf(" · playing to %d", e.Target)
		}
		return fmt.Sprintf("\n── Round %d · %s deals%s ──", e.Round, name(e.Dealer), t)
	case "bottom_card":
		return fmt.Sprintf("Bottom card of the stock, shown to all: %s", e.Card)
	case "deal":
		if len(e.Cards) == 0 {
			return fmt.Sprintf("%-12s is dealt %d cards", name(e.Seat), e.Count)
		}
		return fmt.Sprintf("%-12s is dealt %s", name(e.Seat), strings.Join(e.Cards, " "))
	case "pile_rejected":
		return fmt.Sprintf("Starting pile %s refused (jack or pair on top): back into the stock, reshuffled", strings.Join(e.Cards, " "))
	case "pile":
		moved := ""
		if e.Adjusted {
			moved = " (top jacks slid to the bottom)"
		}
		return fmt.Sprintf("Starting pile: %s, top %s%s", strings.Join(e.Cards, " "), e.Cards[len(e.Cards)-1], moved)
	case "play":
		switch {
		case e.Xeri && e.Bonus > 0:
			return fmt.Sprintf("  %-12s plays %s  XERI! takes %s  +%d", name(e.Seat), e.Card, strings.Join(e.Captured, " "), e.Bonus)
		case e.Xeri:
			return fmt.Sprintf("  %-12s plays %s  xeri with the last card, takes %s (no bonus)", name(e.Seat), e.Card, strings.Join(e.Captured, " "))
		case len(e.Captured) > 0:
			return fmt.Sprintf("  %-12s plays %s  takes %d cards: %s", name(e.Seat), e.Card, len(e.Captured), strings.Join(e.Captured, " "))
		}
		return fmt.Sprintf("  %-12s plays %s", name(e.Seat), e.Card)
	case "leftovers":
		if e.Seat < 0 {
			return fmt.Sprintf("Left on the table, for nobody: %s", strings.Join(e.Cards, " "))
		}
		return fmt.Sprintf("Left on the table, to %s (last to capture): %s", name(e.Seat), strings.Join(e.Cards, " "))
	case "round_end":
		var b strings.Builder
		fmt.Fprintf(&b, "Round %d scores:", e.Score.Round)
		for _, ss := range e.Score.Sides {
			who := make([]string, len(ss.Seats))
			for i, s := range ss.Seats {
				who[i] = name(s)
			}
			fmt.Fprintf(&b, "\n  %-20s %2d cards (+%d)  honours %d  10♦ +%d  2♣ %d  xeris %d  jack xeris %d (+%d)  = %d   total %d",
				strings.Join(who, "+"), ss.Cards, ss.MostCards, ss.Honours, ss.GoodTen, ss.GoodTwo, ss.Xeris, ss.JackXeris, ss.XeriPoints, ss.Total, e.Totals[ss.Side])
			if len(e.Wins) > 0 {
				fmt.Fprintf(&b, "  rounds won %d", e.Wins[ss.Side])
			}
		}
		if e.Raised > 0 {
			fmt.Fprintf(&b, "\n  Several sides reached the target: it rises to %d", e.Raised)
		}
		return b.String()
	}
	return ""
}
