package verish

import (
	"cardref/referee"
	"cardref/referee/cards"
)

// PlayInfo is a face-down play as everyone sees it: who, how many.
type PlayInfo struct {
	Seat  int `json:"seat"`
	Count int `json:"count"`
}

// View is what one seat knows; the public view has no hand.
type View struct {
	Seat      int        `json:"seat"`
	Players   int        `json:"players"`
	Game      int        `json:"game"`
	Dealer    int        `json:"dealer"`
	ToAct     int        `json:"to_act"`
	Phase     string     `json:"phase"` // "lead", "respond" or "discard"
	Hand      []string   `json:"hand,omitempty"`
	HandSizes []int      `json:"hand_sizes"`
	Status    []string   `json:"status"` // per seat: active, pending or finished
	Places    []int      `json:"places"` // per seat: finishing place, 0 while in play
	Ranks     []string   `json:"ranks"`  // the ranks of this pack: what may be claimed
	Starter   int        `json:"starter"`
	Claim     string     `json:"claim,omitempty"` // the round's claimed rank
	Pile      []PlayInfo `json:"pile"`            // this round's plays, first first
	PileCount int        `json:"pile_count"`
	LeadMax   int        `json:"lead_max"`
	FollowMax int        `json:"follow_max"`
	Discarded []string   `json:"discarded_ranks"` // ranks discarded as fours
	Removed   int        `json:"removed"`         // cards out of the game face down
	Moves     int        `json:"moves"`
	MaxMoves  int        `json:"max_moves"`
	Totals    []int      `json:"totals"` // match points (players minus place, per game)
}

// View builds s's view; NoSeat gives the public view.
func (g *Game) View(s referee.Seat) any {
	v := View{Seat: int(s), Players: g.n, Game: g.gameNo, Dealer: g.dealer, ToAct: -1, Phase: g.phase,
		Places: append([]int(nil), g.place...), Starter: g.starter, Pile: []PlayInfo{}, LeadMax: g.leadMax, FollowMax: g.followMx,
		Discarded: append([]string{}, g.discarded...), Removed: g.removed, Moves: g.moves, MaxMoves: g.opts.Int(OptMaxMoves),
		Totals: append([]int(nil), g.totals...)}
	if !g.over {
		v.ToAct = g.toAct
	} else {
		v.Phase = "over"
	}
	if s >= 0 && int(s) < g.n {
		v.Hand = cards.Strings(g.hands[s])
	}
	for t, h := range g.hands {
		v.HandSizes = append(v.HandSizes, len(h))
		v.Status = append(v.Status, statusNames[g.status[t]])
	}
	for _, r := range g.ranks {
		v.Ranks = append(v.Ranks, r.String())
	}
	if g.claim != 0 {
		v.Claim = g.claim.String()
	}
	for _, p := range g.pile {
		v.Pile = append(v.Pile, PlayInfo{Seat: p.seat, Count: len(p.cards)})
		v.PileCount += len(p.cards)
	}
	return v
}
