package bots

import (
	"encoding/json"
	"fmt"

	"cardref/protocol"
)

// xeriGreedy captures the most points it can, keeps its jacks for piles
// worth taking, and when it cannot capture, lays the card least likely to
// give the next player a xeri or a rich pile. It counts the cards it has seen
// this round from the event stream.
type xeriGreedy struct {
	seen map[byte]int // rank → cards of that rank seen this round
}

type xeriView struct {
	Seat      int      `json:"seat"`
	Hand      []string `json:"hand"`
	Pile      []string `json:"pile"`
	HandSizes []int    `json:"hand_sizes"`
	Sides     []int    `json:"sides"`
}

func (b *xeriGreedy) observe(events []json.RawMessage) {
	for _, raw := range events {
		switch eventType(raw) {
		case "round_start":
			b.seen = map[byte]int{}
		case "play":
			var p struct {
				Card string `json:"card"`
			}
			if json.Unmarshal(raw, &p) == nil && len(p.Card) == 2 {
				b.seen[rankOf(p.Card)]++
			}
		case "pile":
			var p struct {
				Cards []string `json:"cards"`
			}
			if json.Unmarshal(raw, &p) == nil {
				for _, c := range p.Cards {
					b.seen[rankOf(c)]++
				}
			}
		}
	}
}

// points is what a set of captured cards scores.
func xeriPoints(cs []string) float64 {
	p := 0.0
	for _, c := range cs {
		if isHonour(c) {
			p++
		}
		if c == "TD" || c == "2C" {
			p++
		}
	}
	return p + 0.12*float64(len(cs)) // towards the 3 for most cards
}

func (b *xeriGreedy) Move(req *protocol.Request) (protocol.Move, error) {
	if b.seen == nil {
		b.seen = map[byte]int{}
	}
	b.observe(req.Events)
	var v xeriView
	if len(req.Legal) == 0 {
		return protocol.Move{}, fmt.Errorf("request %d lists no legal move", req.ID)
	}
	if err := json.Unmarshal(req.View, &v); err != nil {
		return protocol.Move{}, fmt.Errorf("cannot read the xeri view: %v", err)
	}
	inHand := map[byte]int{}
	for _, c := range v.Hand {
		inHand[rankOf(c)]++
	}
	// unknown estimates how many cards of a rank the others may hold.
	unknown := func(r byte) float64 {
		return float64(4 - b.seen[r] - inHand[r])
	}
	best, bestScore := req.Legal[0], -1e9
	for _, m := range req.Legal {
		c := m.Card
		r := rankOf(c)
		score := 0.0
		n := len(v.Pile)
		if n > 0 && (r == rankOf(v.Pile[n-1]) || r == 'J') {
			taken := append(append([]string(nil), v.Pile...), c)
			score = 10 + xeriPoints(taken)
			if n == 1 && r == rankOf(v.Pile[0]) {
				score += 10
				if r == 'J' {
					score += 10
				}
			} else if r == 'J' {
				// A jack is best saved for a rich pile.
				score -= 2.5
			}
		} else {
			// The card stays on the pile: the next player may take it.
			after := append(append([]string(nil), v.Pile...), c)
			risk := unknown(r) / 4
			if r == 'J' {
				score -= 6
			}
			if n == 0 {
				score -= 10 * risk // a single card invites a xeri
			}
			score -= xeriPoints(after) * (0.3 + risk)
			score -= 0.2 * float64(inHand[r]) // keep pairs to capture with
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, nil
}
