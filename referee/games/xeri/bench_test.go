package xeri

import (
	"testing"

	"cardref/referee"
	"cardref/referee/cards"
)

// BenchmarkEngine plays whole matches with random legal moves straight on
// the engine, and reports moves per second.
func BenchmarkEngine(b *testing.B) {
	rng := cards.NewRand(99)
	moves := 0
	for i := 0; i < b.N; i++ {
		g, err := Rules{}.New(2, referee.Options{}, cards.NewRand(uint64(i)))
		if err != nil {
			b.Fatal(err)
		}
		for s := g.ToAct(); s != referee.NoSeat; s = g.ToAct() {
			h := g.(*Game).hands[s]
			if err := g.Apply(s, referee.Move{Card: h[rng.IntN(len(h))].String()}); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}
