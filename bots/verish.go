package bots

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"

	"cardref/protocol"
)

// The Verish request describes the legal moves in "choice" instead of
// listing them: these types read it.
type verishChoice struct {
	Actions []string `json:"actions"`
	Lead    *struct {
		MinCards int      `json:"min_cards"`
		MaxCards int      `json:"max_cards"`
		Ranks    []string `json:"ranks"`
		NotAgain *struct {
			Rank  string `json:"rank"`
			Count int    `json:"count"`
		} `json:"not_again"`
	} `json:"lead"`
	Follow *struct {
		MinCards int    `json:"min_cards"`
		MaxCards int    `json:"max_cards"`
		Rank     string `json:"rank"`
	} `json:"follow"`
	Discard *struct {
		Ranks []string `json:"ranks"`
	} `json:"discard"`
}

type verishView struct {
	Seat      int      `json:"seat"`
	Hand      []string `json:"hand"`
	HandSizes []int    `json:"hand_sizes"`
	Status    []string `json:"status"`
	Claim     string   `json:"claim"`
	Pile      []struct {
		Seat  int `json:"seat"`
		Count int `json:"count"`
	} `json:"pile"`
}

func readVerish(req *protocol.Request) (verishChoice, verishView, error) {
	var c verishChoice
	var v verishView
	if err := json.Unmarshal(req.Choice, &c); err != nil || len(c.Actions) == 0 {
		return c, v, fmt.Errorf("request %d has no usable choice: %v", req.ID, err)
	}
	if err := json.Unmarshal(req.View, &v); err != nil {
		return c, v, fmt.Errorf("cannot read the verish view: %v", err)
	}
	return c, v, nil
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// randomChoice answers a described choice at random: any allowed action,
// random cards, a random claim.
func randomChoice(req *protocol.Request, rng *rand.Rand) (protocol.Move, error) {
	c, v, err := readVerish(req)
	if err != nil {
		return protocol.Move{}, err
	}
	m := protocol.Move{Action: c.Actions[rng.IntN(len(c.Actions))]}
	pick := func(lo, hi int) []string {
		k := lo + rng.IntN(hi-lo+1)
		perm := rng.Perm(len(v.Hand))
		out := make([]string, k)
		for i := range k {
			out[i] = v.Hand[perm[i]]
		}
		return out
	}
	switch m.Action {
	case "lead":
		for {
			m.Cards = pick(c.Lead.MinCards, c.Lead.MaxCards)
			m.Rank = c.Lead.Ranks[rng.IntN(len(c.Lead.Ranks))]
			if na := c.Lead.NotAgain; na == nil || na.Rank != m.Rank || na.Count != len(m.Cards) {
				break
			}
		}
	case "follow":
		m.Cards = pick(c.Follow.MinCards, c.Follow.MaxCards)
	case "discard":
		m.Ranks = c.Discard.Ranks
	}
	return m, nil
}

// byRank groups a hand by rank, the largest groups first.
func byRank(hand []string) [][]string {
	groups := map[byte][]string{}
	for _, c := range hand {
		groups[c[0]] = append(groups[c[0]], c)
	}
	var out [][]string
	for _, g := range groups {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i][0] < out[j][0]
	})
	return out
}

// honestLead leads the largest group of a rank, truthfully, keeping clear
// of a barred claim.
func honestLead(c verishChoice, hand []string) protocol.Move {
	for _, g := range byRank(hand) {
		if !has(c.Lead.Ranks, g[0][:1]) {
			continue
		}
		n := min(len(g), c.Lead.MaxCards)
		if na := c.Lead.NotAgain; na != nil && na.Rank == g[0][:1] && na.Count == n {
			if n == 1 {
				continue
			}
			n--
		}
		return protocol.Move{Action: "lead", Cards: g[:n], Rank: g[0][:1]}
	}
	// Only barred claims are true: lie about one card.
	for _, r := range c.Lead.Ranks {
		if na := c.Lead.NotAgain; na == nil || na.Rank != r || na.Count != 1 {
			return protocol.Move{Action: "lead", Cards: hand[:1], Rank: r}
		}
	}
	return protocol.Move{Action: "lead", Cards: hand[:1], Rank: c.Lead.Ranks[0]}
}

// ofRank lists the cards of a rank in a hand.
func ofRank(hand []string, rank string) []string {
	var out []string
	for _, c := range hand {
		if c[:1] == rank {
			out = append(out, c)
		}
	}
	return out
}

// loneCard is a card of the rank held least, the cheapest to lie with.
func loneCard(hand []string) string {
	groups := byRank(hand)
	return groups[len(groups)-1][0]
}

// verishHonest tells the truth when it can and challenges at random.
type verishHonest struct{ rng *rand.Rand }

func (b *verishHonest) Move(req *protocol.Request) (protocol.Move, error) {
	c, v, err := readVerish(req)
	if err != nil {
		return protocol.Move{}, err
	}
	switch {
	case has(c.Actions, "discard"):
		return protocol.Move{Action: "discard", Ranks: c.Discard.Ranks}, nil
	case has(c.Actions, "lead"):
		return honestLead(c, v.Hand), nil
	}
	if !has(c.Actions, "follow") || b.rng.IntN(4) == 0 {
		return protocol.Move{Action: "challenge"}, nil
	}
	if same := ofRank(v.Hand, c.Follow.Rank); len(same) > 0 {
		return protocol.Move{Action: "follow", Cards: same[:min(len(same), c.Follow.MaxCards)]}, nil
	}
	return protocol.Move{Action: "follow", Cards: []string{loneCard(v.Hand)}}, nil
}

// verishCounter remembers what it has seen — its own cards, every reveal,
// every discarded four, each player's record of lies — and challenges a
// claim that cannot be true, or that is unlikely given who makes it.
type verishCounter struct {
	rng       *rand.Rand
	seat      int
	myPile    map[byte]int   // cards of each rank I put on this round's pile
	discarded map[byte]bool  // ranks discarded as fours
	shown     map[int][2]int // per seat: plays revealed, and how many were lies
	responses map[int][2]int // per seat: responses, and how many were challenges
}

// challengeRate estimates how often a seat challenges.
func (b *verishCounter) challengeRate(seat int) float64 {
	h := b.responses[seat]
	return (float64(h[1]) + 1) / (float64(h[0]) + 4)
}

// lieRate estimates how often a seat lies, from its revealed plays.
func (b *verishCounter) lieRate(seat int) float64 {
	h := b.shown[seat]
	return (float64(h[1]) + 1) / (float64(h[0]) + 4)
}

func (b *verishCounter) observe(events []json.RawMessage) {
	for _, raw := range events {
		var e struct {
			Type  string   `json:"type"`
			Seat  int      `json:"seat"`
			Cards []string `json:"cards"`
			Ranks []string `json:"ranks"`
			True  bool     `json:"truthful"`
		}
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		switch e.Type {
		case "deal_start":
			b.discarded = map[byte]bool{}
			b.myPile = map[byte]int{}
		case "round_start":
			b.myPile = map[byte]int{}
		case "follow", "challenge", "check":
			h := b.responses[e.Seat]
			h[0]++
			if e.Type != "follow" {
				h[1]++
			}
			b.responses[e.Seat] = h
		}
		switch e.Type {
		case "lead", "follow":
			if e.Seat == b.seat {
				for _, c := range e.Cards {
					b.myPile[c[0]]++
				}
			}
		case "quads":
			for _, r := range e.Ranks {
				b.discarded[r[0]] = true
			}
		case "reveal":
			h := b.shown[e.Seat]
			h[0]++
			if !e.True {
				h[1]++
			}
			b.shown[e.Seat] = h
		}
	}
}

func (b *verishCounter) Move(req *protocol.Request) (protocol.Move, error) {
	c, v, err := readVerish(req)
	if err != nil {
		return protocol.Move{}, err
	}
	b.seat = v.Seat
	if b.myPile == nil {
		b.myPile, b.discarded, b.shown, b.responses = map[byte]int{}, map[byte]bool{}, map[int][2]int{}, map[int][2]int{}
	}
	b.observe(req.Events)
	switch {
	case has(c.Actions, "discard"):
		return protocol.Move{Action: "discard", Ranks: c.Discard.Ranks}, nil
	case has(c.Actions, "lead"):
		return honestLead(c, v.Hand), nil
	}
	last := v.Pile[len(v.Pile)-1]
	same := ofRank(v.Hand, v.Claim)
	// How many cards of the claimed rank are still to be had, for the
	// claimer, if the earlier claims of this round were true.
	possible := 4 - len(same) - b.myPile[v.Claim[0]]
	if b.discarded[v.Claim[0]] {
		possible = 0
	}
	if last.Count > possible || !has(c.Actions, "follow") {
		return protocol.Move{Action: "challenge"}, nil // it cannot be true
	}
	likely := possible
	for _, p := range v.Pile[:len(v.Pile)-1] {
		if p.Seat != b.seat {
			likely -= p.Count
		}
	}
	if last.Count > likely && b.lieRate(last.Seat) > 0.2 {
		return protocol.Move{Action: "challenge"}, nil // true only if someone lied before
	}
	// Otherwise weigh the claimer's record: a caught liar takes the pile, a
	// wrong challenge takes it ourselves.
	lie := b.lieRate(last.Seat)
	if v.HandSizes[last.Seat] == 0 && lie >= 0.3 {
		return protocol.Move{Action: "challenge"}, nil // do not let it go out on a likely lie
	}
	if len(same) > 0 && lie < 0.6 {
		return protocol.Move{Action: "follow", Cards: same[:min(len(same), c.Follow.MaxCards)]}, nil
	}
	// A lie of ours is caught as often as the next player challenges:
	// challenge instead when this claim is the likelier lie.
	next := b.seat
	for i := 1; i < len(v.HandSizes); i++ {
		if t := (b.seat + i) % len(v.HandSizes); v.Status[t] != "finished" {
			next = t
			break
		}
	}
	if lie > 0.65 && lie > b.challengeRate(next)+0.2 {
		return protocol.Move{Action: "challenge"}, nil
	}
	return protocol.Move{Action: "follow", Cards: []string{loneCard(v.Hand)}}, nil
}
