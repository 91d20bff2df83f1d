package xeri

import (
	"cardref/referee"
	"cardref/referee/cards"
)

// View is what one seat knows of the match; the public view has no hand.
type View struct {
	Seat         int        `json:"seat"` // -1 for the public view
	Players      int        `json:"players"`
	Sides        []int      `json:"sides"` // side of each seat
	Round        int        `json:"round"`
	Dealer       int        `json:"dealer"`
	ToAct        int        `json:"to_act"`
	Hand         []string   `json:"hand,omitempty"`
	HandSizes    []int      `json:"hand_sizes"`
	Pile         []string   `json:"pile"` // bottom first
	Top          string     `json:"top,omitempty"`
	Stock        int        `json:"stock"`
	BottomCard   string     `json:"bottom_card,omitempty"`
	Captured     []int      `json:"captured"` // cards captured this round, per side
	Xeris        [][]string `json:"xeris"`    // xeri cards this round, per side
	LastCapturer int        `json:"last_capturer"`
	Totals       []int      `json:"totals"` // match points, per side
	RoundWins    []int      `json:"round_wins,omitempty"`
	Target       int        `json:"target,omitempty"`
}

// View builds s's view; NoSeat gives the public view.
func (g *Game) View(s referee.Seat) any {
	v := View{
		Seat: int(s), Players: g.n, Sides: g.side, Round: g.round, Dealer: g.dealer, ToAct: -1,
		Pile: cards.Strings(g.pile), Stock: len(g.stock), LastCapturer: g.lastCapturer,
		Totals: append([]int(nil), g.totals...),
	}
	if !g.over {
		v.ToAct = g.toAct
	}
	if s >= 0 && int(s) < g.n {
		v.Hand = cards.Strings(g.hands[s])
	}
	for _, h := range g.hands {
		v.HandSizes = append(v.HandSizes, len(h))
	}
	if len(g.pile) > 0 {
		v.Top = g.pile[len(g.pile)-1].String()
	}
	if g.bottomShown && len(g.stock) > 0 {
		v.BottomCard = g.stock[len(g.stock)-1].String()
	}
	for sd := range g.nSides {
		v.Captured = append(v.Captured, len(g.captured[sd]))
		xs := []string{}
		for _, x := range g.xeris[sd] {
			xs = append(xs, x.card.String())
		}
		v.Xeris = append(v.Xeris, xs)
	}
	if g.opts[OptMatchMode] == "rounds" {
		v.RoundWins = append([]int(nil), g.roundWins...)
	} else {
		v.Target = g.target
	}
	return v
}
