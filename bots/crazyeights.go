package bots

import (
	"encoding/json"
	"fmt"

	"cardref/protocol"
)

// eightsGreedy sheds its most expensive cards first, keeps 8s for when
// nothing else plays (or for going out), prefers cards that leave it
// holding the suit to follow, and names the suit it holds most.
type eightsGreedy struct{}

type eightsView struct {
	Hand []string `json:"hand"`
	Top  string   `json:"top"`
	Suit string   `json:"suit"`
}

func eightsPenalty(card string) int {
	switch card[0] {
	case '8':
		return 50
	case 'T', 'J', 'Q', 'K':
		return 10
	case 'A':
		return 1
	}
	return int(card[0] - '0')
}

func (eightsGreedy) Move(req *protocol.Request) (protocol.Move, error) {
	if len(req.Legal) == 0 {
		return protocol.Move{}, fmt.Errorf("request %d lists no legal move", req.ID)
	}
	var v eightsView
	if err := json.Unmarshal(req.View, &v); err != nil {
		return protocol.Move{}, fmt.Errorf("cannot read the crazyeights view: %v", err)
	}
	// Suits held, not counting 8s, weighted by what they cost.
	held := map[byte]int{}
	for _, c := range v.Hand {
		if c[0] != '8' {
			held[c[1]] += 10 + eightsPenalty(c)
		}
	}
	best, bestScore := req.Legal[0], -1e9
	for _, m := range req.Legal {
		score := 0.0
		switch m.Action {
		case "draw":
			score = -1000 // only when there is nothing else
		case "pass":
			score = -2000
		default:
			if m.Card[0] == '8' {
				score = -100 // keep 8s as a last resort
				if m.Suit == "" || len(v.Hand) == 1 {
					score = 1000 // going out
				} else {
					score += float64(held[m.Suit[0]]) / 10
				}
			} else {
				score = float64(eightsPenalty(m.Card))
				// Staying in a suit we hold keeps our options open.
				score += float64(held[m.Card[1]]-10-eightsPenalty(m.Card)) / 20
			}
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best, nil
}
