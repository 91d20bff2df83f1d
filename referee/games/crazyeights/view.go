package crazyeights

import (
	"cardref/referee"
	"cardref/referee/cards"
)

// View is what one seat knows; the public view has no hand.
type View struct {
	Seat       int      `json:"seat"`
	Players    int      `json:"players"`
	Hand       int      `json:"hand_number"`
	Dealer     int      `json:"dealer"`
	ToAct      int      `json:"to_act"`
	Cards      []string `json:"hand,omitempty"`
	HandSizes  []int    `json:"hand_sizes"`
	Top        string   `json:"top"`
	Suit       string   `json:"suit"` // the suit to follow: the top card's, or the one named with an 8
	Discard    []string `json:"discard"`
	Stock      int      `json:"stock"`
	Draws      int      `json:"draws_this_turn"`
	MaxDraws   int      `json:"max_draws"` // 0: unlimited
	Buried     []string `json:"starter_eights,omitempty"`
	Totals     []int    `json:"totals"`
	Target     int      `json:"target"`
	LowestWins bool     `json:"lowest_wins"`
}

// View builds s's view; NoSeat gives the public view.
func (g *Game) View(s referee.Seat) any {
	v := View{Seat: int(s), Players: g.n, Hand: g.hand, Dealer: g.dealer, ToAct: -1,
		Top: g.top().String(), Suit: g.activeSuit.String(), Discard: cards.Strings(g.discard), Stock: len(g.stock),
		Draws: g.draws, MaxDraws: g.maxDraws, Buried: cards.Strings(g.buried), Totals: append([]int(nil), g.totals...),
		Target: g.opts.Int(OptTarget), LowestWins: g.scoring == PenaltyOwnHand}
	if !g.over {
		v.ToAct = g.toAct
	}
	if s >= 0 && int(s) < g.n {
		v.Cards = cards.Strings(g.hands[s])
	}
	for _, h := range g.hands {
		v.HandSizes = append(v.HandSizes, len(h))
	}
	return v
}
