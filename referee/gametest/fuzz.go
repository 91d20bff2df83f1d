package gametest

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"cardref/referee"
)

// FuzzMoves is a fuzz target for a game's move parser: it plays a random
// number of random legal moves, then applies a move built from the fuzzer's
// input. The engine must refuse it with ErrIllegalMove (and change nothing)
// or accept it; it must never panic, and the game must still be playable.
func FuzzMoves(f *testing.F, rules referee.Rules, players int) {
	for _, seed := range []struct {
		seed                     uint64
		steps                    uint8
		action, card, suit, rank string
		cards                    string
	}{
		{1, 0, "", "QS", "", "", ""},
		{2, 5, "play", "8H", "D", "", ""},
		{3, 9, "draw", "", "", "", ""},
		{4, 1, "lead", "", "", "K", "7C,9D"},
		{5, 2, "follow", "", "", "", "KH"},
		{6, 3, "challenge", "", "", "", ""},
		{7, 4, "discard", "", "", "A,K", ""},
		{8, 0, "play", "\xff\xfe", "??", "10", ",,"},
	} {
		f.Add(seed.seed, seed.steps, seed.action, seed.card, seed.suit, seed.rank, seed.cards)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint8, action, card, suit, rank, list string) {
		g, err := rules.New(players, nil, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		for range steps {
			s := g.ToAct()
			if s == referee.NoSeat {
				return
			}
			m, err := referee.RandomMove(g, s, rng)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(s, m); err != nil {
				t.Fatalf("a random legal move was refused: %v", err)
			}
		}
		s := g.ToAct()
		if s == referee.NoSeat {
			return
		}
		var cards []string
		if list != "" {
			cards = strings.Split(list, ",")
		}
		m := referee.Move{Action: action, Card: card, Suit: suit, Rank: rank, Cards: cards, Ranks: cards}
		before, _ := snapshot(g, players)
		if err := g.Apply(s, m); err != nil {
			if !errors.Is(err, referee.ErrIllegalMove) {
				t.Fatalf("move %+v: error %v does not wrap ErrIllegalMove", m, err)
			}
			if after, _ := snapshot(g, players); after != before {
				t.Fatalf("the refused move %+v changed the game", m)
			}
		}
		if next := g.ToAct(); next != referee.NoSeat {
			if _, err := referee.RandomMove(g, next, rng); err != nil {
				t.Fatalf("after %+v the game has no legal move: %v", m, err)
			}
		}
	})
}
